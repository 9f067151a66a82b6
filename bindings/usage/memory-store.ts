/**
 * @module
 * An in-memory UsageStore: one process, no persistence, synchronous answers
 * (so evaluateSync works). Reserve is atomic because JavaScript runs it to
 * completion without yielding. Counters are lost on restart and not shared
 * between processes: use a shared store (SQLite, Redis) for either.
 * Timestamps older than every window are dropped as they are met, so memory
 * is bounded by the calls of one UTC day. Clocks are assumed to move
 * forward; a timestamp in the future still counts (fail-closed).
 */

import type { ReserveResult, UsageCharge, UsageSnapshot, UsageStore } from "./types.ts";
import { IDEMPOTENCY_TTL_MS, inLastMinute, onSameUtcDay } from "./windows.ts";
import { crossedLimit } from "./charges.ts";
import { amountKey, callsKey, idempotencyKey, recordsOf } from "./entries.ts";

interface Entry {
  at: number;
  amount: number;
}

interface Pending {
  calls?: [string, Entry];
  amount?: [string, Entry];
  key?: string;
}

export class MemoryUsageStore implements UsageStore {
  private readonly calls = new Map<string, Entry[]>();
  private readonly amounts = new Map<string, Entry[]>();
  private readonly keys = new Map<string, number>();
  private readonly pending = new Map<string, Pending>();
  private nextId = 1;

  read(scope: string, charge: UsageCharge, now: number): UsageSnapshot {
    const calls = this.live(this.calls, callsKey(scope, charge), now);
    const amounts = charge.currency === undefined ? [] : this.live(this.amounts, amountKey(scope, charge), now);
    let lastMinute = 0;
    let today = 0;
    for (const e of calls) {
      if (inLastMinute(e.at, now)) lastMinute++;
      if (onSameUtcDay(e.at, now)) today++;
    }
    let amountToday = 0;
    for (const e of amounts) if (onSameUtcDay(e.at, now)) amountToday += e.amount;
    return {
      calls_last_minute: lastMinute,
      calls_today: today,
      amount_today: amountToday,
      idempotency_key_seen: this.keySeen(scope, charge, now),
    };
  }

  reserve(scope: string, charge: UsageCharge, now: number): ReserveResult {
    const exceeded = crossedLimit(charge, this.read(scope, charge, now));
    if (exceeded) return { ok: false, exceeded };

    const pending: Pending = {};
    const records = recordsOf(charge);
    if (records.calls) {
      const key = callsKey(scope, charge);
      const entry = { at: now, amount: 0 };
      push(this.calls, key, entry);
      pending.calls = [key, entry];
    }
    if (records.amount) {
      const key = amountKey(scope, charge);
      const entry = { at: now, amount: charge.amount! };
      push(this.amounts, key, entry);
      pending.amount = [key, entry];
    }
    if (records.key) {
      pending.key = idempotencyKey(scope, charge);
      this.keys.set(pending.key, now);
    }
    const id = String(this.nextId++);
    this.pending.set(id, pending);
    return { ok: true, reservation: id };
  }

  settle(reservation: string, ran: boolean): void {
    const pending = this.pending.get(reservation);
    if (!pending) return;
    this.pending.delete(reservation);
    if (ran) return;
    if (pending.calls) remove(this.calls, ...pending.calls);
    if (pending.amount) remove(this.amounts, ...pending.amount);
    if (pending.key) this.keys.delete(pending.key);
  }

  /** Calls reserved and not yet settled (for tests and diagnostics). */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** The entries of `key` still inside a window; older ones are dropped. */
  private live(map: Map<string, Entry[]>, key: string, now: number): Entry[] {
    const list = map.get(key);
    if (!list) return [];
    const kept = list.filter((e) => inLastMinute(e.at, now) || onSameUtcDay(e.at, now));
    if (kept.length === 0) map.delete(key);
    else if (kept.length !== list.length) map.set(key, kept);
    return kept;
  }

  private keySeen(scope: string, charge: UsageCharge, now: number): boolean {
    if (charge.idempotency_key === undefined) return false;
    const key = idempotencyKey(scope, charge);
    const at = this.keys.get(key);
    if (at === undefined) return false;
    if (at > now - IDEMPOTENCY_TTL_MS) return true;
    this.keys.delete(key);
    return false;
  }
}

function push(map: Map<string, Entry[]>, key: string, entry: Entry): void {
  const list = map.get(key);
  if (list) list.push(entry);
  else map.set(key, [entry]);
}

function remove(map: Map<string, Entry[]>, key: string, entry: Entry): void {
  const list = map.get(key);
  if (!list) return;
  const i = list.indexOf(entry);
  if (i >= 0) list.splice(i, 1);
  if (list.length === 0) map.delete(key);
}
