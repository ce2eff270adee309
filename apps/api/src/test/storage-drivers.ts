import { afterAll, beforeAll } from 'vitest';
import { type Azurite, startAzurite } from './azurite-process.js';

/** The two stores every storage behaviour is tested on: a local directory and Azure Blob (Azurite). */
export const STORAGE_DRIVERS = ['disk', 'azure'] as const;
export type StorageDriver = (typeof STORAGE_DRIVERS)[number];

/**
 * Starts one Azurite for the test file (stopped after it) and gives the configuration of a test app on
 * either store: `createTestApp({ config: { DATA_DIR, ...storageConfig(driver) } })`.
 */
export function useStorageDrivers() {
  let azurite: Azurite | undefined;
  beforeAll(async () => {
    azurite = await startAzurite();
  });
  afterAll(() => azurite?.stop());
  return {
    storageConfig: (driver: StorageDriver): Record<string, string> => {
      if (driver === 'disk') return {};
      if (!azurite) throw new Error('Azurite is not started yet: call storageConfig inside a hook or test');
      return { STORAGE_CONNECTION_STRING: azurite.connectionString };
    },
  };
}
