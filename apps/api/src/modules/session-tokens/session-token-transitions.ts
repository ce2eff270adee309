import type { SessionTokenCancelInput, SessionTokenIssueInput } from '@portal/contracts';
import { cancelTokenTransition, issueTokenTransition } from '@portal/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type Change, publishChange } from '../../changes/publish-change.js';
import { mailSpoc } from '../../company/spoc-recipient.js';
import type { TokenCipher } from '../../company/token-cipher.js';
import { writeAudit } from '../../db/audit.js';
import type { DB } from '../../db/schema.js';
import { lockRow } from '../../db/versioned-rows.js';
import { ApiError, notFound, versionConflict } from '../../http/api-error.js';
import type { Caller } from '../../http/caller.js';
import type { Outbox } from '../../mail/outbox.js';
import { tokenCancelledMail, tokenIssuedMail } from './session-token-mails.js';

/** What issuing and cancelling a token need besides the database. */
export interface SessionTokenServices {
  mail: Outbox;
  appName: string;
  /** The portal's origin, for the link to /external/onboarding in the company's mails. */
  publicUrl: string;
  /** The configured key's cipher, loaded on first use (company/token-cipher.ts lazyTokenCipher). */
  cipher: () => Promise<TokenCipher>;
}

/**
 * The token locked until the transaction ends, at the version the reviewer saw (409 VERSION_CONFLICT when
 * stale: someone issued or cancelled it meanwhile, or the company revealed it), with its organisation.
 */
async function lockTokenAtVersion(trx: Transaction<DB>, tokenId: string, version: number) {
  const token = await lockRow(trx, {
    table: 'sessionTokens',
    entity: 'sessionToken',
    id: tokenId,
    missing: `No session token ${tokenId}`,
  });
  if (token.version !== version) throw versionConflict();
  const organisation = await trx
    .selectFrom('organisations')
    .selectAll()
    .where('id', '=', token.organisationId)
    .executeTakeFirst();
  if (!organisation) throw notFound(`No organisation ${token.organisationId}`);
  return { token, organisation };
}

/** The live updates' event of a token's change, in its transaction. */
const tokenChange = (
  action: 'ISSUE' | 'CANCEL',
  token: { id: string; organisationId: string },
  version: number,
  actor: string,
): Change => ({
  kind: 'sessionToken',
  action,
  entityId: token.id,
  organisationId: token.organisationId,
  version,
  actor,
});

/**
 * POST /api/session-tokens/{id}/issue, in one transaction: the token locked at the reviewer's version, a
 * REQUESTED one only (else 409 TOKEN_NOT_REQUESTED), its value encrypted with the configured key (AES-256-GCM,
 * a fresh nonce, the key id stored), expiresAt = issuedAt + 24 h (domain.md SessionToken), an audit row
 * and the SPOC's mail. Neither the audit diff nor the mail nor any error carries the value.
 */
export async function issueSessionToken(
  db: Kysely<DB>,
  services: SessionTokenServices,
  reviewer: Caller,
  tokenId: string,
  input: SessionTokenIssueInput,
  now = new Date(),
): Promise<void> {
  const cipher = await services.cipher();
  await db.transaction().execute(async (trx) => {
    const { token, organisation } = await lockTokenAtVersion(trx, tokenId, input.version);
    // packages/domain issueTokenTransition: a requested token only, valid 24 h.
    const result = issueTokenTransition(token, { actor: reviewer.actor, now });
    if (!result.ok) throw new ApiError(409, result.code, result.message);
    const encrypted = cipher.encrypt(input.value);
    const written = await trx
      .updateTable('sessionTokens')
      .set({
        ...result.changes,
        valueCiphertext: encrypted.ciphertext,
        valueNonce: encrypted.nonce,
        keyId: encrypted.keyId,
        updatedBy: reviewer.actor,
        updatedAt: now,
        version: sql<number>`version + 1`,
      })
      .where('id', '=', token.id)
      .returning('version')
      .executeTakeFirstOrThrow();
    await publishChange(trx, tokenChange('ISSUE', token, written.version, reviewer.actor));
    await writeAudit(trx, {
      actor: reviewer.actor,
      action: 'ISSUE_SESSION_TOKEN',
      entity: 'sessionToken',
      entityId: token.id,
      // The key id says which key can read it (rotation); the value and its ciphertext stay out.
      diff: { ...result.diff, keyId: encrypted.keyId },
    });
    await mailSpoc(trx, organisation, services, (recipient) =>
      tokenIssuedMail(recipient, { environment: token.environment, expiresAt: result.changes.expiresAt }),
    );
  });
}

/**
 * POST /api/session-tokens/{id}/cancel, in one transaction: the token locked at the reviewer's version, a
 * requested one or an issued one not yet expired (else 409 TOKEN_NOT_CANCELLABLE), CANCELLED with who, when
 * and why, its encrypted value wiped (a cancelled token is never shown), an audit row and the SPOC's mail.
 * The company may then request a new one (technical-step.ts: only an open request blocks it).
 */
export async function cancelSessionToken(
  db: Kysely<DB>,
  services: SessionTokenServices,
  reviewer: Caller,
  tokenId: string,
  input: SessionTokenCancelInput,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { token, organisation } = await lockTokenAtVersion(trx, tokenId, input.version);
    // packages/domain cancelTokenTransition: a requested or valid issued token.
    const result = cancelTokenTransition(token, { actor: reviewer.actor, now, reason: input.reason });
    if (!result.ok) throw new ApiError(409, result.code, result.message);
    const written = await trx
      .updateTable('sessionTokens')
      .set({
        ...result.changes,
        valueCiphertext: null,
        valueNonce: null,
        keyId: null,
        updatedBy: reviewer.actor,
        updatedAt: now,
        version: sql<number>`version + 1`,
      })
      .where('id', '=', token.id)
      .returning('version')
      .executeTakeFirstOrThrow();
    await publishChange(trx, tokenChange('CANCEL', token, written.version, reviewer.actor));
    await writeAudit(trx, {
      actor: reviewer.actor,
      action: 'CANCEL_SESSION_TOKEN',
      entity: 'sessionToken',
      entityId: token.id,
      diff: result.diff,
    });
    await mailSpoc(trx, organisation, services, (recipient) =>
      tokenCancelledMail(recipient, { environment: token.environment, reason: input.reason }),
    );
  });
}
