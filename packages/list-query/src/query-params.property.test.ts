import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromQueryParams, parseListQuery, parseScalar } from './query-params.js';
import { stringifyListQuery, toQueryParams } from './query-params-write.js';
import {
  FILTER_TYPES,
  type Filter,
  LIST_QUERY_ERROR_CODES,
  type ListQuery,
  type Scalar,
  type Where,
  type WhereMulti,
} from './types.js';

/** Names that are not fields (see the README): combinators, free text, the paging keys, filter-type names. */
const RESERVED = new Set<string>([
  'and',
  'or',
  'search',
  'page',
  'limit',
  'order',
  'total',
  '__proto__',
  ...FILTER_TYPES,
]);

const fieldName = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,7}$/).filter((name) => !RESERVED.has(name));

/** One character at a time, biased towards the characters the format gives a meaning to. */
const char = fc.oneof(
  fc.constantFrom(',', '*', '\\', '-', ':', '.', '0', '1', 'T', 'Z', ' ', '&', '=', '%'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const anyText = fc.string({ unit: char, minLength: 1, maxLength: 12 });
/** Text that parses back as text: not empty, not a canonical integer, not date-like. */
const plainText = anyText.filter((text) => typeof parseScalar(text) === 'string');
const integer = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
const DAY = 86_400_000;
/** The dates a list query names: years 0001 to 9999 (isDateInRange). */
const anyDate = fc.date({
  min: new Date('0001-01-01T00:00:00.000Z'),
  max: new Date('9999-12-31T23:59:59.999Z'),
  noInvalidDate: true,
});
/** Dates with ms precision, and as many at UTC midnight (written as YYYY-MM-DD). */
const date = fc.oneof(
  anyDate,
  anyDate.map((at) => new Date(Math.floor(at.getTime() / DAY) * DAY)),
);
const scalar: fc.Arbitrary<Scalar> = fc.oneof(plainText, integer, date);
const list = fc.array(scalar, { minLength: 2, maxLength: 4 });

const filter: fc.Arbitrary<Filter> = fc.oneof(
  fc.record({ type: fc.constantFrom('equal' as const, 'not' as const), value: fc.oneof(scalar, list) }),
  fc.record({
    type: fc.constantFrom('gt' as const, 'gte' as const, 'lt' as const, 'lte' as const),
    value: scalar,
  }),
  fc.record({
    type: fc.constantFrom('starts' as const, 'ends' as const, 'contains' as const),
    value: anyText,
  }),
);

/** A filter for each key a field can be filtered under: the plain key ('': equal, starts, ends, contains), field.type. */
const filterUnderKey = fc.record({
  '': fc.oneof(
    fc.record({ type: fc.constant('equal' as const), value: fc.oneof(scalar, list) }),
    fc.record({
      type: fc.constantFrom('starts' as const, 'ends' as const, 'contains' as const),
      value: anyText,
    }),
  ),
  not: fc.record({ type: fc.constant('not' as const), value: fc.oneof(scalar, list) }),
  gt: fc.record({ type: fc.constant('gt' as const), value: scalar }),
  gte: fc.record({ type: fc.constant('gte' as const), value: scalar }),
  lt: fc.record({ type: fc.constant('lt' as const), value: scalar }),
  lte: fc.record({ type: fc.constant('lte' as const), value: scalar }),
});
/**
 * 2–3 filters on one field, each under a different key, in any order. (Two under one key do not come back:
 * stringify keeps the later one.)
 */
const filters: fc.Arbitrary<Filter[]> = fc
  .tuple(
    fc.shuffledSubarray(['', 'not', 'gt', 'gte', 'lt', 'lte'] as const, { minLength: 2, maxLength: 3 }),
    filterUnderKey,
  )
  .map(([keys, byKey]) => keys.map((key): Filter => byKey[key]));

function whereOf(depth: number, minKeys: number): fc.Arbitrary<Where> {
  const entry: fc.Arbitrary<Filter | Filter[] | Where> =
    depth === 0 ? fc.oneof(filter, filters) : fc.oneof(filter, filters, whereOf(depth - 1, 1));
  return fc.dictionary(fieldName, entry, { minKeys, maxKeys: 3, noNullPrototype: true });
}

const searchText = fc.string({ unit: 'binary', minLength: 1, maxLength: 12 });

/** A whereMulti map: fields (in a group only), free text, and nested and/or groups down to `depth`. */
function whereMultiOf(depth: number, withFields: boolean): fc.Arbitrary<WhereMulti> {
  const group =
    depth === 0 ? fc.constant(undefined) : fc.option(whereMultiOf(depth - 1, true), { nil: undefined });
  return fc
    .record({
      fields: withFields ? whereOf(1, 0) : fc.constant({}),
      search: fc.option(searchText, { nil: undefined }),
      and: group,
      or: group,
    })
    .map(({ fields, search, and, or }) => {
      const map: WhereMulti = { ...fields };
      if (search !== undefined) {
        map.search = search;
      }
      if (and !== undefined) {
        map.and = and;
      }
      if (or !== undefined) {
        map.or = or;
      }
      return map;
    })
    .filter((map) => !withFields || Object.keys(map).length > 0);
}

const listQuery: fc.Arbitrary<ListQuery> = fc.record(
  {
    page: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    limit: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    order: fc.array(
      fc
        .tuple(fc.boolean(), fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.]{0,10}$/))
        .map(([descending, key]) => (descending ? `-${key}` : key)),
      { maxLength: 4 },
    ),
    // Top-level whereMulti fields are written like where fields, so only groups and free text sit there.
    where: whereOf(2, 0),
    whereMulti: whereMultiOf(2, false),
    total: fc.nat(),
  },
  { requiredKeys: ['page', 'limit', 'order', 'where', 'whereMulti'] },
);

