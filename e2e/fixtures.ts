import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

export { expect };

/** Chromium reports each Content-Security-Policy violation on the page's console. */
const VIOLATION = /Content Security Policy/i;

function watch(context: BrowserContext, violations: string[]): void {
  const onPage = (page: Page) =>
    page.on('console', (message) => {
      if (VIOLATION.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
    });
  for (const page of context.pages()) onPage(page);
  context.on('page', onPage);
}

/**
 * Every test fails on a Content-Security-Policy violation in any page it opened (popups and the
 * contexts a test makes itself included), so a new inline script or a foreign origin shows at once. The
 * contexts a test makes itself are closed when it ends, as its own is: left open, their pages kept their
 * live streams for the rest of the worker, and a demo user's later tests met the per-user stream limit
 * (429) and no live updates.
 */
export const test = base.extend<{ cspGuard: undefined }>({
  cspGuard: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      watch(context, violations);
      const made: BrowserContext[] = [];
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const created = await newContext(...args);
        watch(created, violations);
        made.push(created);
        return created;
      };
      await use(undefined);
      browser.newContext = newContext;
      await Promise.all(made.map((created) => created.close()));
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
