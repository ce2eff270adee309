import { describe, expect, it } from 'vitest';
import { readPath, runInMemoryList } from './in-memory-list.js';
import type { ListResource } from './list-resource.js';

/** A list shaped like the reviewers' organisations (packages/contracts ORGANISATIONS_LIST). */
const ORGANISATIONS_LIST: ListResource = {
  fields: {
    obpNumber: { type: 'text' },
    legalName: { type: 'text' },
    orgType: { type: 'enum', values: ['OPM', 'PD'] },
    email: { type: 'text' },
    'address.city': { type: 'text', column: 'city' },
    'address.country': { type: 'text', column: 'country' },
    stage: { type: 'enum', values: ['REGISTERED', 'INFORMATION', 'APPROVALS', 'MAINTENANCE'] },
    mahCount: { type: 'integer' },
    submittedAt: { type: 'date' },
    createdAt: { type: 'date' },
  },
  searchFields: ['legalName', 'obpNumber', 'email'],
  defaultOrder: ['-createdAt'],
  tieBreaker: 'id',
  maxLimit: 100,
};

// The API's own test table (apps/api organisations-routes.test.ts), so memory answers as the SQL does.
const ROWS = [
  {
    id: '1',
    obpNumber: 'C00001',
    legalName: 'Acme Pharma',
    orgType: 'OPM',
    stage: 'INFORMATION',
    address: { country: 'BE', city: 'Brussels' },
    mahCount: 1,
    email: 'info@acme.example',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  {
    id: '2',
    obpNumber: 'C00002',
    legalName: 'Boreal Biotech',
    orgType: 'PD',
    stage: 'APPROVALS',
    address: { country: 'FI', city: 'Helsinki' },
    mahCount: 3,
    email: 'hello@boreal.example',
    createdAt: '2026-02-01T00:00:00.000Z',
  },
  {
    id: '3',
    obpNumber: 'C00003',
    legalName: 'Cedar 50% Generics',
    orgType: 'OPM',
    stage: 'INFORMATION',
    address: { country: 'FR', city: 'Lyon' },
    mahCount: 5,
    email: null,
    createdAt: '2026-03-01T00:00:00.000Z',
  },
  {
    id: '4',
    obpNumber: 'C00004',
    legalName: 'Delta_Health',
    orgType: 'OPM',
    stage: 'MAINTENANCE',
    address: { country: 'BE', city: 'Ghent' },
    mahCount: 12,
    email: 'contact@delta.example',
    createdAt: '2026-04-01T00:00:00.000Z',
  },
  {
    id: '5',
    obpNumber: 'C00005',
    legalName: 'acme laboratories',
    orgType: 'PD',
    stage: 'REGISTERED',
    address: { country: 'DE', city: 'Berlin' },
    mahCount: 2,
    email: 'lab@acme-labs.example',
    createdAt: '2026-05-01T00:00:00.000Z',
  },
];

function list(query: string) {
  const result = runInMemoryList(ROWS, query, ORGANISATIONS_LIST);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.page;
}

describe('runInMemoryList: the list query language over an array, as the API runs it over SQL', () => {
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
    ['% inside a value is literal', 'legalName=*50%*', ['C00003']],
    ['_ inside a value is literal', 'legalName=*a_h*', ['C00004']],
    [
      'a null email matches no equal, but not keeps it',
      'email.not=info@acme.example&order=obpNumber',
      ['C00002', 'C00003', 'C00004', 'C00005'],
    ],
    [
      'order by several keys, a minus meaning descending',
      'order=address.country,-mahCount',
      ['C00004', 'C00001', 'C00005', 'C00002', 'C00003'],
    ],
    ['nulls sort last ascending', 'order=email', ['C00004', 'C00002', 'C00001', 'C00005', 'C00003']],
    ['page and limit', 'order=obpNumber&page=2&limit=2', ['C00003', 'C00004']],
    ['a page past the end is empty', 'order=obpNumber&page=9&limit=2', []],
  ])('%s', (_rule, query, expected) => {
    expect(list(query).items.map((row) => row.obpNumber)).toEqual(expected);
  });

  it('answers the total of the filtered rows, whatever the page', () => {
    expect(list('stage=INFORMATION,MAINTENANCE&limit=1&page=2')).toMatchObject({
      page: 2,
      limit: 1,
      total: 3,
      totalEstimated: false,
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
    // Security review, issue 21 item 10: the same refusals as the API's, from the one check.
    ['a sort key on the prototype: constructor', 'order=constructor', 'INVALID_ORDER'],
    ['a sort key on the prototype: -valueOf', 'order=-valueOf', 'INVALID_ORDER'],
    ['a filter on the prototype: toString', 'toString=x', 'UNKNOWN_FIELD'],
    ['a date in year 99999', 'createdAt.gte=99999-01-01', 'INVALID_VALUE'],
    ['a date in year 0', 'createdAt.gte=0000-01-01', 'INVALID_VALUE'],
    ['600 nested and.or. groups', `${'and.or.'.repeat(600)}stage=INFORMATION`, 'INVALID_KEY'],
  ])('answers an error with a code for %s', (_case, query, code) => {
    const result = runInMemoryList(ROWS, query, ORGANISATIONS_LIST);
    expect(result).toMatchObject({ ok: false, error: { code } });
  });

  it('rejects a bad value even when no row is left to test it on', () => {
    const result = runInMemoryList([], 'mahCount.gt=many', ORGANISATIONS_LIST);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_VALUE' } });
  });

  it('reads dotted paths, a missing one as null', () => {
    expect(readPath({ address: { city: 'Lyon' } }, 'address.city')).toBe('Lyon');
    expect(readPath({ address: null }, 'address.city')).toBeNull();
    expect(readPath({}, 'constructor')).toBeNull();
  });
});

describe('textArray fields, as the API filters a text[] column', () => {
  // The API's own cases (apps/api list-sql.test.ts, users.roles).
  const USERS = [
    { id: 'a', roles: ['ADMIN'] },
    { id: 'b', roles: ['ADMIN', 'EMVO'] },
    { id: 'c', roles: ['EMVO'] },
    { id: 'd', roles: ['EXTERNAL'] },
    { id: 'e', roles: [] },
  ];
  const USERS_LIST: ListResource = {
    fields: {
      id: { type: 'text' },
      roles: { type: 'textArray' },
      knownRoles: { type: 'textArray', values: ['ADMIN', 'EMVO', 'EXTERNAL'] },
    },
    searchFields: ['id'],
    defaultOrder: ['id'],
    tieBreaker: 'id',
    maxLimit: 100,
  };
  const ids = (query: Record<string, string>) => {
    const result = runInMemoryList(
      USERS.map((user) => ({ ...user, knownRoles: user.roles })),
      query,
      USERS_LIST,
    );
    return result.ok ? result.page.items.map((row) => row.id) : result.error.code;
  };

  it.each([
    ['equal: the rows holding the value', { roles: 'ADMIN' }, ['a', 'b']],
    ['equal with several values: the rows holding all of them', { roles: 'ADMIN,EMVO' }, ['b']],
    ['like is equal', { 'roles.like': 'EMVO' }, ['b', 'c']],
    ['not: the rows without the value, an empty array included', { 'roles.not': 'ADMIN' }, ['c', 'd', 'e']],
    ['not with several values: the rows lacking one', { 'roles.not': 'ADMIN,EMVO' }, ['a', 'c', 'd', 'e']],
    ['a value no row holds', { roles: 'NOBODY' }, []],
    ['inside whereMulti or', { 'or.roles': 'EXTERNAL', 'or.id': 'a' }, ['a', 'd']],
    ['a field with its accepted values', { knownRoles: 'EXTERNAL' }, ['d']],
    ['a value outside them', { knownRoles: 'NOBODY' }, 'INVALID_VALUE'],
    ['an operator it does not take', { 'roles.contains': 'ADM' }, 'INVALID_FILTER_TYPE'],
    ['sorting by it', { order: 'roles' }, 'INVALID_ORDER'],
  ])('%s', (_rule, query, expected) => {
    expect(ids(query)).toEqual(expected);
  });
});
