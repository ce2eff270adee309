import { day, greeting } from '../../company/company-mail.js';
import type { MailInput } from '../../mail/outbox-repository.js';
import { quoted } from '../../mail/quoted.js';

/** domain.md People: the SPOC Assistant is invited by the company; the link confirms the account. */
export function invitationMail(input: {
  appName: string;
  to: string;
  name: string | null;
  companyName: string;
  link: string;
}): MailInput {
  return {
    to: input.to,
    // No caller-written text (the company's name) in a subject.
    subject: `${input.appName}: you are invited as a company's SPOC Assistant`,
    text: [
      greeting(input.name),
      '',
      `The company ${quoted(input.companyName)} named you its SPOC Assistant for its onboarding application`,
      `in the ${input.appName}.`,
      'Follow this link to accept the invitation and set up your account (it is valid for 7 days):',
      '',
      input.link,
      '',
      'If you did not expect this mail, you can ignore it.',
    ].join('\n'),
    link: input.link,
  };
}

/**
 * Sent instead of an invitation's link when the address has an account that cannot join a company (an
 * internal user, another company's person): the company's answer is the same either way (a pending
 * invitation), and the owner of the inbox learns what happened.
 */
export function invitedAccountExistsMail(input: {
  to: string;
  appName: string;
  publicUrl: string;
}): MailInput {
  return {
    to: input.to,
    subject: `${input.appName}: an invitation to an address that has an account`,
    text: [
      'Hello,',
      '',
      `A company onboarding on the ${input.appName} named this address as its SPOC Assistant. The address`,
      'already has an account that cannot join a company, so nothing changes for it: the invitation stays',
      'pending until the company withdraws it. Sign in as usual to the portal:',
      `${input.publicUrl}/`,
      '',
      'If you do not know why, you can ignore this mail: nothing has changed for your account.',
    ].join('\n'),
  };
}

/** The confirmation the SPOC gets when the legitimacy step is (re)submitted. */
export function legitimacyReceivedMail(input: {
  appName: string;
  to: string;
  name: string | null;
  companyName: string;
  obpNumber: string;
  attempt: number;
  slaDueAt: Date;
}): MailInput {
  const what = input.attempt > 1 ? 'corrected application' : 'application';
  return {
    to: input.to,
    subject: `${input.appName}: we received your ${what} (${input.obpNumber})`,
    text: [
      greeting(input.name),
      '',
      `we received your ${what} for ${quoted(input.companyName)} (${input.obpNumber}).`,
      `A reviewer checks its legitimacy within 15 working days, by ${day(input.slaDueAt)}.`,
      'You will get a mail when it is decided; until then the legitimacy step is read-only.',
    ].join('\n'),
  };
}
