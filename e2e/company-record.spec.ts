import type { Browser, Page } from '@playwright/test';
import { axeViolations } from './axe';
import { confirmAndSignIn, registerByKeyboard, submitLegitimacyStep } from './company-journey';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';

/** A reviewer signed in in a browser context of their own (their own session, their own live stream). */
async function reviewer(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/emvo$/);
  return page;
}

/**
 * Records every event the page's live stream receives (its EventSource's `change`, `presence` and plain
 * messages), to show later what a session was sent.
 */
async function recordStream(page: Page) {
  await page.addInitScript(() => {
    const received: string[] = [];
    Reflect.set(window, 'portalStreamEvents', received);
    const Original = window.EventSource;
    window.EventSource = class extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        for (const type of ['change', 'presence', 'message']) {
          this.addEventListener(type, (event) => received.push(`${type} ${(event as MessageEvent).data}`));
        }
      }
    };
  });
}
const streamEvents = (page: Page) =>
  page.evaluate(() => (Reflect.get(window, 'portalStreamEvents') ?? []) as string[]);

/** The last bearer the page's SPA sent to the API. */
function bearerOf(page: Page) {
  let authorization = '';
  page.on('request', (request) => {
    const header = request.headers().authorization;
    if (request.url().includes('/api/') && header) authorization = header;
  });
  return () => authorization;
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false });

/**
 * One company from the top bar to a decision, and on: search it (type, ↓, Enter) → its page → its
 * legitimacy check (by keyboard from the queue, after giving it to a colleague from its row) → take it
 * back (asked first) → a note → decide → next open check. The check's timeline tells the assignments and
 * the note in words; a second reviewer sees them live; the company's session never receives a note.
 */
