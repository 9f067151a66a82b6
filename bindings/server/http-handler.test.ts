// The approval API as clients see it: Request in, Response out (the same
// handler Node, Deno, Bun and Workers serve). Attack cases first-class:
// missing or wrong tokens, role escalation, malformed and oversized bodies,
// unknown fields, forged ids, and a fuzz pass that must never yield a 5xx.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import "../index.ts";
import { PassportProvider } from "../providers/passport.ts";
import { MemoryUsageStore } from "../usage/memory-store.ts";
import type { DecisionEvent } from "../middleware/audit.ts";
import { ApprovalGate, type ApprovalEvent } from "../approvals/index.ts";
import { createApprovalHandler, type ApprovalHandler } from "./http-handler.ts";
import { REQUEST_FIELDS } from "./http-routes.ts";
import { normalizeTokens } from "./http-auth.ts";
import { validateDecision } from "../config/generated/validators.js";
import { loadGuard } from "../config/load-guard.ts";

const APPROVER = "approver-token-0123456789";
const AGENT = "agent-token-0123456789abc";
const passport = JSON.parse(readFileSync(new URL("../../test/vectors/policies/core-approval.json", import.meta.url), "utf8"));

let now: number;
let handler: ApprovalHandler;
let gate: ApprovalGate;
let decisions: DecisionEvent[];
let approvals: ApprovalEvent[];

beforeEach(async () => {
  now = Date.parse("2026-11-22T10:00:00Z");
  decisions = [];
  approvals = [];
  const provider = await PassportProvider.create({ passport, clock: () => now });
  gate = await ApprovalGate.create({ clock: () => now, timeoutSeconds: 600, audit: [(e) => void approvals.push(e)] });
  handler = createApprovalHandler({
    gate,
    guard: { provider, audit: [(e) => void decisions.push(e)] },
    tokens: [{ name: "alice", token: APPROVER, role: "approver" }, { name: "ci-agent", token: AGENT, role: "agent" }],
    maxBodyBytes: 4096,
  });
});

function call(method: string, path: string, body?: unknown, token: string | null = APPROVER, headers: Record<string, string> = {}) {
  const init: RequestInit = { method, headers: { ...headers } };
  if (token !== null) (init.headers as Record<string, string>).authorization = `Bearer ${token}`;
  if (body !== undefined) {
    init.body = typeof body === "string" || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] ??= "application/json";
  }
  return handler(new Request(`http://portcullis.test${path}`, init));
}

async function expectError(response: Response, status: number, code?: string, message?: RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = await response.json();
  if (code) expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toMatch(message);
  return body;
}

const git = (command = "git push origin main", extra: object = {}) => ({ tool_name: "bash", tool_input: { command }, agent_id: "a1", thread_id: "t1", ...extra });

async function ask(request = git()): Promise<string> {
  const response = await call("POST", "/api/evaluate", request, AGENT);
  expect(response.status).toBe(200);
  const decision = await response.json();
  expect(decision.decision).toBe("ask");
  return decision.metadata.action_id;
}

describe("authentication", () => {
  it("every API route needs a bearer token: none, wrong, or in the URL is 401", async () => {
    const routes: [string, string, unknown?][] = [
      ["POST", "/api/evaluate", git()], ["GET", "/api/actions"], ["GET", "/api/actions/act_" + "0".repeat(32)],
      ["POST", "/api/actions/act_" + "0".repeat(32) + "/approve", {}], ["POST", "/api/actions/act_" + "0".repeat(32) + "/reject", {}],
    ];
    for (const [method, path, body] of routes) {
      for (const token of [null, "", "wrong-token-0123456789", APPROVER + "x", APPROVER.slice(0, -1)]) {
        const response = await call(method, path, body, token);
        await expectError(response, 401, "unauthorized");
        expect(response.headers.get("www-authenticate")).toBe('Bearer realm="portcullis"');
      }
      await expectError(await call(method, `${path}?token=${APPROVER}&access_token=${APPROVER}`, body, null), 401);
      await expectError(await call(method, path, body, null, { authorization: `Basic ${btoa("alice:" + APPROVER)}` }), 401);
      await expectError(await call(method, path, body, null, { authorization: `Bearer ${APPROVER} extra` }), 401);
    }
    expect(approvals).toEqual([]);
  });

  it("an agent token may evaluate and read one action, never list or decide", async () => {
    const id = await ask();
    expect((await call("GET", `/api/actions/${id}`, undefined, AGENT)).status).toBe(200);
    await expectError(await call("GET", "/api/actions", undefined, AGENT), 403, "forbidden");
    await expectError(await call("POST", `/api/actions/${id}/approve`, {}, AGENT), 403, "forbidden");
    await expectError(await call("POST", `/api/actions/${id}/reject`, {}, AGENT), 403, "forbidden");
    expect((await gate.getAction(id))!.status).toBe("pending");
  });

  it("refuses weak or ambiguous token configurations when created", () => {
    expect(() => normalizeTokens("short")).toThrow(/at least 16/);
    expect(() => normalizeTokens([])).toThrow(/no anonymous approvals/);
    expect(() => normalizeTokens(undefined)).toThrow(/no anonymous approvals/);
    expect(() => normalizeTokens([{ name: "a", token: "x".repeat(16), role: "admin" as never }])).toThrow(/role/);
    expect(() => normalizeTokens([{ name: "a", token: "x".repeat(16), role: "agent" }, { name: "a", token: "y".repeat(16), role: "agent" }])).toThrow(/distinct/);
    // One secret under two roles: the agent could approve its own calls.
    expect(() => normalizeTokens([{ name: "approver", token: "x".repeat(16), role: "approver" }, { name: "agent", token: "x".repeat(16), role: "agent" }]))
      .toThrow(/'approver' and 'agent' are the same/);
    expect(() => normalizeTokens("token with spaces in it")).toThrow(/spaces/);
  });
});

