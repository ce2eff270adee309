import {
  createListQuery,
  DEFAULT_LIMIT,
  DEFAULT_PAGE,
  filtersOf,
  isFilter,
  isFilterType,
  isPlainObject,
  SEARCH_KEY,
} from './list-query.js';
import { getOwn, setOwn } from './own-properties.js';
import { filterKeyOf } from './query-params-write.js';
import type {
  Combinator,
  Filter,
  FilterType,
  ListQuery,
  ListQueryError,
  ListQueryErrorCode,
  ParseResult,
  QueryParamsInput,
  Scalar,
  Where,
  WhereMulti,
} from './types.js';

const FIELD_SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ORDER_KEY = /^-?[A-Za-z_][A-Za-z0-9_.]*$/;
const POSITIVE_INTEGER = /^[1-9][0-9]*$/;
const CANONICAL_INTEGER = /^-?(0|[1-9][0-9]*)$/;
const DATE_LIKE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?)?$/;
/** Names that are not fields: and/or start a whereMulti group, search is free text (spec §3, §9). */
const RESERVED_SEGMENTS: readonly string[] = ['and', 'or', SEARCH_KEY];
/** spec §7: starts, ends and contains travel on the plain (equal) key as value*, *value, *value*. */
const TEXT_MATCH_TYPES: readonly FilterType[] = ['starts', 'ends', 'contains'];
/** Only equal (a list means "one of") and not (a list means "none of") take several values. */
const LIST_TYPES: readonly FilterType[] = ['equal', 'not'];

/**
 * The deepest and/or nesting one key may have (`and.or.and.…field`). spec §3 makes whereMulti's combinators
 * nestable without a depth; the SPA's screens nest none, and unbounded nesting let one request nest groups
 * until building its SQL ran out of stack (security review), so deeper keys are INVALID_KEY.
 */
export const MAX_GROUP_DEPTH = 8;

/**
 * The first and last instants a date may name: years 0001 to 9999. The four-digit years of the date-like
 * format (and of formatDate's toISOString) cover no more, and PostgreSQL has no year 0 (security review,
 * A year 0 or 99999 reached the database and answered 500).
 */
const FIRST_DATE_TIME = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_DATE_TIME = Date.parse('9999-12-31T23:59:59.999Z');

// ---------------------------------------------------------------------------------------------------------
// Small shared helpers
// ---------------------------------------------------------------------------------------------------------

function ok<T>(value: T): ParseResult<T> {
  return { ok: true, value };
}

function fail(code: ListQueryErrorCode, key: string, message: string): { ok: false; error: ListQueryError } {
  return { ok: false, error: { code, key, message } };
}

function quote(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

// ---------------------------------------------------------------------------------------------------------
// Values: reading
// ---------------------------------------------------------------------------------------------------------

/**
 * spec §7 "reverse parse turns integers into numbers, date-like strings into dates". Only canonical
 * integers convert (no leading zero, no '+', no '-0', safe range) so '007' or a postal code '01234' stays text.
 */
export function parseScalar(text: string): Scalar {
  if (CANONICAL_INTEGER.test(text)) {
    const number = Number(text);
    if (Number.isSafeInteger(number) && String(number) === text) {
      return number;
    }
  }
  return parseDateLike(text) ?? text;
}

/** Whether a date lies within years 0001 to 9999 (UTC), the only dates a list query names. */
export function isDateInRange(date: Date): boolean {
  const time = date.getTime();
  return time >= FIRST_DATE_TIME && time <= LAST_DATE_TIME;
}

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/**
 * 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm(:ss(.sss)?)?(Z|±HH:mm)?' naming a real date within years 0001 to 9999
 * (in UTC, so '9999-12-31T23:30-01:00' is not one); a date-time without a zone is read as UTC so that
 * parsing does not depend on the machine's time zone.
 */
export function parseDateLike(text: string): Date | undefined {
  const match = DATE_LIKE.exec(text);
  if (match === null) {
    return undefined;
  }
  const [, y = '', mo = '', d = '', h = '00', mi = '00', s = '00', fraction = '', zone = 'Z'] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return undefined;
  }
  if (hour > 23 || minute > 59 || second > 59) {
    return undefined;
  }
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const zoneHours = Number(zone.slice(1, 3));
    const zoneMinutes = Number(zone.slice(4, 6));
    if (zoneHours > 23 || zoneMinutes > 59) {
      return undefined;
    }
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (zoneHours * 60 + zoneMinutes);
  }
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 to 1900-1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, Number(fraction.padEnd(3, '0')));
  const instant = new Date(date.getTime() - offsetMinutes * 60_000);
  return isDateInRange(instant) ? instant : undefined;
}

