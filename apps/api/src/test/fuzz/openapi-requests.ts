import { FILE_PURPOSES, TEST_RUN_CSV_COLUMNS } from '@portal/contracts';
import { isAllowedExtension, TEST_RESULTS } from '@portal/domain';
import { FILTER_TYPES } from '@portal/list-query';
import fc from 'fast-check';
import Papa from 'papaparse';
import { DEFAULT_BODY_LIMIT, LARGE_BODY_LIMIT } from '../../http/body-limits.js';
import { SAMPLES } from '../../storage/test-uploads.js';
import { XSRF_HEADERS } from '../test-app.js';
import type { Operation } from './openapi-operations.js';
import { badNumber, badString, badValue, type JsonSchema, validValue } from './schema-arbitraries.js';

/** One generated request, without its caller's authorization (the suite sends it as each caller). */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Which generator made it, to read a failure by. */
  kind: string;
}

/** The seeded rows a request may name, so valid ids reach the handlers and not only their 404s. */
export interface RealData {
  /** Ids by the path segment before the param ('gateways' for /api/gateways/{id}); 'any' holds them all. */
  ids: Record<string, string[]>;
  organisationIds: string[];
  obpNumbers: string[];
}

/** The app's body limit (app.ts bodyLimit), and one byte past it. */
export const BODY_LIMIT = LARGE_BODY_LIMIT;
const PAST_LIMIT = `"${'x'.repeat(BODY_LIMIT)}"`;
/** One byte past what an ordinary route takes; the few large routes take it. */
const PAST_DEFAULT_LIMIT = `"${'x'.repeat(DEFAULT_BODY_LIMIT - 1)}"`;
/** JSON nested 5,000 levels deep, written as text (JSON.stringify itself runs out of stack on it). */
const DEEP_JSON = `${'{"a":['.repeat(5_000)}1${']}'.repeat(5_000)}`;

/** Shown by fast-check when it reports the (shrunk) failing request: method, url, headers and body. */
function describe(request: Omit<FuzzRequest, typeof fc.toStringMethod>): string {
  const body =
    request.payload === undefined
      ? '(none)'
      : `${request.payload.length} bytes: ${JSON.stringify(request.payload.toString('latin1').slice(0, 600))}`;
  return `\n  ${request.method} ${request.url.length > 600 ? `${request.url.slice(0, 600)}… (${request.url.length} chars)` : request.url}\n  kind: ${request.kind}\n  headers: ${JSON.stringify(request.headers)}\n  body: ${body}\n`;
}

const readable = (request: FuzzRequest): FuzzRequest =>
  Object.defineProperty(request, fc.toStringMethod, { value: () => describe(request), enumerable: false });

/** Percent-encodes every byte but the unreserved ones (encodeURIComponent throws on a lone surrogate). */
export const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** Segments that are not even well-formed percent-encoding, sent as they are. */
const BROKEN_SEGMENTS = ['%', '%zz', '%E0%A4%A', '..', '%2e%2e', '%00'];

function pathValue(name: string, schema: JsonSchema, ids: string[]): fc.Arbitrary<string> {
  const arbitraries = [
    { weight: 3, arbitrary: validValue(schema).map((value) => percentEncode(String(value))) },
    { weight: 1, arbitrary: fc.uuid().map(String) },
    { weight: 2, arbitrary: badString.map(percentEncode) },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN_SEGMENTS) },
  ];
  if (ids.length > 0) arbitraries.push({ weight: 5, arbitrary: fc.constantFrom(...ids) });
  return fc.oneof(...arbitraries).map((value) => (value === '' && name ? '%20' : value));
}

function pathArbitrary(operation: Operation, data: RealData): fc.Arbitrary<string> {
  if (operation.pathParams.length === 0) return fc.constant(operation.path);
  const values = operation.pathParams.map(({ name, schema }) => {
    const segments = operation.path.split('/');
    const before = segments[segments.indexOf(`{${name}}`) - 1] ?? '';
    // Real ids for an id (of this resource when known); an enum param (a queue, a type) has its values.
    const ids = schema.enum ? [] : (data.ids[before] ?? (schema.format === 'uuid' ? data.ids.any : []));
    return pathValue(name, schema, ids ?? []);
  });
  return fc
    .tuple(...values)
    .map((filled) =>
      operation.pathParams.reduce(
        (path, { name }, index) => path.replace(`{${name}}`, filled[index] ?? ''),
        operation.path,
      ),
    );
}

type QueryPairs = Array<[string, string]>;

const queryString = (pairs: QueryPairs) =>
  pairs.length === 0
    ? ''
    : `?${pairs.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join('&')}`;

