// The in-memory UsageStore: the windows' edges, reservations, release on
// failure, idempotency memory, and keys that cannot collide.
import { describe, expect, it } from "vitest";
import { MemoryUsageStore } from "./memory-store.ts";
import { StaticUsageStore } from "./static-store.ts";
import type { UsageCharge } from "./types.ts";

const T0 = Date.parse("2026-11-22T10:00:00.000Z");
const MIDNIGHT = Date.parse("2026-11-23T00:00:00.000Z");
const scope = JSON.stringify(["ap_1"]);
const messages: UsageCharge = { capability: "messaging.send", per_minute: 3, per_day: 5 };
const refund = (key: string, amount = 4000): UsageCharge => ({ capability: "finance.payment.refund", currency: "USD", amount, daily_cap: 10000, idempotency_key: key });

/** Reserve and keep (the call ran). */
function ran(store: MemoryUsageStore, charge: UsageCharge, at: number, s = scope) {
  const r = store.reserve(s, charge, at);
  if (!r.ok) throw new Error(`refused: ${r.exceeded}`);
  store.settle(r.reservation, true);
}

describe("MemoryUsageStore windows", () => {
  it("per minute is sliding: a call counts for exactly 60 s", () => {
    const store = new MemoryUsageStore();
    ran(store, messages, T0);
    expect(store.read(scope, messages, T0).calls_last_minute).toBe(1);
    expect(store.read(scope, messages, T0 + 59_999).calls_last_minute).toBe(1);
    expect(store.read(scope, messages, T0 + 60_000).calls_last_minute).toBe(0);
  });

  it("no burst across a minute boundary: the limit holds in every 60 s window", () => {
    const store = new MemoryUsageStore();
    const boundary = Date.parse("2026-11-22T10:00:59.900Z");
    for (let i = 0; i < 3; i++) ran(store, messages, boundary + i);
    // A fixed window would reset at 10:01:00 and allow three more; the sliding one does not.
    expect(store.reserve(scope, messages, Date.parse("2026-11-22T10:01:00.100Z"))).toEqual({ ok: false, exceeded: "per_minute" });
    expect(store.reserve(scope, messages, boundary + 60_000).ok).toBe(true);
  });

  it("per day is the UTC calendar day: 23:59:59.999 counts, 00:00:00.000 starts afresh", () => {
    const store = new MemoryUsageStore();
    ran(store, messages, MIDNIGHT - 1);
    expect(store.read(scope, messages, MIDNIGHT - 1).calls_today).toBe(1);
    const next = store.read(scope, messages, MIDNIGHT);
    expect(next.calls_today).toBe(0);
    expect(next.calls_last_minute).toBe(1); // still inside the sliding minute
  });

  it("amounts are per currency and per UTC day", () => {
    const store = new MemoryUsageStore();
    ran(store, refund("key-00001", 4000), MIDNIGHT - 10);
    ran(store, { ...refund("key-00002", 700), currency: "EUR" }, MIDNIGHT - 5);
    expect(store.read(scope, refund("x"), MIDNIGHT - 1).amount_today).toBe(4000);
    expect(store.read(scope, refund("x"), MIDNIGHT).amount_today).toBe(0);
    expect(store.read(scope, { ...refund("x"), currency: "EUR" }, MIDNIGHT - 1).amount_today).toBe(700);
  });

  it("a timestamp in the future still counts (a clock that stepped back)", () => {
    const store = new MemoryUsageStore();
    ran(store, messages, T0 + 5_000);
    expect(store.read(scope, messages, T0).calls_last_minute).toBe(1);
  });
});

describe("MemoryUsageStore reservations", () => {
  it("check and reserve are one step: the last slot goes to one caller", () => {
    const store = new MemoryUsageStore();
    ran(store, messages, T0);
    ran(store, messages, T0);
    const a = store.reserve(scope, messages, T0 + 1);
    const b = store.reserve(scope, messages, T0 + 1);
    expect(a.ok).toBe(true);
    expect(b).toEqual({ ok: false, exceeded: "per_minute" });
  });

  it("a pending call counts until settled; a released one never counted", () => {
    const store = new MemoryUsageStore();
    const r = store.reserve(scope, refund("key-00001", 6000), T0);
    expect(r.ok).toBe(true);
    expect(store.pendingCount).toBe(1);
    expect(store.read(scope, refund("key-00002"), T0).amount_today).toBe(6000);
    expect(store.read(scope, refund("key-00001"), T0).idempotency_key_seen).toBe(true);
    expect(store.reserve(scope, refund("key-00002", 5000), T0)).toEqual({ ok: false, exceeded: "daily_cap" });
    if (r.ok) store.settle(r.reservation, false);
    expect(store.pendingCount).toBe(0);
    expect(store.read(scope, refund("key-00001"), T0)).toEqual({ calls_last_minute: 0, calls_today: 0, amount_today: 0, idempotency_key_seen: false });
    expect(store.reserve(scope, refund("key-00002", 5000), T0).ok).toBe(true);
  });

  it("settling twice or an unknown id changes nothing", () => {
    const store = new MemoryUsageStore();
    const r = store.reserve(scope, messages, T0);
    if (!r.ok) throw new Error("refused");
    store.settle(r.reservation, true);
    store.settle(r.reservation, false);
    store.settle("nope", false);
    expect(store.read(scope, messages, T0).calls_today).toBe(1);
  });

  it("limits are checked in order: minute, day, cap, replay", () => {
    const store = new MemoryUsageStore();
    for (let i = 0; i < 5; i++) ran(store, messages, T0 + i * 61_000);
    expect(store.reserve(scope, messages, T0 + 400_000)).toEqual({ ok: false, exceeded: "per_day" });
    ran(store, refund("key-00001", 4000), T0);
    expect(store.reserve(scope, refund("key-00001", 1), T0)).toEqual({ ok: false, exceeded: "idempotency_key" });
    expect(store.reserve(scope, refund("key-00001", 7000), T0)).toEqual({ ok: false, exceeded: "daily_cap" });
  });

  it("idempotency keys are remembered for 24 h, across the UTC day", () => {
    const store = new MemoryUsageStore();
    ran(store, refund("key-00001", 1), MIDNIGHT - 1000);
    expect(store.read(scope, refund("key-00001"), MIDNIGHT + 1000).idempotency_key_seen).toBe(true);
    expect(store.read(scope, refund("key-00001"), MIDNIGHT - 1000 + 86_400_000).idempotency_key_seen).toBe(false);
  });

  it("scopes, capabilities and keys never collide, however they are spelled", () => {
    const store = new MemoryUsageStore();
    ran(store, messages, T0, JSON.stringify(["a", "b"]));
    expect(store.read(JSON.stringify(["a"]), messages, T0).calls_today).toBe(0);
    expect(store.read(JSON.stringify(["a", "b"]), { ...messages, capability: "mcp.tool.execute" }, T0).calls_today).toBe(0);
    ran(store, refund('k","x'), T0);
    expect(store.read(scope, refund("k"), T0).idempotency_key_seen).toBe(false);
  });

  it("drops what no window can see any more", () => {
    const store = new MemoryUsageStore();
    for (let i = 0; i < 5; i++) ran(store, messages, T0 + i * 61_000);
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