describe("POST /api/evaluate", () => {
  it("answers allow, deny and ask; an ask creates one pending action for repeated calls", async () => {
    const deny = await (await call("POST", "/api/evaluate", git("rm -rf /"), AGENT)).json();
    expect(deny).toMatchObject({ decision: "deny", allow: false });
    const id = await ask();
    expect(id).toMatch(/^act_[0-9a-f]{32}$/);
    expect(await ask()).toBe(id);
    expect(decisions.map((e) => e.decision)).toEqual(["deny", "ask", "ask"]);
  });

  it("the agent's retry after an API approval is allowed once", async () => {
    const id = await ask();
    const approved = await call("POST", `/api/actions/${id}/approve`);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ id, status: "approved", decision: { kind: "once", decided_by: "alice" } });
    const retry = await (await call("POST", "/api/evaluate", git(), AGENT)).json();
    expect(retry).toMatchObject({ decision: "allow", allow: true, reasons: [{ code: "oap.approved" }], metadata: { action_id: id } });
    expect(await ask()).not.toBe(id);
    expect((await (await call("GET", `/api/actions/${id}`, undefined, AGENT)).json()).status).toBe("consumed");
  });

  it("refuses unknown top-level request fields with a 400 naming the field", async () => {
    await expectError(await call("POST", "/api/evaluate", { ...git(), contxt: { workspace_root: "/" } }, AGENT), 400, "invalid_request", /^unknown field "contxt" in the request; expected tool_name, /);
    await expectError(await call("POST", "/api/evaluate", { ...git(), agentId: "a1" }, AGENT), 400, "invalid_request", /unknown field "agentId"/);
    // Every field of the request contract is known, and nothing more.
    const schema = JSON.parse(readFileSync(new URL("../../schemas/request.schema.json", import.meta.url), "utf8"));
    expect([...REQUEST_FIELDS].sort()).toEqual(Object.keys(schema.properties).sort());
    const full = { ...git(), agent_id: "a1", thread_id: "t1", run_id: "r1", tool_call_id: "c1", is_subagent: false, user_id: "u1", timestamp: "", context: {} };
    expect((await call("POST", "/api/evaluate", full, AGENT)).status).toBe(200);
  });

  it("refuses malformed requests with a 400 and a reason", async () => {
    await expectError(await call("POST", "/api/evaluate", { tool_input: {} }), 400, "invalid_request", /missing required field "tool_name"/);
    await expectError(await call("POST", "/api/evaluate", { tool_name: "bash", tool_input: "ls" }), 400, "invalid_request", /^\/tool_input: expected .*object.*, got "ls"$/);
    await expectError(await call("POST", "/api/evaluate", { tool_name: 7, tool_input: {} }), 400, "invalid_request", /^\/tool_name: expected .*string.*, got 7$/);
    await expectError(await call("POST", "/api/evaluate", [git()]), 400, "invalid_request");
    await expectError(await call("POST", "/api/evaluate", '{"tool_name":"ls","tool_name":"bash","tool_input":{}}'), 400, "invalid_body", /duplicate key/);
    await expectError(await call("POST", "/api/evaluate", "{not json"), 400, "invalid_body", /not valid JSON/);
    await expectError(await call("POST", "/api/evaluate"), 400, "invalid_body", /JSON body is required/);
    await expectError(await call("POST", "/api/evaluate", git(), APPROVER, { "content-type": "text/plain" }), 415);
    await expectError(await call("POST", "/api/evaluate", new Uint8Array([0x7b, 0xff, 0x7d])), 400, "invalid_body", /UTF-8/);
    const deep = "[".repeat(200) + "]".repeat(200);
    await expectError(await call("POST", "/api/evaluate", `{"tool_name":"bash","tool_input":{"a":${deep}}}`), 400, "invalid_body", /nesting/);
  });

  it("refuses oversized bodies while reading, whatever Content-Length says", async () => {
    const big = JSON.stringify(git("git " + "a".repeat(5000)));
    await expectError(await call("POST", "/api/evaluate", big), 413, "body_too_large");
    await expectError(await call("POST", "/api/evaluate", big, APPROVER, { "content-length": "10" }), 413);
    const stream = new ReadableStream({ pull(c) { c.enqueue(new TextEncoder().encode("x".repeat(1024))); } }); // endless
    const response = await handler(new Request("http://portcullis.test/api/evaluate", {
      method: "POST", body: stream, headers: { authorization: `Bearer ${APPROVER}`, "content-type": "application/json" }, duplex: "half",
    } as RequestInit));
    await expectError(response, 413);
  });

  it("denies (200, a decision) when the approval store fails, so agents fail closed", async () => {
    vi.spyOn(gate.store, "findLatest").mockRejectedValue(new Error("redis down"));
    const decision = await (await call("POST", "/api/evaluate", git(), AGENT)).json();
    expect(decision).toMatchObject({ decision: "deny", allow: false, reasons: [{ code: "oap.evaluator_error" }] });
  });

  it("allows everything only when the guard is explicitly disabled", async () => {
    const off = createApprovalHandler({ gate, guard: { provider: { name: "never", evaluate: () => { throw new Error("not called"); } }, enabled: false }, tokens: APPROVER });
    const response = await off(new Request("http://x/api/evaluate", { method: "POST", body: JSON.stringify(git("rm -rf /")), headers: { authorization: `Bearer ${APPROVER}`, "content-type": "application/json" } }));
    expect(await response.json()).toMatchObject({ decision: "allow", reasons: [{ message: "guardrails are disabled" }] });
  });
});

