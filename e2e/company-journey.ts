import { expect, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { tabToNext } from './keyboard';
import { submitCredentials } from './sign-in';

/** A new company's way in: registration, confirmation, sign-in and the legitimacy step (issue 9). */

/** The mails the portal wrote for an address (the local outbox, outside production). */
export async function linkMailedTo(page: Page, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await (
        await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)
      ).json()) as Array<{
        link: string | null;
      }>;
      link = mails.find((mail) => mail.link?.includes('/confirm?token='))?.link ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

export const PASSWORD = 'Onboard-2026!';
/** spec §8: 111 and 112 show INVALID_FILE. */
export const INVALID_FILE_MESSAGE = 'This file cannot be used. Check its type and content, then try again.';
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** The visitor page's registration, completed by keyboard alone, up to "Check your mailbox". */
export async function registerByKeyboard(page: Page, email: string, company: string) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Register your company' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Register your company' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Email address').focus();
  await page.keyboard.type(email);
  await tabToNext(page, page.getByLabel('First name'));
  await page.keyboard.type('Ada');
  await tabToNext(page, page.getByLabel('Last name'));
  await page.keyboard.type('Lovelace');
  await tabToNext(page, page.getByLabel('Company name'));
  await page.keyboard.type(company);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: /^OPM/ })).toBeChecked();
  // The terms box scrolls, so it is a stop of its own; then the acceptance box.
  await page.keyboard.press('Tab');
  await tabToNext(page, page.getByRole('checkbox', { name: 'I have read and accept these terms' }));
  await page.keyboard.press('Space');
  await tabToNext(page, page.getByRole('button', { name: 'Register' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Check your mailbox' })).toBeVisible();
}

/** Opens the mailed confirmation link, chooses the password, then signs in through the local provider. */
export async function confirmAndSignIn(page: Page, email: string) {
  await page.goto(await linkMailedTo(page, email));
  await expect(page.getByRole('heading', { name: 'Confirm your registration' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  // Creating the account hashes the password (scrypt) and writes the company in one transaction: on a
  // busy two-core machine that once took longer than the default 5 s.
  await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await submitCredentials(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/external$/);
  await page.getByRole('link', { name: 'Open your onboarding application' }).click();
  // Issue 23 item 1: the overview says what is next; each step has its own address.
  const steps = page.getByRole('navigation', { name: 'Onboarding steps' });
  await expect(steps).toBeVisible();
  await page.getByRole('link', { name: 'Open Legitimacy' }).click();
  await expect(page).toHaveURL(/\/external\/onboarding\/legitimacy$/);
}

/** Fills every field the legitimacy step needs to be submitted, with a real PDF as copy of proof. */
export async function fillLegitimacyStep(page: Page) {
  const company = page.getByRole('group', { name: 'Company data' });
  await company.getByLabel('Registration number').fill('BE0123456789');
  await company.getByLabel('VAT number').fill('BE0123456789');
  await company.getByLabel('Street').fill('Rue Haute');
  await company.getByLabel('House number').fill('12');
  await company.getByLabel('Postal code').fill('1000');
  await company.getByLabel('City').fill('Brussels');
  await company.getByLabel('Country').fill('Belgium');
  await page.keyboard.press('Enter');
  await company.getByLabel('Phone').fill('+32 2 000 00 00');
  await company.getByLabel('Email address').fill('info@acme-e2e.example');

  const spoc = page.getByRole('group', { name: 'SPOC (single point of contact)' });
  await spoc.getByLabel('Phone').fill('+32 2 000 00 01');
  const representative = page.getByRole('group', { name: 'Authorised representative' });
  await representative.getByLabel('First name').fill('Grace');
  await representative.getByLabel('Last name').fill('Hopper');
  await representative.getByLabel('Function').fill('Managing director');
  await representative.getByLabel('Email address').fill('grace@acme-e2e.example');
  await representative.getByLabel('Phone').fill('+32 2 000 00 02');
  await representative
    .getByLabel(/copy of proof/i)
    .setInputFiles({ name: 'proof.pdf', mimeType: 'application/pdf', buffer: PDF });

  await page.getByRole('button', { name: 'Add a MAH' }).click();
  const mah = page.getByRole('group', { name: 'MAH 1' });
  await mah.getByLabel('Name', { exact: true }).fill('Acme MAH');
  await mah.getByLabel('Country', { exact: true }).fill('Belgium');
  await page.keyboard.press('Enter');
  // A new MAH comes with its first product's fields.
  await mah.getByLabel('Product name').fill('Acmex 10 mg');
  await mah.getByLabel('Product code').fill('05412345000013');
}

/** Fills the legitimacy step and submits it for review. */
export async function submitLegitimacyStep(page: Page) {
  await fillLegitimacyStep(page);
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByRole('heading', { name: 'Submitted for review' })).toBeVisible({ timeout: 30_000 });
}