interface ValueElement {
  /** The unescaped text, without its wildcards. */
  text: string;
  leadingWildcard: boolean;
  trailingWildcard: boolean;
}

interface DecodedValue {
  elements: ValueElement[];
  /** An unescaped comma was present (spec §7 "comma strings into arrays"). */
  isArray: boolean;
}

/**
 * Splits a value on unescaped commas, undoes the escapes and (when asked) marks unescaped leading and
 * trailing `*` as wildcards. Empty elements are dropped. Returns the reason when the value cannot be read.
 */
function decodeValue(
  raw: string,
  wildcards: boolean,
): { ok: true; value: DecodedValue } | { ok: false; reason: string } {
  const elements: ValueElement[] = [];
  let isArray = false;
  let tokens: Array<{ char: string; wildcard: boolean }> = [];
  const finishElement = (): string | undefined => {
    if (tokens.length === 0) {
      return undefined;
    }
    const leadingWildcard = tokens.at(0)?.wildcard === true;
    const trailingWildcard = tokens.length > 1 && tokens.at(-1)?.wildcard === true;
    const inner = tokens.slice(leadingWildcard ? 1 : 0, trailingWildcard ? -1 : undefined);
    if ((leadingWildcard || trailingWildcard) && inner.length === 0) {
      return 'a wildcard * needs some text to match';
    }
    elements.push({ text: inner.map((token) => token.char).join(''), leadingWildcard, trailingWildcard });
    tokens = [];
    return undefined;
  };
  for (let index = 0; index < raw.length; index++) {
    const char = raw.charAt(index);
    if (char === '\\') {
      index++;
      if (index >= raw.length) {
        return { ok: false, reason: 'it ends with an unfinished escape \\ (write \\\\ for a backslash)' };
      }
      tokens.push({ char: raw.charAt(index), wildcard: false });
    } else if (char === ',') {
      isArray = true;
      const problem = finishElement();
      if (problem !== undefined) {
        return { ok: false, reason: problem };
      }
    } else {
      tokens.push({ char, wildcard: wildcards && char === '*' });
    }
  }
  const problem = finishElement();
  if (problem !== undefined) {
    return { ok: false, reason: problem };
  }
  return { ok: true, value: { elements, isArray } };
}

// ---------------------------------------------------------------------------------------------------------
// Reading the params themselves
// ---------------------------------------------------------------------------------------------------------

/** The params as key → value, the last value winning for a repeated key (or the last of a framework's array). */
function readParams(input: unknown): Map<string, string> {
  const params = new Map<string, string>();
  if (typeof input === 'string' || input instanceof URLSearchParams) {
    for (const [key, value] of new URLSearchParams(input)) {
      params.set(key, value);
    }
  } else if (typeof input === 'object' && input !== null) {
    for (const [key, value] of Object.entries(input)) {
      const last: unknown = Array.isArray(value) ? value.findLast((item) => typeof item === 'string') : value;
      if (typeof last === 'string') {
        params.set(key, last);
      }
    }
  }
  return params;
}

// ---------------------------------------------------------------------------------------------------------
// Keys
// ---------------------------------------------------------------------------------------------------------

type ParsedKey =
  | { kind: 'search'; combinators: Combinator[] }
  | { kind: 'filter'; combinators: Combinator[]; path: string[]; type: FilterType };

