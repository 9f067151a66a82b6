// `portcullis serve` as an operator runs it: the built CLI, real processes,
// real HTTP, a real SQLite file and a real redis-server. Restart durability
// kills the process with SIGKILL; concurrent consumers are separate server
// processes sharing one store.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startRedis, type RedisServer } from "./helpers/redis-server.ts";
import { AGENT, api, approvalPolicy as policy, cli, gitCall as git, killServers, SECRET, serve, TOKEN } from "./helpers/serve-process.ts";

const dir = mkdtempSync(join(tmpdir(), "portcullis-serve-"));

function runCli(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: "utf8", env: { ...process.env, PORTCULLIS_APPROVAL_SECRET: "", PORTCULLIS_TOKEN: "", ...env }, timeout: 20_000 });
  return { code: r.status, stderr: r.stderr };
}

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  killServers();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("portcullis serve: start-up errors exit 2 with a message", () => {
  it("refuses to start without what it needs", () => {
    const base = ["serve", "--policy", policy, "--port", "0"];
    const cases: [string[], Record<string, string>, RegExp][] = [
      [base, {}, /--token T \(or PORTCULLIS_TOKEN\) is required/],
      [[...base, "--token", "short"], {}, /at least 16 characters/],
      [["serve", "--port", "0", "--token", TOKEN], {}, /--policy FILE is required/],
      [["serve", "--policy", policy, "--token", TOKEN], {}, /--port N is required/],
      [[...base, "--token", TOKEN, "--agent-token", TOKEN], {}, /--agent-token must differ from --token/],
      [[...base, "--agent-token", TOKEN], { PORTCULLIS_TOKEN: TOKEN }, /--agent-token must differ from --token/],
      [[...base, "--token", TOKEN, "--store", "postgres://x"], {}, /--store must be memory, sqlite:PATH or redis/],
      [[...base, "--token", TOKEN, "--store", `sqlite:${join(dir, "nosecret.db")}`], {}, /needs a fixed `secret`.*PORTCULLIS_APPROVAL_SECRET or --secret-file/],
      [[...base, "--token", TOKEN, "--store", `sqlite:${join(dir, "weak.db")}`], { PORTCULLIS_APPROVAL_SECRET: "weak" }, /at least 32 bytes/],
      [[...base, "--token", TOKEN, "--store", "redis://127.0.0.1:1"], { PORTCULLIS_APPROVAL_SECRET: SECRET }, /cannot open the redis store: redis: cannot connect/],
    ];
    for (const [args, env, message] of cases) {
      const r = runCli(args, env);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });

  it("takes the token from PORTCULLIS_TOKEN and stops cleanly on SIGTERM", async () => {
    const server = await serve([], { PORTCULLIS_TOKEN: TOKEN });
    expect((await api(server, "GET", "/api/actions")).status).toBe(200);
    expect(await server.stop("SIGTERM")).toBe(0);
  });
});

describe("portcullis serve over HTTP", () => {
  it("an agent's call pauses, a human approves over HTTP, the retry runs once", async () => {
    const server = await serve([]);
    const asked = await api(server, "POST", "/api/evaluate", git(), AGENT);
    expect(asked.body).toMatchObject({ decision: "ask", metadata: { status: "pending" } });
    const id = asked.body.metadata.action_id;
    expect((await api(server, "POST", `/api/actions/${id}/approve`, {}, AGENT)).status).toBe(403);
    expect((await api(server, "POST", `/api/actions/${id}/approve`, {})).body).toMatchObject({ status: "approved", decision: { decided_by: "approver" } });
    expect((await api(server, "POST", "/api/evaluate", git(), AGENT)).body).toMatchObject({ decision: "allow", metadata: { action_id: id } });
    expect((await api(server, "POST", "/api/evaluate", git(), AGENT)).body.decision).toBe("ask");
    await server.stop();
  });

  it("restart durability (sqlite): a SIGKILLed server's pending actions are there after a restart", async () => {
    const file = join(dir, "durable.db");
    const first = await serve(["--store", `sqlite:${file}`]);
    const id = (await api(first, "POST", "/api/evaluate", git(), AGENT)).body.metadata.action_id;
    const rule = (await api(first, "POST", "/api/evaluate", git("git fetch"), AGENT)).body.metadata.action_id;
    await api(first, "POST", `/api/actions/${rule}/approve`, { scope: "policy" });
    await first.stop("SIGKILL");

    const second = await serve(["--store", `sqlite:${file}`]);
    const pending = (await api(second, "GET", "/api/actions?status=pending")).body.actions;
    expect(pending.map((a: { id: string }) => a.id)).toEqual([id]);
    expect(pending[0]).toMatchObject({ tool_input: { command: "git push origin main" }, verified: true });
    expect((await api(second, "POST", "/api/evaluate", git("git fetch"), AGENT)).body.decision).toBe("allow");
    await api(second, "POST", `/api/actions/${id}/approve`, {});
    await second.stop("SIGKILL");

    const third = await serve(["--store", `sqlite:${file}`]);
    expect((await api(third, "POST", "/api/evaluate", git(), AGENT)).body).toMatchObject({ decision: "allow", metadata: { action_id: id } });
    await third.stop();

    const otherKey = await serve(["--store", `sqlite:${file}`], { PORTCULLIS_APPROVAL_SECRET: "a-different-deployment-secret-0123456789" });
    expect((await api(otherKey, "POST", "/api/evaluate", git("git fetch"), AGENT)).body.reasons[0].code).toBe("oap.approval_invalid");
    await otherKey.stop();
  });

  it("the secret may come from --secret-file", async () => {
    const secretFile = join(dir, "secret");
    writeFileSync(secretFile, SECRET + "\n");
    const server = await serve(["--store", `sqlite:${join(dir, "file-secret.db")}`, "--secret-file", secretFile], { PORTCULLIS_APPROVAL_SECRET: "" });
    expect((await api(server, "POST", "/api/evaluate", git(), AGENT)).body.decision).toBe("ask");
    await server.stop();
  });

  for (const kind of ["sqlite", "redis"] as const) {
    it(`concurrent consumers (${kind}): three server processes, one approval, exactly one allow`, async () => {
      const store = kind === "sqlite" ? `sqlite:${join(dir, "shared.db")}` : redis.url;
      const servers = await Promise.all([serve(["--store", store]), serve(["--store", store]), serve(["--store", store])]);
      const id = (await api(servers[0], "POST", "/api/evaluate", git(), AGENT)).body.metadata.action_id;
      expect((await api(servers[1], "GET", `/api/actions/${id}`)).body.status).toBe("pending");
      await api(servers[2], "POST", `/api/actions/${id}/approve`, {});
      const results = await Promise.all(Array.from({ length: 18 }, (_, i) => api(servers[i % 3], "POST", "/api/evaluate", git(), AGENT)));
      expect(results.map((r) => r.status).every((s) => s === 200)).toBe(true);
      expect(results.filter((r) => r.body.decision === "allow")).toHaveLength(1);
      expect(results.every((r) => r.body.decision === "allow" || r.body.decision === "ask")).toBe(true);
      await Promise.all(servers.map((s) => s.stop()));
    });
  }

  const messaging = fileURLToPath(new URL("./vectors/policies/messaging.json", import.meta.url));
  const refundPolicy = fileURLToPath(new URL("./vectors/policies/refund.yaml", import.meta.url));
  const send = { tool_name: "send_message", tool_input: { to: "alice@example.com", message: "hi" } };
  const refund = (key: string) => ({
    tool_name: "refund_payment",
    tool_input: { order_id: "ORD-1", customer_id: "CUST-1", amount: 5000, currency: "USD", region: "US", reason_code: "customer_request", idempotency_key: key },
  });

  for (const kind of ["sqlite", "redis"] as const) {
    it(`rate limits race (${kind}): three server processes, 15 sends at once, exactly msgs_per_min (5) allowed`, async () => {
      const store = kind === "sqlite" ? `sqlite:${join(dir, "usage-race.db")}` : `${redis.url}/1`;
      const servers = await Promise.all([0, 1, 2].map(() => serve(["--store", store], {}, messaging)));
      const results = await Promise.all(Array.from({ length: 15 }, (_, i) => api(servers[i % 3], "POST", "/api/evaluate", send, AGENT)));
      expect(results.map((r) => r.status).every((s) => s === 200)).toBe(true);
      expect(results.filter((r) => r.body.decision === "allow")).toHaveLength(5);
      const denied = results.filter((r) => r.body.decision !== "allow");
      expect(denied.every((r) => r.body.reasons[0].code === "oap.rate_limit_exceeded")).toBe(true);
      await Promise.all(servers.map((s) => s.stop()));
      if (kind === "sqlite") {
        // Durability: a restarted server finds the counters (the minute has not passed).
        const again = await serve(["--store", store], {}, messaging);
        expect((await api(again, "POST", "/api/evaluate", send, AGENT)).body.reasons[0].code).toBe("oap.rate_limit_exceeded");
        await again.stop();
      }
    });

    it(`idempotency (${kind}): a key one server allowed is a replay on another`, async () => {
      const store = kind === "sqlite" ? `sqlite:${join(dir, "usage-idem.db")}` : `${redis.url}/2`;
      const [a, b] = await Promise.all([serve(["--store", store], {}, refundPolicy), serve(["--store", store], {}, refundPolicy)]);
      expect((await api(a, "POST", "/api/evaluate", refund("refund-0001"), AGENT)).body.decision).toBe("allow");
      const replay = (await api(b, "POST", "/api/evaluate", refund("refund-0001"), AGENT)).body;
      expect(replay).toMatchObject({ decision: "deny", reasons: [{ code: "oap.idempotency_conflict" }] });
      expect((await api(b, "POST", "/api/evaluate", refund("refund-0002"), AGENT)).body.decision).toBe("allow");
      await Promise.all([a.stop(), b.stop()]);
    });
  }

  it("usage fails closed: with its Redis gone, a rate-limited call is never allowed", async () => {
    const own = await startRedis();
    const server = await serve(["--store", own.url], {}, messaging);
    expect((await api(server, "POST", "/api/evaluate", send, AGENT)).body.decision).toBe("allow");
    await own.stop();
    const down = await api(server, "POST", "/api/evaluate", send, AGENT);
    expect(down).toMatchObject({ status: 200, body: { decision: "deny", allow: false, reasons: [{ code: "oap.evaluator_error" }] } });
    await server.stop();
  });

  it("writes approval events next to decision events in the config's audit file", async () => {
    const config = join(dir, "guardrails.json");
    const audit = join(dir, "audit.jsonl");
    writeFileSync(config, JSON.stringify({ guardrails: { passport: policy, audit: { path: "./audit.jsonl" } } }));
    const server = await serve([], {}, config);
    const id = (await api(server, "POST", "/api/evaluate", git("git push https://SECRET111@x/y"), AGENT)).body.metadata.action_id;
    await api(server, "POST", `/api/actions/${id}/reject`, { message: "SECRET222" });
    await server.stop();
    const lines = readFileSync(audit, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => l.action)).toEqual(["ask_tool_call", "approval_requested", "approval_rejected"]);
    expect(readFileSync(audit, "utf8")).not.toMatch(/SECRET111|SECRET222/);
  });
});
