import { eventsApi, eventTicketSchema, PRESENCE_TTL_MS, pathOf, presenceApi } from '@portal/contracts';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockToken } from '../../mock/mock-accounts';
import { createMockContext } from './handlers';
import { liveHandlers } from './live-handlers';
import type { MockContext } from './mock-http';

const NOW = new Date('2026-04-05T10:00:00Z');
const UNKNOWN = 'c9999999-0000-4000-8000-000000000000';
const server = setupServer();
let clock = NOW;
let context: MockContext;
let checkId = '';
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  clock = NOW;
  context = createMockContext({ delayMs: 0, now: () => clock });
  checkId = context.db.checks[0]?.id ?? '';
  server.resetHandlers(...liveHandlers(context));
});
afterAll(() => server.close());

async function call(method: string, path: string, role = 'EMVO' as const) {
  const response = await fetch(new URL(path, location.origin), {
    method,
    headers: { authorization: `Bearer ${mockToken(role)}` },
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

describe('issue 25 in mock mode', () => {
  it('a ticket opens one stream, which says `ready` and stays open; a used ticket opens none', async () => {
    const { status, body } = await call('POST', pathOf(eventsApi.ticket));
    expect(status).toBe(201);
    const { ticket, expiresAt } = eventTicketSchema.parse(body);
    expect(expiresAt).toBe('2026-04-05T10:01:00.000Z');
    const url = new URL(`${pathOf(eventsApi.stream)}?ticket=${ticket}`, location.origin);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toBe('event: ready\ndata: {"lastEventId":null}\n\n');
    // Not awaited: msw's interceptor waits for the never-ending source before it settles the cancel.
    void reader?.cancel().catch(() => {});
    expect((await fetch(url)).status).toBe(401);
  });

  it('presence: announcing answers the viewers, the caller among them, until they leave or expire', async () => {
    const path = pathOf(presenceApi.announce, { id: checkId });
    expect((await call('GET', path)).body).toEqual({ viewers: [] });
    const viewing = {
      viewers: [
        {
          viewer: 'reviewer@portal.test',
          viewerName: 'Rita Reviewer',
          expiresAt: new Date(NOW.getTime() + PRESENCE_TTL_MS).toISOString(),
        },
      ],
    };
    expect(await call('POST', path)).toEqual({ status: 200, body: viewing });
    expect((await call('GET', path)).body).toEqual(viewing);
    clock = new Date(NOW.getTime() + PRESENCE_TTL_MS);
    expect((await call('GET', path)).body).toEqual({ viewers: [] });
    await call('POST', path);
    expect(await call('DELETE', path)).toEqual({ status: 204, body: undefined });
    expect((await call('GET', path)).body).toEqual({ viewers: [] });
  });

  it('an unknown check answers 404, as at the API', async () => {
    const path = pathOf(presenceApi.announce, { id: UNKNOWN });
    expect((await call('POST', path)).status).toBe(404);
    expect((await call('GET', path)).status).toBe(404);
    expect((await call('DELETE', path)).status).toBe(404);
  });
});
