import { checkShape, type ShapeValue } from './check-shape';

/**
 * spec §3 "Environment config", as the API renders it at environment/environment.json. Checked without a
 * schema library (check-shape.ts): this runs before the first render, and zod would be on the first page
 * for it alone.
 */
const ENVIRONMENT_SHAPE = {
  apiUrl: 'string',
  mock: 'boolean',
  production: 'boolean',
  envName: 'string',
  appName: 'string',
  azureAd: {
    clientId: 'string',
    redirectUri: 'string',
    postLogoutRedirectUri: 'string',
    navigateToLoginRequestUrl: 'boolean',
    validateAuthority: 'boolean',
    authority: 'string',
    /** The password-reset policy's authority (spec §8: AADB2C90118 goes there). */
    resetAuthority: 'string',
    /** B2C authorities MSAL must trust (their hosts). */
    knownAuthorities: 'string[]',
    /** The provider's endpoints inline, for a provider MSAL must not discover (the plain-http local one). */
    authorityMetadata: 'string?',
    resetAuthorityMetadata: 'string?',
    /** spec §2: interactive sign-in in a popup or by redirect. */
    interactionType: ['redirect', 'popup'],
    login: { tenantID: 'string' },
    webApi: 'string',
    b2cScopes: 'string[]',
  },
} as const;

export type Environment = ShapeValue<typeof ENVIRONMENT_SHAPE>;

export class EnvironmentError extends Error {
  override name = 'EnvironmentError';
}

/** Loads and checks the configuration once, before the first render (style.md: config before render). */
export async function loadEnvironment(fetchImpl: typeof fetch = fetch): Promise<Environment> {
  let body: unknown;
  try {
    const response = await fetchImpl('/environment/environment.json', {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new EnvironmentError(`environment.json answered ${response.status}`);
    body = await response.json();
  } catch (error) {
    if (error instanceof EnvironmentError) throw error;
    throw new EnvironmentError(`environment.json could not be read: ${(error as Error).message}`);
  }
  const parsed = checkShape(ENVIRONMENT_SHAPE, body);
  if (!parsed.success) {
    throw new EnvironmentError(`environment.json is not valid (${parsed.invalidFields.join(', ')})`);
  }
  return parsed.data;
}
