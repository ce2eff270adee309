/**
 * domain.md AuditLog: what an audit row's diff holds, as the API's writeAudit writes it: an UPDATE's
 * { field: { from, to } }, and never a secret in the clear.
 */

/** The value put in place of a secret's (a key such as password, token, secret or value). */
export const REDACTED = '[redacted]';

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
 * "Secrets never appear in a diff". The diff as JSON, with the value of every key that
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

/**
 * An UPDATE's diff: each field of `after` whose value differs from `before`, as { from, to }. Values are
 * compared as JSON, so dates and arrays compare by content.
 */
export function changedFields(before: object, after: object): Record<string, { from: unknown; to: unknown }> {
  const diff: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(after)) {
    const from: unknown = Reflect.get(before, field);
    if (JSON.stringify(from) !== JSON.stringify(to)) diff[field] = { from: from ?? null, to: to ?? null };
  }
  return diff;
}
