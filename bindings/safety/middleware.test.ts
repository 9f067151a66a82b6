import { describe, expect, it, vi } from "vitest";
import { applySafetyStop } from "./middleware.ts";
import { testCore } from "./_test-core.ts";
import type { SafetyJournalRecord, SafetyTerminationEvent } from "./types.ts";

const core = testCore();
const write = (i: number) => ({ id: `call_write_${i}`, name: "write_file", args: { path: "/mnt/user-data/outputs/x.md", content: "半截" } });
const ai = (content: unknown, tool_calls: unknown[] = [], response_metadata: object = {}, additional_kwargs: object = {}) =>
  ({ type: "ai", id: "msg-1", content, tool_calls, response_metadata, additional_kwargs, invalid_tool_calls: [] });
const run = (m: unknown, extra = {}) => applySafetyStop(m, { core, ...extra }, { thread_id: "t-1" });
const CF = { finish_reason: "content_filter", model_name: "fake-kimi" };

describe("trigger criteria", () => {
  it("content_filter with tool calls triggers", () => {
    const r = run(ai("partial", [write(1)], CF));
    expect(r.terminated).toBe(true);
    expect(r.metadata).toMatchObject({ detector: "openai_compatible_content_filter", reason_field: "finish_reason", reason_value: "content_filter", suppressed_tool_call_count: 1 });
  });
  it("content_filter without tool calls passes through", () => {
    const m = ai("partial answer", [], CF);
    const r = run(m);
    expect(r.terminated).toBe(false);
    expect(r.message).toBe(m);
  });
  it.each([["", "empty"], ["   \n", "whitespace"], [null, "none"]])("blank content %j backfills (%s)", (content: string | null, _label: string) => {
    const r = run(ai(content, [], CF));
    expect(r.terminated).toBe(true);
    expect(r.metadata!.suppressed_tool_call_count).toBe(0);
    expect(r.metadata!.suppressed_tool_call_names).toEqual([]);
    const text = (r.message as { content: string }).content;
    expect(text).toContain("returned no content");
    expect(text).not.toContain("were suppressed");
  });
  it("anthropic refusal with blank content backfills; with tool calls triggers", () => {
    expect(run(ai("", [], { stop_reason: "refusal" })).terminated).toBe(true);
    expect(run(ai("x", [write(1)], { stop_reason: "refusal" })).metadata!.detector).toBe("anthropic_refusal");
  });
  it("gemini safety with tool calls triggers", () => {
    expect(run(ai("", [write(1)], { finish_reason: "SAFETY" })).metadata!.detector).toBe("gemini_safety");
  });
  it("normal turns pass through", () => {
    expect(run(ai("", [], { finish_reason: "stop" })).terminated).toBe(false);
    expect(run(ai("", [write(1)], { finish_reason: "tool_calls" })).terminated).toBe(false);
    expect(run(ai("ok", [write(1)], { finish_reason: "stop" })).terminated).toBe(false);
  });
  it("non-AI messages pass through", () => {
    expect(run({ type: "human", content: "", response_metadata: CF }).terminated).toBe(false);
    expect(run({ type: "tool", content: "", tool_call_id: "x" }).terminated).toBe(false);
  });
});

