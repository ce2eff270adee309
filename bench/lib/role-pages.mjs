// Each role's first page, and signing a demo account in through the local provider's page: what the
// browser benches (bench/lighthouse) measure.

/** The demo accounts' password (packages/demo-data). */
export const DEMO_PASSWORD = 'Portal-demo-2026!';

/** Each role's first page, and who signs in to see it (the demo accounts; none for the visitor). */
export const ROLE_PAGES = [
  { name: 'visitor', path: '/', email: undefined },
  { name: 'reviewer', path: '/emvo', email: 'reviewer@portal.test' },
  { name: 'company', path: '/external/onboarding', email: 'external@portal.test' },
  { name: 'admin', path: '/admin', email: 'admin@portal.test' },
];

/** Signs `email` in from the portal's visitor page at `base` (a Playwright page), as a person would. */
export async function signIn(page, base, email) {
  await page.goto(base);
  if (!email) return;
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('#signInName').fill(email);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.locator('#next').click();
  await page.waitForURL((url) => url.origin === base && url.pathname !== '/');
}
