import { policyEndpoints as apiPolicyEndpoints } from '@portal/api/accounts/b2c-endpoints';
import { b2cPolicyBase, type Config } from '@portal/api/config';

/** What MSAL needs of a policy (its `authorityMetadata`), and what the provider serves in discovery. */
export interface PolicyEndpoints {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint: string;
  jwks_uri: string;
}

/**
 * Pure: a policy's endpoints from the configuration alone. The API publishes the same ones to MSAL
 * (authorityMetadata, identity.md #1) from its own function, which this one delegates to, so the provider
 * serves exactly what the SPA is told.
 */
export function policyEndpoints(config: Pick<Config, 'auth'>, policy: string): PolicyEndpoints {
  return apiPolicyEndpoints(config.auth, policy);
}

/** The path every route of a policy sits under, e.g. /emvoportal.onmicrosoft.com/b2c_1_signin. */
export function policyMountPath(config: Pick<Config, 'auth'>, policy: string): string {
  return new URL(b2cPolicyBase(config.auth.instance, config.auth.tenant, policy)).pathname;
}

/** B2C's routes relative to a policy's mount path, as the provider is configured with them. */
export const POLICY_ROUTES = {
  authorization: '/oauth2/v2.0/authorize',
  token: '/oauth2/v2.0/token',
  end_session: '/oauth2/v2.0/logout',
  jwks: '/discovery/v2.0/keys',
  /** B2C publishes discovery here; oidc-provider's own /.well-known/openid-configuration stays too. */
  b2cDiscovery: '/v2.0/.well-known/openid-configuration',
  discovery: '/.well-known/openid-configuration',
} as const;
