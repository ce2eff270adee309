import type { Kysely } from 'kysely';
import type { Notifications, StopListening } from '../node/notification-listener.js';
import type { DB } from './schema.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** Runs a script of several SQL statements on one connection (migrations, seeds). */
export type ExecScript = (script: string) => Promise<void>;

export interface Database {
  kind: DatabaseKind;
  db: Kysely<DB>;
  /** Holds one connection for `work`, which may run multi-statement scripts on it. */
  withSession<T>(work: (exec: ExecScript, session: Kysely<DB>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The PostgreSQL pool's connections and waiting queries; none for PGlite. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** LISTENs on a channel on a connection of its own (the change events; db/notification-listener.ts). */
  listen(channel: string, notifications: Notifications): Promise<StopListening>;
}
