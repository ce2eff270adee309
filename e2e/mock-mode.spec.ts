import type { Page } from '@playwright/test';
import {
  confirmAccount,
  onboardToIqeToken,
  openLegitimacyStep,
  registerByKeyboard,
  submitLegitimacyStep,
} from './company-journey';
import { expect, test } from './fixtures';
import { mockApiAs } from './reviewer-api';

/*
 * Mock mode (spec §7: it walks the whole journey across roles): the portal served with
 * WEB_MOCK=true, every call answered in the browser by the API's own code over one database (apps/web
 * src/mock). The steps are the stack's (company-journey.ts); only the sign-in differs.
 */

/**
 * Mock mode's mailbox is the API's own outbox (GET /api/dev/outbox), in the browser: asked from the page,
 * whose calls msw answers, not from the server.
 */
async function confirmationLinkTo(page: Page, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const mails = await page.evaluate(async (to) => {
        const response = await fetch(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        return (await response.json()) as Array<{ link: string | null }>;
      }, email);
      link = mails.find((mail) => mail.link?.includes('/confirm?token='))?.link ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

test('in mock mode a company registers and onboards, a reviewer approves each step, issues its token and moves it to production', async ({
  page,
  context,
}) => {
  // Every call waits the mock's 300 ms (spec §7): about three minutes on a busy two-core machine.
  test.setTimeout(420_000);
  const stamp = Date.now();
  const company = `Mock Pharma ${stamp}`;
  const email = `spoc-mock-${stamp}@acme-e2e.example`;

  // Mock mode signs a demo reviewer in: this tab signs out first (as its logout does), to register.
  await page.goto('/');
  // The first load registers msw's worker before anything answers.
  await expect(page).toHaveURL(/\/emvo$/, { timeout: 20_000 });
  await page.evaluate(() => sessionStorage.setItem('portal.mockSignedOut', '1'));
  await registerByKeyboard(page, email, company);
  await confirmAccount(page, await confirmationLinkTo(page, email));
  // The new account signs in (mock mode: ?mockUser=), and lands on the company's pages.
  await page.goto(`/?mockUser=${encodeURIComponent(email)}`);
  // A page load after the last one closed starts the API's worker again (PGlite back from IndexedDB): on a
  // busy machine as long as the first load.
  await expect(page).toHaveURL(/\/external\/onboarding$/, { timeout: 20_000 });
  await openLegitimacyStep(page);
  await submitLegitimacyStep(page);

  // The reviewer, in another tab of the same browser: one store, so the submission is in the queue.
  const reviewer = await mockApiAs(context, 'EMVO', /\/emvo$/);
  await onboardToIqeToken(page, reviewer, company);

  // The reviewer imports the company's IQE test runs, then moves it to production from the metrics table.
  const { items } = await reviewer.get<{ items: Array<{ obpNumber: string }> }>(
    `/api/organisations?search=${encodeURIComponent(company)}`,
  );
  const obpNumber = items[0]?.obpNumber ?? '';
  const csv = [
    'obpNumber,environment,scenario,result,errorCode,executedAt',
    `${obpNumber},IQE,Mock scenario A,PASSED,,2026-11-02T09:30:00Z`,
    `${obpNumber},IQE,Mock scenario B,PASSED,,2026-11-02T10:30:00Z`,
  ].join('\n');
  const metrics = reviewer.page;
  await metrics.goto(`/emvo/tests-status-metrics?search=${encodeURIComponent(company)}`);
  await metrics.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = metrics.getByRole('dialog');
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'runs.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('Ready to import: 2. Refused: 0.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('Added: 2. Already stored: 0. Refused: 0.')).toBeVisible();
  await metrics.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const row = metrics.getByRole('row').filter({ hasText: company });
  await expect(row).toContainText('100 %');
  await row.getByRole('button', { name: `Move to production: ${company}` }).click();
  const move = metrics.getByRole('dialog', { name: `Move ${company} to production?` });
  await move.getByRole('button', { name: 'Move to production' }).click();
  await expect(move).toBeHidden();
  await expect(row.getByRole('button', { name: `Move to maintenance: ${company}` })).toBeVisible();

  // The company sees its test runs, and production open with its own gateway choice.
  await page.goto('/external/onboarding/technical');
  const iqe = page.getByRole('region', { name: 'Acceptance environment (IQE)', exact: true });
  await expect(iqe).toContainText('Mock scenario A');
  const prd = page.getByRole('region', { name: 'Production environment (PRD)', exact: true });
  // Production has its own gateway choice; its token request opens once a gateway and a CSR are there.
  await expect(prd.getByLabel('Gateway')).toBeVisible();
  await expect(prd).not.toContainText('Opens when a reviewer');
});
