import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';

/**
 * The lists fit the screens people use. At a laptop's 1366 px what a person decides on shows without
 * scrolling sideways (a queue's company, status, assignee and SLA) and names are read whole, on a second
 * line rather than cut; at a phone's 412 px the filters fold behind one button and the first rows show on
 * the first screen. A long check keeps its decisions in view.
 */
const LAPTOP = { width: 1366, height: 900 };
const PHONE = { width: 412, height: 915 };
/** Screenshots to look at (not committed). */
const SHOTS = '/tmp/shots-fit';

const QUEUES = [
  ['legitimacy', 'Legitimacy queue'],
  ['contractual', 'Contractual queue'],
  ['financial', 'Financial queue'],
] as const;

async function signInAs(page: Page, account: string, home: RegExp) {
  await signIn(page, account);
  await expect(page).toHaveURL(home);
}

async function tableLoaded(page: Page) {
  await expect(page.locator('tbody tr td').first()).toBeVisible();
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
}

/**
 * Where the named header cells lie in the table's scrolling box, as the box shows it before any sideways
 * scroll: each header's text and whether it is wholly inside the box.
 */
function headersInView(names: string[]) {
  const box = document.querySelector('[data-table-scroll]');
  if (!box) return [];
  const frame = box.getBoundingClientRect();
  const headers = [...box.querySelectorAll('thead th')];
  return names.map((name) => {
    const th = headers.find((header) => header.textContent?.trim() === name);
    const rect = th?.getBoundingClientRect();
    const inside = rect !== undefined && rect.left >= frame.left - 1 && rect.right <= frame.right + 1;
    return `${name}: ${inside ? 'in view' : rect ? `${Math.round(rect.right - frame.right)} px out` : 'missing'}`;
  });
}

/** The cells of the named column that are cut (one line with an ellipsis, or wider than their cell). */
function cutNames(name: string) {
  const table = document.querySelector('[data-table-scroll] table');
  if (!table) return ['no table'];
  const index = [...table.querySelectorAll('thead th')].findIndex(
    (header) => header.textContent?.trim() === name,
  );
  if (index < 0) return [`no column ${name}`];
  return [...table.querySelectorAll('tbody tr')]
    .map((row) => row.querySelectorAll(':scope > td')[index])
    .filter((cell): cell is HTMLTableCellElement => cell !== undefined)
    .filter((cell) => cell.hasAttribute('title') || cell.scrollWidth > cell.clientWidth + 1)
    .map((cell) => cell.textContent ?? '');
}

/** How many of the named column's cells take more than one line (a long name wrapped, not cut). */
function wrappedNames(name: string) {
  const table = document.querySelector('[data-table-scroll] table');
  if (!table) return 0;
  const index = [...table.querySelectorAll('thead th')].findIndex(
    (header) => header.textContent?.trim() === name,
  );
  return [...table.querySelectorAll('tbody tr')].filter((row) => {
    const cell = row.querySelectorAll(':scope > td')[index];
    const text = cell?.querySelector('a') ?? cell;
    if (!text) return false;
    const range = document.createRange();
    range.selectNodeContents(text);
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    return lines.size > 1;
  }).length;
}

test.describe('at 1366 px the queues show what is decided on, without scrolling sideways', () => {
  test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  for (const [queue, title] of QUEUES) {
    test(`the ${queue} queue`, async ({ page }) => {
      await signInAs(page, 'reviewer@portal.test', /\/emvo$/);
      await page.setViewportSize(LAPTOP);
      // Every status: the decided checks too, so the rows show every kind of status and assignee.
      await page.goto(`/emvo/${queue}?status.not=NOT_SUBMITTED`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await tableLoaded(page);
      await page.screenshot({ path: `${SHOTS}/${queue}-1366.png` });
      // Only legitimacy checks have an SLA: the other queues have no SLA column.
      const decidedOn = ['Company', 'Status', 'Assignee', ...(queue === 'legitimacy' ? ['SLA due'] : [])];
      expect(await page.evaluate(headersInView, decidedOn)).toEqual(
        decidedOn.map((header) => `${header}: in view`),
      );
      // The page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        LAPTOP.width,
      );
      // Names are read whole: none cut, the long ones on a second line.
      expect(await page.evaluate(cutNames, 'Company')).toEqual([]);
      expect(await page.evaluate(wrappedNames, 'Company')).toBeGreaterThan(0);
    });
  }

  for (const [path, account, home, name] of [
    ['/emvo/session-tokens', 'reviewer@portal.test', /\/emvo$/, 'Company'],
    ['/emvo/tests-status-metrics', 'reviewer@portal.test', /\/emvo$/, 'Company'],
    ['/admin/users', 'admin@portal.test', /\/admin$/, 'Name'],
    ['/admin/users', 'admin@portal.test', /\/admin$/, 'Company'],
  ] as const) {
    test(`${path}: its ${name} column is read whole, and the table fits`, async ({ page }) => {
      await signInAs(page, account, home);
      await page.setViewportSize(LAPTOP);
      await page.goto(path);
      await tableLoaded(page);
      await page.screenshot({ path: `${SHOTS}/${path.replace(/\W+/g, '_')}-1366.png` });
      expect(await page.evaluate(cutNames, name)).toEqual([]);
      const fits = await page.evaluate(() => {
        const box = document.querySelector('[data-table-scroll]');
        return box ? box.scrollWidth <= box.clientWidth + 1 : false;
      });
      expect(fits, 'the table fits its box: nothing to scroll sideways').toBe(true);
    });
  }
});

