import {
  CamelCasePlugin,
  type Compilable,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { camelCase } from './camel-case.js';
import { PortalQueryCompiler } from './query-compiler.js';

interface Tables {
  organisations: {
    id: string;
    legalName: string;
    mahCount: number;
    addressLine1: string;
    extraInfo: unknown;
  };
  reviewQueue: { id: string; organisationId: string; slaDueAt: Date };
  'audit.trailEntries': { id: string; actorEmail: string };
}

const kyselyWith = (compiler: () => QueryCompiler, plugins: CamelCasePlugin[]) =>
  new Kysely<Tables>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: compiler,
    },
    plugins,
  });

// Kysely's own CamelCasePlugin on its own compiler: what the portal compiled before this plugin.
const before = kyselyWith(() => new PostgresQueryCompiler(), [new CamelCasePlugin()]);
const now = kyselyWith(() => new PortalQueryCompiler(), [camelCase]);

type Build = (db: Kysely<Tables>) => Compilable;

const QUERIES: Array<[string, Build]> = [
  [
    'columns, aliases, a join and an order',
    (db) =>
      db
        .selectFrom('organisations as o')
        .innerJoin('reviewQueue', 'reviewQueue.organisationId', 'o.id')
        .select(['o.legalName', 'o.mahCount as mahTotal', 'reviewQueue.slaDueAt'])
        .where('o.addressLine1', 'ilike', '%a%')
        .orderBy('reviewQueue.slaDueAt', 'desc')
        .limit(20),
  ],
  [
    'a schema-qualified table',
    (db) => db.selectFrom('audit.trailEntries').select('actorEmail').where('id', '=', 'x'),
  ],
  [
    'raw SQL with references, identifiers and a subquery',
    (db) => ({
      compile: () =>
        sql`select count(*) as rowCount from (${db
          .selectFrom('organisations')
          .select(sql.ref('mahCount').as('someCount'))
          .where(
            sql.ref('organisations.legalName'),
            'like',
            'V%',
          )}) as ${sql.id('countedRows')} where ${sql.ref('someCount')} > ${1}`.compile(db),
    }),
  ],
  [
    'a collation, left as written',
    (db) =>
      db
        .selectFrom('organisations')
        .select('legalName')
        .orderBy('legalName', (order) => order.desc().collate('en-US-x-icu')),
  ],
  [
    'an insert with a conflict and returning',
    (db) =>
      db
        .insertInto('organisations')
        .values({ id: '1', legalName: 'A', mahCount: 1, addressLine1: 'x', extraInfo: null })
        .onConflict((oc) => oc.column('id').doUpdateSet({ legalName: (eb) => eb.ref('excluded.legalName') }))
        .returning(['id', 'legalName as nameNow']),
  ],
  [
    'an update and a delete',
    (db) => db.updateTable('organisations').set({ mahCount: 2 }).where('legalName', 'in', ['a', 'b']),
  ],
  ['a delete', (db) => db.deleteFrom('reviewQueue').where('slaDueAt', '<', new Date(0))],
  [
    'a schema statement',
    (db) =>
      db.schema
        .createTable('someTable')
        .addColumn('someColumn', 'text', (column) => column.notNull())
        .addColumn('otherColumn', 'integer'),
  ],
  [
    'a quote inside a name',
    (db) => db.selectFrom('organisations').select(sql.ref('legal"Name').as('weird"Alias')),
  ],
];

describe('PortalQueryCompiler writes the SQL CamelCasePlugin wrote', () => {
  it.each(QUERIES)('%s', (_name, build) => {
    const expected = build(before).compile();
    const compiled = build(now).compile();
    expect(compiled.sql).toBe(expected.sql);
    expect(compiled.parameters).toEqual(expected.parameters);
  });

  it('leaves a query the plugin did not see as written', () => {
    const query = now.withoutPlugins().selectFrom('organisations').select('legalName').compile();
    expect(query.sql).toBe('select "legalName" from "organisations"');
  });
});

describe('CamelCase maps result rows as CamelCasePlugin did', () => {
  const row = (index: number) => ({
    legal_name: `Org ${index}`,
    mah_count: index,
    created_at: new Date(index),
    extra_info: { nested_key: { deeper_key: 1 }, list_of: [{ item_key: 1 }, [{ not_mapped: 1 }], 'text'] },
    tags: ['a_b'],
    raw_bytes: Buffer.from('x'),
    nothing_here: null,
    '2_digits': 2,
  });
  const RESULTS: Array<[string, Array<Record<string, unknown>>]> = [
    ['rows of one shape', [row(1), row(2), row(3)]],
    ['a row of other keys among them', [row(1), { total: '10', legal_name: 'x' }, row(2)]],
    ['two keys of one camelCase name', [{ a_b: 1, aB: 2, c: 3 }]],
    ['a key named __proto__', [JSON.parse('{"__proto__": {"x_y": 1}, "plain_key": 2}')]],
    ['no rows', []],
  ];
  it.each(RESULTS)('%s', async (_name, rows) => {
    const queryId = { queryId: 'q' };
    const expected = await new CamelCasePlugin().transformResult({ result: { rows }, queryId });
    const mapped = await camelCase.transformResult({ result: { rows }, queryId });
    expect(mapped).toStrictEqual(expected);
    expect(mapped.rows.map((each) => Object.keys(each))).toEqual(
      expected.rows.map((each) => Object.keys(each)),
    );
  });
});
