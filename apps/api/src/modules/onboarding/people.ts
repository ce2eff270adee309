import type { PersonAccessInput, SpocAssistantInvitation } from '@portal/contracts';
import { contactColumns } from '@portal/contracts';
import {
  accessRefusal,
  changedFields,
  companyRemoval,
  invitationRefusal,
  managesPeople,
  NOT_PEOPLE_MANAGER,
  removalRefusal,
} from '@portal/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import { applicationChange, publishChange } from '../../changes/publish-change.js';
import { contactsByKind } from '../../company/application-repository.js';
import { lockOrganisationAtVersion, touchOrganisation } from '../../company/organisation.js';
import { writeAudit } from '../../db/audit.js';
import type { DB, Db } from '../../db/schema.js';
import { ApiError, refuse } from '../../http/api-error.js';
import type { Outbox } from '../../mail/outbox.js';
import type { OnboardingCaller } from './onboarding-caller.js';
import { inviteAssistantUser } from './spoc-assistant-invitation.js';

/**
 * domain.md People: "At most three per company: the Initial Requester (registers the company), the SPOC
 * and an optional SPOC Assistant". The SPOC manages them: invites or removes the SPOC Assistant and sets an
 * invited person's access to FULL or READ_ONLY. The Initial Requester, who is the SPOC until the company
 * names another, may too. Every change is checked at the organisation's version and moves it.
 */

/** Who manages the company's people (domain managesPeople): the caller's access, their row's role. */
export async function canManagePeople(db: Db, caller: OnboardingCaller): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select('obpRole')
    .where('id', '=', caller.userId)
    .executeTakeFirst();
  return managesPeople({ access: caller.access, obpRole: user?.obpRole ?? null });
}

async function assertManager(trx: Transaction<DB>, caller: OnboardingCaller): Promise<void> {
  if (await canManagePeople(trx, caller)) return;
  throw new ApiError(403, 'FORBIDDEN', NOT_PEOPLE_MANAGER);
}

export interface PeopleServices {
  mail: Outbox;
  appName: string;
  publicUrl: string;
  invitationsPerDay: number;
}

/**
 * POST /api/onboarding/people/spoc-assistant: invites the SPOC Assistant (spoc-assistant-invitation.ts:
 * an INVITED user, or a pending invitation of an address that has an account, a token and a mail;
 * TOO_MANY_PEOPLE, the daily limit) and records them as the company's SPOC_ASSISTANT contact. A person
 * whose access the portal withdrew is not invited again (ACCESS_WITHDRAWN_BY_PORTAL). The company has one assistant: another is invited once the first is removed.
 */
