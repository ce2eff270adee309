import { describe, expect, it } from 'vitest';
import { dateFormat } from './date-format';

describe('dateFormat', () => {
  const format = dateFormat('en');

  it('writes a date and a date-time one way each, en-US', () => {
    expect(format.date('2026-11-25T14:46:00Z')).toMatch(/^Nov 2[56], 2026$/);
    expect(format.dateTime('2026-11-25T14:46:00Z')).toMatch(/^Nov 2[56], 2026, \d{1,2}:46\s?[AP]M$/);
  });

  it('keeps a plain day on its day whatever the time zone', () => {
    expect(format.date('2026-11-25')).toBe('Nov 25, 2026');
  });
});
