// bench/sign-in: how long signing in takes, per role, as a person meets it. Starts the portal as `npm start`
// runs it (the API, the SPA and the local identity provider, a fresh embedded database), then in Debian's
// chromium, a fresh profile per run: the visitor page, Sign in pressed → the provider's form shown ("to
// the form"), the form submitted → the role's first screen with its data ("to content": its heading shown,
// no API call in flight, nothing busy). Prints each run, then per role the p50 of both and where the time
// went: each step's end, in ms after the press or the submit (the p50 over the runs).
//
//   npm run build && node bench/sign-in/run.mjs [--runs 5] [--only reviewer,company,admin] [--smoke]
//
// --smoke: whether the bench still runs (the reviewer, one run); the times never fail it.
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startPortalStack } from '../lib/portal-stack.mjs';
import { DEMO_PASSWORD, ROLE_PAGES } from '../lib/role-pages.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    only: { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const RUNS = values.smoke ? 1 : Number(values.runs);
const ONLY = (values.smoke ? 'reviewer' : values.only)?.split(',');
const ROLES = ROLE_PAGES.filter((page) => page.email && (!ONLY || ONLY.includes(page.name)));
const PORT = 8494;

/**
 * The steps of a sign-in, each the end of the first request it names after the press or the submit
 * (none: the step did not happen), or the last with 'last'. The provider's pages are hers; the bridge and the portal's are ours.
 */
const navigation = (request) => request.isNavigationRequest();
const STEPS = {
  form: [
    ['MSAL code (unless preloaded)', ({ url }) => /\/assets\/msal-auth-/.test(url.pathname)],
    ["provider's metadata", ({ url }) => url.pathname.includes('openid-configuration')],
    ['first page of the provider', ({ request, portal }) => !portal && navigation(request)],
  ],
  content: [
    [
      'password check (the form post)',
      ({ request, portal }) => !portal && request.method() === 'POST' && navigation(request),
    ],
    [
      'bridge page (redirect.html)',
      ({ url, request }) => navigation(request) && url.pathname === '/redirect.html',
    ],
    [
      "portal's page",
      ({ url, request, portal }) => portal && navigation(request) && url.pathname !== '/redirect.html',
    ],
    ['token call', ({ url }) => url.pathname.endsWith('/oauth2/v2.0/token')],
    ['first API call', ({ url }) => url.pathname.startsWith('/api/')],
    ["screen's code", ({ url }) => /\/assets\/.*-page-.*\.js$/.test(url.pathname)],
    ['last API call of the screen', ({ url }) => url.pathname.startsWith('/api/'), 'last'],
  ],
};

const median = (numbers) => {
  const sorted = numbers.filter((value) => value !== undefined).sort((a, b) => a - b);
  return sorted.length === 0 ? undefined : sorted[Math.floor((sorted.length - 1) / 2)];
};
const ms = (value) => (value === undefined ? '     -' : `${value.toFixed(0).padStart(6)}`);

/** One sign-in of `email` in a fresh profile: the two times and each step's end after its start. */
async function signInOnce(browser, base, { email, path }) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const finished = [];
  let inFlight = 0;
  // The screen's calls; the live stream (an event source) never ends, and opens after the screen.
  const isCall = (request) =>
    new URL(request.url()).pathname.startsWith('/api/') && request.resourceType() !== 'eventsource';
  page.on('request', (request) => {
    if (isCall(request)) inFlight += 1;
  });
  const settle = (request) => {
    const url = new URL(request.url());
    if (isCall(request)) inFlight -= 1;
    finished.push({ at: performance.now(), url, request });
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  try {
    await page.goto(base);
    const signIn = page.getByRole('button', { name: 'Sign in' });
    await signIn.waitFor();
    // As a person: the page drawn, then a moment before the press (the page's idle work done).
    await page.waitForLoadState('networkidle');
    const pressed = performance.now();
    await signIn.click();
    await page.locator('#signInName').waitFor();
    const formShown = performance.now();
    await page.locator('#signInName').fill(email);
    await page.locator('#password').fill(DEMO_PASSWORD);
    const submitted = performance.now();
    await page.locator('#next').click();
    await page.waitForURL((url) => url.origin === base && url.pathname.startsWith(path));
    await page.locator('#main h1, #main h2').first().waitFor();
    // The first screen's data: its calls answered and nothing busy, twice in a row a frame apart.
    for (let calm = 0; calm < 2; ) {
      const busy = inFlight > 0 || (await page.locator('[aria-busy="true"]').count()) > 0;
      calm = busy ? 0 : calm + 1;
      await page.waitForTimeout(busy ? 10 : 16);
    }
    const content = performance.now();
    const stepEnds = (steps, from, to) =>
      Object.fromEntries(
        steps.map(([name, test, which]) => {
          const after = finished
            .filter(({ at }) => at >= from && at <= to)
            .map((each) => ({ ...each, portal: each.url.origin === base }));
          const hits = after.filter(test);
          const hit = which === 'last' ? hits.at(-1) : hits[0];
          return [name, hit ? hit.at - from : undefined];
        }),
      );
    const chain = (from, to) =>
      finished
        .filter(({ at, request }) => at >= from && at <= to && navigation(request))
        .map(({ at, url }) => `${url.pathname} ${(at - from).toFixed(0)}`);
    return {
      toForm: formShown - pressed,
      toContent: content - submitted,
      form: stepEnds(STEPS.form, pressed, formShown),
      content: stepEnds(STEPS.content, submitted, content),
      pages: [...chain(pressed, formShown), '|', ...chain(submitted, content)],
    };
  } finally {
    await context.close();
  }
}

// Every sign-in comes from 127.0.0.1: the per-address limit of anonymous routes is for people.
const { base, stop } = await startPortalStack({
  name: 'sign-in',
  port: PORT,
  env: { RATE_LIMIT_ANONYMOUS: '100000' },
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const results = [];
try {
  for (const role of ROLES) {
    // A warm-up: the API's and the provider's first answers (their caches, the JIT) are no person's.
    await signInOnce(browser, base, role);
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await signInOnce(browser, base, role);
      runs.push(result);
      console.log(
        `${role.name.padEnd(9)} run ${run + 1}: to the form ${ms(result.toForm)} ms, submit to content ${ms(result.toContent)} ms`,
      );
    }
    console.log(`  its pages (ms after the press | after the submit): ${runs.at(-1)?.pages.join(', ')}`);
    results.push({ role, runs });
  }
} finally {
  await browser.close();
  stop();
}

console.log(
  `\np50 of ${RUNS} per role (ms; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores):`,
);
for (const { role, runs } of results) {
  console.log(
    `\n${role.name}: to the form ${ms(median(runs.map((r) => r.toForm)))} (aim 600), submit to content ${ms(median(runs.map((r) => r.toContent)))} (aim 1200)`,
  );
  for (const phase of ['form', 'content']) {
    console.log(`  ${phase === 'form' ? 'after the press' : 'after the submit'}, each step's end:`);
    for (const [name] of STEPS[phase])
      console.log(`    ${ms(median(runs.map((r) => r[phase][name])))}  ${name}`);
  }
}
