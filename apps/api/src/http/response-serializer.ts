import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type core, z } from 'zod/mini';

type Schema = core.$ZodType | { properties: core.$ZodType };

/** The zod schema of a route's response, as fastify hands it over (a schema, or one under `properties`). */
function zodSchemaOf(schema: Schema): core.$ZodType {
  return schema instanceof z.core.$ZodType ? schema : schema.properties;
}

/**
 * The JSON schema of what a response schema writes: zod's output side, dates as ISO strings (what
 * JSON.stringify makes of a Date, as the zod serializer wrote them), in the draft fast-json-stringify reads.
 */
export function responseJsonSchema(schema: core.$ZodType) {
  const jsonSchema = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-07',
    // A Date, a transform, a bigint: no JSON schema says them; the override says dates, the others are
    // written by JSON.stringify, as the zod serializer wrote them.
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'date') {
        jsonSchema.type = 'string';
        jsonSchema.format = 'date-time';
      }
    },
  });
  return withNullableTypes(jsonSchema);
}

type JsonNode = { [key: string]: unknown };
const isNode = (value: unknown): value is JsonNode => typeof value === 'object' && value !== null;

/**
 * zod says `x.nullable()` as `anyOf: [x, {type: 'null'}]`, which fast-json-stringify can only write by
 * running ajv over the value to pick a branch (a schema lookup per nullable field of every row, most of
 * the serializer's time in the profile); `type: [x's type, 'null']` says the same and compiles to a null
 * check. Only a branch with a single type is merged (not a $ref, an object union or an already-listed type).
 */
function withNullableTypes<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withNullableTypes) as T;
  if (!isNode(value)) return value;
  const node: JsonNode = Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, withNullableTypes(child)]),
  );
  const branches = node.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullIndex = branches.findIndex((branch) => isNode(branch) && branch.type === 'null');
    const other = branches[1 - nullIndex];
    if (nullIndex >= 0 && isNode(other) && typeof other.type === 'string' && other.type !== 'null') {
      const { anyOf: _, ...rest } = node;
      return { ...rest, ...other, type: [other.type, 'null'] } as T;
    }
  }
  return node as T;
}

export interface ResponseSerializerOptions {
  /**
   * Also run every response through its zod schema and through the zod serializer, and refuse it (500,
   * as before) when it does not match, or when the compiled serializer writes other JSON than zod's would.
   * On in tests (NODE_ENV=test): every response an API test reads is proved to match its declared schema.
   */
  check: boolean;
}

/**
 * Writes responses with fast-json-stringify compiled from the route's response schema, instead of the zod
 * serializer, which parses (encodes) every response through zod and then calls JSON.stringify: on a list
 * page of 20 rows that costs about four times as much (bench/api-list, profile-top.mjs). Like zod's, the
 * compiled serializer writes only the declared properties and fails on a missing required one; it does
 * not check values (an enum, a uuid's format) — the tests do, with `check`.
 */
export function responseSerializerCompiler({
  check,
}: ResponseSerializerOptions): FastifySerializerCompiler<Schema> {
  return (route) => {
    const schema = zodSchemaOf(route.schema);
    const compiled = fastJson(responseJsonSchema(schema) as Parameters<typeof fastJson>[0]);
    if (!check) return compiled;
    const viaZod = zodSerializerCompiler({ ...route, schema });
    return (data) => {
      const expected = viaZod(data); // throws ResponseSerializationError when the data does not match
      const written = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `${route.method} ${route.url}: the compiled serializer wrote ${written}, the zod serializer ${expected}`,
        );
      }
      return written;
    };
  };
}
