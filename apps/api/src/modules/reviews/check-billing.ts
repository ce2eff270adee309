import type { BillingStepInput } from '@portal/contracts';
import { amountDueCents, bill, invoicedComment, PAID_COMMENT, refusalStatus } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import { mailSpoc } from '../../company/spoc-recipient.js';
import { writeAudit } from '../../db/audit.js';
import type { DB } from '../../db/schema.js';
import { publishChange } from '../../events/publish-change.js';
import { ApiError } from '../../http/api-error.js';
import type { Caller } from '../../http/caller.js';
import { lockCheckAtVersion } from './locked-check.js';
import { invoicedMail } from './review-mails.js';
import type { ReviewServices } from './review-services.js';

const notAllowed = (message: string) => new ApiError(409, 'ACTION_NOT_ALLOWED', message);

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
    if (check.type !== 'FINANCIAL') {
      throw notAllowed(`Only the financial check is invoiced, not the ${check.type.toLowerCase()} check`);
    }
    const invoicing = await trx
      .selectFrom('invoicingInformation')
      .selectAll()
      .where('organisationId', '=', organisation.id)
      .forUpdate()
      .executeTakeFirst();
    if (!invoicing) {
      throw notAllowed(
        'The company has not filed its invoicing information yet: there is nothing to invoice',
      );
    }
    const result = bill(
      {
        financialStatus: check.status,
        invoiceNumber: invoicing.invoiceNumber,
        invoicedAt: invoicing.invoicedAt,
        paidAt: invoicing.paidAt,
      },
      input.action,
      { now, invoiceNumber: input.action === 'MARK_INVOICED' ? input.invoiceNumber : null },
    );
    if (!result.ok) {
      throw new ApiError(refusalStatus(result.code), result.code, result.message);
    }
    const { next } = result;
    await trx
      .updateTable('invoicingInformation')
      .set({ ...next, updatedBy: reviewer.actor, updatedAt: now, version: sql<number>`version + 1` })
      .where('id', '=', invoicing.id)
      .execute();
    const { version } = await trx
      .updateTable('checks')
      .set({ updatedBy: reviewer.actor, updatedAt: now, version: sql<number>`version + 1` })
      .where('id', '=', check.id)
      .returning('version')
      .executeTakeFirstOrThrow();
    const invoiceNumber = next.invoiceNumber ?? '';
    await trx
      .insertInto('checkEvents')
      .values({
        checkId: check.id,
        fromStatus: check.status,
        toStatus: check.status,
        actor: reviewer.actor,
        role: 'EMVO',
        comment: input.action === 'MARK_INVOICED' ? invoicedComment(invoiceNumber) : PAID_COMMENT,
        at: now,
      })
      .execute();
    await writeAudit(trx, {
      actor: reviewer.actor,
      action: input.action,
      entity: 'check',
      entityId: check.id,
      diff: {
        organisationId: organisation.id,
        invoicingInformationId: invoicing.id,
        ...(input.action === 'MARK_INVOICED'
          ? {
              invoiceNumber: { from: null, to: invoiceNumber },
              invoicedAt: { from: null, to: next.invoicedAt },
            }
          : { paidAt: { from: null, to: next.paidAt } }),
      },
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
        invoiceNumber,
        feeCents: amountDueCents(invoicing.feeCents, invoicing.invoicedBeforeCents),
        declaredMahCount: invoicing.declaredMahCount,
      }),
    );
  });
}
