import type { ContractualDraft, ContractualStep, StoredFileSummary } from '@portal/contracts';
import {
  checkRecordOf,
  contractualStepOf,
  contractualTicks,
  decide,
  initialCheck,
  missingForContractual,
  NO_AGREEMENT_TEMPLATE,
  type OrganisationProgress,
  signedAgreementChanges,
  submitStageRefusal,
  tickBoxStatements,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { applicationChange, publishChange } from '../../changes/publish-change.js';
import { applyCheckTransition } from '../../company/apply-check-transition.js';
import { touchOrganisation } from '../../company/organisation.js';
import { mailSpoc } from '../../company/spoc-recipient.js';
import { writeAudit } from '../../db/audit.js';
import type { DB, Db } from '../../db/schema.js';
import { ApiError, refusalError, refuse } from '../../http/api-error.js';
import type { Outbox } from '../../mail/outbox.js';
import {
  currentAgreementTemplate,
  lockTemplatesShared,
} from '../../publications/agreement-templates-repository.js';
import { publishedDisclaimer } from '../../publications/disclaimers-repository.js';
import { receiveUpload } from '../../storage/receive-upload.js';
import { saveWithFile } from '../../storage/save-with-file.js';
import { refuseWhenStorageFull } from '../../storage/storage-quota.js';
import type { OnboardingCaller } from './onboarding-caller.js';
import { assertStepEditable, checksByType, fileSummaryOf, lockStep, progressOf } from './step-checks.js';
import { agreementReceivedMail } from './step-mails.js';

/**
 * domain.md "Contractual": "the company downloads the current agreement template, uploads it signed and
 * ticks both boxes; reviewer approves or rejects with a reason. A new template version asks every company
 * to sign again." The agreement lives in participation_agreements (one per company): the template version
 * its signed file is signed on, the file, the two ticks and the PA_TICKBOX version they were ticked on.
 */

/** The published PA_TICKBOX disclaimer with its two statements, or null (none, or not two paragraphs). */
async function tickBoxesOf(db: Db) {
  const row = await publishedDisclaimer(db, 'PA_TICKBOX');
  const texts = row ? tickBoxStatements(row.body) : null;
  if (!row || !texts) return null;
  return { id: row.id, disclaimerVersion: row.versionNumber, title: row.title, texts };
}

const agreementOf = (db: Db, organisationId: string) =>
  db
    .selectFrom('participationAgreements')
    .selectAll()
    .where('organisationId', '=', organisationId)
    .executeTakeFirst();

export interface ContractualState {
  step: ContractualStep;
  /** The published PA_TICKBOX disclaimer's id, which a submission records as accepted. */
  tickBoxesId: string | null;
}

/** The contractual step as the company sees it (contracts contractualStepSchema, domain contractualStepOf). */
export async function readContractual(
  db: Db,
  organisationId: string,
  progress: OrganisationProgress,
): Promise<ContractualState> {
  const template = await currentAgreementTemplate(db);
  const row = await agreementOf(db, organisationId);
  const step = contractualStepOf({
    progress,
    template: template ?? null,
    tickBoxes: (await publishedDisclaimer(db, 'PA_TICKBOX')) ?? null,
    agreement: row ? { ...row, signedFile: await fileSummaryOf(db, row.signedFileId) } : null,
  });
  return { step, tickBoxesId: (await tickBoxesOf(db))?.id ?? null };
}

const noTemplate = () => refusalError(NO_AGREEMENT_TEMPLATE);

/**
 * PUT /api/onboarding/contractual: the two ticks saved as a draft at the organisation's version, with the
 * PA_TICKBOX version they were ticked on, the organisation's version + 1 and an audit row. The agreement
 * row is created on the current template when the company has none yet.
 */
export async function saveContractualDraft(
  db: Kysely<DB>,
  caller: OnboardingCaller,
  draft: ContractualDraft,
): Promise<void> {
  const { actor } = caller;
  await db.transaction().execute(async (trx) => {
    await lockTemplatesShared(trx);
    const { organisation, checks } = await lockStep(trx, caller.organisationId, 'CONTRACTUAL', draft.version);
    assertStepEditable('CONTRACTUAL', organisation, checks);
    const template = await currentAgreementTemplate(trx);
    if (!template) throw noTemplate();
    const existing = await agreementOf(trx, organisation.id);
    const { ticks, diff } = contractualTicks(existing, draft, (await tickBoxesOf(trx))?.id ?? null);
    const now = new Date();
    if (existing) {
      await trx
        .updateTable('participationAgreements')
        .set({ ...ticks, updatedBy: actor, updatedAt: now, version: sql<number>`version + 1` })
        .where('id', '=', existing.id)
        .execute();
    } else {
      await trx
        .insertInto('participationAgreements')
        .values({
          ...ticks,
          organisationId: organisation.id,
          templateVersion: template.version,
          createdBy: actor,
          updatedBy: actor,
        })
        .execute();
    }
    const touched = await touchOrganisation(trx, organisation.id, {
      actor,
      at: now,
      audit: {
        action: 'SAVE_CONTRACTUAL_DRAFT',
        entity: 'organisation',
        entityId: organisation.id,
        diff,
      },
    });
    await publishChange(trx, applicationChange(touched, 'SAVE_CONTRACTUAL_DRAFT', actor));
  });
}

/** STEP_LOCKED or no template, read before the body: a refused upload stores no byte. */
async function assertUploadOpen(
  db: Kysely<DB>,
  request: FastifyRequest,
  organisationId: string,
): Promise<void> {
  const organisation = await db
    .selectFrom('organisations')
    .selectAll()
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  assertStepEditable('CONTRACTUAL', organisation, await checksByType(db, organisationId));
  if (!(await currentAgreementTemplate(db))) throw noTemplate();
  const replacing = (await agreementOf(db, organisationId))?.signedFileId ?? null;
  await refuseWhenStorageFull(db, request.server.fileStorage, organisationId, replacing);
}

/**
 * POST /api/onboarding/contractual/signed-agreement: the signed agreement (pdf), through the stored-files
 * service (111, 112, 413 pass through), then one transaction: its stored_files row, the agreement pointed
 * at it on the current template version (the ticks cleared when the template changed, since they were
 * given on the old one), the previous file removed (its blob after the commit) and an
 * audit row; over the company's storage quota, 413 STORAGE_QUOTA_EXCEEDED. The organisation's version is
 * not changed, as for the copy of proof: an open form can still be saved after an upload.
 */
export async function uploadSignedAgreement(
  db: Kysely<DB>,
  request: FastifyRequest,
  caller: OnboardingCaller,
): Promise<StoredFileSummary> {
  const { organisationId, actor } = caller;
  await assertUploadOpen(db, request, organisationId);
  const { file } = await receiveUpload(request, 'SIGNED_AGREEMENT');
  // The templates' lock before the organisation's, as a publication takes them (no deadlock).
  const owner = { organisationId, uploadedBy: actor, lockFirst: lockTemplatesShared };
  return saveWithFile(db, file, owner, async (trx, stored, release) => {
    // Again under the locks: a submission or a new template may have come while the file streamed in.
    const { organisation, checks } = await lockStep(trx, organisationId, 'CONTRACTUAL');
    assertStepEditable('CONTRACTUAL', organisation, checks);
    const template = await currentAgreementTemplate(trx);
    if (!template) throw noTemplate();
    const existing = await agreementOf(trx, organisationId);
    const now = new Date();
    let agreementId: string;
    if (existing) {
      agreementId = existing.id;
      await trx
        .updateTable('participationAgreements')
        .set({
          signedFileId: stored.id,
          ...signedAgreementChanges(existing, template.version),
          updatedBy: actor,
          updatedAt: now,
          version: sql<number>`version + 1`,
        })
        .where('id', '=', existing.id)
        .execute();
      await release(existing.signedFileId);
    } else {
      ({ id: agreementId } = await trx
        .insertInto('participationAgreements')
        .values({
          organisationId,
          templateVersion: template.version,
          signedFileId: stored.id,
          createdBy: actor,
          updatedBy: actor,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    }
    const summary = { id: stored.id, name: stored.name, size: stored.size, mime: stored.mime };
    await writeAudit(trx, {
      actor,
      action: 'UPLOAD_SIGNED_AGREEMENT',
      entity: 'participationAgreement',
      entityId: agreementId,
      diff: {
        signedFileId: { from: existing?.signedFileId ?? null, to: stored.id },
        templateVersion: { from: existing?.templateVersion ?? null, to: template.version },
        file: summary,
      },
    });
    return summary;
  });
}

export interface StepSubmitServices {
  mail: Outbox;
  appName: string;
  publicUrl: string;
}

/**
 * POST /api/onboarding/contractual/submit, in one transaction at the organisation's version (409 when
 * stale): the domain's refusals first (409: the check's status, packages/domain decide; the stage and
 * legitimacy, canSubmit), then completeness (400, one MISSING entry per item), then the caller's
 * acceptance of the tick boxes' disclaimer version (domain.md DisclaimerAcceptance), the CONTRACTUAL check
 * with its CheckEvent, the organisation's status and stage and an audit row
 * (company/apply-check-transition.ts), and the SPOC's confirmation mail.
 */
export async function submitContractual(
  db: Kysely<DB>,
  services: StepSubmitServices,
  caller: OnboardingCaller,
  version: number,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockTemplatesShared(trx);
    const { organisation, check, checks } = await lockStep(
      trx,
      caller.organisationId,
      'CONTRACTUAL',
      version,
    );
    const decision = decide(check ? checkRecordOf(check) : initialCheck('CONTRACTUAL'), 'SUBMIT', {
      role: 'EXTERNAL',
      actor: caller.actor,
      now,
    });
    if (!decision.ok) throw new ApiError(409, decision.code, decision.message);
    const progress = progressOf(organisation, checks);
    refuse(submitStageRefusal('CONTRACTUAL', progress));
    const { step, tickBoxesId } = await readContractual(trx, organisation.id, progress);
    const missing = missingForContractual(step);
    if (missing.length > 0) {
      throw new ApiError(
        400,
        'MISSING',
        `The participation agreement misses ${missing.length} item(s)`,
        missing.map((item) => ({ code: 'MISSING', field: item.field, message: item.message })),
      );
    }
    if (tickBoxesId) {
      const acceptance = await trx
        .insertInto('disclaimerAcceptances')
        .values({ userId: caller.userId, disclaimerContentId: tickBoxesId, at: now })
        .onConflict((oc) => oc.columns(['userId', 'disclaimerContentId']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (acceptance) {
        await writeAudit(trx, {
          actor: caller.actor,
          action: 'CREATE',
          entity: 'disclaimerAcceptance',
          entityId: acceptance.id,
          diff: { userId: caller.userId, disclaimerContentId: tickBoxesId },
        });
      }
    }
    await applyCheckTransition(trx, {
      organisation,
      check,
      type: 'CONTRACTUAL',
      next: decision.next,
      event: decision.event,
      actor: caller.actor,
    });
    await mailSpoc(trx, organisation, services, (recipient) =>
      agreementReceivedMail(recipient, { templateVersion: step.agreement?.templateVersion ?? 1 }),
    );
  });
}
