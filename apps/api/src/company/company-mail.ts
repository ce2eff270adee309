import { formatAmount, formatDay, formatMoment, MAIL_DATES } from '@portal/domain';
import type { MailInput } from '../mail/outbox-repository.js';
import { quoted } from '../mail/quoted.js';

/**
 * Who a mail to a company goes to, and what it names: the portal, the person and their company. The
 * person's and the company's names are the company's own words: the mails quote them (mail/quoted.ts).
 */
export interface MailContext {
  appName: string;
  publicUrl: string;
  to: string;
  name: string | null;
  companyName: string;
  obpNumber: string;
}

/** A mail's first line: the person by name (quoted: a caller wrote it) when the company gave one. */
export const greeting = (name: string | null) => (name ? `Dear ${quoted(name)},` : 'Hello,');

/** An amount in cents as a mail writes it: as the screens do, in the portal's currency (€18,000.00). */
export const amount = (cents: number) => formatAmount(cents, MAIL_DATES.locale);

/** A moment as a mail writes it: as the screens do, in UTC, the zone said (Nov 30, 2026, 4:25 AM UTC). */
export const moment = (date: Date) => formatMoment(date, MAIL_DATES);

/** A day as a mail writes it: as the screens do (Nov 30, 2026). */
export const day = (date: Date) => formatDay(date, MAIL_DATES);

/** domain.md Screens: the company follows its application on /external/onboarding. */
export const onboardingLink = (publicUrl: string) => `${publicUrl}/external/onboarding`;

/**
 * The layout of every mail to a company about its application: the subject after the portal's name and
 * before the OBP number, the greeting, the lines, and the link to the application.
 */
export function companyMail(context: MailContext, subject: string, lines: readonly string[]): MailInput {
  const link = onboardingLink(context.publicUrl);
  return {
    to: context.to,
    subject: `${context.appName}: ${subject} (${context.obpNumber})`,
    text: [greeting(context.name), '', ...lines, '', `Your application: ${link}`].join('\n'),
    link,
  };
}
