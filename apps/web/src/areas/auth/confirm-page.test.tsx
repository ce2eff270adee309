import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  byRole,
  DEMO_TOKENS,
  findByRole,
  renderVisitorPage,
  serveRegistrationApi,
} from './test-visitor-page';

/** No pause between keystrokes, no CSS pointer-events check (jsdom has no styles): the suite stays fast. */
const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
const { server, mails, db } = serveRegistrationApi();

const SIGN_UP_URL = 'https://b2c.example/sign-up';
const INVALID_CONFIRM_ACCOUNT =
  'This account cannot be confirmed. The link may be wrong, expired or already used.';
const INVALID_RESEND_CONFIRMATION_EMAIL =
  'This registration is already completed: no confirmation email is needed.';

const open = (token: string) => renderVisitorPage(`/confirm?token=${token}`);
const password = () => screen.getByLabelText(/^Password/);
const confirmation = () => screen.getByLabelText(/^Confirm password/);

async function choosePassword(first: string, second: string) {
  await user.click(password());
  await user.paste(first);
  await user.click(confirmation());
  await user.paste(second);
  await user.click(byRole('button', 'Create my account'));
}

describe('/confirm, local sign-in accounts: choose a password', () => {
  it('a registration: welcome, password rules (spec §5 and 8 to 64), mustMatch, then Sign in to /external', async () => {
    const { login, router, toasts } = open(DEMO_TOKENS.confirm);
    expect(await findByRole('heading', 'Confirm your registration')).toBeInTheDocument();
    expect(
      screen.getByText('Welcome, Anna: choose a password for anna.jansen@example.com.'),
    ).toBeInTheDocument();
    expect(password()).toHaveAccessibleDescription(
      '8 to 64 characters, with a lowercase letter, an uppercase letter, a digit and a special character.',
    );

    await choosePassword('short', 'short');
    expect(await screen.findByText('Password: at least 8 characters.')).toBeInTheDocument();
    await user.clear(password());
    await user.paste('longenough');
    expect(await screen.findByText(/^Use at least one lowercase letter/)).toBeInTheDocument();
    await user.clear(password());
    await user.paste('Secret#2025');
    expect(await screen.findByText('The two values do not match.')).toBeInTheDocument();
    expect(confirmation()).toHaveAttribute('aria-invalid', 'true');

    await user.clear(confirmation());
    await user.paste('Secret#2025');
    await user.click(byRole('button', 'Create my account'));
    const ready = await findByRole('status', 'Your account is ready');
    await waitFor(() => expect(ready).toHaveFocus());
    expect(ready).toHaveTextContent('Sign in with anna.jansen@example.com and the password you chose.');
    expect(toasts).toEqual([]);

    await user.click(byRole('button', 'Sign in'));
    expect(login).toHaveBeenCalledWith('/external');
    await waitFor(() => expect(router.state.location.pathname).toBe('/external'));
  });

  it('an invitation: "You are invited to {companyName}"; after sign-in, the guard of / picks the area', async () => {
    const { login } = open(DEMO_TOKENS.invitation);
    const company = await db()
      .selectFrom('organisations')
      .innerJoin('users', 'users.organisationId', 'organisations.id')
      .select('organisations.legalName')
      .where('users.email', '=', 'sofia.berg@example.com')
      .executeTakeFirst();
    expect(await findByRole('heading', `You are invited to ${company?.legalName}`)).toBeInTheDocument();
    expect(
      screen.getByText('Welcome, Sofia Berg: choose a password for sofia.berg@example.com.'),
    ).toBeInTheDocument();
    await choosePassword('Secret#2025', 'Secret#2025');
    await user.click(await findByRole('button', 'Sign in'));
    expect(login).toHaveBeenCalledWith('/');
  });

  it('an invitation withdrawn since (the invitee disabled) says so, asks no password, offers no new link', async () => {
    await db()
      .updateTable('users')
      .set({ status: 'DISABLED' })
      .where('email', '=', 'sofia.berg@example.com')
      .execute();
    const { toasts } = open(DEMO_TOKENS.invitation);
    const withdrawn = await findByRole('alert', 'This invitation was withdrawn');
    expect(withdrawn).toHaveTextContent('The invitation behind this link was withdrawn');
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send me a new link' })).not.toBeInTheDocument();
    expect(toasts).toEqual([]);
  });

  it('a link used meanwhile (405 on use) shows the invalid link, with a new link on offer', async () => {
    server.use(
      http.post('/api/account-tokens/:token/use', () =>
        HttpResponse.json({ code: '405', message: 'This link has been used already' }, { status: 400 }),
      ),
    );
    const { toasts } = open(DEMO_TOKENS.confirm);
    await findByRole('heading', 'Confirm your registration');
    await choosePassword('Secret#2025', 'Secret#2025');
    const cannotUse = await findByRole('alert', 'This link cannot be used');
    await waitFor(() => expect(cannotUse).toHaveFocus());
    expect(byRole('button', 'Send me a new link')).toBeInTheDocument();
    expect(toasts).toEqual([]);
  });
});

