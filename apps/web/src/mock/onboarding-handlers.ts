import { contactColumns, legitimacyDraftChanges, onboardingApi } from '@portal/contracts';
import { missingForLegitimacy, orgTypeRefusal } from '@portal/domain';
import type { HttpHandler } from 'msw';
import { type MockContext, refused } from './mock-http';
import { checksOf, contactsOf } from './onboarding-answer';
import { onboardingStepsHandlers } from './onboarding-steps-handlers';
import { companyRoute, insertMahs, lockedStep, storeUpload, submitStep } from './onboarding-writes';
import { technicalHandlers } from './technical-handlers';

/*
 * /api/onboarding in mock mode (apps/api modules/onboarding): the signed-in company user's application, read
 * from and written to the store's rows of their organisation, so what the company submits is what the
 * reviewers' queue shows. The legitimacy step is here; the later steps and the people are in
 * onboarding-steps-handlers.ts, the technical step in technical-handlers.ts.
 */
export function onboardingHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  /** Keeps the rows `keep` accepts, in place (the table stays the store's array). */
  const prune = <Row>(rows: Row[], keep: (row: Row) => boolean) =>
    rows.splice(0, rows.length, ...rows.filter(keep));
  return [
    companyRoute(context, onboardingApi.answer, () => undefined),

    // apps/api legitimacy-draft.ts: the company columns, the SPOC and the representative, the MAHs; no people.
    companyRoute(context, onboardingApi.saveLegitimacy, ({ body }, company) => {
      const { organisation } = company;
      const { LEGITIMACY } = checksOf(db, organisation.id);
      const typeLocked = orgTypeRefusal(LEGITIMACY, organisation.orgType, body.company.orgType);
      const refusal = lockedStep(context, company, 'LEGITIMACY') ?? refused(typeLocked);
      if (refusal) return refusal;
      const contacts = contactsOf(db, organisation.id);
      const given = { SPOC: body.spoc, AUTHORISED_REPRESENTATIVE: body.authorisedRepresentative };
      for (const kind of ['SPOC', 'AUTHORISED_REPRESENTATIVE'] as const) {
        const columns = contactColumns(given[kind]);
        const existing = contacts[kind];
        const created = { organisationId: organisation.id, kind, ...columns, copyOfProofFileId: null };
        if (existing) company.update(existing, columns);
        else company.insert('contacts', created);
      }
      // The draft's MAHs replace the active ones; their products go with them.
      const replaced = new Set(
        db.mahs.filter((mah) => mah.organisationId === organisation.id && mah.active).map((mah) => mah.id),
      );
      prune(db.mahs, (mah) => !replaced.has(mah.id));
      prune(db.mahProducts, (product) => !replaced.has(product.mahId));
      insertMahs(context, company, body.mahs);
      const { changes, diff } = legitimacyDraftChanges(organisation, body);
      company.touch(changes, ['SAVE_LEGITIMACY_DRAFT', 'organisation', organisation.id, diff]);
    }),

    // apps/api copy-of-proof.ts: the representative points at the new file; the one it replaces goes.
    companyRoute(context, onboardingApi.uploadCopyOfProof, async ({ body }, company) => {
      const stored =
        lockedStep(context, company, 'LEGITIMACY') ?? (await storeUpload(company, body, 'COPY_OF_PROOF'));
      if (stored instanceof Response) return stored;
      const organisationId = company.organisation.id;
      const row =
        contactsOf(db, organisationId).AUTHORISED_REPRESENTATIVE ??
        company.insert('contacts', {
          ...{ organisationId, kind: 'AUTHORISED_REPRESENTATIVE', firstName: '', lastName: '', email: '' },
          ...{ function: null, phone: null, copyOfProofFileId: null },
        });
      return company.attach(stored, row, 'copyOfProofFileId', ['UPLOAD_COPY_OF_PROOF', 'contact']);
    }),

    companyRoute(context, onboardingApi.submitLegitimacy, ({ request }, company) =>
      submitStep(context, request, company, 'LEGITIMACY', missingForLegitimacy),
    ),

    ...onboardingStepsHandlers(context),
    ...technicalHandlers(context),
  ];
}
