import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisApprovalStore } from "./approval-store.ts";
import { RedisConnection } from "./connection.ts";
import { describeApprovalFlows } from "../../approvals/_gate-contract.ts";
import { describeForgeryAttacks } from "../../approvals/_forgery-contract.ts";
import { gitCall, testEnv } from "../../approvals/_test-env.ts";
import { startRedis, freePort, type RedisServer } from "../../../test/helpers/redis-server.ts";

let server: RedisServer;
beforeAll(async () => {
  server = await startRedis();
});
afterAll(async () => {
  await server?.stop();
});

let counter = 0;
/** Each backend is its own key prefix on the shared server; every open() is a new TCP connection. */
async function redisBackend() {
  const keyPrefix = `t${process.pid}_${counter++}`;
  return { open: () => RedisApprovalStore.open({ url: server.url, keyPrefix }), cleanup: async () => {} };
}

describeApprovalFlows("redis", redisBackend);
describeForgeryAttacks("redis", redisBackend);

describe("RedisApprovalStore", () => {
  it("keeps actions under its prefix with a cluster hash tag, and survives reconnecting", async () => {
    const backend = await redisBackend();
    const env = await testEnv(backend);
    const id = (await env.call(gitCall())).outcome!.action!.id;
    const raw = await RedisConnection.connect(server.url);
    const keys = (await raw.command("KEYS", "*")) as string[];
    const ours = keys.filter((k) => k.includes(id));
    expect(ours.length).toBeGreaterThan(0);
    for (const key of ours) expect(key).toMatch(/^t\d+_\d+:\{approvals\}:a:act_/);
    await env.close();
    const again = await testEnv(backend);
    expect(await again.gate.getAction(id)).toMatchObject({ status: "pending", verified: true });
    await again.close();
    await raw.close();
  });

  it("works with a client the caller owns, and refuses bad targets", async () => {
    const { default: Redis } = await import("ioredis");
    const client = new Redis(server.url);
    const store = await RedisApprovalStore.open({ client, keyPrefix: `own${counter++}` });
    expect(await store.list()).toEqual([]);
    await store.close();
    expect(await client.call("PING")).toBe("PONG"); // not closed: the caller owns it
    client.disconnect();
    await expect(RedisApprovalStore.open({})).rejects.toThrow(/give a `url`/);
    await expect(RedisApprovalStore.open({ url: "http://127.0.0.1:1" })).rejects.toThrow(/expected a redis:\/\//);
    await expect(RedisApprovalStore.open({ url: server.url, keyPrefix: "a b" })).rejects.toThrow(/keyPrefix/);
    await expect(RedisApprovalStore.open({ client: {} as never })).rejects.toThrow(/call\(\) \(ioredis\) or sendCommand\(\)/);
  });

  it("fails closed, with the password left out, when the server is unreachable", async () => {
    const port = await freePort();
    const error = await RedisApprovalStore.open({ url: `redis://user:hunter2@127.0.0.1:${port}`, connectTimeoutMs: 500 }).catch((e) => e);
    expect(error.message).toMatch(/cannot connect to redis:\/\/\*\*\*@127\.0\.0\.1/);
    expect(error.message).not.toContain("hunter2");
  });

  it("denies, never allows or hangs, when Redis goes away under a running gate", async () => {
    const own = await startRedis();
    const env = await testEnv({ open: () => RedisApprovalStore.open({ url: own.url }), cleanup: async () => {} });
    const id = (await env.call(gitCall())).outcome!.action!.id;
    await env.gate.approve(id);
    await own.stop();
    await expect(env.call(gitCall())).rejects.toThrow();
    await env.close();
  });

  it("purges old actions with their keys and match links", async () => {
    const backend = await redisBackend();
    const env = await testEnv(backend);
    const id = (await env.call(gitCall())).outcome!.action!.id;
    await env.gate.approve(id, { updatedInput: { command: "git log" } }, (r) => env.provider.evaluate(r));
    expect(await env.store.purge(Date.now() + 1e12)).toBe(1);
    expect(await env.store.get(id)).toBeNull();
    expect(await env.store.list()).toEqual([]);
    const raw = await RedisConnection.connect(server.url);
    const prefix = (env.store as unknown as { redis: RedisConnection }).redis.prefix;
    expect(await raw.command("KEYS", `${prefix}:*`)).toEqual([]);
    await raw.close();
    await env.close();
  });
});