function expectResultShape(
  result: { ok: true } | { ok: false; error: { code: string; key: string; message: string } },
) {
  if (!result.ok) {
    expect(LIST_QUERY_ERROR_CODES).toContain(result.error.code);
    expect(typeof result.error.key).toBe('string');
    expect(result.error.message.length).toBeGreaterThan(0);
  }
}

describe('properties of the query-param format', () => {
  it('(a) parse(stringify(query)) gives the query back, minus total', () => {
    fc.assert(
      fc.property(listQuery, (query) => {
        const { total: _total, ...expected } = query;
        expect(parseListQuery(stringifyListQuery(query))).toEqual({ ok: true, value: expected });
      }),
    );
  });

  const queryLikeKey = fc.string({
    unit: fc.constantFrom(
      'a',
      'b',
      '_',
      '.',
      '-',
      '1',
      'and',
      'or',
      'search',
      'gt',
      'like',
      'page',
      'limit',
      'order',
    ),
    maxLength: 8,
  });
  const queryLikeValue = fc.string({
    unit: fc.constantFrom('a', '1', '0', '-', ',', '*', '\\', ':', 'T', '2024-03-01'),
    maxLength: 8,
  });
  const queryLike = fc
    .array(fc.tuple(queryLikeKey, queryLikeValue), { maxLength: 6 })
    .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));

  it('(b) parsing any string never throws and gives a known error code', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), queryLike), (input) => {
        expectResultShape(parseListQuery(input));
        expectResultShape(fromQueryParams(input));
      }),
    );
  });

  it('(b) parsing any map of params never throws and gives a known error code', () => {
    const key = fc.oneof(fc.string(), queryLikeKey);
    const value = fc.oneof(fc.string(), queryLikeValue, fc.array(fc.oneof(fc.string(), queryLikeValue)));
    fc.assert(
      fc.property(fc.dictionary(key, value), (input) => {
        expectResultShape(parseListQuery(input));
        expectResultShape(fromQueryParams(input));
      }),
    );
  });

  const plainKey = fc
    .string({ unit: 'binary', minLength: 1, maxLength: 6 })
    .filter((key) => !key.includes('.') && key !== '__proto__');
  const plainValue = fc.oneof(plainText, integer, date, list);
  function plainObjectOf(depth: number, minKeys: number): fc.Arbitrary<Record<string, unknown>> {
    const entry: fc.Arbitrary<unknown> =
      depth === 0 ? plainValue : fc.oneof(plainValue, plainObjectOf(depth - 1, 1));
    return fc.dictionary(plainKey, entry, { minKeys, maxKeys: 4, noNullPrototype: true });
  }

  it('(c) fromQueryParams(toQueryParams(object)) gives the object back', () => {
    fc.assert(
      fc.property(plainObjectOf(2, 0), (object) => {
        expect(fromQueryParams(toQueryParams(object))).toEqual({ ok: true, value: object });
      }),
    );
  });
});