/**
 * Names every object has through its prototype: a list must look a field up among its own declared ones,
 * never find Object's (`order=constructor` answered 500).
 */
const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty'];

/**
 * Dates past what a date field takes, and malformed ones (`createdAt.gte=99999-01-01`
 * answered 500): years 0, 10000, 99999 and -1, an expanded ISO year, local times that land outside years
 * 1 to 9999 in UTC, days and hours that do not exist, text only a lenient date parser reads; and the two
 * ends of the range, which must still be answered.
 */
const EXTREME_DATES = [
  '0000-01-01',
  '10000-01-01',
  '99999-01-01',
  '-000001-01-01',
  '+275760-09-13T00:00:00.000Z',
  '9999-12-31T23:30-01:00',
  '0001-01-01T00:30+01:00',
  '2026-02-30',
  '2026-01-01T24:00',
  '2026-1-1',
  'March 7 99999',
  '0001-01-01',
  '9999-12-31T23:59:59.999Z',
];

/** `and.or.and.…`: `depth` alternating groups. */
const alternatingGroups = (depth: number) =>
  Array.from({ length: depth }, (_, index) => (index % 2 === 0 ? 'and' : 'or'));

/** spec §7 list queries, well-formed and not: page, limit, order, search, filters nested in and/or groups. */
function listQuery(fields: string[], dateFields: string[]): fc.Arbitrary<QueryPairs> {
  const field = fc.oneof(
    { weight: 4, arbitrary: fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('name') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('unknownField', 'address.country', '1abc', ''),
    },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
    { weight: 1, arbitrary: badString },
  );
  const filterType = fc.oneof(
    { weight: 3, arbitrary: fc.constant('') },
    { weight: 3, arbitrary: fc.constantFrom(...FILTER_TYPES).map((type) => `.${type}`) },
    { weight: 1, arbitrary: fc.constantFrom('.bogus', '.', '.gte.lt') },
  );
  // "deep and/or nesting": combinator prefixes, sometimes far deeper than any screen builds, up to the
  // 600 and.or. pairs that once overflowed the stack while the SQL was built.
  const groups = fc.oneof(
    { weight: 4, arbitrary: fc.array(fc.constantFrom('and', 'or'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.array(fc.constantFrom('and', 'or'), { minLength: 20, maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constantFrom(9, 64, 600, 1_200).map(alternatingGroups) },
  );
  const filterValue = fc.oneof(
    fc.constantFrom(
      'a',
      '*a*',
      'a*',
      '*a',
      '*',
      '**',
      '2026-01-01',
      '2026-13-45',
      '2026-01-01T10:00:00Z',
      '1',
      '-5',
      'a,b,c',
      ',',
      'true',
      'APPROVED',
      'IQE',
    ),
    badString,
  );
  const filter = fc
    .tuple(groups, field, filterType, filterValue)
    .map(([prefix, name, type, value]): [string, string] => [[...prefix, `${name}${type}`].join('.'), value]);
  // A date field (one the answer's schema calls a date-time) with a date it may not take.
  const dateFilter = fc
    .tuple(
      groups,
      fc.constantFrom(...(dateFields.length > 0 ? dateFields : ['createdAt'])),
      fc.constantFrom('', '.gt', '.gte', '.lt', '.lte', '.not'),
      fc.constantFrom(...EXTREME_DATES),
    )
    .map(([prefix, name, type, value]): [string, string] => [[...prefix, `${name}${type}`].join('.'), value]);
  const numberText = fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 5 }).map(String) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '1.5',
        '1e3',
        '100',
        '1000',
        '99999999999999999999',
        'abc',
        '',
        ' 1',
      ),
    },
    { weight: 1, arbitrary: badString },
  );
  const orderKey = fc.tuple(fc.boolean(), field).map(([down, name]) => `${down ? '-' : ''}${name}`);
  const order = fc.oneof(
    fc.array(orderKey, { minLength: 1, maxLength: 3 }).map((keys) => keys.join(',')),
    fc.constantFrom('', ',', '-', '--name', 'name,,name'),
  );
  // A page as the SPA asks for it, so the lists' 200s are exercised too, not only their 400s.
  const plain = fc.tuple(fc.integer({ min: 1, max: 3 }), fc.constantFrom(10, 20, 60)).map(
    ([page, limit]): QueryPairs => [
      ['page', String(page)],
      ['limit', String(limit)],
    ],
  );
  const any = fc
    .record(
      {
        page: numberText,
        limit: numberText,
        order,
        search: fc.oneof(fc.string({ maxLength: 10 }), badString),
        filters: fc.array(fc.oneof({ weight: 3, arbitrary: filter }, { weight: 1, arbitrary: dateFilter }), {
          maxLength: 4,
        }),
      },
      { requiredKeys: [] },
    )
    .map(({ filters, ...plain }) => [
      ...Object.entries(plain).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
      ...(filters ?? []),
    ]);
  return fc.oneof({ weight: 1, arbitrary: plain }, { weight: 3, arbitrary: any });
}