test('a reviewer finds a company from the top bar, takes its check, notes and decides it, then goes on; a colleague follows live, the company never sees the note', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const company = `Record Pharma ${stamp}`;
  const email = `spoc-record-${stamp}@acme-e2e.example`;
  await recordStream(page);
  const companyBearer = bearerOf(page);
  await registerByKeyboard(page, email, company);
  await confirmAndSignIn(page, email);
  await submitLegitimacyStep(page);
  await expect(page.getByRole('heading', { name: 'Submitted for review' })).toBeVisible();

  const rita = await reviewer(browser, 'reviewer@portal.test');
  const lena = await reviewer(browser, 'lead@portal.test');

  // Rita: `/` focuses the search from anywhere; she types, ↓ chooses the first result, Enter opens it.
  await rita.keyboard.press('/');
  const search = rita.getByRole('combobox', { name: 'Search companies, people and checks' });
  await expect(search).toBeFocused();
  await search.pressSequentially(`Record Pharma ${stamp}`);
  const results = rita.getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('group', { name: 'Companies' }).getByRole('option')).toHaveText([
    new RegExp(company),
  ]);
  await expect(results.getByRole('group', { name: 'Checks' }).getByRole('option').first()).toContainText(
    `Legitimacy check of ${company}`,
  );
  expect(await axeViolations(rita)).toEqual([]);
  await shot(rita, 'top-bar-search-1366');
  await rita.setViewportSize({ width: 412, height: 900 });
  await shot(rita, 'top-bar-search-412');
  expect(await axeViolations(rita)).toEqual([]);
  await rita.setViewportSize({ width: 1366, height: 900 });
  await rita.keyboard.press('ArrowDown');
  await expect(search).toHaveAttribute('aria-activedescendant', /option-0$/);
  await rita.keyboard.press('Enter');
  await expect(rita).toHaveURL(/\/emvo\/companies\/[A-Z0-9]+$/);

  // Its page: the company, what is next (its legitimacy check, waiting), the check one link away.
  await expect(rita.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await expect(rita.getByRole('region', { name: 'What is next' })).toContainText('legitimacy');
  await rita.getByRole('region', { name: 'Checks', exact: true }).getByRole('link').first().click();
  await expect(rita).toHaveURL(/\/emvo\/legitimacy\/[0-9a-f-]{36}$/);
  await expect(rita.getByRole('heading', { level: 1, name: company })).toBeVisible();
  const fromCompanyPage = rita.url();

  // The same check by keyboard from the queue (newest first): j to its row, Enter.
  await rita.goto('/emvo/legitimacy?order=-submittedAt');
  const table = rita.getByRole('table', { name: 'Legitimacy queue' });
  await expect(table.getByRole('link', { name: company })).toBeVisible();
  for (let press = 0; press < 20; press += 1) {
    await rita.keyboard.press('j');
    if ((await rita.evaluate(() => document.activeElement?.textContent)) === company) break;
  }
  await expect(table.getByRole('link', { name: company })).toBeFocused();
  expect(await axeViolations(rita)).toEqual([]);

  // From its row, Rita gives the check to Lena: "Assign to…", Lena chosen by keyboard, Assign.
  const row = table.getByRole('row').filter({ has: rita.getByRole('link', { name: company }) });
  await row.getByRole('button', { name: `Assign to a colleague (${company})` }).click();
  const assignDialog = rita.getByRole('dialog', { name: `Assign the check of ${company}` });
  const colleague = assignDialog.getByRole('combobox', { name: /Assign to a colleague/ });
  await expect(colleague).toBeFocused();
  await colleague.pressSequentially('Lena');
  await rita.keyboard.press('Enter');
  expect(await axeViolations(rita)).toEqual([]);
  await shot(rita, 'queue-assign-dialog-1366');
  await assignDialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(assignDialog).toBeHidden();
  await expect(row).toContainText('lead@portal.test');
  await expect(rita.getByText('The check is assigned to Lena Lead.')).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await shot(rita, 'queue-assigned-1366');
  await rita.setViewportSize({ width: 412, height: 900 });
  await row.getByRole('button', { name: `Assign to a colleague (${company})` }).scrollIntoViewIfNeeded();
  await shot(rita, 'queue-row-412');
  await row.getByRole('button', { name: `Assign to a colleague (${company})` }).click();
  await expect(assignDialog).toBeVisible();
  await shot(rita, 'queue-assign-dialog-412');
  expect(await axeViolations(rita)).toEqual([]);
  await rita.keyboard.press('Escape');
  await expect(assignDialog).toBeHidden();
  await rita.setViewportSize({ width: 1366, height: 900 });

  await table.getByRole('link', { name: company }).focus();
  await rita.keyboard.press('Enter');
  await expect(rita.getByRole('heading', { level: 1, name: company })).toBeVisible();
  const checkUrl = rita.url();
  expect(new URL(checkUrl).pathname).toBe(new URL(fromCompanyPage).pathname);
  const checkId = checkUrl.split('/').at(-1) ?? '';
  expect(checkId).toMatch(/^[0-9a-f-]{36}$/);

  // Lena has the same check open in her own session.
  await lena.goto(new URL(checkUrl).pathname);
  await expect(lena.getByRole('heading', { level: 1, name: company })).toBeVisible();
  const lenaHeader = lena.locator('header').filter({ has: lena.getByRole('heading', { level: 1 }) });
  await expect(lenaHeader).toContainText('Lena Lead');

  // Rita takes it back: Lena holds it, so she is asked first. Lena sees it live.
  await rita.getByRole('button', { name: 'Assign to me' }).click();
  const question = rita.getByRole('dialog', { name: 'Take over the check?' });
  await expect(question).toContainText('Lena Lead is on this check — take it over?');
  await question.getByRole('button', { name: 'Take it over' }).click();
  await expect(rita.locator('header').filter({ has: rita.getByRole('heading', { level: 1 }) })).toContainText(
    'Rita Reviewer',
  );
  await expect(lena.getByText('Rita Reviewer took this check: it is assigned to them now.')).toBeVisible({
    timeout: 10_000,
  });
  await expect(lenaHeader).toContainText('Rita Reviewer');
  // The timeline tells both in words, as the company page and the audit do.
  const timeline = rita.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('Rita Reviewer assigned the legitimacy check to Lena Lead');
  await expect(timeline).toContainText('Rita Reviewer took the legitimacy check');

  // Rita writes an internal note: Lena reads it live.
  const note = `Called the SPOC ${stamp}: the proof is the 2024 one.`;
  const notes = rita.getByRole('region', { name: 'Internal notes' });
  await notes.getByRole('textbox', { name: /Note/ }).fill(note);
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByText(note)).toBeVisible();
  await expect(lena.getByRole('region', { name: 'Internal notes' }).getByText(note)).toBeVisible({
    timeout: 10_000,
  });
  // Both timelines tell it, linking to the note, never its text.
  const noteLine = timeline.getByRole('link', {
    name: 'Rita Reviewer added an internal note to the legitimacy check',
  });
  await expect(noteLine).toHaveAttribute('href', /#note-[0-9a-f-]{36}$/);
  await expect(timeline).not.toContainText(note);
  await expect(lena.getByRole('region', { name: 'Timeline' })).toContainText(
    'Rita Reviewer added an internal note to the legitimacy check',
  );
  await timeline.scrollIntoViewIfNeeded();
  await shot(rita, 'check-timeline-1366');
  await rita.setViewportSize({ width: 412, height: 900 });
  await timeline.scrollIntoViewIfNeeded();
  await shot(rita, 'check-timeline-412');
  await rita.setViewportSize({ width: 1366, height: 900 });
  expect(await axeViolations(rita)).toEqual([]);
  await notes.scrollIntoViewIfNeeded();
  await shot(rita, 'check-notes-1366');
  await rita.setViewportSize({ width: 412, height: 900 });
  await notes.scrollIntoViewIfNeeded();
  await shot(rita, 'check-notes-412');
  expect(await axeViolations(rita)).toEqual([]);
  await rita.setViewportSize({ width: 1366, height: 900 });

  // The company may not read the notes, and its stream carried neither the note nor the assignment.
  const refused = await page.request.get(`/api/checks/${checkId}/notes`, {
    headers: { authorization: companyBearer() },
  });
  expect(companyBearer()).not.toBe('');
  expect(refused.status()).toBe(403);

  // Rita decides: she starts the review, then approves. The company hears of that (its stream is live).
  for (const action of ['Start review', 'Approve']) {
    await rita.getByRole('button', { name: action, exact: true }).click();
    const dialog = rita.getByRole('dialog');
    await dialog.getByRole('button', { name: action, exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByText('Your legitimacy check is approved.')).toBeVisible({ timeout: 10_000 });
  const received = await streamEvents(page);
  expect(received.some((event) => event.includes('"APPROVE"'))).toBe(true);
  expect(received.filter((event) => /ADD_NOTE|TAKE_CHECK|ASSIGN_CHECK|Called the SPOC/.test(event))).toEqual(
    [],
  );

  // Next open check: on to the queue's next open check, without going back to it.
  await rita.getByRole('button', { name: 'Next open check' }).click();
  await expect(rita).not.toHaveURL(checkUrl);
  await expect(rita).toHaveURL(/\/emvo\/legitimacy\/[0-9a-f-]{36}$/);
  await expect(rita.getByRole('heading', { level: 1 })).not.toHaveText(company);
  await expect(rita.getByRole('region', { name: 'Decision' })).toBeVisible();
});
