import { gatewaysApi } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { openTestWorld, type TestWorld } from './test-world';

const count = async ({ db }: TestWorld) =>
  Number(
    (
      await db
        .selectFrom('links')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('openTestWorld', () => {
  it('gives each test the demo world afresh, and the world before it answers no more', {
    timeout: 60_000,
  }, async () => {
    const started = performance.now();
    const first = await openTestWorld();
    const firstMs = performance.now() - started;
    const demoLinks = await count(first);
    expect(demoLinks).toBeGreaterThan(0);
    await first.db.deleteFrom('links').execute();
    expect(await count(first)).toBe(0);

    const again = performance.now();
    const second = await openTestWorld();
    console.log(`first ${Math.round(firstMs)} ms, afresh ${Math.round(performance.now() - again)} ms`);
    expect(await count(second)).toBe(demoLinks);
    // A late call for the first world is a network error, never an answer from the second.
    const late = first.handlers[0]?.run({
      request: new Request(new URL('/api/health', location.origin)),
      requestId: 'late',
    });
    expect((await late)?.response?.type).toBe('error');
    // A call as a demo account, through the API's own route and access check.
    const gateways = await second.call('ADMIN', 'GET', gatewaysApi.list.path);
    expect((await gateways.json()).total).toBeGreaterThan(0);
    await expect(second.call('EXTERNAL', 'GET', gatewaysApi.list.path)).rejects.toThrow(/answered 403/);
  });
});
