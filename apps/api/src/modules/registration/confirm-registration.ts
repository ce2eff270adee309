import type { AccountTokenUsed } from '@portal/contracts';
import { ACCOUNT_EXISTS_TEXT, ACCOUNT_TOKEN_ERRORS } from '@portal/contracts';
import { changedFields, formatObpNumber, registrationAccount } from '@portal/domain';
import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import { accountTokenError, usableAccountToken, useAccountToken } from '../../accounts/account-tokens.js';
import { writeAudit } from '../../db/audit.js';
import type { DB, Registration } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { activateLocalAccount } from './account-activation.js';
import type { NewAccount } from './new-account.js';
import { ENTITY, lockRegistration, userWithEmail } from './registration-repository.js';

/** Two registrations of one address: the first confirmed made the account; this link is done (405). */
export const accountExists = () => new ApiError(400, ACCOUNT_TOKEN_ERRORS.used, ACCOUNT_EXISTS_TEXT);

/** migration 0004: OBP numbers come from a sequence, so two confirmations never take the same. */
async function nextObpNumber(trx: Transaction<DB>): Promise<string> {
  const { rows } = await sql<{
    value: string | number | bigint;
  }>`select nextval('obp_number_seq') as value`.execute(trx);
  const value = rows[0]?.value;
  if (value === undefined) throw new Error('obp_number_seq answered no value');
  return formatObpNumber(Number(value));
}

/**
 * domain.md: "Confirming creates the organisation, the user (EXTERNAL) and its sign-in account": the rows of
 * packages/domain registrationAccount, the acceptance of the disclaimer version read at registration, and
 * the registration's link to both, with their audit rows, in the caller's transaction.
 */
async function createAccount(
  trx: Transaction<DB>,
  registration: Registration,
  account: NewAccount,
): Promise<{ organisationId: string; userId: string }> {
  const actor = registration.email;
  const audited = { createdBy: actor, updatedBy: actor };
  const create = (entity: string, entityId: string, diff: object) =>
    writeAudit(trx, { actor, action: 'CREATE', entity, entityId, diff });
  if (await userWithEmail(trx, registration.email)) throw accountExists();
  const rows = registrationAccount(registration, await nextObpNumber(trx), account.mode);

  const { id: organisationId } = await trx
    .insertInto('organisations')
    .values({ ...rows.organisation, ...audited })
    .returning('id')
    .executeTakeFirstOrThrow();
  await create('organisation', organisationId, rows.organisation);

  const user = rows.user(organisationId);
  const { id: userId } = await trx
    .insertInto('users')
    .values({ ...user, passwordHash: account.mode === 'local' ? account.passwordHash : null, ...audited })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Never the password hash in the audit row.
  await create('user', userId, user);

  const contact = rows.contact(organisationId);
  const { id: contactId } = await trx
    .insertInto('contacts')
    .values({ ...contact, ...audited })
    .returning('id')
    .executeTakeFirstOrThrow();
  await create('contact', contactId, contact);

  // domain.md DisclaimerAcceptance: the version the visitor accepted, when they accepted it.
  const accepted = { userId, disclaimerContentId: registration.disclaimerContentId };
  const { id: acceptanceId } = await trx
    .insertInto('disclaimerAcceptances')
    .values({ ...accepted, at: registration.acceptedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  await create('disclaimerAcceptance', acceptanceId, accepted);
  return { organisationId, userId };
}

async function setRegistration(
  trx: Transaction<DB>,
  registration: Registration,
  changes: { status: 'CONFIRMED' | 'COMPLETED'; organisationId: string; userId: string },
): Promise<void> {
  await trx
    .updateTable('registrations')
    .set({
      ...changes,
      updatedAt: new Date(),
      updatedBy: registration.email,
      version: sql<number>`version + 1`,
    })
    .where('id', '=', registration.id)
    .execute();
  await writeAudit(trx, {
    actor: registration.email,
    action: changes.status === 'COMPLETED' ? 'COMPLETE' : 'CONFIRM',
    entity: ENTITY,
    entityId: registration.id,
    diff: changedFields(registration, changes),
  });
}

/**
 * Uses a confirmation link, in the caller's transaction. The registration is locked first and the token
 * second (a resend takes the same order), and the token is checked again under its lock: of two clicks at
 * once, the second waits here and then finds the token used (405).
 *
 * A B2C registration that is CONFIRMED already (its user waits for the B2C sign-up) may get a new link by
 * a resend; using it creates nothing more and sends the person to the sign-up again.
 */
export async function confirmRegistration(
  trx: Transaction<DB>,
  registrationId: string,
  token: string,
  account: NewAccount,
): Promise<AccountTokenUsed> {
  const registration = await lockRegistration(trx, registrationId);
  if (!registration) throw accountTokenError('unknown');
  const row = await usableAccountToken(trx, token, { lock: true });
  if (registration.status === 'COMPLETED') throw accountExists();

  if (registration.status === 'CONFIRMED' && registration.userId && registration.organisationId) {
    if (account.mode === 'local') {
      const user = await trx
        .selectFrom('users')
        .select(['id', 'email', 'status'])
        .where('id', '=', registration.userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      await activateLocalAccount(trx, user, account.passwordHash);
      await setRegistration(trx, registration, {
        status: 'COMPLETED',
        organisationId: registration.organisationId,
        userId: registration.userId,
      });
    }
  } else {
    const created = await createAccount(trx, registration, account);
    await setRegistration(trx, registration, {
      status: account.mode === 'local' ? 'COMPLETED' : 'CONFIRMED',
      ...created,
    });
  }
  await useAccountToken(trx, row.id);
  return { email: registration.email, accountMode: account.mode };
}