/**
 * A filter key: optional `and.`/`or.` prefixes (whereMulti), then `search`, or a dotted field path with an
 * optional last segment naming the filter type. `field.equal` and `field.like` are accepted as equal.
 */
function parseKey(key: string): ParseResult<ParsedKey> {
  const segments = key.split('.');
  if (segments.some((segment) => segment === '')) {
    return fail('INVALID_KEY', key, `Query param ${quote(key)} has an empty segment between its dots.`);
  }
  const combinators: Combinator[] = [];
  let rest = segments;
  for (let first = rest.at(0); first === 'and' || first === 'or'; first = rest.at(0)) {
    combinators.push(first);
    rest = rest.slice(1);
    if (combinators.length > MAX_GROUP_DEPTH) {
      return fail(
        'INVALID_KEY',
        key,
        `Query param ${quote(key)} nests and/or groups more than ${MAX_GROUP_DEPTH} deep.`,
      );
    }
  }
  if (rest.length === 0) {
    return fail('INVALID_KEY', key, `Query param ${quote(key)} needs a field or "search" after "and"/"or".`);
  }
  if (rest.at(0) === SEARCH_KEY) {
    if (rest.length > 1) {
      return fail(
        'INVALID_KEY',
        key,
        `Query param ${quote(key)}: "search" holds free text and takes no field.`,
      );
    }
    return ok({ kind: 'search', combinators });
  }
  let type: FilterType = 'equal';
  let path = rest;
  const last = rest.at(-1);
  if (isFilterType(last)) {
    // spec §3: like and equal are the same filter.
    type = last === 'like' ? 'equal' : last;
    path = rest.slice(0, -1);
    if (path.length === 0) {
      return fail(
        'INVALID_KEY',
        key,
        `Query param ${quote(key)} names the filter type "${last}" but no field.`,
      );
    }
    const previous = path.at(-1);
    if (isFilterType(previous)) {
      return fail(
        'INVALID_FILTER_TYPE',
        key,
        `Query param ${quote(key)} has two filter types ("${previous}" and "${last}"); a field takes one.`,
      );
    }
  }
  for (const segment of path) {
    if (!FIELD_SEGMENT.test(segment)) {
      return fail(
        'INVALID_KEY',
        key,
        `Query param ${quote(key)}: field name ${quote(segment)} must be letters, digits and _, not starting with a digit.`,
      );
    }
    if (RESERVED_SEGMENTS.includes(segment)) {
      return fail(
        'INVALID_KEY',
        key,
        `Query param ${quote(key)}: "${segment}" is reserved and can only lead the key, not name a field.`,
      );
    }
  }
  return ok({ kind: 'filter', combinators, path, type });
}

// ---------------------------------------------------------------------------------------------------------
// Filters
// ---------------------------------------------------------------------------------------------------------

/** spec §7 reverse parse: one param value as a filter of the key's type; undefined when the value is empty. */
function toFilter(key: string, keyType: FilterType, raw: string): ParseResult<Filter | undefined> {
  const decoded = decodeValue(raw, true);
  if (!decoded.ok) {
    return fail(
      'INVALID_VALUE',
      key,
      `Query param ${quote(key)} has an invalid value ${quote(raw)}: ${decoded.reason}.`,
    );
  }
  const { elements, isArray } = decoded.value;
  const [first] = elements;
  if (first === undefined) {
    return ok(undefined);
  }
  const hasWildcard = elements.some((element) => element.leadingWildcard || element.trailingWildcard);
  if (hasWildcard) {
    if (isArray) {
      return fail(
        'INVALID_VALUE',
        key,
        `Query param ${quote(key)} has an invalid value ${quote(raw)}: a wildcard * only goes on a single value, not a list.`,
      );
    }
    if (keyType !== 'equal') {
      return fail(
        'INVALID_VALUE',
        key,
        `Query param ${quote(key)} has an invalid value ${quote(raw)}: a wildcard * only goes on the plain field key.`,
      );
    }
    // spec §7: wildcard both ends means contains, trailing starts, leading ends.
    const type: FilterType =
      first.leadingWildcard && first.trailingWildcard
        ? 'contains'
        : first.leadingWildcard
          ? 'ends'
          : 'starts';
    return ok({ type, value: first.text });
  }
  if (isArray && !LIST_TYPES.includes(keyType)) {
    return fail(
      'INVALID_VALUE',
      key,
      `Query param ${quote(key)} has an invalid value ${quote(raw)}: a "${keyType}" filter takes one value, not a list.`,
    );
  }
  if (TEXT_MATCH_TYPES.includes(keyType)) {
    // Text matching stays text: 'starts with 12' is about the characters, not the number.
    return ok({ type: keyType, value: first.text });
  }
  const value = isArray ? elements.map((element) => parseScalar(element.text)) : parseScalar(first.text);
  return ok({ type: keyType, value });
}

