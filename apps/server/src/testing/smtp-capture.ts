import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { eventually } from './test-server.ts';

export interface ReceivedMail {
  to: string[];
  // the message as text, quoted-printable soft breaks undone (links stay whole)
  body: string;
  // the message exactly as it arrived, for parseMail (attachments, headers)
  raw: Buffer;
}

// The message parsed as a mail client would: subject, text, attachments with their bytes.
export const parseMail = (mail: ReceivedMail): Promise<ParsedMail> => simpleParser(mail.raw);

// A local SMTP server the tests start, so the product's mail really travels over SMTP.
export interface SmtpCapture {
  url: string;
  inbox: ReceivedMail[];
  // the newest message to this address that satisfies `match`
  waitFor: (to: string, match?: (body: string) => boolean) => Promise<ReceivedMail>;
  close: () => Promise<void>;
}

export const startSmtpCapture = async (): Promise<SmtpCapture> => {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        // Undo quoted-printable soft line breaks, which would split long links.
        const raw = Buffer.concat(chunks);
        const body = raw
          .toString('utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), body, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    waitFor: (to, match = () => true) =>
      eventually(async () => inbox.filter((m) => m.to.includes(to) && match(m.body)).at(-1)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
