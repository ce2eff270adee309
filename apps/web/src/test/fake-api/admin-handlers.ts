import { type EndpointSpec, gatewaysApi, tooltipsApi } from '@portal/contracts';
import type { Audited, GatewayRow } from '@portal/demo-data';
import { gatewayInUse, gatewayNameTaken, tooltipKeyTaken } from '@portal/domain';
import type { ListResource } from '@portal/list-query';
import type { HttpHandler } from 'msw';
import type { z } from 'zod/mini';
import { type MockContext, mockRoute, refused } from './mock-http';
import { answerWith, type RowOf, tableOf, type VersionedTable } from './mock-resource';

/*
 * The administrators' resources whose body's fields are their row's columns (apps/api modules/gateways and
 * modules/tooltips): each one's five endpoints over one of the store's tables.
 */

type IdParams = { params: z.ZodMiniObject<{ id: z.ZodMiniType<string> }> };
/** The five endpoints of an admin resource, as @portal/contracts declares them (gatewaysApi). */
interface CrudEndpoints<Input, Dto> {
  list: EndpointSpec & { list: ListResource; response: z.ZodMiniType<{ items: Dto[] }> };
  get: EndpointSpec & IdParams;
  create: EndpointSpec & { body: z.ZodMiniType<Input> };
  update: EndpointSpec & IdParams & { body: z.ZodMiniType<Input & { version: number }> };
  remove: EndpointSpec & IdParams & { query: z.ZodMiniType<{ version?: number | undefined }> };
}

/** What an admin resource adds to the generic writes (apps/api's repository of the same name). */
interface CrudRules<Row, Input, Dto> {
  toDto: (row: Row) => Dto;
  /** A unique rule the API's database holds (a gateway's name): the 409 to answer, or undefined. */
  conflict?: (input: Input, exceptId?: string) => Response | undefined;
  /** Why a row may not be deleted (a gateway in use). */
  undeletable?: (row: Row) => Response | undefined;
}

/**
 * An admin resource whose body's fields are its row's columns, as the API serves it: GET the list (spec
 * §7 query params), GET one, POST, PUT at a version, DELETE (at a version when `?version=` is given). An
 * update that sets `active` from true to false is audited DEACTIVATE, as the API's gateways and tooltips.
 */
function crudHandlers<T extends VersionedTable, Input extends object, Dto>(
  context: MockContext,
  endpoints: CrudEndpoints<Input, Dto>,
  table: T,
  entity: string,
  rules: CrudRules<RowOf<T>, Input, Dto>,
): HttpHandler[] {
  const rows = tableOf(context, table, entity);
  const answer = answerWith(rules.toDto);
  const deactivates = (before: RowOf<T>, input: Input) =>
    Reflect.get(before, 'active') === true && Reflect.get(input, 'active') === false;
  return [
    // A list handler answers all its rows (mockRoute pages them); its generic item type cannot be named here.
    mockRoute(context, endpoints.list, async () => rows.rows().map(rules.toDto) as never),
    mockRoute(context, endpoints.get, async ({ params }) => answer(rows.find(params.id))),
    mockRoute(context, endpoints.create, async ({ body, request }) => {
      const columns = body as unknown as Omit<RowOf<T>, keyof Audited>;
      return rules.conflict?.(body) ?? answer(rows.create(request, columns, { diff: body }));
    }),
    mockRoute(context, endpoints.update, async ({ params, body, request }) => {
      const { version, ...rest } = body;
      const changes = rest as unknown as Partial<RowOf<T>>;
      const change = (before: RowOf<T>) =>
        rules.conflict?.(body, params.id) ?? {
          changes,
          action: deactivates(before, body) ? 'DEACTIVATE' : 'UPDATE',
        };
      return answer(rows.update(request, params.id, version, change));
    }),
    mockRoute(context, endpoints.remove, async ({ params, query, request }) =>
      rows.remove(
        request,
        params.id,
        query.version,
        (row) => rules.undeletable?.(row) ?? { diff: rules.toDto(row) },
      ),
    ),
  ] as HttpHandler[];
}

/** /api/gateways (apps/api modules/gateways): list, read, create, replace, delete when unused. */
export function gatewaysHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const organisationCount = (id: string) => db.organisations.filter((row) => row.gatewayId === id).length;
  // The API's toDto: the stored gateway with the organisations that chose it.
  const toDto = (row: GatewayRow) => {
    const count = organisationCount(row.id);
    return { ...row, inUse: count > 0, organisationCount: count };
  };
  return crudHandlers(context, gatewaysApi, 'gateways', 'gateway', {
    toDto,
    // The API's unique index on lower(name).
    conflict: (input, exceptId) =>
      db.gateways.some((row) => row.id !== exceptId && row.name.toLowerCase() === input.name.toLowerCase())
        ? refused(gatewayNameTaken(input.name))
        : undefined,
    // domain.md: a gateway in use cannot be deleted; it is deactivated instead.
    undeletable: (row) => {
      const count = organisationCount(row.id);
      return count ? refused(gatewayInUse(count)) : undefined;
    },
  });
}

/** /api/tooltips (apps/api modules/tooltips): list, the active ones as { key: text }, read, write, delete. */
export function tooltipsHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    // Before /api/tooltips/:id, which would read 'active' as an id.
    mockRoute(context, tooltipsApi.active, async () => {
      const active = db.tooltips.filter((row) => row.active).map((row) => [row.key, row.text] as const);
      return Object.fromEntries(active.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }),
    ...crudHandlers(context, tooltipsApi, 'tooltips', 'tooltip', {
      toDto: (row) => row,
      // The API's unique key (case-sensitive there too; keys are lower-case anyway).
      conflict: (input, exceptId) =>
        db.tooltips.some((row) => row.id !== exceptId && row.key === input.key)
          ? refused(tooltipKeyTaken(input.key))
          : undefined,
    }),
  ];
}
