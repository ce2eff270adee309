import { REGISTRATION_TERMS_OUTDATED_TEXT, type RegistrationInput } from '@portal/contracts';
import { registrationFactsOf } from '@portal/domain';
import type { Kysely, Transaction } from 'kysely';
import { confirmationLink, issueAccountToken } from '../../accounts/account-tokens.js';
import { writeAudit } from '../../db/audit.js';
import type { DB, Db, Registration } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { Outbox } from '../../mail/outbox.js';
import { publishedDisclaimer } from '../../publications/disclaimers-repository.js';
import { accountExistsMail, confirmationMail } from './registration-mails.js';

export const ENTITY = 'registration';

/** What registration needs of the configuration. */
export interface RegistrationSettings {
  publicUrl: string;
  appName: string;
}

/** The page showed an older text than the one published now: it reloads the text and asks again. */
const disclaimerOutdated = () => new ApiError(409, 'DISCLAIMER_OUTDATED', REGISTRATION_TERMS_OUTDATED_TEXT);

/** Addresses compare case-insensitively, like the unique index on lower(users.email). */
export async function userWithEmail(trx: Db, email: string) {
  return trx
    .selectFrom('users')
    .select(['id', 'status'])
    .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
}

/** The registration, locked until the transaction ends: its confirmation and its resends take turns. */
export async function lockRegistration(trx: Transaction<DB>, id: string): Promise<Registration | undefined> {
  return trx.selectFrom('registrations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * domain.md "Life of an application": a visitor registers a company; a mail carries a single-use link
 * that confirms it. In one transaction: the registration with the disclaimer version accepted, its token
 * and the mail, so a mail exists exactly when its registration does. An address that already has an
 * account gets a mail saying so and no registration; the caller answers the same in both cases.
 */
export async function registerCompany(
  db: Kysely<DB>,
  mail: Outbox,
  settings: RegistrationSettings,
  input: RegistrationInput,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const disclaimer = await publishedDisclaimer(trx, 'REGISTRATION');
    // Checked before the address, so a known and an unknown address answer alike here too.
    if (!disclaimer || disclaimer.versionNumber !== input.disclaimerVersion) throw disclaimerOutdated();

    if (await userWithEmail(trx, input.email)) {
      await mail.enqueue(trx, accountExistsMail({ to: input.email, ...settings }));
      return;
    }

    const actor = input.email;
    const facts = registrationFactsOf(input);
    const registration = await trx
      .insertInto('registrations')
      .values({
        ...facts,
        disclaimerContentId: disclaimer.id,
        lastSentAt: new Date(),
        createdBy: actor,
        updatedBy: actor,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actor,
      action: 'CREATE',
      entity: ENTITY,
      entityId: registration.id,
      diff: { ...facts, disclaimerVersion: disclaimer.versionNumber },
    });
    await sendConfirmation(trx, mail, settings, registration);
  });
}

/** A new single-use link (older ones stop working) and its mail, in the caller's transaction. */
export async function sendConfirmation(
  trx: Transaction<DB>,
  mail: Outbox,
  settings: RegistrationSettings,
  registration: Registration,
): Promise<void> {
  const token = await issueAccountToken(trx, {
    purpose: 'CONFIRM_REGISTRATION',
    registrationId: registration.id,
  });
  await mail.enqueue(
    trx,
    confirmationMail({
      to: registration.email,
      firstName: registration.firstName,
      appName: settings.appName,
      link: confirmationLink(settings.publicUrl, token),
    }),
  );
}
