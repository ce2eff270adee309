import type { EnvironmentConfig } from '@portal/contracts';
import { policyEndpoints } from '../../accounts/b2c-endpoints.js';
import { b2cPolicyBase, type Config } from '../../config.js';

/**
 * spec §3 "Environment config": what the SPA reads at start from environment/environment.json. The API
 * renders it from its own settings, so one place configures both and one build runs everywhere.
 */
export function renderEnvironment(config: Config): EnvironmentConfig {
  const { auth } = config;
  // identity.md #1: MSAL refuses an http: authority, so a plain-http provider (the local one) is named
  // with https and its real endpoints are passed inline; a real B2C tenant is discovered as usual.
  const insecure = auth.instance.startsWith('http:');
  const authorityOf = (policy: string) =>
    b2cPolicyBase(auth.instance.replace(/^http:/, 'https:'), auth.tenant, policy);
  const metadataOf = (policy: string) =>
    insecure ? { metadata: JSON.stringify(policyEndpoints(auth, policy)) } : {};
  const login = metadataOf(auth.loginPolicy);
  const reset = metadataOf(auth.resetPolicy);
  return {
    // Same origin: the SPA calls relative URLs, which also carry the anti-forgery header (spec §7).
    apiUrl: '',
    mock: config.webMock,
    production: config.production,
    envName: config.envName,
    appName: config.appName,
    azureAd: {
      clientId: auth.clientId,
      redirectUri: `${config.publicUrl}/redirect.html`,
      postLogoutRedirectUri: `${config.publicUrl}/`,
      navigateToLoginRequestUrl: true,
      // B2C authorities are not in Microsoft's known list; MSAL must trust the configured one.
      validateAuthority: false,
      authority: authorityOf(auth.loginPolicy),
      resetAuthority: authorityOf(auth.resetPolicy),
      knownAuthorities: [new URL(auth.instance).host],
      ...(login.metadata ? { authorityMetadata: login.metadata } : {}),
      ...(reset.metadata ? { resetAuthorityMetadata: reset.metadata } : {}),
      interactionType: auth.interaction,
      login: { tenantID: auth.loginPolicy },
      webApi: `${config.publicUrl}/api`,
      b2cScopes: [auth.apiScope],
    },
  };
}
