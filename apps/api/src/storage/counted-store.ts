import { BlobNotFoundError, type BlobStore } from './blob-store.js';

/** The store's calls that can fail against the service (Azure, the disk). */
const OPERATIONS = ['put', 'get', 'delete'] as const;

/**
 * The same store, telling `onError` the operation of each call that failed (a missing blob
 * on read is an answer, not a failure), for the storage errors metric.
 */
export function countedStore(store: BlobStore, onError: (operation: string) => void): BlobStore {
  const counted = Object.create(store) as BlobStore;
  for (const operation of OPERATIONS) {
    const call = store[operation].bind(store) as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(counted, operation, {
      value: async (...args: unknown[]) => {
        try {
          return await call(...args);
        } catch (error) {
          if (!(error instanceof BlobNotFoundError)) onError(operation);
          throw error;
        }
      },
    });
  }
  return counted;
}
