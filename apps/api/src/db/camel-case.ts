import {
  CamelCasePlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** Set on a query's root node by CamelCase.transformQuery: compile its identifiers snake_cased. */
const SNAKE_CASED = Symbol('snakeCased');

/** Whether CamelCase marked this query: PortalQueryCompiler then writes its identifiers snake_cased. */
export const isSnakeCased = (node: RootOperationNode): boolean => SNAKE_CASED in node;

/** Writes one row of a result's shape: its keys camelCased, each value through `value` (nested objects). */
type RowWriter = (row: UnknownRow, value: (value: unknown) => unknown) => UnknownRow;

/** Result shapes whose writer is kept; a result of any other shape is mapped key by key. */
const MAX_ROW_WRITERS = 500;

/**
 * Whether this realm compiles code from strings: a page whose Content-Security-Policy forbids it (mock
 * mode's worker runs this code in the browser) maps every row as CamelCasePlugin does.
 */
const CAN_COMPILE = (() => {
  try {
    return new Function('return true')() === true;
  } catch {
    return false;
  }
})();

/** Kysely's isPlainObject (util/object-utils.js), which CamelCasePlugin maps nested values by. */
function isPlainObject(value: unknown): value is UnknownRow {
  if (
    typeof value !== 'object' ||
    value === null ||
    Object.prototype.toString.call(value) !== '[object Object]'
  )
    return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === null) return true;
  let root: unknown = value;
  while (Object.getPrototypeOf(root) !== null) root = Object.getPrototypeOf(root);
  return prototype === root;
}

/**
 * TypeScript speaks camelCase, the tables snake_case. Kysely's CamelCasePlugin snake-cases a query by
 * rebuilding its whole tree (a copy of every node) before it is compiled, and maps each row key by key:
 * together the largest share of a list request's time (bench/api-list). This plugin only marks
 * the query, and PortalQueryCompiler (db/query-compiler.ts) snake-cases each identifier as it writes it:
 * the same SQL from the same function, without the copy. Results are mapped as the plugin maps them
 * (every row's keys, and those of nested plain objects, a JSON column's, camelCased), by a writer made
 * once per row shape.
 */
export class CamelCase extends CamelCasePlugin {
  readonly #rowWriters = new Map<string, RowWriter>();
  readonly #value = (value: unknown) => this.#mapValue(value);

  override transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const marked = { ...node, [SNAKE_CASED]: true };
    return marked;
  }

  override async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (!Array.isArray(result.rows)) return result;
    return { ...result, rows: this.#mapRows(result.rows) };
  }

  /**
   * The rows of one result have one shape (the driver names every row's columns alike): the first row's
   * keys pick a writer, an object literal of the camelCased keys, which each row of the same keys goes
   * through. A row of other keys is mapped as CamelCasePlugin maps it.
   */
  #mapRows(rows: UnknownRow[]): UnknownRow[] {
    const [first] = rows;
    if (first === undefined) return [];
    const keys = Object.keys(first);
    const write = this.#rowWriter(keys);
    return rows.map((row) => (write && sameKeys(row, keys) ? write(row, this.#value) : this.mapRow(row)));
  }

  #rowWriter(keys: string[]): RowWriter | undefined {
    const shape = keys.join(',');
    const known = this.#rowWriters.get(shape);
    if (known || !CAN_COMPILE || this.#rowWriters.size >= MAX_ROW_WRITERS || keys.includes('__proto__')) {
      return known;
    }
    // Keys become string literals through JSON.stringify: a column's name cannot inject code. A duplicate
    // camelCased key keeps the first one's place and the last one's value, as the plugin's assignments do.
    const fields = keys.map((key) => {
      const read = `(v = row[${JSON.stringify(key)}], typeof v === 'object' && v !== null ? value(v) : v)`;
      return `${JSON.stringify(this.camelCase(key))}: ${read}`;
    });
    const write = new Function('row', 'value', `let v; return { ${fields.join(', ')} };`) as RowWriter;
    this.#rowWriters.set(shape, write);
    return write;
  }

  /** CamelCasePlugin.mapRow's handling of one value: plain objects mapped, and those in an array. */
  #mapValue(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => (isPlainObject(item) ? this.mapRow(item) : item));
    return isPlainObject(value) ? this.mapRow(value) : value;
  }

  /** The snake_case name of an identifier (memoized by the plugin). */
  snakeCaseOf(identifier: string): string {
    return this.snakeCase(identifier);
  }
}

function sameKeys(row: UnknownRow, keys: string[]): boolean {
  const own = Object.keys(row);
  if (own.length !== keys.length) return false;
  for (let index = 0; index < own.length; index += 1) if (own[index] !== keys[index]) return false;
  return true;
}

/** The one instance, whose memo of names every database shares. */
export const camelCase = new CamelCase();
