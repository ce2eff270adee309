import { TOOLTIPS_LIST, type TooltipInput, tooltipInputSchema, tooltipUpdateSchema } from '@portal/contracts';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { createMockTooltips, type MockTooltip } from './mock-data';
import { apiError, type MockContext } from './mock-http';
import { createInMemoryStore, crudHandlers, protectedHandler } from './mock-resource';

/** /api/tooltips (apps/api modules/tooltips): list, the active ones as { key: text }, read, write, delete. */
export function tooltipsHandlers(context: MockContext): HttpHandler[] {
  const store = createInMemoryStore<MockTooltip, TooltipInput>(createMockTooltips(), {
    missing: (id) => `No tooltip ${id}`,
    newId: context.newId,
    stamped: true,
    rules: {
      // The API's unique key (case-sensitive there too; keys are lower-case anyway).
      conflict: (input, rows, exceptId) =>
        rows.some((row) => row.id !== exceptId && row.key === input.key)
          ? apiError(409, 'TOOLTIP_KEY_TAKEN', `A tooltip with the key '${input.key}' exists already`)
          : undefined,
    },
  });
  return [
    // Before /api/tooltips/:id, which would read 'active' as an id.
    http.get(
      '/api/tooltips/active',
      protectedHandler(context.delayMs, async () => {
        const active = store.rows
          .filter((row) => row.active)
          .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
        return HttpResponse.json(Object.fromEntries(active.map((row) => [row.key, row.text])));
      }),
    ),
    ...crudHandlers(context, {
      path: '/api/tooltips',
      store,
      list: TOOLTIPS_LIST,
      inputSchema: tooltipInputSchema,
      updateSchema: tooltipUpdateSchema,
      toDto: (row) => row,
    }),
  ];
}
