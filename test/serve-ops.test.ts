// `portcullis serve` as operators run it: probes and metrics through a real redis-server that is killed and
// started again, a SQLite file whose lock another live process holds, and policy reload with --watch on a
// temporary file (an edit takes over, a broken file is refused and the old policy keeps deciding).
import { afterAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startRedis } from "./helpers/redis-server.ts";
import { AGENT, api, gitCall, killServers, serve, TOKEN, type Server } from "./helpers/serve-process.ts";
import { LockOwner } from "../bindings/stores/sqlite/stale-lock.ts";

const dir = mkdtempSync(join(tmpdir(), "portcullis-ops-"));
afterAll(() => {
  killServers();
  rmSync(dir, { recursive: true, force: true });
});

const probe = async (server: Server, path: string) => (await fetch(server.url + path)).status;
const metricsOf = async (server: Server) => (await fetch(server.url + "/metrics", { headers: { authorization: `Bearer ${AGENT}` } })).text();
const counter = (text: string, series: string) => Number(new RegExp(`^${series.replace(/[{}"=,.]/g, "\\$&")} (\\S+)$`, "m").exec(text)?.[1] ?? 0);

/** Poll `fn` every 100 ms until it returns true (or fail after `ms`). */
async function until(what: string, fn: () => Promise<boolean>, ms = 10_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await fn()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const logRecords = (server: Server) => server.output().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));

describe("serve: readiness and store errors against a real redis-server", () => {
  it("ready → not ready while Redis is down (store errors counted, calls fail closed) → ready again", async () => {
    const redis = await startRedis();
    try {
      const server = await serve(["--store", redis.url]);
      expect(await probe(server, "/healthz")).toBe(200);
      expect(await probe(server, "/readyz")).toBe(200);
      const before = counter(await metricsOf(server), 'portcullis_store_errors_total{store="redis",operation="ping"}');
      expect(before).toBe(0);

      const restarted = redis.crashAndRestart(2500);
      await until("/readyz 503", async () => (await probe(server, "/readyz")) === 503, 2000);
      const body = await (await fetch(server.url + "/readyz")).json();
      expect(body).toEqual({ ready: false, checks: [{ name: "policy", ok: true }, { name: "store", ok: false, reason: "the redis store does not answer" }] });
      expect(await probe(server, "/healthz")).toBe(200); // alive, just not ready
      const down = await api(server, "POST", "/api/evaluate", gitCall("git push origin during-outage"), AGENT);
      expect(down.body.decision ?? "error").not.toBe("allow");
      const during = await metricsOf(server);
      expect(counter(during, 'portcullis_store_errors_total{store="redis",operation="ping"}')).toBeGreaterThan(0);
      // The ask during the outage reached the approval store, failed there (counted by operation) and was refused.
      expect(during).toMatch(/^portcullis_store_errors_total\{store="redis",operation="(?!ping")[a-zA-Z]+"\} [1-9]/m);
      expect(during).toMatch(/^portcullis_pending_actions nan$/im); // unknown, not 0

      await restarted;
      const back = await until("/readyz 200 after the restart", async () => (await probe(server, "/readyz")) === 200);
      console.log(`serve-ops: ready again ${back} ms after redis-server came back`);
      const after = await api(server, "POST", "/api/evaluate", gitCall("git push origin after-outage"), AGENT);
      expect(after.status).toBe(200);
      expect(after.body.decision).toBe("ask");
      const errors = logRecords(server).filter((r) => r.event === "store_probe_failed" || r.event === "store_error");
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((r) => r.level === "warn" || r.level === "error")).toBe(true);
      expect(await server.stop()).toBe(0);
    } finally {
      await redis.stop();
    }
  }, 60_000);
});

