// The in-memory UsageStore: the shared UsageStore contract (windows, reservations,
// idempotency, keys), plus what only memory does (synchronous answers, pruning).
import { describe, expect, it } from "vitest";
import { MemoryUsageStore } from "./memory-store.ts";
import { StaticUsageStore } from "./static-store.ts";
import { describeUsageStore, messages, MIDNIGHT, scope, T0 } from "./_usage-contract.ts";

describeUsageStore("memory", async () => ({ open: async () => new MemoryUsageStore() }), false);

describe("MemoryUsageStore", () => {
  it("counts pending reservations until they are settled", () => {
    const store = new MemoryUsageStore();
    const r = store.reserve(scope, messages, T0);
    expect(store.pendingCount).toBe(1);
    if (r.ok) store.settle(r.reservation, false);
    expect(store.pendingCount).toBe(0);
  });

  it("answers synchronously (evaluateSync depends on it) and drops what no window can see", () => {
    const store = new MemoryUsageStore();
    for (let i = 0; i < 5; i++) {
      const r = store.reserve(scope, messages, T0 + i * 61_000);
      if (!r.ok) throw new Error("refused");
      store.settle(r.reservation, true);
    }
    expect(store.read(scope, messages, MIDNIGHT + 120_000)).toEqual({ calls_last_minute: 0, calls_today: 0, amount_today: 0, idempotency_key_seen: false });
    expect((store as unknown as { calls: Map<string, unknown> }).calls.size).toBe(0);
  });
});

describe("StaticUsageStore", () => {
  it("answers its counters and checks reservations against them, recording nothing", () => {
    const store = new StaticUsageStore({ calls_last_minute: 3 });
    expect(store.read()).toEqual({ calls_last_minute: 3, calls_today: 0, amount_today: 0, idempotency_key_seen: false });
    expect(store.reserve(scope, messages)).toEqual({ ok: false, exceeded: "per_minute" });
    expect(store.reserve(scope, { capability: "x", per_minute: 4 }).ok).toBe(true);
    expect(store.read().calls_last_minute).toBe(3);
  });

  it("refuses a counter it does not know, or a value that is not a whole number", () => {
    expect(() => new StaticUsageStore({ calls_per_minute: 1 } as never)).toThrow(/unknown usage counter/);
    expect(() => new StaticUsageStore({ calls_today: -1 })).toThrow(/whole number/);
    expect(() => new StaticUsageStore({ amount_today: 1.5 })).toThrow(/whole number/);
    expect(() => new StaticUsageStore({ idempotency_key_seen: "no" as never })).toThrow(/boolean/);
  });
});