export async function inviteSpocAssistant(
  db: Kysely<DB>,
  services: PeopleServices,
  caller: OnboardingCaller,
  input: SpocAssistantInvitation,
): Promise<void> {
  const { actor } = caller;
  await db.transaction().execute(async (trx) => {
    const organisation = await lockOrganisationAtVersion(trx, caller.organisationId, input.version);
    await assertManager(trx, caller);
    const current = (await contactsByKind(trx, organisation.id)).SPOC_ASSISTANT;
    const { version: _version, ...person } = input;
    const existing = await trx
      .selectFrom('users')
      .select(['id', 'status', 'access', 'disabledBy', 'revokedBy'])
      .where('organisationId', '=', organisation.id)
      .where(sql`lower(email)`, '=', person.email.toLowerCase())
      .executeTakeFirst();
    refuse(invitationRefusal(current, existing, person.email));
    await inviteAssistantUser({ ...services, trx, organisation, actor }, person);
    const columns = contactColumns(person);
    const contact = current
      ? await trx
          .updateTable('contacts')
          .set({ ...columns, updatedBy: actor, updatedAt: new Date(), version: sql<number>`version + 1` })
          .where('id', '=', current.id)
          .returning('id')
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('contacts')
          .values({
            ...columns,
            organisationId: organisation.id,
            kind: 'SPOC_ASSISTANT',
            createdBy: actor,
            updatedBy: actor,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
    const touched = await touchOrganisation(trx, organisation.id, {
      actor,
      audit: {
        action: current ? 'UPDATE' : 'CREATE',
        entity: 'contact',
        entityId: contact.id,
        diff: { kind: 'SPOC_ASSISTANT', ...columns },
      },
    });
    await publishChange(trx, applicationChange(touched, 'INVITE_SPOC_ASSISTANT', actor));
  });
}

/**
 * DELETE /api/onboarding/people/spoc-assistant: removes the SPOC Assistant. A person who never signed in
 * is withdrawn (the user row and its invitation go), and so is a pending invitation of an address that has
 * an account; one who did sign in is DISABLED with access REVOKED (kept for the audit trail, and no longer
 * counted among the three), an administrator's revocation staying theirs (domain companyRemoval). The
 * SPOC_ASSISTANT contact is cleared.
 */
export async function removeSpocAssistant(
  db: Kysely<DB>,
  caller: OnboardingCaller,
  version: number,
): Promise<void> {
  const { actor } = caller;
  await db.transaction().execute(async (trx) => {
    const organisation = await lockOrganisationAtVersion(trx, caller.organisationId, version);
    await assertManager(trx, caller);
    const contact = (await contactsByKind(trx, organisation.id)).SPOC_ASSISTANT;
    const assistants = await trx
      .selectFrom('users')
      .selectAll()
      .where('organisationId', '=', organisation.id)
      .where('obpRole', '=', 'SPOC_ASSISTANT')
      .where('status', '<>', 'DISABLED')
      .forUpdate()
      .execute();
    const invitations = await trx
      .deleteFrom('personInvitations')
      .where('organisationId', '=', organisation.id)
      .returning(['id', 'email'])
      .execute();
    refuse(removalRefusal(contact, [...assistants, ...invitations], caller.userId));
    for (const invitation of invitations) {
      await writeAudit(trx, {
        actor,
        action: 'WITHDRAW_INVITATION',
        entity: 'organisation',
        entityId: organisation.id,
        diff: { email: invitation.email },
      });
    }
    for (const user of assistants) {
      if (user.status === 'INVITED' && user.lastLoginAt === null) {
        await trx.deleteFrom('users').where('id', '=', user.id).execute();
        await writeAudit(trx, {
          actor,
          action: 'WITHDRAW_INVITATION',
          entity: 'user',
          entityId: user.id,
          diff: { email: user.email, organisationId: organisation.id },
        });
        continue;
      }
      const { disabledBy, revokedBy, ...changes } = companyRemoval(user);
      await trx
        .updateTable('users')
        .set({
          ...changes,
          ...{ disabledBy, revokedBy },
          updatedBy: actor,
          updatedAt: new Date(),
          version: sql<number>`version + 1`,
        })
        .where('id', '=', user.id)
        .execute();
      await writeAudit(trx, {
        actor,
        action: 'REMOVE_PERSON',
        entity: 'user',
        entityId: user.id,
        diff: { email: user.email, ...changedFields(user, changes) },
      });
    }
    if (contact) {
      await trx.deleteFrom('contacts').where('id', '=', contact.id).execute();
      await writeAudit(trx, {
        actor,
        action: 'DELETE',
        entity: 'contact',
        entityId: contact.id,
        diff: { kind: 'SPOC_ASSISTANT', email: contact.email },
      });
    }
    // Each removed person and the contact wrote their own audit rows above.
    const touched = await touchOrganisation(trx, organisation.id, { actor });
    await publishChange(trx, applicationChange(touched, 'REMOVE_SPOC_ASSISTANT', actor));
  });
}

/**
 * PATCH /api/onboarding/people/{userId}: an invited person's (the SPOC Assistant's) access, FULL or
 * READ_ONLY; a pending invitation of an address that has an account is set alike (the company sees it as
 * an invited person). Another company's user, or one it removed, is not found (404), so nothing leaks; one
 * whose access the portal withdrew, disabled or revoked, stays so (409 ACCESS_WITHDRAWN_BY_PORTAL).
 */
export async function setPersonAccess(
  db: Kysely<DB>,
  caller: OnboardingCaller,
  userId: string,
  input: PersonAccessInput,
): Promise<void> {
  const { actor } = caller;
  await db.transaction().execute(async (trx) => {
    const organisation = await lockOrganisationAtVersion(trx, caller.organisationId, input.version);
    await assertManager(trx, caller);
    const user =
      (await trx
        .selectFrom('users')
        .selectAll()
        .where('id', '=', userId)
        .where('organisationId', '=', organisation.id)
        .forUpdate()
        .executeTakeFirst()) ?? (await pendingInvitation(trx, organisation.id, userId));
    refuse(accessRefusal(user, userId, caller.userId));
    if (!user) return;
    // A pending invitation is no user row: its audit rows are its organisation's.
    const pending = 'pending' in user;
    if (user.access !== input.access) {
      const change = {
        access: input.access,
        updatedBy: actor,
        updatedAt: new Date(),
        version: sql<number>`version + 1`,
      };
      if (pending) {
        await trx.updateTable('personInvitations').set(change).where('id', '=', user.id).execute();
      } else {
        await trx.updateTable('users').set(change).where('id', '=', user.id).execute();
      }
    }
    const touched = await touchOrganisation(trx, organisation.id, {
      actor,
      audit: {
        action: 'SET_ACCESS',
        entity: pending ? 'organisation' : 'user',
        entityId: pending ? organisation.id : user.id,
        diff: { email: user.email, ...changedFields(user, { access: input.access }) },
      },
    });
    await publishChange(trx, applicationChange(touched, 'SET_ACCESS', actor));
  });
}

/**
 * The company's pending invitation of an address that has an account, by id, as the invited person the
 * company sees (locked until the transaction ends).
 */
async function pendingInvitation(trx: Transaction<DB>, organisationId: string, id: string) {
  const invitation = await trx
    .selectFrom('personInvitations')
    .select(['id', 'email', 'obpRole', 'access'])
    .where('id', '=', id)
    .where('organisationId', '=', organisationId)
    .forUpdate()
    .executeTakeFirst();
  if (!invitation) return undefined;
  const standing = { status: 'INVITED' as const, disabledBy: null, revokedBy: null };
  return { ...invitation, ...standing, pending: true as const };
}
