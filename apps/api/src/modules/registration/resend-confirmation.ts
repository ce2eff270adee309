import { REGISTRATION_COMPLETED_TEXT } from '@portal/contracts';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { accountTokenError, hashToken } from '../../accounts/account-tokens.js';
import { writeAudit } from '../../db/audit.js';
import type { DB } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { Outbox } from '../../mail/outbox.js';
import {
  ENTITY,
  lockRegistration,
  type RegistrationSettings,
  sendConfirmation,
} from './registration-repository.js';

/**
 * domain.md: "Resending is allowed until the registration is completed". The token named may be expired
 * or used already (that is why one asks again), so it is looked up by its hash alone. A new link replaces
 * every earlier one. After completion the answer is spec §8's server text, which the SPA shows as
 * INVALID_RESEND_CONFIRMATION_EMAIL. An invitation's link is resent by whoever invited, not here (105).
 */
export async function resendConfirmation(
  db: Kysely<DB>,
  mail: Outbox,
  settings: RegistrationSettings,
  token: string,
): Promise<void> {
  const known = await db
    .selectFrom('accountTokens')
    .select(['purpose', 'registrationId'])
    .where('tokenHash', '=', hashToken(token))
    .executeTakeFirst();
  const registrationId = known?.purpose === 'CONFIRM_REGISTRATION' ? known.registrationId : null;
  if (!registrationId) throw accountTokenError('unknown');

  await db.transaction().execute(async (trx) => {
    // The registration first, then its tokens: the order confirmation takes too, so the two never deadlock.
    const registration = await lockRegistration(trx, registrationId);
    if (!registration) throw accountTokenError('unknown');
    if (registration.status === 'COMPLETED') {
      throw new ApiError(400, 'REGISTRATION_COMPLETED', REGISTRATION_COMPLETED_TEXT);
    }
    const resent = await trx
      .updateTable('registrations')
      .set({
        resendCount: sql<number>`resend_count + 1`,
        lastSentAt: new Date(),
        updatedAt: new Date(),
        updatedBy: registration.email,
        version: sql<number>`version + 1`,
      })
      .where('id', '=', registration.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actor: registration.email,
      action: 'RESEND_CONFIRMATION',
      entity: ENTITY,
      entityId: registration.id,
      diff: { resendCount: { from: registration.resendCount, to: resent.resendCount } },
    });
    await sendConfirmation(trx, mail, settings, resent);
  });
}
