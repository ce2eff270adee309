import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { apiAs } from './reviewer-api';

/** Where the screenshots of the company page go, to be looked at (1366 and 412 px wide). */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

test('a reviewer reaches a company’s page from a queue, reads its story in words, and it fits 1366 and 412 px', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const reviewer = await apiAs(browser, 'reviewer@portal.test', /\/emvo$/);
  // A submitted legitimacy check (the queue's last, out of the other specs' way), whose review Rita starts.
  type Row = { id: string; version: number; status: string; legalName: string; obpNumber: string };
  const { items } = await reviewer.get<{ items: Row[] }>('/api/review-queues/legitimacy');
  const check = items.filter((row) => row.status === 'SUBMITTED').at(-1);
  expect(check, 'a submitted legitimacy check').toBeDefined();
  if (!check) return;
  await reviewer.post(`/api/checks/${check.id}/decisions`, { action: 'START', version: check.version });

  const { page } = reviewer;
  await page.setViewportSize({ width: 1366, height: 900 });
  // The queue names the check's company by its OBP number, which opens the company's page.
  await page.goto(`/emvo/legitimacy?search=${encodeURIComponent(check.legalName)}`);
  await page.getByRole('link', { name: check.obpNumber, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/emvo/companies/${check.obpNumber}$`));
  await expect(page.getByRole('heading', { level: 1, name: check.legalName })).toBeVisible();
  const company = { obpNumber: check.obpNumber, legalName: check.legalName };

  for (const region of [
    'What is next',
    'Checks',
    'Activity',
    'Documents',
    'Session tokens',
    'Test runs',
    'People',
    'Billing',
  ]) {
    await expect(page.getByRole('region', { name: region, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'What is next' })).toContainText(
    'The legitimacy check is in review, on it: Rita Reviewer',
  );
  await expect(
    page.getByRole('link', { name: 'Rita Reviewer started the review of the legitimacy check (attempt 1)' }),
  ).toHaveAttribute('href', `/emvo/legitimacy/${check.id}`);
  // Its story in words: no line shows a record's id or a raw code.
  const activity = page.getByRole('region', { name: 'Activity', exact: true }).getByRole('listitem');
  await expect(activity.first()).toBeVisible();
  for (const line of await activity.allTextContents()) {
    expect(line).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|\b[A-Z]+_[A-Z_]+\b/);
  }
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/company-page-1366.png`, fullPage: true });

  // A phone: nothing wider than the screen but the tables' own scrolling boxes.
  await page.setViewportSize({ width: 412, height: 915 });
  await expect(page.getByRole('heading', { level: 1, name: company.legalName })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/company-page-412.png`, fullPage: true });

  // A check of the company opens its check page, which leads back to the company.
  const checks = page.getByRole('region', { name: 'Checks', exact: true });
  await checks.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/emvo\/(legitimacy|contractual|financial)\/[0-9a-f-]{36}$/);
  await page.getByRole('link', { name: company.obpNumber, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/emvo/companies/${company.obpNumber}$`));
});

test('an administrator reads a company’s page from the users list, without a reviewer’s actions', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await apiAs(browser, 'admin@portal.test', /\/admin$/);
  const { page } = admin;
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const companyLink = page
    .getByRole('table')
    .getByRole('link', { name: /.+/ })
    .filter({ hasNotText: '@' })
    .first();
  const name = (await companyLink.textContent()) ?? '';
  await companyLink.click();
  await expect(page).toHaveURL(/\/emvo\/companies\/C\d{5}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('You read this page as an administrator')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Checks', exact: true }).getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'The whole audit trail of this company' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/company-page-admin-1366.png`, fullPage: true });
});
