/**
 * @module
 * Tests only: what every UsageStore must do the same way — the windows at
 * their edges (with an injected clock), check-and-reserve in one step,
 * release on failure, idempotency memory, keys that cannot collide, and
 * (for shared stores) a second connection seeing the first one's counters.
 * Each store's test file calls `describeUsageStore` with its backend; every
 * `open()` is a new connection to the same counters.
 */

import { afterEach, describe, expect, it } from "vitest";
import type { UsageCharge, UsageStore } from "./types.ts";

export interface UsageBackend {
  open(): Promise<UsageStore & { close?(): Promise<void> | void }>;
}

export const T0 = Date.parse("2026-11-22T10:00:00.000Z");
export const MIDNIGHT = Date.parse("2026-11-23T00:00:00.000Z");
export const scope = JSON.stringify(["ap_1"]);
export const messages: UsageCharge = { capability: "messaging.send", per_minute: 3, per_day: 5 };
export const refund = (key: string, amount = 4000): UsageCharge => ({
  capability: "finance.payment.refund", currency: "USD", amount, daily_cap: 10000, idempotency_key: key,
});
const empty = { calls_last_minute: 0, calls_today: 0, amount_today: 0, idempotency_key_seen: false };

/** Reserve and keep (the call ran). */
export async function ran(store: UsageStore, charge: UsageCharge, at: number, s = scope): Promise<void> {
  const r = await store.reserve(s, charge, at);
  if (!r.ok) throw new Error(`refused: ${r.exceeded}`);
  await store.settle(r.reservation, true);
}

