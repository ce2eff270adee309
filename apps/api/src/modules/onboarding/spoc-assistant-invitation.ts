import { MAX_PEOPLE_PER_COMPANY, type SpocAssistantInvitation } from '@portal/contracts';
import { tooManyPeople } from '@portal/domain';
import { sql, type Transaction } from 'kysely';
import { confirmationLink, issueAccountToken } from '../../accounts/account-tokens.js';
import { writeAudit } from '../../db/audit.js';
import { UNIQUE_VIOLATION, violates } from '../../db/pg-errors.js';
import type { DB, Organisation } from '../../db/schema.js';
import { ApiError, refuse } from '../../http/api-error.js';
import type { Outbox } from '../../mail/outbox.js';
import { invitationMail, invitedAccountExistsMail } from './onboarding-mails.js';

export interface InvitationContext {
  trx: Transaction<DB>;
  mail: Outbox;
  appName: string;
  publicUrl: string;
  /** issue 21 item 4: the invitation mails a company may send a day. */
  invitationsPerDay: number;
  /** The organisation, locked by the caller's transaction, so two invitations cannot both pass a limit. */
  organisation: Organisation;
  actor: string;
}

/** The audit row each invitation mail writes on its organisation: what the daily limit counts. */
const SENT_ACTION = 'SEND_INVITATION';
const DAY_MS = 24 * 60 * 60_000;

/**
 * The SPOC Assistant given by the people route (people.ts inviteSpocAssistant) becomes a user of the
 * company: an EXTERNAL user, INVITED, with an invitation token and mail, in the caller's transaction.
 * - A person the company removed itself is invited again (the same row). One an administrator disabled is
 *   refused (PERSON_DISABLED): only an administrator undoes that (issue 21 item 1).
 * - An address that is another user's already (another company's, an internal user) answers as a new
 *   invitation does and mails its owner instead, as registration does (issue 21 item 4): the answer tells
 *   nobody who uses the portal.
 * - At most MAX_PEOPLE_PER_COMPANY people (TOO_MANY_PEOPLE), and a few invitation mails a day (429).
 */
export async function inviteAssistantUser(
  context: InvitationContext,
  assistant: Omit<SpocAssistantInvitation, 'version'>,
): Promise<void> {
  const { trx, organisation, actor } = context;
  const email = assistant.email.trim().toLowerCase();
  await assertDailyLimit(context);

  const existing = await trx
    .selectFrom('users')
    .select(['id', 'organisationId', 'status', 'disabledBy'])
    .where(sql`lower(email)`, '=', email)
    .executeTakeFirst();
  const ours = existing?.organisationId === organisation.id;
  if (ours && existing.status === 'DISABLED' && existing.disabledBy !== 'COMPANY') {
    throw new ApiError(
      409,
      'PERSON_DISABLED',
      'An administrator has disabled this person’s account; ask EMVO to restore it',
    );
  }
  // people.ts refuses a person of the company who is not removed (ALREADY_A_PERSON) before this.
  if (existing && !ours) {
    await context.mail.enqueue(
      trx,
      invitedAccountExistsMail({
        appName: context.appName,
        to: assistant.email,
        publicUrl: context.publicUrl,
      }),
    );
    await recordSent(context, assistant.email);
    return;
  }
  await assertPlaceLeft(context);

  const name = [assistant.firstName, assistant.lastName].filter(Boolean).join(' ') || null;
  const displayName = name ?? assistant.email;
  const userId = existing
    ? await inviteAgain(trx, existing.id, displayName, actor)
    : await createInvitedUser(trx, organisation.id, { email: assistant.email, displayName }, actor);
  const token = await issueAccountToken(trx, { purpose: 'INVITATION', userId });
  const link = confirmationLink(context.publicUrl, token);
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
  await recordSent(context, assistant.email);
  await writeAudit(trx, {
    actor,
    action: 'INVITE',
    entity: 'user',
    entityId: userId,
    diff: { email: assistant.email, organisationId: organisation.id, obpRole: 'SPOC_ASSISTANT' },
  });
}

/** issue 21 item 4: a company sends a few invitation mails a day, wherever they go. */
async function assertDailyLimit(context: InvitationContext): Promise<void> {
  const { sent } = await context.trx
    .selectFrom('auditLog')
    .select((eb) => eb.fn.countAll<string>().as('sent'))
    .where('entity', '=', 'organisation')
    .where('entityId', '=', context.organisation.id)
    .where('action', '=', SENT_ACTION)
    .where('at', '>', new Date(Date.now() - DAY_MS))
    .executeTakeFirstOrThrow();
  if (Number(sent) >= context.invitationsPerDay) {
    throw new ApiError(
      429,
      'TOO_MANY_REQUESTS',
      `Your company has sent its ${context.invitationsPerDay} invitations for today; try again tomorrow`,
    );
  }
}

async function recordSent(context: InvitationContext, email: string): Promise<void> {
  await writeAudit(context.trx, {
    actor: context.actor,
    action: SENT_ACTION,
    entity: 'organisation',
    entityId: context.organisation.id,
    diff: { email },
  });
}

async function assertPlaceLeft(context: InvitationContext): Promise<void> {
  const { people } = await context.trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('people'))
    .where('organisationId', '=', context.organisation.id)
    .where('status', '<>', 'DISABLED')
    .executeTakeFirstOrThrow();
  refuse(tooManyPeople(Number(people), MAX_PEOPLE_PER_COMPANY));
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
    // Another company invited the same address at the same moment: as for any taken address, the same
    // answer would be right, but this transaction cannot go on; the person tries again.
    if (violates(error, UNIQUE_VIOLATION, 'users_email_key')) {
      throw new ApiError(409, 'VERSION_CONFLICT', 'Someone changed this at the same moment; try again');
    }
    throw error;
  }
}

/**
 * A person the company removed (DISABLED by the company), invited again as its SPOC Assistant: the same
 * user row, INVITED, so their old tokens open nothing until they accept the new invitation.
 */
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
      disabledBy: null,
      updatedBy: actor,
      updatedAt: new Date(),
      version: sql<number>`version + 1`,
    })
    .where('id', '=', userId)
    .execute();
  return userId;
}
