import {
  confirmAndSignIn,
  onboardToIqeToken,
  registerByKeyboard,
  submitLegitimacyStep,
} from './company-journey';
import { test } from './fixtures';
import { apiAs } from './reviewer-api';

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
  await onboardToIqeToken(page, reviewer, company);
});