describe("serve: readiness over SQLite", () => {
  it("a lock another live process holds makes it not ready; released, it is ready again", async () => {
    const file = join(dir, "ready.db");
    const server = await serve(["--store", `sqlite:${file}`]);
    expect(await probe(server, "/readyz")).toBe(200);
    // Another live process using the file (so no quick takeover) holds the lock.
    const other = LockOwner.register(file);
    try {
      // The lock is held again if a waiter took it over as abandoned (3 s on a busy machine): the probe answers within 1 s.
      await until("/readyz 503", async () => (mkdirSync(`${file}.lock`, { recursive: true }), (await probe(server, "/readyz")) === 503), 8000);
      expect(counter(await metricsOf(server), 'portcullis_store_errors_total{store="sqlite",operation="ping"}')).toBeGreaterThan(0);
      expect(logRecords(server).some((r) => r.event === "not_ready" && r.check === "store")).toBe(true);
    } finally {
      rmSync(`${file}.lock`, { recursive: true, force: true });
      other.release();
    }
    await until("/readyz 200 once the lock is released", async () => (await probe(server, "/readyz")) === 200, 8000);
    expect(await server.stop()).toBe(0);
  }, 60_000);
});

describe("serve --watch", () => {
  const allowlist = (tools: string[]) => JSON.stringify({ guardrails: { provider: { use: "portcullis:AllowlistProvider", config: { allowed_tools: tools } } } });
  const judge = async (server: Server) => (await api(server, "POST", "/api/evaluate", { tool_name: "bash", tool_input: { command: "ls" } }, AGENT)).body;

  it("picks up an edit (the decision and its policy_digest change), refuses a broken file and keeps deciding on the old policy", async () => {
    const policy = join(dir, "watched.json");
    writeFileSync(policy, allowlist(["bash"]));
    const server = await serve(["--watch"], {}, policy);
    const first = await judge(server);
    expect(first.decision).toBe("allow");
    expect(first.policy_digest).toMatch(/^sha256:[0-9a-f]{64}$/);

    writeFileSync(policy, allowlist(["web_search"]));
    await until("the edit to take over", async () => (await judge(server)).decision === "deny");
    const second = await judge(server);
    expect(second.policy_digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(second.policy_digest).not.toBe(first.policy_digest);
    const reloaded = logRecords(server).find((r) => r.event === "policy_reloaded");
    expect(reloaded).toMatchObject({ level: "info", previous_digest: first.policy_digest, policy_digest: second.policy_digest });

    writeFileSync(policy, '{"guardrails": {"provider": {"use": "portcullis:AllowlistProvider", "config": {"allowed_tools": ["bash"]}}'); // cut off
    await until("the refusal", async () => logRecords(server).some((r) => r.event === "policy_reload_refused"));
    const refused = logRecords(server).find((r) => r.event === "policy_reload_refused");
    expect(refused).toMatchObject({ level: "error", policy_digest: second.policy_digest });
    expect(refused.message).toMatch(/watched\.json/);
    const still = await judge(server);
    expect(still).toMatchObject({ decision: "deny", policy_digest: second.policy_digest });
    const text = await metricsOf(server);
    expect(counter(text, 'portcullis_policy_reloads_total{result="applied"}')).toBe(1);
    expect(counter(text, 'portcullis_policy_reloads_total{result="refused"}')).toBeGreaterThanOrEqual(1);
    expect(text).toContain(`portcullis_policy_info{digest="${second.policy_digest}"} 1`);

    // A valid file again is picked up: a refusal does not stop the watch.
    writeFileSync(policy, allowlist(["bash", "web_search"]));
    await until("the repaired file to take over", async () => (await judge(server)).decision === "allow");
    expect(await server.stop()).toBe(0);
  }, 60_000);

  it("/metrics is public only with --metrics-public; the probes never need a token", async () => {
    const closed = await serve([]);
    expect(await probe(closed, "/metrics")).toBe(401);
    expect((await fetch(closed.url + "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    const open = await serve(["--metrics-public"]);
    expect(await probe(open, "/metrics")).toBe(200);
    expect(await probe(open, "/readyz")).toBe(200);
    await Promise.all([closed.stop(), open.stop()]);
  }, 60_000);
});
