// bench/screens: a full-page screenshot of every screen of the portal (spec §2), for a person to look at
// (the "done when": every screen at 1366 px, every table screen at 412 px). Starts the portal as
// `npm start` runs it (a fresh embedded database seeded with the demo), signs each role in with Debian's
// chromium and saves each screen at 1366 × 900, and each screen that holds a table also at 412 × 823 and
// 1920 × 1080.
//
//   npm run build && node bench/screens/run.mjs [--out /tmp/screens] [--only visitor,reviewer,admin,company] [--port 8430]
//     [--smoke]
//
// --smoke: whether the bench still runs, quickly: the visitor's first screen and the reviewer's (signed in),
// into a folder removed at the end.
// Prints each file written, and for any shot a layout fault the page measures of itself (a page wider than
// the window: it scrolls sideways). Nothing fails: it is for looking at, not a test.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startPortalStack } from '../lib/portal-stack.mjs';
import { scratchDir } from '../lib/scratch.mjs';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: '/tmp/screens' },
    only: { type: 'string' },
    port: { type: 'string', default: '8430' },
    smoke: { type: 'boolean', default: false },
  },
});
const SMOKE = values.smoke;
const PORT = Number(values.port);
const OUT = SMOKE ? scratchDir('portal-screens-') : values.out;
mkdirSync(OUT, { recursive: true });

const LAPTOP = { width: 1366, height: 900 };
const TABLE_WIDTHS = [
  { width: 412, height: 823 },
  { width: 1920, height: 1080 },
];

/**
 * Each role's screens: who signs in (none for the visitor), the paths, and the queues whose first check's
 * detail is shown too.
 */
const ROLES = [
  {
    name: 'visitor',
    paths: [
      '/',
      '/register',
      '/confirm?token=not-a-link',
      '/legal/notice',
      '/legal/privacy',
      '/no-such-page',
    ],
  },
  {
    name: 'company',
    email: 'external@portal.test',
    paths: [
      '/external',
      '/external/onboarding',
      ...['legitimacy', 'contractual', 'financial', 'technical', 'people'].map(
        (step) => `/external/onboarding/${step}`,
      ),
    ],
  },
  {
    name: 'reviewer',
    email: 'reviewer@portal.test',
    paths: [
      '/emvo',
      '/emvo/legitimacy',
      '/emvo/contractual',
      '/emvo/financial',
      '/emvo/session-tokens',
      '/emvo/tests-status-metrics',
    ],
    details: ['legitimacy', 'contractual', 'financial'],
  },
  {
    name: 'admin',
    email: 'admin@portal.test',
    paths: [
      '/admin',
      ...['users', 'gateways', 'tooltips', 'disclaimer-contents', 'storage', 'audit'].map(
        (screen) => `/admin/${screen}`,
      ),
    ],
  },
]
  .filter((role) => !values.only || values.only.split(',').includes(role.name))
  // A smoke run: the visitor's page and the reviewer's landing (a sign-in through the provider).
  .filter((role) => !SMOKE || ['visitor', 'reviewer'].includes(role.name))
  .map((role) => (SMOKE ? { ...role, paths: role.paths.slice(0, 1), details: [] } : role));

/** The file name of a path: `/emvo/legitimacy/…` → `reviewer-emvo-legitimacy-detail`. */
const fileOf = (role, path) =>
  `${role}${path
    .replace(/\?.*$/, '')
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, 'detail')
    .replace(/\//g, '-')
    .replace(/-$/, '')}`;

/** The screen has come: its heading is shown, no loader bar runs and no table says it is loading. */
async function settled(page) {
  await page
    .getByRole('heading', { level: 1 })
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => {});
  await page
    .waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, null, {
      timeout: 15_000,
    })
    .catch(() => {});
  await page.waitForTimeout(400);
}

const sideways = (page) =>
  page.evaluate(() =>
    document.documentElement.scrollWidth > window.innerWidth
      ? `the page scrolls sideways: ${document.documentElement.scrollWidth} px in ${window.innerWidth} px`
      : '',
  );

async function shoot(page, role, path) {
  const written = [];
  const name = fileOf(role, path);
  for (const [index, viewport] of [LAPTOP, ...TABLE_WIDTHS].entries()) {
    await page.setViewportSize(viewport);
    await page.goto(`${base}${path}`);
    await settled(page);
    // Every screen at 1366 px; the other widths for the screens that hold a table.
    if (index === 0 && (await page.locator('main table').count()) === 0) {
      const file = join(OUT, `${name}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      written.push([file, await sideways(page)]);
      break;
    }
    const file = join(OUT, `${name}-${viewport.width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    written.push([file, await sideways(page)]);
  }
  for (const [file, fault] of written) console.log(fault ? `${file}  (${fault})` : file);
}

async function run(browser, role) {
  const context = await browser.newContext({ viewport: LAPTOP, reducedMotion: 'reduce' });
  try {
    const page = await context.newPage();
    if (role.email) {
      await page.goto(base);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('#signInName').fill(role.email);
      await page.locator('#password').fill('Portal-demo-2026!');
      await page.locator('#next').click();
      // The role's landing, not the sign-in's redirect page: leaving that early loses the session.
      await page.waitForURL((url) => url.origin === base && /^\/(emvo|admin|external)/.test(url.pathname));
      await settled(page);
    }
    for (const path of role.paths) await shoot(page, role.name, path);
    for (const queue of role.details ?? []) {
      await page.setViewportSize(LAPTOP);
      await page.goto(`${base}/emvo/${queue}`);
      const first = page.locator('main table a[href]').first();
      try {
        await first.waitFor({ timeout: 30_000 });
      } catch {
        console.log(`no check to show in the ${queue} queue`);
        continue;
      }
      const href = await first.getAttribute('href');
      if (href) await shoot(page, role.name, new URL(href, base).pathname);
    }
  } finally {
    await context.close();
  }
}

const { base, stop } = await startPortalStack({ name: 'screens', port: PORT, env: { DEV_OUTBOX: 'true' } });
try {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    for (const role of ROLES) await run(browser, role);
  } finally {
    await browser.close();
  }
} finally {
  stop();
}
