import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  isOverdue,
  isWeekend,
  isWorkingDay,
  LEGITIMACY_SLA_WORKING_DAYS,
  slaDueAt,
  toUtcDay,
  workingDaysBetween,
} from './working-days.js';

// March 2026: Monday 2, Friday 6, Saturday 7, Sunday 8, Monday 9.
const at = (iso: string) => new Date(iso);

describe('working days: day 0 is the start, weekends and holidays skipped, the time of day kept', () => {
  it.each<[string, string, number, readonly string[], string]>([
    ['Monday + 1 is Tuesday', '2026-03-02T09:30:00Z', 1, [], '2026-03-03T09:30:00Z'],
    ['Friday + 1 is the next Monday', '2026-03-06T17:00:00Z', 1, [], '2026-03-09T17:00:00Z'],
    ['a Saturday submission: Monday is working day 1', '2026-03-07T10:00:00Z', 1, [], '2026-03-09T10:00:00Z'],
    ['a Sunday submission: Monday is working day 1', '2026-03-08T23:59:00Z', 1, [], '2026-03-09T23:59:00Z'],
    ['a holiday is skipped', '2026-03-02T09:30:00Z', 1, ['2026-03-03'], '2026-03-04T09:30:00Z'],
    [
      'a holiday on a weekend changes nothing',
      '2026-03-06T09:30:00Z',
      1,
      ['2026-03-07'],
      '2026-03-09T09:30:00Z',
    ],
    ['Monday + 5 is the next Monday', '2026-03-02T09:30:00Z', 5, [], '2026-03-09T09:30:00Z'],
    ['0 days is the start itself, even on a Saturday', '2026-03-07T10:00:00Z', 0, [], '2026-03-07T10:00:00Z'],
    [
      'over Easter (Belgian holidays given)',
      '2026-04-02T12:00:00Z',
      2,
      ['2026-04-06'],
      '2026-04-07T12:00:00Z',
    ],
    [
      'the UTC calendar decides: 23:30 UTC on a Friday is a Friday',
      '2026-03-06T23:30:00Z',
      1,
      [],
      '2026-03-09T23:30:00Z',
    ],
    ['across the spring clock change, same UTC time', '2026-03-27T09:00:00Z', 1, [], '2026-03-30T09:00:00Z'],
  ])('%s', (_rule, start, days, holidays, expected) => {
    expect(addWorkingDays(at(start), days, holidays).toISOString()).toBe(at(expected).toISOString());
  });

  it.each([[-1], [1.5], [Number.NaN]])('%s days is a programmer error', (days) => {
    expect(() => addWorkingDays(at('2026-03-02T00:00:00Z'), days)).toThrow(RangeError);
  });

  it('an invalid start is a programmer error', () => {
    expect(() => addWorkingDays(new Date(Number.NaN), 1)).toThrow(RangeError);
  });
});

describe('domain.md: the legitimacy SLA is 15 working days', () => {
  it.each<[string, string, readonly string[], string]>([
    ['submitted on Monday 2 March: due Monday 23 March', '2026-03-02T09:30:00Z', [], '2026-03-23T09:30:00Z'],
    [
      'submitted on Saturday 7 March: due Friday 27 March',
      '2026-03-07T09:30:00Z',
      [],
      '2026-03-27T09:30:00Z',
    ],
    [
      'a holiday in between pushes it one day',
      '2026-03-02T09:30:00Z',
      ['2026-03-10'],
      '2026-03-24T09:30:00Z',
    ],
  ])('%s', (_rule, submitted, holidays, due) => {
    expect(LEGITIMACY_SLA_WORKING_DAYS).toBe(15);
    expect(slaDueAt(at(submitted), holidays).toISOString()).toBe(at(due).toISOString());
  });

  // Whatever the day of the submission: each weekday, a holiday, the year's last day and both nights of a
  // European clock change (UTC days have no such night, so the time of day is kept).
  const belgianHolidays = ['2026-12-25', '2027-01-01', '2027-03-29'];
  it.each<[string, string, number]>([
    ['a Monday', '2026-11-23T08:15:00Z', 21],
    ['a Tuesday', '2026-11-24T08:15:00Z', 21],
    ['a Wednesday', '2026-11-25T08:15:00Z', 21],
    ['a Thursday', '2026-11-26T08:15:00Z', 21],
    ['a Friday', '2026-11-27T08:15:00Z', 21],
    ['a Saturday', '2026-11-28T08:15:00Z', 20],
    ['a Sunday', '2026-11-29T08:15:00Z', 19],
    ['Christmas Day, a holiday', '2026-12-25T10:00:00Z', 24],
    ['31 December, holidays ahead', '2026-12-31T23:30:00Z', 22],
    ['the spring change, a Sunday, Easter Monday ahead', '2027-03-28T01:30:00Z', 22],
    ['the autumn change, a Sunday', '2026-10-25T01:30:00Z', 19],
  ])('submitted on %s: 15 working days later, %s calendar days', (_day, submitted, calendarDays) => {
    const from = at(submitted);
    const due = slaDueAt(from, belgianHolidays);
    expect(workingDaysBetween(from, due, belgianHolidays)).toBe(LEGITIMACY_SLA_WORKING_DAYS);
    expect(isWorkingDay(due, belgianHolidays)).toBe(true);
    expect((due.getTime() - from.getTime()) / 86_400_000).toBe(calendarDays);
  });

  it.each<[string, Date | null, string, boolean]>([
    ['before the due instant: in time', at('2026-03-23T09:30:00Z'), '2026-03-23T09:29:59Z', false],
    ['at the due instant: still in time', at('2026-03-23T09:30:00Z'), '2026-03-23T09:30:00Z', false],
    ['one millisecond later: overdue', at('2026-03-23T09:30:00Z'), '2026-03-23T09:30:00.001Z', true],
    ['no due date: never overdue', null, '2030-01-01T00:00:00Z', false],
  ])('%s', (_rule, due, now, expected) => {
    expect(isOverdue(due, at(now))).toBe(expected);
  });
});

describe('working-day properties', () => {
  const start = fc.date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2100-01-01T00:00:00Z'),
    noInvalidDate: true,
  });
  const holidays = fc.uniqueArray(
    fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2100-06-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map(toUtcDay),
    { maxLength: 20 },
  );

  it('never lands on a weekend or a holiday, and keeps the time of day', () => {
    fc.assert(
      fc.property(start, fc.integer({ min: 1, max: 60 }), holidays, (from, days, off) => {
        const due = addWorkingDays(from, days, off);
        expect(isWeekend(due)).toBe(false);
        expect(off).not.toContain(toUtcDay(due));
        expect(isWorkingDay(due, off)).toBe(true);
        expect(due.getTime() % 86_400_000).toBe(((from.getTime() % 86_400_000) + 86_400_000) % 86_400_000);
      }),
    );
  });

  it('is strictly increasing in days', () => {
    fc.assert(
      fc.property(start, fc.nat(40), holidays, (from, days, off) => {
        expect(addWorkingDays(from, days + 1, off).getTime()).toBeGreaterThan(
          addWorkingDays(from, days, off).getTime(),
        );
      }),
    );
  });

  it('counts exactly `days` working days after the start', () => {
    fc.assert(
      fc.property(start, fc.nat(30), holidays, (from, days, off) => {
        expect(workingDaysBetween(from, addWorkingDays(from, days, off), off)).toBe(days);
      }),
    );
  });
});
