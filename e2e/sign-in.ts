import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Portal-demo-2026!';

/** Fills the identity provider's form (B2C's element ids) and submits it. */
export async function submitCredentials(page: Page, email: string, password = DEMO_PASSWORD) {
  await expect(page.locator('#signInName')).toBeVisible();
  await page.locator('#signInName').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('#next').click();
}

/** A mail of the local outbox, as GET /api/dev/outbox answers it (the stacks run with DEV_OUTBOX=true). */
export interface OutboxMail {
  id: string;
  subject: string;
  text: string;
}

export async function mailsTo(page: Page, email: string): Promise<OutboxMail[]> {
  const response = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as OutboxMail[];
}

/** The code of the reset policy's newest verification mail to the address, one not among `before`. */
export async function newVerificationCode(page: Page, email: string, before: OutboxMail[]): Promise<string> {
  const seen = new Set(before.map((mail) => mail.id));
  let code = '';
  await expect
    .poll(async () => {
      const mail = (await mailsTo(page, email)).find(
        (each) => !seen.has(each.id) && each.subject.endsWith('your verification code'),
      );
      code = /Your code is: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
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
