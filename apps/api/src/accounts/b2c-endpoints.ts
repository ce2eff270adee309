import { b2cPolicyBase, type Config } from '../config.js';

/**
 * A B2C policy's endpoints, as Azure AD B2C lays them out (and the local provider serves them). MSAL gets
 * them inline (`authorityMetadata`) when the provider is plain http, which MSAL will not discover.
 */
export function policyEndpoints(auth: Config['auth'], policy: string) {
  const base = b2cPolicyBase(auth.instance, auth.tenant, policy);
  return {
    issuer: `${base}/v2.0/`,
    authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
    token_endpoint: `${base}/oauth2/v2.0/token`,
    end_session_endpoint: `${base}/oauth2/v2.0/logout`,
    jwks_uri: `${base}/discovery/v2.0/keys`,
  };
}
