import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockHandlers } from './handlers';
import { createMockGateways, createMockTooltips, MOCK_GATEWAY_CHOICES } from './mock-data';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Fresh demo data for every test.
beforeEach(() => server.resetHandlers(...createMockHandlers({ delayMs: 0 })));
afterAll(() => server.close());

const ADMIN = { authorization: 'Bearer mock-token' };
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
const DEMO_GATEWAYS = createMockGateways();
/** Aurora Connect: chosen by organisations, so it cannot be deleted. */
const IN_USE = 'c1000000-0000-4000-8000-000000000001';
/** Falcon Gateway: nobody chose it. */
const UNUSED = 'c1000000-0000-4000-8000-000000000006';

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

describe('GET /api/gateways over the demo rows', () => {
  it('has about 25 gateways: every type, both environments, certified or not, active or not', () => {
    expect(DEMO_GATEWAYS.length).toBe(25);
    expect(new Set(DEMO_GATEWAYS.map((row) => row.type))).toEqual(
      new Set(['EMVO_GATEWAY', 'PROVIDER', 'OWN_CONNECTION']),
    );
    expect(new Set(DEMO_GATEWAYS.map((row) => row.environments.join(',')))).toEqual(
      new Set(['IQE,PRD', 'IQE', 'PRD']),
    );
    expect(new Set(DEMO_GATEWAYS.map((row) => row.certified))).toEqual(new Set([true, false]));
    expect(new Set(DEMO_GATEWAYS.map((row) => row.active))).toEqual(new Set([true, false]));
    // domain.md: a certified gateway has its certification date, and only then.
    expect(DEMO_GATEWAYS.every((row) => row.certified === (row.certifiedAt !== null))).toBe(true);
  });

  it('answers the first page by name, with inUse and organisationCount', async () => {
    const { status, body } = await gatewayPage('');
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 1, limit: 20, total: 25, totalEstimated: false });
    const all = names(body);
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b, 'en')));
    expect(body.items[0]).toMatchObject({ id: IN_USE, name: 'Aurora Connect', inUse: true });
    expect(body.items[0]?.organisationCount).toBe(
      [...MOCK_GATEWAY_CHOICES.values()].filter((id) => id === IN_USE).length,
    );
    expect(body.items.find((row) => row.id === UNUSED)).toMatchObject({ inUse: false, organisationCount: 0 });
  });

  it.each([
    ['IQE', (envs: string[]) => envs.includes('IQE')],
    ['PRD', (envs: string[]) => envs.includes('PRD')],
    ['IQE,PRD', (envs: string[]) => envs.includes('IQE') && envs.includes('PRD')],
  ])('environments=%s: the gateways offering it (all of them)', async (value, offers) => {
    const { body } = await gatewayPage(`environments=${value}&limit=100`);
    const expected = DEMO_GATEWAYS.filter((row) => offers(row.environments)).length;
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(25);
    expect(body.total).toBe(expected);
    expect(body.items.every((row) => offers(row.environments))).toBe(true);
  });

  it('environments.not=PRD: the IQE-only gateways', async () => {
    const { body } = await gatewayPage('environments.not=PRD&limit=100');
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.every((row) => row.environments.join() === 'IQE')).toBe(true);
  });

  it('filters by certified and active, sorts descending, searches name, website and email', async () => {
    const { body } = await gatewayPage('certified=false&active=true&order=-name&limit=100');
    expect(body.total).toBe(DEMO_GATEWAYS.filter((row) => !row.certified && row.active).length);
    expect(body.items.every((row) => !row.certified && row.active)).toBe(true);
    const sorted = names(body);
    expect(sorted).toEqual([...sorted].sort((a, b) => b.localeCompare(a, 'en')));
    expect(names((await gatewayPage('search=FALCON')).body)).toEqual(['Falcon Gateway']);
    expect(names((await gatewayPage('search=support@zenith')).body)).toEqual(['Zenith Gateway']);
  });

  it.each([
    ['an environment the API does not know', 'environments=DEV', 'INVALID_VALUE'],
    ['an operator environments does not take', 'environments.starts=IQ', 'INVALID_FILTER_TYPE'],
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
    expect(await call(`${GATEWAYS}/${UNUSED}`)).toMatchObject({
      status: 200,
      body: { id: UNUSED, name: 'Falcon Gateway', inUse: false },
    });
    expect(await call(`${GATEWAYS}/${UNKNOWN}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await call(`${GATEWAYS}/42`)).toMatchObject({ status: 400, body: [{ field: 'id' }] });
  });

  it('POST creates a gateway (201, version 1, environments in their order, blanks as null) that the list shows', async () => {
    const { status, body } = await send('POST', GATEWAYS, NEW_GATEWAY);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: 'Newport Link',
      phone: null,
      environments: ['IQE', 'PRD'],
      certifiedAt: '2026-01-31T00:00:00.000Z',
      inUse: false,
      organisationCount: 0,
      version: 1,
    });
    const { id } = body as GatewayRow;
    expect(await call(`${GATEWAYS}/${id}`)).toMatchObject({ status: 200, body: { name: 'Newport Link' } });
    expect((await gatewayPage('search=newport')).body.total).toBe(1);
  });

  it('POST checks the API rules: name 2–100, environments non-empty and known, certifiedAt iff certified', async () => {
    const { status, body } = await send('POST', GATEWAYS, {
      ...NEW_GATEWAY,
      name: 'N',
      environments: [],
      certifiedAt: null,
    });
    expect(status).toBe(400);
    expect(body).toEqual([
      expect.objectContaining({ code: 'INVALID_FIELD', field: 'name' }),
      { code: 'INVALID_FIELD', field: 'environments', message: 'Choose at least one environment' },
      // As at the API (same zod): the certification rule reports alongside the field errors.
      {
        code: 'INVALID_FIELD',
        field: 'certifiedAt',
        message: 'A certified gateway needs its certification date',
      },
    ]);
    expect(await send('POST', GATEWAYS, { ...NEW_GATEWAY, environments: ['DEV'] })).toMatchObject({
      status: 400,
      body: [{ field: 'environments.0' }],
    });
    expect(await send('POST', GATEWAYS, { ...NEW_GATEWAY, certifiedAt: '' })).toEqual({
      status: 400,
      body: [
        {
          code: 'INVALID_FIELD',
          field: 'certifiedAt',
          message: 'A certified gateway needs its certification date',
        },
      ],
    });
    expect(await send('POST', GATEWAYS, { ...NEW_GATEWAY, certified: false })).toMatchObject({
      status: 400,
      body: [{ field: 'certifiedAt', message: 'Only a certified gateway has a certification date' }],
    });
    expect((await gatewayPage('')).body.total).toBe(25);
  });

  it('POST with a name taken, in any case: 409 GATEWAY_NAME_TAKEN', async () => {
    expect(await send('POST', GATEWAYS, { ...NEW_GATEWAY, name: ' aurora CONNECT ' })).toMatchObject({
      status: 409,
      body: { code: 'GATEWAY_NAME_TAKEN' },
    });
  });

  it('PUT with the current version replaces the gateway and bumps its version; deactivating is active false', async () => {
    const current = (await call(`${GATEWAYS}/${UNUSED}`)).body as GatewayRow;
    const { status, body } = await send('PUT', `${GATEWAYS}/${UNUSED}`, {
      ...NEW_GATEWAY,
      name: 'Falcon Gateway 2',
      active: false,
      version: current.version,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: UNUSED,
      name: 'Falcon Gateway 2',
      active: false,
      version: current.version + 1,
    });
    expect(await call(`${GATEWAYS}/${UNUSED}`)).toMatchObject({ body: { name: 'Falcon Gateway 2' } });
  });

  it('PUT with a stale version: 409 VERSION_CONFLICT, the first change kept; another gateway’s name: 409', async () => {
    const { version } = (await call(`${GATEWAYS}/${UNUSED}`)).body as GatewayRow;
    await send('PUT', `${GATEWAYS}/${UNUSED}`, { ...NEW_GATEWAY, name: 'First', version });
    expect(
      await send('PUT', `${GATEWAYS}/${UNUSED}`, { ...NEW_GATEWAY, name: 'Second', version }),
    ).toMatchObject({
      status: 409,
      body: { code: 'VERSION_CONFLICT' },
    });
    expect(await call(`${GATEWAYS}/${UNUSED}`)).toMatchObject({
      body: { name: 'First', version: version + 1 },
    });
    expect(
      await send('PUT', `${GATEWAYS}/${UNUSED}`, {
        ...NEW_GATEWAY,
        name: 'ZENITH gateway',
        version: version + 1,
      }),
    ).toMatchObject({ status: 409, body: { code: 'GATEWAY_NAME_TAKEN' } });
    // Its own name, in another case, is no conflict.
    expect(
      await send('PUT', `${GATEWAYS}/${UNUSED}`, { ...NEW_GATEWAY, name: 'FIRST', version: version + 1 }),
    ).toMatchObject({ status: 200 });
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

  it('DELETE of an unused gateway: 204, then 404', async () => {
    expect(await remove(`${GATEWAYS}/${UNUSED}`)).toEqual({ status: 204, body: undefined });
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
const DEMO_TOOLTIPS = createMockTooltips();
const VAT = DEMO_TOOLTIPS.find((row) => row.key === 'onboarding.company.vatnumber');
const NEW_TOOLTIP = { key: 'admin.tooltip.screen', screen: 'admin', text: 'Where the tooltip shows.' };

const tooltipPage = async (query: string) => {
  const { status, body } = await call(`${TOOLTIPS}?${query}`);
  return { status, body: body as Page<TooltipRow> };
};
const keys = (page: Page<TooltipRow>) => page.items.map((row) => row.key);

describe('/api/tooltips', () => {
  it('has about ten demo tooltips, one inactive among them', () => {
    expect(DEMO_TOOLTIPS.length).toBe(10);
    expect(DEMO_TOOLTIPS.filter((row) => !row.active)).toHaveLength(1);
    expect(VAT).toBeDefined();
    expect(DEMO_TOOLTIPS.some((row) => row.key === 'admin.gateway.certified')).toBe(true);
  });

  it('GET lists them by key; filters, searches key and text, sorts', async () => {
    const { status, body } = await tooltipPage('');
    expect(status).toBe(200);
    expect(body.total).toBe(10);
    expect(keys(body)).toEqual(DEMO_TOOLTIPS.map((row) => row.key).sort());
    expect(keys((await tooltipPage('active=false')).body)).toEqual(['review.financial.status']);
    // In the key of one, in the text of another.
    expect(keys((await tooltipPage('search=VATnumber')).body)).toEqual([
      'admin.tooltip.key',
      'onboarding.company.vatnumber',
    ]);
    expect(keys((await tooltipPage('search=invoices')).body)).toEqual(['onboarding.company.vatnumber']);
    expect(keys((await tooltipPage('screen=admin&order=-key')).body)).toEqual([
      'admin.tooltip.key',
      'admin.gateway.environments',
      'admin.gateway.certified',
    ]);
    expect(await tooltipPage('order=colour')).toMatchObject({ status: 400, body: { code: 'INVALID_ORDER' } });
  });

  it('GET /active: the active ones as { key: text }', async () => {
    const { status, body } = await call(`${TOOLTIPS}/active`);
    expect(status).toBe(200);
    const map = body as Record<string, string>;
    expect(Object.keys(map)).toHaveLength(9);
    expect(map['onboarding.company.vatnumber']).toBe(VAT?.text);
    expect(map).not.toHaveProperty('review.financial.status');
    expect(await call(`${TOOLTIPS}/active`, { headers: {} })).toMatchObject({ status: 401 });
  });

  it('POST creates one (201) that /active then shows; a taken key is 409 TOOLTIP_KEY_TAKEN', async () => {
    const { status, body } = await send('POST', TOOLTIPS, NEW_TOOLTIP);
    expect(status).toBe(201);
    expect(body).toMatchObject({ ...NEW_TOOLTIP, active: true, version: 1 });
    const { id } = body as TooltipRow;
    expect(await call(`${TOOLTIPS}/${id}`)).toMatchObject({ status: 200, body: NEW_TOOLTIP });
    expect((await call(`${TOOLTIPS}/active`)).body).toHaveProperty([NEW_TOOLTIP.key], NEW_TOOLTIP.text);
    expect(
      await send('POST', TOOLTIPS, { ...NEW_TOOLTIP, key: ' onboarding.company.vatnumber ' }),
    ).toMatchObject({
      status: 409,
      body: { code: 'TOOLTIP_KEY_TAKEN' },
    });
  });

  it('POST checks the API rules: key pattern and length, screen 2–50, text 1–500', async () => {
    const { status, body } = await send('POST', TOOLTIPS, { key: 'Bad Key', screen: 'a', text: '' });
    expect(status).toBe(400);
    expect(body).toEqual([
      { code: 'INVALID_FIELD', field: 'key', message: 'A key is lower-case letters, digits and dots' },
      expect.objectContaining({ field: 'screen' }),
      expect.objectContaining({ field: 'text' }),
    ]);
    expect(await send('POST', TOOLTIPS, { ...NEW_TOOLTIP, key: 'ab' })).toMatchObject({
      status: 400,
      body: [{ field: 'key' }],
    });
    expect(await send('POST', TOOLTIPS, { ...NEW_TOOLTIP, text: 'x'.repeat(501) })).toMatchObject({
      status: 400,
      body: [{ field: 'text' }],
    });
  });

  it('PUT deactivates with the current version (then /active leaves it out); a stale version is 409', async () => {
    const path = `${TOOLTIPS}/${VAT?.id}`;
    const input = { key: 'onboarding.company.vatnumber', screen: 'onboarding', text: 'VAT', active: false };
    expect(await send('PUT', path, { ...input, version: 1 })).toMatchObject({
      status: 200,
      body: { active: false, text: 'VAT', version: 2 },
    });
    expect((await call(`${TOOLTIPS}/active`)).body).not.toHaveProperty(['onboarding.company.vatnumber']);
    expect(await send('PUT', path, { ...input, text: 'Second', version: 1 })).toMatchObject({
      status: 409,
      body: { code: 'VERSION_CONFLICT' },
    });
    expect(await send('PUT', path, { ...input, key: 'admin.gateway.certified', version: 2 })).toMatchObject({
      status: 409,
      body: { code: 'TOOLTIP_KEY_TAKEN' },
    });
    expect(await call(path)).toMatchObject({ body: { text: 'VAT', version: 2 } });
  });

  it('DELETE removes one (204), then 404; unknown ids are 404', async () => {
    const path = `${TOOLTIPS}/${VAT?.id}`;
    expect(await remove(path)).toEqual({ status: 204, body: undefined });
    expect(await call(path)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await remove(path)).toMatchObject({ status: 404 });
    expect((await tooltipPage('')).body.total).toBe(9);
  });
});
