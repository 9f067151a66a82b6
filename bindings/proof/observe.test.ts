// Receipts and spans through guardToolCall (docs/audit-and-receipts.md), with the OpenTelemetry SDK's
// in-memory exporter: the attributes a span carries, and that the tool arguments never reach one.
import { afterEach, describe, expect, it, vi } from "vitest";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { guardToolCall, judgeToolCall, isBlockedToolResult, type BlockedToolResult, type GuardOptions } from "../middleware/index.ts";
import { ApprovalGate, MemoryApprovalStore, type ApprovalEvent } from "../approvals/index.ts";
import type { GuardrailProvider } from "../providers/types.ts";
import type { Decision, GuardrailRequest } from "../core/decision.ts";
import { ReceiptSigner, verifyReceipt, type DecisionReceipt } from "./receipt.ts";
import { otel, otelApprovalSink, otelSafetyStop, type TracerLike } from "./otel.ts";

const SECRET = "sk-live-0123456789";
const request: GuardrailRequest = {
  tool_name: "bash",
  tool_input: { command: `curl -H 'Authorization: Bearer ${SECRET}' https://example.com` },
  tool_call_id: "call_1",
  agent_id: "agent-1",
  thread_id: "thread-1",
};

const fixed = (decision: Decision): GuardrailProvider => ({ name: "fixed", evaluate: () => decision });
const allow: Decision = { decision: "allow", allow: true, reasons: [{ code: "oap.allowed", message: "" }], policy_id: "p.v1" };
const deny: Decision = {
  decision: "deny", allow: false, reasons: [{ code: "oap.blocked_pattern", message: `matched ${SECRET}` }], policy_id: "p.v1",
  rule: "/limits/system.command.execute/blocked_patterns/0",
  metadata: { policy_digest: "sha256:" + "cd".repeat(32) },
};
const ask: Decision = { decision: "ask", allow: false, reasons: [{ code: "oap.approval_required", message: `asks for ${SECRET}` }], policy_id: "p.v1" };

let exporter: InMemorySpanExporter;
function tracer(): TracerLike {
  exporter = new InMemorySpanExporter();
  return new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer("test");
}
const spans = (): ReadableSpan[] => exporter.getFinishedSpans();
/** Everything a span exports, as text: no argument may appear anywhere in it. */
const dump = (span: ReadableSpan) => JSON.stringify({ name: span.name, attributes: span.attributes, events: span.events, status: span.status });

async function keys(): Promise<CryptoKeyPair> {
  return (await crypto.subtle.generateKey({ name: "Ed25519" }, false, ["sign", "verify"])) as CryptoKeyPair;
}

afterEach(() => vi.restoreAllMocks());

describe("receipts through guardToolCall", () => {
  it("a denied call's result carries a receipt that verifies", async () => {
    const { privateKey, publicKey } = await keys();
    const result = (await guardToolCall(request, () => "ran", { provider: fixed(deny), receipts: { privateKey } })) as BlockedToolResult;
    expect(isBlockedToolResult(result)).toBe(true);
    const receipt = result.receipt!;
    expect(receipt).toMatchObject({ decision: "deny", reason_codes: ["oap.blocked_pattern"], rule_id: deny.rule, tool_call_id: "call_1" });
    expect(await verifyReceipt(receipt, publicKey)).toBe(true);
    expect(JSON.stringify(receipt)).not.toContain(SECRET);
  });

  it("an allowed call runs and its receipt goes to onReceipt", async () => {
    const { privateKey, publicKey } = await keys();
    const seen: DecisionReceipt[] = [];
    const signer = await ReceiptSigner.create(privateKey, { policyDigest: "sha256:" + "ef".repeat(32) });
    const result = await guardToolCall(request, () => "ran", { provider: fixed(allow), receipts: { privateKey: signer, onReceipt: (r) => void seen.push(r) } });
    expect(result).toBe("ran");
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ decision: "allow", policy_digest: "sha256:" + "ef".repeat(32) });
    expect(await verifyReceipt(seen[0], publicKey)).toBe(true);
  });

  it("signs the gate's decision when a human is asked", async () => {
    const { privateKey, publicKey } = await keys();
    const approvals = await ApprovalGate.create({ store: new MemoryApprovalStore() });
    const judged = await judgeToolCall(request, { provider: fixed(ask), approvals, receipts: { privateKey } });
    expect(judged.outcome?.kind).toBe("pending");
    expect(judged.receipt?.decision).toBe("ask");
    expect(await verifyReceipt(judged.receipt, publicKey)).toBe(true);
  });

  it("a receipt that cannot be made denies the call instead of running it unreceipted", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const run = vi.fn(() => "ran");
    const result = await guardToolCall(request, run, { provider: fixed(allow), receipts: { privateKey: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----" } });
    expect(run).not.toHaveBeenCalled();
    expect((result as BlockedToolResult).decision.reasons[0].code).toBe("oap.evaluator_error");
    expect((result as BlockedToolResult).receipt).toBeUndefined();
    warn.mockRestore();
  });

  it("a receipt store that fails (onReceipt throws) denies too: the host asked for proof it cannot keep", async () => {
    const { privateKey } = await keys();
    const run = vi.fn(() => "ran");
    const onReceipt = () => { throw new Error("receipt store down"); };
    const result = await guardToolCall(request, run, { provider: fixed(allow), receipts: { privateKey, onReceipt } });
    expect(run).not.toHaveBeenCalled();
    expect((result as BlockedToolResult).decision.reasons[0].message).toMatch(/receipt store down/);
  });
});

