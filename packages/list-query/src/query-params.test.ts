import { describe, expect, it } from 'vitest';
import { createListQuery } from './list-query.js';
import { fromQueryParams, MAX_GROUP_DEPTH, parseListQuery } from './query-params.js';
import { stringifyListQuery, toQueryParams } from './query-params-write.js';
import type {
  Filter,
  ListQuery,
  ListQueryErrorCode,
  QueryParams,
  QueryParamsInput,
  Scalar,
  Where,
  WhereMulti,
} from './types.js';

const f = (type: Filter['type'], value: Filter['value']): Filter => ({ type, value });
const utc = (iso: string): Date => new Date(iso);
/** A key prefix of `depth` and/or groups: `and.or.and…`. */
const groups = (depth: number) =>
  Array.from({ length: depth }, (_, index) => (index % 2 === 0 ? 'and' : 'or')).join('.');

/** The filter params of a query holding only these filters (page and limit are always written). */
function filterParams(where: Where, whereMulti: WhereMulti = {}): QueryParams {
  const { page, limit, ...rest } = stringifyListQuery(createListQuery({ where, whereMulti }));
  expect({ page, limit }).toEqual({ page: '1', limit: '20' });
  return rest;
}

function parsed(input: QueryParamsInput): ListQuery {
  const result = parseListQuery(input);
  if (!result.ok) {
    throw new Error(`expected ${JSON.stringify(input)} to parse, got ${result.error.message}`);
  }
  return result.value;
}

