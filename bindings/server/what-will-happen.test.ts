// What the person deciding sees: GET /api/actions/:id carries what the call
// would do (each program with its reads, writes, deletes and contacts; each
// URL's host) and the rule that asked, which the pending record keeps signed.
import { beforeEach, describe, expect, it } from "vitest";
import "../index.ts";
import { PassportProvider } from "../providers/passport.ts";
import { ApprovalGate } from "../approvals/index.ts";
import { pendingClaims } from "../approvals/integrity.ts";
import { createApprovalHandler, type ApprovalHandler } from "./http-handler.ts";

const TOKEN = "approver-token-0123456789";
const passport = {
  spec_version: "oap/1.0", status: "active",
  capabilities: [{ id: "system.command.execute" }, { id: "web.fetch" }],
  limits: {
    "system.command.execute": { allowed_commands: ["cat", "rm", "curl"], approval_required: true },
    "web.fetch": { allowed_domains: ["example.com"], approval_required: true },
  },
};

let handler: ApprovalHandler;
let gate: ApprovalGate;

beforeEach(async () => {
  const now = Date.parse("2026-11-22T10:00:00Z");
  const provider = await PassportProvider.create({ passport, clock: () => now });
  gate = await ApprovalGate.create({ clock: () => now, timeoutSeconds: 600 });
  handler = createApprovalHandler({ gate, guard: { provider }, tokens: [{ name: "alice", token: TOKEN, role: "approver" }] });
});

function call(method: string, path: string, body?: unknown) {
  const init: RequestInit = { method, headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" } };
  if (body !== undefined) init.body = JSON.stringify(body);
  return handler(new Request(`http://portcullis.test${path}`, init));
}

async function ask(request: object): Promise<string> {
  const decision = await (await call("POST", "/api/evaluate", request)).json();
  expect(decision.decision).toBe("ask");
  return decision.metadata.action_id;
}

describe("GET /api/actions/:id: what will happen", () => {
  it("lists each program of a command with what it reads, writes and deletes, and the rule that asked", async () => {
    const id = await ask({ tool_name: "bash", tool_input: { command: "cat notes.txt > copy.txt && rm -f old.log" }, agent_id: "a", thread_id: "t" });
    const action = await (await call("GET", `/api/actions/${id}`)).json();
    expect(action.rule).toBe("/limits/system.command.execute/approval_required");
    expect(action.what_will_happen.programs).toEqual([
      { program: "cat", command: "cat notes.txt", reads: ["notes.txt"], writes: ["copy.txt"], deletes: [], contacts: [], unbound: false },
      { program: "rm", command: "rm -f old.log", reads: [], writes: [], deletes: ["old.log"], contacts: [], unbound: false },
    ]);
    expect(action.what_will_happen.why).toEqual({
      step: "approval_required", rule: "/limits/system.command.execute/approval_required",
      detail: "capability 'system.command.execute' requires human approval (approval_required)",
    });
  });

  it("names the host of a URL", async () => {
    const id = await ask({ tool_name: "web_fetch", tool_input: { url: "https://example.com/a?b=1" }, agent_id: "a", thread_id: "t" });
    const action = await (await call("GET", `/api/actions/${id}`)).json();
    expect(action.what_will_happen.hosts).toEqual([{ url: "https://example.com/a?b=1", host: "example.com", kind: "" }]);
    expect(action.what_will_happen.why.rule).toBe("/limits/web.fetch/approval_required");
  });

  it("the list shows the rule too", async () => {
    const id = await ask({ tool_name: "bash", tool_input: { command: "curl https://example.com" }, agent_id: "a", thread_id: "t" });
    const list = await (await call("GET", "/api/actions?status=pending")).json();
    expect(list.actions.find((a: { id: string }) => a.id === id).rule).toBe("/limits/system.command.execute/approval_required");
  });

  it("a record whose rule was changed in the store fails its check and is not explained", async () => {
    const id = await ask({ tool_name: "bash", tool_input: { command: "cat a" }, agent_id: "a", thread_id: "t" });
    const stored = (await gate.store.get(id))!;
    expect(await gate.store.transition(id, "pending", { ...stored, rule: "/limits/system.command.execute/allowed_commands/0" })).toBe(true);
    const action = await (await call("GET", `/api/actions/${id}`)).json();
    expect(action.verified).toBe(false);
    expect(action.what_will_happen).toBeNull();
  });

  it("records written before the rule was kept sign the same claims as then (no rule key), so they still verify", async () => {
    const id = await ask({ tool_name: "bash", tool_input: { command: "cat a" }, agent_id: "a", thread_id: "t" });
    const stored = (await gate.store.get(id))!;
    expect(pendingClaims(stored)).toHaveProperty("rule", "/limits/system.command.execute/approval_required");
    const { rule: _rule, ...older } = stored;
    expect(Object.keys(pendingClaims(older))).not.toContain("rule");
  });
});
