/**
 * @module
 * Usage counters for rate limits, daily caps and idempotency replay: the
 * UsageStore contract, an in-memory store, and the charge a decision carries.
 */
export type { UsageCharge, UsageSnapshot, UsageStore, UsageLimit, ReserveResult } from "./types.ts";
export { MemoryUsageStore } from "./memory-store.ts";
export { StaticUsageStore } from "./static-store.ts";
export { isUsageLimited, markUsageLimited, type BoundCharge } from "./charges.ts";
export { reserveCharges, settleReservations, type Reservation } from "./reservations.ts";
export { MINUTE_MS, DAY_MS, IDEMPOTENCY_TTL_MS, utcDayStart } from "./windows.ts";
