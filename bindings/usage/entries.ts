/**
 * @module
 * What a reservation records, shared by every UsageStore so they count the
 * same things under the same keys: a call entry when the charge has a rate
 * limit, an amount entry when it has an amount in a currency, and its
 * idempotency key when it has one. Keys are JSON arrays, so no scope,
 * capability or idempotency key can be spelled to collide with another (a
 * delimiter could be smuggled in).
 */

import type { UsageCharge } from "./types.ts";
import { MINUTE_MS, utcDayStart } from "./windows.ts";

export const callsKey = (scope: string, c: UsageCharge): string => JSON.stringify([scope, c.capability]);
export const amountKey = (scope: string, c: UsageCharge): string => JSON.stringify([scope, c.capability, c.currency]);
export const idempotencyKey = (scope: string, c: UsageCharge): string => JSON.stringify([scope, c.capability, c.idempotency_key]);

/** Whether a reservation of `charge` records a call, an amount and an idempotency key. */
export function recordsOf(charge: UsageCharge): { calls: boolean; amount: boolean; key: boolean } {
  return {
    calls: charge.per_minute !== undefined || charge.per_day !== undefined,
    amount: charge.currency !== undefined && charge.amount !== undefined,
    key: charge.idempotency_key !== undefined,
  };
}

/** Entries at or before this time are outside every window (not in the last minute, not today): safe to drop. */
export function deadBefore(now: number): number {
  return Math.min(now - MINUTE_MS, utcDayStart(now) - 1);
}
