import { CLAIM_BY_ROLE, type Role } from '@portal/domain';
import { generateKeyPair } from 'jose';
import type { createTestApp } from './test-app.js';
import { XSRF_HEADERS } from './test-app.js';

// The kinds of caller an authorization test tries on a route: no token, four broken tokens,
// and signed-in users, each with the headers of their browser (bearer token and anti-forgery pair).

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type Headers = Record<string, string>;

const ALL_CLAIMS = Object.values(CLAIM_BY_ROLE);

/** Who a signed-in caller is to the directory: the token's subject and email, and its roles. */
export interface Identity {
  subject: string;
  email: string;
  roles: readonly Role[];
}

/** The headers of a signed-in user's browser: a valid token for the identity, the anti-forgery pair. */
export async function signedInHeaders(t: TestApp, identity: Identity): Promise<Headers> {
  const token = await t.sign({
    roles: identity.roles.map((role) => CLAIM_BY_ROLE[role]),
    sub: identity.subject,
    emails: [identity.email],
  });
  return { authorization: `Bearer ${token}`, ...XSRF_HEADERS };
}

/** A token the API must refuse with 401 whatever the route (but a public one) and whatever its roles. */
export type BrokenToken =
  | 'no token'
  | 'an expired token'
  | 'a bad signature'
  | 'a wrong audience'
  | 'a wrong acr';

export const BROKEN_TOKENS: readonly BrokenToken[] = [
  'no token',
  'an expired token',
  'a bad signature',
  'a wrong audience',
  'a wrong acr',
];

/**
 * The headers of a caller whose token is missing or broken. Each broken token grants every role, so a
 * route answering anything but 401 shows the check it skipped, not a role it lacked.
 */
export async function brokenTokenHeaders(t: TestApp, kind: BrokenToken): Promise<Headers> {
  const claims = { roles: ALL_CLAIMS };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}`, ...XSRF_HEADERS });
  switch (kind) {
    case 'no token':
      return { ...XSRF_HEADERS };
    case 'an expired token':
      return bearer(await t.sign(claims, { expiresIn: Math.floor(Date.now() / 1000) - 10 }));
    case 'a bad signature':
      return bearer(await t.sign(claims, { key: (await generateKeyPair('RS256')).privateKey }));
    case 'a wrong audience':
      return bearer(await t.sign({ ...claims, aud: 'another-api' }));
    case 'a wrong acr':
      return bearer(await t.sign({ ...claims, acr: 'b2c_1_reset' }));
  }
}
