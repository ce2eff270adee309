import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;
let reviewer: Record<string, string>;

interface Row {
  obpNumber: string;
  legalName: string;
  stage: string;
  mahCount: number;
  email: string | null;
  address: { country: string | null; city: string | null };
  createdAt: string;
}

const audit = { createdBy: 'test', updatedBy: 'test' };
// A small, hand-made table, so every expected answer can be read off it.
const ORGANISATIONS = [
  {
    obpNumber: 'C00001',
    legalName: 'Acme Pharma',
    orgType: 'OPM',
    stage: 'INFORMATION',
    country: 'BE',
    city: 'Brussels',
    mahCount: 1,
    email: 'info@acme.example',
    createdAt: new Date('2026-01-01T00:00:00Z'),
  },
  {
    obpNumber: 'C00002',
    legalName: 'Boreal Biotech',
    orgType: 'PD',
    stage: 'APPROVALS',
    country: 'FI',
    city: 'Helsinki',
    mahCount: 3,
    email: 'hello@boreal.example',
    createdAt: new Date('2026-02-01T00:00:00Z'),
  },
  {
    obpNumber: 'C00003',
    legalName: 'Cedar 50% Generics',
    orgType: 'OPM',
    stage: 'INFORMATION',
    country: 'FR',
    city: 'Lyon',
    mahCount: 5,
    email: null,
    createdAt: new Date('2026-03-01T00:00:00Z'),
  },
  {
    obpNumber: 'C00004',
    legalName: 'Delta_Health',
    orgType: 'OPM',
    stage: 'MAINTENANCE',
    country: 'BE',
    city: 'Ghent',
    mahCount: 12,
    email: 'contact@delta.example',
    createdAt: new Date('2026-04-01T00:00:00Z'),
  },
  {
    obpNumber: 'C00005',
    legalName: 'acme laboratories',
    orgType: 'PD',
    stage: 'REGISTERED',
    country: 'DE',
    city: 'Berlin',
    mahCount: 2,
    email: 'lab@acme-labs.example',
    createdAt: new Date('2026-05-01T00:00:00Z'),
  },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  reviewer = await t.bearer('EmvoPortalInternal');
  await t.db
    .insertInto('organisations')
    .values(ORGANISATIONS.map((org) => ({ ...org, updatedAt: org.createdAt, ...audit })))
    .execute();
});
afterAll(() => t.app.close());

