import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { sql } from 'kysely';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stubResizeObserver } from '../../forms/test-form';
import { byRole, findByRole, renderVisitorPage, serveRegistrationApi } from './test-visitor-page';

/** No pause between keystrokes, no CSS pointer-events check (jsdom has no styles): the suite stays fast. */
const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
const { server, mails, db } = serveRegistrationApi();

beforeAll(stubResizeObserver);
// Terms in markdown, as an administrator may write them: the world's published REGISTRATION terms.
beforeEach(async () => {
  await db()
    .updateTable('disclaimerContents')
    .set({
      title: 'Registration terms',
      body: [
        'By registering, you confirm that you may act for the company you name.',
        '- to confirm your registration by email;\n- to contact you about your application.',
        'Read the **privacy policy** for the details.',
      ].join('\n\n'),
    })
    .where('type', '=', 'REGISTRATION')
    .where('status', '=', 'PUBLISHED')
    .execute();
});

const REQUIRED = 'This field is required.';
const field = (name: string) => byRole('textbox', new RegExp(`^${name}`));
const terms = () => byRole('region', /^Registration terms/);
const accept = () => byRole('checkbox', /I have read and accept these terms/);
const submit = () => byRole('button', 'Register');

async function openForm() {
  const view = renderVisitorPage('/register');
  await findByRole('form', 'Registration');
  return view;
}

/** Pasted rather than typed: one change per field keeps the suite fast (typing is the keyboard test's). */
async function enter(name: string, text: string) {
  await user.click(field(name));
  await user.paste(text);
}

async function fill(email = 'jane.doe@example.com') {
  await enter('Email address', email);
  await enter('First name', 'Jane');
  await enter('Last name', 'Doe');
  await enter('Company name', 'Doe Pharma & Co 2');
  await user.click(byRole('radio', /^PD \(Parallel Distributor\)/));
}

