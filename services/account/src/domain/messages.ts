// The two e-mails the service sends. Plain text: it renders everywhere and nothing in it needs markup.
// Lines stay under 76 characters so the message goes out as 7-bit text, not quoted-printable.
import type { OutgoingMail } from './ports.ts';

export function verificationMail(to: string, code: string, validMinutes: number, maxAttempts: number): OutgoingMail {
  return {
    to,
    kind: 'verification',
    subject: `Your verification code: ${code}`,
    text: [
      `Your verification code is ${code}`,
      '',
      'Enter it in the dashboard to confirm this e-mail address.',
      `It expires in ${validMinutes} minutes and can be tried at most ${maxAttempts} times.`,
      '',
      'If you did not sign up, you can ignore this message;',
      'nothing happens until the code is used.',
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, link: string, validMinutes: number): OutgoingMail {
  return {
    to,
    kind: 'password_reset',
    subject: 'Reset your password',
    text: [
      'Someone (hopefully you) asked to reset the password of this account.',
      '',
      `Open this link within ${validMinutes} minutes to choose a new password.`,
      'It works once:',
      '',
      link,
      '',
      'Resetting the password signs out every session.',
      'If you did not ask for this, ignore this message;',
      'your password stays as it is.',
    ].join('\n'),
  };
}
