import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Two portals as `npm start` runs them (API, SPA and local identity provider in one process, on a fresh
 * embedded database seeded with the demo): one signing in by redirect, one by popup (spec §2). A third
 * serves the SPA in mock mode (WEB_MOCK=true, spec §7): the browser answers its own calls, no provider.
 */
const stack = (
  name: string,
  port: number,
  idpPort: number,
  interaction: 'redirect' | 'popup',
  mock = false,
) => ({
  command: 'node apps/local-idp/dist/stack.js',
  url: `http://127.0.0.1:${port}/readyz`,
  reuseExistingServer: false,
  timeout: 120_000,
  env: {
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    AUTH_INSTANCE: `http://127.0.0.1:${idpPort}`,
    AUTH_INTERACTION: interaction,
    DATA_DIR: join(tmpdir(), `portal-e2e-${name}-${process.pid}`),
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    DEV_OUTBOX: 'true',
    LOCAL_IDP: String(!mock),
    WEB_MOCK: String(mock),
    // Every test's browser comes from 127.0.0.1: the per-address limit of anonymous routes is for people.
    RATE_LIMIT_ANONYMOUS: '100000',
    // Parallel tests share the demo accounts: the per-user limits are for one person's pace.
    RATE_LIMIT_USER_WRITES: '100000',
    RATE_LIMIT_USER_UPLOADS: '100000',
  },
});

/** The portals' ports (and their providers', 9 above): E2E_PORT moves them, to run a second suite beside one. */
const PORT = Number(process.env.E2E_PORT ?? 8181);
export const REDIRECT_URL = `http://127.0.0.1:${PORT}`;
export const POPUP_URL = `http://127.0.0.1:${PORT + 1}`;
const MOCK_URL = `http://127.0.0.1:${PORT + 2}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Two browsers and the stacks share two cores: the first screen after a redirect (MSAL's sign-in, mock
  // mode's world opening) has taken more than the default 5 s there, and a retry hid it. A failing
  // expectation waits longer; a passing one no longer than before.
  expect: { timeout: 10_000 },
  // A test signs in through the provider's pages, opens its screen and runs axe: 20 to 35 s when two browsers
  // and three stacks share the two cores, so the default 30 s ended tests that were on their way.
  timeout: 60_000,
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: REDIRECT_URL,
    // Debian's chromium: nothing downloads a browser (developers' guide).
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
    trace: 'retain-on-failure',
  },
  // A published text to accept stands before every user's screens at their next sign-in: its spec runs
  // once every other is done, so it never stands in their way.
  // Mock mode's walk is the longest test: listed first, it starts at once beside the portal's tests
  // instead of running alone at the end.
  projects: [
    { name: 'mock mode', testMatch: /mock-mode\.spec\.ts/, use: { baseURL: MOCK_URL } },
    { name: 'portal', testIgnore: /(sign-in-texts|mock-mode)\.spec\.ts/ },
    { name: 'sign-in texts', testMatch: /sign-in-texts\.spec\.ts/, dependencies: ['portal'] },
  ],
  webServer: [
    stack('redirect', PORT, PORT + 9, 'redirect'),
    stack('popup', PORT + 1, PORT + 10, 'popup'),
    stack('mock', PORT + 2, PORT + 11, 'redirect', true),
  ],
});
