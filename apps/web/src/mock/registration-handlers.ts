import {
  ACCOUNT_TOKEN_ERRORS,
  type AccountTokenInfo,
  accountTokensApi,
  disclaimersApi,
  type PublishedDisclaimer,
  REGISTRATION_COMPLETED_TEXT,
  type RegistrationInput,
  registrationApi,
  useAccountTokenSchema,
} from '@portal/contracts';
import type { HttpHandler } from 'msw';
import { apiError, type MockContext, validate } from './mock-http';
import { mockRoute } from './mock-route';

/*
 * Registration in mock mode (domain.md "Life of an application": register, then confirm with the mailed
 * single-use link). Mock mode signs a demo user in: log out first (or open a private window and log out),
 * since the '' area is for visitors only. Then:
 *
 * - /register: the published REGISTRATION terms and the form. A registration "mails" its link to the
 *   browser console; paste it into the same tab (registrations and links are kept in the tab's session
 *   storage, which a log-out clears: then the demo data below comes back). Two addresses stage refusals:
 *     outdated@example.com  the terms change just before the form arrives (409 DISCLAIMER_OUTDATED, once);
 *     busy@example.com      429 TOO_MANY_REQUESTS.
 * - /confirm?token=… with one of the demo links below (DEMO_TOKENS):
 *     demo-confirm-registration-00000000000000000  valid, local mode: choose a password;
 *     demo-confirm-b2c-00000000000000000000000000  valid, B2C mode: "sign up" (mock mode signs in as the
 *                                                  demo company user instead);
 *     demo-invitation-000000000000000000000000000  an invitation to Jansen Pharma BV, local mode;
 *     demo-expired-link-0000000000000000000000000  expired (301): "Send me a new link" answers 202;
 *     demo-used-link-0000000000000000000000000000  used (405): a newer link replaced it; resending works;
 *     demo-completed-link-00000000000000000000000  used (405), its registration completed: resending
 *                                                  answers the completed text.
 *   Any other well-formed token is unknown (105).
 */

/** The demo links of mock mode, 43 characters as real tokens are (contracts ACCOUNT_TOKEN_PATTERN). */
export const DEMO_TOKENS = {
  confirm: 'demo-confirm-registration-00000000000000000',
  b2c: 'demo-confirm-b2c-00000000000000000000000000',
  invitation: 'demo-invitation-000000000000000000000000000',
  expired: 'demo-expired-link-0000000000000000000000000',
  used: 'demo-used-link-0000000000000000000000000000',
  completed: 'demo-completed-link-00000000000000000000000',
} as const;

/** Addresses that stage the API's refusals (see above). */
export const OUTDATED_EMAIL = 'outdated@example.com';
export const BUSY_EMAIL = 'busy@example.com';

/** Where the B2C demo link "signs up": mock mode's sign-in as the demo company user. */
export const MOCK_SIGN_UP_URL = '/?mockRole=EXTERNAL';

/** A mail the mock would send: the confirmation or invitation link. */
export interface MockMail {
  to: string;
  link: string;
}

export interface RegistrationHandlersOptions {
  /** Receives every "sent" mail; the browser console by default (mock mode has no mailbox). */
  onMail?: (mail: MockMail) => void;
  /**
   * Keeps the registrations and links across page loads (session storage by default), so a link from the
   * console still works when pasted into the address bar, which reloads the app and its mock.
   */
  storage?: Storage | null;
}

/** Where mock mode keeps its registrations for the tab. */
export const MOCK_REGISTRATIONS_KEY = 'portal.mockRegistrations';

type RegistrationStatus = 'PENDING_CONFIRMATION' | 'COMPLETED';

interface MockRegistration extends Omit<RegistrationInput, 'disclaimerVersion' | 'acceptsDisclaimer'> {
  status: RegistrationStatus;
}

interface MockAccountToken {
  purpose: AccountTokenInfo['purpose'];
  /** The email of the registration a CONFIRM_REGISTRATION link confirms. */
  registration: string | undefined;
  person: { email: string; firstName: string; companyName: string };
  accountMode: AccountTokenInfo['accountMode'];
  expired: boolean;
  used: boolean;
}

