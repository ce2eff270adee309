/**
 * The part of the app's pino logger (app.log) the outbox writes to; tests pass a recorder instead.
 */
export interface MailLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
