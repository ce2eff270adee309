import { REDACTED } from '@portal/contracts';
import type { Kysely, Transaction } from 'kysely';
import { currentRequest } from '../http/request-context.js';
import type { DB } from './schema.js';

export interface AuditEntry {
  actor: string;
  action: 'CREATE' | 'UPDATE' | 'DELETE' | (string & {});
  entity: string;
  entityId: string;
  diff?: unknown;
}

/**
 * The last word of a key that names a secret (tokenValue, accessToken, newPassword, client_secret), and
 * whole keys that do although their last word does not. A key's last word decides, so tokenId, keyId or
 * a tooltip's `key` stay readable.
 */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'secret',
  'token',
  'value',
  'ciphertext',
  'credential',
  'credentials',
  'hash',
]);
const SECRET_KEYS = new Set(['apikey', 'privatekey', 'accountkey', 'encryptionkey', 'connectionstring']);

/** Whether an object key names a secret: its last camelCase, snake_case or kebab-case word does. */
export function isSecretKey(key: string): boolean {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean);
  const last = words.at(-1)?.toLowerCase() ?? '';
  return SECRET_WORDS.has(last) || SECRET_KEYS.has(words.join('').toLowerCase());
}

/**
 * issue 13 item 4: "Secrets never appear in a diff". The diff as JSON, with the value of every key that
 * names a secret, at any depth, replaced by REDACTED (the whole value: an UPDATE's { from, to } too). The
 * callers already leave secrets out; this is the defence should one forget.
 */
export function redactSecrets(diff: unknown): unknown {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, isSecretKey(key) ? REDACTED : walk(inner)]),
    );
  };
  // Through JSON first, so dates and toJSON() read as they will be stored.
  const json = JSON.stringify(diff);
  return json === undefined ? null : walk(JSON.parse(json));
}

/** domain.md: every change writes an audit row, in the same transaction as the change. */
export async function writeAudit(trx: Transaction<DB> | Kysely<DB>, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('auditLog')
    .values({
      ...entry,
      // issue 21 item 3: the client address of the request making the change, when a request makes it.
      address: currentRequest()?.address ?? null,
      diff: entry.diff === undefined ? null : JSON.stringify(redactSecrets(entry.diff)),
    })
    .execute();
}

/**
 * An UPDATE's diff: each field of `after` whose value differs from `before`, as { from, to }. Values are
 * compared as JSON, so dates and arrays compare by content.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const diff: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(after)) {
    const from = before[field];
    if (JSON.stringify(from) !== JSON.stringify(to)) diff[field] = { from: from ?? null, to: to ?? null };
  }
  return diff;
}
