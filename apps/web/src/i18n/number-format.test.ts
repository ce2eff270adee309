import { describe, expect, it, vi } from 'vitest';
import { localeOf, numberFormat, warmUpNumberFormat } from './number-format';

describe('number formats', () => {
  it('formats in the language locale, en as en-US', () => {
    expect(localeOf('en')).toBe('en-US');
    expect(localeOf('fr')).toBe('fr');
    expect(numberFormat('en-US').format(12345)).toBe('12,345');
  });

  it('makes one format per locale', () => {
    expect(numberFormat('en-US')).toBe(numberFormat('en-US'));
    expect(numberFormat('de-DE')).not.toBe(numberFormat('en-US'));
  });

  it('warms the language format up when the browser is idle, not at once', () => {
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    const made = vi.spyOn(Intl, 'NumberFormat');
    warmUpNumberFormat('nl');
    expect(made).not.toHaveBeenCalled();
    idle.mock.calls[0]?.[0]();
    expect(made).toHaveBeenCalledWith('nl');
    vi.unstubAllGlobals();
    made.mockRestore();
  });
});
