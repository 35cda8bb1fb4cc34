import type { MailTransport, OutgoingMail } from './mail-outbox.ts';

/**
 * Mail through the SMTP server of SMTP_URL (smtp://user:pass@host:587, smtps://…:465), with
 * nodemailer, loaded only when SMTP_URL is set.
 */
export async function smtpTransport(url: string): Promise<MailTransport> {
  const nodemailer = await import('nodemailer');
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail: OutgoingMail, from: string) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
