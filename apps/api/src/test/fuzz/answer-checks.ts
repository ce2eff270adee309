import { isErrorCode, REGISTRATION_COMPLETED_TEXT } from '@portal/contracts';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Operation } from './openapi-operations.js';
import type { JsonSchema } from './schema-arbitraries.js';

/** What came back from app.inject, as much as the checks read. */
export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/**
 * OpenAPI 3.0's `nullable: true` as JSON Schema: `anyOf [the schema, null]` (ajv's own nullable keyword
 * needs a `type` beside it, which the document's nullable anyOf and enum [null] lack).
 */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { nullable, ...rest } = schema as JsonSchema & Record<string, unknown>;
  const converted = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [
      key,
      key === 'properties'
        ? Object.fromEntries(
            Object.entries(value as object).map(([name, property]) => [name, toJsonSchema(property)]),
          )
        : key === 'enum' || key === 'required'
          ? value
          : toJsonSchema(value),
    ]),
  );
  return nullable ? { anyOf: [converted, { type: 'null' }] } : converted;
}

/**
 * Checks 2xx bodies against the document's response schemas with ajv: the document is what clients are
 * promised, and the route's own zod schema already ran in the serializer (a body it refuses is a 500),
 * so only the document can catch a response the OpenAPI text describes wrongly.
 */
export class ResponseValidators {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    addFormats.default(this.ajv);
  }

  validatorFor(operation: Operation, status: number): ValidateFunction | undefined {
    const schema = operation.responses[status];
    if (!schema) return undefined;
    const key = `${operation.method} ${operation.path} ${status}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(schema) as object);
      this.compiled.set(key, validate);
    }
    return validate;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * spec §8, the one error shape: `{ code, message }` or a non-empty list of them (validation errors, with a
 * field), each code one the SPA's catalogue has (contracts ERROR_CODES; a message that is the catalogue's
 * server text counts, as the SPA reads it first). Returns what is wrong, or undefined.
 */
export function errorShapeProblem(body: unknown): string | undefined {
  const entries = Array.isArray(body) ? body : [body];
  if (entries.length === 0) return 'an empty error list';
  for (const entry of entries) {
    if (!isRecord(entry)) return `an error entry that is not an object: ${JSON.stringify(entry)}`;
    if (typeof entry.code !== 'string' || typeof entry.message !== 'string') {
      return `an error entry without a string code and message: ${JSON.stringify(entry)}`;
    }
    if (entry.field !== undefined && typeof entry.field !== 'string')
      return `a field that is not a string: ${JSON.stringify(entry)}`;
    if (!isErrorCode(entry.code) && entry.message !== REGISTRATION_COMPLETED_TEXT) {
      return `the code ${entry.code}, which the SPA's catalogue does not know`;
    }
  }
  return undefined;
}

const parse = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

/** What is wrong with an answer to a request of this operation, or undefined when it is fine. */
export function answerProblem(
  operation: Operation,
  answer: Answer,
  validators: ResponseValidators,
): string | undefined {
  const { statusCode: status, body } = answer;
  if (status >= 500) return `a ${status}: ${body.slice(0, 500)}`;
  if (status >= 400) {
    const contentType = String(answer.headers['content-type'] ?? '');
    if (!contentType.startsWith('application/json'))
      return `a ${status} of type ${contentType}: ${body.slice(0, 300)}`;
    const parsed = parse(body);
    if (!parsed.ok) return `a ${status} whose body is not JSON: ${body.slice(0, 300)}`;
    const problem = errorShapeProblem(parsed.value);
    return problem ? `a ${status} with ${problem}` : undefined;
  }
  if (status === 204) return body === '' ? undefined : `a 204 with a body: ${body.slice(0, 300)}`;
  if (status >= 200 && status < 300) {
    const validate = validators.validatorFor(operation, status);
    if (!validate) {
      // Downloads and CSV exports have no JSON schema; a JSON answer must have one, for a documented status.
      const contentType = String(answer.headers['content-type'] ?? '');
      return contentType.startsWith('application/json') && Object.keys(operation.responses).length > 0
        ? `a ${status}, a status the document does not list (${Object.keys(operation.responses).join(', ')})`
        : undefined;
    }
    const parsed = parse(body);
    if (!parsed.ok) return `a ${status} whose body is not JSON: ${body.slice(0, 300)}`;
    if (!validate(parsed.value)) {
      return `a ${status} that does not match its response schema: ${validate.errors
        ?.slice(0, 5)
        .map((error) => `${error.instancePath || '/'} ${error.message}`)
        .join('; ')}`;
    }
  }
  return undefined;
}
