/**
 * @module
 * A UsageStore that always answers the same counters and records nothing:
 * for dry runs ("would this call pass with 9 messages sent this minute?"),
 * the CLI's `--usage`, and tests. Reservations are checked against the fixed
 * counters, so a dry run sees the same limits a real store would enforce.
 */

import { crossedLimit, snapshotJson } from "./charges.ts";
import type { ReserveResult, UsageCharge, UsageSnapshot, UsageStore } from "./types.ts";

export class StaticUsageStore implements UsageStore {
  readonly snapshot: UsageSnapshot;

  /** Absent counters are zero; unknown keys and non-whole numbers are refused (a typo must not read as zero). */
  constructor(counters: Partial<UsageSnapshot>) {
    const known = ["calls_last_minute", "calls_today", "amount_today", "idempotency_key_seen"];
    const extra = Object.keys(counters ?? {}).find((k) => !known.includes(k));
    if (extra !== undefined) throw new TypeError(`unknown usage counter '${extra}' (expected ${known.join(", ")})`);
    this.snapshot = { calls_last_minute: 0, calls_today: 0, amount_today: 0, idempotency_key_seen: false, ...counters };
    snapshotJson(this.snapshot); // validates
  }

  read(): UsageSnapshot {
    return this.snapshot;
  }

  reserve(_scope: string, charge: UsageCharge): ReserveResult {
    const exceeded = crossedLimit(charge, this.snapshot);
    return exceeded ? { ok: false, exceeded } : { ok: true, reservation: "static" };
  }

  settle(): void {}
}
