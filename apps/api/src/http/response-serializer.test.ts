import { listPageSchema } from '@portal/contracts';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { responseJsonSchema, responseSerializerCompiler } from './response-serializer.js';

const row = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.nullable(z.string()),
  stage: z.enum(['INFORMATION', 'MAINTENANCE']),
  address: z.object({ city: z.nullable(z.string()) }),
  note: z.optional(z.string()),
  submittedAt: z.nullable(z.date()),
  createdAt: z.date(),
  tags: z.array(z.string()),
  version: z.number().check(z.int()),
});
const pageSchema = listPageSchema(row);

const created = new Date('2026-03-04T05:06:07.089Z');
const aRow = {
  id: '0b6c1f6e-9a57-4c1b-9d1e-2f1b8c0d5e41',
  name: 'Elmar "Pharma" \u2028 Ltd',
  email: null,
  stage: 'INFORMATION',
  address: { city: 'Brussels' },
  submittedAt: null,
  createdAt: created,
  tags: ['a', 'b'],
  version: 3,
};
const page = (items: unknown[]) => ({ items, page: 1, limit: 20, total: 2, totalEstimated: false });

const compile = (check: boolean) =>
  responseSerializerCompiler({ check })({ schema: pageSchema, method: 'GET', url: '/things' });

describe('responseSerializerCompiler', () => {
  it('writes what the zod serializer wrote: dates as ISO strings, nulls, absent optionals, nested objects', () => {
    const second = { ...aRow, note: 'n', submittedAt: created, email: 'a@b.eu' };
    const written = compile(false)(page([aRow, second]));
    expect(JSON.parse(written)).toEqual({
      ...page([
        { ...aRow, createdAt: created.toISOString() },
        { ...second, createdAt: created.toISOString(), submittedAt: created.toISOString() },
      ]),
    });
  });

  it('writes only the declared properties, as zod stripped the others', () => {
    const written = compile(false)(page([{ ...aRow, secret: 'x', address: { city: 'B', street: 'y' } }]));
    expect(written).not.toContain('secret');
    expect(written).not.toContain('street');
  });

  it('refuses an answer that lacks a required property, checked or not', () => {
    const { name: _, ...nameless } = aRow;
    expect(() => compile(false)(page([nameless]))).toThrow(/name/);
    expect(() => compile(true)(page([nameless]))).toThrow();
  });

  it('checked (tests): refuses an answer its schema does not allow, which the compiled serializer alone writes', () => {
    const wrong = page([{ ...aRow, stage: 'SOMETHING_ELSE' }]);
    expect(compile(false)(wrong)).toContain('SOMETHING_ELSE');
    expect(() => compile(true)(wrong)).toThrow(ResponseSerializationError);
  });

  it('checked: answers the compiled JSON when it matches', () => {
    const data = page([aRow]);
    expect(compile(true)(data)).toBe(compile(false)(data));
  });

  it('says a nullable field as a type list, not an anyOf fast-json-stringify would resolve with ajv per value', () => {
    const written = JSON.stringify(responseJsonSchema(pageSchema));
    expect(written).not.toContain('anyOf');
    expect(responseJsonSchema(row).properties?.submittedAt).toMatchObject({
      type: ['string', 'null'],
      format: 'date-time',
    });
  });

  it('keeps a union that is more than a nullable type', () => {
    const either = z.object({
      value: z.nullable(z.union([z.object({ a: z.string() }), z.object({ b: z.number() })])),
    });
    expect(JSON.stringify(responseJsonSchema(either))).toContain('anyOf');
    const write = responseSerializerCompiler({ check: true })({ schema: either, method: 'GET', url: '/x' });
    for (const value of [{ a: 'x' }, { b: 3 }, null]) expect(JSON.parse(write({ value }))).toEqual({ value });
  });
});
