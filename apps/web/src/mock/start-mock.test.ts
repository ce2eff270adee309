import { beforeEach, describe, expect, it, vi } from 'vitest';

const start = vi.fn(async () => undefined);
const setupWorker = vi.fn((..._handlers: unknown[]) => ({ start }));
vi.mock('msw/browser', () => ({ setupWorker }));
// The API worker (a SharedWorker, which jsdom has not): its client, answering every call with a 204.
const api = { fetch: vi.fn(async () => new Response(null, { status: 204 })), accountOf: vi.fn() };

/** The probe's answers, in turn: the mock's, or the real API's 404. */
function probeAnswers(...mock: boolean[]) {
  const fetch = vi.fn(async () =>
    mock.shift() ? Response.json({ mock: true }) : Response.json({ code: 'NOT_FOUND' }, { status: 404 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  start.mockClear();
  vi.unstubAllGlobals();
});

describe('startMockMode', () => {
  it("starts the msw browser worker, whose API calls go to the API's worker, letting the rest through", async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const probe = probeAnswers(true);
    const { startMockMode } = await import('./start-mock');
    await startMockMode(api);
    expect(probe).toHaveBeenCalledWith('/api/mock-mode', { cache: 'no-store' });
    expect(start).toHaveBeenCalledWith({
      onUnhandledRequest: 'bypass',
      serviceWorker: { url: '/mockServiceWorker.js' },
      quiet: true,
    });
    const handlers = setupWorker.mock.calls.at(-1) ?? [];
    const paths = handlers.map((handler) => (handler as { info: { path: string } }).info.path);
    expect(paths).toEqual(['/api/mock-mode', '/api/events', '/api/*', '/links/*']);
  });

  it('reloads a page msw does not answer before the app calls anything, once in ten seconds', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { startMockMode } = await import('./start-mock');
    probeAnswers(false);
    let started = false;
    void startMockMode(api).then(() => {
      started = true;
    });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(warn).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toBe(false);

    // The reloaded page is not answered either: no second reload, the start fails where it can be seen.
    probeAnswers(false);
    await expect(startMockMode(api)).rejects.toThrow('even after a reload');
    expect(reload).toHaveBeenCalledTimes(1);
    sessionStorage.clear();
  });
});
