import type { BillingStepInput } from '@portal/contracts';
import { amountDueCents, billingStep, refusalStatus } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import { publishChange } from '../../changes/publish-change.js';
import { mailSpoc } from '../../company/spoc-recipient.js';
import { writeAudit } from '../../db/audit.js';
import type { DB } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { Caller } from '../../http/caller.js';
import { lockCheckAtVersion } from './locked-check.js';
import { invoicedMail } from './review-mails.js';
import type { ReviewServices } from './review-services.js';

/**
 * POST /api/checks/{id}/billing, in one transaction. domain.md Financial: the reviewer "approves or
 * rejects, then marks invoiced and paid". These are no transitions (packages/domain billing.ts: the
 * check stays APPROVED), yet each is recorded on the check as a decision is: each writes the invoicing
 * information, a CheckEvent from APPROVED to APPROVED, the check's version + 1 (so a colleague's stale
 * billing or decision answers CHECK_DECIDED_FIRST) and an audit row; invoicing also mails the SPOC.
 */
export async function billCheck(
  db: Kysely<DB>,
  services: ReviewServices,
  reviewer: Caller,
  checkId: string,
  input: BillingStepInput,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { organisation, check } = await lockCheckAtVersion(trx, checkId, input.version);
    const invoicing = await trx
      .selectFrom('invoicingInformation')
      .selectAll()
      .where('organisationId', '=', organisation.id)
      .forUpdate()
      .executeTakeFirst();
    // packages/domain billingStep: the financial check only, once invoicing is filed, bill's rules.
    const result = billingStep(check, invoicing, input, { actor: reviewer.actor, now });
    if (!result.ok) throw new ApiError(refusalStatus(result.code), result.code, result.message);
    const { next } = result;
    await trx
      .updateTable('invoicingInformation')
      .set({ ...next, updatedBy: reviewer.actor, updatedAt: now, version: sql<number>`version + 1` })
      .where('id', '=', result.invoicing.id)
      .execute();
    const { version } = await trx
      .updateTable('checks')
      .set({ updatedBy: reviewer.actor, updatedAt: now, version: sql<number>`version + 1` })
      .where('id', '=', check.id)
      .returning('version')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('checkEvents')
      .values({ ...result.event, checkId: check.id })
      .execute();
    await writeAudit(trx, {
      actor: reviewer.actor,
      action: input.action,
      entity: 'check',
      entityId: check.id,
      diff: { organisationId: organisation.id, ...result.diff },
    });
    await publishChange(trx, {
      kind: 'check',
      action: input.action,
      entityId: check.id,
      organisationId: organisation.id,
      version,
      checkType: check.type,
      actor: reviewer.actor,
    });

    if (input.action !== 'MARK_INVOICED') return;
    await mailSpoc(trx, organisation, services, (recipient) =>
      invoicedMail(recipient, {
        invoiceNumber: next.invoiceNumber ?? '',
        feeCents: amountDueCents(result.invoicing.feeCents, result.invoicing.invoicedBeforeCents),
        declaredMahCount: result.invoicing.declaredMahCount,
      }),
    );
  });
}