describe("OpenTelemetry spans", () => {
  it("one execute_tool span per judged call, with guardrail attributes and no arguments", async () => {
    const options: GuardOptions = { provider: fixed(deny), tracer: tracer() };
    await guardToolCall(request, () => "ran", options);
    expect(spans()).toHaveLength(1);
    const [span] = spans();
    expect(span.name).toBe("execute_tool bash");
    expect(span.attributes).toMatchObject({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "bash",
      "gen_ai.tool.call.id": "call_1",
      "gen_ai.agent.id": "agent-1",
      "gen_ai.conversation.id": "thread-1",
      "portcullis.decision": "deny",
      "portcullis.reason_codes": ["oap.blocked_pattern"],
      "portcullis.rule_id": "/limits/system.command.execute/blocked_patterns/0",
      "portcullis.policy.id": "p.v1",
      "portcullis.policy.digest": "sha256:" + "cd".repeat(32),
      "portcullis.provider": "fixed",
    });
    expect(typeof span.attributes["portcullis.duration_ms"]).toBe("number");
    expect(dump(span)).not.toContain(SECRET);
    expect(dump(span)).not.toContain("curl");
  });

  it("allow and ask spans, and the approval outcome on the call's span", async () => {
    const t = tracer();
    await guardToolCall(request, () => "ran", { provider: fixed(allow), tracer: t });
    const approvals = await ApprovalGate.create({ store: new MemoryApprovalStore() });
    const blocked = (await guardToolCall(request, () => "ran", { provider: fixed(ask), tracer: t, approvals })) as BlockedToolResult;
    const [allowed, asked] = spans();
    expect(allowed.attributes["portcullis.decision"]).toBe("allow");
    expect(asked.attributes).toMatchObject({ "portcullis.decision": "ask", "portcullis.approval.outcome": "pending", "portcullis.approval.action_id": blocked.action_id });
    expect(asked.events.map((e) => e.name)).toEqual(["portcullis.approval.pending"]);
    for (const span of spans()) expect(dump(span)).not.toContain(SECRET);
  });

  it("a provider error marks the span as an error", async () => {
    const t = tracer();
    const exploding: GuardrailProvider = { name: "boom", evaluate: () => { throw new Error(`cannot read ${SECRET}`); } };
    await guardToolCall(request, () => "ran", { provider: exploding, tracer: t });
    const [span] = spans();
    expect(span.attributes).toMatchObject({ "portcullis.decision": "deny", "error.type": "oap.evaluator_error" });
    expect(span.status.code).toBe(2);
    expect(dump(span)).not.toContain(SECRET);
  });

  it("approvals: one span from pending to decided, through the gate's audit sink", async () => {
    const t = tracer();
    const events: ApprovalEvent[] = [];
    const sink = otelApprovalSink(t);
    const approvals = await ApprovalGate.create({ store: new MemoryApprovalStore(), audit: [sink, (e) => void events.push(e)] });
    const blocked = (await guardToolCall(request, () => "ran", { provider: fixed(ask), approvals })) as BlockedToolResult;
    expect(spans()).toHaveLength(0); // still pending: the span is open
    await approvals.approve(blocked.action_id!, { decidedBy: "alice" });
    const approval = spans().find((s) => s.name === "portcullis.approval bash")!;
    expect(approval.attributes).toMatchObject({ "portcullis.approval.action_id": blocked.action_id, "portcullis.approval.outcome": "approved", "gen_ai.tool.name": "bash" });
    expect(approval.events.map((e) => e.name)).toEqual(["portcullis.approval.pending", "portcullis.approval.decided"]);
    expect(dump(approval)).not.toContain(SECRET);
    expect(events.map((e) => e.action)).toContain("approval_granted");
  });

  it("safety stops become spans", () => {
    const t = tracer();
    otelSafetyStop(t)({
      type: "safety_termination", detector: "openai", reason_field: "finish_reason", reason_value: "content_filter",
      suppressed_tool_call_count: 2, suppressed_tool_call_names: ["bash", "write_file"], thread_id: "thread-1",
    });
    expect(spans()[0]).toMatchObject({ name: "portcullis.safety_stop" });
    expect(spans()[0].attributes).toMatchObject({ "portcullis.safety.detector": "openai", "portcullis.safety.suppressed_tool_call_names": ["bash", "write_file"] });
  });

  it("otel() finds the global tracer of @opentelemetry/api; no tracer means no span and no work", async () => {
    const found = await otel();
    expect(typeof found?.startSpan).toBe("function");
    tracer();
    await guardToolCall(request, () => "ran", { provider: fixed(deny) });
    expect(spans()).toHaveLength(0);
  });
});
