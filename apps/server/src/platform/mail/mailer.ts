import type { Kysely, Transaction } from 'kysely';
import nodemailer from 'nodemailer';
import type { DB } from '../db/schema.ts';

export interface MailAttachment {
  fileName: string;
  content: Buffer;
  contentType?: string;
}

export interface OutgoingMail {
  to: string;
  cc?: string[];
  subject: string;
  text: string;
  // optional HTML body (a follow-up's rich text); `text` stays the plain version
  html?: string;
  tenantId?: string | null;
  attachments?: MailAttachment[];
}

// What features hand to ctx.sendMail: the mail goes through the send-email job,
// whose payload is JSON, so an attachment is named by its file store key and
// read when the job runs: a key written with ctx.files.put (for an uploaded
// original kept by adopt, `files/` + its storage key).
export interface StoredAttachment {
  fileName: string;
  key: string;
  contentType?: string;
}
export type QueuedMail = Omit<OutgoingMail, 'attachments'> & { attachments?: StoredAttachment[] };

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
      const attachments = mail.attachments ?? [];
      if (transport) {
        // A failure here throws, so the send-email job retries with backoff. A
        // crash between the SMTP hand-over and the commit below sends it twice:
        // SMTP cannot join our transaction.
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          ...(mail.cc && mail.cc.length > 0 ? { cc: mail.cc } : {}),
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          attachments: attachments.map((a) => ({
            filename: a.fileName,
            content: a.content,
            ...(a.contentType ? { contentType: a.contentType } : {}),
          })),
        });
      }
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('mail_messages')
          .values({
            tenant_id: mail.tenantId ?? null,
            recipient: [mail.to, ...(mail.cc ?? [])].join(', '),
            subject: mail.subject,
            body_text: mail.text,
            transport: transport ? 'smtp' : 'outbox',
            sent_at: transport ? new Date() : null,
            attachments: JSON.stringify(
              attachments.map((a) => ({ fileName: a.fileName, sizeBytes: a.content.length })),
            ),
          })
          .execute();
        await recorded?.(trx);
      });
    },
    close: () => transport?.close(),
  };
};
