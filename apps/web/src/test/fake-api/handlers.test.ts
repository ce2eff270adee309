import { STAGES } from '@portal/contracts';
import { getResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MOCK_DELAY_MS } from '../../mock/mock-mode';
import { createMockContext, createMockHandlers } from './handlers';
import { linksHandlers } from './links-handlers';
import type { MockContext } from './mock-http';
import { organisationsHandlers } from './organisations-handlers';

const server = setupServer();
let context: MockContext;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// A fresh demo world for every test; no delay except where the delay is the subject.
beforeEach(() => {
  context = createMockContext({ delayMs: 0 });
  server.resetHandlers(...linksHandlers(context), ...organisationsHandlers(context));
});
afterAll(() => server.close());

const ADMIN = { authorization: 'Bearer mock.ADMIN' };
const FOOTER = '/links/footer-links';
const EMVO = 'a1000000-0000-4000-8000-000000000001';
const PRIVACY = 'a1000000-0000-4000-8000-000000000002';
const HELP = 'a1000000-0000-4000-8000-000000000004';
const UNKNOWN = 'a1000000-0000-4000-8000-000000000099';

async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(new URL(path, location.origin), init);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

const send = (method: string, path: string, body: unknown, headers: Record<string, string> = ADMIN) =>
  call(path, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const labels = (body: unknown) => (body as Array<{ label: string }>).map((link) => link.label);
/** Help desk, hidden from visitors. */
const hideHelpDesk = () => {
  const help = context.db.links.find((row) => row.id === HELP);
  if (help) help.active = false;
};

describe('links (spec §7 /links/{id})', () => {
  it('GET /links/{id}: the active links of the list, in their order', async () => {
    hideHelpDesk();
    const { status, body } = await call(FOOTER);
    expect(status).toBe(200);
    expect(labels(body)).toEqual(['EMVO', 'Cookie policy', 'Terms of use']);
    expect((body as unknown[])[0]).toEqual({
      id: EMVO,
      label: 'EMVO',
      link: 'https://emvo-medicines.eu',
      order: 1,
      active: true,
      version: 1,
    });
  });

  it('GET /links/{id} of an unknown list is empty; a malformed id is a field error', async () => {
    expect(await call('/links/nothing-here')).toEqual({ status: 200, body: [] });
    const { status, body } = await call('/links/Not_Valid');
    expect(status).toBe(400);
    expect(body).toEqual([
      { code: 'INVALID_FIELD', field: 'id', message: 'A list id is lower-case letters, digits and -' },
    ]);
  });

  it('GET /links/{id}/{linkId}: one link, inactive ones too; 404 NOT_FOUND otherwise, or in another list', async () => {
    hideHelpDesk();
    expect(await call(`${FOOTER}/${HELP}`)).toMatchObject({ status: 200, body: { active: false } });
    expect(await call(`${FOOTER}/${UNKNOWN}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await call(`/links/header-links/${HELP}`)).toMatchObject({ status: 404 });
  });

  it('POST creates a link (201, version 1, defaults applied) that the list then shows, and audits it', async () => {
    const { status, body } = await send('POST', FOOTER, {
      label: ' Status page ',
      link: 'status.example.com',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      label: 'Status page',
      link: 'status.example.com',
      order: 0,
      active: true,
      version: 1,
    });
    expect(labels((await call(FOOTER)).body)).toEqual([
      'Status page',
      'EMVO',
      'Cookie policy',
      'Terms of use',
      'Help desk',
    ]);
    expect(context.db.links.at(-1)).toMatchObject({ listId: 'footer-links', sortOrder: 0 });
    expect(context.db.auditLog.at(-1)).toMatchObject({
      actor: 'admin@portal.test',
      action: 'CREATE',
      entity: 'link',
      diff: { label: 'Status page', order: 0 },
    });
  });

  it('POST with an invalid body: 400 with one INVALID_FIELD entry per field, nothing created', async () => {
    const { status, body } = await send('POST', FOOTER, { label: '', link: 'not a url', order: -1 });
    expect(status).toBe(400);
    expect(body).toEqual([
      expect.objectContaining({ code: 'INVALID_FIELD', field: 'label' }),
      { code: 'INVALID_FIELD', field: 'link', message: 'Enter a web address such as https://example.com' },
      expect.objectContaining({ code: 'INVALID_FIELD', field: 'order' }),
    ]);
    expect(context.db.links).toHaveLength(4);
  });

  it.each([
    ['unreadable JSON', '{"label":', 'INVALID_JSON'],
    ['an empty body', '', 'BAD_REQUEST'],
  ])('POST with %s: 400 %s', async (_case, raw, code) => {
    expect(await send('POST', FOOTER, raw)).toMatchObject({ status: 400, body: { code } });
  });

  it('writes need a session: 401 UNAUTHORIZED without a bearer token', async () => {
    const input = { label: 'X', link: 'https://x.example' };
    expect(await send('POST', FOOTER, input, {})).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
    expect(await call(`${FOOTER}/${PRIVACY}`, { method: 'DELETE' })).toMatchObject({ status: 401 });
  });

  it('PUT with the current version updates the link, bumps its version and audits the changed fields', async () => {
    const input = { label: 'Privacy', link: 'https://emvo-medicines.eu/privacy', order: 5, active: true };
    const { status, body } = await send('PUT', `${FOOTER}/${PRIVACY}`, { ...input, version: 1 });
    expect(status).toBe(200);
    expect(body).toEqual({ id: PRIVACY, ...input, version: 2 });
    expect(context.db.auditLog.at(-1)).toMatchObject({
      action: 'UPDATE',
      entityId: PRIVACY,
      diff: { label: { from: 'Cookie policy', to: 'Privacy' }, sortOrder: { from: 2, to: 5 } },
    });
  });

  it('PUT with a stale version: 409 VERSION_CONFLICT, and the link keeps the first change', async () => {
    const input = { label: 'First', link: 'https://a.example' };
    await send('PUT', `${FOOTER}/${PRIVACY}`, { ...input, version: 1 });
    const stale = await send('PUT', `${FOOTER}/${PRIVACY}`, { ...input, label: 'Second', version: 1 });
    expect(stale).toMatchObject({
      status: 409,
      body: { code: 'VERSION_CONFLICT', message: expect.any(String) },
    });
    expect(await call(`${FOOTER}/${PRIVACY}`)).toMatchObject({ body: { label: 'First', version: 2 } });
  });

  it('PUT without a version is a field error; PUT of a missing link is 404', async () => {
    const input = { label: 'X', link: 'https://x.example' };
    expect(await send('PUT', `${FOOTER}/${PRIVACY}`, input)).toMatchObject({
      status: 400,
      body: [{ code: 'INVALID_FIELD', field: 'version' }],
    });
    expect(await send('PUT', `${FOOTER}/${UNKNOWN}`, { ...input, version: 1 })).toMatchObject({
      status: 404,
    });
  });

  it('DELETE removes the link (204), then it is gone (404)', async () => {
    const removed = await call(`${FOOTER}/${PRIVACY}`, { method: 'DELETE', headers: ADMIN });
    expect(removed).toEqual({ status: 204, body: undefined });
    expect(labels((await call(FOOTER)).body)).toEqual(['EMVO', 'Terms of use', 'Help desk']);
    expect(context.db.auditLog.at(-1)).toMatchObject({ action: 'DELETE', diff: { label: 'Cookie policy' } });
    expect(await call(`${FOOTER}/${PRIVACY}`, { method: 'DELETE', headers: ADMIN })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
  });

  it('GET /links/{id}/all: every link, inactive ones too, by order then label; needs a session', async () => {
    hideHelpDesk();
    await send('POST', FOOTER, { label: 'Accessibility', link: 'https://a.example', order: 2 });
    const { status, body } = await call(`${FOOTER}/all`, { headers: ADMIN });
    expect(status).toBe(200);
    expect(labels(body)).toEqual(['EMVO', 'Accessibility', 'Cookie policy', 'Terms of use', 'Help desk']);
    expect((body as Array<{ id: string; active: boolean }>).at(-1)).toMatchObject({
      id: HELP,
      active: false,
    });
    expect(await call('/links/nothing-here/all', { headers: ADMIN })).toEqual({ status: 200, body: [] });
    expect(await call(`${FOOTER}/all`)).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
  });

  it('a linkId that is not a UUID is a field error', async () => {
    expect(await call(`${FOOTER}/42`)).toMatchObject({ status: 400, body: [{ field: 'linkId' }] });
  });
});

interface Page {
  items: Array<{ id: string; obpNumber: string; stage: string; legalName: string; mahCount: number }>;
  page: number;
  limit: number;
  total: number;
  totalEstimated: boolean;
}

const organisations = async (query: string) => {
  const { status, body } = await call(`/api/organisations?${query}`, { headers: ADMIN });
  return { status, body: body as Page };
};

describe('GET /api/organisations over the demo world', () => {
  it('answers the first page of 20 with the exact total, each row as the list summary', async () => {
    const { status, body } = await organisations('');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      page: 1,
      limit: 20,
      total: context.db.organisations.length,
      totalEstimated: false,
    });
    expect(body.items).toHaveLength(20);
    const row = context.db.organisations.find((it) => it.id === body.items[0]?.id);
    expect(body.items[0]).toEqual({
      id: row?.id,
      obpNumber: row?.obpNumber,
      legalName: row?.legalName,
      orgType: row?.orgType,
      email: row?.email,
      address: { city: row?.city, country: row?.country },
      stage: row?.stage,
      legitimacyStatus: row?.legitimacyStatus,
      contractualStatus: row?.contractualStatus,
      financialStatus: row?.financialStatus,
      mahCount: row?.mahCount,
      submittedAt: row?.submittedAt,
      createdAt: row?.createdAt,
      version: row?.version,
    });
  });

  it('filters, sorts and pages together; every stage is there', async () => {
    for (const stage of STAGES) {
      expect(
        context.db.organisations.some((row) => row.stage === stage),
        stage,
      ).toBe(true);
    }
    const information = context.db.organisations.filter((row) => row.stage === 'INFORMATION');
    const { body } = await organisations('stage=INFORMATION&order=obpNumber&limit=1&page=2');
    expect(body.total).toBe(information.length);
    expect(body.items.map((row) => row.obpNumber)).toEqual([
      information.map((row) => row.obpNumber).sort()[1],
    ]);
  });

  it('sorts descending by a minus key', async () => {
    const { body } = await organisations('order=-mahCount,obpNumber&limit=100');
    const counts = body.items.map((row) => row.mahCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('shows what a company wrote: the store is the one truth', async () => {
    const [first] = context.db.organisations;
    if (!first) throw new Error('no demo organisation');
    first.legalName = 'Boreal Pharma';
    const { body } = await organisations('search=boreal');
    expect(body.items.map((row) => row.id)).toEqual([first.id]);
  });

  it.each([
    ['an unknown field', 'colour=red', 'UNKNOWN_FIELD'],
    ['an unknown sort key', 'order=colour', 'INVALID_ORDER'],
    ['a limit above 100', 'limit=101', 'INVALID_LIMIT'],
  ])('answers 400 with a code for %s', async (_case, query, code) => {
    const { status, body } = await organisations(query);
    expect(status).toBe(400);
    expect(body).toEqual({ code, message: expect.any(String) });
  });

  it('needs a session: 401 without a bearer token', async () => {
    expect(await call('/api/organisations')).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
  });
});

describe('what is not mocked, and the delay', () => {
  it('lets translations through to the real files', async () => {
    const response = await getResponse(
      createMockHandlers(),
      new Request(new URL('/assets/i18n/en.json', location.origin)),
    );
    expect(response?.headers.get('x-msw-intention')).toBe('passthrough');
  });

  it(`delays every mocked answer ${MOCK_DELAY_MS} ms (spec §9)`, async () => {
    server.resetHandlers(...createMockHandlers());
    const started = performance.now();
    const { status } = await call(FOOTER);
    expect(status).toBe(200);
    // A little slack below: timers may fire a millisecond early.
    expect(performance.now() - started).toBeGreaterThanOrEqual(MOCK_DELAY_MS - 5);
  });
});
