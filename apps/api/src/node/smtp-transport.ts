import type { Transporter } from 'nodemailer';

/** One mail as it leaves: the sender (MAIL_FROM) is the transport's. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** How the sender hands a mail over; rejects with the SMTP client's error when the mail is not accepted. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer, from SMTP_URL (smtp://user:pass@host:587, smtps://…; query parameters in the
 * URL override the options below). One connection per mail rather than a pool: a pool keeps sockets open
 * between passes, and the outbox's volume (confirmations, decisions, invitations) does not need one.
 */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  // Loaded with the first mail: code that never sends (mock mode's worker in the browser) never loads it.
  let transporter: Promise<Transporter> | undefined;
  const open = () =>
    (transporter ??= import('nodemailer').then(({ createTransport }) =>
      createTransport(
        {
          url: smtpUrl,
          // Well under the sender's lease (mail-sender.ts), so a hung server cannot outlast a claim.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        },
        { from },
      ),
    ));
  return {
    send: async (mail) => {
      await (await open()).sendMail(mail);
    },
    close: () => {
      void transporter?.then((opened) => opened.close());
    },
  };
}
