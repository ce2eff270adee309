import type { Transaction } from 'kysely';
import type { DB, Organisation } from '../db/schema.js';
import type { Outbox } from '../mail/outbox.js';
import type { MailInput } from '../mail/outbox-repository.js';
import { contactsByKind } from './application-repository.js';
import type { MailContext } from './company-mail.js';

/**
 * domain.md People: the SPOC is the company's single point of contact, so the reviewers' decisions go to
 * the SPOC's address of the legitimacy step (as the company's submission confirmation does). None when
 * the company has not named one yet.
 */
async function spocRecipient(
  trx: Transaction<DB>,
  organisation: Organisation,
  services: { appName: string; publicUrl: string },
): Promise<MailContext | null> {
  const spoc = (await contactsByKind(trx, organisation.id)).SPOC;
  if (!spoc || spoc.email.trim() === '') return null;
  return {
    appName: services.appName,
    publicUrl: services.publicUrl,
    to: spoc.email,
    name: [spoc.firstName, spoc.lastName].filter(Boolean).join(' ') || null,
    companyName: organisation.legalName,
    obpNumber: organisation.obpNumber,
  };
}

/**
 * Writes a mail to the company's SPOC into the outbox, in the caller's transaction (domain.md: the mail
 * goes with the change it tells of); nothing when the company has named no SPOC yet.
 */
export async function mailSpoc(
  trx: Transaction<DB>,
  organisation: Organisation,
  services: { appName: string; publicUrl: string; mail: Outbox },
  mail: (recipient: MailContext) => MailInput,
): Promise<void> {
  const recipient = await spocRecipient(trx, organisation, services);
  if (recipient) await services.mail.enqueue(trx, mail(recipient));
}
