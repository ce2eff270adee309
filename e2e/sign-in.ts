import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Portal-demo-2026!';

/** Fills the identity provider's form (B2C's element ids) and submits it. */
export async function submitCredentials(page: Page, email: string, password = DEMO_PASSWORD) {
  await expect(page.locator('#signInName')).toBeVisible();
  await page.locator('#signInName').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('#next').click();
}

/** From the portal's start page: Sign in, then the provider's form. */
export async function signIn(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await submitCredentials(page, email);
}

/**
 * What local storage holds of a session after logout cleared it (spec §4). When the page starts again,
 * MSAL writes its version and i18n the current language (spec §1): neither is session data.
 */
export function signedInStorage(): string[] {
  return Object.keys(localStorage).filter((key) => key !== 'msal.version' && key !== 'currentLanguage');
}
