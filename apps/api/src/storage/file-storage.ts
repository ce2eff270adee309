import { FILE_PURPOSES, type FilePurpose } from '@portal/contracts';
import { containerName } from '@portal/domain';
import type { Config } from '../config.js';
import { createAzureBlobStore } from './azure-blob-store.js';
import { assertContainerName, type BlobStore } from './blob-store.js';
import { countedStore } from './counted-store.js';
import { createDiskBlobStore } from './disk-blob-store.js';

/** The configured store and the container of each purpose: what uploads and downloads need. */
export interface FileStorage {
  store: BlobStore;
  containerFor(purpose: FilePurpose): string;
  /** What each company's stored files may take in bytes (STORAGE_QUOTA_MB; storage-quota.ts). */
  quotaBytes: number;
}

/**
 * Azure Blob Storage when a connection string is configured, else the local disk under DATA_DIR/files.
 * Every purpose's container name is checked here, so a bad STORAGE_CONTAINER_PREFIX fails at start.
 */
export function createFileStorage(
  storage: Config['storage'],
  onStoreError: (operation: string) => void = () => {},
): FileStorage {
  for (const purpose of FILE_PURPOSES) assertContainerName(containerName(storage.containerPrefix, purpose));
  const driver = storage.connectionString
    ? createAzureBlobStore(storage.connectionString)
    : createDiskBlobStore(storage.dir);
  const store = countedStore(driver, onStoreError);
  return {
    store,
    containerFor: (purpose) => containerName(storage.containerPrefix, purpose),
    quotaBytes: storage.quotaBytes,
  };
}
