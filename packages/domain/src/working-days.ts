/** domain.md: a legitimacy check's SLA is 15 working days. */
export const LEGITIMACY_SLA_WORKING_DAYS = 15;

const DAY_MS = 86_400_000;

/** The UTC calendar day of a date as 'YYYY-MM-DD', the form holidays are written in. */
export const toUtcDay = (date: Date): string => date.toISOString().slice(0, 10);

/** Saturday (6) and Sunday (0) of the UTC calendar. */
export const isWeekend = (date: Date): boolean => {
  const day = date.getUTCDay();
  return day === 0 || day === 6;
};

/** A working day is neither a Saturday, a Sunday nor one of the given holidays ('YYYY-MM-DD', UTC). */
export function isWorkingDay(date: Date, holidays: readonly string[] = []): boolean {
  return !isWeekend(date) && !holidays.includes(toUtcDay(date));
}

/**
 * The date `days` working days after `start`, at the same time of day.
 *
 * Convention: day 0 is the start's own calendar day, whatever it is; counting begins on the next day and
 * only working days count, so the result is the `days`-th working day after the start. A submission on a
 * Saturday, a Sunday or a Friday therefore has the following Monday as working day 1 (when it is no
 * holiday). Days are UTC calendar days, so the answer does not depend on the server's time zone and a UTC
 * day has no daylight-saving jump: the time of day is kept exactly. `days` = 0 gives the start unchanged.
 *
 * Throws a RangeError for an invalid date or a `days` that is not a non-negative integer: a programmer's
 * error, not a user's.
 */
export function addWorkingDays(start: Date, days: number, holidays: readonly string[] = []): Date {
  if (Number.isNaN(start.getTime())) throw new RangeError('addWorkingDays: invalid start date');
  if (!Number.isSafeInteger(days) || days < 0) {
    throw new RangeError(`addWorkingDays: days must be a non-negative integer, got ${days}`);
  }
  const holidaySet = new Set(holidays);
  let time = start.getTime();
  let counted = 0;
  while (counted < days) {
    time += DAY_MS;
    const day = new Date(time);
    if (!isWeekend(day) && !holidaySet.has(toUtcDay(day))) counted += 1;
  }
  return new Date(time);
}

/**
 * How many working days lie after `from`'s calendar day up to and including `to`'s: the inverse of
 * addWorkingDays (`workingDaysBetween(d, addWorkingDays(d, n)) === n`), so a due date can be read back as
 * the rule it keeps, whatever the weekday it started on.
 */
export function workingDaysBetween(from: Date, to: Date, holidays: readonly string[] = []): number {
  const holidaySet = new Set(holidays);
  let counted = 0;
  for (let time = from.getTime() + DAY_MS; time <= to.getTime(); time += DAY_MS) {
    const day = new Date(time);
    if (!isWeekend(day) && !holidaySet.has(toUtcDay(day))) counted += 1;
  }
  return counted;
}

/** domain.md: the legitimacy SLA is due 15 working days after the (re)submission (day 0). */
export const slaDueAt = (submittedAt: Date, holidays: readonly string[] = []): Date =>
  addWorkingDays(submittedAt, LEGITIMACY_SLA_WORKING_DAYS, holidays);

/**
 * domain.md (review queues): "SLA due with overdue in red". Overdue once `now` is past the due instant;
 * the due instant itself is still in time. No due date (a check not yet submitted) is never overdue.
 */
export const isOverdue = (due: Date | null | undefined, now: Date): boolean =>
  due != null && now.getTime() > due.getTime();
