import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewaysHandlers, tooltipsHandlers } from './admin-handlers';
import { createMockContext } from './handlers';
import type { MockContext } from './mock-http';

const server = setupServer();
let context: MockContext;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// A fresh demo world for every test.
beforeEach(() => {
  context = createMockContext({ delayMs: 0, now: () => new Date('2026-06-15T10:00:00Z') });
  server.resetHandlers(...gatewaysHandlers(context), ...tooltipsHandlers(context));
});
afterAll(() => server.close());

const ADMIN = { authorization: 'Bearer mock.ADMIN' };
const UNKNOWN = 'c1000000-0000-4000-8000-000000000099';

async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(new URL(path, location.origin), { headers: ADMIN, ...init });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

const send = (method: string, path: string, body: unknown, headers: Record<string, string> = ADMIN) =>
  call(path, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const remove = (path: string) => call(path, { method: 'DELETE' });
const lastAudit = () => context.db.auditLog.at(-1);

interface Page<T> {
  items: T[];
  total: number;
}

interface GatewayRow {
  id: string;
  name: string;
  environments: string[];
  certified: boolean;
  active: boolean;
  inUse: boolean;
  organisationCount: number;
  version: number;
}

const GATEWAYS = '/api/gateways';
/** Movilitas: the demo companies chose it most, so it cannot be deleted. */
const IN_USE = 'c1000000-0000-4000-8000-000000000003';
/** Tracelink: nobody chose it. */
const UNUSED = 'c1000000-0000-4000-8000-000000000004';

const gatewayPage = async (query: string) => {
  const { status, body } = await call(`${GATEWAYS}?${query}`);
  return { status, body: body as Page<GatewayRow> };
};
const names = (page: Page<{ name: string }>) => page.items.map((row) => row.name);

const NEW_GATEWAY = {
  name: 'Newport Link',
  type: 'PROVIDER',
  website: 'https://newport.example',
  contactEmail: 'help@newport.example',
  phone: '',
  environments: ['PRD', 'IQE'],
  certified: true,
  certifiedAt: '2026-01-31',
  active: true,
  notes: null,
};

describe('GET /api/gateways over the demo world', () => {
  it('answers the first page by name, each with the organisations that chose it', async () => {
    const { status, body } = await gatewayPage('');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      page: 1,
      limit: 20,
      total: context.db.gateways.length,
      totalEstimated: false,
    });
    const all = names(body);
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b, 'en')));
    const chosen = context.db.organisations.filter((row) => row.gatewayId === IN_USE).length;
    expect(chosen).toBeGreaterThan(1);
    expect((await call(`${GATEWAYS}/${IN_USE}`)).body).toMatchObject({
      inUse: true,
      organisationCount: chosen,
    });
    expect((await call(`${GATEWAYS}/${UNUSED}`)).body).toMatchObject({ inUse: false, organisationCount: 0 });
  });

  it('counts an organisation that chooses a gateway: the store is the one truth', async () => {
    const company = context.db.organisations[0];
    if (!company) throw new Error('no demo organisation');
    company.gatewayId = UNUSED;
    expect((await call(`${GATEWAYS}/${UNUSED}`)).body).toMatchObject({ inUse: true, organisationCount: 1 });
  });

  it.each([
    ['IQE', (envs: string[]) => envs.includes('IQE')],
    ['PRD', (envs: string[]) => envs.includes('PRD')],
  ])('environments=%s: the gateways offering it', async (value, offers) => {
    const { body } = await gatewayPage(`environments=${value}&limit=100`);
    const expected = context.db.gateways.filter((row) => offers(row.environments)).length;
    expect(expected).toBeGreaterThan(0);
    expect(body.total).toBe(expected);
    expect(body.items.every((row) => offers(row.environments))).toBe(true);
  });

  it('filters by certified and active, sorts descending, searches the name', async () => {
    const { body } = await gatewayPage('certified=false&active=true&order=-name&limit=100');
    expect(body.total).toBe(context.db.gateways.filter((row) => !row.certified && row.active).length);
    expect(body.items.every((row) => !row.certified && row.active)).toBe(true);
    const sorted = names(body);
    expect(sorted).toEqual([...sorted].sort((a, b) => b.localeCompare(a, 'en')));
    expect(names((await gatewayPage('search=TRACEL')).body)).toEqual(['Tracelink']);
  });

  it.each([
    ['an environment the API does not know', 'environments=DEV', 'INVALID_VALUE'],
    ['sorting by environments', 'order=environments', 'INVALID_ORDER'],
    ['an unknown field', 'phone=1', 'UNKNOWN_FIELD'],
  ])('answers 400 for %s', async (_case, query, code) => {
    expect(await gatewayPage(query)).toMatchObject({ status: 400, body: { code } });
  });

  it('needs a session: 401 without a bearer token', async () => {
    expect(await call(GATEWAYS, { headers: {} })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
  });
});

