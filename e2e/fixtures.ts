import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

export { expect };

/** Chromium reports each Content-Security-Policy violation on the page's console. */
const VIOLATION = /Content Security Policy/i;

/** What a test's pages said: their Content-Security-Policy violations, and their errors. */
interface Heard {
  violations: string[];
  errors: string[];
}

function watch(context: BrowserContext, heard: Heard): void {
  const onPage = (page: Page) => {
    page.on('console', (message) => {
      const line = `${page.url()}: ${message.text()}`;
      if (VIOLATION.test(message.text())) heard.violations.push(line);
      else if (message.type() === 'error') heard.errors.push(line);
    });
    page.on('pageerror', (error) => heard.errors.push(`${page.url()}: ${error.stack ?? error.message}`));
  };
  for (const page of context.pages()) onPage(page);
  context.on('page', onPage);
}

/**
 * Every test fails on a Content-Security-Policy violation in any page it opened (popups and the
 * contexts a test makes itself included), so a new inline script or a foreign origin shows at once. The
 * contexts a test makes itself are closed when it ends, as its own is: left open, their pages kept their
 * live streams for the rest of the worker, and a demo user's later tests met the per-user stream limit
 * (429) and no live updates. A test that fails carries its pages' console errors: a call that never
 * answered, or a worker that died, is otherwise a timeout and no clue.
 */
export const test = base.extend<{ cspGuard: undefined }>({
  cspGuard: [
    async ({ context, browser }, use, testInfo) => {
      const heard: Heard = { violations: [], errors: [] };
      watch(context, heard);
      const made: BrowserContext[] = [];
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const created = await newContext(...args);
        watch(created, heard);
        made.push(created);
        return created;
      };
      await use(undefined);
      browser.newContext = newContext;
      await Promise.all(made.map((created) => created.close()));
      if (testInfo.status !== testInfo.expectedStatus && heard.errors.length > 0)
        await testInfo.attach('console errors', { body: heard.errors.join('\n'), contentType: 'text/plain' });
      expect(heard.violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
