import { Readable } from 'node:stream';
import {
  BlobServiceClient,
  type ContainerClient,
  RestError,
  type StorageRetryOptions,
} from '@azure/storage-blob';
import {
  assertBlobAddress,
  assertContainerName,
  BlobNotFoundError,
  type BlobStore,
} from '../storage/blob-store.js';

export interface AzureBlobStoreOptions {
  /**
   * The size of each block uploadStream stages. It holds at most `concurrency` of them per upload, plus
   * one filling: 1 MiB × 2 keeps four parallel uploads near 12 MiB of live buffers (bench/upload), and two
   * blocks in flight still fill the link to Azure for files of at most 25 MB.
   */
  blockBytes?: number;
  concurrency?: number;
  /** How the SDK retries a failed request; default UPLOAD_RETRY. */
  retry?: StorageRetryOptions;
}

/**
 * Three tries, 0.5 s then 1.5 s apart. The SDK's default (four tries, 4 s, 12 s …) keeps an upload waiting
 * about 16 s when the store is down, and as long again for the clean-up of a failed upload, so the user
 * waited half a minute for their 503 ("Blob storage down: the upload fails cleanly"). A short
 * blip is still ridden out; a real outage is answered 503 SERVICE_UNAVAILABLE within seconds.
 */
export const UPLOAD_RETRY: StorageRetryOptions = {
  maxTries: 3,
  retryDelayInMs: 500,
  maxRetryDelayInMs: 2_000,
};

const isNotFound = (error: unknown) => error instanceof RestError && error.statusCode === 404;

/**
 * Azure Blob Storage (architecture.md "at scale"; Azurite in tests), chosen when STORAGE_CONNECTION_STRING
 * is set. Uploads go through uploadStream, which stages fixed-size blocks and commits the block list only
 * at the end, so a failed upload leaves no blob (staged blocks that are never committed expire on their own).
 */
export function createAzureBlobStore(
  connectionString: string,
  options: AzureBlobStoreOptions = {},
): BlobStore {
  const service = BlobServiceClient.fromConnectionString(connectionString, {
    retryOptions: options.retry ?? UPLOAD_RETRY,
  });
  const blockBytes = options.blockBytes ?? 1024 * 1024;
  const concurrency = options.concurrency ?? 2;

  // issue: containers are created on first use, once per process; a failed creation is retried next time.
  const created = new Map<string, Promise<unknown>>();
  function ensureContainer(container: string): Promise<unknown> {
    let creation = created.get(container);
    if (!creation) {
      creation = service
        .getContainerClient(container)
        .createIfNotExists()
        .catch((error: unknown) => {
          created.delete(container);
          throw error;
        });
      created.set(container, creation);
    }
    return creation;
  }

  const blobOf = (container: string, key: string) => {
    assertBlobAddress(container, key);
    return service.getContainerClient(container).getBlockBlobClient(key);
  };

  return {
    kind: 'azure',

    async put(container, key, body) {
      const blob = blobOf(container, key);
      try {
        await ensureContainer(container);
        await blob.uploadStream(body, blockBytes, concurrency);
      } catch (error) {
        // uploadStream stops reading on failure but leaves the source paused: end it, so the request's body
        // is not left half-read, and remove anything a late commit may have left.
        body.destroy();
        await blob.deleteIfExists().catch(() => undefined);
        throw error;
      }
    },

    async get(container, key) {
      try {
        const response = await blobOf(container, key).download(0, undefined, { maxRetryRequests: 3 });
        const stream = response.readableStreamBody;
        if (!stream) throw new Error('Azure answered a download without a body');
        return stream instanceof Readable ? stream : new Readable().wrap(stream);
      } catch (error) {
        if (isNotFound(error)) throw new BlobNotFoundError(container, key);
        throw error;
      }
    },

    async delete(container, key) {
      try {
        await blobOf(container, key).deleteIfExists();
      } catch (error) {
        // A container that was never created holds no blob either.
        if (!isNotFound(error)) throw error;
      }
    },

    async *keys(container) {
      assertContainerName(container);
      const client: ContainerClient = service.getContainerClient(container);
      try {
        for await (const blob of client.listBlobsFlat()) yield blob.name;
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    async *entries(container) {
      assertContainerName(container);
      try {
        for await (const blob of service.getContainerClient(container).listBlobsFlat()) {
          yield { key: blob.name, modifiedAt: blob.properties.lastModified };
        }
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    // Nothing to remove: a put that never commits its block list leaves only uncommitted blocks, which
    // Azure discards on its own (after a week) and which no listing shows.
    async removeStalePartials() {
      return 0;
    },
  };
}
