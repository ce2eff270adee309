import { Mutex, type PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  type QueryResult,
} from 'kysely';
import { PortalQueryCompiler } from './query-compiler.js';

/**
 * A Kysely dialect for PGlite. PGlite is one connection, so a Kysely connection is a turn holding a
 * mutex: a transaction owns the database until it commits, and no concurrent request's statement can
 * land inside it. (kysely-pglite hands every caller the same connection unguarded, which interleaves
 * concurrent requests into each other's transactions; it also pulls in a code generator and a CLI.)
 */
export function createPgliteDialect(client: PGlite): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PgliteDriver(client),
    createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PortalQueryCompiler(),
  };
}

class PgliteDriver implements Driver {
  readonly #client: PGlite;
  readonly #turn = new Mutex();

  constructor(client: PGlite) {
    this.#client = client;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#turn.acquire();
    return new PgliteConnection(this.#client, release);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof PgliteConnection) connection.release();
  }

  async destroy(): Promise<void> {
    await this.#client.close();
  }
}

class PgliteConnection implements DatabaseConnection {
  readonly #client: PGlite;
  readonly release: () => void;

  constructor(client: PGlite, release: () => void) {
    this.#client = client;
    this.release = release;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#client.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected === undefined ? {} : { numAffectedRows: BigInt(affected) }),
    };
  }

  // biome-ignore lint/correctness/useYield: PGlite cannot stream; Kysely only calls this for .stream().
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries');
  }
}
