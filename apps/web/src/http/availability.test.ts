import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  isServiceUnavailable,
  markUnavailable,
  resetAvailability,
  useServiceUnavailable,
} from './availability';

beforeEach(() => resetAvailability());

describe("the 'unavailable' flag (spec §2, §4)", () => {
  it('is clear at first', () => {
    expect(isServiceUnavailable()).toBe(false);
  });

  it('the error handler sets it, and the app re-renders to the unavailable page', () => {
    const { result } = renderHook(() => useServiceUnavailable());
    expect(result.current).toBe(false);
    act(() => markUnavailable());
    expect(result.current).toBe(true);
  });

  it('can be cleared again (retry)', () => {
    const { result } = renderHook(() => useServiceUnavailable());
    act(() => markUnavailable());
    act(() => resetAvailability());
    expect(result.current).toBe(false);
  });
});