describe("decisions on the wire", () => {
  it("every decision /api/evaluate returns matches schemas/decision.schema.json", async () => {
    const seen: unknown[] = [];
    const evaluate = async (request: object) => {
      const decision = await (await call("POST", "/api/evaluate", request, AGENT)).json();
      seen.push(decision);
      return decision;
    };
    const once = (await evaluate(git("git a"))).metadata.action_id;
    await call("POST", `/api/actions/${once}/approve`);
    await evaluate(git("git a"));
    const rejected = (await evaluate(git("git b"))).metadata.action_id;
    await call("POST", `/api/actions/${rejected}/reject`, { message: "no" });
    await evaluate(git("git b"));
    const edited = (await evaluate(git("git c"))).metadata.action_id;
    await call("POST", `/api/actions/${edited}/approve`, { updated_input: { command: "git c -n" } });
    await evaluate(git("git c"));
    await evaluate(git("git d"));
    now += 601_000;
    await evaluate(git("git d"));
    await evaluate(git("rm -rf /"));
    const codes = seen.map((d) => (d as { reasons: { code: string }[] }).reasons[0].code);
    expect(codes).toEqual([
      "oap.approval_required", "oap.approved", "oap.approval_required", "oap.approval_rejected", "oap.approval_required",
      "oap.approval_edited", "oap.approval_required", "oap.approval_timeout", "oap.dangerous_operation",
    ]);
    for (const decision of seen) expect(validateDecision(decision), JSON.stringify(validateDecision.errors)).toBe(true);
  });

  it("a guard loaded from a config file takes the gate too", async () => {
    const file = new URL("../../test/vectors/policies/core-approval.json", import.meta.url).pathname;
    const { guard } = await loadGuard(file, { approvals: gate });
    const first = await guard.guardToolCall(git(), () => "ran");
    const id = (first as { action_id: string }).action_id;
    expect(id).toMatch(/^act_/);
    await gate.approve(id);
    expect(await guard.guardToolCall(git(), () => "ran")).toBe("ran");
  });
});

