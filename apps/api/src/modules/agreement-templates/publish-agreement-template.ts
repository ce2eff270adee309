import type { PublishedAgreementTemplate } from '@portal/contracts';
import { checkRecordOf, decide, iso, statusesBefore } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import { applyCheckTransition } from '../../company/apply-check-transition.js';
import { lockOrganisation } from '../../company/organisation.js';
import { mailSpoc } from '../../company/spoc-recipient.js';
import { writeAudit } from '../../db/audit.js';
import { UNIQUE_VIOLATION, violates } from '../../db/pg-errors.js';
import type { DB } from '../../db/schema.js';
import { lockRow } from '../../db/versioned-rows.js';
import { ApiError } from '../../http/api-error.js';
import type { Outbox } from '../../mail/outbox.js';
import { lockTemplatesExclusively } from '../../publications/agreement-templates-repository.js';
import { receiveUpload } from '../../storage/receive-upload.js';
import { saveWithFile } from '../../storage/save-with-file.js';
import { resignRequestedMail } from './agreement-template-mails.js';

export interface PublishServices {
  mail: Outbox;
  appName: string;
  publicUrl: string;
}

/**
 * The agreements the new version sends back: a CONTRACTUAL check the domain's TEMPLATE_CHANGED applies to
 * (pending or approved), on an agreement signed on an older template. Ordered by organisation, the order
 * their locks are taken in.
 */
function agreementsToResign(trx: Transaction<DB>, version: number) {
  return trx
    .selectFrom('checks as c')
    .innerJoin('participationAgreements as a', 'a.organisationId', 'c.organisationId')
    .select(['c.id as checkId', 'c.organisationId', 'a.id as agreementId', 'a.templateVersion'])
    .where('c.type', '=', 'CONTRACTUAL')
    .where('c.status', 'in', statusesBefore('TEMPLATE_CHANGED'))
    .where('a.templateVersion', '<', version)
    .orderBy('c.organisationId')
    .execute();
}

/**
 * Sends one company's agreement back (packages/domain TEMPLATE_CHANGED, a SYSTEM action): the check to
 * NOT_SUBMITTED with its CheckEvent and audit row (company/apply-check-transition.ts), the ticks cleared
 * (they were given on the old agreement) and the SPOC's mail, in the publication's transaction.
 */
async function askToResign(
  trx: Transaction<DB>,
  services: PublishServices,
  target: { checkId: string; organisationId: string; agreementId: string; templateVersion: number },
  published: { version: number; actor: string; now: Date },
): Promise<boolean> {
  const organisation = await lockOrganisation(trx, target.organisationId);
  const check = await lockRow(trx, {
    table: 'checks',
    entity: 'check',
    id: target.checkId,
    missing: `No check ${target.checkId}`,
  });
  const decision = decide(checkRecordOf(check), 'TEMPLATE_CHANGED', {
    role: 'SYSTEM',
    actor: published.actor,
    reason: `Version ${published.version} of the participation agreement was published; the agreement is signed on version ${target.templateVersion} and must be signed again`,
    now: published.now,
  });
  // The check changed between the selection and its lock (a reviewer rejected it): nothing to ask.
  if (!decision.ok) return false;
  await applyCheckTransition(trx, {
    organisation,
    check,
    type: 'CONTRACTUAL',
    next: decision.next,
    event: decision.event,
    actor: published.actor,
  });
  await trx
    .updateTable('participationAgreements')
    .set({
      acceptedTerms: false,
      confirmedAuthority: false,
      tickBoxesDisclaimerId: null,
      updatedBy: published.actor,
      updatedAt: published.now,
      version: sql<number>`version + 1`,
    })
    .where('id', '=', target.agreementId)
    .execute();
  await mailSpoc(trx, organisation, services, (recipient) =>
    resignRequestedMail(recipient, { version: published.version, signedOn: target.templateVersion }),
  );
  return true;
}

/**
 * POST /api/agreement-templates (ADMIN): a new version of the participation agreement template, in one
 * transaction: the stored file (purpose AGREEMENT_TEMPLATE, no organisation, through the stored-files
 * service with its refusals), its agreement_templates row (version = highest + 1) and audit row, and
 * domain.md's "A new template version asks every company to sign again" for every company whose
 * agreement is pending or approved on an older version. Answers the version and how many were asked.
 */
export async function publishAgreementTemplate(
  db: Kysely<DB>,
  services: PublishServices,
  request: FastifyRequest,
  actor: string,
  now = new Date(),
): Promise<PublishedAgreementTemplate> {
  const { file } = await receiveUpload(request, 'AGREEMENT_TEMPLATE');
  try {
    return await saveWithFile(db, file, { organisationId: null, uploadedBy: actor }, async (trx, stored) => {
      await lockTemplatesExclusively(trx);
      const { highest } = await trx
        .selectFrom('agreementTemplates')
        .select((eb) => eb.fn.max('version').as('highest'))
        .executeTakeFirstOrThrow();
      const version = (highest ?? 0) + 1;
      const row = await trx
        .insertInto('agreementTemplates')
        .values({ version, fileId: stored.id, publishedAt: now, publishedBy: actor })
        .returningAll()
        .executeTakeFirstOrThrow();
      const summary = { id: stored.id, name: stored.name, size: stored.size, mime: stored.mime };
      let resignRequested = 0;
      for (const target of await agreementsToResign(trx, version)) {
        if (await askToResign(trx, services, target, { version, actor, now })) resignRequested += 1;
      }
      await writeAudit(trx, {
        actor,
        action: 'PUBLISH_AGREEMENT_TEMPLATE',
        entity: 'agreementTemplate',
        entityId: String(version),
        diff: { version, file: summary, resignRequested },
      });
      return {
        version,
        file: summary,
        publishedAt: iso(row.publishedAt),
        publishedBy: actor,
        resignRequested,
      };
    });
  } catch (error) {
    // Only without the lock (it serialises publications) could two take the same version; say so plainly.
    if (violates(error, UNIQUE_VIOLATION, 'agreement_templates_pkey')) {
      throw new ApiError(409, 'VERSION_CONFLICT', 'Another version was published at the same time; reload');
    }
    throw error;
  }
}