describe("message rewrite", () => {
  const raw = { tool_calls: [{ id: "call_write_1", type: "function", function: { name: "write_file", arguments: '{"path":' } }], function_call: { name: "write_file", arguments: "{" }, reasoning: "r", custom_provider_field: 1 };
  const r = run(ai("Here is the report:", [write(1), write(2)], CF, raw));
  const m = r.message as ReturnType<typeof ai> & { additional_kwargs: Record<string, unknown> };
  it("clears structured and raw tool calls, keeps other kwargs", () => {
    expect(m.tool_calls).toEqual([]);
    expect(m.additional_kwargs).not.toHaveProperty("tool_calls");
    expect(m.additional_kwargs).not.toHaveProperty("function_call");
    expect(m.additional_kwargs.reasoning).toBe("r");
    expect(m.additional_kwargs.custom_provider_field).toBe(1);
  });
  it("writes the observability field", () => {
    expect(m.additional_kwargs.safety_termination).toEqual({
      detector: "openai_compatible_content_filter", reason_field: "finish_reason", reason_value: "content_filter",
      suppressed_tool_call_count: 2, suppressed_tool_call_names: ["write_file", "write_file"], extras: {},
    });
  });
  it("preserves finish_reason, model_name and the id; keeps invalid_tool_calls", () => {
    expect(m.response_metadata).toEqual(CF);
    expect(m.id).toBe("msg-1");
    expect(m.invalid_tool_calls).toEqual([]);
  });
  it("appends DeerFlow's explanation to str content", () => {
    expect(m.content).toBe("Here is the report:\n\nThe model provider stopped this response with a safety-related signal (finish_reason='content_filter', detector='openai_compatible_content_filter'). Any tool calls produced in this turn were suppressed because their arguments may be truncated and unsafe to execute. Please rephrase the request or ask for a narrower output.");
  });
  it("handles empty content and list content", () => {
    expect((run(ai("", [write(1)], CF)).message as { content: string }).content.startsWith("The model provider stopped")).toBe(true);
    const list = run(ai([{ type: "thinking", thinking: "hmm" }, { type: "text", text: "partial" }], [write(1)], CF)).message as { content: { type: string; text?: string }[] };
    expect(list.content).toHaveLength(3);
    expect(list.content[2].type).toBe("text");
    expect(list.content[2].text!.startsWith("\n\nThe model provider")).toBe(true);
  });
  it("rewrites finish_reason tool_calls to stop only", () => {
    const c = testCore({ detectors: [{ use: "openai_compatible_content_filter", config: { finish_reasons: ["tool_calls"] } }] });
    const out = applySafetyStop(ai("", [write(1)], { finish_reason: "tool_calls" }), { core: c }).message as { response_metadata: { finish_reason: string } };
    expect(out.response_metadata.finish_reason).toBe("stop");
  });
  it("is idempotent and never mutates the input", () => {
    const input = ai("x", [write(1)], CF);
    const snapshot = structuredClone(input);
    const first = run(input);
    expect(input).toEqual(snapshot);
    const second = run(first.message);
    expect(second.terminated).toBe(false);
    expect(second.message).toBe(first.message);
  });
  it("carries extras (Azure)", () => {
    const out = run(ai("", [write(1)], { ...CF, content_filter_results: { hate: { filtered: true, severity: "high" } } }));
    expect(out.metadata!.extras).toEqual({ content_filter_results: { hate: { filtered: true, severity: "high" } } });
  });
});

describe("detector wiring and config", () => {
  it("custom detectors replace the defaults", () => {
    const c = testCore({ detectors: [{ use: "deerflow.agents.middlewares.safety_termination_detectors:OpenAICompatibleContentFilterDetector", config: { finish_reasons: ["custom_filter"] } }] });
    expect(applySafetyStop(ai("", [write(1)], CF), { core: c }).terminated).toBe(false);
    expect(applySafetyStop(ai("", [write(1)], { finish_reason: "custom_filter" }), { core: c }).terminated).toBe(true);
  });
  it("empty and unknown detector lists are rejected by the core", () => {
    expect(() => testCore({ detectors: [] })).toThrow(/enabled=false/);
    expect(() => testCore({ detectors: [{ use: "builtins:dict" }] })).toThrow(/unknown detector/);
  });
});

describe("events and journal", () => {
  it("emits the event and a journal record without tool arguments", () => {
    const events: SafetyTerminationEvent[] = [];
    const records: SafetyJournalRecord[] = [];
    const call = { id: "c1", name: "write_file", args: { content: "FILTERED_CONTENT_DO_NOT_PERSIST" } };
    run(ai("", [call], CF), { onEvent: (e: SafetyTerminationEvent) => events.push(e), journal: (r: SafetyJournalRecord) => records.push(r) });
    expect(events).toEqual([{ type: "safety_termination", detector: "openai_compatible_content_filter", reason_field: "finish_reason", reason_value: "content_filter", suppressed_tool_call_count: 1, suppressed_tool_call_names: ["write_file"], thread_id: "t-1" }]);
    expect(records[0]).toMatchObject({ tag: "safety_termination", name: "SafetyFinishReasonMiddleware", hook: "after_model", action: "suppress_tool_calls" });
    expect(records[0].changes.suppressed_tool_call_ids).toEqual(["c1"]);
    expect(records[0].changes.message_id).toBe("msg-1");
    expect(JSON.stringify([events, records])).not.toContain("FILTERED_CONTENT_DO_NOT_PERSIST");
  });
  it("a failing journal warns and the run goes on; a failing writer is ignored; control flow escapes", () => {
    const warn = vi.fn();
    const r = run(ai("", [write(1)], CF), { journal: () => { throw new Error("db down"); }, onEvent: () => { throw new Error("no writer"); }, onWarning: warn });
    expect(r.terminated).toBe(true);
    expect(warn).toHaveBeenCalledWith("Failed to record middleware:safety_termination event", expect.any(Error));
    class Bubble extends Error {}
    expect(() => run(ai("", [write(1)], CF), { onEvent: () => { throw new Bubble(); }, isControlFlow: (e: unknown) => e instanceof Bubble })).toThrow(Bubble);
  });
  it("no record on pass-through", () => {
    const journal = vi.fn();
    run(ai("ok", [], CF), { journal });
    expect(journal).not.toHaveBeenCalled();
  });
});
