import { type ContactInput, MAX_PEOPLE_PER_COMPANY } from '@portal/contracts';
import { sql, type Transaction } from 'kysely';
import { writeAudit } from '../../db/audit.js';
import { UNIQUE_VIOLATION, violates } from '../../db/pg-errors.js';
import type { DB, Organisation } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { Outbox } from '../../mail/outbox.js';
import { issueAccountToken } from '../accounts/account-tokens.js';
import { invitationMail } from './onboarding-mails.js';

export interface InvitationContext {
  trx: Transaction<DB>;
  mail: Outbox;
  appName: string;
  publicUrl: string;
  /** The organisation, locked by the caller's transaction, so two saves cannot both pass the limit. */
  organisation: Organisation;
  actor: string;
}

const emailTaken = () =>
  new ApiError(409, 'EMAIL_TAKEN', 'This email address belongs to a user of another company');

const normalised = (email: string | null | undefined) => {
  const value = email?.trim().toLowerCase() ?? '';
  return value === '' ? null : value;
};

/**
 * A SPOC Assistant given with an email that is no user of the company yet becomes one: an EXTERNAL user
 * of the organisation, INVITED, with an invitation token and mail, in the draft's transaction. Refused
 * when the address is another company's user (EMAIL_TAKEN) or the company has its three people already
 * (TOO_MANY_PEOPLE). Replacing or removing an assistant who never accepted withdraws that invitation
 * (the user row and its token go), so correcting a mistyped address does not use up a place.
 */
export async function syncSpocAssistant(
  context: InvitationContext,
  previousEmail: string | null,
  assistant: ContactInput | null,
): Promise<void> {
  const { trx, organisation, actor } = context;
  const next = normalised(assistant?.email);
  const previous = normalised(previousEmail);
  if (previous && previous !== next) await withdrawInvitation(context, previous);
  if (!assistant?.email || !next) return;

  const existing = await trx
    .selectFrom('users')
    .select(['id', 'organisationId', 'status'])
    .where(sql`lower(email)`, '=', next)
    .executeTakeFirst();
  // A person of the company already, unless they were removed: then they are invited again (below).
  const returning = existing?.organisationId === organisation.id && existing.status === 'DISABLED';
  if (existing?.organisationId === organisation.id && !returning) return;
  if (existing && !returning) throw emailTaken();

  const { people } = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('people'))
    .where('organisationId', '=', organisation.id)
    .where('status', '<>', 'DISABLED')
    .executeTakeFirstOrThrow();
  if (Number(people) >= MAX_PEOPLE_PER_COMPANY) {
    throw new ApiError(
      409,
      'TOO_MANY_PEOPLE',
      `A company has at most ${MAX_PEOPLE_PER_COMPANY} people in the portal; it has ${people} already`,
    );
  }

  const name = [assistant.firstName, assistant.lastName].filter(Boolean).join(' ') || null;
  const displayName = name ?? assistant.email;
  const userId =
    returning && existing
      ? await inviteAgain(trx, existing.id, displayName, actor)
      : await createInvitedUser(trx, organisation.id, { email: assistant.email, displayName }, actor);
  const token = await issueAccountToken(trx, { purpose: 'INVITATION', userId });
  const link = `${context.publicUrl}/confirm?token=${encodeURIComponent(token)}`;
  await context.mail.enqueue(
    trx,
    invitationMail({
      appName: context.appName,
      to: assistant.email,
      name,
      companyName: organisation.legalName,
      link,
    }),
  );
  await writeAudit(trx, {
    actor,
    action: 'INVITE',
    entity: 'user',
    entityId: userId,
    diff: { email: assistant.email, organisationId: organisation.id, obpRole: 'SPOC_ASSISTANT' },
  });
}

/** The replaced assistant's pending invitation: the user row goes, and its token with it (cascade). */
async function withdrawInvitation(context: InvitationContext, email: string): Promise<void> {
  const { trx, organisation, actor } = context;
  const withdrawn = await trx
    .deleteFrom('users')
    .where('organisationId', '=', organisation.id)
    .where(sql`lower(email)`, '=', email)
    .where('obpRole', '=', 'SPOC_ASSISTANT')
    .where('status', '=', 'INVITED')
    .where('lastLoginAt', 'is', null)
    .returning(['id', 'email'])
    .execute();
  for (const user of withdrawn) {
    await writeAudit(trx, {
      actor,
      action: 'WITHDRAW_INVITATION',
      entity: 'user',
      entityId: user.id,
      diff: { email: user.email, organisationId: organisation.id },
    });
  }
}

/** A new EXTERNAL user of the company, INVITED as its SPOC Assistant. */
async function createInvitedUser(
  trx: Transaction<DB>,
  organisationId: string,
  person: { email: string; displayName: string },
  actor: string,
): Promise<string> {
  try {
    const { id } = await trx
      .insertInto('users')
      .values({
        ...person,
        roles: ['EXTERNAL'],
        organisationId,
        obpRole: 'SPOC_ASSISTANT',
        status: 'INVITED',
        access: 'FULL',
        createdBy: actor,
        updatedBy: actor,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  } catch (error) {
    // Another company invited the same address at the same moment.
    if (violates(error, UNIQUE_VIOLATION, 'users_email_key')) throw emailTaken();
    throw error;
  }
}

/** A removed (DISABLED) person of the company, invited again as its SPOC Assistant: the same user row. */
async function inviteAgain(
  trx: Transaction<DB>,
  userId: string,
  displayName: string,
  actor: string,
): Promise<string> {
  await trx
    .updateTable('users')
    .set({
      displayName,
      obpRole: 'SPOC_ASSISTANT',
      status: 'INVITED',
      access: 'FULL',
      updatedBy: actor,
      updatedAt: new Date(),
      version: sql<number>`version + 1`,
    })
    .where('id', '=', userId)
    .execute();
  return userId;
}
