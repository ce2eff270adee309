import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { BlobNotFoundError, type BlobStore } from './blob-store.js';
import { countedStore } from './counted-store.js';

describe('countedStore (storage errors)', () => {
  it('tells each failed put, get and delete, but not a missing blob on read, and still fails the call', async () => {
    const down = new Error('the service is down');
    const store = {
      kind: 'disk',
      put: vi.fn(async () => Promise.reject(down)),
      get: vi.fn(async (container: string, key: string) =>
        Promise.reject(new BlobNotFoundError(container, key)),
      ),
      delete: vi.fn(async () => Promise.reject(down)),
    } as unknown as BlobStore;
    const onError = vi.fn();
    const counted = countedStore(store, onError);
    await expect(counted.put('c', 'k', Readable.from(['x']))).rejects.toBe(down);
    await expect(counted.get('c', 'k')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(counted.delete('c', 'k')).rejects.toBe(down);
    expect(onError.mock.calls).toEqual([['put'], ['delete']]);
    expect(counted.kind).toBe('disk');
  });
});