/** The whereMulti map a key's `and.`/`or.` prefixes lead to, created on the way. */
function descend(whereMulti: WhereMulti, combinators: Combinator[]): WhereMulti {
  let map = whereMulti;
  for (const combinator of combinators) {
    const existing = map[combinator];
    if (existing === undefined) {
      const child: WhereMulti = {};
      map[combinator] = child;
      map = child;
    } else {
      map = existing;
    }
  }
  return map;
}

/**
 * Puts a filter at a dotted path. A field that already has filters under other keys gets them all, in order
 * (an array); `same-key` when one of them travels under the same key, `nesting` when the path is a nested map
 * at its end or passes through a filter on the way.
 */
function insertFilter(
  target: Where | WhereMulti,
  path: string[],
  filter: Filter,
): 'inserted' | 'same-key' | 'nesting' {
  let node: Where | WhereMulti = target;
  for (const [index, segment] of path.entries()) {
    const existing = getOwn(node, segment);
    if (index === path.length - 1) {
      if (existing === undefined) {
        setOwn(node, segment, filter);
        return 'inserted';
      }
      const filters = filtersOf(existing);
      if (filters === undefined) {
        return 'nesting';
      }
      const key = filterKeyOf(filter.type);
      if (filters.some((other) => filterKeyOf(other.type) === key)) {
        return 'same-key';
      }
      setOwn(node, segment, [...filters, filter]);
      return 'inserted';
    }
    if (existing === undefined) {
      const child: Where = {};
      setOwn(node, segment, child);
      node = child;
    } else if (typeof existing === 'string' || Array.isArray(existing) || isFilter(existing)) {
      return 'nesting';
    } else {
      node = existing;
    }
  }
  return 'nesting';
}

function parsePositiveInteger(value: string): number | undefined {
  const number = Number(value);
  return POSITIVE_INTEGER.test(value) && Number.isSafeInteger(number) ? number : undefined;
}

/**
 * spec §7 reverse parse: query params (a query string with or without '?', URLSearchParams, or a framework's
 * map) into a list query. Never throws: a bad param gives `{ ok: false, error }` naming its key.
 * Unknown keys are fields; the API decides which fields exist. `total` is never read (the API answers it).
 * Several keys on one field (`createdAt.gte=…&createdAt.lt=…`) give an array of its filters, in key order.
 */
