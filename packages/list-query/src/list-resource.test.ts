import { describe, expect, it } from 'vitest';
import { type CheckedCondition, checkListRequest, type ListResource } from './list-resource.js';

const RESOURCE: ListResource = {
  fields: {
    name: { type: 'text' },
    city: { type: 'text', column: 'addressCity' },
    size: { type: 'integer' },
    kind: { type: 'enum', values: ['A', 'B'] },
    secret: { type: 'text', filterable: false, sortable: false },
    tags: { type: 'textArray' },
    since: { type: 'date' },
    owner: { type: 'uuid' },
  },
  searchFields: ['name'],
  defaultOrder: ['-since'],
  tieBreaker: 'id',
  maxLimit: 50,
};

const check = (query: string, resource = RESOURCE) => checkListRequest(query, resource);

describe('checkListRequest: a request checked against its declaration', () => {
  it('orders by the default order, then the tie-breaker in the last key’s direction, with each field’s column', () => {
    expect(check('')).toMatchObject({
      ok: true,
      value: {
        page: 1,
        limit: 20,
        order: [
          { field: 'since', column: 'since', direction: 'desc' },
          { field: 'id', column: 'id', direction: 'desc' },
        ],
      },
    });
    expect(check('order=city')).toMatchObject({
      ok: true,
      value: {
        order: [
          { field: 'city', column: 'addressCity', direction: 'asc' },
          { field: 'id', direction: 'asc' },
        ],
      },
    });
    expect(check('order=-size,city')).toMatchObject({
      ok: true,
      value: { order: [{ field: 'size' }, { field: 'city' }, { field: 'id', direction: 'asc' }] },
    });
  });

  it('marks a key whose field sorts its empty values last, in either direction, and no other key', () => {
    const resource: ListResource = {
      ...RESOURCE,
      fields: { ...RESOURCE.fields, since: { type: 'date', emptyLast: true } },
    };
    for (const key of ['since', '-since']) {
      expect(check(`order=${key},name`, resource)).toMatchObject({
        ok: true,
        value: {
          order: [
            { field: 'since', emptyLast: true },
            { field: 'name', emptyLast: false },
            { field: 'id', emptyLast: false },
          ],
        },
      });
    }
    expect(check('order=-since')).toMatchObject({ ok: true, value: { order: [{ emptyLast: false }, {}] } });
  });

  it('applies the default filters to the fields the caller does not filter, and only to those', () => {
    const resource: ListResource = { ...RESOURCE, defaultWhere: { kind: { type: 'equal', value: ['A'] } } };
    const filtersOn = (condition: CheckedCondition): Array<{ type: string; values: unknown[] }> =>
      condition.kind === 'filter'
        ? condition.field === 'kind'
          ? [{ type: condition.type, values: condition.values }]
          : []
        : condition.kind === 'search'
          ? []
          : condition.conditions.flatMap(filtersOn);
    const kinds = (query: string) => {
      const result = check(query, resource);
      if (!result.ok) throw new Error(result.error.message);
      return filtersOn(result.value.condition);
    };
    expect(kinds('')).toEqual([{ type: 'equal', values: ['A'] }]);
    expect(kinds('name=*x*')).toEqual([{ type: 'equal', values: ['A'] }]);
    // The caller's own filter on the field replaces the default, in where or in whereMulti.
    expect(kinds('kind=B')).toEqual([{ type: 'equal', values: ['B'] }]);
    expect(kinds('kind.not=A')).toEqual([{ type: 'not', values: ['A'] }]);
    expect(kinds('or.kind=B&or.name=x')).toEqual([{ type: 'equal', values: ['B'] }]);
    // Without a declaration, no filter at all.
    expect(check('')).toMatchObject({ ok: true, value: { condition: { kind: 'and', conditions: [] } } });
  });

  it('gives each filter its values in the field’s type', () => {
    const result = check('size.gte=3&kind=A,B&since.lt=2026-01-01&name=*acme*');
    expect(result.ok && result.value.condition).toMatchObject({
      kind: 'and',
      conditions: expect.arrayContaining([
        expect.objectContaining({ field: 'size', type: 'gte', values: [3] }),
        expect.objectContaining({ field: 'kind', type: 'equal', values: ['A', 'B'] }),
        expect.objectContaining({ field: 'since', type: 'lt', values: [new Date('2026-01-01T00:00:00Z')] }),
        expect.objectContaining({ field: 'name', type: 'contains', values: ['acme'] }),
      ]),
    });
  });

  it('takes ids in any case and compares them as stored, in lower case', () => {
    const result = check('owner=0199D2A4-0000-4000-8000-00000000ABCD');
    expect(result.ok && result.value.condition).toMatchObject({
      conditions: [{ field: 'owner', type: 'equal', values: ['0199d2a4-0000-4000-8000-00000000abcd'] }],
    });
  });

  it.each([
    ['a field it does not declare', 'colour=red', 'UNKNOWN_FIELD'],
    ['a field that is not filterable', 'secret=x', 'UNKNOWN_FIELD'],
    ['a sort key that is not sortable', 'order=secret', 'INVALID_ORDER'],
    ['a text array as sort key', 'order=-tags', 'INVALID_ORDER'],
    ['a text operator on a number', 'size=*3*', 'INVALID_FILTER_TYPE'],
    ['an ordered operator on an enum', 'kind.gt=A', 'INVALID_FILTER_TYPE'],
    ['an integer that is not one', 'size=many', 'INVALID_VALUE'],
    ['a date that is not one', 'since.gt=soon', 'INVALID_VALUE'],
    ['an enum value outside its list', 'kind=C', 'INVALID_VALUE'],
    ['an id that is not a uuid', 'owner=acme', 'INVALID_VALUE'],
    ['a text operator on an id', 'owner=*0199*', 'INVALID_FILTER_TYPE'],
    ['an ordered operator on an id', 'owner.gt=0199d2a4-0000-4000-8000-000000000000', 'INVALID_FILTER_TYPE'],
    ['several values for an ordered operator', 'size.gt=1,2', 'INVALID_VALUE'],
    ['a limit above the declared maximum', 'limit=51', 'INVALID_LIMIT'],
    ['free text on a list without any', 'search=x', 'INVALID_KEY'],
  ])('refuses %s with its code', (_case, query, code) => {
    const resource = code === 'INVALID_KEY' ? { ...RESOURCE, searchFields: [] } : RESOURCE;
    expect(check(query, resource)).toMatchObject({ ok: false, error: { code } });
  });

  // Security review, Each of these reached the SQL and answered 500.
  it.each(['constructor', '__proto__', 'toString', '-valueOf', 'hasOwnProperty', '-isPrototypeOf'])(
    'refuses the sort key %s, found only on the prototype of the declared fields',
    (key) => {
      expect(check(`order=${key}`)).toMatchObject({ ok: false, error: { code: 'INVALID_ORDER' } });
    },
  );

  it.each(['constructor=x', '__proto__.gt=1', 'toString=x', 'or.valueOf.not=1', 'hasOwnProperty=name'])(
    'refuses the filter %s on a name found only on the prototype',
    (query) => {
      expect(check(query)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_FIELD' } });
    },
  );

  it.each([
    ['year 0', 'since.gte=0000-01-01'],
    ['year 10000', 'since.gte=10000-01-01'],
    ['year 99999', 'since.gte=99999-01-01'],
    ['year -1', 'since.gte=-000001-01-01'],
    ['an expanded ISO year', 'since.lt=%2B275760-09-13T00:00:00.000Z'],
    ['year 10000 once in UTC', 'since.lt=9999-12-31T23:30-01:00'],
    ["text only the engine's lenient parser reads as a date", 'since.gte=March%207%2099999'],
    ['a number', 'since.gte=20260101'],
  ])('refuses a date outside years 1 to 9999 or not date-like: %s', (_case, query) => {
    expect(check(query)).toMatchObject({ ok: false, error: { code: 'INVALID_VALUE' } });
  });

  it.each(['since.gte=0001-01-01', 'since.lte=9999-12-31T23:59:59.999Z'])(
    'takes the date at an end: %s',
    (query) => {
      expect(check(query)).toMatchObject({ ok: true });
    },
  );

  it('refuses and/or groups nested past the limit, whatever the depth', () => {
    const groups = (depth: number) =>
      Array.from({ length: depth }, (_, i) => (i % 2 ? 'or' : 'and')).join('.');
    expect(check(`${groups(8)}.name=x`)).toMatchObject({ ok: true });
    expect(check(`${groups(9)}.name=x`)).toMatchObject({ ok: false, error: { code: 'INVALID_KEY' } });
    expect(check(`${groups(1200)}.name=x`)).toMatchObject({ ok: false, error: { code: 'INVALID_KEY' } });
  });
});
