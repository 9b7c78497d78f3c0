// An in-process SMTP server for tests: the account service sends to it through SMTP_URL exactly as in
// production, and every received message is written as JSON to a folder the tests read.
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface MailCapture {
  url: string;
  dir: string;
  close(): Promise<void>;
}

/** Decodes the quoted-printable soft line breaks and =XX escapes nodemailer may use in text parts. */
function decodeQuotedPrintable(s: string): string {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export async function startMailCapture(dir: string): Promise<MailCapture> {
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1] ?? '';
        const file = path.join(dir, `${Date.now()}-${process.pid}-${n++}.json`);
        // Only a quoted-printable body is decoded: in a 7bit body "=BE" is plain text (a token's "="
        // followed by two letters), not an escape.
        const text = /^Content-Transfer-Encoding:\s*quoted-printable/im.test(raw) ? decodeQuotedPrintable(raw) : raw;
        fs.writeFileSync(file, JSON.stringify({ to, subject, text, received_at: new Date().toISOString() }));
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port));
  });
  return { url: `smtp://127.0.0.1:${port}`, dir, close: () => new Promise((r) => server.close(() => r())) };
}
