import type { Role } from '@portal/api/db/schema';
import { CLAIM_BY_ROLE } from '@portal/domain';

/** The columns of `users` the provider reads. */
export interface PortalUser {
  id: string;
  externalId: string | null;
  email: string;
  displayName: string;
  roles: Role[];
  status: 'INVITED' | 'ACTIVE' | 'DISABLED';
  access: 'FULL' | 'READ_ONLY' | 'REVOKED';
  passwordHash: string | null;
}

/** The token subject: B2C's object id once the user is linked to one, else the portal's own id. */
export function subjectOf(user: Pick<PortalUser, 'id' | 'externalId'>): string {
  return user.externalId ?? user.id;
}

/** B2C's `scp`: the scope's own name, the last segment of its full URI (…/portal-api/access_as_user). */
export function scopeName(apiScope: string): string {
  return apiScope.slice(apiScope.lastIndexOf('/') + 1);
}

/**
 * The resource indicator the API's access tokens are issued for: the scope URI without its last segment
 * (https://tenant.onmicrosoft.com/portal-api). oidc-provider needs an absolute URI here, while the token's
 * `aud` is the configured audience.
 */
export function resourceIndicator(apiScope: string, audience: string): string {
  const slash = apiScope.lastIndexOf('/');
  if (slash > 0 && URL.canParse(apiScope.slice(0, slash))) return apiScope.slice(0, slash);
  return `api://${audience}`;
}

/** Claims both tokens carry, shaped like B2C's (acr and tfp hold the policy id in lower case). */
function commonClaims(user: PortalUser, policy: string) {
  return {
    oid: subjectOf(user),
    name: user.displayName,
    emails: [user.email],
    roles: user.roles.map((role) => CLAIM_BY_ROLE[role]),
    acr: policy.toLowerCase(),
    tfp: policy.toLowerCase(),
  };
}

/**
 * The ID token's claims. identity.md #9: the SPA reads the sign-in name from `signInNames.emailAddress`
 * (a flat claim name with a dot, as B2C writes it), then from `emails[0]`.
 */
export function idTokenClaims(user: PortalUser, policy: string) {
  return {
    sub: subjectOf(user),
    ...commonClaims(user, policy),
    'signInNames.emailAddress': user.email,
  };
}

/** What the access token for the API adds to oidc-provider's own claims (identity.md #4). */
export function accessTokenClaims(user: PortalUser, policy: string, apiScope: string, clientId: string) {
  return { ...commonClaims(user, policy), scp: scopeName(apiScope), azp: clientId };
}

/** The claim names the openid scope releases; conformIdTokenClaims false puts them in the ID token. */
export const ID_TOKEN_CLAIM_NAMES = [
  'sub',
  'oid',
  'name',
  'emails',
  'roles',
  'acr',
  'tfp',
  'signInNames.emailAddress',
] as const;
