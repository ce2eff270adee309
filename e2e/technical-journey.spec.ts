import type { Locator, Page } from '@playwright/test';
import { axeViolations } from './axe';
import { confirmAndSignIn, PDF, registerByKeyboard, submitLegitimacyStep } from './company-journey';
import { expect, test } from './fixtures';
import { apiAs, approveThroughApi } from './reviewer-api';

/** A CSR as openssl writes it: a DER SEQUENCE, base64 in a PEM block (the API checks the shape). */
const der = Buffer.concat([Buffer.from([0x30, 0x82, 0x02, 0x56]), Buffer.alloc(300, 0x42)]);
const CSR = Buffer.from(
  `-----BEGIN CERTIFICATE REQUEST-----\n${der
    .toString('base64')
    .match(/.{1,64}/g)
    ?.join('\n')}\n-----END CERTIFICATE REQUEST-----\n`,
);
const TOKEN = 'iqe-Session-Token-0123456789abcdef';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function submitStep(step: Locator) {
  await step.getByRole('button', { name: 'Submit for review' }).click();
  await expect(step.getByRole('heading', { name: 'Submitted for review' })).toBeVisible({ timeout: 30_000 });
}

test('a company signs, sends its invoicing form, and once approved connects: gateway, CSR, and its IQE token shown once', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const company = `Connect Pharma ${stamp}`;
  const email = `spoc-connect-${stamp}@acme-e2e.example`;
  await registerByKeyboard(page, email, company);
  await confirmAndSignIn(page, email);
  await submitLegitimacyStep(page);

  const reviewer = await apiAs(browser, 'reviewer@portal.test', /\/emvo$/);
  await approveThroughApi(reviewer, 'legitimacy', company);

  // Legitimacy approved: the agreement and the invoicing steps open, each at its own address (issue 23 item 1).
  await page.goto('/external/onboarding/contractual');
  const agreement = region(page, 'Participation agreement');
  await expect(agreement.getByRole('link', { name: /\.pdf/ }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await agreement
    .getByLabel('Signed participation agreement')
    .setInputFiles({ name: 'signed-agreement.pdf', mimeType: 'application/pdf', buffer: PDF });
  for (const box of await agreement.getByRole('checkbox').all()) await box.check();
  await submitStep(agreement);

  await page.goto('/external/onboarding/financial');
  const invoicing = region(page, 'Invoicing');
  await expect(invoicing.getByText(/1 active MAHs: fee tier 1/)).toBeVisible();
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

  await approveThroughApi(reviewer, 'contractual', company);
  await approveThroughApi(reviewer, 'financial', company);

  // Stage TECHNICAL_IQE: the acceptance environment opens.
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
  await expect(iqe.getByRole('table', { name: 'Session tokens' })).toContainText('Requested');

  // The reviewer issues it from the session-token queue.
  const queue = reviewer.page;
  await queue.goto(`/emvo/session-tokens?search=${encodeURIComponent(company)}`);
  await expect(queue.getByRole('heading', { level: 1 })).toBeVisible();
  const row = queue.getByRole('row').filter({ hasText: company });
  await expect(row).toHaveCount(1);
  expect(await axeViolations(queue)).toEqual([]);
  await row.getByRole('button', { name: /^Issue the IQE token of/ }).click();
  const dialog = queue.getByRole('dialog');
  await dialog.getByLabel('Token value').fill(TOKEN);
  await dialog.getByRole('button', { name: 'Issue the token' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Issued');

  // The company sees it once, in the copy box, with its expiry; then never again.
  await page.reload();
  const tokens = iqe.getByRole('table', { name: 'Session tokens' });
  await expect(tokens).toContainText('Issued');
  // Issue 23 item 8: the warning comes before the click that spends the one view.
  await tokens.getByRole('button', { name: 'Show the token (shown once only)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Show it now' }).click();
  await expect(
    iqe.getByText('Copy your session token now: it will not be shown again once you leave this page.'),
  ).toBeVisible();
  await expect(iqe.getByRole('textbox', { name: 'Session token' })).toHaveValue(TOKEN);
  expect(await axeViolations(page)).toEqual([]);
  await page.reload();
  await expect(iqe.getByRole('table', { name: 'Session tokens' })).toContainText('Issued');
  await expect(iqe.getByRole('button', { name: 'Show the token (shown once only)' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Session token' })).toHaveCount(0);
});
