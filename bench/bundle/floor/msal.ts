import { InteractionRequiredAuthError, PublicClientApplication } from '@azure/msal-browser';

/** The session as the portal's start reads it (apps/web src/auth/msal-auth.ts): MSAL's redirect, then a token. */
export async function signedIn() {
  const client = new PublicClientApplication({
    auth: { clientId: '00000000-0000-4000-8000-000000000000', authority: 'https://login.invalid/tenant' },
    cache: { cacheLocation: 'sessionStorage' },
  });
  await client.initialize();
  const result = await client.handleRedirectPromise();
  const account = result?.account ?? client.getAllAccounts()[0];
  if (!account) return null;
  try {
    await client.acquireTokenSilent({ account, scopes: ['openid'] });
  } catch (error) {
    if (error instanceof InteractionRequiredAuthError) await client.loginRedirect({ scopes: ['openid'] });
    throw error;
  }
  return account;
}
