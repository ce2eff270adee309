import { randomBytes } from 'node:crypto';
import { policyEndpoints } from '../../accounts/b2c-endpoints.js';
import type { Config } from '../../config.js';

export type AccountMode = 'local' | 'b2c';

/**
 * How a confirmed person gets a sign-in account. `local`: the portal's own provider (a plain-http
 * instance, the default) signs in against users.password_hash, so the person chooses a password on the
 * confirmation page. `b2c`: Azure AD B2C holds the password; the person signs up there and the claims
 * endpoint links that account to the portal's user by email at the first sign-in.
 */
export const accountModeOf = (auth: Config['auth']): AccountMode =>
  auth.instance.startsWith('http:') ? 'local' : 'b2c';

/**
 * B2C's sign-up/sign-in page of the login policy, the email filled in (login_hint), for the confirmation
 * page's "create your account" button. B2C asks a single-page app for PKCE, so the link carries a random
 * S256 challenge whose verifier nobody has: the point of the visit is the sign-up (the claims endpoint
 * links the new account on the way). The code B2C then sends to /redirect.html is never redeemed; the
 * redirect bridge returns to the portal's root, where the person signs in, already known to B2C. The SPA
 * may equally call MSAL's loginRedirect({ loginHint }) instead of following this link.
 */
export function signUpUrl(config: Config, email: string): string {
  const { auth } = config;
  const url = new URL(policyEndpoints(auth, auth.loginPolicy).authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: auth.clientId,
    response_type: 'code',
    redirect_uri: `${config.publicUrl}/redirect.html`,
    response_mode: 'fragment',
    scope: 'openid offline_access',
    login_hint: email,
    code_challenge: randomBytes(32).toString('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}
