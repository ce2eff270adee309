import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';

/**
 * Axe, every rule, on every screen of the portal, for the role that sees it. Each role's
 * screens are walked in one signed-in session; the violations of every screen are reported together.
 */
async function walk(page: Page, paths: readonly string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The screen's data has come: the loader bar is gone and no table says it is loading.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
    const violations = await axeViolations(page);
    if (violations.length > 0) found[path] = violations;
  }
  return found;
}

test.describe.configure({ timeout: 180_000 });

test('the visitor screens', async ({ page }) => {
  const screens = ['/', '/register', '/confirm?token=not-a-link', '/legal/notice', '/legal/privacy'];
  expect(await walk(page, screens)).toEqual({});
});

test("the reviewers' screens", async ({ page }) => {
  await signIn(page, 'reviewer@portal.test');
  await expect(page).toHaveURL(/\/emvo$/);
  const queues = ['legitimacy', 'contractual', 'financial'].map((queue) => `/emvo/${queue}`);
  const found = await walk(page, ['/emvo', ...queues, '/emvo/session-tokens', '/emvo/tests-status-metrics']);
  // One check of each queue: its detail page.
  const details: string[] = [];
  for (const queue of queues) {
    await page.goto(queue);
    const first = page.getByRole('table').getByRole('link').first();
    await expect(first).toBeVisible();
    details.push(new URL((await first.getAttribute('href')) ?? '', page.url()).pathname);
  }
  // The company page of the last queue's first check, linked by its OBP number.
  const company = page
    .getByRole('table')
    .getByRole('link', { name: /^C\d{5}$/ })
    .first();
  details.push(new URL((await company.getAttribute('href')) ?? '', page.url()).pathname);
  expect({ ...found, ...(await walk(page, details)) }).toEqual({});
});

test("the administrators' screens", async ({ page }) => {
  await signIn(page, 'admin@portal.test');
  await expect(page).toHaveURL(/\/admin$/);
  const screens = ['users', 'gateways', 'tooltips', 'disclaimer-contents', 'storage', 'audit'];
  expect(await walk(page, ['/admin', ...screens.map((screen) => `/admin/${screen}`)])).toEqual({});
});

test("the company's screens", async ({ page }) => {
  await signIn(page, 'external@portal.test');
  await expect(page).toHaveURL(/\/external\/onboarding$/);
  const steps = ['legitimacy', 'contractual', 'financial', 'technical', 'people'];
  const screens = ['/external/onboarding', ...steps.map((step) => `/external/onboarding/${step}`)];
  expect(await walk(page, screens)).toEqual({});
});
