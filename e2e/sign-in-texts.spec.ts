import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';

/*
 * Runs after every other spec (playwright.config.ts, project "sign-in texts"): a published text that
 * requires acceptance stands before every user's screens at their next sign-in.
 */
test('an admin publishes a new sign-in text; the next user to sign in accepts it before reaching the portal', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Terms of use ${Date.now()}`;
  await signIn(page, 'admin@portal.test');
  await expect(page).toHaveURL(/\/admin$/);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Disclaimer contents' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Disclaimer contents' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'New Sign-in draft' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Users must accept it').check();
  await dialog
    .getByLabel('Text (markdown)')
    .fill('# Use of the portal\n\nUse it **for onboarding only**. See [EMVO](https://emvo-medicines.eu).');
  // The preview renders the markdown beside the text, its link opening in a new tab.
  await expect(dialog.getByRole('link', { name: 'EMVO' })).toHaveAttribute('target', '_blank');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: new RegExp(`^Publish ${title}`) }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Published');

  // A reviewer signs in: the text first, then the portal.
  const reviewer = await (await browser.newContext()).newPage();
  await signIn(reviewer, 'reviewer@portal.test');
  const gate = reviewer.getByRole('region', { name: title });
  await expect(gate).toBeVisible();
  await expect(gate.getByText('for onboarding only')).toBeVisible();
  await expect(reviewer.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  expect(await axeViolations(reviewer)).toEqual([]);
  await gate.getByRole('button', { name: 'Accept' }).click();
  await expect(reviewer.getByRole('heading', { level: 1 })).not.toHaveText(title);
  await expect(reviewer).toHaveURL(/\/emvo$/);

  // Accepted once: the next sign-in goes straight to the portal.
  const again = await (await browser.newContext()).newPage();
  await signIn(again, 'reviewer@portal.test');
  await expect(again).toHaveURL(/\/emvo$/);
  await expect(again.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(again.getByRole('region', { name: title })).toHaveCount(0);
});
