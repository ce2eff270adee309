import { tooltipsApi } from '@portal/contracts';
import type { HttpHandler } from 'msw';
import { apiError, type MockContext } from './mock-http';
import { crudHandlers, tableRef } from './mock-resource';
import { mockRoute } from './mock-route';

/** /api/tooltips (apps/api modules/tooltips): list, the active ones as { key: text }, read, write, delete. */
export function tooltipsHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    // Before /api/tooltips/:id, which would read 'active' as an id.
    mockRoute(context, tooltipsApi.active, async () => {
      const active = db.tooltips.filter((row) => row.active).map((row) => [row.key, row.text] as const);
      return Object.fromEntries(active.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }),
    ...crudHandlers(context, tooltipsApi, tableRef('tooltips', 'tooltip', 'tooltip'), {
      toDto: (row) => row,
      // The API's unique key (case-sensitive there too; keys are lower-case anyway).
      conflict: (input, exceptId) =>
        db.tooltips.some((row) => row.id !== exceptId && row.key === input.key)
          ? apiError(409, 'TOOLTIP_KEY_TAKEN', `A tooltip with the key '${input.key}' exists already`)
          : undefined,
    }),
  ];
}
