import type { RevealedSessionToken, StoredFileSummary } from '@portal/contracts';
import {
  environmentLockedMessage,
  gatewayNotAvailable,
  isCsrPem,
  revealRefusal,
  type TechnicalEnvironment,
  tokenAlreadyRequested,
  tokenRequestNeeds,
  tokenRequestRefusal,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { applicationChange, publishChange } from '../../changes/publish-change.js';
import {
  lockOrganisation,
  lockOrganisationAtVersion,
  touchOrganisation,
} from '../../company/organisation.js';
import { type TokenCipher, TokenDecryptionError } from '../../company/token-cipher.js';
import { writeAudit } from '../../db/audit.js';
import { UNIQUE_VIOLATION, violates } from '../../db/pg-errors.js';
import type { DB, Db, Organisation } from '../../db/schema.js';
import { ApiError, notFound, refusalError } from '../../http/api-error.js';
import { receiveUpload, type StagedFile } from '../../storage/receive-upload.js';
import { saveWithFile } from '../../storage/save-with-file.js';
import { refuseWhenStorageFull } from '../../storage/storage-quota.js';
import { contentMismatch } from '../../storage/upload-errors.js';
import type { OnboardingCaller } from './onboarding-caller.js';

/**
 * domain.md "Life of an application", the technical step: from TECHNICAL_IQE the company
 * picks a gateway, uploads CSR files, requests session tokens per environment and sees its test runs; PRD
 * opens at TECHNICAL_PRD. The gateway is one for both environments (organisations.gateway_id, domain.md
 * Organisation.gatewayId): choosing it for an environment checks that it offers that environment, and the
 * answer shows it in each environment it offers. Reviewers issue the tokens (a later issue); the company
 * reveals an issued value once.
 */

/** 409 STEP_LOCKED, as the other steps answer, while the environment is not open for the company. */
export function assertEnvironmentOpen(organisation: Organisation, environment: TechnicalEnvironment): void {
  const locked = environmentLockedMessage(organisation.stage, environment);
  if (locked) throw new ApiError(409, 'STEP_LOCKED', locked);
}

/** The gateways a company may choose for an environment: active, certified, offering it. */
const choosableGateways = (db: Db, environment: TechnicalEnvironment) =>
  db
    .selectFrom('gateways')
    .select(['id', 'name'])
    .where('active', '=', true)
    .where('certified', '=', true)
    .where(sql<boolean>`${environment} = any(environments)`);

/**
 * PUT /api/onboarding/technical/{environment}/gateway, at the organisation's version (409 when stale): an
 * active, certified gateway offering the environment (else 400 GATEWAY_NOT_AVAILABLE), set as the
 * company's gateway, the organisation's version + 1 and an audit row, in one transaction.
 */
export async function chooseGateway(
  db: Kysely<DB>,
  caller: OnboardingCaller,
  environment: TechnicalEnvironment,
  input: { version: number; gatewayId: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const organisation = await lockOrganisationAtVersion(trx, caller.organisationId, input.version);
    assertEnvironmentOpen(organisation, environment);
    const gateway = await choosableGateways(trx, environment)
      .where('id', '=', input.gatewayId)
      .forShare()
      .executeTakeFirst();
    if (!gateway) throw refusalError(gatewayNotAvailable(environment));
    const touched = await touchOrganisation(trx, organisation.id, {
      actor: caller.actor,
      set: { gatewayId: gateway.id },
      audit: {
        action: 'CHOOSE_GATEWAY',
        entity: 'organisation',
        entityId: organisation.id,
        diff: { environment, gatewayId: { from: organisation.gatewayId, to: gateway.id } },
      },
    });
    await publishChange(trx, applicationChange(touched, 'CHOOSE_GATEWAY', caller.actor));
  });
}

/** The organisation now, read before an upload's body: a closed environment stores no byte. */
async function assertOpenBeforeUpload(
  db: Kysely<DB>,
  organisationId: string,
  environment: TechnicalEnvironment,
) {
  const organisation = await db
    .selectFrom('organisations')
    .selectAll()
    .where('id', '=', organisationId)
    .executeTakeFirst();
  if (!organisation) throw notFound(`No organisation ${organisationId}`);
  assertEnvironmentOpen(organisation, environment);
}

