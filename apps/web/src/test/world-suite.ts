import { act } from '@testing-library/react';
import { type SetupServer, setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type RecordedCall, recordCalls } from './recorded-calls';
import { openTestWorld, type TestWorld } from './test-world';

export interface WorldSuite {
  /** msw's server: a test adds a staged answer before the world's with `server.use`. */
  server: SetupServer;
  /** This test's world. */
  world(): TestWorld;
  /** The calls the page made in this test, in order. */
  calls: RecordedCall[];
}

/**
 * Test helper, called at the top of a screen's test file: before each test a fresh world (openTestWorld,
 * mock mode's: the API's own code over the demo world), `setUp` writing the rows the file needs into it,
 * then msw answering every API call from it and recording them.
 */
export function worldSuite(setUp?: (world: TestWorld) => Promise<unknown>): WorldSuite {
  const server = setupServer();
  const calls: RecordedCall[] = [];
  let current: TestWorld | undefined;
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(async () => {
    current = await openTestWorld();
    await setUp?.(current);
    server.resetHandlers(...current.handlers);
    recordCalls(server, calls);
    // A worker's first world starts PGlite and migrates it (10 to 20 s on two busy cores); the later ones
    // empty and seed it again in a fraction of a second.
  }, 60_000);
  afterEach(async () => {
    // The dialog library gives the focus back a tick after closing: let it, before the next test renders.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  });
  const world = () => {
    if (!current) throw new Error('No world before the first test');
    return current;
  };
  return { server, world, calls };
}