/** `shared`: two open() calls of one backend share counters (a SQLite file, a Redis server). */
export function describeUsageStore(name: string, makeBackend: () => Promise<UsageBackend>, shared: boolean): void {
  describe(`UsageStore contract (${name})`, () => {
    const opened: { close?(): Promise<void> | void }[] = [];
    let backend: UsageBackend;
    const open = async () => {
      const store = await backend.open();
      opened.push(store);
      return store;
    };
    const fresh = async () => {
      backend = await makeBackend();
      return open();
    };
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close?.();
    });

    it("per minute is sliding: a call counts for exactly 60 s", async () => {
      const store = await fresh();
      await ran(store, messages, T0);
      expect((await store.read(scope, messages, T0)).calls_last_minute).toBe(1);
      expect((await store.read(scope, messages, T0 + 59_999)).calls_last_minute).toBe(1);
      expect((await store.read(scope, messages, T0 + 60_000)).calls_last_minute).toBe(0);
    });

    it("no burst across a minute boundary: the limit holds in every 60 s window", async () => {
      const store = await fresh();
      const boundary = Date.parse("2026-11-22T10:00:59.900Z");
      for (let i = 0; i < 3; i++) await ran(store, messages, boundary + i);
      expect(await store.reserve(scope, messages, Date.parse("2026-11-22T10:01:00.100Z"))).toEqual({ ok: false, exceeded: "per_minute" });
      expect((await store.reserve(scope, messages, boundary + 60_000)).ok).toBe(true);
    });

    it("per day is the UTC calendar day: 23:59:59.999 counts, 00:00:00.000 starts afresh", async () => {
      const store = await fresh();
      await ran(store, messages, MIDNIGHT - 1);
      expect((await store.read(scope, messages, MIDNIGHT - 1)).calls_today).toBe(1);
      const next = await store.read(scope, messages, MIDNIGHT);
      expect(next.calls_today).toBe(0);
      expect(next.calls_last_minute).toBe(1); // still inside the sliding minute
    });

    it("amounts are per currency and per UTC day", async () => {
      const store = await fresh();
      await ran(store, refund("key-00001", 4000), MIDNIGHT - 10);
      await ran(store, { ...refund("key-00002", 700), currency: "EUR" }, MIDNIGHT - 5);
      expect((await store.read(scope, refund("x"), MIDNIGHT - 1)).amount_today).toBe(4000);
      expect((await store.read(scope, refund("x"), MIDNIGHT)).amount_today).toBe(0);
      expect((await store.read(scope, { ...refund("x"), currency: "EUR" }, MIDNIGHT - 1)).amount_today).toBe(700);
    });

    it("a timestamp in the future still counts (a clock that stepped back)", async () => {
      const store = await fresh();
      await ran(store, messages, T0 + 5_000);
      expect((await store.read(scope, messages, T0)).calls_last_minute).toBe(1);
    });

    it("check and reserve are one step: the last slot goes to one caller, even when asked at once", async () => {
      const store = await fresh();
      await ran(store, messages, T0);
      await ran(store, messages, T0);
      const stores = shared ? [store, await open(), await open()] : [store, store, store];
      const results = await Promise.all(stores.map((s) => s.reserve(scope, messages, T0 + 1)));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, exceeded: "per_minute" }, { ok: false, exceeded: "per_minute" }]);
    });

    it("a pending call counts until settled; a released one never counted", async () => {
      const store = await fresh();
      const r = await store.reserve(scope, refund("key-00001", 6000), T0);
      expect(r.ok).toBe(true);
      expect((await store.read(scope, refund("key-00002"), T0)).amount_today).toBe(6000);
      expect((await store.read(scope, refund("key-00001"), T0)).idempotency_key_seen).toBe(true);
      expect(await store.reserve(scope, refund("key-00002", 5000), T0)).toEqual({ ok: false, exceeded: "daily_cap" });
      if (r.ok) await store.settle(r.reservation, false);
      expect(await store.read(scope, refund("key-00001"), T0)).toEqual(empty);
      expect((await store.reserve(scope, refund("key-00002", 5000), T0)).ok).toBe(true);
    });

    it("settling twice or an unknown id changes nothing", async () => {
      const store = await fresh();
      const r = await store.reserve(scope, messages, T0);
      if (!r.ok) throw new Error("refused");
      await store.settle(r.reservation, true);
      await store.settle(r.reservation, false);
      await store.settle("nope", false);
      await store.settle("00000000-0000-4000-8000-000000000000", false);
      expect((await store.read(scope, messages, T0)).calls_today).toBe(1);
    });

    it("limits are checked in order: minute, day, cap, replay", async () => {
      const store = await fresh();
      for (let i = 0; i < 5; i++) await ran(store, messages, T0 + i * 61_000);
      expect(await store.reserve(scope, messages, T0 + 400_000)).toEqual({ ok: false, exceeded: "per_day" });
      await ran(store, refund("key-00001", 4000), T0);
      expect(await store.reserve(scope, refund("key-00001", 1), T0)).toEqual({ ok: false, exceeded: "idempotency_key" });
      expect(await store.reserve(scope, refund("key-00001", 7000), T0)).toEqual({ ok: false, exceeded: "daily_cap" });
    });

    it("idempotency keys are remembered for 24 h, across the UTC day", async () => {
      const store = await fresh();
      await ran(store, refund("key-00001", 1), MIDNIGHT - 1000);
      expect((await store.read(scope, refund("key-00001"), MIDNIGHT + 1000)).idempotency_key_seen).toBe(true);
      expect((await store.read(scope, refund("key-00001"), MIDNIGHT - 1000 + 86_400_000)).idempotency_key_seen).toBe(false);
    });

    it("scopes, capabilities and keys never collide, however they are spelled", async () => {
      const store = await fresh();
      await ran(store, messages, T0, JSON.stringify(["a", "b"]));
      expect((await store.read(JSON.stringify(["a"]), messages, T0)).calls_today).toBe(0);
      expect((await store.read(JSON.stringify(["a", "b"]), { ...messages, capability: "mcp.tool.execute" }, T0)).calls_today).toBe(0);
      await ran(store, refund('k","x'), T0);
      expect((await store.read(scope, refund("k"), T0)).idempotency_key_seen).toBe(false);
      await ran(store, refund("k:1", 5), T0); // a delimiter-looking key or amount must not confuse the store
      expect((await store.read(scope, refund("k"), T0)).amount_today).toBe(4005);
    });

    it("forgets what no window can see any more", async () => {
      const store = await fresh();
      for (let i = 0; i < 5; i++) await ran(store, messages, T0 + i * 61_000);
      expect(await store.read(scope, messages, MIDNIGHT + 120_000)).toEqual(empty);
      expect((await store.reserve(scope, messages, MIDNIGHT + 120_000)).ok).toBe(true);
    });

    // Only shared stores have a second connection to the same counters.
    if (shared) it("a second connection sees the first one's counters and idempotency keys (a replay)", async () => {
      const store = await fresh();
      await ran(store, refund("key-00001", 4000), T0);
      await ran(store, messages, T0);
      const other = await open();
      expect(await other.read(scope, refund("key-00001"), T0 + 1)).toMatchObject({ amount_today: 4000, idempotency_key_seen: true });
      expect(await other.reserve(scope, refund("key-00001", 1), T0 + 1)).toEqual({ ok: false, exceeded: "idempotency_key" });
      expect((await other.read(scope, messages, T0 + 1)).calls_last_minute).toBe(1);
    });
  });
}
