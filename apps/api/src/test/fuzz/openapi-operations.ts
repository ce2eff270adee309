import type { Access, DeclaredRoute } from '../../plugins/auth.js';
import type { JsonSchema } from './schema-arbitraries.js';

/** What the suite needs of @fastify/swagger's OpenAPI 3.0 document (app.swagger()). */
interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
export interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

/** How a route takes its body. */
export type BodyKind = 'none' | 'json' | 'multipart' | 'csv-or-multipart';

/** One method on one path of the document, with what generating requests for it needs. */
export interface Operation {
  method: string;
  /** The document's path, with {param} placeholders. */
  path: string;
  access: Access;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  queryParams: Array<{ name: string; schema: JsonSchema; required: boolean }>;
  body: BodyKind;
  bodySchema?: JsonSchema;
  /** The JSON schema of each 2xx answer that has one, by status. */
  responses: Record<number, JsonSchema>;
  /** A list route: its query is the list query (spec §7), its items' fields are the ones to filter on. */
  listFields?: string[];
  /** Of those, the date-time ones: where a list's date values (and dates past what it takes) go. */
  listDateFields?: string[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Fastify's ':name' route pattern for the document's '{name}'. */
export const routePattern = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Every operation of the document, joined with the route the app declared for it (its access and the
 * content types it consumes, which the document leaves out for bodies that have no JSON schema).
 */
export function operationsOf(document: OpenApiDocument, routes: readonly DeclaredRoute[]): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!METHODS.includes(method)) continue;
      const verb = method.toUpperCase();
      const route = routes.find(
        (candidate) => candidate.url === routePattern(path) && [candidate.method].flat().includes(verb),
      );
      if (!route?.config?.access) throw new Error(`${verb} ${path} is in the document but not declared`);
      const parameters = operation.parameters ?? [];
      const json = operation.requestBody?.content?.['application/json']?.schema;
      const consumes = route.schema?.consumes ?? [];
      const body: BodyKind = json
        ? 'json'
        : consumes.includes('text/csv')
          ? 'csv-or-multipart'
          : consumes.includes('multipart/form-data')
            ? 'multipart'
            : 'none';
      const responses: Record<number, JsonSchema> = {};
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const schema = response.content?.['application/json']?.schema;
        if (/^2\d\d$/.test(status) && schema) responses[Number(status)] = schema;
      }
      const queryParams = parameters
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => ({
          name: parameter.name,
          schema: parameter.schema ?? {},
          required: parameter.required ?? false,
        }));
      const names = queryParams.map((parameter) => parameter.name);
      const listed = responses[200]?.properties?.items?.items?.properties;
      operations.push({
        method: verb,
        path,
        access: route.config.access,
        pathParams: parameters
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {} })),
        queryParams,
        body,
        ...(json ? { bodySchema: json } : {}),
        responses,
        ...(names.includes('page') && names.includes('order')
          ? {
              listFields: Object.keys(listed ?? {}),
              listDateFields: Object.entries(listed ?? {})
                .filter(([, property]) => property.format === 'date-time')
                .map(([name]) => name),
            }
          : {}),
      });
    }
  }
  return operations;
}
