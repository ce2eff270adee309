import { type Kysely, sql } from 'kysely';

/** A column as information_schema describes it (camelCased by the database's plugin). */
interface ColumnRow {
  tableName: string;
  columnName: string;
  udtName: string;
  isNullable: 'YES' | 'NO';
  columnDefault: string | null;
  isIdentity: 'YES' | 'NO';
  isGenerated: 'ALWAYS' | 'NEVER';
}

/**
 * What each PostgreSQL type reads as, through pg and PGlite alike: a bigint as text (pg does not
 * round it into a number), a json value parsed, a timestamp as a Date. A type not listed stops the
 * generation, so a migration that adds one says how it reads.
 */
const READ_AS: Record<string, string> = {
  uuid: 'string',
  text: 'string',
  bpchar: 'string',
  int4: 'number',
  int8: 'string',
  float8: 'number',
  bool: 'boolean',
  jsonb: 'unknown',
  bytea: 'Buffer',
  date: 'Date',
  timestamptz: 'Date',
  _text: 'string[]',
};

/** The migrator's own table, which no query of the API names. */
const LEFT_OUT = new Set(['schema_migrations']);

const camelCase = (name: string) => name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** A column's Kysely type: what a read gives, and whether a write may leave it out or may not give it. */
function columnType(column: ColumnRow): string {
  const read = READ_AS[column.udtName];
  if (!read)
    throw new Error(`${column.tableName}.${column.columnName}: no TypeScript type for ${column.udtName}`);
  const nullable = column.isNullable === 'YES' ? ' | null' : '';
  if (column.isGenerated === 'ALWAYS') return `ColumnType<${read}${nullable}, never, never>`;
  const defaulted = column.columnDefault !== null || column.isIdentity === 'YES';
  // A timestamp is written as a Date or as the ISO text the API receives.
  if (read === 'Date') {
    const write = `Date | string${nullable}`;
    return defaulted || nullable
      ? `ColumnType<Date${nullable}, ${write} | undefined, ${write}>`
      : `ColumnType<Date, ${write}, ${write}>`;
  }
  return defaulted ? `Generated<${read}${nullable}>` : `${read}${nullable}`;
}

/**
 * The TypeScript declaration of every table and view as the migrations leave the database: its columns,
 * their types, nullability and defaults, read from information_schema. db/schema.generated.ts holds it,
 * checked against a freshly migrated database by table-types.test.ts; db/schema.ts narrows it.
 */
export async function tableTypesSource(db: Kysely<never>): Promise<string> {
  const { rows } = await sql<ColumnRow>`
    select table_name, column_name, udt_name, is_nullable, column_default, is_identity, is_generated
    from information_schema.columns
    where table_schema = current_schema()
    order by table_name, ordinal_position`.execute(db);
  const tables = new Map<string, string[]>();
  for (const column of rows) {
    if (LEFT_OUT.has(column.tableName)) continue;
    const lines = tables.get(column.tableName) ?? [];
    lines.push(`    ${camelCase(column.columnName)}: ${columnType(column)};`);
    tables.set(column.tableName, lines);
  }
  const body = [...tables].map(([table, lines]) => `  ${camelCase(table)}: {\n${lines.join('\n')}\n  };`);
  return `${HEADER}export interface MigratedTables {\n${body.join('\n')}\n}\n`;
}

const HEADER = `// Every table and view as the migrations make them, read from a migrated database (db/table-types.ts).
// Not edited by hand: after a migration, \`npx vitest run src/db/table-types.test.ts -u\` writes it again.
import type { ColumnType, Generated } from 'kysely';

`;