test.describe('at 412 px the filters fold behind one button and the first rows show', () => {
  test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  for (const [queue, title] of QUEUES) {
    test(`the ${queue} queue`, async ({ page }) => {
      await signInAs(page, 'reviewer@portal.test', /\/emvo$/);
      await page.setViewportSize(PHONE);
      await page.goto(`/emvo/${queue}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await tableLoaded(page);
      await page.screenshot({ path: `${SHOTS}/${queue}-412.png` });

      // The first row is above the fold, the filters folded: only the search and the button show.
      const firstRow = await page.locator('tbody tr').first().boundingBox();
      expect((firstRow?.y ?? Number.POSITIVE_INFINITY) + (firstRow?.height ?? 0)).toBeLessThanOrEqual(
        PHONE.height,
      );
      const fold = page.getByRole('button', { name: /^Filters/ });
      await expect(fold).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Status' })).toBeHidden();
      await expect(page.getByRole('checkbox', { name: 'Overdue only' })).toBeHidden();
      expect(await axeViolations(page)).toEqual([]);

      // Unfolded, every filter is there; a choice is counted on the button once folded again.
      await fold.click();
      await expect(fold).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('combobox', { name: 'Status' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/${queue}-412-filters.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('checkbox', { name: 'Overdue only' }).check();
      await expect(page).toHaveURL(/overdue=true/);
      await fold.click();
      await expect(page.getByRole('button', { name: 'Filters: 1 chosen' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    });
  }

  test('at 1366 px there is no button: the filters are in the toolbar', async ({ page }) => {
    await signInAs(page, 'reviewer@portal.test', /\/emvo$/);
    await page.setViewportSize(LAPTOP);
    await page.goto('/emvo/legitimacy');
    await tableLoaded(page);
    await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Status' })).toBeVisible();
  });

  test('a list of the administrators folds its filters the same way', async ({ page }) => {
    await signInAs(page, 'admin@portal.test', /\/admin$/);
    await page.setViewportSize(PHONE);
    await page.goto('/admin/users');
    await tableLoaded(page);
    await page.screenshot({ path: `${SHOTS}/users-412.png` });
    const fold = page.getByRole('button', { name: /^Filters/ });
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('combobox', { name: 'Role' })).toBeHidden();
    await fold.click();
    await expect(page.getByRole('combobox', { name: 'Role' })).toBeVisible();
  });
});

test.describe('a contractual check: the signed agreement in its panel, the decisions in view', () => {
  test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  for (const viewport of [LAPTOP, PHONE]) {
    test(`at ${viewport.width} px`, async ({ page }) => {
      await signInAs(page, 'reviewer@portal.test', /\/emvo$/);
      await page.setViewportSize(viewport);
      // A submitted check, the newest: a reviewer may start it, and other tests decide older ones.
      await page.goto('/emvo/contractual?status=SUBMITTED&order=-submittedAt');
      await tableLoaded(page);
      // The row's first link is its check (its OBP number links to the company page).
      await page.locator('tbody tr').first().getByRole('link').first().click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const agreement = page.getByRole('region', { name: 'Participation agreement' });
      await expect(agreement.getByRole('link', { name: /^Download .+/ })).toBeVisible();
      await expect(agreement.getByText('Signed agreement', { exact: true })).toBeVisible();

      const decide = page.getByRole('region', { name: 'Decision' }).getByRole('button').first();
      await expect(decide).toBeVisible();
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height, 'a page longer than two screens').toBeGreaterThan(2 * viewport.height);
      // Read down to the agreement, then to the foot of the page: the decisions are in view all along.
      for (const to of [
        () => agreement.scrollIntoViewIfNeeded(),
        () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight)),
      ]) {
        await to();
        const box = await decide.boundingBox();
        expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
        expect((box?.y ?? viewport.height) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
      }
      await page.screenshot({ path: `${SHOTS}/contractual-check-${viewport.width}.png` });
      // The bar covers none of the page for good: the foot's last heading is not under it.
      const bar = await page.getByRole('region', { name: 'Decision' }).boundingBox();
      const last = await page.getByRole('heading', { level: 2 }).last().boundingBox();
      expect((last?.y ?? 0) >= (bar?.y ?? 0) + (bar?.height ?? 0)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test('the disclaimer text picker shows which text is chosen', async ({ page }) => {
  await signInAs(page, 'admin@portal.test', /\/admin$/);
  for (const viewport of [LAPTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/admin/disclaimer-contents');
    await tableLoaded(page);
    const picker = page.getByRole('group', { name: 'Text' });
    await picker.getByRole('button', { name: 'Registration' }).click();
    await expect(picker.getByRole('button', { name: 'Registration' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const look = (name: string) =>
      picker.getByRole('button', { name }).evaluate((button) => getComputedStyle(button).backgroundColor);
    // Filled, unlike the others.
    expect(await look('Registration')).not.toBe(await look('Sign-in'));
    await page.screenshot({ path: `${SHOTS}/disclaimer-contents-${viewport.width}.png` });
  }
});

test('the administrators reach the audit trail from the menu', async ({ page }) => {
  await signInAs(page, 'admin@portal.test', /\/admin$/);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Audit trail' })
    .click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
});
