import type { SessionTokenRow } from '@portal/contracts';
import { SESSION_TOKEN_LIFETIME_MS } from '@portal/domain';
import type { ListPage } from '@portal/list-query';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockSessionTokens, sessionTokenHandlers } from './session-token-handlers';

const NOW = new Date('2026-06-15T10:00:00Z');
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
let clock = NOW;
beforeEach(() => {
  clock = NOW;
  server.resetHandlers(...sessionTokenHandlers({ delayMs: 0, newId: () => 'unused' }, { now: () => clock }));
});
afterAll(() => server.close());

const AUTH = { authorization: 'Bearer mock-token' };

async function call<T>(path: string, init: RequestInit = {}) {
  const response = await fetch(new URL(path, location.origin), {
    ...init,
    headers: { ...AUTH, 'content-type': 'application/json', ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as T & { code?: string } };
}
const list = (query = '') =>
  call<ListPage<SessionTokenRow>>(`/api/session-tokens${query ? `?${query}` : ''}`);
const post = (id: string, step: 'issue' | 'cancel', body: unknown) =>
  call<SessionTokenRow>(`/api/session-tokens/${id}/${step}`, { method: 'POST', body: JSON.stringify(body) });

/** The first demo row in a status. */
async function first(status: string): Promise<SessionTokenRow> {
  const row = (await list(`status=${status}&limit=100`)).body.items[0];
  if (!row) throw new Error(`No demo token ${status}`);
  return row;
}

describe('mock mode: /api/session-tokens (apps/api modules/session-tokens)', () => {
  it('lists the demo tokens oldest first, every status represented, EXPIRED computed', async () => {
    const page = await list('limit=100');
    expect(page.status).toBe(200);
    const times = page.body.items.map((row) => row.requestedAt);
    expect(times).toEqual([...times].sort());
    expect(new Set(page.body.items.map((row) => row.status))).toEqual(
      new Set(['REQUESTED', 'ISSUED', 'EXPIRED', 'CANCELLED']),
    );
    // Expired is computed: the stored token is still ISSUED.
    const expired = await first('EXPIRED');
    const stored = createMockSessionTokens(NOW).find((token) => token.id === expired.id);
    expect(stored?.status).toBe('ISSUED');
    expect(page.body.items.every((row) => !('value' in row))).toBe(true);
  });

  it('filters by environment and searches company names', async () => {
    const prd = await list('environment=PRD&limit=100');
    expect(prd.body.items.length).toBeGreaterThan(0);
    expect(prd.body.items.every((row) => row.environment === 'PRD')).toBe(true);
    const [some] = (await list()).body.items;
    const found = await list(`search=${encodeURIComponent(some?.obpNumber ?? '')}`);
    expect(found.body.items.map((row) => row.id)).toContain(some?.id);
    expect((await list('status=BOGUS')).status).toBe(400);
  });

  it('issues a requested token: ISSUED for 24 h, version + 1; a second issue 409 TOKEN_NOT_REQUESTED', async () => {
    const token = await first('REQUESTED');
    const issued = await post(token.id, 'issue', { value: 'mock-value-0123456789', version: token.version });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ status: 'ISSUED', version: token.version + 1 });
    expect(Date.parse(issued.body.expiresAt ?? '') - Date.parse(issued.body.issuedAt ?? '')).toBe(
      SESSION_TOKEN_LIFETIME_MS,
    );
    const again = await post(token.id, 'issue', {
      value: 'mock-value-0123456789',
      version: token.version + 1,
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'TOKEN_NOT_REQUESTED' } });
    // A day later, it reads EXPIRED.
    clock = new Date(NOW.getTime() + SESSION_TOKEN_LIFETIME_MS);
    expect((await list('status=EXPIRED&limit=100')).body.items.map((row) => row.id)).toContain(token.id);
  });

  it.each([
    ['too short', 'a'.repeat(15)],
    ['too long', 'a'.repeat(513)],
    ['with a space', 'abcdefgh ijklmnopq'],
  ])('refuses a value %s (400)', async (_name, value) => {
    const token = await first('REQUESTED');
    expect((await post(token.id, 'issue', { value, version: token.version })).status).toBe(400);
  });

  it('cancels with a reason (trimmed); refuses an expired token, a blank reason and a stale version', async () => {
    const token = await first('ISSUED');
    expect((await post(token.id, 'cancel', { reason: '   ', version: token.version })).status).toBe(400);
    expect((await post(token.id, 'cancel', { reason: 'Late', version: token.version - 1 })).body.code).toBe(
      'VERSION_CONFLICT',
    );
    const cancelled = await post(token.id, 'cancel', { reason: ' Leaked ', version: token.version });
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', cancelReason: 'Leaked' });
    const expired = await first('EXPIRED');
    expect((await post(expired.id, 'cancel', { reason: 'Old', version: expired.version })).body.code).toBe(
      'TOKEN_NOT_CANCELLABLE',
    );
  });

  it('answers 401 without a session and 404 for an unknown token', async () => {
    const response = await fetch(new URL('/api/session-tokens', location.origin));
    expect(response.status).toBe(401);
    const unknown = await post('00000000-0000-4000-8000-000000000000', 'cancel', { reason: 'x', version: 1 });
    expect(unknown.status).toBe(404);
  });
});
