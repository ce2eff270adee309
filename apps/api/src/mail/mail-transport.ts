/** One mail as it leaves: the sender (MAIL_FROM) is the transport's. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * How the sender hands a mail over (SMTP on a server: node/smtp-transport.ts); rejects with the client's
 * error when the mail is not accepted.
 */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}
