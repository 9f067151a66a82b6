/**
 * @module
 Usage charges: what an allowed or asked call costs against its limits,
 * bound to the store that counts it. A provider returns them next to its
 * decision (`evaluateWithCharges`), never inside it, and judge() reserves
 * them before the call runs and settles them after. The charge (amounts,
 * idempotency keys: tool arguments) so never reaches JSON, logs or the
 * model; `metadata.usage_limited: true` is the decision's visible flag. A
 * usage-limited allow that arrives without its charges (a provider that
 * offers only `evaluate`) cannot be counted, so judge() refuses it rather
 * than run it uncounted.
 */

import type { Decision } from "../core/decision.ts";
import type { UsageCharge, UsageLimit, UsageSnapshot, UsageStore } from "./types.ts";

/** A charge bound to the store and scope it must be recorded in, and the time it was judged at. */
export interface BoundCharge {
  store: UsageStore;
  scope: string;
  charge: UsageCharge;
  at: number;
}

/** A copy of the decision flagged `metadata.usage_limited: true`: its call has charges to count. */
export function markUsageLimited(decision: Decision): Decision {
  return { ...decision, metadata: { ...(decision.metadata ?? {}), usage_limited: true } };
}

/** True when the decision says its call has usage-based limits. */
export function isUsageLimited(decision: Decision): boolean {
  return decision.metadata?.usage_limited === true;
}

/** The counters as the core reads them (assembly/policy/usage.ts): whole numbers and a boolean, nothing else. */
export function snapshotJson(snapshot: UsageSnapshot): string {
  const whole = (name: string, n: unknown): number => {
    if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 0) throw new TypeError(`UsageStore returned ${name} = ${String(n)}; expected a whole number >= 0`);
    return n;
  };
  if (typeof snapshot?.idempotency_key_seen !== "boolean") throw new TypeError("UsageStore returned no boolean idempotency_key_seen");
  return JSON.stringify({
    calls_last_minute: whole("calls_last_minute", snapshot.calls_last_minute),
    calls_today: whole("calls_today", snapshot.calls_today),
    amount_today: whole("amount_today", snapshot.amount_today),
    idempotency_key_seen: snapshot.idempotency_key_seen,
  });
}

/** The first limit one more call would cross, given the counters: what `reserve` checks (the core checks the same). */
export function crossedLimit(charge: UsageCharge, used: UsageSnapshot): UsageLimit | null {
  if (charge.per_minute !== undefined && used.calls_last_minute + 1 > charge.per_minute) return "per_minute";
  if (charge.per_day !== undefined && used.calls_today + 1 > charge.per_day) return "per_day";
  if (charge.daily_cap !== undefined && used.amount_today + (charge.amount ?? 0) > charge.daily_cap) return "daily_cap";
  if (charge.idempotency_key !== undefined && used.idempotency_key_seen) return "idempotency_key";
  return null;
}

/** The reason code and text when a reservation would cross a limit (a concurrent call took the last slot). */
export function limitReason(limit: UsageLimit, charge: UsageCharge): { code: string; message: string } {
  const cap = `'${charge.capability}'`;
  switch (limit) {
    case "per_minute":
      return { code: "oap.rate_limit_exceeded", message: `the limit of ${charge.per_minute} calls of ${cap} per minute was reached by calls judged at the same time` };
    case "per_day":
      return { code: "oap.rate_limit_exceeded", message: `the limit of ${charge.per_day} calls of ${cap} per UTC day was reached by calls judged at the same time` };
    case "daily_cap":
      return { code: "oap.limit_exceeded", message: `daily_cap ${charge.daily_cap} ${charge.currency} (minor units) of ${cap} was reached by calls judged at the same time` };
    default:
      return { code: "oap.idempotency_conflict", message: `the idempotency_key was used by another call of ${cap} judged at the same time` };
  }
}
