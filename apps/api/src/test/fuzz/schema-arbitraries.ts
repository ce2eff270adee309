import fc from 'fast-check';

/** The part of JSON Schema (as @fastify/swagger writes OpenAPI 3.0 from the routes' zod schemas) used here. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** Generated strings and arrays stay short past their minimum: long ones are the invalid values' job. */
const SPAN = 12;
/** Numbers stay near the ranges real records use, unless the schema says otherwise. */
const NUMBER_BOUND = 1_000_000;

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/**
 * Values a schema accepts, as far as generation can tell: a property that fails its schema is the invalid
 * values' business, so a valid generator that sometimes misses (a pattern with lookaheads) only costs a 400.
 */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const base = nonNull(schema);
  return schema.nullable
    ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) })
    : base;
}

function nonNull(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map(validValue));
  if (schema.allOf && schema.allOf.length > 0) return validValue(Object.assign({}, ...schema.allOf));
  const [type] = typesOf(schema);
  switch (type ?? (schema.properties ? 'object' : undefined)) {
    case 'string':
      return validString(schema);
    case 'integer': {
      // Mostly near the minimum, where real values are (a record's version is 1 or 2), else anywhere.
      const { min, max } = numberRange(schema, true);
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 3) }), fc.integer({ min, max }));
    }
    case 'number':
      return fc.double({ ...numberRange(schema, false), noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? minLength + 3, minLength + 3);
      return fc.array(validValue(schema.items ?? {}), { minLength, maxLength });
    }
    case 'object':
      return validObject(schema);
    default:
      return fc.oneof(fc.string({ maxLength: SPAN }), fc.integer(), fc.boolean());
  }
}

function validObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const shape = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [key, validValue(value)]),
  );
  return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
}

function numberRange(schema: JsonSchema, integer: boolean) {
  const increment = integer ? 1 : Number.EPSILON;
  const min = Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -Infinity) + increment, -NUMBER_BOUND);
  const max = Math.min(schema.maximum ?? (schema.exclusiveMaximum ?? Infinity) - increment, NUMBER_BOUND);
  return integer
    ? { min: Math.ceil(min), max: Math.floor(Math.max(min, max)) }
    : { min, max: Math.max(min, max) };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dates = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2035-12-31T00:00:00Z'),
  noInvalidDate: true,
});

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? minLength + SPAN;
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength;
  switch (schema.format) {
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'date':
      return dates.map(isoDay);
    case 'date-time':
      return dates.map((date) => date.toISOString());
    case 'email':
      return fc
        .emailAddress()
        .map((email) => email.toLowerCase())
        .filter(fits);
  }
  if (schema.pattern) {
    // A pattern is a regular expression fast-check writes strings for; over-long ones are cut down to a
    // few, since lookaheads or lengths it cannot see make some of them miss (a 400, not a failure).
    return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  }
  return fc.string({ minLength, maxLength: Math.min(maxLength, minLength + SPAN), unit: 'grapheme-ascii' });
}

/** A long run of one character: past every field's maxLength, under the 1 MiB body limit. */
const HUGE = 'x'.repeat(100_000);
const NESTED_DEPTH = 200;

/** An object or array nested `depth` levels deep (JSON parsers and validators must not fall over). */
const deeplyNested = (depth: number, leaf: unknown = 1): unknown => {
  let value: unknown = leaf;
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { a: value };
  return value;
};

/**
 * Strings a field is unlikely to accept, or that must be refused cleanly: empty, blank, huge, non-ASCII,
 * control characters, injection-shaped and malformed ids.
 */
export const badString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\t\n',
    HUGE,
    '\u0000',
    'a\u0000b',
    '\u0007\u001b[31m\u007f',
    '\ud800',
    '💥🚀',
    'ÆØÅ ü ß Ω 中文 العربية',
    '\u202e\u200b',
    "' OR 1=1 --",
    '%00',
    '%',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '__proto__',
    'null',
    'NaN',
    '-1',
    '1e309',
    'not-a-uuid',
    '00000000-0000-0000-0000-00000000000g',
    '00000000-0000-4000-8000-000000000000x',
    '{{7*7}}',
    // Text a caller may try to pass off as the portal's own words in a mail, and a formula a spreadsheet in
    // a `;`-separated locale would run from an export.
    'ACME\n\nSECURITY NOTICE: sign in again at https://evil.test',
    'ACME\u2028NOTICE',
    "Beta;=cmd|' /C calc'!A0",
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Numbers outside what a field takes: negative, fractional, enormous, and the IEEE oddities JSON allows. */
export const badNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    -1e308,
    1e308,
    2 ** 31,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    // Past what a browser measures of a web vital (contracts VITAL_BOUNDS).
    600_000,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any value of the wrong kind for a field: the invalid values a JSON body can carry. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: badString },
  { weight: 2, arbitrary: badNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { __proto__: null }) },
  { weight: 1, arbitrary: fc.constant(deeplyNested(NESTED_DEPTH)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constant({ constructor: { prototype: { polluted: true } } }) },
);