function queryArbitrary(operation: Operation): fc.Arbitrary<QueryPairs> {
  if (operation.listFields) return listQuery(operation.listFields, operation.listDateFields ?? []);
  if (operation.queryParams.length === 0) return fc.constant([]);
  const params = operation.queryParams.map(({ name, schema, required }) =>
    fc
      .oneof(
        { weight: 3, arbitrary: validValue(schema).map(String) },
        { weight: 1, arbitrary: badString },
        { weight: 1, arbitrary: badNumber.map(String) },
        { weight: required ? 1 : 2, arbitrary: fc.constant(undefined) },
      )
      .map((value): QueryPairs => (value === undefined ? [] : [[name, value]])),
  );
  // Repeated keys arrive as an array, where a route expects one string.
  const repeated = fc.option(fc.constantFrom(...operation.queryParams.map(({ name }) => name)), {
    nil: undefined,
  });
  return fc.tuple(fc.tuple(...params), repeated).map(([pairs, twice]) => [
    ...pairs.flat(),
    ...(twice
      ? ([
          [twice, 'x'],
          [twice, 'y'],
        ] as QueryPairs)
      : []),
  ]);
}

const JSON_TYPE = 'application/json';
const WRONG_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/octet-stream',
];

interface Body {
  kind: string;
  payload?: string | Buffer;
  contentType?: string;
}

const json = (kind: string, value: unknown): Body => ({
  kind,
  payload: JSON.stringify(value) ?? 'null',
  contentType: JSON_TYPE,
});

function jsonBody(schema: JsonSchema): fc.Arbitrary<Body> {
  const valid = validValue(schema);
  const keys = Object.keys(schema.properties ?? {});
  const required = (schema.required ?? []).filter((key) => keys.includes(key));
  const asObject = (value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
  const variants: Array<{ weight: number; arbitrary: fc.Arbitrary<Body> }> = [
    { weight: 6, arbitrary: valid.map((value) => json('valid', value)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.string({ maxLength: 12 }), badValue)
        .map(([value, key, extra]) => json('extra field', { ...asObject(value), [key || 'extra']: extra })),
    },
    { weight: 2, arbitrary: badValue.map((value) => json('wrong body', value)) },
    { weight: 1, arbitrary: fc.constant(json('empty object', {})) },
    {
      weight: 1,
      arbitrary: fc.constant({ kind: 'deep nesting', payload: DEEP_JSON, contentType: JSON_TYPE }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { kind: 'broken JSON', payload: '{', contentType: JSON_TYPE },
        { kind: 'broken JSON', payload: '[1,', contentType: JSON_TYPE },
        { kind: 'broken JSON', payload: '{"a":1}}', contentType: JSON_TYPE },
        { kind: 'empty JSON', payload: '', contentType: JSON_TYPE },
        { kind: 'prototype poisoning', payload: '{"__proto__":{"polluted":true}}', contentType: JSON_TYPE },
        {
          kind: 'prototype poisoning',
          payload: '{"constructor":{"prototype":{"polluted":true}}}',
          contentType: JSON_TYPE,
        },
        { kind: 'past the body limit', payload: PAST_LIMIT, contentType: JSON_TYPE },
        { kind: 'past the default body limit', payload: PAST_DEFAULT_LIMIT, contentType: JSON_TYPE },
        { kind: 'no content type', payload: '{}' },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom(...WRONG_TYPES)).map(([value, contentType]) => ({
        kind: 'wrong content type',
        payload: JSON.stringify(value) ?? '',
        contentType,
      })),
    },
  ];
  if (keys.length > 0) {
    variants.push({
      weight: 3,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...keys), badValue)
        .map(([value, key, bad]) => json(`bad ${key}`, { ...asObject(value), [key]: bad })),
    });
  }
  if (required.length > 0) {
    variants.push({
      weight: 2,
      arbitrary: fc.tuple(valid, fc.constantFrom(...required)).map(([value, key]) => {
        const rest: Record<string, unknown> = asObject(value);
        delete rest[key];
        return json(`missing ${key}`, rest);
      }),
    });
  }
  return fc.oneof(...variants);
}

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
}

