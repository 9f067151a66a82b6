import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisUsageStore } from "./usage-store.ts";
import { RedisConnection } from "./connection.ts";
import { describeUsageStore, messages, ran, refund, scope, T0 } from "../../usage/_usage-contract.ts";
import { startRedis, type RedisServer } from "../../../test/helpers/redis-server.ts";

let server: RedisServer;
beforeAll(async () => {
  server = await startRedis();
});
afterAll(async () => {
  await server?.stop();
});

let counter = 0;
/** Each backend is its own key prefix on the shared server; every open() is a new TCP connection. */
describeUsageStore("redis", async () => {
  const keyPrefix = `u${process.pid}_${counter++}`;
  return { open: () => RedisUsageStore.open({ url: server.url, keyPrefix }) };
}, true);

describe("RedisUsageStore", () => {
  it("keeps every key under one cluster hash tag, and a settled reservation leaves no record", async () => {
    const keyPrefix = `tag${counter++}`;
    const store = await RedisUsageStore.open({ url: server.url, keyPrefix });
    await ran(store, refund("key-00001"), T0);
    await ran(store, messages, T0);
    const raw = await RedisConnection.connect(server.url);
    const keys = (await raw.command("KEYS", `${keyPrefix}:*`)) as string[];
    expect(keys.length).toBe(3); // calls, amounts, idempotency key; no reservation records left
    for (const key of keys) expect(key.startsWith(`${keyPrefix}:{usage}:`)).toBe(true);
    for (const key of keys) expect(Number(await raw.command("PTTL", key))).toBeGreaterThan(0); // collected eventually
    await raw.close();
    await store.close();
  });

  it("shares a connection with the approval store and leaves closing it to the owner", async () => {
    const connection = await RedisConnection.connect(server.url, { keyPrefix: `share${counter++}` });
    const store = await RedisUsageStore.open({ connection });
    await ran(store, messages, T0);
    await store.close();
    expect((await store.read(scope, messages, T0)).calls_today).toBe(1);
    await connection.close();
  });

  it("refuses an amount it could not record faithfully", async () => {
    const store = await RedisUsageStore.open({ url: server.url, keyPrefix: `bad${counter++}` });
    await expect(store.reserve(scope, refund("k", -5), T0)).rejects.toThrow(/whole number/);
    await expect(store.reserve(scope, refund("k", 1.5), T0)).rejects.toThrow(/whole number/);
    await expect(store.reserve(scope, messages, Number.NaN)).rejects.toThrow(/whole epoch/);
    await store.close();
  });

  it("fails closed, never allows or hangs, when Redis goes away", async () => {
    const own = await startRedis();
    const store = await RedisUsageStore.open({ url: own.url });
    await ran(store, messages, T0);
    await own.stop();
    await expect(store.reserve(scope, messages, T0)).rejects.toThrow();
    await expect(store.read(scope, messages, T0)).rejects.toThrow();
    await store.close();
  });
});
