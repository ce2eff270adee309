import { z } from 'zod/mini';
import { endpoint } from './endpoint.js';
import { isoDateTime } from './fields.js';

/*
 * The routes around the product's resources: the identity provider's API connector, the SPA's
 * configuration, the load balancers' probes and, outside production, the mail outbox.
 */

/** What a B2C API connector sends: the user's object id and/or email (its claim names). */
export const connectorRequestSchema = z.looseObject({
  objectId: z.optional(z.string().check(z.minLength(1))),
  email: z.optional(z.string().check(z.minLength(1))),
  signInNames: z.optional(z.looseObject({ emailAddress: z.optional(z.string()) })),
});

/** What the connector reads back: continue with the user's roles (their claim names), or block. */
export const connectorResponseSchema = z.object({
  version: z.literal('1.0.0'),
  action: z.enum(['Continue', 'ShowBlockPage']),
  roles: z.optional(z.array(z.string())),
  userMessage: z.optional(z.string()),
});
export type ConnectorResponse = z.infer<typeof connectorResponseSchema>;

/**
 * The claims endpoint Azure AD B2C calls at sign-in (an "API connector", HTTP basic with a shared secret):
 * the user's roles from the portal's users table (apps/api modules/identity).
 */
export const identityApi = {
  claims: endpoint({
    method: 'POST',
    path: '/api/identity/claims',
    access: 'connector',
    summary: "A user's roles, for the identity provider's API connector",
    body: connectorRequestSchema,
    response: connectorResponseSchema,
  }),
};

/**
 * spec §3 "Environment config": what the SPA reads at start (apps/web config/environment.ts checks the same
 * shape without zod, which would be on the first page for it alone).
 */
export const environmentSchema = z.object({
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
    resetAuthority: z.string(),
    knownAuthorities: z.array(z.string()),
    authorityMetadata: z.optional(z.string()),
    resetAuthorityMetadata: z.optional(z.string()),
    interactionType: z.enum(['redirect', 'popup']),
    login: z.object({ tenantID: z.string() }),
    webApi: z.string(),
    b2cScopes: z.array(z.string()),
  }),
});
export type EnvironmentConfig = z.infer<typeof environmentSchema>;

export const environmentApi = {
  config: endpoint({
    method: 'GET',
    path: '/environment/environment.json',
    access: 'public',
    summary: 'SPA configuration (spec §3)',
    response: environmentSchema,
  }),
};

const healthSchema = z.object({ status: z.literal('ok') });

/** Liveness (the process answers) and readiness (the database answers), for load balancers. */
export const healthApi = {
  live: endpoint({ method: 'GET', path: '/healthz', access: 'public', response: healthSchema }),
  ready: endpoint({ method: 'GET', path: '/readyz', access: 'public', response: healthSchema }),
};

/** Enough for a test or a person looking for the last mails; the outbox itself is never paged here. */
export const DEV_OUTBOX_LIMIT = 50;

export const devOutboxQuerySchema = z.object({
  to: z
    .optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(320)))
    .check(z.describe('Only the mails to this address, compared case-insensitively; unset: every address')),
});

export const devOutboxMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  link: z.nullable(z.string()),
  status: z.enum(['PENDING', 'SENT', 'FAILED']),
  createdAt: isoDateTime,
});
export type DevOutboxMail = z.infer<typeof devOutboxMailSchema>;

/**
 * domain.md: outside production the outbox can be read through the API, so the local e2e tests and a person
 * trying the portal can follow a confirmation link without a mail server. Public: its readers have no token.
 */
export const devOutboxApi = {
  mails: endpoint({
    method: 'GET',
    path: '/api/dev/outbox',
    access: 'public',
    summary: `The ${DEV_OUTBOX_LIMIT} newest mails of the outbox, newest first (not in production)`,
    query: devOutboxQuerySchema,
    response: z.array(devOutboxMailSchema),
  }),
};
