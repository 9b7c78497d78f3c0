import type { Mailer } from '../../domain/ports.ts';
import { MailboxMailer } from './mailbox-mailer.ts';
import { SmtpMailer } from './smtp-mailer.ts';

export interface MailSettings {
  smtpUrl?: string;
  mailboxDir: string;
  from: string;
}

/** SMTP when configured, else the local mailbox folder. */
export function createMailer(s: MailSettings): { mailer: Mailer; description: string; close: () => void } {
  if (s.smtpUrl) {
    const smtp = new SmtpMailer(s.smtpUrl, s.from);
    // Host only: the URL may carry credentials.
    let host = 'smtp';
    try {
      host = new URL(s.smtpUrl).host;
    } catch {
      /* nodemailer accepts a few non-URL forms; keep the generic label */
    }
    return { mailer: smtp, description: `smtp ${host}`, close: () => smtp.close() };
  }
  return {
    mailer: new MailboxMailer(s.mailboxDir, s.from),
    description: `mailbox ${s.mailboxDir}`,
    close: () => undefined,
  };
}
