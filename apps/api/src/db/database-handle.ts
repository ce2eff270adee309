import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

/** What a LISTEN hears (every API instance hears the change events any of them wrote). */
export interface Notifications {
  /** Each payload a NOTIFY sent on the channel, from any connection, in the order the server sent them. */
  onPayload(payload: string): void;
  /** The listening connection was lost and is back: what was sent meanwhile was missed, read it again. */
  onResume?(): void;
  /** The listening connection failed (it retries by itself); for the log. */
  onError?(error: Error): void;
}

/** Stops listening and ends the connection that did. */
export type StopListening = () => Promise<void>;

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
  /** LISTENs on a channel on a connection of its own (the change events; node/notification-listener.ts). */
  listen(channel: string, notifications: Notifications): Promise<StopListening>;
}
