/** spec §7 and §9: with mock configured, mock responses replace calls, delayed 300 ms. */
export const MOCK_DELAY_MS = 300;

/**
 * Answered by the mock alone, at once: start-mock.ts asks it to learn whether this page's calls reach msw
 * (the real API answers it 404), before the app makes any.
 */
export const MOCK_PROBE_PATH = '/api/mock-mode';
