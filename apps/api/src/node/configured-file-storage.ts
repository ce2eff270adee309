import type { Config } from '../config.js';
import { countedStore } from '../storage/counted-store.js';
import { type FileStorage, fileStorageIn } from '../storage/file-storage.js';
import { createAzureBlobStore } from './azure-blob-store.js';
import { createDiskBlobStore } from './disk-blob-store.js';

/** Azure Blob Storage when a connection string is configured, else the local disk under DATA_DIR/files. */
export function createFileStorage(
  storage: Config['storage'],
  onStoreError: (operation: string) => void = () => {},
): FileStorage {
  const driver = storage.connectionString
    ? createAzureBlobStore(storage.connectionString)
    : createDiskBlobStore(storage.dir);
  return fileStorageIn(countedStore(driver, onStoreError), storage);
}