describe("deciding through the API", () => {
  it("approve with a window, an always scope, or edited arguments", async () => {
    const a = await ask(git("git a"));
    expect(await (await call("POST", `/api/actions/${a}/approve`, { ttl_seconds: 60 })).json()).toMatchObject({ decision: { kind: "window" } });
    const b = await ask(git("git b"));
    expect(await (await call("POST", `/api/actions/${b}/approve`, { scope: "agent" })).json()).toMatchObject({ decision: { kind: "rule", scope: "agent" } });
    expect((await (await call("POST", "/api/evaluate", git("git b", { thread_id: "t9" }), AGENT)).json()).allow).toBe(true);
    const c = await ask(git("git c"));
    const edited = await (await call("POST", `/api/actions/${c}/approve`, { updated_input: { command: "git c --dry-run" } })).json();
    expect(edited.decision.updated_input).toEqual({ command: "git c --dry-run" });
    const told = await (await call("POST", "/api/evaluate", git("git c"), AGENT)).json();
    expect(told.reasons[0].code).toBe("oap.approval_edited");
    expect((await (await call("POST", "/api/evaluate", git("git c --dry-run"), AGENT)).json()).allow).toBe(true);
  });

  it("an edit the policy denies is a 422 with the decision; the action stays pending", async () => {
    const id = await ask();
    const body = await expectError(await call("POST", `/api/actions/${id}/approve`, { updated_input: { command: "rm -rf /" } }), 422, "edit_denied");
    expect(body.decision).toMatchObject({ decision: "deny", reasons: [{ code: "oap.dangerous_operation" }] });
    expect((await gate.getAction(id))!.status).toBe("pending");
  });

  it("refuses unknown fields, wrong types and a tool name change in the approve body", async () => {
    const id = await ask();
    for (const [body, pattern] of [
      [{ tool_name: "sh" }, /unknown field "tool_name"/],
      [{ scope: "once", extra: 1 }, /unknown field "extra"/],
      ['{"__proto__":{"scope":"policy"}}', /unknown field "__proto__"/],
      ['{"constructor":{"scope":"policy"}}', /unknown field "constructor"/],
      [{ scope: 5 }, /scope: expected a string/],
      [{ scope: "everyone" }, /scope must be one of once, thread, agent, policy/],
      [{ ttl_seconds: "60" }, /ttl_seconds: expected a whole number/],
      [{ ttl_seconds: -1 }, /ttl_seconds must be a whole number from 1/],
      [{ updated_input: "rm -rf /" }, /updated_input: expected a JSON object/],
      [{ updated_input: [1] }, /updated_input: expected a JSON object/],
      [[], /must be a JSON object/],
      ["null", /must be a JSON object/],
    ] as [unknown, RegExp][]) {
      await expectError(await call("POST", `/api/actions/${id}/approve`, typeof body === "string" ? body : JSON.stringify(body)), 400, undefined, pattern);
    }
    await expectError(await call("POST", `/api/actions/${id}/reject`, { message: 5 }), 400, "invalid_body");
    await expectError(await call("POST", `/api/actions/${id}/reject`, { reason: "x" }), 400, "invalid_body", /unknown field "reason"/);
    expect((await gate.getAction(id))!.status).toBe("pending");
  });

  it("reject: the agent's retry reads the message; a second decision is a 409", async () => {
    const id = await ask();
    expect((await call("POST", `/api/actions/${id}/reject`, { message: "ask Dana first" })).status).toBe(200);
    const retry = await (await call("POST", "/api/evaluate", git(), AGENT)).json();
    expect(retry).toMatchObject({ decision: "deny", reasons: [{ code: "oap.approval_rejected", message: "a human rejected this call: ask Dana first" }] });
    await expectError(await call("POST", `/api/actions/${id}/approve`), 409, "conflict");
    await expectError(await call("POST", `/api/actions/${id}/reject`), 409, "conflict");
  });

  it("an expired action is a 409 and can never be approved", async () => {
    const id = await ask();
    now += 601_000;
    await expectError(await call("POST", `/api/actions/${id}/approve`), 409, "expired");
    expect((await (await call("GET", `/api/actions/${id}`)).json())).toMatchObject({ status: "expired", expired_reason: "timeout" });
    const told = await (await call("POST", "/api/evaluate", git(), AGENT)).json();
    expect(told.reasons[0].code).toBe("oap.approval_timeout");
  });

  it("unknown and forged ids are 404s", async () => {
    for (const id of ["act_" + "f".repeat(32), "act_1", "..%2F..%2Fetc", "act_" + "F".repeat(32), "%00"]) {
      await expectError(await call("GET", `/api/actions/${id}`), 404, "not_found");
      await expectError(await call("POST", `/api/actions/${id}/approve`), 404, "not_found");
      await expectError(await call("POST", `/api/actions/${id}/reject`), 404, "not_found");
    }
  });

  it("lists by status, newest first, and refuses bad queries", async () => {
    const a = await ask(git("git a"));
    now += 1000;
    const b = await ask(git("git b"));
    await call("POST", `/api/actions/${a}/reject`);
    const pending = await (await call("GET", "/api/actions?status=pending")).json();
    expect(pending.actions.map((x: { id: string }) => x.id)).toEqual([b]);
    const all = await (await call("GET", "/api/actions?limit=1")).json();
    expect(all.actions.map((x: { id: string }) => x.id)).toEqual([b]);
    expect(all.next_cursor).toBe(`${now}.${b}`);
    const rest = await (await call("GET", `/api/actions?limit=1&cursor=${all.next_cursor}`)).json();
    expect(rest.actions.map((x: { id: string }) => x.id)).toEqual([a]);
    const end = await (await call("GET", `/api/actions?limit=1&cursor=${rest.next_cursor}`)).json();
    expect(end).toEqual({ actions: [], next_cursor: null });
    for (const query of [
      "status=waiting", "limit=0", "limit=1001", "limit=abc", "limit=1.5", "status=pending&status=approved", "order=asc",
      "cursor=abc", "cursor=1.act_x", `cursor=1.${a}&cursor=2.${a}`, "cursor=-1." + a,
    ]) {
      await expectError(await call("GET", `/api/actions?${query}`), 400, "invalid_query");
    }
  });

  it("an agent past its cap of open actions gets 429, a call too large to review 413 — each a decision it can read", async () => {
    const capped = await ApprovalGate.create({ clock: () => now, maxPendingPerAgent: 2, maxActionBytes: 1024 });
    const provider = await PassportProvider.create({ passport, clock: () => now });
    const limited = createApprovalHandler({ gate: capped, guard: { provider }, tokens: [{ name: "a", token: AGENT, role: "agent" }] });
    const post = (request: object) => limited(new Request("http://portcullis.test/api/evaluate", {
      method: "POST", headers: { authorization: `Bearer ${AGENT}`, "content-type": "application/json" }, body: JSON.stringify(request),
    }));
    expect((await post(git("git a"))).status).toBe(200);
    expect((await post(git("git b"))).status).toBe(200);
    const full = await post(git("git c"));
    expect(full.status).toBe(429);
    expect(full.headers.get("retry-after")).toBe("30");
    expect(await full.json()).toMatchObject({ decision: "deny", reasons: [{ code: "oap.approval_limit" }], metadata: { limit: "pending_actions" } });
    expect((await post(git("git b"))).status).toBe(200); // the same call again is its existing action, not a new one
    const large = await post(git(`git commit -m '${"y".repeat(1500)}'`, { agent_id: "a9" }));
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ decision: "deny", reasons: [{ code: "oap.approval_limit" }], metadata: { limit: "action_bytes" } });
  });

  it("numbers JSON cannot carry exactly are refused before anything is bound to them", async () => {
    for (const body of [
      '{"tool_name":"bash","tool_input":{"command":"git push","channel_id":1234567890123456789},"agent_id":"a1"}',
      '{"tool_name":"bash","tool_input":{"command":"git push","amount":1e999},"agent_id":"a1"}',
      '{"tool_name":"bash","tool_input":{"command":"git push","amount":-1e999},"agent_id":"a1"}',
    ]) {
      const response = await call("POST", "/api/evaluate", body, AGENT);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ decision: "deny", reasons: [{ code: "oap.invalid_context" }] });
    }
    expect(await gate.listActions()).toEqual([]);
  });

  it("records who decided, and audit events hold no arguments or messages", async () => {
    const id = await ask(git("git push https://TOKEN987@x/y"));
    await call("POST", `/api/actions/${id}/reject`, { message: "MESSAGE654" });
    expect(approvals.map((e) => [e.action, e.decided_by])).toEqual([["approval_requested", null], ["approval_rejected", "alice"]]);
    const text = JSON.stringify([approvals, decisions]);
    expect(text).not.toContain("TOKEN987");
    expect(text).not.toContain("MESSAGE654");
  });
});

