import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.js';
import { type ListResource, parseListRequest } from './list-resource.js';
import { escapeLike, runList } from './list-sql.js';

describe('escapeLike', () => {
  it.each([
    ['a percent sign is literal', '50%', '50\\%'],
    ['an underscore is literal', 'a_b', 'a\\_b'],
    ['a backslash is literal', 'a\\b', 'a\\\\b'],
    ['plain text is unchanged', 'acme', 'acme'],
  ])('%s', (_rule, value, expected) => {
    expect(escapeLike(value)).toBe(expected);
  });
});

describe('textArray fields: a text[] column filtered by the values it holds', () => {
  const database = createTestDatabase();
  // users.roles is a text[] column; a list over it, declared here, exercises the field type alone.
  const usersList: ListResource = {
    fields: {
      email: { type: 'text' },
      roles: { type: 'textArray' },
      knownRoles: { column: 'roles', type: 'textArray', values: ['ADMIN', 'EMVO', 'EXTERNAL'] },
    },
    searchFields: ['email'],
    defaultOrder: ['email'],
    tieBreaker: 'id',
    maxLimit: 100,
  };
  const USERS = [
    ['a@x.example', ['ADMIN']],
    ['b@x.example', ['ADMIN', 'EMVO']],
    ['c@x.example', ['EMVO']],
    ['d@x.example', ['EXTERNAL']],
    ['e@x.example', []],
  ] as const;

  beforeAll(async () => {
    const { db } = await database;
    await db
      .insertInto('users')
      .values(
        USERS.map(([email, roles]) => ({
          email,
          displayName: email,
          roles: [...roles],
          createdBy: 'test',
          updatedBy: 'test',
        })),
      )
      .execute();
  });
  afterAll(async () => (await database).close());

  const emails = async (query: Record<string, string>) => {
    const { db } = await database;
    const page = await runList(
      db,
      db.selectFrom('users').select(['id', 'email']),
      parseListRequest(query, usersList),
      usersList,
    );
    return page.items.map((row) => row.email.slice(0, 1));
  };

  it.each([
    ['equal: the rows holding the value', { roles: 'ADMIN' }, ['a', 'b']],
    ['equal with several values: the rows holding all of them', { roles: 'ADMIN,EMVO' }, ['b']],
    ['like is equal', { 'roles.like': 'EMVO' }, ['b', 'c']],
    ['not: the rows without the value, an empty array included', { 'roles.not': 'ADMIN' }, ['c', 'd', 'e']],
    [
      'not with several values: the rows lacking one of them',
      { 'roles.not': 'ADMIN,EMVO' },
      ['a', 'c', 'd', 'e'],
    ],
    ['a value no row holds', { roles: 'NOBODY' }, []],
    ['with another filter', { roles: 'EMVO', email: 'c*' }, ['c']],
    ['inside whereMulti or', { 'or.roles': 'EXTERNAL', 'or.email': 'a*' }, ['a', 'd']],
    ['a field with its accepted values', { knownRoles: 'EXTERNAL' }, ['d']],
  ])('%s', async (_rule, query, expected) => {
    expect(await emails(query)).toEqual(expected);
  });

  it.each([
    ['contains (a text filter)', { roles: '*DM*' }, 'INVALID_FILTER_TYPE'],
    ['starts (a text filter)', { roles: 'AD*' }, 'INVALID_FILTER_TYPE'],
    ['an ordered filter', { 'roles.gt': 'A' }, 'INVALID_FILTER_TYPE'],
    ['a sort key', { order: 'roles' }, 'INVALID_ORDER'],
    ['a value outside the accepted ones', { knownRoles: 'ROOT' }, 'INVALID_VALUE'],
  ])('answers 400 to %s', async (_case, query, code) => {
    await expect(emails(query)).rejects.toMatchObject({ statusCode: 400, code });
  });
});

describe('runList sorting by a column named like the page-key alias', () => {
  const database = createTestDatabase();
  const tooltipsList: ListResource = {
    fields: { key: { type: 'text' } },
    searchFields: [],
    defaultOrder: ['key'],
    tieBreaker: 'id',
    maxLimit: 100,
  };

  beforeAll(async () => {
    const { db } = await database;
    // The ids run against the keys, so a page ordered by id instead of key shows at once.
    await db
      .insertInto('tooltips')
      .values(
        [
          ['a.first', 'ffffffff-ffff-4fff-8fff-ffffffffffff'],
          ['b.second', '88888888-8888-4888-8888-888888888888'],
          ['c.third', '00000000-0000-4000-8000-000000000000'],
        ].map(([key = '', id = '']) => ({
          id,
          key,
          screen: 'test',
          text: key,
          createdBy: 't',
          updatedBy: 't',
        })),
      )
      .execute();
  });
  afterAll(async () => (await database).close());

  it.each([
    ['the first page', { limit: '2' }, ['a.first', 'b.second']],
    ['the second page', { limit: '2', page: '2' }, ['c.third']],
    ['descending', { order: '-key', limit: '1' }, ['c.third']],
  ])('orders %s by the column, not by the page keys', async (_case, query, expected) => {
    const { db } = await database;
    const page = await runList(
      db,
      db.selectFrom('tooltips').select(['id', 'key']),
      parseListRequest(query, tooltipsList),
      tooltipsList,
    );
    expect(page.items.map((row) => row.key)).toEqual(expected);
  });
});
