import { describe, expect, it } from 'vitest';
import { checkShape } from './check-shape';

const SHAPE = {
  name: 'string',
  note: 'string?',
  on: 'boolean',
  hosts: 'string[]',
  mode: ['redirect', 'popup'],
  nested: { id: 'string' },
} as const;

const valid = { name: 'a', on: false, hosts: ['x', 'y'], mode: 'popup', nested: { id: '1' } };

describe('checkShape', () => {
  it('accepts a value of the shape and gives back its described fields', () => {
    expect(checkShape(SHAPE, valid)).toEqual({ success: true, data: valid });
    expect(checkShape(SHAPE, { ...valid, note: 'n' })).toEqual({
      success: true,
      data: { ...valid, note: 'n' },
    });
  });

  it('drops the fields the shape does not describe, at every level', () => {
    const result = checkShape(SHAPE, { ...valid, extra: 1, nested: { id: '1', more: true } });
    expect(result).toEqual({ success: true, data: valid });
  });

  it.each([
    ['a missing string', { ...valid, name: undefined }, ['name']],
    ['a number for a string', { ...valid, name: 3 }, ['name']],
    ['null for an optional string', { ...valid, note: null }, ['note']],
    ['a string for a boolean', { ...valid, on: 'false' }, ['on']],
    ['a list holding a number', { ...valid, hosts: ['x', 2] }, ['hosts']],
    ['a string for a list', { ...valid, hosts: 'x' }, ['hosts']],
    ['a value not among the allowed', { ...valid, mode: 'silent' }, ['mode']],
    ['a nested field', { ...valid, nested: { id: 1 } }, ['nested.id']],
    ['a list for a nested object', { ...valid, nested: [] }, ['nested']],
    ['several fields', { ...valid, name: 1, nested: {} }, ['name', 'nested.id']],
  ])('refuses %s, naming the field', (_case, value, invalidFields) => {
    expect(checkShape(SHAPE, value)).toEqual({ success: false, invalidFields });
  });

  it.each([null, [], 'text', 42])('refuses %j as a whole', (value) => {
    expect(checkShape(SHAPE, value)).toEqual({ success: false, invalidFields: [''] });
  });
});
