import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_TOKEN_ERRORS, ACCOUNT_TOKEN_TEXTS } from '@portal/contracts';
import { accountTokenRefusal, tokenExpiry } from '@portal/domain';
import type { Transaction } from 'kysely';
import type { AccountToken, DB, Db } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';

/**
 * The link a mailed token travels in (a registration's confirmation, an invitation): the SPA's /confirm
 * page, which reads the token and calls the API.
 */
export const confirmationLink = (publicUrl: string, token: string) =>
  `${publicUrl}/confirm?token=${encodeURIComponent(token)}`;

/** Only a token's sha256 is stored: a leaked table holds no usable link. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues a single-use token for a mailed link, inside the caller's transaction (the one that writes the
 * mail), and answers the token itself, which only the mail carries. Earlier unused tokens of the same
 * registration or user stop working, so only the newest link does.
 */
export async function issueAccountToken(
  trx: Db,
  target:
    | { purpose: 'CONFIRM_REGISTRATION'; registrationId: string }
    // A company's invitation of an account that exists already names its pending invitation.
    | { purpose: 'INVITATION'; userId: string; personInvitationId?: string },
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const owner =
    target.purpose === 'CONFIRM_REGISTRATION'
      ? ({ registrationId: target.registrationId, userId: null, personInvitationId: null } as const)
      : ({
          registrationId: null,
          userId: target.userId,
          personInvitationId: target.personInvitationId ?? null,
        } as const);
  let previous = trx.updateTable('accountTokens').set({ usedAt: now }).where('usedAt', 'is', null);
  previous =
    owner.registrationId !== null
      ? previous.where('registrationId', '=', owner.registrationId)
      : owner.personInvitationId !== null
        ? previous.where('personInvitationId', '=', owner.personInvitationId)
        : previous.where('userId', '=', owner.userId).where('personInvitationId', 'is', null);
  await previous.execute();
  await trx
    .insertInto('accountTokens')
    .values({
      tokenHash: hashToken(token),
      purpose: target.purpose,
      ...owner,
      expiresAt: tokenExpiry(target.purpose, now),
    })
    .execute();
  return token;
}

/** spec §8 INVALID_CONFIRM_ACCOUNT's refusal of a link: its code and its text (contracts ACCOUNT_TOKEN_TEXTS). */
export const accountTokenError = (kind: keyof typeof ACCOUNT_TOKEN_ERRORS) =>
  new ApiError(400, ACCOUNT_TOKEN_ERRORS[kind], ACCOUNT_TOKEN_TEXTS[kind]);

/**
 * The token's row when it can still be used, else spec §8's INVALID_CONFIRM_ACCOUNT codes: 105 unknown,
 * 301 expired, 405 used (packages/domain accountTokenRefusal). With `lock`, the row stays locked until the
 * transaction ends, so a link clicked twice at once is used once.
 */
export async function usableAccountToken(
  db: Db,
  token: string,
  options: { lock?: boolean; now?: Date } = {},
): Promise<AccountToken> {
  let query = db.selectFrom('accountTokens').selectAll().where('tokenHash', '=', hashToken(token));
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  const refusal = accountTokenRefusal(row, options.now ?? new Date());
  if (refusal || !row) throw accountTokenError(refusal ?? 'unknown');
  return row;
}

/** Marks a token used, in the transaction that does what it allowed. */
export async function useAccountToken(trx: Transaction<DB>, id: string, now = new Date()): Promise<void> {
  await trx.updateTable('accountTokens').set({ usedAt: now }).where('id', '=', id).execute();
}
