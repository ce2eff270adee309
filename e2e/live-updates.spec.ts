import type { Browser, Page } from '@playwright/test';
import { axeViolations } from './axe';
import { confirmAndSignIn, registerByKeyboard, submitLegitimacyStep } from './company-journey';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';

/** A reviewer signed in in a browser context of their own (their own session, their own live stream). */
async function reviewer(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/emvo$/);
  return page;
}

/** Marks the page: still marked later means it was never reloaded (what it shows came live). */
const mark = (page: Page) => page.evaluate(() => Reflect.set(window, 'portalLiveMark', true));
const stillMarked = (page: Page) => page.evaluate(() => Reflect.get(window, 'portalLiveMark') === true);

/** Opens the decision's modal from the check's page and confirms it. */
async function decide(page: Page, action: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** What one reviewer does reaches the other reviewer's screens and the company's, without a reload. */
test('a reviewer starts and approves a check: a colleague’s queue row and open check follow live, and the company sees the decision', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const company = `Live Pharma ${Date.now()}`;
  const email = `spoc-live-${Date.now()}@acme-e2e.example`;
  await registerByKeyboard(page, email, company);
  await confirmAndSignIn(page, email);
  await submitLegitimacyStep(page);
  // The company keeps its legitimacy step open.
  await expect(page.getByRole('heading', { name: 'Submitted for review' })).toBeVisible();

  const rita = await reviewer(browser, 'reviewer@portal.test');
  const lena = await reviewer(browser, 'lead@portal.test');
  // Lena follows the queue (every status, this company only) in one tab and the check in another.
  const lenaQueue = lena;
  await lenaQueue.goto(`/emvo/legitimacy?status.not=NOT_SUBMITTED&search=${encodeURIComponent(company)}`);
  const row = lenaQueue.getByRole('row').filter({ has: lenaQueue.getByRole('link', { name: company }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Submitted');
  const checkHref = await row.getByRole('link', { name: company }).getAttribute('href');
  expect(checkHref).toMatch(/^\/emvo\/legitimacy\/[0-9a-f-]{36}$/);
  const lenaCheck = await lena.context().newPage();
  await lenaCheck.goto(checkHref ?? '');
  await expect(lenaCheck.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await expect(lenaCheck.getByRole('button', { name: 'Start review' })).toBeVisible();

  // Rita opens the same check: each of them sees the other viewing it (item 4).
  await rita.goto(checkHref ?? '');
  await expect(rita.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await expect(lenaCheck.getByText('Rita Reviewer is viewing this check.')).toBeVisible({ timeout: 10_000 });
  await expect(rita.getByText('Lena Lead is viewing this check.')).toBeVisible({ timeout: 10_000 });
  for (const watched of [page, lenaQueue, lenaCheck]) await mark(watched);

  // Rita starts the review: Lena's row changes in place, highlighted, and her open check says who and
  // offers what is possible now, before she opens a dialog.
  await decide(rita, 'Start review');
  await expect(row).toContainText('In review', { timeout: 5_000 });
  await expect(row).toContainText('reviewer@portal.test');
  await expect(row).toHaveAttribute('data-highlighted', 'true');
  await expect(
    lenaCheck.getByText('Rita Reviewer started reviewing this check. The decisions below are up to date.'),
  ).toBeVisible({ timeout: 5_000 });
  await expect(lenaCheck.getByRole('button', { name: 'Start review' })).toBeHidden();
  await expect(lenaCheck.getByRole('button', { name: 'Request corrections' })).toBeVisible();
  expect(await axeViolations(lenaCheck)).toEqual([]);

  // Rita approves: Lena's row and check follow, and the company's open step shows the decision.
  await decide(rita, 'Approve');
  await expect(row).toContainText('Approved', { timeout: 5_000 });
  await expect(
    lenaCheck.getByText('Rita Reviewer approved this check. The decisions below are up to date.'),
  ).toBeVisible({
    timeout: 5_000,
  });
  await expect(
    lenaCheck.getByText('No decision can be taken while the check’s status is “Approved”.'),
  ).toBeVisible();
  await expect(page.getByText('Your legitimacy check is approved.')).toBeVisible({ timeout: 5_000 });
  await expect(page.getByRole('heading', { name: 'Approved' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // None of them was reloaded.
  for (const watched of [page, lenaQueue, lenaCheck]) expect(await stillMarked(watched)).toBe(true);

  // Rita leaves the check: Lena's page no longer names her (presence left).
  await rita.goto('/emvo');
  await expect(lenaCheck.getByText('Rita Reviewer is viewing this check.')).toBeHidden({ timeout: 10_000 });
});
