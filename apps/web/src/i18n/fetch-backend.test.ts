import type { ReadCallback } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchBackend } from './fetch-backend';

afterEach(() => vi.unstubAllGlobals());

/** Reads one file through the backend; resolves with what its callback was given. */
function read(answer: () => Promise<Response>) {
  const fetch = vi.fn(async (_url: RequestInfo | URL) => answer());
  vi.stubGlobal('fetch', fetch);
  return new Promise<{ error: unknown; data: unknown; urls: string[] }>((resolve) => {
    const callback: ReadCallback = (error, data) =>
      resolve({ error, data, urls: fetch.mock.calls.map(([url]) => String(url)) });
    fetchBackend('/assets/i18n/{{lng}}.json?ns={{ns}}').read('en', 'translation', callback);
  });
}

describe('fetchBackend (spec §7 translations)', () => {
  it('fetches the language file and hands its translations to i18next', async () => {
    const { error, data, urls } = await read(async () => Response.json({ greeting: 'Hello' }));
    expect(urls).toEqual(['/assets/i18n/en.json?ns=translation']);
    expect(error).toBeNull();
    expect(data).toEqual({ greeting: 'Hello' });
  });

  it.each([
    ['a 404: not retried', async () => new Response('no', { status: 404 }), false],
    ['a 503: retried', async () => new Response('down', { status: 503 }), true],
    ['a body that is not JSON: not retried', async () => new Response('<html>'), false],
    ['a network failure: retried', async () => Promise.reject(new TypeError('Failed to fetch')), true],
  ])('fails on %s', async (_case, answer, retry) => {
    const { error, data } = await read(answer);
    expect(error).toBeInstanceOf(Error);
    expect(data).toBe(retry);
  });
});