const REGISTRATION_TERMS: PublishedDisclaimer = {
  type: 'REGISTRATION',
  version: 1,
  title: 'Registration terms',
  body: [
    'By registering, you confirm that you may act for the company you name.',
    'We use your name and email address to run the onboarding of your company:',
    '- to confirm your registration by email;\n- to contact you about your application.',
    'Read the **privacy policy** for the details.',
  ].join('\n\n'),
  requiresAcceptance: true,
};

/** The version published when outdated@example.com registers. */
const NEWER_TERMS: PublishedDisclaimer = {
  ...REGISTRATION_TERMS,
  version: 2,
  title: 'Registration terms (updated)',
  body: `${REGISTRATION_TERMS.body}\n\nWe keep a registration that is never confirmed for 30 days, then delete it.`,
};

/** Everything the mock remembers: plain data, so it can be kept in session storage. */
interface RegistrationState {
  registrations: MockRegistration[];
  tokens: Record<string, MockAccountToken>;
  terms: PublishedDisclaimer;
  outdatedStaged: boolean;
  /** Links issued so far: counted rather than random, so no secure context is needed. */
  issued: number;
}

function demoState(): RegistrationState {
  const anna: MockRegistration = {
    email: 'anna.jansen@example.com',
    firstName: 'Anna',
    lastName: 'Jansen',
    companyName: 'Jansen Pharma BV',
    orgType: 'OPM',
    status: 'PENDING_CONFIRMATION',
  };
  const ben: MockRegistration = {
    email: 'ben.nilsson@example.com',
    firstName: 'Ben',
    lastName: 'Nilsson',
    companyName: 'Nordic Parallel AB',
    orgType: 'PD',
    status: 'PENDING_CONFIRMATION',
  };
  const carla: MockRegistration = {
    email: 'carla.rossi@example.com',
    firstName: 'Carla',
    lastName: 'Rossi',
    companyName: 'Rossi Farmaceutici SpA',
    orgType: 'OPM',
    status: 'COMPLETED',
  };
  const confirming = (
    { email, firstName, companyName }: MockRegistration,
    changes: Partial<MockAccountToken> = {},
  ): MockAccountToken => ({
    purpose: 'CONFIRM_REGISTRATION',
    registration: email,
    person: { email, firstName, companyName },
    accountMode: 'local',
    expired: false,
    used: false,
    ...changes,
  });
  return {
    registrations: [anna, ben, carla],
    tokens: {
      [DEMO_TOKENS.confirm]: confirming(anna),
      [DEMO_TOKENS.expired]: confirming(anna, { expired: true }),
      [DEMO_TOKENS.used]: confirming(anna, { used: true }),
      [DEMO_TOKENS.b2c]: confirming(ben, { accountMode: 'b2c' }),
      [DEMO_TOKENS.completed]: confirming(carla, { used: true }),
      [DEMO_TOKENS.invitation]: {
        purpose: 'INVITATION',
        registration: undefined,
        person: { email: 'sofia.berg@example.com', firstName: 'Sofia', companyName: anna.companyName },
        accountMode: 'local',
        expired: false,
        used: false,
      },
    },
    terms: REGISTRATION_TERMS,
    outdatedStaged: false,
    issued: 0,
  };
}

/** The tab's state when it holds one, else the demo data. */
function loadState(storage: Storage | null): RegistrationState {
  const saved = storage?.getItem(MOCK_REGISTRATIONS_KEY);
  if (!saved) return demoState();
  try {
    return JSON.parse(saved) as RegistrationState;
  } catch {
    return demoState();
  }
}

/** With the local provider the password is required (contracts useAccountTokenSchema). */
const localUseSchema = useAccountTokenSchema.required();

/** spec §8 INVALID_CONFIRM_ACCOUNT codes, with the API's messages (apps/api accounts/account-tokens.ts). */
const tokenError = (kind: keyof typeof ACCOUNT_TOKEN_ERRORS, message: string) =>
  apiError(400, ACCOUNT_TOKEN_ERRORS[kind], message);
const unknownToken = () => tokenError('unknown', 'This link is not known; ask for a new one');

/**
 * The registration endpoints, in memory: disclaimersApi.published for REGISTRATION, registrationApi and
 * accountTokensApi (GET, use and resend of a mailed link). All public, as at the API.
 */