describe('the visitor page', () => {
  it('links to /register ("Register your company")', async () => {
    renderVisitorPage('/');
    await user.click(await findByRole('link', 'Register your company'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Register your company', hidden: true }),
    ).toBeInTheDocument();
  });
});

describe('/register (domain.md registration)', () => {
  it('shows the published terms, their markdown as text, and the required marks', async () => {
    await openForm();
    expect(byRole('heading', 'Registration terms')).toBeInTheDocument();
    expect(within(terms()).getAllByRole('listitem', { hidden: true })).toHaveLength(2);
    expect(within(terms()).getByText('privacy policy').tagName).toBe('STRONG');
    expect(screen.getByText('Fields marked * are required.')).toBeInTheDocument();
    for (const name of ['Email address', 'First name', 'Last name', 'Company name']) {
      expect(field(name)).toHaveAttribute('aria-required', 'true');
    }
    expect(byRole('radiogroup', 'Organisation type')).toBeInTheDocument();
    expect(byRole('radio', /^OPM \(Original Pack Manufacturer\): you act for/)).toBeInTheDocument();
    expect(accept()).toHaveAttribute('aria-required', 'true');
  });

  it('registers: 202 shows "check your mailbox" with the address, focused, and the link is mailed', async () => {
    await openForm();
    await fill();
    await user.click(accept());
    await user.click(submit());
    const panel = await findByRole('status');
    expect(panel).toHaveAccessibleName('Check your mailbox');
    await waitFor(() => expect(panel).toHaveFocus());
    expect(panel).toHaveTextContent('We sent a link to jane.doe@example.com. It is valid for 48 hours');
    expect(screen.queryByRole('form', { hidden: true })).toBeNull();
    expect(await mails()).toEqual([
      { to: 'jane.doe@example.com', link: expect.stringMatching(/\/confirm\?token=[\w-]{43}$/) },
    ]);
  });

  it('spec §5 messages: Enter in a field submits and shows every required field; patterns and lengths', async () => {
    const { toasts } = await openForm();
    await user.click(field('Email address'));
    await user.keyboard('{Enter}');
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(6);
    // react-hook-form moves the focus to the first field to fix.
    expect(field('Email address')).toHaveFocus();

    await enter('Email address', 'jane@example');
    await enter('First name', 'J4ne');
    await enter('Company name', 'D');
    expect(screen.getByText('Enter a valid email address, such as name@example.com.')).toBeInTheDocument();
    expect(screen.getByText(/^Digits and the characters/)).toBeInTheDocument();
    expect(screen.getByText('Company name: at least 2 characters.')).toBeInTheDocument();
    expect(field('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(await mails()).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it('the terms must be accepted', async () => {
    await openForm();
    await fill();
    await user.click(submit());
    expect(await screen.findByText(REQUIRED)).toBeInTheDocument();
    expect(accept()).toHaveAttribute('aria-invalid', 'true');
    expect(accept()).toHaveFocus();
    expect(await mails()).toEqual([]);
  });

  it('DISCLAIMER_OUTDATED: reloads the terms, says so, and asks for a new acceptance', async () => {
    const { toasts } = await openForm();
    await fill();
    await user.click(accept());
    // An administrator publishes new terms while the visitor reads the old ones.
    await db()
      .updateTable('disclaimerContents')
      .set((eb) => ({
        versionNumber: eb('versionNumber', '+', 1),
        title: 'Registration terms (updated)',
        body: sql`body || ${'\n\nWe keep a registration that is never confirmed for 30 days, then delete it.'}`,
      }))
      .where('type', '=', 'REGISTRATION')
      .where('status', '=', 'PUBLISHED')
      .execute();
    await user.click(submit());
    const notice = await findByRole('alert');
    expect(notice).toHaveTextContent('The terms changed while you were reading them.');
    expect(notice).toHaveFocus();
    expect(byRole('heading', 'Registration terms (updated)')).toBeInTheDocument();
    expect(terms()).toHaveTextContent('We keep a registration that is never confirmed for 30 days');
    expect(accept()).not.toBeChecked();
    // The rest of the form is kept.
    expect(field('Company name')).toHaveValue('Doe Pharma & Co 2');
    expect(toasts).toEqual([]);

    await user.click(accept());
    await user.click(submit());
    expect(await findByRole('status', 'Check your mailbox')).toBeInTheDocument();
  });

  it('other refusals are the error catalogue toasts (429 TOO_MANY_REQUESTS), and the form stays', async () => {
    server.use(
      http.post('/api/registrations', () =>
        HttpResponse.json({ code: 'TOO_MANY_REQUESTS', message: 'Slow down' }, { status: 429 }),
      ),
    );
    const { toasts } = await openForm();
    await fill();
    await user.click(accept());
    await user.click(submit());
    await waitFor(() => expect(toasts).toEqual(['Too many requests. Please wait a moment and try again.']));
    expect(byRole('form', 'Registration')).toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it('without published terms (404) nobody can register: a message, no toast', async () => {
    server.use(
      http.get('/api/disclaimers/REGISTRATION', () =>
        HttpResponse.json({ code: 'NOT_FOUND', message: 'None published' }, { status: 404 }),
      ),
    );
    const { toasts } = renderVisitorPage('/register');
    expect(await findByRole('alert')).toHaveTextContent('Registration is not open yet');
    expect(screen.queryByRole('form', { hidden: true })).toBeNull();
    expect(toasts).toEqual([]);
  });

  it('can be completed by keyboard alone, in reading order', async () => {
    await openForm();
    const expectFocus = async (element: HTMLElement) => {
      await user.tab();
      expect(element).toHaveFocus();
    };
    // The page alone (no layout around it): its first stop is the email field.
    await expectFocus(field('Email address'));
    await user.keyboard('jo@ex.eu');
    await expectFocus(field('First name'));
    await user.keyboard('Jo');
    await expectFocus(field('Last name'));
    await user.keyboard('Li');
    await expectFocus(field('Company name'));
    await user.keyboard('JL');
    // The radio group is one tab stop (its first option); Space checks, arrows move and check.
    await expectFocus(byRole('radio', /^OPM/));
    await user.keyboard(' ');
    expect(byRole('radio', /^OPM/)).toBeChecked();
    // The scrollable terms are a stop, so they can be scrolled with the arrow keys.
    await expectFocus(terms());
    await expectFocus(accept());
    await user.keyboard(' ');
    expect(accept()).toBeChecked();
    await expectFocus(submit());
    await user.keyboard('{Enter}');
    const mailbox = await findByRole('status', 'Check your mailbox');
    await waitFor(() => expect(mailbox).toHaveFocus());
    expect((await mails()).map((mail) => mail.to)).toEqual(['jo@ex.eu']);
  });
});
