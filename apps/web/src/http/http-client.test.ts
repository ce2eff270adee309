import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, HttpError } from './http-client';

function setup(options: { token?: string; baseUrl?: string; status?: number; body?: string } = {}) {
  const fetch = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(options.body ?? '{"ok":true}', { status: options.status ?? 200 }),
  );
  const client = createHttpClient({
    baseUrl: options.baseUrl ?? '',
    getToken: async () => options.token,
    language: () => 'en',
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  const sent = () => {
    const [url, init] = fetch.mock.calls[0] ?? [];
    return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
  };
  return { client, sent };
}

describe('the HTTP client (spec §7)', () => {
  it('calls the configured base URL plus the path, with the query', async () => {
    const { client, sent } = setup({ baseUrl: 'https://api.example' });
    await client('/api/organisations', { query: { page: '2' } });
    expect(sent().url).toBe('https://api.example/api/organisations?page=2');
  });

  it('sends the bearer token when there is a session, and none otherwise', async () => {
    const withToken = setup({ token: 'abc' });
    await withToken.client('/x');
    expect(withToken.sent().headers.get('authorization')).toBe('Bearer abc');
    const visitor = setup();
    await visitor.client('/x');
    expect(visitor.sent().headers.has('authorization')).toBe(false);
  });

  it('sends Accept-Language with the current language', async () => {
    const { client, sent } = setup();
    await client('/x');
    expect(sent().headers.get('accept-language')).toBe('en');
  });

  it('sends JSON, or form data as is', async () => {
    const json = setup();
    await json.client('/x', { method: 'POST', body: { a: 1 } });
    expect(json.sent().headers.get('content-type')).toBe('application/json');
    expect(json.sent().init.body).toBe('{"a":1}');
    const form = setup();
    const data = new FormData();
    await form.client('/x', { method: 'POST', body: data });
    expect(form.sent().headers.has('content-type')).toBe(false);
    expect(form.sent().init.body).toBe(data);
  });

  it('adds the anti-forgery header from the cookie to non-GET relative calls only', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the API sets this cookie; the test plays the API.
    document.cookie = 'XSRF-TOKEN=token123';
    const post = setup();
    await post.client('/links/footer-links', { method: 'POST', body: {} });
    expect(post.sent().headers.get('x-xsrf-token')).toBe('token123');
    const get = setup();
    await get.client('/links/footer-links');
    expect(get.sent().headers.has('x-xsrf-token')).toBe(false);
    const absolute = setup({ baseUrl: 'https://elsewhere.example' });
    await absolute.client('/x', { method: 'DELETE' });
    expect(absolute.sent().headers.has('x-xsrf-token')).toBe(false);
  });

  it('throws one HttpError with the status, the code and the body', async () => {
    const { client } = setup({ status: 403, body: '{"code":"FORBIDDEN","message":"no"}' });
    const error = await client('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      body: { code: 'FORBIDDEN', message: 'no' },
    });
  });

  it('reads the first code of a list body', async () => {
    const { client } = setup({ status: 400, body: '[{"code":"INVALID_FIELD","field":"label"}]' });
    await expect(client('/x')).rejects.toMatchObject({ code: 'INVALID_FIELD' });
  });
});
