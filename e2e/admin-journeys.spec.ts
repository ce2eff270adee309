import { axeViolations } from './axe';
import { linkMailedTo, PASSWORD, PDF } from './company-journey';
import { expect, test } from './fixtures';
import { signIn, submitCredentials } from './sign-in';

test('an admin invites a reviewer, who follows the mailed link, chooses a password and lands on /emvo', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `rev-${Date.now()}@portal-e2e.example`;
  await signIn(page, 'admin@portal.test');
  await expect(page).toHaveURL(/\/admin$/);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Invite a user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First name').fill('Ray');
  await dialog.getByLabel('Last name').fill('Viewer');
  await dialog.getByRole('radio', { name: 'Reviewer' }).check();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(dialog).toBeHidden();
  // Said beside the Invite button, where the admin is (a polite status), not in a toast.
  await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${email}` })).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill(email);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Invited');

  // The invited person, in a browser of their own.
  const invited = await (await browser.newContext()).newPage();
  await invited.goto(await linkMailedTo(invited, email));
  await invited.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await invited.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD);
  await invited.getByRole('button', { name: 'Create my account' }).click();
  await expect(invited.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  await invited.getByRole('button', { name: 'Sign in' }).click();
  await submitCredentials(invited, email, PASSWORD);
  await expect(invited).toHaveURL(/\/emvo$/);

  // The admin's list says so once reloaded.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Active');
});

test('an admin uploads a file into a container and deletes it; a referenced file cannot be deleted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `e2e-${Date.now()}.pdf`;
  await signIn(page, 'admin@portal.test');
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Storage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Storage' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Upload a file' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Container').fill('Document');
  await page.keyboard.press('Enter');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('table', { name: 'Storage' }).getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);

  // A signed agreement is referenced by its company's application: its delete is not offered, and says why.
  await page.getByLabel('Container', { exact: true }).selectOption({ label: 'Signed agreement' });
  await expect(page).toHaveURL(/purpose=SIGNED_AGREEMENT/);
  const referenced = page
    .getByRole('table', { name: 'Storage' })
    .getByRole('row')
    .filter({ hasText: 'Signed agreement' })
    .first();
  const remove = referenced.getByRole('button', { name: /^Delete/ });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAttribute('title', /Referenced by 1 record/);
});
