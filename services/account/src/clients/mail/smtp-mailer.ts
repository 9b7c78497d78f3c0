// SMTP delivery through nodemailer (SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://...).
import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, OutgoingMail } from '../../domain/ports.ts';

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    // Tight timeouts: sign-up waits for the hand-off to report email_dispatched, and a hung mail
    // server must not hold the request past the gateway's deadline.
    this.transport = nodemailer.createTransport(smtpUrl, {
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 8_000,
    } as Record<string, unknown>);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }

  close(): void {
    this.transport.close();
  }
}
