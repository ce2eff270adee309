import { axeViolations } from './axe';
import {
  confirmAndSignIn,
  INVALID_FILE_MESSAGE,
  registerByKeyboard,
  submitLegitimacyStep,
} from './company-journey';
import { expect, test } from './fixtures';
import { apiAs } from './reviewer-api';

test('a new company registers, confirms, signs in, fills the legitimacy step and submits it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `spoc-${Date.now()}@acme-e2e.example`;

  await registerByKeyboard(page, email, 'Acme E2E Pharma');
  await confirmAndSignIn(page, email);
  expect(await axeViolations(page)).toEqual([]);

  await submitLegitimacyStep(page);

  // A reviewer's list of organisations shows the company in stage INFORMATION.
  const reviewer = await apiAs(browser, 'reviewer@portal.test', /\/emvo$/);
  const answer = await reviewer.get<{ items: unknown[] }>('/api/organisations?search=Acme%20E2E');
  expect(answer.items).toEqual([
    expect.objectContaining({ legalName: 'Acme E2E Pharma', stage: 'INFORMATION' }),
  ]);
});

test('a lying extension and a too-large copy of proof are refused with the catalogue message', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `spoc-files-${Date.now()}@acme-e2e.example`;
  await registerByKeyboard(page, email, 'Acme Files Pharma');
  await confirmAndSignIn(page, email);
  const representative = page.getByRole('group', { name: 'Authorised representative' });
  const input = representative.getByLabel(/copy of proof/i);
  await expect(input).toBeVisible();
  // Too large: the input drops it at once (spec §5), nothing is sent.
  await input.setInputFiles({
    name: 'big.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(10_000_001),
  });
  await expect(representative.getByRole('alert')).toContainText(/big\.pdf/);
  // A PNG called .pdf passes the input but the API refuses its content (112 → INVALID_FILE).
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  await input.setInputFiles({ name: 'proof.pdf', mimeType: 'application/pdf', buffer: png });
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText(INVALID_FILE_MESSAGE)).toBeVisible();
  // Nothing was stored: the representative still has no copy of proof on file.
  await page.reload();
  await expect(page.getByRole('group', { name: 'Authorised representative' })).toContainText('none yet.');
});

test('the company invites its SPOC Assistant from the people section alone, by a mail whose subject it did not write', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `spoc-people-${stamp}@acme-e2e.example`;
  await registerByKeyboard(page, email, 'Acme People Pharma');
  await confirmAndSignIn(page, email);

  // The legitimacy step's contacts have no SPOC Assistant of their own: they point at the people section.
  const contacts = page.getByRole('group', { name: 'SPOC (single point of contact)' });
  await expect(contacts).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /SPOC Assistant/ })).toHaveCount(0);

  // The people of the company have their own address, linked from the contacts.
  await page
    .getByRole('link', { name: 'The SPOC Assistant is invited and removed under People of the company.' })
    .click();
  const people = page.getByRole('region', { name: 'People of the company' });
  const invite = async (address: string) => {
    await people.getByLabel(/First name/).fill('Alex');
    await people.getByLabel(/Last name/).fill('Assistant');
    await people.getByLabel(/Email address/).fill(address);
    await people.getByRole('button', { name: 'Send the invitation' }).click();
  };
  const assistant = `assistant-${stamp}@acme-e2e.example`;
  await invite(assistant);
  await expect(people.getByRole('cell', { name: assistant })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const mailsTo = async (address: string) =>
    (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(address)}`)).json()) as Array<{
      subject: string;
      link: string | null;
    }>;
  // The invitation's subject carries nothing the company wrote (its name is in the text only).
  await expect.poll(async () => (await mailsTo(assistant)).length).toBe(1);
  const [invitation] = await mailsTo(assistant);
  expect(invitation?.subject).not.toContain('Acme People Pharma');
  expect(invitation?.link).toContain('/confirm?token=');
});