/** A multipart/form-data body written out by hand, so broken ones can be written too. */
function multipart(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Files of each kind the purposes take, named as such, and the same bytes misnamed. */
const FILES: Array<[string, string | Buffer]> = [
  ['proof.pdf', SAMPLES.pdf],
  ['scan.png', SAMPLES.png],
  ['photo.jpg', SAMPLES.jpg],
  ['form.docx', SAMPLES.docx],
  ['form.xlsx', SAMPLES.xlsx],
  ['old.doc', SAMPLES.cfb],
  ['request.csr', SAMPLES.csr],
  ['bundle.zip', SAMPLES.zip],
];
const goodFile = fc.constantFrom(...FILES);
const badFile = fc.oneof(
  fc
    .tuple(fc.constantFrom(...FILES), fc.constantFrom(...FILES))
    .map(([[name], [, content]]): [string, string | Buffer] => [name, content]),
  fc.constantFrom<[string, string | Buffer]>(
    ['notes.txt', SAMPLES.text],
    ['noextension', SAMPLES.pdf],
    ['', SAMPLES.pdf],
    ['.pdf', SAMPLES.pdf],
    ['empty.pdf', ''],
    ['../../etc/passwd.pdf', SAMPLES.pdf],
    ['naïve 名前\u0000.pdf', SAMPLES.pdf],
    ['big.csr', Buffer.alloc(BODY_LIMIT + 10, 65)],
  ),
  badString.map((name): [string, string | Buffer] => [name, SAMPLES.pdf]),
);

function multipartBody(data: RealData): fc.Arbitrary<Body> {
  const boundary = '----fuzzBoundary7MA4YWxkTrZu0gW';
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const fields = fc.record(
    {
      purpose: fc.oneof(fc.constantFrom(...FILE_PURPOSES), badString),
      organisationId: fc.oneof(
        data.organisationIds.length > 0 ? fc.constantFrom(...data.organisationIds) : fc.uuid(),
        fc.constantFrom('', 'not-a-uuid'),
        fc.uuid(),
      ),
    },
    { requiredKeys: [] },
  );
  const fieldParts = (values: Record<string, string | undefined>): Part[] =>
    Object.entries(values).flatMap(([name, value]) => (value === undefined ? [] : [{ name, value }]));
  const withFile = (kind: string, file: fc.Arbitrary<[string, string | Buffer]>) =>
    fc.tuple(fields, file).map(([values, [filename, value]]) => ({
      kind,
      payload: multipart([...fieldParts(values), { name: 'file', filename, value }], boundary),
      contentType,
    }));
  // A purpose and a file of a kind it takes (spec §5); routes of one purpose ignore the field.
  const valid = fc
    .constantFrom(...FILE_PURPOSES)
    .chain((purpose) =>
      fc.tuple(
        fc.constant(purpose),
        fc.constantFrom(...FILES.filter(([name]) => isAllowedExtension(purpose, name))),
        fc.option(fc.constantFrom(...(data.organisationIds.length > 0 ? data.organisationIds : [''])), {
          nil: undefined,
        }),
      ),
    )
    .map(([purpose, [filename, value], organisationId]) => ({
      kind: 'valid upload',
      payload: multipart(
        [...fieldParts({ purpose, organisationId }), { name: 'file', filename, value }],
        boundary,
      ),
      contentType,
    }));
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    { weight: 3, arbitrary: withFile('bad file', badFile) },
    {
      weight: 1,
      arbitrary: fc.tuple(fields, goodFile, goodFile).map(([values, first, second]) => ({
        kind: 'two files',
        payload: multipart(
          [
            ...fieldParts(values),
            { name: 'file', filename: first[0], value: first[1] },
            { name: 'file', filename: second[0], value: second[1] },
          ],
          boundary,
        ),
        contentType,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fields, goodFile).map(([values, [filename, value]]) => ({
        kind: 'file before the fields',
        payload: multipart([{ name: 'file', filename, value }, ...fieldParts(values)], boundary),
        contentType,
      })),
    },
    {
      weight: 1,
      arbitrary: fields.map((values) => ({
        kind: 'no file',
        payload: multipart(fieldParts(values), boundary),
        contentType,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        kind: 'field past its size',
        payload: multipart(
          [
            { name: 'purpose', value: 'x'.repeat(10_001) },
            { name: 'file', filename: 'a.pdf', value: SAMPLES.pdf },
          ],
          boundary,
        ),
        contentType,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        kind: 'too many fields',
        payload: multipart(
          Array.from({ length: 30 }, (_, index) => ({ name: `f${index}`, value: 'x' })),
          boundary,
        ),
        contentType,
      }),
    },
    // Broken multipart: cut short, another boundary, none at all, garbage, nothing.
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.double({ min: 0.05, max: 0.95, noNaN: true })).map(([body, at]) => ({
        ...body,
        kind: 'truncated multipart',
        payload: (body.payload as Buffer).subarray(0, Math.floor((body.payload as Buffer).length * at)),
      })),
    },
    {
      weight: 1,
      arbitrary: valid.map((body) => ({
        ...body,
        kind: 'wrong boundary',
        contentType: 'multipart/form-data; boundary=other',
      })),
    },
    {
      weight: 1,
      arbitrary: valid.map((body) => ({ ...body, kind: 'no boundary', contentType: 'multipart/form-data' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 200 })
        .map((bytes) => ({ kind: 'garbage multipart', payload: Buffer.from(bytes), contentType })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'empty multipart', payload: '', contentType }) },
    {
      weight: 1,
      arbitrary: fc.constant({ kind: 'JSON to an upload', payload: '{"file":"x"}', contentType: JSON_TYPE }),
    },
  );
}

/** A test-run CSV, its header naming some columns, its lines mixing good and bad values. */
function csvBody(data: RealData): fc.Arbitrary<Body> {
  const cell = fc.oneof(
    fc.constantFrom(
      ...(data.obpNumbers.length > 0 ? data.obpNumbers : ['C00001']),
      'C99999',
      'IQE',
      'PRD',
      'scenario 1',
      ...TEST_RESULTS,
      'E42',
      '',
      '2026-01-01T10:00:00Z',
      '2099-01-01T00:00:00Z',
    ),
    badString.filter((text) => text.length < 1000),
  );
  const header = fc.oneof(
    { weight: 4, arbitrary: fc.constant([...TEST_RUN_CSV_COLUMNS]) },
    { weight: 1, arbitrary: fc.shuffledSubarray([...TEST_RUN_CSV_COLUMNS, 'other']) },
  );
  const csv = fc
    .tuple(header, fc.array(fc.array(cell, { minLength: 4, maxLength: 7 }), { maxLength: 5 }))
    .map(([columns, rows]) => Papa.unparse([columns, ...rows]));
  return fc.oneof(
    { weight: 4, arbitrary: csv.map((payload) => ({ kind: 'CSV', payload, contentType: 'text/csv' })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '',
          '\uFEFF',
          '"unclosed',
          'a,b\n1',
          `${TEST_RUN_CSV_COLUMNS.join(',')}\n${'x,'.repeat(3000)}`,
        )
        .map((payload) => ({ kind: 'odd CSV', payload, contentType: 'text/csv' })),
    },
    { weight: 3, arbitrary: multipartBody(data) },
  );
}

function bodyArbitrary(operation: Operation, data: RealData): fc.Arbitrary<Body> {
  switch (operation.body) {
    case 'json':
      return operation.bodySchema ? jsonBody(operation.bodySchema) : fc.constant({ kind: 'no body' });
    case 'multipart':
      return multipartBody(data);
    case 'csv-or-multipart':
      return csvBody(data);
    case 'none':
      // A body where none is expected, as a careless client sends one.
      return fc.oneof(
        { weight: 6, arbitrary: fc.constant({ kind: 'no body' }) },
        { weight: 1, arbitrary: badValue.map((value) => json('unexpected body', value)) },
        { weight: 1, arbitrary: fc.constant({ kind: 'empty JSON', payload: '', contentType: JSON_TYPE }) },
      );
  }
}

/** Requests for one operation: its path filled with real, random and malformed values, its query and body. */
export function requestArbitrary(operation: Operation, data: RealData): fc.Arbitrary<FuzzRequest> {
  const mutating = !['GET', 'HEAD'].includes(operation.method);
  return fc
    .tuple(
      pathArbitrary(operation, data),
      queryArbitrary(operation),
      bodyArbitrary(operation, data),
      // Mutating calls carry the anti-forgery pair, as the SPA sends it; now and then it is left out.
      fc.oneof({ weight: 9, arbitrary: fc.constant(mutating) }, { weight: 1, arbitrary: fc.constant(false) }),
    )
    .map(([path, query, body, xsrf]) =>
      readable({
        method: operation.method,
        url: `${path}${queryString(query)}`,
        headers: {
          ...(xsrf ? XSRF_HEADERS : {}),
          ...(body.contentType ? { 'content-type': body.contentType } : {}),
        },
        ...(body.payload === undefined ? {} : { payload: body.payload }),
        kind: body.kind,
      }),
    );
}