describe('spec §7 filter to query: stringifyListQuery', () => {
  it.each<[string, Where, QueryParams]>([
    ['equal uses the plain field name', { stage: f('equal', 'X') }, { stage: 'X' }],
    ['like is the same filter as equal', { name: f('like', 'Bob') }, { name: 'Bob' }],
    ['starts uses an equal key with value*', { name: f('starts', 'Bo') }, { name: 'Bo*' }],
    ['ends uses an equal key with *value', { name: f('ends', 'ob') }, { name: '*ob' }],
    ['contains uses an equal key with *value*', { name: f('contains', 'o') }, { name: '*o*' }],
    ['not uses field.type', { stage: f('not', 'X') }, { 'stage.not': 'X' }],
    ['gt uses field.type', { price: f('gt', 5) }, { 'price.gt': '5' }],
    ['gte uses field.type', { createdAt: f('gte', utc('2024-03-01')) }, { 'createdAt.gte': '2024-03-01' }],
    ['lt uses field.type', { price: f('lt', -5) }, { 'price.lt': '-5' }],
    ['lte uses field.type', { price: f('lte', 10) }, { 'price.lte': '10' }],
  ])('%s', (_rule, where, expected) => {
    expect(filterParams(where)).toEqual(expected);
  });

  it.each<[string, Where, QueryParams]>([
    [
      'nested objects use dotted keys',
      { address: { country: f('equal', 'FR') } },
      { 'address.country': 'FR' },
    ],
    ['two levels of nesting with a filter type', { a: { b: { c: f('gt', 1) } } }, { 'a.b.c.gt': '1' }],
    ['nesting with a wildcard type', { address: { city: f('starts', 'Par') } }, { 'address.city': 'Par*' }],
  ])('%s', (_rule, where, expected) => {
    expect(filterParams(where)).toEqual(expected);
  });

  it.each<[string, Where, QueryParams]>([
    [
      'a field may hold several filters: a date range',
      { createdAt: [f('gte', utc('2026-01-01')), f('lt', utc('2026-02-01'))] },
      { 'createdAt.gte': '2026-01-01', 'createdAt.lt': '2026-02-01' },
    ],
    [
      'each filter of an array writes its own key, the plain key too',
      { name: [f('starts', 'Bo'), f('not', ['Bob', 'Bon'])] },
      { name: 'Bo*', 'name.not': 'Bob,Bon' },
    ],
    [
      'a nested field may hold several filters',
      { a: { b: [f('gt', 1), f('lte', 5)] } },
      { 'a.b.gt': '1', 'a.b.lte': '5' },
    ],
    ['a one-element array is written like a single filter', { price: [f('gt', 5)] }, { 'price.gt': '5' }],
    ['an empty array is dropped', { price: [] }, {}],
    [
      'a conflict keeps the later one: two gt',
      { price: [f('gt', 1), f('lt', 9), f('gt', 2)] },
      { 'price.lt': '9', 'price.gt': '2' },
    ],
    [
      'a conflict keeps the later one: equal and contains share the plain key',
      { name: [f('equal', 'X'), f('contains', 'o')] },
      { name: '*o*' },
    ],
    [
      'an empty filter is dropped before it can win a conflict',
      { price: [f('gt', 1), f('gt', '')] },
      { 'price.gt': '1' },
    ],
  ])('several filters: %s', (_rule, where, expected) => {
    expect(filterParams(where)).toEqual(expected);
  });

  it('a conflict: the winner is written in its own place, after the filters before it', () => {
    expect(Object.keys(filterParams({ price: [f('gt', 1), f('lt', 9), f('gt', 2)] }))).toEqual([
      'price.lt',
      'price.gt',
    ]);
  });

  it.each<[string, WhereMulti, QueryParams]>([
    [
      'a field in a group may hold several filters',
      { and: { price: [f('gt', 1), f('lt', 5)] } },
      { 'and.price.gt': '1', 'and.price.lt': '5' },
    ],
    ['an and map prefixes its keys with and.', { and: { stage: f('equal', 'X') } }, { 'and.stage': 'X' }],
    ['an or map prefixes its keys with or.', { or: { price: f('gt', 5) } }, { 'or.price.gt': '5' }],
    ['combinators nest: or.and.stage', { or: { and: { stage: f('equal', 'X') } } }, { 'or.and.stage': 'X' }],
    ['free text becomes the search key', { search: 'acme corp' }, { search: 'acme corp' }],
    ['nested free text gets the prefix: or.search', { or: { search: 'acme' } }, { 'or.search': 'acme' }],
    [
      'free text two levels deep: and.or.search',
      { and: { or: { search: 'acme' } } },
      { 'and.or.search': 'acme' },
    ],
    ['free text is written as is, without escaping', { search: 'a,b*c\\' }, { search: 'a,b*c\\' }],
    ['a text value under another key is free text too', { note: 'acme' }, { search: 'acme' }],
    [
      'several text values in one map are joined by a space',
      { search: 'acme', note: 'corp' },
      { search: 'acme corp' },
    ],
    [
      'nested fields in a group use dotted keys',
      { or: { address: { country: f('equal', 'FR') } } },
      { 'or.address.country': 'FR' },
    ],
    ['top-level whereMulti fields are written like where fields', { stage: f('equal', 'X') }, { stage: 'X' }],
  ])('%s', (_rule, whereMulti, expected) => {
    expect(filterParams({}, whereMulti)).toEqual(expected);
  });

  it.each<[string, Partial<ListQuery>, QueryParams]>([
    ['page and limit are decimal strings', { page: 3, limit: 60 }, { page: '3', limit: '60' }],
    [
      'order is joined by commas',
      { order: ['-createdAt', 'name'] },
      { page: '1', limit: '20', order: '-createdAt,name' },
    ],
    ['an empty order is omitted', { order: [] }, { page: '1', limit: '20' }],
    ['total is never written', { total: 120 }, { page: '1', limit: '20' }],
  ])('%s', (_rule, partial, expected) => {
    expect(stringifyListQuery(createListQuery(partial))).toEqual(expected);
  });

  it.each<[string, Where, QueryParams]>([
    ['an undefined value is dropped', { name: { type: 'equal', value: undefined as unknown as string } }, {}],
    ['a null value is dropped', { name: { type: 'gt', value: null as unknown as string } }, {}],
    ['an empty string is dropped', { name: f('equal', '') }, {}],
    ['an empty string is dropped for wildcard types too', { name: f('contains', '') }, {}],
    ['an empty list is dropped', { stage: f('equal', []) }, {}],
    ['an empty nested map is dropped', { address: {} }, {}],
    ['an invalid date is dropped', { createdAt: f('gte', new Date(Number.NaN)) }, {}],
    ['empty elements of a list are dropped', { stage: f('equal', ['a', '', 'b']) }, { stage: 'a,b' }],
  ])('empty values dropped: %s', (_rule, where, expected) => {
    expect(filterParams(where)).toEqual(expected);
  });

  it('empty values dropped: empty and/or maps and empty free text', () => {
    expect(filterParams({}, { and: {}, or: { and: {} }, search: '' })).toEqual({});
  });

  it.each<[string, Filter['value'], string]>([
    ['a number is written in decimal', 1234, '1234'],
    ['a Date at UTC midnight is written YYYY-MM-DD', utc('2024-03-01T00:00:00.000Z'), '2024-03-01'],
    [
      'any other Date is written as its ISO string',
      utc('2024-03-01T10:20:30.456Z'),
      '2024-03-01T10:20:30.456Z',
    ],
    ['a list is joined by commas', ['a', 'b', 'c'], 'a,b,c'],
    ['a list of numbers and dates is joined by commas', [1, utc('2024-03-01')], '1,2024-03-01'],
  ])('values: %s', (_rule, value, expected) => {
    expect(filterParams({ x: f('equal', value) })).toEqual({ x: expected });
  });

  it.each<[string, Filter, string]>([
    ['a literal comma is written \\,', f('equal', 'Smith, John'), 'Smith\\, John'],
    ['a literal * is written \\*', f('equal', '5*'), '5\\*'],
    ['a literal backslash is written \\\\', f('equal', 'C:\\dir'), 'C:\\\\dir'],
    ['escapes come before the wildcard of starts', f('starts', 'a*'), 'a\\**'],
    ['escapes come after the wildcard of ends', f('ends', '*a'), '*\\*a'],
    ['a trailing backslash stays apart from the wildcard', f('contains', 'a\\'), '*a\\\\*'],
    ['each list element is escaped', f('equal', ['a,b', 'c']), 'a\\,b,c'],
  ])('escaping: %s', (_rule, filter, expected) => {
    expect(filterParams({ x: filter })).toEqual({ x: expected });
  });
});