/** The staged file's bytes read back from the store (a CSR is at most 1 MB). */
async function stagedText(request: FastifyRequest, file: StagedFile): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await request.server.fileStorage.store.get(file.container, file.key)) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * POST /api/onboarding/technical/{environment}/csr: a `.csr` file through the stored-files service (111,
 * 112, 413 pass through: its first bytes must start a PEM certificate request), then the whole content
 * checked as one PEM "CERTIFICATE REQUEST" block with a base64 body (packages/domain isCsrPem; else 400
 * code 112, the blob removed), then one transaction: its stored_files row, the certificate request
 * (UPLOADED) and an audit row; over the company's storage quota, 413
 * STORAGE_QUOTA_EXCEEDED, before the body is read when the quota is already used up. The organisation's
 * version is not changed, as for the other uploads.
 */
export async function uploadCsr(
  db: Kysely<DB>,
  request: FastifyRequest,
  caller: OnboardingCaller,
  environment: TechnicalEnvironment,
): Promise<{ id: string; environment: TechnicalEnvironment; file: StoredFileSummary; status: 'UPLOADED' }> {
  const { organisationId, actor } = caller;
  await assertOpenBeforeUpload(db, organisationId, environment);
  await refuseWhenStorageFull(db, request.server.fileStorage, organisationId);
  const { file } = await receiveUpload(request, 'CSR');
  let valid: boolean;
  try {
    valid = isCsrPem(await stagedText(request, file));
  } catch (error) {
    await file.discard();
    throw error;
  }
  if (!valid) {
    await file.discard();
    throw contentMismatch('csr');
  }
  return saveWithFile(db, file, { organisationId, uploadedBy: actor }, async (trx, stored) => {
    // Again under the lock: a reviewer may have suspended the company while the file came in.
    assertEnvironmentOpen(await lockOrganisation(trx, organisationId), environment);
    const { id } = await trx
      .insertInto('certificateRequests')
      .values({ organisationId, environment, fileId: stored.id, createdBy: actor, updatedBy: actor })
      .returning('id')
      .executeTakeFirstOrThrow();
    const summary = { id: stored.id, name: stored.name, size: stored.size, mime: stored.mime };
    await writeAudit(trx, {
      actor,
      action: 'UPLOAD_CSR',
      entity: 'certificateRequest',
      entityId: id,
      diff: { environment, fileId: stored.id, file: summary },
    });
    return { id, environment, file: summary, status: 'UPLOADED' as const };
  });
}

/**
 * What a token request needs, read under the organisation's lock: its gateway where it offers the
 * environment, and the environment's CSRs (domain tokenRequestNeeds).
 */
async function tokenRequestRecords(db: Db, organisation: Organisation, environment: TechnicalEnvironment) {
  const gateway = organisation.gatewayId
    ? await db
        .selectFrom('gateways')
        .select('id')
        .where('id', '=', organisation.gatewayId)
        .where(sql<boolean>`${environment} = any(environments)`)
        .executeTakeFirst()
    : undefined;
  const csrs = await db
    .selectFrom('certificateRequests')
    .select('status')
    .where('organisationId', '=', organisation.id)
    .where('environment', '=', environment)
    .execute();
  return { gateway: gateway ?? null, csrs };
}

const alreadyRequested = (environment: TechnicalEnvironment) =>
  refusalError(tokenAlreadyRequested(environment));

/**
 * POST /api/onboarding/technical/{environment}/session-token, at the organisation's version (409 when
 * stale): once the company has its gateway and a CSR not rejected for the environment (else 409
 * TOKEN_REQUEST_NOT_READY), a REQUESTED token for the reviewers' queue (at most one open request per
 * environment: 409 TOKEN_ALREADY_REQUESTED, held by a partial unique index too), the organisation's
 * version + 1 and an audit row, in one transaction.
 */
