import { createTransport } from 'nodemailer';
import type { Config } from '../config.js';
import type { MailTransport } from '../mail/mail-transport.js';

/**
 * SMTP through nodemailer, from SMTP_URL (smtp://user:pass@host:587, smtps://…; query parameters in the
 * URL override the options below). One connection per mail rather than a pool: a pool keeps sockets open
 * between passes, and the outbox's volume (confirmations, decisions, invitations) does not need one.
 */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = createTransport(
    {
      url: smtpUrl,
      // Well under the sender's lease (mail-sender.ts), so a hung server cannot outlast a claim.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from },
  );
  return {
    send: async (mail) => {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

/** SMTP when SMTP_URL is set; else none, and the outbox keeps every mail (mail/outbox.ts). */
export const configuredMailTransport = ({ smtpUrl, from }: Config['mail']) =>
  smtpUrl ? createSmtpTransport(smtpUrl, from) : undefined;
