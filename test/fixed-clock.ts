/**
 * A clock the test run sets: with PORTAL_TEST_NOW (an ISO instant) every test file's `Date` starts at that
 * instant and runs on from it at the real pace, so a suite can be run as if it were a Saturday, a holiday or
 * the night of a summer-time change (`npm run test:dates`). Without it, nothing changes.
 *
 * An offset rather than a frozen clock: time still passes (timeouts, durations and expiries behave), and
 * whatever reads `Date` at call time follows, PGlite's `now()` included (Emscripten asks `Date.now()`). A
 * test's own fake timers install over it and restore it; vitest's `vi.setSystemTime` without fake timers
 * restores the real `Date` instead, so each test puts the offset clock back when it finds the real one.
 */
import { beforeEach } from 'vitest';

const FIXED = process.env.PORTAL_TEST_NOW;
// Kept on globalThis: workers that share their globals across files run this file once per file, and the
// clock must not jump back to the start instant with each of them.
const STATE = Symbol.for('portal.fixedClock');

interface ClockState {
  real: DateConstructor;
  offset: DateConstructor;
}

function offsetDate(RealDate: DateConstructor, offset: number): DateConstructor {
  return class OffsetDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return RealDate.now() + offset;
    }
    // A date made before the clock was set (or by a library that kept the real Date) is a Date all the same.
    static override [Symbol.hasInstance](value: unknown): boolean {
      return value instanceof RealDate;
    }
  } as DateConstructor;
}

if (FIXED !== undefined && FIXED !== '') {
  const start = Date.parse(FIXED);
  if (Number.isNaN(start)) throw new Error(`PORTAL_TEST_NOW is not a date: ${FIXED}`);
  const holder = globalThis as { [STATE]?: ClockState };
  holder[STATE] ??= { real: Date, offset: offsetDate(Date, start - Date.now()) };
  const state = holder[STATE];
  const install = () => {
    if (globalThis.Date === state.real) globalThis.Date = state.offset;
  };
  install();
  beforeEach(install);
}
