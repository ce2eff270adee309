import type { Config } from '@portal/api/config';
import Provider, {
  type Configuration,
  errors,
  type FindAccount,
  interactionPolicy,
  type JWK,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { findUserBySubject, maySignIn, type PortalDb } from './account-repository.js';
import { accessTokenClaims, ID_TOKEN_CLAIM_NAMES, idTokenClaims, resourceIndicator } from './claims.js';
import { createMemoryAdapterFactory } from './memory-adapter.js';
import { autoLogoutPage, errorPage, signedOutPage } from './pages.js';
import { POLICY_ROUTES, policyEndpoints, policyMountPath } from './policy-endpoints.js';

/** spec §9: default token lifetime. */
export const ACCESS_TOKEN_TTL = 3599;
/** B2C's limits for single-page apps: refresh tokens and the web session last a day. */
const DAY = 24 * 60 * 60;

/** signin: the sign-in form; reset: B2C's password reset policy, which always asks. */
export type PolicyKind = 'signin' | 'reset';

export interface PolicyProviderOptions {
  config: Config;
  db: PortalDb;
  /** The policy id as configured; used in lower case throughout. */
  policy: string;
  kind: PolicyKind;
  /** Private signing keys, shared by the policies as B2C's tenant keys are. */
  keys: JWK[];
  cookieKeys: string[];
  onError: (message: string, error: unknown) => void;
}

/** One oidc-provider instance per policy, configured to look like that B2C policy from outside. */
export function createPolicyProvider(options: PolicyProviderOptions): Provider {
  const { config, db } = options;
  const policy = options.policy.toLowerCase();
  const { auth } = config;
  const resource = resourceIndicator(auth.apiScope, auth.audience);
  const mountPath = policyMountPath(config, policy);
  const spaOrigin = new URL(config.publicUrl).origin;

  // Read at every token (sign-in, code exchange, refresh), so a role change or a disabled (or revoked) account counts
  // from the next token on; an account that cannot sign in any more gets invalid_grant.
  const findAccount: FindAccount = async (_ctx, sub) => {
    const user = await findUserBySubject(db, sub);
    if (!user || !maySignIn(user)) return undefined;
    return { accountId: sub, claims: () => ({ ...idTokenClaims(user, policy), sub }) };
  };

  const configuration: Configuration = {
    adapter: createMemoryAdapterFactory(),
    jwks: { keys: options.keys },
    clients: [
      {
        client_id: auth.clientId,
        client_name: config.appName,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${config.publicUrl}/redirect.html`, `${config.publicUrl}/`],
        post_logout_redirect_uris: [`${config.publicUrl}/`],
      },
    ],
    routes: {
      authorization: POLICY_ROUTES.authorization,
      token: POLICY_ROUTES.token,
      end_session: POLICY_ROUTES.end_session,
      jwks: POLICY_ROUTES.jwks,
    },
    responseTypes: ['code'],
    pkce: { required: () => true },
    acrValues: [policy],
    scopes: ['openid', 'offline_access', 'profile'],
    // identity.md #3: the openid scope releases these, and conformIdTokenClaims false puts them in the ID
    // token rather than only at userinfo (which B2C user flows do not offer; it is off here).
    claims: { openid: [...ID_TOKEN_CLAIM_NAMES] },
    conformIdTokenClaims: false,
    findAccount,
    // identity.md #4: B2C-style claims in the access token for the API.
    extraTokenClaims: async (_ctx, token) => {
      if (!('accountId' in token) || typeof token.accountId !== 'string') return undefined;
      const user = await findUserBySubject(db, token.accountId);
      return user ? accessTokenClaims(user, policy, auth.apiScope, auth.clientId) : undefined;
    },
    // identity.md #5: oidc-provider drops offline_access from the request unless prompt=consent, so the
    // refresh token follows the client's grant types instead.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // identity.md #6: no consent screen (B2C has none); the single first-party client gets its grant here.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      const accountId = session?.accountId;
      if (!client || !session || !accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      const grant =
        existing?.accountId === accountId
          ? existing
          : new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope('openid profile offline_access');
      grant.addResourceScope(resource, auth.apiScope);
      await grant.save();
      return grant;
    },
    clientBasedCORS: (_ctx, origin, client) => origin === spaOrigin && client.clientId === auth.clientId,
    interactions: {
      url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}`,
      policy: options.kind === 'reset' ? resetInteractionPolicy() : interactionPolicy.base(),
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // MSAL never sends resource=: every request is for the API.
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: auth.apiScope,
            audience: auth.audience,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = autoLogoutPage(form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage('Sign-in error', { ...out });
    },
    cookies: {
      keys: options.cookieKeys,
      // Both policies share one host: own cookie names keep their sessions and interactions apart.
      names: {
        session: `${policy}_session`,
        interaction: `${policy}_interaction`,
        resume: `${policy}_interaction_resume`,
      },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      IdToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 600,
      RefreshToken: DAY,
      Session: DAY,
      Grant: DAY,
      Interaction: 60 * 60,
    },
  };

  const provider = new Provider(policyEndpoints(config, policy).issuer, configuration);
  provider.on('server_error', (_ctx, error) => options.onError(`local-idp ${policy}: server error`, error));
  return provider;
}

/**
 * B2C's reset policy shows its page every time, even with a session from an earlier reset: its login prompt
 * is always requested, until the interaction it started has finished with a login.
 */
function resetInteractionPolicy() {
  const policy = interactionPolicy.base();
  const login = policy.get('login');
  login?.checks.add(
    new interactionPolicy.Check('reset_policy', 'The password reset policy always asks', (ctx) =>
      ctx.oidc.result?.login
        ? interactionPolicy.Check.NO_NEED_TO_PROMPT
        : interactionPolicy.Check.REQUEST_PROMPT,
    ),
  );
  return policy;
}
