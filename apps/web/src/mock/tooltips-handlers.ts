import { type TooltipInput, tooltipsApi } from '@portal/contracts';
import type { HttpHandler } from 'msw';
import { createMockTooltips, type MockTooltip } from './mock-data';
import { apiError, type MockContext } from './mock-http';
import { createInMemoryStore, crudHandlers } from './mock-resource';
import { mockRoute } from './mock-route';

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
    mockRoute(context, tooltipsApi.active, async () => {
      const active = store.rows
        .filter((row) => row.active)
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      return Object.fromEntries(active.map((row) => [row.key, row.text]));
    }),
    ...crudHandlers(context, tooltipsApi, store, (row) => row),
  ];
}
