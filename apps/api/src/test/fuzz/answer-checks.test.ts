import { REGISTRATION_COMPLETED_TEXT } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  type Answer,
  answerProblem,
  errorShapeProblem,
  ResponseValidators,
  toJsonSchema,
} from './answer-checks.js';
import type { Operation } from './openapi-operations.js';

const operation: Operation = {
  method: 'GET',
  path: '/api/things/{id}',
  access: 'public',
  pathParams: [],
  queryParams: [],
  body: 'none',
  responses: {
    200: {
      type: 'object',
      properties: { id: { type: 'string', format: 'uuid' }, note: { type: 'string', nullable: true } },
      required: ['id', 'note'],
      additionalProperties: false,
    },
  },
};
const json = (statusCode: number, body: unknown): Answer => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});
const check = (answer: Answer) => answerProblem(operation, answer, new ResponseValidators());
const ID = '6f1c2a7e-3b9d-4c1a-9e2f-0a1b2c3d4e5f';

describe('the one error shape (spec §8)', () => {
  it.each([
    ['a code and message', { code: 'NOT_FOUND', message: 'Not found' }],
    ['a list of validation entries', [{ code: 'INVALID_FIELD', field: 'name', message: 'Too short' }]],
    [
      "the catalogue's server text as the message",
      { code: 'REGISTRATION_COMPLETED', message: REGISTRATION_COMPLETED_TEXT },
    ],
  ])('accepts %s', (_case, body) => {
    expect(errorShapeProblem(body)).toBeUndefined();
  });

  it.each([
    ["Fastify's own shape", { statusCode: 400, code: 'FST_ERR_BAD_URL', error: 'Bad Request', message: 'x' }],
    ['a code the catalogue lacks', { code: 'SOMETHING_NEW', message: 'x' }],
    ['no message', { code: 'NOT_FOUND' }],
    ['an empty list', []],
    [
      'a list with one bad entry',
      [
        { code: 'INVALID_FIELD', message: 'x' },
        { code: 'NOPE', message: 'y' },
      ],
    ],
    ['a field that is not text', [{ code: 'INVALID_FIELD', message: 'x', field: 3 }]],
    ['a bare string', 'Bad Request'],
  ])('refuses %s', (_case, body) => {
    expect(errorShapeProblem(body)).toEqual(expect.any(String));
  });
});

describe('an answer against its operation', () => {
  it('refuses every 5xx', () => {
    expect(check(json(500, { code: 'DEFAULT_ERROR', message: 'x' }))).toContain('a 500');
  });

  it('refuses a 4xx that is not JSON', () => {
    expect(check({ statusCode: 404, headers: { 'content-type': 'text/html' }, body: '<h1>' })).toContain(
      'text/html',
    );
  });

  it('takes a 2xx that matches the response schema, nullable included', () => {
    expect(check(json(200, { id: ID, note: null }))).toBeUndefined();
    expect(check(json(200, { id: ID, note: 'hi' }))).toBeUndefined();
  });

  it('refuses a 2xx that does not', () => {
    expect(check(json(200, { id: 'not-a-uuid', note: null }))).toContain('/id');
    expect(check(json(200, { id: ID }))).toContain('note');
    expect(check(json(200, { id: ID, note: null, extra: 1 }))).toContain('additional');
  });

  it('refuses a 204 with a body', () => {
    expect(check({ statusCode: 204, headers: {}, body: 'x' })).toContain('204');
  });
});

describe("OpenAPI 3.0's nullable as JSON Schema", () => {
  it('turns nullable into anyOf with null, nested too, leaving enum and required alone', () => {
    expect(
      toJsonSchema({
        type: 'object',
        properties: { a: { nullable: true, anyOf: [{ type: 'string' }] } },
        required: ['a'],
      }),
    ).toEqual({
      type: 'object',
      properties: { a: { anyOf: [{ anyOf: [{ type: 'string' }] }, { type: 'null' }] } },
      required: ['a'],
    });
    expect(toJsonSchema({ type: 'string', nullable: true, enum: [null] })).toEqual({
      anyOf: [{ type: 'string', enum: [null] }, { type: 'null' }],
    });
  });
});
