import type { Kysely, Transaction } from 'kysely';
import nodemailer from 'nodemailer';
import type { DB } from '../db/schema.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  tenantId?: string | null;
}

export interface Mailer {
  // Delivers now: over SMTP when SMTP_URL is set, else into the outbox an ADMIN reads in the app.
  // `recorded` runs in the transaction that records the message (the send-email job marks itself done there).
  deliver: (mail: OutgoingMail, recorded?: (trx: Transaction<DB>) => Promise<void>) => Promise<void>;
  close: () => void;
}

export const createMailer = (db: Kysely<DB>, options: { smtpUrl: string | null; from: string }): Mailer => {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    deliver: async (mail, recorded) => {
      if (transport) {
        // A failure here throws, so the send-email job retries with backoff. A
        // crash between the SMTP hand-over and the commit below sends it twice:
        // SMTP cannot join our transaction.
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      }
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('mail_messages')
          .values({
            tenant_id: mail.tenantId ?? null,
            recipient: mail.to,
            subject: mail.subject,
            body_text: mail.text,
            transport: transport ? 'smtp' : 'outbox',
            sent_at: transport ? new Date() : null,
          })
          .execute();
        await recorded?.(trx);
      });
    },
    close: () => transport?.close(),
  };
};
