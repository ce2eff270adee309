import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../node/database.js';
import { type ApiAnswer, type ApiProcess, startApiProcess } from '../api-process.js';
import { describeWithPostgres } from '../describe-with-postgres.js';
import { startJwksServer } from '../jwks-server.js';
import { type OwnPostgres, startOwnPostgres } from '../own-postgres.js';
import {
  auditOf,
  eventsOf,
  type Headers,
  mailsTo,
  reviewerHeaders,
  type SeededCheck,
  seedCheck,
} from '../reviews-test-kit.js';
import { createTestKeys } from '../tokens.js';
import { waitFor } from '../wait-for.js';

// A PostgreSQL of this file's own (never the shared server) is stopped under a steady
// stream of review decisions and reads, then started again, twice. While it is down /readyz and the calls answer
// 503 SERVICE_UNAVAILABLE (spec §8: the SPA shows its unavailable page), never a 500; no decision is half
// written; the same API process serves again once the database is back, without a restart.

const SEEDED_CHECKS = 300;
const WRITERS = 3;
const OUTAGES = 2;

type ErrorBody = { code?: string };
interface Outcome {
  check: SeededCheck;
  status: number;
  code: string | undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const codeOf = (answer: ApiAnswer<unknown>) => (answer.body as ErrorBody | undefined)?.code;

describeWithPostgres('PostgreSQL stopped and started under load', () => {
  let own: OwnPostgres;
  let api: ApiProcess;
  let database: Database;
  let closeJwks = async () => {};
  let anna: Headers;
  const checks: SeededCheck[] = [];

  beforeAll(async () => {
    own = await startOwnPostgres();
    const keys = await createTestKeys();
    const jwks = await startJwksServer(keys.jwk);
    closeJwks = jwks.close;
    api = await startApiProcess({ name: 'db-outage', databaseUrl: own.url, jwksUrl: jwks.url });
    // The test's own connections live through the outage too: an idle one the server ends is dropped.
    database = await openDatabase({ databaseUrl: own.url, poolSize: 4, onConnectionError: () => undefined });
    const t = { db: database.db, sign: keys.sign };
    anna = await reviewerHeaders(t, 'anna@emvo.test', { displayName: 'Anna Approver' });
    for (let n = 0; n < SEEDED_CHECKS; n += 10) {
      checks.push(
        ...(await Promise.all(Array.from({ length: 10 }, () => seedCheck(t, { status: 'IN_REVIEW' })))),
      );
    }
  }, 60_000);

  afterAll(async () => {
    await api?.stop();
    await database?.close();
    await closeJwks();
    await own?.destroy();
  });

  it('503 SERVICE_UNAVAILABLE while it is down, every decision whole or absent, served again without a restart', async () => {
    const queue = [...checks];
    const outcomes: Outcome[] = [];
    const reads: Array<{ status: number; code: string | undefined }> = [];
    let streaming = true;
    const failure = (error: unknown) => ({ status: 0, body: { code: String(error) } });

    // A writer approves one check after another (each: the check, its event, the organisation's status,
    // an audit row and the SPOC's mail in one transaction); after a 503 it backs off a little, as a client would.
    const writer = async () => {
      for (let check = queue.shift(); streaming && check; check = queue.shift()) {
        const answer = await api
          .call('POST', `/api/checks/${check.checkId}/decisions`, {
            headers: anna,
            body: { action: 'APPROVE', version: 1 },
          })
          .catch(failure);
        outcomes.push({ check, status: answer.status, code: codeOf(answer) });
        await sleep(answer.status === 200 ? 10 : 100);
      }
    };
    const reader = async () => {
      while (streaming) {
        const answer = await api
          .call('GET', '/api/review-queues/legitimacy?limit=5', { headers: anna })
          .catch(failure);
        reads.push({ status: answer.status, code: codeOf(answer) });
        await sleep(50);
      }
    };
    const workers = [...Array.from({ length: WRITERS }, writer), reader()];

    const approvedSince = (index: number) =>
      outcomes.slice(index).filter((outcome) => outcome.status === 200).length;
    let mark = 0;
    for (let outage = 1; outage <= OUTAGES; outage += 1) {
      await waitFor(
        `10 decisions answered 200 before outage ${outage}`,
        () => approvedSince(mark) >= 10,
        20_000,
      );
      await own.stop();
      const stoppedAt = outcomes.length;

      // Down: readiness and the calls answer 503 SERVICE_UNAVAILABLE.
      const ready = await api.call('GET', '/readyz');
      expect(ready).toMatchObject({ status: 503, body: { code: 'SERVICE_UNAVAILABLE' } });
      const detail = await api.call('GET', `/api/checks/${checks[0]?.checkId}`, { headers: anna });
      expect(detail).toMatchObject({ status: 503, body: { code: 'SERVICE_UNAVAILABLE' } });
      await waitFor(
        `5 decisions answered while the database is down (outage ${outage})`,
        () => outcomes.slice(stoppedAt).filter((outcome) => outcome.status === 503).length >= 5,
        15_000,
      );

      await own.start();
      mark = outcomes.length;
      await waitFor(
        '/readyz answers 200 again',
        async () => (await api.call('GET', '/readyz')).status === 200,
        20_000,
      );
    }
    await waitFor(
      '10 decisions answered 200 after the last restart',
      () => approvedSince(mark) >= 10,
      20_000,
    );
    streaming = false;
    await Promise.all(workers);

    // The same process, never restarted: its pool replaced the connections the stop ended.
    expect(api.running()).toBe(true);
    // Every answer was a success or a clean 503: no 500, no dropped connection.
    for (const answer of [...outcomes, ...reads]) {
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 503) expect(answer.code).toBe('SERVICE_UNAVAILABLE');
    }
    expect(reads.some((read) => read.status === 503)).toBe(true);
    expect(reads.at(-1)?.status).toBe(200);

    // No write half done: each attempted decision is in the database whole (check, event, organisation,
    // audit row, mail) or not at all, and every one that answered 200 is whole.
    const t = { db: database.db };
    let committedThough503 = 0;
    for (const { check, status } of outcomes) {
      const row = await database.db
        .selectFrom('checks')
        .innerJoin('organisations', 'organisations.id', 'checks.organisationId')
        .select(['checks.status', 'checks.version', 'organisations.legitimacyStatus'])
        .where('checks.id', '=', check.checkId)
        .executeTakeFirstOrThrow();
      const counts = {
        events: (await eventsOf(t, check.checkId)).length,
        audit: (await auditOf(t, check.checkId)).length,
        mails: (await mailsTo(t, check.spocEmail)).length,
      };
      const whole = {
        status: 'APPROVED',
        version: 2,
        legitimacyStatus: 'APPROVED',
        events: 1,
        audit: 1,
        mails: 1,
      };
      const none = {
        status: 'IN_REVIEW',
        version: 1,
        legitimacyStatus: 'IN_REVIEW',
        events: 0,
        audit: 0,
        mails: 0,
      };
      const found = { ...row, ...counts };
      if (status === 200) expect(found).toEqual(whole);
      else expect([whole, none]).toContainEqual(found);
      // A decision can commit and its answer still fail (the detail read after it, or the reply, met the stop).
      if (status !== 200 && found.status === 'APPROVED') committedThough503 += 1;
    }
    const count = (status: number) => outcomes.filter((outcome) => outcome.status === status).length;
    console.info(
      `database outage: ${outcomes.length} decisions (${count(200)} × 200, ${count(503)} × 503, ${committedThough503} of them committed whole), ${reads.length} reads (${reads.filter((read) => read.status === 503).length} × 503); ${OUTAGES} outages survived`,
    );
  }, 90_000);
});
