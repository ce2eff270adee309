import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { SAFE_METHODS } from '../http/safe-methods.js';
import type { DB } from './schema.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The database as this request writes to it: the app's pool, carrying the request's client address
     * (request.ip: the socket's, or what the proxies of TRUST_PROXY report), which every audit row the
     * request writes names (db/audit.ts). Route handlers read and write through it.
     */
    readonly db: Kysely<DB>;
  }
}

/**
 * The client address a request's database handle carries; `addressOf` reads it back from a transaction
 * begun on that handle. It changes no query. It replaces an AsyncLocalStorage, which on
 * Node 20 turned on V8's promise hooks for the whole process and cost a fifth to two fifths of the API's
 * CPU per list request (bench/RESULTS.md, api-list).
 */
class RequestAddress implements KyselyPlugin {
  constructor(readonly address: string) {}
  transformQuery({ node }: PluginTransformQueryArgs) {
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs) {
    return result;
  }
}

/** The client address of the request whose handle `db` (or a transaction begun on it) is, else null. */
export function addressOf(db: Kysely<DB>): string | null {
  const plugin = db.getExecutor().plugins.find((each) => each instanceof RequestAddress);
  return plugin instanceof RequestAddress ? plugin.address : null;
}

/**
 * Gives each request its database handle (`request.db`), made when first read. A safe method's is the app's
 * own: the address is for audit rows, and the plugin's per-query step would cost every list page.
 */
export const requestContextPlugin = fp(async (app: FastifyInstance, options: { db: Kysely<DB> }) => {
  const handles = new WeakMap<object, Kysely<DB>>();
  app.decorateRequest('db', {
    getter() {
      let handle = handles.get(this);
      if (!handle) {
        handle = requestHandle(options.db, this.method, this.ip);
        handles.set(this, handle);
      }
      return handle;
    },
  });
});

/**
 * The database handle of a request by `method` from `address`: a safe method's is the app's own, the others
 * carry the address for the audit rows they write. The plugin above and the API in the browser use it.
 */
export function requestHandle(db: Kysely<DB>, method: string, address: string): Kysely<DB> {
  return SAFE_METHODS.has(method) ? db : db.withPlugin(new RequestAddress(address));
}