export function parseListQuery(params: QueryParamsInput): ParseResult<ListQuery> {
  let page = DEFAULT_PAGE;
  let limit = DEFAULT_LIMIT;
  let order: string[] = [];
  const where: Where = {};
  const whereMulti: WhereMulti = {};
  for (const [key, raw] of readParams(params)) {
    // spec §7: empty values dropped.
    if (raw === '') {
      continue;
    }
    if (key === 'page' || key === 'limit') {
      const number = parsePositiveInteger(raw);
      if (number === undefined) {
        return fail(
          key === 'page' ? 'INVALID_PAGE' : 'INVALID_LIMIT',
          key,
          `Query param ${quote(key)} must be a positive whole number, not ${quote(raw)}.`,
        );
      }
      if (key === 'page') {
        page = number;
      } else {
        limit = number;
      }
      continue;
    }
    if (key === 'order') {
      order = raw.split(',');
      const bad = order.find((orderKey) => !ORDER_KEY.test(orderKey));
      if (bad !== undefined) {
        return fail(
          'INVALID_ORDER',
          key,
          `Query param "order" has an invalid sort key ${quote(bad)}: write field names separated by commas, a leading - for descending.`,
        );
      }
      continue;
    }
    if (key === 'total') {
      continue;
    }
    const parsedKey = parseKey(key);
    if (!parsedKey.ok) {
      return parsedKey;
    }
    if (parsedKey.value.kind === 'search') {
      // spec §3: a text value in whereMulti means free-text search; it is taken as is.
      descend(whereMulti, parsedKey.value.combinators).search = raw;
      continue;
    }
    const { combinators, path, type } = parsedKey.value;
    const filter = toFilter(key, type, raw);
    if (!filter.ok) {
      return filter;
    }
    if (filter.value === undefined) {
      continue;
    }
    // spec §3: and/or (nestable) belong to whereMulti; everything else to where.
    const target = combinators.length === 0 ? where : descend(whereMulti, combinators);
    const outcome = insertFilter(target, path, filter.value);
    if (outcome === 'same-key') {
      return fail(
        'INVALID_KEY',
        key,
        `Query param ${quote(key)} filters "${path.join('.')}" under the same key as another param (equal, like, starts, ends and contains all use the plain key); a field takes one filter per key.`,
      );
    }
    if (outcome === 'nesting') {
      return fail(
        'INVALID_KEY',
        key,
        `Query param ${quote(key)} clashes with another param on "${path.join('.')}": a field holds filters or nested fields, not both.`,
      );
    }
  }
  return ok(createListQuery({ page, limit, order, where, whereMulti }));
}

// ---------------------------------------------------------------------------------------------------------
// Generic helpers
// ---------------------------------------------------------------------------------------------------------

/**
 * spec §7 reverse parse for any params: dotted keys to nested objects, canonical integers to numbers,
 * date-like strings to Dates, unescaped commas to arrays (`*` has no wildcard meaning here). Never throws.
 */
export function fromQueryParams(params: QueryParamsInput): ParseResult<Record<string, unknown>> {
  const result: Record<string, unknown> = {};
  for (const [key, raw] of readParams(params)) {
    if (raw === '') {
      continue;
    }
    const path = key.split('.');
    if (path.some((segment) => segment === '')) {
      return fail('INVALID_KEY', key, `Query param ${quote(key)} has an empty segment between its dots.`);
    }
    const decoded = decodeValue(raw, false);
    if (!decoded.ok) {
      return fail(
        'INVALID_VALUE',
        key,
        `Query param ${quote(key)} has an invalid value ${quote(raw)}: ${decoded.reason}.`,
      );
    }
    const { elements, isArray } = decoded.value;
    const [first] = elements;
    if (first === undefined) {
      continue;
    }
    const value = isArray ? elements.map((element) => parseScalar(element.text)) : parseScalar(first.text);
    let node = result;
    for (const [index, segment] of path.entries()) {
      const existing = getOwn(node, segment);
      if (index === path.length - 1) {
        if (existing !== undefined) {
          return fail(
            'INVALID_KEY',
            key,
            `Query param ${quote(key)} clashes with another param on the same path.`,
          );
        }
        setOwn(node, segment, value);
      } else if (existing === undefined) {
        const child: Record<string, unknown> = {};
        setOwn(node, segment, child);
        node = child;
      } else if (isPlainObject(existing)) {
        node = existing;
      } else {
        return fail(
          'INVALID_KEY',
          key,
          `Query param ${quote(key)} clashes with another param on the same path.`,
        );
      }
    }
  }
  return ok(result);
}
