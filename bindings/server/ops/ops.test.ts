// The operator endpoints and their parts, in process: probes without a token, /metrics behind the API's tokens
// (or public when asked), readiness that follows its probes, metrics whose labels cannot grow without bound, a
// store wrapper that counts failures and passes them on, and logs that never carry tokens or arguments.
import { describe, expect, it } from "vitest";
import "../../index.ts";
import { PassportProvider } from "../../providers/passport.ts";
import { ApprovalGate, MemoryApprovalStore } from "../../approvals/index.ts";
import { createApprovalHandler } from "../http-handler.ts";
import { normalizeTokens } from "../http-auth.ts";
import { buildDecisionEvent, Guard } from "../../middleware/index.ts";
import type { Decision } from "../../core/decision.ts";
import { checkReadiness, countingStore, createJsonLog, createOpsHandler, createServerMetrics, MAX_REASON_LABELS, type ReadinessCheck } from "./index.ts";
import passport from "../../../test/vectors/policies/core-approval.json" with { type: "json" };

const APPROVER = "approver-token-0123456789";
const AGENT = "agent-token-0123456789abc";
const tokens = normalizeTokens([{ name: "alice", token: APPROVER, role: "approver" }, { name: "agent", token: AGENT, role: "agent" }]);

async function setup(options: { metricsPublic?: boolean; storeUp?: () => boolean } = {}) {
  const lines: string[] = [];
  const log = createJsonLog((line) => void lines.push(line));
  const metrics = await createServerMetrics({ pendingActions: async () => 0 });
  const provider = await PassportProvider.create({ passport });
  const gate = await ApprovalGate.create({ store: new MemoryApprovalStore(), audit: [(e) => metrics.recordApproval(e)] });
  const api = createApprovalHandler({ gate, guard: { provider, audit: [(e) => metrics.recordDecision(e)] }, tokens });
  const up = options.storeUp ?? (() => true);
  const checks: ReadinessCheck[] = [
    { name: "policy", probe: async () => {} },
    { name: "store", probe: async () => { if (!up()) throw new Error("the redis store does not answer"); } },
  ];
  const handler = createOpsHandler({ api, tokens, readiness: () => checkReadiness(checks, 200), metrics, metricsPublic: options.metricsPublic, log });
  const get = (path: string, token?: string) => handler(new Request(`http://localhost${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }));
  return { handler, get, lines, metrics };
}

describe("operator endpoints", () => {
  it("/healthz and /readyz answer without a token; /readyz follows the store", async () => {
    let up = true;
    const { get } = await setup({ storeUp: () => up });
    expect((await get("/healthz")).status).toBe(200);
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, checks: [{ name: "policy", ok: true }, { name: "store", ok: true }] });
    up = false;
    const down = await get("/readyz");
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ ready: false, checks: [{ name: "policy", ok: true }, { name: "store", ok: false, reason: "the redis store does not answer" }] });
    up = true;
    expect((await get("/readyz")).status).toBe(200);
  });

  it("a probe that never answers fails at the deadline", async () => {
    const report = await checkReadiness([{ name: "store", probe: () => new Promise(() => {}) }], 50);
    expect(report).toEqual({ ready: false, checks: [{ name: "store", ok: false, reason: "no answer within 50 ms" }] });
  });

  it("/metrics needs a token of the API (any role) unless public; only GET and HEAD", async () => {
    const { get, handler } = await setup();
    expect((await get("/metrics")).status).toBe(401);
    expect((await get("/metrics", "wrong-token-0123456789abcdef")).status).toBe(401);
    expect((await get("/metrics", AGENT)).status).toBe(200);
    const scraped = await get("/metrics", APPROVER);
    expect(scraped.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await scraped.text()).toMatch(/^portcullis_pending_actions 0$/m);
    expect((await handler(new Request("http://localhost/metrics", { method: "POST" }))).status).toBe(405);
    const open = await setup({ metricsPublic: true });
    expect((await open.get("/metrics")).status).toBe(200);
    // The API itself stays behind its tokens.
    expect((await open.get("/api/actions")).status).toBe(401);
  });

  it("counts decisions by outcome and reason, approvals by outcome; logs one line per request without tokens or arguments", async () => {
    const { handler, get, lines } = await setup();
    const secret = "sk-live-DO-NOT-LOG-0123456789";
    const evaluate = (command: string) => handler(new Request("http://localhost/api/evaluate", {
      method: "POST",
      headers: { authorization: `Bearer ${AGENT}`, "content-type": "application/json" },
      body: JSON.stringify({ tool_name: "bash", tool_input: { command }, thread_id: "t1" }),
    }));
    expect((await evaluate(`git push https://x:${secret}@example.com main`)).status).toBe(200);
    expect((await evaluate("ls")).status).toBe(200);
    const text = await (await get("/metrics", APPROVER)).text();
    expect(text).toMatch(/^portcullis_decisions_total\{decision="ask",reason="oap\.approval_required"\} 1$/m);
    expect(text).toMatch(/^portcullis_decisions_total\{decision="deny",reason="oap\.[a-z_]+"\} 1$/m);
    expect(text).toMatch(/^portcullis_decision_duration_seconds_count\{decision="ask"\} 1$/m);
    expect(text).toMatch(/^portcullis_approvals_total\{outcome="requested"\} 1$/m);
    expect(text).not.toContain(secret);
    const records = lines.map((line) => JSON.parse(line));
    expect(records.filter((r) => r.event === "request").map((r) => [r.method, r.path, r.status])).toEqual([
      ["POST", "/api/evaluate", 200], ["POST", "/api/evaluate", 200], ["GET", "/metrics", 200],
    ]);
    const all = lines.join("");
    for (const leak of [secret, AGENT, APPROVER, "git push"]) expect(all).not.toContain(leak);
  });
});

