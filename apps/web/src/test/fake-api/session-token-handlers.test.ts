import type { SessionTokenRow } from '@portal/contracts';
import { SESSION_TOKEN_LIFETIME_MS } from '@portal/domain';
import type { ListPage } from '@portal/list-query';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockToken } from '../../mock/mock-accounts';
import { createMockContext } from './handlers';
import type { MockDb } from './mock-db';
import type { MockContext } from './mock-http';
import { sessionTokenHandlers } from './review-handlers';

const NOW = new Date('2026-10-05T10:00:00Z');
const HOUR = 3_600_000;
const ME = 'reviewer@portal.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
let clock = NOW;
let context: MockContext;
type Token = MockDb['sessionTokens'][number];
/** The demo world's tokens are all requested: one is issued 2 h ago, one 30 h ago (so expired), one cancelled. */
let issued: Token;
let expired: Token;
beforeEach(() => {
  clock = NOW;
  context = createMockContext({ delayMs: 0, now: () => clock });
  const [first, second, third] = context.db.sessionTokens;
  if (!first || !second || !third) throw new Error('The demo world has too few tokens');
  const issue = (token: Token, hoursAgo: number) => {
    const at = NOW.getTime() - hoursAgo * HOUR;
    const times = {
      issuedAt: new Date(at).toISOString(),
      expiresAt: new Date(at + SESSION_TOKEN_LIFETIME_MS).toISOString(),
    };
    return Object.assign(token, {
      status: 'ISSUED',
      issuedBy: ME,
      ...times,
      value: 'a-value-of-16-chars',
      version: 2,
    });
  };
  issued = issue(first, 2);
  expired = issue(second, 30);
  Object.assign(third, {
    status: 'CANCELLED',
    cancelledBy: ME,
    cancelledAt: NOW.toISOString(),
    cancelReason: 'Wrong',
    version: 2,
  });
  server.resetHandlers(...sessionTokenHandlers(context));
});
afterAll(() => server.close());

const AUTH = { authorization: `Bearer ${mockToken('EMVO')}` };

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

/** The first row in a status. */
async function first(status: string): Promise<SessionTokenRow> {
  const row = (await list(`status=${status}&limit=100`)).body.items[0];
  if (!row) throw new Error(`No token ${status}`);
  return row;
}

describe('mock mode: /api/session-tokens (apps/api modules/session-tokens, over db.sessionTokens)', () => {
  it('lists every token oldest first with its company, EXPIRED computed, never the value', async () => {
    const page = await list('limit=100');
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(context.db.sessionTokens.length);
    const times = page.body.items.map((row) => row.requestedAt);
    expect(times).toEqual([...times].sort());
    const row = page.body.items.find((item) => item.id === issued.id);
    const organisation = context.db.organisations.find((item) => item.id === issued.organisationId);
    expect(row).toMatchObject({
      status: 'ISSUED',
      obpNumber: organisation?.obpNumber,
      legalName: organisation?.legalName,
    });
    // Expired is computed: the stored token is still ISSUED.
    expect((await first('EXPIRED')).id).toBe(expired.id);
    expect(expired.status).toBe('ISSUED');
    expect(page.body.items.every((item) => !('value' in item))).toBe(true);
  });

  it('filters by environment and searches company numbers', async () => {
    const prd = await list('environment=PRD&limit=100');
    expect(prd.body.items.length).toBeGreaterThan(0);
    expect(prd.body.items.every((row) => row.environment === 'PRD')).toBe(true);
    const found = await list(`search=${(await first('CANCELLED')).obpNumber}`);
    expect(found.body.items.map((row) => row.status)).toEqual(['CANCELLED']);
    expect((await list('status=BOGUS')).status).toBe(400);
  });

  it('issues a requested token: ISSUED by the caller for 24 h, its value kept, an audit row; a second issue 409', async () => {
    const token = await first('REQUESTED');
    const answer = await post(token.id, 'issue', { value: 'mock-value-0123456789', version: 1 });
    expect(answer).toMatchObject({ status: 200, body: { status: 'ISSUED', issuedBy: ME, version: 2 } });
    expect(Date.parse(answer.body.expiresAt ?? '') - Date.parse(answer.body.issuedAt ?? '')).toBe(
      SESSION_TOKEN_LIFETIME_MS,
    );
    expect(context.db.sessionTokens.find((row) => row.id === token.id)).toMatchObject({
      value: 'mock-value-0123456789',
      updatedBy: ME,
    });
    expect(context.db.auditLog).toEqual([
      expect.objectContaining({ action: 'ISSUE_SESSION_TOKEN', entityId: token.id, actor: ME }),
    ]);
    expect(JSON.stringify(context.db.auditLog)).not.toContain('mock-value-0123456789');
    expect(await post(token.id, 'issue', { value: 'mock-value-0123456789', version: 2 })).toMatchObject({
      status: 409,
      body: {
        code: 'TOKEN_NOT_REQUESTED',
        message: 'This session token is issued: only a requested token is issued',
      },
    });
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

  it('cancels with a reason (trimmed), wiping the value; refuses an expired token, a blank reason and a stale version', async () => {
    expect((await post(issued.id, 'cancel', { reason: '   ', version: 2 })).status).toBe(400);
    expect((await post(issued.id, 'cancel', { reason: 'Late', version: 1 })).body.code).toBe(
      'VERSION_CONFLICT',
    );
    const cancelled = await post(issued.id, 'cancel', { reason: ' Leaked ', version: 2 });
    expect(cancelled.body).toMatchObject({
      status: 'CANCELLED',
      cancelReason: 'Leaked',
      cancelledBy: ME,
      version: 3,
    });
    expect(issued.value).toBeNull();
    expect(await post(expired.id, 'cancel', { reason: 'Old', version: 2 })).toMatchObject({
      status: 409,
      body: { code: 'TOKEN_NOT_CANCELLABLE' },
    });
  });

  it('answers 401 without a session and 404 for an unknown token', async () => {
    expect((await fetch(new URL('/api/session-tokens', location.origin))).status).toBe(401);
    const unknown = await post('00000000-0000-4000-8000-000000000000', 'cancel', { reason: 'x', version: 1 });
    expect(unknown.status).toBe(404);
  });
});
