import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { tabTo } from './keyboard';
import { signIn } from './sign-in';

async function signInAsAdmin(page: Page) {
  await signIn(page, 'admin@portal.test');
  await expect(page).toHaveURL(/\/admin$/);
}

/** The search part of the page's URL as a map. */
function searchOf(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

test.describe('the shared table reads only its own params', () => {
  test('a link carrying utm_source shows the gateways, and the table keeps utm_source in the URL', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    // Before the fix utm_source went to the API as a filter: 400, and the table said "No result".
    const lists: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/gateways') lists.push(request.url());
    });
    await page.goto('/admin/gateways?utm_source=mail');
    const firstCell = page.getByRole('row').nth(1).getByRole('cell').first();
    await expect(firstCell).toBeVisible();
    await expect(page.getByText('No result')).toHaveCount(0);

    // Sorting (spec §4: page back to 1), then a filter, then a page: the table writes only its own keys.
    await page.getByRole('button', { name: /^Name/ }).click();
    await expect(page).toHaveURL(/order=name/);
    expect(searchOf(page)).toEqual({ utm_source: 'mail', order: 'name' });
    await page.getByLabel('Active').selectOption('true');
    await expect(page).toHaveURL(/active=true/);
    expect(searchOf(page)).toEqual({ utm_source: 'mail', order: 'name', active: 'true' });
    await page.getByLabel('Active').selectOption('');
    await expect(page).not.toHaveURL(/active=/);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
    await expect(firstCell).toBeVisible();
    expect(searchOf(page)).toEqual({ utm_source: 'mail', order: 'name' });

    expect(lists.length).toBeGreaterThan(0);
    for (const url of lists) expect(new URL(url).searchParams.has('utm_source')).toBe(false);
  });
});

test.describe('the shared modal gives the focus back when it closes', () => {
  test('keyboard: New gateway, Enter, Escape: the focus is back on New gateway', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/gateways');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    const create = page.getByRole('button', { name: 'New gateway' });
    await tabTo(page, create);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New gateway' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(create).toBeFocused();
  });

  test('keyboard: deleting a row takes its Delete button away, so the focus goes to the words saying it was deleted', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/gateways');
    // A gateway of its own, unused, so it can be deleted.
    const name = `Focus Gateway ${Date.now()}`;
    await page.getByRole('button', { name: 'New gateway' }).click();
    const form = page.getByRole('dialog', { name: 'New gateway' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Website').fill('https://focus.example');
    await form.getByLabel('Contact email').fill('hello@focus.example');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await page.getByLabel('Search', { exact: true }).fill(name);
    const remove = page.getByRole('button', { name: `Delete ${name}` });
    await expect(remove).toBeVisible();

    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
    await expect(confirm).toBeVisible();
    // The question starts on its least destructive answer; Delete is one Tab away.
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(remove).toHaveCount(0);
    // The deletion is said beside the page's buttons, and the words take the focus its button had.
    await expect(page.getByRole('status').filter({ hasText: `Gateway ${name} deleted.` })).toBeFocused();
  });
});
