import {
  confirmAndSignIn,
  connectToIqe,
  issueIqeToken,
  registerByKeyboard,
  showIqeTokenOnce,
  submitAgreementStep,
  submitInvoicingStep,
  submitLegitimacyStep,
} from './company-journey';
import { test } from './fixtures';
import { apiAs, approveThroughApi } from './reviewer-api';

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
  await submitAgreementStep(page);
  await submitInvoicingStep(page, company);
  await approveThroughApi(reviewer, 'contractual', company);
  await approveThroughApi(reviewer, 'financial', company);

  // Stage TECHNICAL_IQE: the acceptance environment opens; the reviewer issues the token from the queue.
  await connectToIqe(page);
  await issueIqeToken(reviewer.page, company);
  await showIqeTokenOnce(page);
});
