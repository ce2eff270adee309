import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { tabTo } from './keyboard';
import { signIn } from './sign-in';

async function signInAsAdmin(page: Page) {
  await signIn(page, 'admin@portal.test');
  await expect(page).toHaveURL(/\/admin$/);
}

test.describe('/admin/gateways', () => {
  test('an admin creates a gateway with the keyboard alone', async ({ page }) => {
    await signInAsAdmin(page);
    // From the side menu, by keyboard.
    await tabTo(page, page.getByRole('link', { name: 'Gateways' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Gateways' })).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'New gateway' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New gateway' });
    await expect(dialog).toBeVisible();
    const name = `Keyboard Gateway ${Date.now()}`;
    await tabTo(page, dialog.getByLabel('Name'));
    await page.keyboard.type(name);
    await tabTo(page, dialog.getByLabel('Website'));
    await page.keyboard.type('https://keyboard.example');
    await tabTo(page, dialog.getByLabel('Contact email'));
    await page.keyboard.type('hello@keyboard.example');
    await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Gateway ${name} saved.`)).toBeVisible();
    await page.getByLabel('Search', { exact: true }).fill(name);
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  });

  test('sorting, filtering and paging live in the URL, and a reload restores them', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/gateways');
    const firstCell = page.getByRole('row').nth(1).getByRole('cell').first();
    await expect(firstCell).toBeVisible();
    // spec §4: a first click sorts by name ascending, a second descending.
    await page.getByRole('button', { name: /^Name/ }).click();
    await expect(page).toHaveURL(/order=name/);
    await page.getByRole('button', { name: /^Name/ }).click();
    await expect(page).toHaveURL(/order=-name/);
    // The previous page stays on screen while the sorted one loads: wait for it.
    await expect(page.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
    const topDescending = (await firstCell.textContent()) ?? '';
    // Filter: certified only.
    await page.getByLabel('Certified').selectOption('true');
    await expect(page).toHaveURL(/certified=true/);
    // Every row left is certified (the Certified column is the fourth).
    await expect
      .poll(async () => [...new Set(await page.locator('tbody tr td:nth-child(4)').allInnerTexts())])
      .toEqual(['Yes']);
    await page.getByLabel('Certified').selectOption('');
    // Page 2 of the ~27 gateways; page is not kept in the URL (spec §2).
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page).not.toHaveURL(/page=/);
    await page.reload();
    await expect(page).toHaveURL(/order=-name/);
    await expect(firstCell).toHaveText(topDescending);
  });

  test('an invalid form shows its messages only once a field has been changed', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/gateways');
    await page.getByRole('button', { name: 'New gateway' }).click();
    const dialog = page.getByRole('dialog', { name: 'New gateway' });
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByLabel('Name').fill('A');
    await expect(dialog.getByText('Name: at least 2 characters.')).toBeVisible();
    await dialog.getByLabel('Contact email').fill('not-an-email');
    await expect(dialog.getByLabel('Contact email')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Name').fill('Acceptable name');
    await expect(dialog.getByText('Name: at least 2 characters.')).toHaveCount(0);
  });
});

test.describe('/admin/disclaimer-contents: the footer-links list', () => {
  test('an admin adds, reorders and deletes a link; the modal answers Escape, and Enter on its confirming answer', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/disclaimer-contents');
    await page.getByRole('button', { name: 'Add link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add link' });
    const label = `Status ${Date.now()}`;
    await dialog.getByLabel('Label').fill(label);
    await dialog.getByLabel('Web address').fill('status.example.com');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row').filter({ hasText: label });
    await expect(row).toBeVisible();
    // It was added last: move it up once.
    await page.getByRole('button', { name: `Move ${label} up` }).click();
    await expect(page.getByRole('button', { name: `Move ${label} down` })).toBeEnabled();
    // Escape cancels the confirmation; the question starts on Cancel, its confirming answer a Tab away.
    await page.getByRole('button', { name: `Delete ${label}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete the link ${label}?` });
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();
    await page.getByRole('button', { name: `Delete ${label}` }).click();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(row).toHaveCount(0);
    // Said beside the section's Add link button; its Delete button gone, the words have the focus.
    await expect(page.getByRole('status').filter({ hasText: `Link ${label} deleted.` })).toBeFocused();
  });
});

test.describe('accessibility of the admin screens', () => {
  for (const [path, heading] of [
    ['/admin/gateways', 'Gateways'],
    ['/admin/tooltips', 'Tooltips'],
    ['/admin/disclaimer-contents', 'Disclaimer contents'],
    ['/admin/users', 'Users'],
    ['/admin/storage', 'Storage'],
    ['/admin/audit', 'Audit trail'],
  ] as const) {
    test(path, async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('the gateway form in its modal', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/gateways');
    await page.getByRole('button', { name: 'New gateway' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