describe('/api/gateways/{id}', () => {
  it('GET one gateway; 404 NOT_FOUND for an unknown id, a field error for a malformed one', async () => {
    expect(await call(`${GATEWAYS}/${UNUSED}`)).toMatchObject({ status: 200, body: { name: 'Tracelink' } });
    expect(await call(`${GATEWAYS}/${UNKNOWN}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await call(`${GATEWAYS}/42`)).toMatchObject({ status: 400, body: [{ field: 'id' }] });
  });

  it('POST creates a gateway (201, version 1, stamped with the caller) and audits its CREATE', async () => {
    const { status, body } = await send('POST', GATEWAYS, NEW_GATEWAY);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: 'Newport Link',
      phone: null,
      environments: ['IQE', 'PRD'],
      certifiedAt: '2026-01-31T00:00:00.000Z',
      inUse: false,
      organisationCount: 0,
      createdBy: 'admin@portal.test',
      updatedAt: '2026-06-15T10:00:00.000Z',
      version: 1,
    });
    const { id } = body as GatewayRow;
    expect(context.db.gateways.some((row) => row.id === id)).toBe(true);
    expect(lastAudit()).toMatchObject({
      actor: 'admin@portal.test',
      action: 'CREATE',
      entity: 'gateway',
      entityId: id,
      diff: { name: 'Newport Link' },
    });
  });

  it('POST checks the API rules (same zod): nothing stored, nothing audited', async () => {
    const { status, body } = await send('POST', GATEWAYS, { ...NEW_GATEWAY, name: 'N', environments: [] });
    expect(status).toBe(400);
    expect(body).toEqual([
      expect.objectContaining({ code: 'INVALID_FIELD', field: 'name' }),
      { code: 'INVALID_FIELD', field: 'environments', message: 'Choose at least one environment' },
    ]);
    expect(await send('POST', GATEWAYS, { ...NEW_GATEWAY, certified: false })).toMatchObject({
      status: 400,
      body: [{ field: 'certifiedAt', message: 'Only a certified gateway has a certification date' }],
    });
    expect(context.db.auditLog).toEqual([]);
  });

  it('POST with a name taken, in any case: 409 GATEWAY_NAME_TAKEN', async () => {
    expect(await send('POST', GATEWAYS, { ...NEW_GATEWAY, name: ' tracelink ' })).toMatchObject({
      status: 409,
      body: { code: 'GATEWAY_NAME_TAKEN' },
    });
  });

  it('PUT at the current version replaces it and bumps the version; deactivating is audited DEACTIVATE', async () => {
    const { status, body } = await send('PUT', `${GATEWAYS}/${UNUSED}`, {
      ...NEW_GATEWAY,
      name: 'Tracelink 2',
      active: false,
      version: 1,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: UNUSED, name: 'Tracelink 2', active: false, version: 2 });
    expect(lastAudit()).toMatchObject({
      action: 'DEACTIVATE',
      entityId: UNUSED,
      diff: { name: { from: 'Tracelink', to: 'Tracelink 2' }, active: { from: true, to: false } },
    });
    const again = await send('PUT', `${GATEWAYS}/${UNUSED}`, { ...NEW_GATEWAY, active: false, version: 2 });
    expect(again.status).toBe(200);
    expect(lastAudit()).toMatchObject({ action: 'UPDATE' });
  });

  it('PUT with a stale version: 409 VERSION_CONFLICT, the first change kept; another gateway’s name: 409', async () => {
    await send('PUT', `${GATEWAYS}/${UNUSED}`, { ...NEW_GATEWAY, name: 'First', version: 1 });
    expect(
      await send('PUT', `${GATEWAYS}/${UNUSED}`, { ...NEW_GATEWAY, name: 'Second', version: 1 }),
    ).toMatchObject({ status: 409, body: { code: 'VERSION_CONFLICT' } });
    expect(await call(`${GATEWAYS}/${UNUSED}`)).toMatchObject({ body: { name: 'First', version: 2 } });
    expect(
      await send('PUT', `${GATEWAYS}/${UNUSED}`, { ...NEW_GATEWAY, name: 'MOVILITAS', version: 2 }),
    ).toMatchObject({ status: 409, body: { code: 'GATEWAY_NAME_TAKEN' } });
    // Its own name, in another case, is no conflict.
    expect(
      await send('PUT', `${GATEWAYS}/${UNUSED}`, { ...NEW_GATEWAY, name: 'FIRST', version: 2 }),
    ).toMatchObject({
      status: 200,
    });
    expect(await send('PUT', `${GATEWAYS}/${UNKNOWN}`, { ...NEW_GATEWAY, version: 1 })).toMatchObject({
      status: 404,
    });
  });

  it('DELETE of a gateway in use: 409 GATEWAY_IN_USE, and it stays', async () => {
    const { status, body } = await remove(`${GATEWAYS}/${IN_USE}`);
    expect(status).toBe(409);
    expect(body).toEqual({ code: 'GATEWAY_IN_USE', message: expect.stringContaining('organisations use') });
    expect(await call(`${GATEWAYS}/${IN_USE}`)).toMatchObject({ status: 200 });
  });

  it('DELETE of an unused gateway: 204 and a DELETE audit row, then 404; a stale version is 409', async () => {
    expect(await remove(`${GATEWAYS}/${UNUSED}?version=2`)).toMatchObject({ status: 409 });
    expect(await remove(`${GATEWAYS}/${UNUSED}?version=1`)).toEqual({ status: 204, body: undefined });
    expect(lastAudit()).toMatchObject({ action: 'DELETE', entityId: UNUSED, diff: { name: 'Tracelink' } });
    expect(await call(`${GATEWAYS}/${UNUSED}`)).toMatchObject({ status: 404 });
    expect(await remove(`${GATEWAYS}/${UNUSED}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('writes need a session: 401 without a bearer token', async () => {
    expect(await send('POST', GATEWAYS, NEW_GATEWAY, {})).toMatchObject({ status: 401 });
    expect(await call(`${GATEWAYS}/${UNUSED}`, { method: 'DELETE', headers: {} })).toMatchObject({
      status: 401,
    });
  });
});

interface TooltipRow {
  id: string;
  key: string;
  text: string;
  active: boolean;
  version: number;
}

const TOOLTIPS = '/api/tooltips';
const VAT_KEY = 'onboarding.company.vatnumber';
const NEW_TOOLTIP = { key: 'admin.tooltip.screen', screen: 'admin', text: 'Where the tooltip shows.' };

const tooltipPage = async (query: string) => {
  const { status, body } = await call(`${TOOLTIPS}?${query}`);
  return { status, body: body as Page<TooltipRow> };
};
const keys = (page: Page<TooltipRow>) => page.items.map((row) => row.key);
const vat = () => {
  const row = context.db.tooltips.find((tooltip) => tooltip.key === VAT_KEY);
  if (!row) throw new Error('no VAT tooltip in the demo world');
  return row;
};

describe('/api/tooltips', () => {
  it('GET lists the demo tooltips by key; filters, searches key and text, sorts', async () => {
    const { status, body } = await tooltipPage('');
    expect(status).toBe(200);
    expect(body.total).toBe(context.db.tooltips.length);
    expect(keys(body)).toEqual(context.db.tooltips.map((row) => row.key).sort());
    expect(keys((await tooltipPage('search=VAT identification')).body)).toEqual([VAT_KEY]);
    expect(keys((await tooltipPage('screen=admin')).body)).toEqual(['admin.gateway.certified']);
    expect(await tooltipPage('order=colour')).toMatchObject({ status: 400, body: { code: 'INVALID_ORDER' } });
  });

  it('GET /active: the active ones as { key: text }, an inactive one left out', async () => {
    vat().active = false;
    const { status, body } = await call(`${TOOLTIPS}/active`);
    expect(status).toBe(200);
    const map = body as Record<string, string>;
    expect(Object.keys(map)).toHaveLength(context.db.tooltips.length - 1);
    expect(map).not.toHaveProperty([VAT_KEY]);
    expect(map['admin.gateway.certified']).toBe('A certified gateway has passed the EMVO connection tests.');
    expect(await call(`${TOOLTIPS}/active`, { headers: {} })).toMatchObject({ status: 401 });
  });

  it('POST creates one (201) that /active then shows; a taken key is 409 TOOLTIP_KEY_TAKEN', async () => {
    const { status, body } = await send('POST', TOOLTIPS, NEW_TOOLTIP);
    expect(status).toBe(201);
    expect(body).toMatchObject({ ...NEW_TOOLTIP, active: true, version: 1 });
    expect(lastAudit()).toMatchObject({
      action: 'CREATE',
      entity: 'tooltip',
      entityId: (body as TooltipRow).id,
    });
    expect((await call(`${TOOLTIPS}/active`)).body).toHaveProperty([NEW_TOOLTIP.key], NEW_TOOLTIP.text);
    expect(await send('POST', TOOLTIPS, { ...NEW_TOOLTIP, key: ` ${VAT_KEY} ` })).toMatchObject({
      status: 409,
      body: { code: 'TOOLTIP_KEY_TAKEN' },
    });
  });

  it('POST checks the API rules: key pattern, screen 2–50, text 1–500', async () => {
    const { status, body } = await send('POST', TOOLTIPS, { key: 'Bad Key', screen: 'a', text: '' });
    expect(status).toBe(400);
    expect(body).toEqual([
      { code: 'INVALID_FIELD', field: 'key', message: 'A key is lower-case letters, digits and dots' },
      expect.objectContaining({ field: 'screen' }),
      expect.objectContaining({ field: 'text' }),
    ]);
  });

  it('PUT deactivates at the current version (then /active leaves it out); a stale version is 409', async () => {
    const path = `${TOOLTIPS}/${vat().id}`;
    const input = { key: VAT_KEY, screen: 'onboarding', text: 'VAT', active: false };
    expect(await send('PUT', path, { ...input, version: 1 })).toMatchObject({
      status: 200,
      body: { active: false, text: 'VAT', version: 2, updatedBy: 'admin@portal.test' },
    });
    expect(lastAudit()).toMatchObject({ action: 'DEACTIVATE', entity: 'tooltip' });
    expect((await call(`${TOOLTIPS}/active`)).body).not.toHaveProperty([VAT_KEY]);
    expect(await send('PUT', path, { ...input, text: 'Second', version: 1 })).toMatchObject({
      status: 409,
      body: { code: 'VERSION_CONFLICT' },
    });
    expect(await send('PUT', path, { ...input, key: 'admin.gateway.certified', version: 2 })).toMatchObject({
      status: 409,
      body: { code: 'TOOLTIP_KEY_TAKEN' },
    });
    expect(vat()).toMatchObject({ text: 'VAT', version: 2 });
  });

  it('DELETE removes one (204), then 404', async () => {
    const path = `${TOOLTIPS}/${vat().id}`;
    const before = context.db.tooltips.length;
    expect(await remove(path)).toEqual({ status: 204, body: undefined });
    expect(context.db.tooltips).toHaveLength(before - 1);
    expect(await call(path)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await remove(path)).toMatchObject({ status: 404 });
  });
});
