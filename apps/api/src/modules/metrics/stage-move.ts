import type { StageMoveInput } from '@portal/contracts';
import { moveStage, refusalStatus, stageMoveWrites } from '@portal/domain';
import type { Kysely } from 'kysely';
import { publishChange } from '../../changes/publish-change.js';
import { touchOrganisation } from '../../company/organisation.js';
import { mailSpoc } from '../../company/spoc-recipient.js';
import type { DB } from '../../db/schema.js';
import { lockRow } from '../../db/versioned-rows.js';
import { ApiError, versionConflict } from '../../http/api-error.js';
import type { Caller } from '../../http/caller.js';
import type { Outbox } from '../../mail/outbox.js';
import { stageMoveMail } from './stage-mails.js';

export interface StageMoveServices {
  mail: Outbox;
  appName: string;
  publicUrl: string;
}

/**
 * POST /api/organisations/{id}/stage-moves, in one transaction: the organisation locked
 * at the reviewer's version (409 VERSION_CONFLICT when stale), packages/domain moveStage's rules
 * (TECHNICAL_IQE → TECHNICAL_PRD, TECHNICAL_PRD → MAINTENANCE, EMVO only), then the organisation's new
 * stage (version + 1), its stage event, the audit row named after the move and the SPOC's mail.
 */
export async function moveOrganisationStage(
  db: Kysely<DB>,
  services: StageMoveServices,
  reviewer: Caller,
  organisationId: string,
  input: StageMoveInput,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const organisation = await lockRow(trx, {
      table: 'organisations',
      entity: 'organisation',
      id: organisationId,
      missing: 'No such organisation',
    });
    if (organisation.version !== input.version) throw versionConflict();
    const result = moveStage(organisation.stage, input.move, {
      role: 'EMVO',
      actor: reviewer.actor,
      reason: input.reason,
      now,
    });
    if (!result.ok) throw new ApiError(refusalStatus(result.code), result.code, result.message);
    // What the move writes besides the stage (packages/domain stageMoveWrites).
    const writes = stageMoveWrites(result.event);
    const moved = await touchOrganisation(trx, organisationId, {
      actor: reviewer.actor,
      at: now,
      set: { stage: result.next.stage },
      audit: { ...writes.audit, entityId: organisationId },
    });
    await trx
      .insertInto('stageEvents')
      .values({ ...writes.event, organisationId })
      .execute();
    await publishChange(trx, {
      kind: 'stage',
      action: input.move,
      entityId: organisationId,
      organisationId,
      version: moved.version,
      actor: reviewer.actor,
    });
    await mailSpoc(trx, moved, services, (recipient) =>
      stageMoveMail(recipient, { move: input.move, reason: result.event.comment }),
    );
  });
}
