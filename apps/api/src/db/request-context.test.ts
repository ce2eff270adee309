import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.js';
import type { Database } from './database-handle.js';
import { addressOf, requestContextPlugin } from './request-context.js';

describe('request.db', () => {
  let database: Database;
  const app = Fastify();
  beforeAll(async () => {
    database = await createTestDatabase();
    await app.register(requestContextPlugin, { db: database.db });
    app.get('/read', async (request) => ({ own: request.db === database.db }));
    app.post('/write', async (request) => {
      const handle = request.db;
      const inTransaction = await handle.transaction().execute(async (trx) => addressOf(trx));
      return { same: handle === request.db, address: addressOf(handle), inTransaction };
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("a write's handle carries the client address, into the transactions begun on it", async () => {
    const answer = await app.inject({ method: 'POST', url: '/write', remoteAddress: '198.51.100.5' });
    expect(answer.json()).toEqual({ same: true, address: '198.51.100.5', inTransaction: '198.51.100.5' });
  });

  it("a read's handle is the app's own, which names no address", async () => {
    const answer = await app.inject({ method: 'GET', url: '/read' });
    expect(answer.json()).toEqual({ own: true });
    expect(addressOf(database.db)).toBeNull();
  });
});
