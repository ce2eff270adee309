import { POPUP_URL } from '../playwright.config';
import { expect, test } from './fixtures';
import { signedInStorage, signIn, submitCredentials } from './sign-in';

test.describe('sign-in by redirect through the local B2C-shaped provider', () => {
  for (const [email, area, heading] of [
    ['admin@portal.test', '/admin', 'Administration'],
    ['reviewer@portal.test', '/emvo', 'Reviewer area'],
    ['lead@portal.test', '/emvo', 'Reviewer area'],
    ['external@portal.test', '/external', 'Onboarding'],
  ] as const) {
    test(`${email} lands on ${area}`, async ({ page }) => {
      await signIn(page, email);
      await expect(page).toHaveURL(new RegExp(`${area}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }

  test('the account with no role is logged out', async ({ page }) => {
    await signIn(page, 'norole@portal.test');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect.poll(() => page.evaluate(signedInStorage)).toEqual([]);
  });

  test('a deep link while signed out comes back to that page after sign-in', async ({ page }) => {
    await page.goto('/emvo/legitimacy?stage=INFORMATION');
    await submitCredentials(page, 'reviewer@portal.test');
    await expect(page).toHaveURL(/\/emvo\/legitimacy\?stage=INFORMATION$/);
  });

  test("an EMVO user opening an ADMIN page is sent to '/' and on to /emvo", async ({ page }) => {
    await signIn(page, 'reviewer@portal.test');
    await expect(page).toHaveURL(/\/emvo$/);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/emvo$/);
  });

  test('a wrong password is refused on the provider page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await submitCredentials(page, 'admin@portal.test', 'not-the-password');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.locator('#signInName')).toHaveValue('admin@portal.test');
  });

  test('"Forgot your password?" reaches the reset policy', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('#forgotPassword').click();
    await expect(page).toHaveURL(/b2c_1_reset/);
    await expect(page.getByRole('heading', { name: /reset your password/i })).toBeVisible();
  });

  test('Cancel on the provider page comes back quietly', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('#cancel').click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Authentification error')).toHaveCount(0);
  });

  test('Cancel on the provider page after a deep link lands on the visitor page, with no toast', async ({
    page,
  }) => {
    await page.goto('/admin/gateways');
    await expect(page.locator('#cancel')).toBeVisible();
    await page.locator('#cancel').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Authentification error')).toHaveCount(0);
    // It stays there: no new sign-in starts by itself.
    await page.waitForTimeout(500);
    await expect(page.locator('#signInName')).toHaveCount(0);
  });

  test('logout empties local and session storage', async ({ page }) => {
    await signIn(page, 'admin@portal.test');
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(signedInStorage)).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });

  test("the API accepts the signed-in user's token", async ({ page }) => {
    await signIn(page, 'reviewer@portal.test');
    // The reviewers' landing page asks the API (bearer token, reviewer role) what waits in each queue.
    await expect(page.getByRole('heading', { level: 3, name: 'Legitimacy queue' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^\d+\s*open checks?$/ }).first()).toBeVisible();
  });
});

test.describe('sign-in in a popup (the other configuration)', () => {
  test.use({ baseURL: POPUP_URL });

  test('a reviewer signs in through the popup and lands on /emvo', async ({ page }) => {
    await page.goto('/');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const popup = await popupOpened;
    // Waited for before the credentials go: the popup may close before a later wait would be listening.
    const closed = popup.waitForEvent('close');
    await submitCredentials(popup, 'reviewer@portal.test');
    await closed;
    await expect(page).toHaveURL(/\/emvo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reviewer area' })).toBeVisible();
  });
});
