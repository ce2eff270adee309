import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keyFileOf, loadKeyFile, serverTokenKey } from './token-key-file.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("a server's token key", () => {
  it('takes TOKEN_ENCRYPTION_KEY when set', async () => {
    const key = randomBytes(32);
    const loaded = await serverTokenKey({
      tokenEncryptionKey: key.toString('base64'),
      dataDir: '/nonexistent',
    })();
    expect(loaded.equals(key)).toBe(true);
  });

  it('else generates a key once under DATA_DIR, mode 0600, and reads the same one after', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'token-key-'));
    dirs.push(dataDir);
    const first = await serverTokenKey({ tokenEncryptionKey: undefined, dataDir })();
    const second = await loadKeyFile(dataDir);
    expect(first).toHaveLength(32);
    expect(second.equals(first)).toBe(true);
    expect((await stat(keyFileOf(dataDir))).mode & 0o777).toBe(0o600);
    expect((await readFile(keyFileOf(dataDir), 'utf8')).trim()).toBe(first.toString('base64'));
  });
});