describe("routes, page and hardening", () => {
  it("serves the page without a token; it holds no data and forbids inline script", async () => {
    await ask();
    const page = await call("GET", "/", undefined, null);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe");
    const html = await page.text();
    expect(html).not.toMatch(/act_[0-9a-f]{32}|git push|<script>|\son[a-z]+=|style=/);
    const script = await (await call("GET", "/app.js", undefined, null)).text();
    expect(script).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/);
    expect((await call("GET", "/app.css", undefined, null)).headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect((await call("HEAD", "/", undefined, null)).status).toBe(200);
  });

  it("sets no-store, nosniff and no CORS on API responses", async () => {
    const response = await call("GET", "/api/actions");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    await expectError(await call("OPTIONS", "/api/actions", undefined, null, { origin: "https://evil.example", "access-control-request-method": "POST" }), 405);
  });

  it("wrong methods are 405 with Allow, unknown paths 404", async () => {
    const r = await call("DELETE", "/api/actions");
    await expectError(r, 405, "method_not_allowed");
    expect(r.headers.get("allow")).toBe("GET");
    await expectError(await call("GET", "/api/evaluate"), 405);
    await expectError(await call("POST", "/"), 405);
    for (const path of ["/api", "/api/", "/api/actions/", "/api/actions/x/y/z", "/api/actions/act_1/delete", "/admin", "/app.js.map", "/__proto__", "/constructor"]) {
      await expectError(await call("GET", path), 404, "not_found");
    }
  });

  it("a store failure is a 503, never a 500, and decides nothing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(gate.store, "list").mockRejectedValue(new Error("disk I/O error"));
    await expectError(await call("GET", "/api/actions"), 503, "unavailable");
    warn.mockRestore();
  });

  it("fuzz: no request a client can send produces a 5xx", async () => {
    const id = await ask();
    const paths = ["/", "/api/evaluate", "/api/actions", `/api/actions/${id}`, `/api/actions/${id}/approve`, `/api/actions/${id}/reject`, "/api/actions/%ff", "/%2e%2e/", "/api/actions/act_\u0000"];
    const bodies: (string | undefined)[] = [undefined, "", "{}", "[]", "null", "1", '"x"', "{\"a\":", "\u0000", '{"updated_input":{"a":"\\ud800"}}', '{"scope":"policy","ttl_seconds":1e308}',
      '{"tool_name":"bash","tool_input":{"command":"git \\ud800"}}', JSON.stringify(git("git " + "\u202e".repeat(10))), '{"message":"' + "x".repeat(3000) + '"}'];
    const methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];
    let count = 0;
    for (const method of methods) for (const path of paths) for (const body of bodies) {
      if ((method === "GET" || method === "HEAD") && body !== undefined) continue;
      for (const token of [APPROVER, AGENT, null]) {
        const response = await call(method, path, body, token);
        expect(response.status, `${method} ${path} ${body}`).toBeLessThan(500);
        count++;
      }
    }
    expect(count).toBeGreaterThan(500);
  });
});

