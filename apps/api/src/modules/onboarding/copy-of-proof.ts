import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { contactsByKind } from '../../company/application-repository.js';
import { lockOrganisation } from '../../company/organisation.js';
import { writeAudit } from '../../db/audit.js';
import type { DB } from '../../db/schema.js';
import { receiveUpload } from '../../storage/receive-upload.js';
import { saveWithFile } from '../../storage/save-with-file.js';
import { refuseWhenStorageFull } from '../../storage/storage-quota.js';
import { assertLegitimacyEditable, legitimacyCheckOf } from './legitimacy-step.js';
import type { OnboardingCaller } from './onboarding-caller.js';

export interface StoredFileSummary {
  id: string;
  name: string;
  size: number;
  mime: string;
}

/** STEP_LOCKED, read before the body: a locked step's upload is refused without storing a byte. */
async function assertEditable(db: Kysely<DB>, organisationId: string): Promise<void> {
  const organisation = await db
    .selectFrom('organisations')
    .selectAll()
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  assertLegitimacyEditable(organisation, await legitimacyCheckOf(db, organisationId));
}

/**
 * POST /api/onboarding/legitimacy/copy-of-proof: domain.md "its authorised representative with
 * copyOfProof" (pdf/jpg/png). The stored-files service checks and stores the stream (111, 112, 413
 * pass through); then one transaction writes the stored_files row and points the AR contact at it (the
 * new file's ref_count 1; the AR row is created empty when the company has none yet) and removes the
 * previous file, whose blob goes after the commit (a replaced file is not kept). The
 * company's storage quota is checked before the body is read and, as the rule, in the transaction (413
 * STORAGE_QUOTA_EXCEEDED). When that transaction fails, the service removes the blob. The organisation's
 * version is not changed: the draft keeps the AR's file, so an open form can still be saved after an
 * upload.
 */
export async function uploadCopyOfProof(
  db: Kysely<DB>,
  request: FastifyRequest,
  caller: OnboardingCaller,
): Promise<StoredFileSummary> {
  const { organisationId, actor } = caller;
  await assertEditable(db, organisationId);
  const current = (await contactsByKind(db, organisationId)).AUTHORISED_REPRESENTATIVE;
  await refuseWhenStorageFull(db, request.server.fileStorage, organisationId, current?.copyOfProofFileId);
  const { file } = await receiveUpload(request, 'COPY_OF_PROOF');
  return saveWithFile(db, file, { organisationId, uploadedBy: actor }, async (trx, stored, release) => {
    // Again under the organisation's lock: a submission may have locked the step while the file came in.
    const organisation = await lockOrganisation(trx, organisationId);
    assertLegitimacyEditable(organisation, await legitimacyCheckOf(trx, organisationId));

    const representative = (await contactsByKind(trx, organisationId)).AUTHORISED_REPRESENTATIVE;
    const previousFileId = representative?.copyOfProofFileId ?? null;
    let contactId: string;
    if (representative) {
      contactId = representative.id;
      await trx
        .updateTable('contacts')
        .set({
          copyOfProofFileId: stored.id,
          updatedBy: actor,
          updatedAt: new Date(),
          version: sql<number>`version + 1`,
        })
        .where('id', '=', contactId)
        .execute();
    } else {
      ({ id: contactId } = await trx
        .insertInto('contacts')
        .values({
          organisationId,
          kind: 'AUTHORISED_REPRESENTATIVE',
          firstName: '',
          lastName: '',
          email: '',
          copyOfProofFileId: stored.id,
          createdBy: actor,
          updatedBy: actor,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    }
    await release(previousFileId);
    const summary = { id: stored.id, name: stored.name, size: stored.size, mime: stored.mime };
    await writeAudit(trx, {
      actor,
      action: 'UPLOAD_COPY_OF_PROOF',
      entity: 'contact',
      entityId: contactId,
      diff: { copyOfProofFileId: { from: previousFileId, to: stored.id }, file: summary },
    });
    return summary;
  });
}