export function registrationHandlers(
  context: MockContext,
  options: RegistrationHandlersOptions = {},
): HttpHandler[] {
  const onMail =
    options.onMail ??
    ((mail: MockMail) => console.info(`Mock mode: mail to ${mail.to}: ${location.origin}${mail.link}`));
  const storage = options.storage === undefined ? (globalThis.sessionStorage ?? null) : options.storage;
  const state = loadState(storage);
  const { registrations, tokens } = state;
  const save = () => storage?.setItem(MOCK_REGISTRATIONS_KEY, JSON.stringify(state));
  const registrationOf = (token: MockAccountToken) =>
    registrations.find((registration) => registration.email === token.registration);
  const tokenOf = (value: string) => (Object.hasOwn(tokens, value) ? tokens[value] : undefined);

  /** A new link for the person; their earlier unused links stop working (as the API's issueAccountToken). */
  const issue = (template: Omit<MockAccountToken, 'expired' | 'used'>) => {
    for (const token of Object.values(tokens)) {
      if (token.person.email === template.person.email && token.purpose === template.purpose)
        token.used = true;
    }
    const value = `mock-link-${++state.issued}-`.padEnd(43, '0');
    tokens[value] = { ...template, expired: false, used: false };
    save();
    onMail({ to: template.person.email, link: `/confirm?token=${value}` });
  };

  /** The token when it can still be used, else the 400 to answer (used before expired, as the API). */
  const usable = (value: string): MockAccountToken | Response => {
    const token = tokenOf(value);
    if (!token) return unknownToken();
    if (token.used) return tokenError('used', 'This link has been used already');
    if (token.expired) return tokenError('expired', 'This link has expired; ask for a new one');
    return token;
  };

  return [
    // The other types' published texts are the disclaimer contents' (disclaimer-contents-handlers.ts).
    mockRoute(context, disclaimersApi.published, async () => state.terms, {
      matches: (params) => params.type === 'REGISTRATION',
    }),

    mockRoute(context, registrationApi.register, async ({ body }) => {
      const { disclaimerVersion, acceptsDisclaimer: _accepted, ...person } = body;
      if (person.email === BUSY_EMAIL) {
        return apiError(429, 'TOO_MANY_REQUESTS', 'Too many registrations; try again later');
      }
      if (person.email === OUTDATED_EMAIL && !state.outdatedStaged) {
        state.outdatedStaged = true;
        state.terms = NEWER_TERMS;
        save();
      }
      if (disclaimerVersion !== state.terms.version) {
        return apiError(409, 'DISCLAIMER_OUTDATED', 'The registration terms have changed; read them again');
      }
      // The same answer for a known address: the form tells nobody who has registered.
      const known = registrations.find((registration) => registration.email === person.email);
      if (known?.status !== 'COMPLETED') {
        if (!known) registrations.push({ ...person, status: 'PENDING_CONFIRMATION' });
        const { email, firstName, companyName } = known ?? person;
        issue({
          purpose: 'CONFIRM_REGISTRATION',
          registration: email,
          person: { email, firstName, companyName },
          accountMode: 'local',
        });
      }
      return { message: 'If this address can receive mail, a confirmation link is on its way' };
    }),

    mockRoute(context, accountTokensApi.info, async ({ params }) => {
      const token = usable(params.token);
      if (token instanceof Response) return token;
      const { purpose, person, accountMode } = token;
      return {
        purpose,
        email: person.email,
        firstName: person.firstName,
        companyName: person.companyName,
        accountMode,
        signUpUrl: accountMode === 'b2c' ? MOCK_SIGN_UP_URL : null,
      };
    }),

    mockRoute(context, accountTokensApi.use, async ({ params, body }) => {
      const token = usable(params.token);
      if (token instanceof Response) return token;
      if (token.accountMode === 'local') {
        const withPassword = validate(localUseSchema, body);
        if (!withPassword.ok) return withPassword.response;
      }
      token.used = true;
      const registration = registrationOf(token);
      if (registration) registration.status = 'COMPLETED';
      save();
      return { email: token.person.email, accountMode: token.accountMode };
    }),

    mockRoute(context, accountTokensApi.resend, async ({ params }) => {
      // Expired and used links may ask for a new one: only an unknown one may not.
      const token = tokenOf(params.token);
      if (!token) return unknownToken();
      if (registrationOf(token)?.status === 'COMPLETED') {
        return apiError(400, 'REGISTRATION_COMPLETED', REGISTRATION_COMPLETED_TEXT);
      }
      issue(token);
      return { message: 'A new link is on its way' };
    }),
  ];
}