describe("metrics labels", () => {
  it("a provider's own reason codes cannot grow the series without bound", async () => {
    const metrics = await createServerMetrics();
    const event = (code: string) => buildDecisionEvent({ tool_name: "t", tool_input: {} }, { decision: "deny", allow: false, reasons: [{ code, message: "" }] },
      { provider: "p", failClosed: true, providerError: false, durationMs: 1 });
    for (let i = 0; i < MAX_REASON_LABELS + 50; i++) metrics.recordDecision(event(`custom.code_${i}`));
    metrics.recordDecision(event('x"} 1\nfake_metric{a="'));
    metrics.recordDecision(event("Has Spaces"));
    const { body } = await metrics.render();
    const series = body.split("\n").filter((l) => l.startsWith("portcullis_decisions_total{"));
    expect(series.length).toBe(MAX_REASON_LABELS + 1);
    expect(body).toMatch(/^portcullis_decisions_total\{decision="deny",reason="other"\} 52$/m);
    expect(body).not.toMatch(/^fake_metric/m);
  });
});

describe("countingStore", () => {
  it("reports each failing call by method and passes the error (and every result) on unchanged", async () => {
    const failures: string[] = [];
    const inner = {
      kind: "test",
      async get(id: string) { if (id === "bad") throw new Error("down"); return { id }; },
      sync() { throw new Error("sync down"); },
    };
    const store = countingStore(inner, (operation) => void failures.push(operation));
    expect(store.kind).toBe("test");
    expect(await store.get("ok")).toEqual({ id: "ok" });
    await expect(store.get("bad")).rejects.toThrow("down");
    expect(() => store.sync()).toThrow("sync down");
    expect(failures).toEqual(["get", "sync"]);
  });
});

describe("the API over a reloaded guard", () => {
  it("a request in flight during a reload is answered by the old policy, the next one by the new", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const begun = new Promise<void>((resolve) => (started = resolve));
    const allow: Decision = { decision: "allow", allow: true, reasons: [{ code: "oap.allowed", message: "" }] };
    const deny: Decision = { decision: "deny", allow: false, reasons: [{ code: "oap.denied", message: "" }] };
    const guard = new Guard({ provider: { name: "slow", evaluate: async () => (started(), await held, allow) }, policyDigest: "sha256:old" });
    const gate = await ApprovalGate.create();
    const api = createApprovalHandler({ gate, guard: () => guard.options, tokens });
    const evaluate = () => api(new Request("http://localhost/api/evaluate", {
      method: "POST", headers: { authorization: `Bearer ${AGENT}`, "content-type": "application/json" },
      body: JSON.stringify({ tool_name: "bash", tool_input: { command: "ls" } }),
    }));
    const inFlight = evaluate();
    await begun;
    await guard.reload({ provider: { name: "new", evaluate: () => deny }, policyDigest: "sha256:new" });
    release();
    expect(await (await inFlight).json()).toMatchObject({ decision: "allow", policy_digest: "sha256:old" });
    expect(await (await evaluate()).json()).toMatchObject({ decision: "deny", policy_digest: "sha256:new" });
  });
});
