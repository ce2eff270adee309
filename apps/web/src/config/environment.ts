import * as z from 'zod/mini';

/** spec §3 "Environment config", as the API renders it at environment/environment.json. */
const environmentSchema = z.object({
  apiUrl: z.string(),
  mock: z.boolean(),
  production: z.boolean(),
  envName: z.string(),
  appName: z.string(),
  azureAd: z.object({
    clientId: z.string(),
    redirectUri: z.string(),
    postLogoutRedirectUri: z.string(),
    navigateToLoginRequestUrl: z.boolean(),
    validateAuthority: z.boolean(),
    authority: z.string(),
    /** The password-reset policy's authority (spec §8: AADB2C90118 goes there). */
    resetAuthority: z.string(),
    /** B2C authorities MSAL must trust (their hosts). */
    knownAuthorities: z.array(z.string()),
    /** The provider's endpoints inline, for a provider MSAL must not discover (the plain-http local one). */
    authorityMetadata: z.optional(z.string()),
    resetAuthorityMetadata: z.optional(z.string()),
    /** spec §2: interactive sign-in in a popup or by redirect. */
    interactionType: z.enum(['redirect', 'popup']),
    login: z.object({ tenantID: z.string() }),
    webApi: z.string(),
    b2cScopes: z.array(z.string()),
  }),
});

export type Environment = z.infer<typeof environmentSchema>;

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
  const parsed = environmentSchema.safeParse(body);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new EnvironmentError(`environment.json is not valid (${fields})`);
  }
  return parsed.data;
}
