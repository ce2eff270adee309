import { formatMoment } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { dateFormat } from './date-format';

describe('dateFormat', () => {
  const format = dateFormat('en');

  it('writes a date and a date-time one way each, en-US', () => {
    expect(format.date('2026-11-25T14:46:00Z')).toMatch(/^Nov 2[56], 2026$/);
    expect(format.dateTime('2026-11-25T14:46:00Z')).toMatch(/^Nov 2[56], 2026, \d{1,2}:46\s?[AP]M \S+$/);
  });

  it('names the zone of a time, in the words a mail uses (packages/domain display-formats)', () => {
    const shown = format.dateTime('2026-11-30T04:25:00Z');
    const zone = shown.split(' ').at(-1) ?? '';
    expect(zone).toMatch(/^(UTC|GMT([+-]\d{1,2}(:\d{2})?)?|[A-Z]{3,4})$/);
    // A reader in UTC reads what the mail says.
    expect(formatMoment('2026-11-30T04:25:00Z', { timeZone: 'UTC' })).toBe('Nov 30, 2026, 4:25 AM UTC');
    expect(shown.replace(zone, '')).toMatch(/^Nov 30, 2026, \d{1,2}:25\s?[AP]M $/);
  });

  it('keeps a plain day on its day whatever the time zone', () => {
    expect(format.date('2026-11-25')).toBe('Nov 25, 2026');
  });
});
