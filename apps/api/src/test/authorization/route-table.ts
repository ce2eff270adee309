import type { FastifyInstance } from 'fastify';
import type { Access } from '../../plugins/auth.js';
import type { TwoCompanies } from '../two-companies.js';

// The routes the authorization suites call: every route the app registered, with a concrete
// URL and body for each. A path parameter or a body field that names a record must be mapped below to a
// seeded record, so a new route taking an id fails the suites until it is given one.

export interface RouteCase {
  method: string;
  /** The route's pattern, as registered (/api/files/:id). */
  url: string;
  access: Access;
}

/** Every route the app registered, one case per method (HEAD routes included: Fastify adds them). */
export function routeCases(app: FastifyInstance): RouteCase[] {
  return app.declaredRoutes.flatMap((route) => {
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} declares no access`);
    return [route.method].flat().map((method) => ({ method, url: route.url, access }));
  });
}

/** Whose record a mapped id is: the owner company's (tried by the other company) or nobody's. */
type Owner = 'company' | 'shared';

interface RecordField {
  owner: Owner;
  id: (f: TwoCompanies) => string;
}

const company = (id: (f: TwoCompanies) => string): RecordField => ({ owner: 'company', id });
const shared = (id: (f: TwoCompanies) => string): RecordField => ({ owner: 'shared', id });

/**
 * The record each id path parameter names, by route pattern. Add the route of a new path parameter here
 * (the suites fail and name it until you do).
 */
export const PATH_RECORDS: Record<string, Record<string, RecordField>> = {
  '/api/disclaimer-contents/:id': { id: shared((f) => f.shared.disclaimerId) },
  '/api/disclaimer-contents/:id/publish': { id: shared((f) => f.shared.disclaimerId) },
  '/api/gateways/:id': { id: shared((f) => f.shared.gatewayId) },
  '/api/tooltips/:id': { id: shared((f) => f.shared.tooltipId) },
  '/api/files/:id/meta': { id: company((f) => f.owner.records.fileId) },
  '/api/files/:id': { id: company((f) => f.owner.records.fileId) },
  '/api/admin/files/:id': { id: company((f) => f.owner.records.fileId) },
  '/api/onboarding/people/:userId': { userId: company((f) => f.owner.records.assistantUserId) },
  '/api/onboarding/technical/session-tokens/:tokenId/reveal': {
    tokenId: company((f) => f.owner.records.sessionTokenId),
  },
  '/api/checks/:id': { id: company((f) => f.owner.records.checkId) },
  '/api/checks/:id/decisions': { id: company((f) => f.owner.records.checkId) },
  '/api/checks/:id/billing': { id: company((f) => f.owner.records.checkId) },
  '/api/checks/:id/presence': { id: company((f) => f.owner.records.checkId) },
  '/api/checks/:id/assignee': { id: company((f) => f.owner.records.checkId) },
  '/api/checks/:id/notes': { id: company((f) => f.owner.records.checkId) },
  '/api/companies/:obpNumber': { obpNumber: company((f) => f.owner.records.obpNumber) },
  '/api/organisations/:id/stage-moves': { id: company((f) => f.owner.records.organisationId) },
  '/api/session-tokens/:id/issue': { id: company((f) => f.owner.records.sessionTokenId) },
  '/api/session-tokens/:id/cancel': { id: company((f) => f.owner.records.sessionTokenId) },
  '/api/users/:id': { id: company((f) => f.owner.records.userId) },
  '/links/:id': { id: shared(() => 'footer-links') },
  '/links/:id/all': { id: shared(() => 'footer-links') },
  '/links/:id/:linkId': { id: shared(() => 'footer-links'), linkId: shared((f) => f.shared.linkId) },
};

/** Path parameters that name no record: a sample value each. */
const SAMPLE_PARAMS: Record<string, string> = {
  type: 'LOGIN',
  environment: 'IQE',
  queue: 'legitimacy',
  // A single-use account token from a mail: none is valid here, and the route is public.
  token: 'not-a-token',
};

/**
 * The fields naming a record in a route's JSON body, query or multipart form, by `METHOD pattern`, and how
 * to put the id in a request. Body fields are found in the route's schema (see `recordFields`), the
 * multipart form fields are listed by hand (their schema is not the route's).
 */
export const BODY_RECORDS: Record<string, { field: string; record: RecordField }> = {
  'PUT /api/onboarding/mahs': { field: 'mahs[].id', record: company((f) => f.owner.records.mahId) },
  'PUT /api/onboarding/technical/:environment/gateway': {
    field: 'gatewayId',
    record: shared((f) => f.shared.gatewayId),
  },
  // The identity provider's object id of the user signing in (connector only).
  'POST /api/identity/claims': { field: 'objectId', record: company((f) => f.subjects.owner) },
  // Multipart text fields, sent before the file (contracts files.ts fileFormSchema): ADMIN only.
  'POST /api/files': { field: 'organisationId', record: company((f) => f.owner.records.organisationId) },
  'POST /api/admin/files': {
    field: 'organisationId',
    record: company((f) => f.owner.records.organisationId),
  },
};

const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');

/** The path parameters of a route that no table above covers: the suites list them as failures. */
export function unmappedParams(route: RouteCase): string[] {
  return paramNames(route.url)
    .filter((name) => !PATH_RECORDS[route.url]?.[name] && !(name in SAMPLE_PARAMS))
    .map((name) => `${route.method} ${route.url}: path parameter :${name} has no fixture id in PATH_RECORDS`);
}

/** The path parameters of a route that name a record, with the record each names. */
export const pathRecords = (route: RouteCase) =>
  Object.entries(PATH_RECORDS[route.url] ?? {}).filter(([name]) => paramNames(route.url).includes(name));

/** The route's URL with every parameter filled: records by the fixture (or by `ids`), the others sampled. */
export function concreteUrl(route: RouteCase, f: TwoCompanies, ids: Record<string, string> = {}): string {
  return route.url
    .replace(/:(\w+)/g, (_match, name: string) => {
      const value = ids[name] ?? PATH_RECORDS[route.url]?.[name]?.id(f) ?? SAMPLE_PARAMS[name];
      if (value === undefined) throw new Error(`${route.url}: no value for :${name}`);
      return encodeURIComponent(value);
    })
    .replace(/\*$/, 'index.html');
}

type JsonSchema = {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** The fields of a JSON schema whose name says they hold an id (`id`, `gatewayId`), as dotted paths. */
function idFields(schema: JsonSchema | undefined, prefix = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const own = Object.entries(schema.properties ?? {}).flatMap(([name, child]) => [
    ...(/id$/i.test(name) ? [`${prefix}${name}`] : []),
    ...idFields(child, `${prefix}${name}.`),
  ]);
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((part) =>
    idFields(part, prefix),
  );
  return [...own, ...idFields(schema.items, `${prefix.replace(/\.$/, '')}[].`), ...nested];
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/**
 * The body and query fields naming a record, from the routes' OpenAPI description (`METHOD pattern` →
 * dotted field paths). Path parameters are `PATH_RECORDS`' business.
 */
export function recordFields(app: FastifyInstance): Map<string, string[]> {
  const document = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const found = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    const pattern = path.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(operations)) {
      const query = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query' && /id$/i.test(parameter.name))
        .map((parameter) => parameter.name);
      const body = Object.values(operation.requestBody?.content ?? {}).flatMap((content) =>
        idFields(content.schema),
      );
      const fields = [...query, ...body];
      if (fields.length > 0) found.set(`${method.toUpperCase()} ${pattern}`, fields);
    }
  }
  return found;
}

/** Record fields of routes' bodies and queries that `BODY_RECORDS` does not map: the suites' failures. */
export function unmappedFields(app: FastifyInstance): string[] {
  return [...recordFields(app)].flatMap(([route, fields]) =>
    fields
      .filter((field) => BODY_RECORDS[route]?.field !== field)
      .map((field) => `${route}: field ${field} names a record but has no fixture id in BODY_RECORDS`),
  );
}
