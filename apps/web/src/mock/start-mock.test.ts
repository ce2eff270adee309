import { describe, expect, it, vi } from 'vitest';

const start = vi.fn(async () => undefined);
const setupWorker = vi.fn((..._handlers: unknown[]) => ({ start }));
vi.mock('msw/browser', () => ({ setupWorker }));

describe('startMockMode', () => {
  it('starts the msw browser worker with every handler, letting unmocked requests through', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { startMockMode } = await import('./start-mock');
    await startMockMode();
    expect(setupWorker.mock.calls[0]?.length).toBeGreaterThanOrEqual(7);
    expect(start).toHaveBeenCalledWith({
      onUnhandledRequest: 'bypass',
      serviceWorker: { url: '/mockServiceWorker.js' },
      quiet: true,
    });
  });
});