async function list(query: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/organisations?${query}`,
    headers: reviewer,
  });
  return { status: response.statusCode, body: response.json() };
}

const numbers = (body: { items: Row[] }) => body.items.map((row) => row.obpNumber);

describe('GET /api/organisations: the list query language over SQL', () => {
  it.each([
    [
      'no query: everything, newest first (the default order)',
      '',
      ['C00005', 'C00004', 'C00003', 'C00002', 'C00001'],
    ],
    ['equal uses the plain field name', 'stage=INFORMATION&order=obpNumber', ['C00001', 'C00003']],
    [
      'a comma list means any of the values',
      'stage=INFORMATION,MAINTENANCE&order=obpNumber',
      ['C00001', 'C00003', 'C00004'],
    ],
    ['not excludes the value', 'stage.not=INFORMATION&order=obpNumber', ['C00002', 'C00004', 'C00005']],
    ['starts: value*, case-insensitive', 'legalName=acme*&order=obpNumber', ['C00001', 'C00005']],
    ['ends: *value', 'legalName=*biotech&order=obpNumber', ['C00002']],
    ['contains: *value*', 'legalName=*ph*&order=obpNumber', ['C00001']],
    ['gt on an integer', 'mahCount.gt=3&order=obpNumber', ['C00003', 'C00004']],
    ['gte on an integer', 'mahCount.gte=3&order=obpNumber', ['C00002', 'C00003', 'C00004']],
    ['lt on a date', 'createdAt.lt=2026-02-01&order=obpNumber', ['C00001']],
    ['lte on a date', 'createdAt.lte=2026-02-01&order=obpNumber', ['C00001', 'C00002']],
    [
      'a date range',
      'createdAt.gte=2026-02-01&createdAt.lt=2026-04-01&order=obpNumber',
      ['C00002', 'C00003'],
    ],
    ['nested objects use dotted keys', 'address.country=BE&order=obpNumber', ['C00001', 'C00004']],
    ['free text matches name, number or email', 'search=acme&order=obpNumber', ['C00001', 'C00005']],
    ['free text finds a number', 'search=00004', ['C00004']],
    [
      'whereMulti or: either condition',
      'or.stage=REGISTERED&or.address.country=FI&order=obpNumber',
      ['C00002', 'C00005'],
    ],
    [
      'or nested in and with a where filter',
      'address.country=BE&or.stage=MAINTENANCE&or.mahCount=1&order=obpNumber',
      ['C00001', 'C00004'],
    ],
    [
      'and nested in or',
      'or.and.stage=INFORMATION&or.and.mahCount.gt=1&or.obpNumber=C00001&order=obpNumber',
      ['C00001', 'C00003'],
    ],
    ['free text inside or', 'or.search=boreal&or.stage=MAINTENANCE&order=obpNumber', ['C00002', 'C00004']],
    ['LIKE wildcards inside a value are literal: %', 'legalName=*50%*', ['C00003']],
    ['LIKE wildcards inside a value are literal: _', 'legalName=*a_h*', ['C00004']],
    ['a % alone matches no name without one', 'search=%25&order=obpNumber', ['C00003']],
    [
      'order by several keys, a minus meaning descending',
      'order=address.country,-mahCount',
      ['C00004', 'C00001', 'C00005', 'C00002', 'C00003'],
    ],
    ['page and limit', 'order=obpNumber&page=2&limit=2', ['C00003', 'C00004']],
    ['a page past the end is empty', 'order=obpNumber&page=9&limit=2', []],
  ])('%s', async (_rule, query, expected) => {
    const { status, body } = await list(query);
    expect(status).toBe(200);
    expect(numbers(body)).toEqual(expected);
  });

  it('answers the total of the filtered rows, whatever the page', async () => {
    const { body } = await list('stage=INFORMATION,MAINTENANCE&limit=1&page=2');
    expect(body).toMatchObject({ page: 2, limit: 1, total: 3, totalEstimated: false });
    expect(body.items).toHaveLength(1);
  });

  it('shapes each row with its address', async () => {
    const { body } = await list('obpNumber=C00001');
    expect(body.items[0]).toMatchObject({
      obpNumber: 'C00001',
      legalName: 'Acme Pharma',
      address: { country: 'BE', city: 'Brussels' },
      createdAt: '2026-01-01T00:00:00.000Z',
      version: 1,
    });
  });

  it.each([
    ['an unknown field', 'colour=red', 'UNKNOWN_FIELD'],
    ['a field that is not filterable by that operator', 'stage=*INFO*', 'INVALID_FILTER_TYPE'],
    ['an ordered filter on an enum', 'stage.gt=A', 'INVALID_FILTER_TYPE'],
    ['an unknown operator', 'mahCount.between=1', 'UNKNOWN_FIELD'],
    ['a bad integer', 'mahCount.gt=many', 'INVALID_VALUE'],
    ['a bad date', 'createdAt.gt=yesterday', 'INVALID_VALUE'],
    ['an enum value out of its list', 'stage=DONE', 'INVALID_VALUE'],
    ['an unknown sort key', 'order=colour', 'INVALID_ORDER'],
    ['a limit above the maximum', 'limit=101', 'INVALID_LIMIT'],
    ['a page that is not a positive number', 'page=0', 'INVALID_PAGE'],
    ['a malformed key', 'a..b=1', 'INVALID_KEY'],
  ])('answers 400 with a code for %s', async (_case, query, code) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code });
    expect(typeof body.message).toBe('string');
  });

  it('needs a signed-in reviewer or administrator', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/organisations' });
    expect(anonymous.statusCode).toBe(401);
    const external = await t.app.inject({
      method: 'GET',
      url: '/api/organisations',
      headers: await t.bearer('EmvoPortalExternal'),
    });
    expect(external.statusCode).toBe(403);
    expect(external.json()).toMatchObject({ code: 'FORBIDDEN' });
    // An administrator's Company filters read the list.
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/organisations?limit=100',
      headers: await t.bearer('EmvoPortalAdmin'),
    });
    expect(admin.statusCode).toBe(200);
  });
});

// Security review, List requests that answered 500. Each is the caller's mistake, so each
// must answer 400 with a list-query code the SPA's catalogue knows.
/** `and.or.and.or.…` with `depth` combinators before the field. */
const groups = (depth: number) =>
  Array.from({ length: depth }, (_, index) => (index % 2 === 0 ? 'and' : 'or')).join('.');

describe('GET /api/organisations: list requests that once answered 500', () => {
  it.each([
    ['a sort key found on the prototype: constructor', 'order=constructor', 'INVALID_ORDER'],
    ['a sort key found on the prototype: __proto__', 'order=__proto__', 'INVALID_ORDER'],
    ['a sort key found on the prototype: toString', 'order=toString', 'INVALID_ORDER'],
    ['a descending sort key found on the prototype: -valueOf', 'order=-valueOf', 'INVALID_ORDER'],
    ['a sort key found on the prototype: hasOwnProperty', 'order=hasOwnProperty', 'INVALID_ORDER'],
    ['a filter on a prototype name: constructor', 'constructor=x', 'UNKNOWN_FIELD'],
    ['a filter on a prototype name: __proto__', '__proto__.gt=1', 'UNKNOWN_FIELD'],
    ['a filter on a prototype name inside a group', 'or.toString=x', 'UNKNOWN_FIELD'],
    ['a date in year 99999', 'createdAt.gte=99999-01-01', 'INVALID_VALUE'],
    ['a date in year 10000', 'createdAt.gte=10000-01-01', 'INVALID_VALUE'],
    ['a date in year 0', 'createdAt.gte=0000-01-01', 'INVALID_VALUE'],
    ['a date in year -1', 'createdAt.gte=-000001-01-01', 'INVALID_VALUE'],
    ['an expanded-year ISO date', 'createdAt.lt=%2B275760-09-13T00:00:00.000Z', 'INVALID_VALUE'],
    ['a date-time that lands in year 10000 in UTC', 'createdAt.lt=9999-12-31T23:30-01:00', 'INVALID_VALUE'],
    ['a text the engine would read as a date', 'createdAt.gte=March%207%2099999', 'INVALID_VALUE'],
    ['600 nested and/or groups', `${groups(600)}.stage=INFORMATION`, 'INVALID_KEY'],
    ['one group past the nesting limit', `${groups(9)}.stage=INFORMATION`, 'INVALID_KEY'],
  ])('answers 400 for %s', async (_case, query, code) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code });
    expect(typeof body.message).toBe('string');
  });

  it.each([
    ['the first day of year 1', 'createdAt.gte=0001-01-01'],
    ['the last moment of year 9999', 'createdAt.lte=9999-12-31T23:59:59.999Z'],
    ['groups nested to the limit', `${groups(8)}.stage=INFORMATION`],
  ])('still answers 200 for %s', async (_case, query) => {
    const { status } = await list(query);
    expect(status).toBe(200);
  });
});
