import { isSecretKey, REDACTED } from '@portal/domain';

/**
 * Where a diff carries a secret in the clear: the paths of keys that name a secret (@portal/domain
 * isSecretKey) whose value is not REDACTED, and of any value equal to one of `knownSecrets`.
 */
export function secretsInDiff(diff: unknown, knownSecrets: readonly string[] = []): string[] {
  const found: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string' && knownSecrets.some((secret) => value.includes(secret))) found.push(path);
    if (value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      const at = `${path}.${key}`;
      if (isSecretKey(key) && inner !== REDACTED) found.push(at);
      else walk(inner, at);
    }
  };
  walk(diff, 'diff');
  return found;
}