describe('/confirm, B2C accounts', () => {
  it('offers B2C sign-up: a link to signUpUrl, no password on this page', async () => {
    // Mock mode's accounts are local: a B2C link is the API's answer, given here.
    server.use(
      http.get('/api/account-tokens/:token', () =>
        HttpResponse.json({
          ...{ purpose: 'CONFIRM_REGISTRATION', email: 'ben.nilsson@example.com', firstName: 'Ben' },
          ...{ companyName: 'Nordic Parallel AB', accountMode: 'b2c', signUpUrl: SIGN_UP_URL },
        }),
      ),
    );
    open('b2c-link-'.padEnd(43, '0'));
    expect(await findByRole('heading', 'Confirm your registration')).toBeInTheDocument();
    expect(
      screen.getByText(/^Welcome, Ben: create the account of ben.nilsson@example.com/),
    ).toBeInTheDocument();
    expect(byRole('link', 'Create my account')).toHaveAttribute('href', SIGN_UP_URL);
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });
});

describe('/confirm, links that cannot be used (spec §8 INVALID_CONFIRM_ACCOUNT)', () => {
  it.each([
    ['unknown (105): no new link on offer', 'x'.repeat(43), 'Check that you opened the whole link', false],
    [
      'cut short (not a token at all): not even asked',
      'demo-confirm',
      'Check that you opened the whole link',
      false,
    ],
    ['expired (301): a new link on offer', DEMO_TOKENS.expired, 'The link has expired', true],
    ['used (405): a new link on offer', DEMO_TOKENS.used, 'The link was used already', true],
  ])('%s', async (_case, token, hint, resendable) => {
    const { toasts } = open(token);
    const panel = await findByRole('alert', 'This link cannot be used');
    expect(panel).toHaveTextContent(INVALID_CONFIRM_ACCOUNT);
    expect(panel).toHaveTextContent(hint);
    expect(screen.queryByRole('button', { name: 'Send me a new link', hidden: true }) !== null).toBe(
      resendable,
    );
    expect(byRole('link', 'Go to the sign-in page')).toHaveAttribute('href', '/');
    expect(toasts).toEqual([]);
  });

  it('"Send me a new link": 202 says a new link is on its way, and mails it', async () => {
    open(DEMO_TOKENS.expired);
    await user.click(await findByRole('button', 'Send me a new link'));
    const onItsWay = await findByRole('status', 'A new link is on its way');
    await waitFor(() => expect(onItsWay).toHaveFocus());
    expect(await mails()).toEqual([
      { to: 'anna.jansen@example.com', link: expect.stringMatching(/\/confirm\?token=[\w-]{43}$/) },
    ]);
  });

  it('"Send me a new link" of a completed registration: the catalogue\'s INVALID_RESEND_CONFIRMATION_EMAIL', async () => {
    const { toasts } = open(DEMO_TOKENS.completed);
    await user.click(await findByRole('button', 'Send me a new link'));
    const panel = await findByRole('alert', 'Your registration is complete');
    await waitFor(() => expect(panel).toHaveFocus());
    expect(panel).toHaveTextContent(INVALID_RESEND_CONFIRMATION_EMAIL);
    expect(await mails()).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it('other refusals of a resend are the error catalogue toasts', async () => {
    server.use(
      http.post('/api/account-tokens/:token/resend', () =>
        HttpResponse.json({ code: 'TOO_MANY_REQUESTS', message: 'Slow down' }, { status: 429 }),
      ),
    );
    const { toasts } = open(DEMO_TOKENS.expired);
    await user.click(await findByRole('button', 'Send me a new link'));
    await waitFor(() => expect(toasts).toEqual(['Too many requests. Please wait a moment and try again.']));
    expect(byRole('button', 'Send me a new link')).toBeEnabled();
  });
});
