import { NOT_ONE_LINE } from '@portal/contracts';

/** How much of a caller's text a mail quotes by default: enough to recognise a name, too little for a message. */
export const QUOTED_MAX_LENGTH = 60;

/**
 * Text a caller wrote (a name, a company's legal name, a reason), as a mail quotes it: data between
 * quotation marks, never words of the portal's own. On one line (line breaks, control characters and
 * direction overrides become a space, runs of spaces one), and cut short at `max` characters with an
 * ellipsis, so that no caller can write paragraphs, notices or a signature into the portal's mails.
 */
export function quoted(text: string, max = QUOTED_MAX_LENGTH): string {
  const oneLine = text.replace(NOT_ONE_LINE, ' ').replace(/\s+/g, ' ').trim();
  // By code points, so that a cut never splits a character in two.
  const characters = [...oneLine];
  const shown =
    characters.length > max
      ? `${characters
          .slice(0, max - 1)
          .join('')
          .trimEnd()}…`
      : oneLine;
  return `“${shown}”`;
}

/**
 * How much of a reviewer's reason a mail quotes: most reasons whole; the portal shows every reason in
 * full on the company's application.
 */
export const QUOTED_REASON_LENGTH = 500;
