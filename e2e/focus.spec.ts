import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { tabTo } from './keyboard';
import { signIn } from './sign-in';

const SHOTS = '/tmp/shots/ux-d';

const activeTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? '');

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('moving to another screen puts the focus on its heading; the first screen leaves it at the top', async ({
  page,
}) => {
  await signIn(page, 'reviewer@portal.test');
  await expect(page).toHaveURL(/\/emvo$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The first screen: the focus stays at the top of the page, where the skip link is the first stop.
  expect(await activeTag(page)).toBe('BODY');

  // By keyboard: a menu link, then Enter; the new screen's heading has the focus, not the link left behind.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await tabTo(page, menu.getByRole('link', { name: 'Session tokens' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Session tokens' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  // By mouse, and back with the browser: each time the screen's heading.
  await menu.getByRole('link', { name: 'Legitimacy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Legitimacy queue' })).toBeFocused();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Session tokens' })).toBeFocused();
  // Sorting or filtering the same screen keeps the focus where the person is.
  const sort = page.getByRole('button', { name: /^Status/ });
  await sort.click();
  await expect(page).toHaveURL(/order=/);
  await expect(sort).toBeFocused();
});

test('a question without a field starts on its least destructive answer, the confirming one a Tab away', async ({
  page,
}) => {
  await signIn(page, 'reviewer@portal.test');
  await expect(page).toHaveURL(/\/emvo$/);
  await page.goto('/emvo/legitimacy?status=SUBMITTED');
  await page.getByRole('table').getByRole('link').first().click();
  await page.getByRole('button', { name: 'Start review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start the review?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Start review' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Start review' })).toBeFocused();
});

for (const [width, height] of [
  [1366, 800],
  [412, 915],
] as const) {
  test(`at ${width} px leaving unsaved changes asks with Stay as the answer to press, and focused`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, 'external@portal.test');
    await expect(page).toHaveURL(/\/external\/onboarding$/);
    await page.goto('/external/onboarding/people');
    const people = page.getByRole('region', { name: 'People of the company' });
    await people.getByLabel(/First name/).fill('Alex');
    await page
      .getByRole('link', { name: /Participation agreement/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    const stay = dialog.getByRole('button', { name: 'Stay on this page' });
    const leave = dialog.getByRole('button', { name: 'Leave without saving' });
    await expect(stay).toBeFocused();
    await expect(stay).toHaveClass(/primary/);
    await expect(leave).not.toHaveClass(/primary/);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/leave-without-saving-${width}.png` });
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/external\/onboarding\/people$/);
    await expect(people.getByLabel(/First name/)).toHaveValue('Alex');
  });
}
