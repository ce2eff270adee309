import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { confirmAndSignIn, registerByKeyboard, submitLegitimacyStep } from './company-journey';
import { expect, test } from './fixtures';
import { tabTo } from './keyboard';
import { signIn } from './sign-in';

async function signInAsReviewer(page: Page) {
  await signIn(page, 'reviewer@portal.test');
  await expect(page).toHaveURL(/\/emvo$/);
}

/** The queue's rows, below its header row. */
const rows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('cell') });

/** Opens the decision's modal from the check's page and confirms it, giving a reason when there is one. */
async function decide(page: Page, action: string, reason?: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (reason) await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: action, exact: true }).click();
}

test('a reviewer filters the legitimacy queue to overdue, starts the oldest, and a stale page’s open dialog says at once that the check changed', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signInAsReviewer(page);
  // The landing page says what waits, each figure a link to its filtered queue.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Legitimacy' }).click();
  await expect(page).toHaveURL(/\/emvo\/legitimacy/);
  await expect(page.getByRole('heading', { level: 1, name: 'Legitimacy queue' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The queue opens on the open checks (submitted, in review): narrow it to the submitted ones, overdue.
  // Every row says so in words, not by colour alone.
  await page.getByRole('button', { name: 'Remove In review' }).click();
  await page.getByLabel('Overdue only').check();
  await expect(page).toHaveURL(/overdue=true/);
  await expect(page).toHaveURL(/status=SUBMITTED/);
  // Polled as a whole: the unfiltered page may still show while the filtered one loads.
  await expect
    .poll(async () => {
      const texts = await rows(page).allTextContents();
      return texts.length > 0 && texts.every((text) => text.includes('Overdue'));
    })
    .toBe(true);

  // Oldest first: the first row is the oldest submission.
  await rows(page).first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/emvo\/legitimacy\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Timeline' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // A second tab on the same check, its Start dialog open before anyone acts: it holds the version it saw.
  // Its page follows the first tab live, and so does the dialog already open.
  // Its stream may open after the first tab acts: a page's first stream catches up on the page's age.
  const stale = await context.newPage();
  await stale.goto(page.url());
  await stale.getByRole('button', { name: 'Start review' }).click();
  await expect(stale.getByRole('dialog')).toBeVisible();

  await decide(page, 'Start review');
  await expect(page.getByText('You started the review. The check is assigned to you.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request corrections' })).toBeVisible();

  // The stale dialog's Start is no longer possible: the dialog says so at once, instead of answering 409
  // once confirmed (that answer, for a page without the stream: check-decisions.test.tsx); the check has
  // reloaded behind it: closing the dialog shows what the reviewer may do now.
  const changed = stale.getByRole('dialog', { name: 'The check changed meanwhile' });
  await expect(changed).toContainText('“Start review” is no longer possible: the check is now “In review”.');
  await stale.keyboard.press('Escape');
  await expect(stale.getByRole('dialog')).toBeHidden();
  await expect(stale.getByRole('button', { name: 'Start review' })).toBeHidden();
  await expect(stale.getByRole('button', { name: 'Request corrections' })).toBeVisible();

  await decide(page, 'Request corrections', 'The copy of proof is not legible: upload a sharper scan.');
  await expect(page.getByText('Corrections are requested from the company.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
    'The copy of proof is not legible: upload a sharper scan.',
  );
});

test('a reviewer requests corrections by keyboard alone, and the company sees the reason', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const company = `Review Pharma ${Date.now()}`;
  const email = `spoc-review-${Date.now()}@acme-e2e.example`;
  await registerByKeyboard(page, email, company);
  await confirmAndSignIn(page, email);
  await submitLegitimacyStep(page);

  const reviewer = await browser.newPage();
  await signInAsReviewer(reviewer);
  await reviewer.goto(`/emvo/legitimacy?search=${encodeURIComponent(company)}`);
  await expect(rows(reviewer)).toHaveCount(1);
  // By keyboard alone from here: Tab to the company's link, open it, Start, then Request corrections.
  const link = rows(reviewer).first().getByRole('link', { name: company });
  await tabTo(reviewer, link, 80);
  await reviewer.keyboard.press('Enter');
  await expect(reviewer.getByRole('heading', { level: 1, name: company })).toBeVisible();

  const start = reviewer.getByRole('button', { name: 'Start review' });
  await tabTo(reviewer, start, 80);
  await reviewer.keyboard.press('Enter');
  // A question without a field starts on Cancel; the confirming answer is the next stop.
  await expect(reviewer.getByRole('dialog').getByRole('button', { name: 'Cancel' })).toBeFocused();
  await reviewer.keyboard.press('Tab');
  await reviewer.keyboard.press('Enter');
  await expect(reviewer.getByText('You started the review. The check is assigned to you.')).toBeVisible();

  const corrections = reviewer.getByRole('button', { name: 'Request corrections' });
  await tabTo(reviewer, corrections, 80);
  await reviewer.keyboard.press('Enter');
  const dialog = reviewer.getByRole('dialog');
  // spec §2: the focus moves to the dialog's content; the reason is the next stop.
  await expect(dialog).toBeVisible();
  await tabTo(reviewer, dialog.getByLabel('Reason'), 5);
  await reviewer.keyboard.type('The VAT number does not match the registration: check it.');
  await tabTo(reviewer, dialog.getByRole('button', { name: 'Request corrections' }), 10);
  await reviewer.keyboard.press('Enter');
  await expect(reviewer.getByText('Corrections are requested from the company.')).toBeVisible();
  // The modal gave the focus back: not lost on the page's body.
  await expect(reviewer.locator('body')).not.toBeFocused();

  // The company's step shows the reason.
  await page.reload();
  await expect(page.getByText('The VAT number does not match the registration: check it.')).toBeVisible();
});

test('a reviewer deciding a check a colleague holds is asked to take it over; Enter leaves it to them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsReviewer(page);
  // The demo world's checks in review alternate between Rita and Lena: open one Lena holds.
  await page.goto('/emvo/legitimacy');
  const lenas = rows(page).filter({ hasText: 'lead@portal.test' });
  await expect(lenas.first()).toBeVisible();
  await lenas.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/emvo\/legitimacy\/[0-9a-f-]{36}$/);
  const assignee = page.locator('dt:text-is("Assignee") + dd');
  await expect(assignee).toHaveText('Lena Lead lead@portal.test');

  await decide(page, 'Approve');
  const question = page.getByRole('dialog', { name: 'Take over the check?' });
  await expect(question).toBeVisible();
  await expect(question.getByText('Lena Lead is on this check — take it over?')).toBeVisible();
  // The focus starts on the answer that changes nothing: Enter by habit leaves the check to Lena.
  await expect(question.getByRole('button', { name: 'Leave it to them' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toBeFocused();
  await expect(assignee).toHaveText('Lena Lead lead@portal.test');
  await expect(page.getByText('The check is approved.')).toBeHidden();
});
