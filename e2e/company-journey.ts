import { expect, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { tabToNext } from './keyboard';
import { type ApiAs, approveThroughApi } from './reviewer-api';
import { submitCredentials } from './sign-in';

/**
 * A new company's journey, as its screens walk it: registration, confirmation, sign-in and the legitimacy
 * step, then the agreement, the invoicing and the acceptance environment. The stack's
 * specs and mock mode's (mock-mode.spec.ts) walk the same steps.
 */

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

/** Opens a confirmation link and chooses the password, up to "Your account is ready". */
export async function confirmAccount(page: Page, link: string) {
  await page.goto(link);
  // The link is checked by the page's first call: in mock mode that call waits for the world to open
  // again from IndexedDB after the navigation (1 to 4 s, more on a busy machine; seen once past 5 s).
  await expect(page.getByRole('heading', { name: 'Confirm your registration' })).toBeVisible({
    timeout: 15_000,
  });
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  // Creating the account hashes the password (scrypt) and writes the company in one transaction: on a
  // busy two-core machine that once took longer than the default 5 s.
  await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible({ timeout: 15_000 });
}

/** Opens the mailed confirmation link, chooses the password, then signs in through the local provider. */
export async function confirmAndSignIn(page: Page, email: string) {
  await confirmAccount(page, await linkMailedTo(page, email));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await submitCredentials(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/external\/onboarding$/);
  await openLegitimacyStep(page);
}

/** From the company's onboarding overview (where its landing takes it) to its legitimacy step. */
export async function openLegitimacyStep(page: Page) {
  // The overview says what is next; each step has its own address.
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
  // By role: a required field's label also carries its marker (*), which its accessible name leaves out.
  await mah.getByRole('textbox', { name: 'Name', exact: true }).fill('Acme MAH');
  await mah.getByRole('combobox', { name: 'Country', exact: true }).fill('Belgium');
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

/** A CSR as openssl writes it: a DER SEQUENCE, base64 in a PEM block (the API checks the shape). */
const der = Buffer.concat([Buffer.from([0x30, 0x82, 0x02, 0x56]), Buffer.alloc(300, 0x42)]);
const CSR = Buffer.from(
  `-----BEGIN CERTIFICATE REQUEST-----\n${der
    .toString('base64')
    .match(/.{1,64}/g)
    ?.join('\n')}\n-----END CERTIFICATE REQUEST-----\n`,
);
export const IQE_TOKEN = 'iqe-Session-Token-0123456789abcdef';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function submitStep(step: Locator) {
  await step.getByRole('button', { name: 'Submit for review' }).click();
  await expect(step.getByRole('heading', { name: 'Submitted for review' })).toBeVisible({ timeout: 30_000 });
}

/** Legitimacy approved: the agreement step, at its own address, signed and submitted. */
export async function submitAgreementStep(page: Page) {
  await page.goto('/external/onboarding/contractual');
  const agreement = region(page, 'Participation agreement');
  await expect(agreement.getByRole('link', { name: /\.pdf/ }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await agreement
    .getByLabel('Signed participation agreement')
    .setInputFiles({ name: 'signed-agreement.pdf', mimeType: 'application/pdf', buffer: PDF });
  for (const box of await agreement.getByRole('checkbox').all()) await box.check();
  await submitStep(agreement);
}

/** The invoicing step of a company with one active MAH, filled and submitted. */
export async function submitInvoicingStep(page: Page, company: string) {
  await page.goto('/external/onboarding/financial');
  const invoicing = region(page, 'Invoicing');
  await expect(invoicing.getByText(/1 active MAH: fee tier 1/)).toBeVisible();
  await invoicing.getByLabel('Legal entity invoiced').fill(company);
  await invoicing.getByLabel('Street').fill('Rue Haute');
  await invoicing.getByLabel('House number').fill('12');
  await invoicing.getByLabel('Postal code').fill('1000');
  await invoicing.getByLabel('City').fill('Brussels');
  await invoicing.getByLabel('Country').fill('Belgium');
  await page.keyboard.press('Enter');
  await invoicing.getByLabel('VAT number').fill('BE0123456789');
  await invoicing.getByLabel('Purchase order number').fill('PO-2026-001');
  await invoicing.getByLabel('Billing email address').fill('billing@acme-e2e.example');
  await invoicing.getByLabel('Invoicing form').setInputFiles({
    name: 'invoicing-form.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await submitStep(invoicing);
}

/** Stage TECHNICAL_IQE: the acceptance environment's gateway, CSR and session token request. */
export async function connectToIqe(page: Page) {
  await page.goto('/external/onboarding/technical');
  const iqe = region(page, 'Acceptance environment (IQE)');
  await expect(iqe.getByLabel('Gateway')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await iqe.getByLabel('Gateway').click();
  await page.getByRole('option').first().click();
  await iqe.getByRole('button', { name: 'Save the gateway' }).click();
  await expect(page.getByText('Gateway saved.')).toBeVisible();

  await iqe
    .getByLabel('CSR file')
    .setInputFiles({ name: 'iqe.csr', mimeType: 'application/pkcs10', buffer: CSR });
  await iqe.getByRole('button', { name: 'Upload the CSR' }).click();
  await expect(iqe.getByRole('table', { name: 'Uploaded CSRs' })).toContainText('iqe.csr');

  await iqe.getByRole('button', { name: 'Request a session token' }).click();
  // The request asks for confirmation before anything is sent.
  await page.getByRole('dialog').getByRole('button', { name: 'Request the token' }).click();
  await expect(iqe.getByRole('table', { name: 'Session tokens' })).toContainText('Requested');
}

/** A reviewer issues the company's requested IQE token from the session-token queue. */
export async function issueIqeToken(queue: Page, company: string) {
  await queue.goto(`/emvo/session-tokens?search=${encodeURIComponent(company)}`);
  await expect(queue.getByRole('heading', { level: 1 })).toBeVisible();
  const row = queue.getByRole('row').filter({ hasText: company });
  await expect(row).toHaveCount(1);
  expect(await axeViolations(queue)).toEqual([]);
  await row.getByRole('button', { name: /^Issue the IQE token of/ }).click();
  const dialog = queue.getByRole('dialog');
  await dialog.getByLabel('Token value').fill(IQE_TOKEN);
  await dialog.getByRole('button', { name: 'Issue the token' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Issued');
}

/** The company sees its issued token once, in the copy box, with its expiry; then never again. */
export async function showIqeTokenOnce(page: Page) {
  const iqe = region(page, 'Acceptance environment (IQE)');
  await page.reload();
  const tokens = iqe.getByRole('table', { name: 'Session tokens' });
  await expect(tokens).toContainText('Issued');
  // The warning comes before the click that spends the one view.
  await tokens.getByRole('button', { name: 'Show the token (shown once only)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Show it now' }).click();
  await expect(
    iqe.getByText('Copy your session token now: it will not be shown again once you leave this page.'),
  ).toBeVisible();
  await expect(iqe.getByRole('textbox', { name: 'Session token' })).toHaveValue(IQE_TOKEN);
  expect(await axeViolations(page)).toEqual([]);
  await page.reload();
  await expect(iqe.getByRole('table', { name: 'Session tokens' })).toContainText('Issued');
  await expect(iqe.getByRole('button', { name: 'Show the token (shown once only)' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Session token' })).toHaveCount(0);
}

/**
 * From a submitted legitimacy step to the IQE token the company sees once: the reviewer approves each check
 * through its calls, the company signs, files its invoicing form and connects, and the reviewer issues the
 * token from its queue. The journey both the portal's and mock mode's specs walk.
 */
export async function onboardToIqeToken(page: Page, reviewer: ApiAs, company: string) {
  await approveThroughApi(reviewer, 'legitimacy', company);
  // Legitimacy approved: the agreement and the invoicing steps open, each at its own address.
  await submitAgreementStep(page);
  await submitInvoicingStep(page, company);
  await approveThroughApi(reviewer, 'contractual', company);
  await approveThroughApi(reviewer, 'financial', company);
  // Stage TECHNICAL_IQE: the acceptance environment opens; the reviewer issues the token from the queue.
  await connectToIqe(page);
  await issueIqeToken(reviewer.page, company);
  await showIqeTokenOnce(page);
}
