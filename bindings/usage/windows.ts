/**
 * @module
 * The usage windows, in epoch milliseconds. Per minute is a sliding window
 * (the 60 s before now, so a burst cannot straddle a boundary to get twice
 * the limit); per day is the UTC calendar day (it resets at 00:00:00.000
 * UTC, which is what "daily" means to the people who set the caps).
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
/** How long an idempotency key is remembered. */
export const IDEMPOTENCY_TTL_MS = DAY_MS;

/** 00:00:00.000 UTC of the day `now` falls in. Epoch time has no leap seconds, so days are exactly DAY_MS. */
export function utcDayStart(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS;
}

/** In the sliding minute: (now - 60 s, now]. Later timestamps (a clock that stepped back) count too. */
export function inLastMinute(at: number, now: number): boolean {
  return at > now - MINUTE_MS;
}

/** On now's UTC day (or later). */
export function onSameUtcDay(at: number, now: number): boolean {
  return at >= utcDayStart(now);
}