describe("/api/evaluate and usage limits", () => {
  it("counts an allowed usage-limited call when it judges it: the agent runs it out of sight", async () => {
    const limited = {
      ...passport,
      capabilities: [{ id: "messaging.send" }],
      limits: { "messaging.send": { msgs_per_min: 1 } },
    };
    const provider = await PassportProvider.create({ passport: limited, clock: () => now });
    const api = createApprovalHandler({ gate, guard: { provider }, tokens: [{ name: "ci-agent", token: AGENT, role: "agent" }] });
    const evaluate = async () => {
      const response = await api(new Request("http://portcullis.test/api/evaluate", {
        method: "POST",
        headers: { authorization: `Bearer ${AGENT}`, "content-type": "application/json" },
        body: JSON.stringify({ tool_name: "send_message", tool_input: { to: "ops", message: "hi" } }),
      }));
      expect(response.status).toBe(200);
      const decision = await response.json();
      expect(validateDecision(decision)).toBe(true);
      return decision;
    };
    const first = await evaluate();
    expect(first.decision).toBe("allow");
    expect(first.metadata.usage_limited).toBe(true);
    expect(JSON.stringify(first)).not.toContain("per_minute");
    // Counted (kept), not left pending: nothing will ever settle it later.
    expect((provider.usage as MemoryUsageStore).pendingCount).toBe(0);
    expect((await evaluate()).reasons[0].code).toBe("oap.rate_limit_exceeded");
  });
});