export async function requestSessionToken(
  db: Kysely<DB>,
  caller: OnboardingCaller,
  environment: TechnicalEnvironment,
  version: number,
): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const organisation = await lockOrganisationAtVersion(trx, caller.organisationId, version);
      assertEnvironmentOpen(organisation, environment);
      const refused = tokenRequestRefusal(
        environment,
        tokenRequestNeeds(await tokenRequestRecords(trx, organisation, environment)),
      );
      if (refused) throw refusalError(refused);
      const open = await trx
        .selectFrom('sessionTokens')
        .select('id')
        .where('organisationId', '=', organisation.id)
        .where('environment', '=', environment)
        .where('status', '=', 'REQUESTED')
        .executeTakeFirst();
      if (open) throw alreadyRequested(environment);
      const now = new Date();
      const { id, version: tokenVersion } = await trx
        .insertInto('sessionTokens')
        .values({
          organisationId: organisation.id,
          environment,
          requestedBy: caller.actor,
          requestedAt: now,
          createdBy: caller.actor,
          updatedBy: caller.actor,
        })
        .returning(['id', 'version'])
        .executeTakeFirstOrThrow();
      await publishChange(trx, {
        kind: 'sessionToken',
        action: 'REQUEST',
        entityId: id,
        organisationId: organisation.id,
        version: tokenVersion,
        actor: caller.actor,
      });
      await touchOrganisation(trx, organisation.id, {
        actor: caller.actor,
        at: now,
        audit: {
          action: 'REQUEST_SESSION_TOKEN',
          entity: 'sessionToken',
          entityId: id,
          diff: { environment, status: 'REQUESTED' },
        },
      });
    });
  } catch (error) {
    if (violates(error, UNIQUE_VIOLATION, 'session_tokens_one_open_request'))
      throw alreadyRequested(environment);
    throw error;
  }
}

/**
 * POST /api/onboarding/technical/session-tokens/{tokenId}/reveal: the decrypted value of an issued,
 * unexpired token of the caller's organisation, once (shown_at set and an audit row in the same
 * transaction, the row locked so two clicks cannot both see it). Another company's token or an unknown
 * id: 404; shown before: 409 TOKEN_ALREADY_SHOWN; not issued, cancelled or expired: 409 TOKEN_NOT_AVAILABLE.
 */
export async function revealSessionToken(
  db: Kysely<DB>,
  cipher: () => Promise<TokenCipher>,
  caller: OnboardingCaller,
  tokenId: string,
  now = new Date(),
): Promise<RevealedSessionToken> {
  return db.transaction().execute(async (trx) => {
    const organisation = await lockOrganisation(trx, caller.organisationId);
    const token = await trx
      .selectFrom('sessionTokens')
      .selectAll()
      .where('id', '=', tokenId)
      .where('organisationId', '=', organisation.id)
      .forUpdate()
      .executeTakeFirst();
    if (!token) throw notFound(`No session token ${tokenId}`);
    assertEnvironmentOpen(organisation, token.environment);
    const refused = revealRefusal(token, now);
    if (refused || !token.expiresAt) {
      throw new ApiError(409, refused?.code ?? 'TOKEN_NOT_AVAILABLE', refused?.message ?? 'No value to show');
    }
    if (!token.valueCiphertext || !token.valueNonce || !token.keyId) {
      throw new Error(`Session token ${token.id} is issued without its encrypted value`);
    }
    let value: string;
    try {
      value = (await cipher()).decrypt({
        ciphertext: token.valueCiphertext,
        nonce: token.valueNonce,
        keyId: token.keyId,
      });
    } catch (error) {
      if (!(error instanceof TokenDecryptionError)) throw error;
      throw new ApiError(
        409,
        'TOKEN_UNREADABLE',
        'This session token can no longer be read (the encryption key changed); request a new one',
      );
    }
    const { version } = await trx
      .updateTable('sessionTokens')
      .set({ shownAt: now, updatedBy: caller.actor, updatedAt: now, version: sql<number>`version + 1` })
      .where('id', '=', token.id)
      .returning('version')
      .executeTakeFirstOrThrow();
    // The reviewers' token list holds the version: a reveal moves it.
    await publishChange(trx, {
      kind: 'sessionToken',
      action: 'REVEAL',
      entityId: token.id,
      organisationId: organisation.id,
      version,
      actor: caller.actor,
    });
    await writeAudit(trx, {
      actor: caller.actor,
      action: 'REVEAL_SESSION_TOKEN',
      entity: 'sessionToken',
      entityId: token.id,
      diff: { shownAt: now.toISOString() },
    });
    return { id: token.id, environment: token.environment, value, expiresAt: token.expiresAt.toISOString() };
  });
}
