import type { BillingDetailsInput, FinancialDraft, StoredFileSummary } from '@portal/contracts';
import {
  amountDueCents,
  checkRecordOf,
  decide,
  firstInvoicing,
  initialCheck,
  missingForFinancial,
  submitStageRefusal,
  submittedInvoicing,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { applicationChange, publishChange } from '../../changes/publish-change.js';
import { applyCheckTransition } from '../../company/apply-check-transition.js';
import { billingOf } from '../../company/billing-details.js';
import { touchOrganisation } from '../../company/organisation.js';
import { mailSpoc } from '../../company/spoc-recipient.js';
import { writeAudit } from '../../db/audit.js';
import type { DB, Db, InvoicingInformationTable } from '../../db/schema.js';
import { ApiError, refuse } from '../../http/api-error.js';
import { receiveUpload } from '../../storage/receive-upload.js';
import { saveWithFile } from '../../storage/save-with-file.js';
import { refuseWhenStorageFull } from '../../storage/storage-quota.js';
import type { StepSubmitServices } from './contractual-step.js';
import type { OnboardingCaller } from './onboarding-caller.js';
import { assertStepEditable, checksByType, lockStep, progressOf } from './step-checks.js';
import { invoicingFormReceivedMail } from './step-mails.js';

type InvoicingRow = Selectable<InvoicingInformationTable>;

/**
 * domain.md "Financial": "the fee tier follows the active MAH count; the company uploads the invoicing
 * form; reviewer approves or rejects, then marks invoiced and paid. More active MAHs than the approved
 * form declares sends it back to rejected, with the top-up amount shown." The company's invoicing
 * information lives in invoicing_information (one per company): its billing details (jsonb), the form,
 * the MAH count the last submission declared and its fee, and the reviewers' invoice.
 */

const invoicingOf = (db: Db, organisationId: string, options: { lock?: boolean } = {}) => {
  let query = db.selectFrom('invoicingInformation').selectAll().where('organisationId', '=', organisationId);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
};

/** How many MAHs the company has active now (the fee follows it). */
export async function activeMahCountOf(db: Db, organisationId: string): Promise<number> {
  const { count } = await db
    .selectFrom('mahs')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('organisationId', '=', organisationId)
    .where('active', '=', true)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * A company's first invoicing information: no form yet, and the MAHs active now as its declared count
 * and fee until the submission sets them.
 */
async function createInvoicing(
  trx: Transaction<DB>,
  organisationId: string,
  actor: string,
  values: { billing?: BillingDetailsInput; formFileId?: string },
): Promise<InvoicingRow> {
  const active = await activeMahCountOf(trx, organisationId);
  return trx
    .insertInto('invoicingInformation')
    .values({
      organisationId,
      ...firstInvoicing(active),
      billing: JSON.stringify(values.billing ?? {}),
      formFileId: values.formFileId ?? null,
      createdBy: actor,
      updatedBy: actor,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * PUT /api/onboarding/financial: the billing details saved as a draft at the organisation's version,
 * with the organisation's version + 1 and an audit row.
 */
export async function saveFinancialDraft(
  db: Kysely<DB>,
  caller: OnboardingCaller,
  draft: FinancialDraft,
): Promise<void> {
  const { actor } = caller;
  await db.transaction().execute(async (trx) => {
    const { organisation, checks } = await lockStep(trx, caller.organisationId, 'FINANCIAL', draft.version);
    assertStepEditable('FINANCIAL', organisation, checks);
    const existing = await invoicingOf(trx, organisation.id, { lock: true });
    const now = new Date();
    let invoicingId: string;
    if (existing) {
      invoicingId = existing.id;
      await trx
        .updateTable('invoicingInformation')
        .set({
          billing: JSON.stringify(draft.billing),
          updatedBy: actor,
          updatedAt: now,
          version: sql<number>`version + 1`,
        })
        .where('id', '=', existing.id)
        .execute();
    } else {
      ({ id: invoicingId } = await createInvoicing(trx, organisation.id, actor, { billing: draft.billing }));
    }
    const touched = await touchOrganisation(trx, organisation.id, {
      actor,
      at: now,
      audit: {
        action: 'SAVE_FINANCIAL_DRAFT',
        entity: 'invoicingInformation',
        entityId: invoicingId,
        diff: { billing: { from: existing ? billingOf(existing.billing) : null, to: draft.billing } },
      },
    });
    await publishChange(trx, applicationChange(touched, 'SAVE_FINANCIAL_DRAFT', actor));
  });
}

/**
 * POST /api/onboarding/financial/invoicing-form: the form (pdf, doc, docx, xls, xlsx) through the
 * stored-files service (111, 112, 413 pass through), then one transaction: its stored_files row, the
 * invoicing information pointed at it (the previous form removed, its blob after the commit) and an audit row; over the company's storage quota, 413 STORAGE_QUOTA_EXCEEDED. The
 * organisation's version is not changed: an open form can still be saved after an upload.
 */
export async function uploadInvoicingForm(
  db: Kysely<DB>,
  request: FastifyRequest,
  caller: OnboardingCaller,
): Promise<StoredFileSummary> {
  const { organisationId, actor } = caller;
  const organisation = await db
    .selectFrom('organisations')
    .selectAll()
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  assertStepEditable('FINANCIAL', organisation, await checksByType(db, organisationId));
  const replacing = (await invoicingOf(db, organisationId))?.formFileId ?? null;
  await refuseWhenStorageFull(db, request.server.fileStorage, organisationId, replacing);
  const { file } = await receiveUpload(request, 'INVOICING_FORM');
  return saveWithFile(db, file, { organisationId, uploadedBy: actor }, async (trx, stored, release) => {
    const locked = await lockStep(trx, organisationId, 'FINANCIAL');
    assertStepEditable('FINANCIAL', locked.organisation, locked.checks);
    const existing = await invoicingOf(trx, organisationId, { lock: true });
    let invoicingId: string;
    if (existing) {
      invoicingId = existing.id;
      await trx
        .updateTable('invoicingInformation')
        .set({
          formFileId: stored.id,
          updatedBy: actor,
          updatedAt: new Date(),
          version: sql<number>`version + 1`,
        })
        .where('id', '=', existing.id)
        .execute();
      await release(existing.formFileId);
    } else {
      ({ id: invoicingId } = await createInvoicing(trx, organisationId, actor, { formFileId: stored.id }));
    }
    const summary = { id: stored.id, name: stored.name, size: stored.size, mime: stored.mime };
    await writeAudit(trx, {
      actor,
      action: 'UPLOAD_INVOICING_FORM',
      entity: 'invoicingInformation',
      entityId: invoicingId,
      diff: { formFileId: { from: existing?.formFileId ?? null, to: stored.id }, file: summary },
    });
    return summary;
  });
}

/**
 * POST /api/onboarding/financial/submit, in one transaction at the organisation's version (409 when
 * stale): the domain's refusals (409: decide, canSubmit; a top-up rejection may be resubmitted), then
 * completeness (400 MISSING list), then the invoicing information's declared MAH count and fee set from
 * the MAHs active now (after a top-up, the earlier invoice is kept as invoiced before and only the
 * difference is due), the FINANCIAL check with its CheckEvent, the organisation's status and stage and
 * audit rows (company/apply-check-transition.ts), and the SPOC's confirmation mail.
 */
export async function submitFinancial(
  db: Kysely<DB>,
  services: StepSubmitServices,
  caller: OnboardingCaller,
  version: number,
  now = new Date(),
): Promise<void> {
  const { actor } = caller;
  await db.transaction().execute(async (trx) => {
    const { organisation, check, checks } = await lockStep(trx, caller.organisationId, 'FINANCIAL', version);
    const decision = decide(check ? checkRecordOf(check) : initialCheck('FINANCIAL'), 'SUBMIT', {
      role: 'EXTERNAL',
      actor,
      now,
    });
    if (!decision.ok) throw new ApiError(409, decision.code, decision.message);
    const progress = progressOf(organisation, checks);
    refuse(submitStageRefusal('FINANCIAL', progress));
    const invoicing = await invoicingOf(trx, organisation.id, { lock: true });
    const active = await activeMahCountOf(trx, organisation.id);
    const missing = missingForFinancial({
      activeMahCount: active,
      billing: invoicing ? billingOf(invoicing.billing) : null,
      form: invoicing?.formFileId ?? null,
    });
    if (!invoicing || missing.length > 0) {
      throw new ApiError(
        400,
        'MISSING',
        `The invoicing information misses ${missing.length} item(s)`,
        missing.map((item) => ({ code: 'MISSING', field: item.field, message: item.message })),
      );
    }

    const changes = submittedInvoicing(invoicing, active);
    const { feeCents, invoicedBeforeCents } = changes;
    await trx
      .updateTable('invoicingInformation')
      .set({ ...changes, updatedBy: actor, updatedAt: now, version: sql<number>`version + 1` })
      .where('id', '=', invoicing.id)
      .execute();
    await writeAudit(trx, {
      actor,
      action: 'SUBMIT_INVOICING_INFORMATION',
      entity: 'invoicingInformation',
      entityId: invoicing.id,
      diff: {
        declaredMahCount: { from: invoicing.declaredMahCount, to: active },
        feeCents: { from: invoicing.feeCents, to: feeCents },
        invoicedBeforeCents: { from: invoicing.invoicedBeforeCents, to: invoicedBeforeCents },
        // The earlier invoice, kept in the audit trail when a top-up form replaces it.
        ...(invoicing.invoiceNumber
          ? {
              earlierInvoice: {
                invoiceNumber: invoicing.invoiceNumber,
                invoicedAt: invoicing.invoicedAt,
                paidAt: invoicing.paidAt,
              },
            }
          : {}),
      },
    });
    await applyCheckTransition(trx, {
      organisation,
      check,
      type: 'FINANCIAL',
      next: decision.next,
      event: decision.event,
      actor,
    });
    await mailSpoc(trx, organisation, services, (recipient) =>
      invoicingFormReceivedMail(recipient, {
        declaredMahCount: active,
        feeCents,
        amountDueCents: amountDueCents(feeCents, invoicedBeforeCents),
      }),
    );
  });
}
