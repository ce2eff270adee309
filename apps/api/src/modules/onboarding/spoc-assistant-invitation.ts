import type { ContactInput } from '@portal/contracts';
import { sql, type Transaction } from 'kysely';
import { writeAudit } from '../../db/audit.js';
import { UNIQUE_VIOLATION, violates } from '../../db/pg-errors.js';
import type { DB, Organisation } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { Outbox } from '../../mail/outbox.js';
import { issueAccountToken } from '../accounts/account-tokens.js';
import { invitationMail } from './onboarding-mails.js';

/** domain.md People: "At most three per company" (Initial Requester, SPOC, optional SPOC Assistant). */
export const MAX_PEOPLE_PER_COMPANY = 3;

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
    .select(['id', 'organisationId'])
    .where(sql`lower(email)`, '=', next)
    .executeTakeFirst();
  if (existing?.organisationId === organisation.id) return;
  if (existing) throw emailTaken();

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
  let userId: string;
  try {
    ({ id: userId } = await trx
      .insertInto('users')
      .values({
        email: assistant.email,
        displayName: name ?? assistant.email,
        roles: ['EXTERNAL'],
        organisationId: organisation.id,
        obpRole: 'SPOC_ASSISTANT',
        status: 'INVITED',
        access: 'FULL',
        createdBy: actor,
        updatedBy: actor,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  } catch (error) {
    // Another company invited the same address at the same moment.
    if (violates(error, UNIQUE_VIOLATION, 'users_email_key')) throw emailTaken();
    throw error;
  }
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
