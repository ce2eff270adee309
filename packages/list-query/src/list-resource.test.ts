import { describe, expect, it } from 'vitest';
import { checkListRequest, type ListResource } from './list-resource.js';

const RESOURCE: ListResource = {
  fields: {
    name: { type: 'text' },
    city: { type: 'text', column: 'addressCity' },
    size: { type: 'integer' },
    kind: { type: 'enum', values: ['A', 'B'] },
    secret: { type: 'text', filterable: false, sortable: false },
    tags: { type: 'textArray' },
    since: { type: 'date' },
  },
  searchFields: ['name'],
  defaultOrder: ['-since'],
  tieBreaker: 'id',
  maxLimit: 50,
};

const check = (query: string, resource = RESOURCE) => checkListRequest(query, resource);

describe('checkListRequest: a request checked against its declaration', () => {
  it('orders by the default order, then the tie-breaker, with each field’s column', () => {
    expect(check('')).toMatchObject({
      ok: true,
      value: {
        page: 1,
        limit: 20,
        order: [
          { field: 'since', column: 'since', direction: 'desc' },
          { field: 'id', column: 'id', direction: 'asc' },
        ],
      },
    });
    expect(check('order=city')).toMatchObject({
      ok: true,
      value: { order: [{ field: 'city', column: 'addressCity', direction: 'asc' }, { field: 'id' }] },
    });
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
    ['several values for an ordered operator', 'size.gt=1,2', 'INVALID_VALUE'],
    ['a limit above the declared maximum', 'limit=51', 'INVALID_LIMIT'],
    ['free text on a list without any', 'search=x', 'INVALID_KEY'],
  ])('refuses %s with its code', (_case, query, code) => {
    const resource = code === 'INVALID_KEY' ? { ...RESOURCE, searchFields: [] } : RESOURCE;
    expect(check(query, resource)).toMatchObject({ ok: false, error: { code } });
  });
});
