import type { MailLogger } from '../mail/mail-logger.js';

export interface LoggedLine {
  level: 'info' | 'warn' | 'error';
  details: object;
  message: string;
}

/** A MailLogger for tests: keeps every line so a test can read what the outbox logged. */
export function recordingLogger(): MailLogger & { lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const at =
    (level: LoggedLine['level']) =>
    (details: object, message: string): void => {
      lines.push({ level, details, message });
    };
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}
