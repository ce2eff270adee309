import { expect, test } from './fixtures';

test('the portal serves its page with the footer links from the API', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Onboarding Portal' })).toBeVisible();
  const footerLinks = page.getByRole('list', { name: 'Useful links' }).getByRole('link');
  await expect(footerLinks).toHaveText([/^EMVO/, /^Cookie policy/, /^Terms of use/, /^Help desk/]);
  await expect(footerLinks.first()).toHaveAttribute('target', '_blank');
  await expect(page.getByText('local · version 1.1.3')).toBeVisible();
});

test('a deep link loads the SPA (history fallback), which asks a visitor to sign in', async ({ page }) => {
  const response = await page.goto('/emvo/legitimacy?stage=INFORMATION');
  expect(response?.status()).toBe(200);
  await expect(page.locator('#signInName')).toBeVisible();
});

test('the API answers next to the SPA', async ({ request }) => {
  expect(await (await request.get('/healthz')).json()).toEqual({ status: 'ok' });
  const environment = await (await request.get('/environment/environment.json')).json();
  expect(environment).toMatchObject({
    appName: 'Onboarding Portal',
    production: false,
    azureAd: { login: { tenantID: 'b2c_1_signin' } },
  });
  const organisations = await request.get('/api/organisations');
  expect(organisations.status()).toBe(401);
});
