import type { ChangeEvent, EventTicket } from '@portal/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../node/database.js';
import { type ApiProcess, startApiProcess } from '../../test/api-process.js';
import { describeWithPostgres } from '../../test/describe-with-postgres.js';
import { type OpenedStream, openEventStream, opened } from '../../test/event-stream-client.js';
import { startJwksServer } from '../../test/jwks-server.js';
import { type Headers, reviewerHeaders, seedCheck } from '../../test/reviews-test-kit.js';
import { createScratchSchema, type ScratchSchema } from '../../test/test-database.js';
import { createTestKeys } from '../../test/tokens.js';

// Done when: "A test with two API instances on one PostgreSQL: a decision through instance A
// reaches a browser connected to instance B within one second." Two processes of the built node/server.js on
// a schema of this file's own; the browser's stream is opened on B with a ticket A issued (any instance
// takes any ticket), and each decision is timed from before its request to the event's arrival on B.

const DATABASE_URL = process.env.DATABASE_URL;
const DECISIONS = 10;

describeWithPostgres('live updates across two API instances on one PostgreSQL', () => {
  let schema: ScratchSchema;
  let database: Database;
  let instances: ApiProcess[] = [];
  let closeJwks = async () => {};
  let rita: Headers;
  let stream: OpenedStream | undefined;

  beforeAll(async () => {
    schema = await createScratchSchema(DATABASE_URL ?? '');
    const keys = await createTestKeys();
    const jwks = await startJwksServer(keys.jwk);
    closeJwks = jwks.close;
    instances = await Promise.all(
      ['a', 'b'].map((name) => startApiProcess({ name, databaseUrl: schema.url, jwksUrl: jwks.url })),
    );
    database = await openDatabase({ databaseUrl: schema.url, poolSize: 2 });
    rita = await reviewerHeaders({ db: database.db, sign: keys.sign }, 'rita@emvo.test', {
      displayName: 'Rita Reviewer',
    });
  }, 60_000);

  afterAll(async () => {
    stream?.close();
    await Promise.allSettled(instances.map((instance) => instance.stop()));
    await database?.close();
    await closeJwks();
    await schema?.drop();
  });

  const [a, b] = [() => instances[0] as ApiProcess, () => instances[1] as ApiProcess];

  it(`${DECISIONS} decisions through A each reach a stream on B within one second`, async () => {
    const ticket = await a().call<EventTicket>('POST', '/api/events/tickets', { headers: rita });
    expect(ticket.status).toBe(201);
    stream = opened(await openEventStream(`${b().url}/api/events?ticket=${ticket.body.ticket}`));
    await stream.next((message) => message.event === 'ready');

    const checks = await Promise.all(
      Array.from({ length: DECISIONS }, () => seedCheck({ db: database.db }, { status: 'SUBMITTED' })),
    );
    const delays: number[] = [];
    for (const { checkId } of checks) {
      const sent = performance.now();
      const decided = await a().call('POST', `/api/checks/${checkId}/decisions`, {
        headers: rita,
        body: { action: 'START', version: 1 },
      });
      expect(decided.status).toBe(200);
      const arrived = await stream.next(
        (message) => message.event === 'change' && (message.data as ChangeEvent).entityId === checkId,
        2_000,
      );
      expect(arrived.data).toMatchObject({
        kind: 'check',
        action: 'START',
        version: 2,
        actor: 'rita@emvo.test',
        actorName: 'Rita Reviewer',
      });
      delays.push(arrived.receivedAt - sent);
    }
    const slowest = Math.max(...delays);
    console.info(
      `two instances: decision through A to event on B, ${delays.map((ms) => ms.toFixed(0)).join(', ')} ms (slowest ${slowest.toFixed(0)})`,
    );
    expect(slowest).toBeLessThan(1_000);
  }, 60_000);
});
