import { ORGANISATIONS_LIST } from '@portal/contracts';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camelCase } from '../db/camel-case.js';
import { PortalQueryCompiler } from '../db/query-compiler.js';
import type { DB } from '../db/schema.js';
import { type ListResource, parseListRequest } from '../http/list-request.js';
import { createTestDatabase } from '../test/test-database.js';
import { buildListQueries, escapeLike, listQueries, runList } from './list-sql.js';

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

describe('the SQL of a list request, cached by its shape', () => {
  // Compiles only: the portal's compiler and plugin on a driver that runs nothing.
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PortalQueryCompiler(),
    },
    plugins: [camelCase],
  });
  const organisations = () =>
    db.selectFrom('organisations').select(['id', 'legalName', 'stage', 'createdAt', 'submittedAt']);
  // A base with parameters of its own, as a queue's (its check type, the caller, the time).
  const withParameters = (actor: string, now: Date) =>
    organisations()
      .where('stage', 'in', ['INFORMATION', 'MAINTENANCE'])
      .where('email', '=', actor)
      .where('createdAt', '<', now);
  const users: ListResource = {
    fields: { email: { type: 'text' }, roles: { type: 'textArray' } },
    searchFields: ['email'],
    defaultOrder: ['email'],
    tieBreaker: 'id',
    maxLimit: 100,
  };
  type Base = () => ReturnType<typeof organisations>;
  const ORGANISATIONS: Base = organisations;

  // Each row: a request, then another of the same shape (other values, page and limit) that reuses its SQL.
  const ROWS: Array<[string, Base, Base, ListResource, string, string]> = [
    [
      'filters and an order',
      ORGANISATIONS,
      ORGANISATIONS,
      ORGANISATIONS_LIST,
      'stage=INFORMATION&address.country=BE&order=-createdAt',
      'stage=MAINTENANCE&address.country=FR&order=-createdAt&page=3&limit=5',
    ],
    ['free text', ORGANISATIONS, ORGANISATIONS, ORGANISATIONS_LIST, 'search=elmar', 'search=50%_a'],
    [
      'nested and/or',
      ORGANISATIONS,
      ORGANISATIONS,
      ORGANISATIONS_LIST,
      'or.stage=MAINTENANCE&or.and.mahCount.gte=11&or.and.address.country=FR&order=-submittedAt',
      'or.stage=INFORMATION&or.and.mahCount.gte=2&or.and.address.country=BE&order=-submittedAt&page=2',
    ],
    [
      'several values, not, starts, ends and dates',
      ORGANISATIONS,
      ORGANISATIONS,
      ORGANISATIONS_LIST,
      'stage=INFORMATION,MAINTENANCE&orgType.not=OPM,PD&legalName=Ac*&email=*.be&createdAt.gte=2024-01-01',
      'stage=REGISTERED,APPROVALS&orgType.not=PD,OPM&legalName=Zz*&email=*.fr&createdAt.gte=2025-06-30',
    ],
    [
      'a base with parameters of its own',
      () => withParameters('a@x.example', new Date(1)),
      () => withParameters('b@x.example', new Date(2)),
      ORGANISATIONS_LIST,
      'mahCount.lt=3',
      'mahCount.lt=9&page=4',
    ],
    [
      'a text[] filter',
      ORGANISATIONS,
      ORGANISATIONS,
      users,
      'roles=ADMIN,EMVO&email=a*',
      'roles=X,Y&email=b*',
    ],
  ];

  it.each(ROWS)(
    "%s: the second request is filled in from the first one's SQL",
    (_name, firstBase, secondBase, resource, first, second) => {
      const request = (query: string) =>
        parseListRequest(Object.fromEntries(new URLSearchParams(query)), resource);
      listQueries(db, firstBase(), request(first), resource);
      const cached = listQueries(db, secondBase(), request(second), resource);
      const built = buildListQueries(secondBase(), request(second), resource);
      const fresh = {
        items: built.items.compile(),
        count: built.count.compile(db),
        estimate: built.estimate.compile(db),
      };
      for (const part of ['items', 'count', 'estimate'] as const) {
        expect(cached[part].sql).toBe(fresh[part].sql);
        expect(cached[part].parameters).toEqual(fresh[part].parameters);
        // Filled in, not built: CompiledQuery.raw's node, where a built query has its select's.
        expect(cached[part].query.kind).toBe('RawNode');
      }
    },
  );

  it('another shape of the same list has SQL of its own', () => {
    const request = (query: string) =>
      parseListRequest(Object.fromEntries(new URLSearchParams(query)), ORGANISATIONS_LIST);
    listQueries(db, organisations(), request('stage=INFORMATION'), ORGANISATIONS_LIST);
    const other = listQueries(
      db,
      organisations(),
      request('stage=INFORMATION,MAINTENANCE'),
      ORGANISATIONS_LIST,
    );
    expect(other.items.query.kind).toBe('SelectQueryNode');
    expect(other.items.sql).toBe(
      buildListQueries(
        organisations(),
        request('stage=INFORMATION,MAINTENANCE'),
        ORGANISATIONS_LIST,
      ).items.compile().sql,
    );
  });
});
