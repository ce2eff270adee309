import { describe, expect, it } from 'vitest';
import { openTestWorld } from './test-world';

describe('openTestWorld', () => {
  it('gives each caller its own copy of the demo world', { timeout: 60_000 }, async () => {
    const started = performance.now();
    const first = await openTestWorld();
    const firstMs = performance.now() - started;
    const again = performance.now();
    const second = await openTestWorld();
    console.log(`first ${Math.round(firstMs)} ms, a copy ${Math.round(performance.now() - again)} ms`);
    await first.db.deleteFrom('links').execute();
    const count = async (world: typeof first) =>
      Number(
        (
          await world.db
            .selectFrom('links')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count(first)).toBe(0);
    expect(await count(second)).toBeGreaterThan(0);
  });
});
