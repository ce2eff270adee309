import { beforeEach, describe, expect, it, vi } from 'vitest';

const start = vi.fn(async () => undefined);
const setupWorker = vi.fn((..._handlers: unknown[]) => ({ start }));
vi.mock('msw/browser', () => ({ setupWorker }));

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
  it('starts the msw browser worker with every handler, letting unmocked requests through', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const probe = probeAnswers(true);
    const { startMockMode } = await import('./start-mock');
    await startMockMode(() => {});
    expect(probe).toHaveBeenCalledWith('/api/mock-mode', { cache: 'no-store' });
    expect(setupWorker.mock.calls[0]?.length).toBeGreaterThanOrEqual(7);
    expect(start).toHaveBeenCalledWith({
      onUnhandledRequest: 'bypass',
      serviceWorker: { url: '/mockServiceWorker.js' },
      quiet: true,
    });
  });

  it('answers every tab from one store, and reads again what another tab changed (issue 23 item 30)', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    probeAnswers(true);
    const { startMockMode } = await import('./start-mock');
    const { MOCK_DB_KEY, createMockDb, saveMockDb } = await import('./mock-db');
    const changed = vi.fn();
    await startMockMode(changed);
    // Another tab saves the store with one more gateway: this tab hears it.
    const other = createMockDb();
    other.gateways = other.gateways.slice(0, 1);
    saveMockDb(other, localStorage);
    const event = new StorageEvent('storage', {
      key: MOCK_DB_KEY,
      newValue: localStorage.getItem(MOCK_DB_KEY),
      storageArea: localStorage,
    });
    window.dispatchEvent(event);
    expect(changed).toHaveBeenCalledTimes(1);
    // Another key, or session storage, is not the store.
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'other', newValue: 'x', storageArea: localStorage }),
    );
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('reloads a page msw does not answer before the app calls anything, once in ten seconds', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { startMockMode } = await import('./start-mock');
    probeAnswers(false);
    let started = false;
    void startMockMode(() => {}).then(() => {
      started = true;
    });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(warn).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toBe(false);

    // The reloaded page is not answered either: no second reload, the start fails where it can be seen.
    probeAnswers(false);
    await expect(startMockMode(() => {})).rejects.toThrow('even after a reload');
    expect(reload).toHaveBeenCalledTimes(1);
    sessionStorage.clear();
  });
});
