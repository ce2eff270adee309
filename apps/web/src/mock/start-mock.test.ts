import { describe, expect, it, vi } from 'vitest';

const start = vi.fn(async () => undefined);
const setupWorker = vi.fn((..._handlers: unknown[]) => ({ start }));
vi.mock('msw/browser', () => ({ setupWorker }));

describe('startMockMode', () => {
  it('starts the msw browser worker with every handler, letting unmocked requests through', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { startMockMode } = await import('./start-mock');
    await startMockMode(() => {});
    expect(setupWorker.mock.calls[0]?.length).toBeGreaterThanOrEqual(7);
    expect(start).toHaveBeenCalledWith({
      onUnhandledRequest: 'bypass',
      serviceWorker: { url: '/mockServiceWorker.js' },
      quiet: true,
    });
  });

  it('answers every tab from one store, and reads again what another tab changed (issue 23 item 30)', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
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
});
