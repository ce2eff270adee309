import type { Config } from '../../config.js';

/**
 * spec §3 "Environment config": what the SPA reads at start from environment/environment.json. The API
 * renders it from its own settings, so one place configures both and one build runs everywhere.
 */
export function renderEnvironment(config: Config) {
  const { auth } = config;
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
      authority: `${auth.instance}/${auth.tenant}.onmicrosoft.com/${auth.loginPolicy}`.toLowerCase(),
      resetAuthority: `${auth.instance}/${auth.tenant}.onmicrosoft.com/${auth.resetPolicy}`.toLowerCase(),
      login: { tenantID: auth.loginPolicy },
      webApi: `${config.publicUrl}/api`,
      b2cScopes: [auth.apiScope],
    },
  };
}
