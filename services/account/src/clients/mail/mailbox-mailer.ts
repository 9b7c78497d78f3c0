// The default when no SMTP_URL is set: each message becomes an .eml file (real RFC 5322, built by
// nodemailer) in MAILBOX_DIR, which any mail client or `cat` can read on a developer's machine.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { uuidv7 } from '@astro/platform';
import type { Mailer, OutgoingMail } from '../../domain/ports.ts';

export class MailboxMailer implements Mailer {
  private readonly composer: Transporter;
  private ready: Promise<unknown> | undefined;

  constructor(
    readonly dir: string,
    private readonly from: string,
  ) {
    this.composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: OutgoingMail): Promise<void> {
    this.ready ??= mkdir(this.dir, { recursive: true });
    await this.ready;
    const info = (await this.composer.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    })) as { message: Buffer };
    // uuidv7 first so `ls` sorts by time; recipient and kind so a developer can find "their" mail.
    const name = `${uuidv7()}-${mail.kind}-${mail.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`;
    const file = path.join(this.dir, name);
    // Write then rename: a reader polling the folder never sees half a message.
    await writeFile(`${file}.tmp`, info.message);
    await rename(`${file}.tmp`, file);
  }
}
