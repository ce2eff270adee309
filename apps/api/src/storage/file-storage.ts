import { FILE_PURPOSES, type FilePurpose } from '@portal/contracts';
import { containerName } from '@portal/domain';
import type { Config } from '../config.js';
import { assertContainerName, type BlobStore } from './blob-store.js';

/** The configured store and the container of each purpose: what uploads and downloads need. */
export interface FileStorage {
  store: BlobStore;
  containerFor(purpose: FilePurpose): string;
  /** What each company's stored files may take in bytes (STORAGE_QUOTA_MB; storage-quota.ts). */
  quotaBytes: number;
}

/**
 * Stored files in `store`, each purpose in its container. Every purpose's container name is checked here,
 * so a bad STORAGE_CONTAINER_PREFIX fails at start.
 */
export function fileStorageIn(
  store: BlobStore,
  { containerPrefix, quotaBytes }: Pick<Config['storage'], 'containerPrefix' | 'quotaBytes'>,
): FileStorage {
  for (const purpose of FILE_PURPOSES) assertContainerName(containerName(containerPrefix, purpose));
  return { store, containerFor: (purpose) => containerName(containerPrefix, purpose), quotaBytes };
}
