import {
  type DisclaimerAcceptance,
  type DisclaimerType,
  type PendingDisclaimer,
  SIGN_IN_DISCLAIMER_TYPES,
} from '@portal/contracts';
import { acceptanceRefusal, nonePublishedRefusal } from '@portal/domain';
import type { Kysely } from 'kysely';
import { findCaller } from '../../company/caller-organisation.js';
import { writeAudit } from '../../db/audit.js';
import type { DB } from '../../db/schema.js';
import { ApiError, refusalError } from '../../http/api-error.js';
import type { Caller } from '../../http/caller.js';
import type { SessionUser } from '../../plugins/auth.js';
import { publishedDisclaimer } from '../../publications/disclaimers-repository.js';

const noUser = () => new ApiError(403, 'FORBIDDEN', 'Your account is not a portal user yet');
/** packages/domain disclaimer-versions.ts's refusal as the error the API answers. */

/**
 * "A published content that requires acceptance is shown to each user at their next sign-in until
 * accepted". The published versions of the sign-in types that require acceptance and that the caller has
 * not accepted (an acceptance names the version's row, so a newer version is pending again). A token
 * without a portal user (not linked yet) has nothing to accept: it can store no acceptance.
 */
export async function pendingDisclaimers(db: Kysely<DB>, user: SessionUser): Promise<PendingDisclaimer[]> {
  const caller = await findCaller(db, user);
  if (!caller) return [];
  const rows = await db
    .selectFrom('disclaimerContents')
    .select(['type', 'versionNumber', 'title', 'body'])
    .where('status', '=', 'PUBLISHED')
    .where('requiresAcceptance', '=', true)
    .where('type', 'in', SIGN_IN_DISCLAIMER_TYPES)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('disclaimerAcceptances')
            .select('disclaimerAcceptances.id')
            .whereRef('disclaimerAcceptances.disclaimerContentId', '=', 'disclaimerContents.id')
            .where('disclaimerAcceptances.userId', '=', caller.userId),
        ),
      ),
    )
    .orderBy('type')
    .execute();
  return rows.map((row) => ({
    type: row.type,
    version: row.versionNumber,
    title: row.title,
    body: row.body,
  }));
}

/**
 * domain.md DisclaimerAcceptance (user, version, at): the caller accepts the published version of a type
 * they read. A version that is no longer the published one answers 409 DISCLAIMER_OUTDATED (as the
 * registration does), so nobody accepts a text they did not see. Accepting twice keeps the first time.
 */
export async function acceptDisclaimer(
  db: Kysely<DB>,
  user: Caller,
  type: string,
  version: number,
): Promise<DisclaimerAcceptance> {
  return db.transaction().execute(async (trx) => {
    const caller = await findCaller(trx, user);
    if (!caller) throw noUser();
    const published = await publishedDisclaimer(trx, type);
    const refusal = acceptanceRefusal(type, published, version);
    if (refusal || !published) throw refusalError(refusal ?? nonePublishedRefusal(type));
    const inserted = await trx
      .insertInto('disclaimerAcceptances')
      .values({ userId: caller.userId, disclaimerContentId: published.id })
      .onConflict((oc) => oc.columns(['userId', 'disclaimerContentId']).doNothing())
      .returning(['id', 'at'])
      .executeTakeFirst();
    if (inserted) {
      await writeAudit(trx, {
        actor: user.actor,
        action: 'CREATE',
        entity: 'disclaimerAcceptance',
        entityId: inserted.id,
        diff: { userId: caller.userId, disclaimerContentId: published.id, type, version },
      });
    }
    const at =
      inserted?.at ??
      (
        await trx
          .selectFrom('disclaimerAcceptances')
          .select('at')
          .where('userId', '=', caller.userId)
          .where('disclaimerContentId', '=', published.id)
          .executeTakeFirstOrThrow()
      ).at;
    return { type: published.type as DisclaimerType, version, acceptedAt: new Date(at).toISOString() };
  });
}
