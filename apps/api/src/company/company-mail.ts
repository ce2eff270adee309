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

/** An amount in EUR cents as a mail writes it: 18,000.00. */
export const euros = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

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