describe('spec §7 reverse parse: parseListQuery', () => {
  it.each<[string, QueryParamsInput, Partial<ListQuery>]>([
    ['no params give page 1, limit 20 and nothing else', '', {}],
    ['a lone ? is no params', '?', {}],
    ['page and limit are read', '?page=3&limit=60', { page: 3, limit: 60 }],
    ['the leading ? is optional', 'page=3', { page: 3 }],
    ['limit has no maximum here (the API applies its own)', 'limit=100000', { limit: 100000 }],
    [
      'order is split on commas',
      'order=-createdAt,name,address.country',
      { order: ['-createdAt', 'name', 'address.country'] },
    ],
    [
      'URLSearchParams are read',
      new URLSearchParams({ page: '2', order: 'name' }),
      { page: 2, order: ['name'] },
    ],
    ['a map of params is read', { page: '2', order: undefined }, { page: 2 }],
    ['a repeated key: the last one wins', 'page=2&page=5', { page: 5 }],
    ['a framework array: the last one wins', { page: ['2', '5'] }, { page: 5 }],
    ['an empty page is dropped, leaving the default', 'page=&limit=', {}],
    ['an empty order is dropped', 'order=', {}],
    ['total is never read (the API answers it)', 'total=120', {}],
    [
      'a percent-encoded value is decoded',
      'search=acme%20corp%26co',
      { whereMulti: { search: 'acme corp&co' } },
    ],
  ])('%s', (_rule, input, expected) => {
    expect(parsed(input)).toStrictEqual(createListQuery(expected));
  });

  it.each<[string, string, Where]>([
    ['a plain field name gives equal', 'stage=X', { stage: f('equal', 'X') }],
    ['field.not gives not', 'stage.not=X', { stage: f('not', 'X') }],
    ['field.gt gives gt', 'price.gt=5', { price: f('gt', 5) }],
    ['field.gte gives gte', 'createdAt.gte=2024-03-01', { createdAt: f('gte', utc('2024-03-01')) }],
    ['field.lt gives lt', 'price.lt=-5', { price: f('lt', -5) }],
    ['field.lte gives lte', 'price.lte=10', { price: f('lte', 10) }],
    ['field.equal is accepted as equal', 'stage.equal=X', { stage: f('equal', 'X') }],
    ['field.like is accepted as equal', 'stage.like=X', { stage: f('equal', 'X') }],
    ['field.starts is accepted and keeps the text', 'name.starts=Bo', { name: f('starts', 'Bo') }],
    ['field.ends is accepted', 'name.ends=ob', { name: f('ends', 'ob') }],
    [
      'field.contains is accepted and keeps numbers as text',
      'code.contains=12',
      { code: f('contains', '12') },
    ],
  ])('filter types: %s', (_rule, input, expected) => {
    expect(parsed(input).where).toEqual(expected);
  });

  it.each<[string, string, Where]>([
    ['a trailing wildcard means starts', 'name=Bo*', { name: f('starts', 'Bo') }],
    ['a leading wildcard means ends', 'name=*ob', { name: f('ends', 'ob') }],
    ['a wildcard at both ends means contains', 'name=*o*', { name: f('contains', 'o') }],
    ['the text of a wildcard stays text', 'code=12*', { code: f('starts', '12') }],
    ['a wildcard works on field.equal too', 'name.equal=Bo*', { name: f('starts', 'Bo') }],
    ['an escaped * is a literal', 'name=5\\*', { name: f('equal', '5*') }],
    ['an unescaped * inside the text is a literal', 'name=a*b', { name: f('equal', 'a*b') }],
    ['an escaped * next to a wildcard is a literal', 'name=a\\**', { name: f('starts', 'a*') }],
  ])('wildcards: %s', (_rule, input, expected) => {
    expect(parsed(input).where).toEqual(expected);
  });

  it.each<[string, string, Scalar | Scalar[]]>([
    ['integers turn into numbers', '42', 42],
    ['negative integers turn into numbers', '-7', -7],
    ['zero turns into a number', '0', 0],
    ['a leading zero keeps a string: 007', '007', '007'],
    ['a postal code keeps a string: 01234', '01234', '01234'],
    ['a plus sign keeps a string', '+5', '+5'],
    ['minus zero keeps a string', '-0', '-0'],
    ['a decimal keeps a string (the API converts per field)', '1.5', '1.5'],
    ['an exponent keeps a string', '1e3', '1e3'],
    ['an integer beyond the safe range keeps a string', '9007199254740993', '9007199254740993'],
    ['a date turns into a Date at UTC midnight', '2024-03-01', utc('2024-03-01T00:00:00.000Z')],
    ['a date-time with Z turns into a Date', '2024-03-01T10:20:30.456Z', utc('2024-03-01T10:20:30.456Z')],
    [
      'a date-time with an offset turns into a Date',
      '2024-03-01T10:20+02:00',
      utc('2024-03-01T08:20:00.000Z'),
    ],
    [
      'a date-time with seconds and a negative offset',
      '2024-03-01T10:20:30-01:30',
      utc('2024-03-01T11:50:30.000Z'),
    ],
    ['a date-time without a zone is read as UTC', '2024-03-01T10:20', utc('2024-03-01T10:20:00.000Z')],
    ['a fraction of one digit is tenths', '2024-03-01T10:20:30.5Z', utc('2024-03-01T10:20:30.500Z')],
    ['a leap day is a real date', '2024-02-29', utc('2024-02-29')],
    ['a date that does not exist keeps a string', '2023-02-29', '2023-02-29'],
    ['the first day of year 1 is a date', '0001-01-01', utc('0001-01-01T00:00:00.000Z')],
    ['the last instant of year 9999 is a date', '9999-12-31T23:59:59.999Z', utc('9999-12-31T23:59:59.999Z')],
    ['year 0 keeps a string (dates name years 1 to 9999)', '0000-01-01', '0000-01-01'],
    [
      'a date-time in year 10000 once in UTC keeps a string',
      '9999-12-31T23:30-01:00',
      '9999-12-31T23:30-01:00',
    ],
    ['a date-time in year 0 once in UTC keeps a string', '0001-01-01T00:30+01:00', '0001-01-01T00:30+01:00'],
    ['a five-digit year keeps a string', '99999-01-01', '99999-01-01'],
    ['an expanded ISO year keeps a string', '+275760-09-13T00:00:00.000Z', '+275760-09-13T00:00:00.000Z'],
    ['a month 13 keeps a string', '2024-13-01', '2024-13-01'],
    ['hour 24 keeps a string', '2024-03-01T24:00', '2024-03-01T24:00'],
    ['a compact date is just an integer', '20240301', 20240301],
    ['other text stays text', 'true', 'true'],
    ['an unescaped comma gives a list', 'a,b', ['a', 'b']],
    [
      'list elements are converted like single values',
      '1,2024-03-01,x,007',
      [1, utc('2024-03-01'), 'x', '007'],
    ],
    ['empty list elements are dropped', 'a,,b,', ['a', 'b']],
    ['a trailing comma still means a list', 'a,', ['a']],
    ['an escaped comma is a literal', 'Smith\\, John', 'Smith, John'],
    ['an escaped backslash is a literal', 'C:\\\\dir', 'C:\\dir'],
    ['a backslash escapes any character', '\\a', 'a'],
    ['escaped text is converted too', '4\\2', 42],
  ])('values: %s', (_rule, raw, expected) => {
    expect(parsed(new URLSearchParams({ x: raw })).where).toEqual({ x: f('equal', expected) });
  });

  it.each<[string, string, Where]>([
    ['dotted keys give nested objects', 'address.country=FR', { address: { country: f('equal', 'FR') } }],
    [
      'siblings share their parent',
      'address.country=FR&address.city=Paris*',
      { address: { country: f('equal', 'FR'), city: f('starts', 'Paris') } },
    ],
    ['two levels of nesting with a filter type', 'a.b.c.gt=1', { a: { b: { c: f('gt', 1) } } }],
    ['a filter-type name may name a group before the last segment', 'gt.x=1', { gt: { x: f('equal', 1) } }],
    [
      'unknown keys are fields (the API rejects unknown fields)',
      'utm_source=mail',
      { utm_source: f('equal', 'mail') },
    ],
  ])('nested objects: %s', (_rule, input, expected) => {
    expect(parsed(input).where).toEqual(expected);
  });

  it.each<[string, QueryParamsInput, Where]>([
    [
      'a field may hold several filters: a date range',
      'createdAt.gte=2026-01-01&createdAt.lt=2026-02-01',
      { createdAt: [f('gte', utc('2026-01-01')), f('lt', utc('2026-02-01'))] },
    ],
    ['the filters keep the key order', 'price.lt=5&price.gt=1', { price: [f('lt', 5), f('gt', 1)] }],
    [
      'the plain key counts as one key',
      'name=Bo*&name.not=Bob,Bon',
      { name: [f('starts', 'Bo'), f('not', ['Bob', 'Bon'])] },
    ],
    [
      'three keys on one field',
      'price.gt=1&price.lte=9&price.not=5',
      { price: [f('gt', 1), f('lte', 9), f('not', 5)] },
    ],
    [
      'a nested field may hold several filters',
      'address.zip.gte=1000&address.zip.lt=2000',
      { address: { zip: [f('gte', 1000), f('lt', 2000)] } },
    ],
    ['a repeated key is not an array: the last one wins', 'price.gt=1&price.gt=2', { price: f('gt', 2) }],
    ['a framework array is not an array of filters', { 'price.gt': ['1', '2'] }, { price: f('gt', 2) }],
    ['an empty second key adds no filter', 'price.gt=1&price.lt=', { price: f('gt', 1) }],
  ])('several filters: %s', (_rule, input, expected) => {
    expect(parsed(input).where).toEqual(expected);
  });

  it.each<[string, string, WhereMulti]>([
    ['free text becomes the search key', 'search=acme', { search: 'acme' }],
    ['free text is taken as is', 'search=1,2*\\', { search: '1,2*\\' }],
    ['and. keys go to the and map', 'and.stage=X', { and: { stage: f('equal', 'X') } }],
    ['or. keys go to the or map', 'or.price.gt=5', { or: { price: f('gt', 5) } }],
    ['combinators nest: or.and.stage', 'or.and.stage=X', { or: { and: { stage: f('equal', 'X') } } }],
    ['nested free text: or.search', 'or.search=acme', { or: { search: 'acme' } }],
    ['free text two levels deep: and.or.search', 'and.or.search=acme', { and: { or: { search: 'acme' } } }],
    ['nested fields in a group', 'or.address.country=FR', { or: { address: { country: f('equal', 'FR') } } }],
    [
      'a group collects its keys',
      'or.stage=X&or.name=*ob&or.search=acme',
      { or: { stage: f('equal', 'X'), name: f('ends', 'ob'), search: 'acme' } },
    ],
    ['an empty free text is dropped', 'search=&or.search=', {}],
    [
      'a field in a group may hold several filters',
      'and.price.gt=1&and.price.lt=5',
      { and: { price: [f('gt', 1), f('lt', 5)] } },
    ],
  ])('whereMulti: %s', (_rule, input, expected) => {
    expect(parsed(input).whereMulti).toEqual(expected);
  });

  it('a range: one bound in where, the other under and.', () => {
    expect(parsed('createdAt.gte=2024-01-01&and.createdAt.lt=2024-02-01')).toMatchObject({
      where: { createdAt: f('gte', utc('2024-01-01')) },
      whereMulti: { and: { createdAt: f('lt', utc('2024-02-01')) } },
    });
  });

  it.each<[string, QueryParamsInput]>([
    ['an empty value gives no filter', 'name='],
    ['a value of only commas gives no filter', 'name=,,'],
    ['an empty value wins over an earlier one', 'name=a&name='],
  ])('empty values dropped: %s', (_rule, input) => {
    expect(parsed(input).where).toEqual({});
  });

  it.each<[string, QueryParamsInput, ListQueryErrorCode, string]>([
    ['page must be a positive integer, not 0', 'page=0', 'INVALID_PAGE', 'page'],
    ['page must be a positive integer, not negative', 'page=-1', 'INVALID_PAGE', 'page'],
    ['page must be a positive integer, not text', 'page=two', 'INVALID_PAGE', 'page'],
    ['page must be a positive integer, not a decimal', 'page=1.5', 'INVALID_PAGE', 'page'],
    ['page must be a positive integer, without a leading zero', 'page=01', 'INVALID_PAGE', 'page'],
    ['page must be a safe integer', 'page=9007199254740993', 'INVALID_PAGE', 'page'],
    ['limit must be a positive integer, not 0', 'limit=0', 'INVALID_LIMIT', 'limit'],
    ['limit must be a positive integer, not text', 'limit=all', 'INVALID_LIMIT', 'limit'],
    ['an order key must look like a field', 'order=name;drop', 'INVALID_ORDER', 'order'],
    ['an order key may not start with a digit', 'order=1name', 'INVALID_ORDER', 'order'],
    ['an order key has at most one minus', 'order=--name', 'INVALID_ORDER', 'order'],
    ['an order list has no empty keys', 'order=a,,b', 'INVALID_ORDER', 'order'],
    ['a key with an empty segment is invalid', 'a..b=1', 'INVALID_KEY', 'a..b'],
    ['a key starting with a dot is invalid', '.a=1', 'INVALID_KEY', '.a'],
    ['a key ending with a dot is invalid', 'a.=1', 'INVALID_KEY', 'a.'],
    ['a field segment must be an identifier', 'first-name=Bob', 'INVALID_KEY', 'first-name'],
    ['a field segment may not start with a digit', 'address.1st=x', 'INVALID_KEY', 'address.1st'],
    ['and alone names no field', 'and=x', 'INVALID_KEY', 'and'],
    ['or.and alone names no field', 'or.and=x', 'INVALID_KEY', 'or.and'],
    ['a filter type alone names no field', 'gt=5', 'INVALID_KEY', 'gt'],
    ['and is not a field name after the first segment', 'address.and=x', 'INVALID_KEY', 'address.and'],
    ['or is not a field name after the first segment', 'or.address.or=x', 'INVALID_KEY', 'or.address.or'],
    [
      'search is not a field name after the first segment',
      'address.search=x',
      'INVALID_KEY',
      'address.search',
    ],
    ['search takes no field', 'search.name=x', 'INVALID_KEY', 'search.name'],
    [
      'a field takes one filter per key: plain and .equal',
      'stage=X&stage.equal=Y',
      'INVALID_KEY',
      'stage.equal',
    ],
    [
      'a field takes one filter per key: a wildcard and .contains share the plain key',
      'name=Bo*&name.contains=o',
      'INVALID_KEY',
      'name.contains',
    ],
    [
      'a field takes one filter per key, also after other keys',
      'price.gt=1&price.lt=5&price.like=3&price.equal=4',
      'INVALID_KEY',
      'price.equal',
    ],
    [
      'a field cannot be a filter and a nested map',
      'address=x&address.city=y',
      'INVALID_KEY',
      'address.city',
    ],
    ['a group cannot become a filter', 'address.country=FR&address=FR', 'INVALID_KEY', 'address'],
    ['a group cannot take a filter key', 'address.country=FR&address.gt=1', 'INVALID_KEY', 'address.gt'],
    [
      'a field with several filters cannot be a nested map',
      'price.gt=1&price.lt=5&price.x.y=1',
      'INVALID_KEY',
      'price.x.y',
    ],
    [
      'and/or groups nest at most MAX_GROUP_DEPTH deep',
      `${groups(MAX_GROUP_DEPTH + 1)}.stage=X`,
      'INVALID_KEY',
      `${groups(MAX_GROUP_DEPTH + 1)}.stage`,
    ],
    ['two filter types in one key', 'price.gt.lt=5', 'INVALID_FILTER_TYPE', 'price.gt.lt'],
    ['a wildcard on a non-equal key is invalid', 'price.gt=*5', 'INVALID_VALUE', 'price.gt'],
    ['a wildcard on not is invalid', 'name.not=Bo*', 'INVALID_VALUE', 'name.not'],
    ['a wildcard on field.contains is invalid', 'name.contains=*o*', 'INVALID_VALUE', 'name.contains'],
    ['a lone * is invalid', 'name=*', 'INVALID_VALUE', 'name'],
    ['** is invalid', 'name=**', 'INVALID_VALUE', 'name'],
    ['a wildcard in a list is invalid', 'name=*a*,b', 'INVALID_VALUE', 'name'],
    ['an unterminated escape is invalid', 'name=abc\\', 'INVALID_VALUE', 'name'],
    ['a list on a comparison is invalid', 'price.gt=1,2', 'INVALID_VALUE', 'price.gt'],
    ['a list on a text match is invalid', 'name.starts=a,b', 'INVALID_VALUE', 'name.starts'],
  ])('errors: %s', (_rule, input, code, key) => {
    const result = parseListQuery(input);
    expect(result).toMatchObject({ ok: false, error: { code, key } });
    if (!result.ok) {
      expect(result.error.message).toContain(key);
    }
  });

  it('refuses 600 nested and.or. groups before building anything of them', () => {
    const key = `${groups(1200)}.stage`;
    expect(parseListQuery(`${key}=X`)).toMatchObject({ ok: false, error: { code: 'INVALID_KEY', key } });
  });

  it('reads and/or groups nested MAX_GROUP_DEPTH deep', () => {
    let expected: WhereMulti = { stage: f('equal', 'X') };
    for (const combinator of groups(MAX_GROUP_DEPTH).split('.').reverse()) {
      expected = { [combinator]: expected };
    }
    expect(parsed(`${groups(MAX_GROUP_DEPTH)}.stage=X`).whereMulti).toEqual(expected);
  });

  it('a field named __proto__ stays an own field and reaches no prototype', () => {
    const query = parsed('__proto__.polluted=yes&constructor=x');
    expect(Object.hasOwn(query.where, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(query.where)).toBe(Object.prototype);
    expect(Object.hasOwn(query.where, 'constructor')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('both directions through a real URL', () => {
  it('stringify, URL-encode, then parse gives the query back', () => {
    const query = createListQuery({
      page: 2,
      order: ['-createdAt'],
      where: {
        name: f('contains', 'a&b=c, d*'),
        stage: f('equal', ['NEW', 'IN REVIEW']),
        createdAt: f('gte', utc('2024-03-01T10:00:00.000Z')),
      },
      whereMulti: { or: { search: 'acme & co?', and: { price: f('lt', 100) } } },
    });
    const url = `https://portal.example/emvo?${new URLSearchParams(stringifyListQuery(query)).toString()}`;
    expect(parsed(new URL(url).search)).toEqual(query);
  });

  it('a date range goes through a URL and comes back as an array', () => {
    const query = createListQuery({
      where: { createdAt: [f('gte', utc('2026-01-01')), f('lt', utc('2026-02-01T12:00:00.000Z'))] },
      whereMulti: { or: { price: [f('lte', 10), f('gt', 100)], search: 'acme' } },
    });
    const url = `https://portal.example/emvo?${new URLSearchParams(stringifyListQuery(query)).toString()}`;
    expect(parsed(new URL(url).search)).toEqual(query);
  });

  it.each<[string, Where, Where]>([
    ['a one-element array normalises to a single filter', { price: [f('gt', 5)] }, { price: f('gt', 5) }],
    [
      'a conflict keeps the later one, in its own place',
      { price: [f('gt', 1), f('lt', 9), f('gt', 2)] },
      { price: [f('lt', 9), f('gt', 2)] },
    ],
    [
      'a conflict that leaves one filter normalises too',
      { name: [f('equal', 'X'), f('starts', 'Y')] },
      { name: f('starts', 'Y') },
    ],
    ['an array of empty filters comes back as no filter', { price: [f('gt', ''), f('lt', [])] }, {}],
  ])('round trip normalises: %s', (_rule, where, expected) => {
    expect(parsed(stringifyListQuery(createListQuery({ where }))).where).toEqual(expected);
  });
});

describe('spec §7 generic helpers: toQueryParams and fromQueryParams', () => {
  it.each<[string, Record<string, unknown>, QueryParams]>([
    ['nested objects use dotted keys', { address: { country: 'FR' } }, { 'address.country': 'FR' }],
    ['arrays are joined by commas', { ids: [1, 2, 3] }, { ids: '1,2,3' }],
    ['a Date at UTC midnight is YYYY-MM-DD', { day: utc('2024-03-01') }, { day: '2024-03-01' }],
    ['any other Date is ISO', { at: utc('2024-03-01T10:00:00.000Z') }, { at: '2024-03-01T10:00:00.000Z' }],
    ['numbers are decimal strings', { n: 5 }, { n: '5' }],
    ['empty values are dropped', { a: undefined, b: null, c: '', d: [], e: {} }, {}],
    ['commas, * and backslashes are escaped', { a: 'x,y*z\\' }, { a: 'x\\,y\\*z\\\\' }],
  ])('toQueryParams: %s', (_rule, input, expected) => {
    expect(toQueryParams(input)).toEqual(expected);
  });

  it.each<[string, QueryParamsInput, Record<string, unknown>]>([
    ['dotted keys give nested objects', 'address.country=FR', { address: { country: 'FR' } }],
    ['integers give numbers', 'n=5&code=007', { n: 5, code: '007' }],
    ['date-like strings give Dates', 'day=2024-03-01', { day: utc('2024-03-01') }],
    ['comma strings give arrays', 'ids=1,2,a', { ids: [1, 2, 'a'] }],
    ['* has no wildcard meaning', 'a=*x*', { a: '*x*' }],
    ['escapes are undone', 'a=x\\,y\\*z\\\\', { a: 'x,y*z\\' }],
    ['empty values are dropped', 'a=&b=1', { b: 1 }],
    ['any key segment is allowed', 'first-name=Bob', { 'first-name': 'Bob' }],
  ])('fromQueryParams: %s', (_rule, input, expected) => {
    expect(fromQueryParams(input)).toEqual({ ok: true, value: expected });
  });

  it.each<[string, QueryParamsInput, ListQueryErrorCode, string]>([
    ['a key with an empty segment', 'a..b=1', 'INVALID_KEY', 'a..b'],
    ['a value and a group on one key', 'a=1&a.b=2', 'INVALID_KEY', 'a.b'],
    ['an unterminated escape', 'a=x\\', 'INVALID_VALUE', 'a'],
  ])('fromQueryParams errors: %s', (_rule, input, code, key) => {
    expect(fromQueryParams(input)).toMatchObject({ ok: false, error: { code, key } });
  });
});
