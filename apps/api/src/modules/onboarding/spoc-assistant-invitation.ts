import { MAX_PEOPLE_PER_COMPANY, type SpocAssistantInvitation } from '@portal/contracts';
import { mayJoinCompany, tooManyPeople } from '@portal/domain';
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
  /** The invitation mails a company may send a day. */
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
 * - A person the company removed itself is invited again (the same row). One whose access the portal
 *   withdrew is refused before this (people.ts, domain invitationRefusal).
 * - An address that is another user's already (another company's person, an internal user, an external
 *   account of no company) is invited as a new address is: the company sees the same answer and the same
 *   people list (a pending invitation, shown as an invited person), so nothing tells it who uses the
 *   portal. Its owner is mailed: the invitation's link when the account may join a company (domain
 *   mayJoinCompany), else a word that the address was named and nothing changed.
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
    .select(['id', 'organisationId', 'roles', 'status', 'access'])
    .where(sql`lower(email)`, '=', email)
    .forUpdate()
    .executeTakeFirst();
  const ours = existing?.organisationId === organisation.id;
  // people.ts refuses a person of the company who is not removed by it (ALREADY_A_PERSON, and
  // ACCESS_WITHDRAWN_BY_PORTAL) before this.
  await assertPlaceLeft(context);

  const name = [assistant.firstName, assistant.lastName].filter(Boolean).join(' ') || null;
  const displayName = name ?? assistant.email;
  if (existing && !ours) {
    await inviteExistingAccount(context, existing, { email: assistant.email, name, displayName });
    return;
  }
  const userId = existing
    ? await inviteAgain(trx, existing.id, displayName, actor)
    : await createInvitedUser(trx, organisation.id, { email: assistant.email, displayName }, actor);
  const token = await issueAccountToken(trx, { purpose: 'INVITATION', userId });
  await mailInvitation(context, { email: assistant.email, name }, token);
  await writeAudit(trx, {
    actor,
    action: 'INVITE',
    entity: 'user',
    entityId: userId,
    diff: { email: assistant.email, organisationId: organisation.id, obpRole: 'SPOC_ASSISTANT' },
  });
}

/** The invitation mail with its link, and the row the daily limit counts. */
async function mailInvitation(
  context: InvitationContext,
  to: { email: string; name: string | null },
  token: string,
): Promise<void> {
  const link = confirmationLink(context.publicUrl, token);
  await context.mail.enqueue(
    context.trx,
    invitationMail({
      appName: context.appName,
      to: to.email,
      name: to.name,
      companyName: context.organisation.legalName,
      link,
    }),
  );
  await recordSent(context, to.email);
}

/**
 * An address that has an account: a pending invitation the company sees as an invited person (the same
 * answer a new address gets) and can withdraw. An external account of no company gets the invitation's
 * link (using it joins the company); any other account is told its address was named, with no link.
 */
async function inviteExistingAccount(
  context: InvitationContext,
  account: Parameters<typeof mayJoinCompany>[0] & { id: string },
  person: { email: string; name: string | null; displayName: string },
): Promise<void> {
  const { trx, organisation, actor } = context;
  const { id } = await trx
    .insertInto('personInvitations')
    .values({
      organisationId: organisation.id,
      userId: account.id,
      email: person.email,
      displayName: person.displayName,
      createdBy: actor,
      updatedBy: actor,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (mayJoinCompany(account)) {
    const token = await issueAccountToken(trx, {
      purpose: 'INVITATION',
      userId: account.id,
      personInvitationId: id,
    });
    await mailInvitation(context, person, token);
  } else {
    await context.mail.enqueue(
      trx,
      invitedAccountExistsMail({ appName: context.appName, to: person.email, publicUrl: context.publicUrl }),
    );
    await recordSent(context, person.email);
  }
  // The organisation's row: the invitation is no user of the company (yet).
  await writeAudit(trx, {
    actor,
    action: 'INVITE',
    entity: 'organisation',
    entityId: organisation.id,
    diff: { email: person.email, obpRole: 'SPOC_ASSISTANT' },
  });
}

/** A company sends a few invitation mails a day, wherever they go. */
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
  // A pending invitation takes a place, as the invited user of a new address does.
  const { pending } = await context.trx
    .selectFrom('personInvitations')
    .select((eb) => eb.fn.countAll<string>().as('pending'))
    .where('organisationId', '=', context.organisation.id)
    .executeTakeFirstOrThrow();
  refuse(tooManyPeople(Number(people) + Number(pending), MAX_PEOPLE_PER_COMPANY));
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
