import type { ContactInput, LegitimacyDraft, MahInput } from '@portal/contracts';
import { contactColumns, legitimacyDraftChanges } from '@portal/contracts';
import { orgTypeRefusal } from '@portal/domain';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { applicationChange, publishChange } from '../../changes/publish-change.js';
import { type ContactKind, contactsByKind } from '../../company/application-repository.js';
import { lockOrganisationAtVersion, touchOrganisation } from '../../company/organisation.js';
import type { ContactsTable, DB } from '../../db/schema.js';
import { ApiError, refuse } from '../../http/api-error.js';
import { assertLegitimacyEditable, legitimacyCheckOf } from './legitimacy-step.js';
import { insertMahs } from './mah-rows.js';
import type { OnboardingCaller } from './onboarding-caller.js';

/**
 * migration 0001 checks every stored product code (a GTIN-14 or a PPN), so a product cannot be kept
 * without one, not even in a draft: refused with one entry per such product (spec §8 list body).
 */
function assertProductCodes(mahs: readonly MahInput[]): void {
  const entries = mahs.flatMap((mah, m) =>
    mah.products.flatMap((product, p) =>
      product.productCode
        ? []
        : [
            {
              code: 'INVALID_FIELD',
              field: `mahs.${m}.products.${p}.productCode`,
              message: `Give the code of product ${p + 1} of MAH ${m + 1} to save it (a GTIN-14 or a PPN)`,
            },
          ],
    ),
  );
  if (entries.length > 0) {
    throw new ApiError(400, 'INVALID_FIELD', entries.map((entry) => entry.message).join('; '), entries);
  }
}

async function upsertContact(
  trx: Transaction<DB>,
  organisationId: string,
  kind: ContactKind,
  contact: ContactInput,
  existing: Selectable<ContactsTable> | undefined,
  actor: string,
): Promise<void> {
  // Only the person's fields: the AR's copy_of_proof_file_id is set by its upload and kept here.
  const columns = contactColumns(contact);
  if (existing) {
    await trx
      .updateTable('contacts')
      .set({ ...columns, updatedBy: actor, updatedAt: new Date(), version: sql<number>`version + 1` })
      .where('id', '=', existing.id)
      .execute();
    return;
  }
  await trx
    .insertInto('contacts')
    .values({ ...columns, organisationId, kind, createdBy: actor, updatedBy: actor })
    .execute();
}

/** The draft's MAHs replace the active ones (their products go with them, on delete cascade). */
async function replaceMahs(
  trx: Transaction<DB>,
  organisationId: string,
  mahs: readonly MahInput[],
  actor: string,
): Promise<void> {
  await trx
    .deleteFrom('mahs')
    .where('organisationId', '=', organisationId)
    .where('active', '=', true)
    .execute();
  await insertMahs(trx, organisationId, mahs, actor);
}

/**
 * PUT /api/onboarding/legitimacy: the whole step saved as a draft at the organisation's version, in one
 * transaction: company columns, the SPOC and the authorised representative, MAHs and products, the
 * organisation's version + 1 and an audit row. Refused while the step is locked (STEP_LOCKED) and
 * for an organisation type change after the first submission (ORG_TYPE_LOCKED).
 */
export async function saveLegitimacyDraft(
  db: Kysely<DB>,
  caller: OnboardingCaller,
  draft: LegitimacyDraft,
): Promise<void> {
  assertProductCodes(draft.mahs);
  const { actor } = caller;
  await db.transaction().execute(async (trx) => {
    const organisation = await lockOrganisationAtVersion(trx, caller.organisationId, draft.version);
    const check = await legitimacyCheckOf(trx, organisation.id);
    assertLegitimacyEditable(organisation, check);
    refuse(orgTypeRefusal(check, organisation.orgType, draft.company.orgType));

    // The draft writes no people (the SPOC Assistant is the people routes' business).
    const contacts = await contactsByKind(trx, organisation.id);
    await upsertContact(trx, organisation.id, 'SPOC', draft.spoc, contacts.SPOC, actor);
    await upsertContact(
      trx,
      organisation.id,
      'AUTHORISED_REPRESENTATIVE',
      draft.authorisedRepresentative,
      contacts.AUTHORISED_REPRESENTATIVE,
      actor,
    );
    await replaceMahs(trx, organisation.id, draft.mahs, actor);

    const { changes, diff } = legitimacyDraftChanges(organisation, draft);
    const touched = await touchOrganisation(trx, organisation.id, {
      actor,
      set: changes,
      audit: {
        action: 'SAVE_LEGITIMACY_DRAFT',
        entity: 'organisation',
        entityId: organisation.id,
        diff,
      },
    });
    await publishChange(trx, applicationChange(touched, 'SAVE_LEGITIMACY_DRAFT', actor));
  });
}
