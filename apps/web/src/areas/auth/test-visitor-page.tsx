import { hashToken } from '@portal/api/accounts/account-tokens';
import { DEMO_ACCOUNTS } from '@portal/demo-data';
import { type ByRoleMatcher, configure, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { beforeAll, vi } from 'vitest';
import type { Auth } from '../../auth/msal-auth';
import { createErrorHandler, createQueryClient } from '../../http/error-handler';
import { createHttpClient } from '../../http/http-client';
import { renderApp } from '../../test/render-app';
import { testAuth } from '../../test/session-users';
import { createTestI18n } from '../../test/test-i18n';
import type { TestWorld } from '../../test/test-world';
import { worldSuite } from '../../test/world-suite';
import { ConfirmPage } from './confirm-page';
import { RegisterPage } from './register-page';
import { SignInPage } from './sign-in-page';

/**
 * Role queries without the visibility check, which makes each query compute every element's style in jsdom
 * (hundreds of milliseconds on a form this size); these pages hide nothing with CSS.
 */
export const byRole = (role: ByRoleMatcher, name?: string | RegExp) =>
  screen.getByRole(role, { name, hidden: true });
export const findByRole = (role: ByRoleMatcher, name?: string | RegExp) =>
  screen.findByRole(role, { name, hidden: true });

/** The mailed links the confirm page's tests open, one per state it shows (addDemoLinks). */
export const DEMO_TOKENS = {
  confirm: 'demo-confirm-registration-00000000000000000',
  invitation: 'demo-invitation-000000000000000000000000000',
  expired: 'demo-expired-link-0000000000000000000000000',
  used: 'demo-used-link-0000000000000000000000000000',
  completed: 'demo-completed-link-00000000000000000000000',
} as const;

/**
 * Registrations and links in each state the confirm page shows, in the world's tables as the API writes
 * them (a link's sha256, never the token): Anna's pending registration with a valid, an expired and a used
 * link; Carla's completed one; Sofia invited to the demo external user's company.
 */
async function addDemoLinks({ db }: TestWorld) {
  const terms = await db
    .selectFrom('disclaimerContents')
    .select('id')
    .where('type', '=', 'REGISTRATION')
    .where('status', '=', 'PUBLISHED')
    .executeTakeFirstOrThrow();
  const written = { createdBy: 'test', updatedBy: 'test' };
  const registration = async (
    email: string,
    firstName: string,
    status: 'PENDING_CONFIRMATION' | 'COMPLETED',
  ) => {
    const [lastName, companyName] = email.startsWith('anna')
      ? ['Jansen', 'Jansen Pharma BV']
      : ['Rossi', 'Rossi Farmaceutici SpA'];
    const values = { email, firstName, lastName, companyName, orgType: 'OPM' as const, status };
    const row = await db
      .insertInto('registrations')
      .values({ ...values, disclaimerContentId: terms.id, lastSentAt: new Date(), ...written })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const anna = await registration('anna.jansen@example.com', 'Anna', 'PENDING_CONFIRMATION');
  const carla = await registration('carla.rossi@example.com', 'Carla', 'COMPLETED');
  const { organisationId } = await db
    .selectFrom('users')
    .select('organisationId')
    .where('email', '=', DEMO_ACCOUNTS.external.email)
    .executeTakeFirstOrThrow();
  const sofia = await db
    .insertInto('users')
    .values({
      ...{ email: 'sofia.berg@example.com', displayName: 'Sofia Berg', roles: ['EXTERNAL'], organisationId },
      ...{ obpRole: 'SPOC_ASSISTANT', access: 'FULL', status: 'INVITED', ...written },
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const future = new Date('2999-01-01T00:00:00Z');
  const past = new Date('2026-01-01T00:00:00Z');
  const link = (token: string, owner: { registrationId?: string; userId?: string }, changes = {}) =>
    db
      .insertInto('accountTokens')
      .values({
        tokenHash: hashToken(token),
        purpose: owner.userId ? 'INVITATION' : 'CONFIRM_REGISTRATION',
        ...{ registrationId: owner.registrationId ?? null, userId: owner.userId ?? null },
        ...{ expiresAt: future, usedAt: null, ...changes },
      })
      .execute();
  await link(DEMO_TOKENS.confirm, { registrationId: anna });
  await link(DEMO_TOKENS.expired, { registrationId: anna }, { expiresAt: past });
  await link(DEMO_TOKENS.used, { registrationId: anna }, { usedAt: past });
  await link(DEMO_TOKENS.completed, { registrationId: carla }, { usedAt: past });
  await link(DEMO_TOKENS.invitation, { userId: sofia.id });
}

/**
 * Test helper of the visitor pages: mock mode's world (the API's own code over a fresh copy of the demo
 * world, with the confirm page's links) answers the real HTTP client. Call it at the top of a test file; it
 * returns the server (for one-off answers), the mails the API wrote (its outbox) and the world's database.
 */
export function serveRegistrationApi() {
  const { server, world } = worldSuite(addDemoLinks);
  // A page waits for a call and a render of the whole form: on a busy machine that can take more than
  // Testing Library's default second. A longer wait costs nothing when the page is quick.
  beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
  const mails = async () =>
    (await world().db.selectFrom('outbox').select(['toAddress', 'link']).orderBy('createdAt').execute()).map(
      (mail) => ({ to: mail.toAddress, link: mail.link }),
    );
  return { server, mails, db: () => world().db };
}

/**
 * Renders the visitor pages at `path` as the app does: the real HTTP client, the app's error handler in the
 * query client (its toasts collected in `toasts`), a visitor's Auth whose login resolves at once.
 */
export function renderVisitorPage(path: string) {
  const toasts: string[] = [];
  const i18n = createTestI18n();
  const login = vi.fn<Auth['login']>(async () => {});
  const auth = testAuth(null, { login });
  const handleError = createErrorHandler({
    t: (key, values) => i18n.t(key, values),
    hasTranslation: (key) => i18n.exists(key),
    notify: (message) => toasts.push(message),
    closeModal: () => {},
    logout: () => {},
    navigate: () => {},
    goBack: () => {},
    production: false,
    online: () => true,
    markUnavailable: () => {},
  });
  // jsdom's fetch needs an absolute address; msw answers the handlers' relative paths on this origin.
  const http = createHttpClient({
    baseUrl: location.origin,
    getToken: async () => undefined,
    language: () => 'en',
  });
  const router = createMemoryRouter(
    [
      { path: '/', Component: SignInPage },
      { path: '/register', Component: RegisterPage },
      { path: '/confirm', Component: ConfirmPage },
      { path: '/external', element: <h1>External area</h1> },
    ],
    { initialEntries: [path] },
  );
  const view = renderApp(router, { auth, http, queryClient: createQueryClient(handleError), i18n });
  return { ...view, toasts, login, router };
}
