import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { configuredTokenKey, KEY_BYTES, type TokenKeySource } from '../company/token-cipher.js';
import type { Config } from '../config.js';

/** The generated key's file under DATA_DIR. */
export const keyFileOf = (dataDir: string) => join(dataDir, 'token-encryption.key');

/** A server's key: TOKEN_ENCRYPTION_KEY when set, else the one kept under DATA_DIR. */
export const serverTokenKey = (config: Pick<Config, 'tokenEncryptionKey' | 'dataDir'>): TokenKeySource =>
  config.tokenEncryptionKey
    ? configuredTokenKey(config.tokenEncryptionKey)
    : () => loadKeyFile(config.dataDir);

/**
 * The key kept under DATA_DIR, generated (and written with mode 0600, never overwritten: two instances
 * starting together keep the first one's) on first use.
 */
export async function loadKeyFile(dataDir: string): Promise<Buffer> {
  const file = keyFileOf(dataDir);
  const read = async () => {
    const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a ${KEY_BYTES}-byte base64 key`);
    return key;
  };
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(file), { recursive: true });
  try {
    await writeFile(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    await chmod(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return read();
}
