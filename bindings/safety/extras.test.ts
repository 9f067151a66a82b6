import { describe, expect, it } from "vitest";
import { classifyProviderError } from "./classify-error.ts";
import { safeParseSafetyConfig } from "./config.ts";
import { guardStream } from "./stream.ts";
import { pyRepr } from "./templates.ts";
import { testCore } from "./_test-core.ts";

const core = testCore();
async function collect<T>(chunks: T[], onTermination?: (...a: unknown[]) => void) {
  const out: T[] = [];
  async function* src() { yield* chunks; }
  for await (const c of guardStream(src(), { core, onTermination })) out.push(c);
  return out;
}

describe("pyRepr", () => {
  it("quotes like Python", () => {
    expect(pyRepr("content_filter")).toBe("'content_filter'");
    expect(pyRepr("it's")).toBe(`"it's"`);
    expect(pyRepr(`a'b"c`)).toBe(`'a\\'b"c'`);
    expect(pyRepr("a\nb")).toBe("'a\\nb'");
  });
});

describe("classifyProviderError", () => {
  it("recognises OpenAI/Azure, GLM and Alibaba safety errors", () => {
    expect(classifyProviderError({ status: 400, error: { code: "content_filter", innererror: { code: "ResponsibleAIPolicyViolation", content_filter_result: { hate: { filtered: true } } } } }))
      .toMatchObject({ terminated: true, detector: "openai_content_filter_error", reason_value: "content_filter", extras: { content_filter_result: { hate: { filtered: true } }, status: 400 } });
    expect(classifyProviderError({ error: { code: "1301", message: "系统检测到输入或生成内容可能包含不安全或敏感内容" } })).toMatchObject({ detector: "glm_safety_audit_error", reason_value: "1301" });
    expect(classifyProviderError({ code: "DataInspectionFailed", message: "Output data may contain inappropriate content." })).toMatchObject({ detector: "alibaba_data_inspection_failed" });
    expect(classifyProviderError(Object.assign(new Error("400"), { body: '{"error":{"code":"data_inspection_failed"}}' }))).toMatchObject({ reason_value: "data_inspection_failed" });
    expect(classifyProviderError(new Error("rate limited"))).toBeNull();
    expect(classifyProviderError({ error: { code: "rate_limit_exceeded" } })).toBeNull();
  });
});

describe("safeParseSafetyConfig", () => {
  it("accepts the seed's config and rejects bad ones with paths", () => {
    expect(safeParseSafetyConfig({ enabled: true })).toEqual({ success: true, output: { enabled: true, detectors: null } });
    const ok = safeParseSafetyConfig({ detectors: [{ use: "x.y:GeminiSafetyDetector" }, { use: "OpenAICompatibleContentFilterDetector", config: { finish_reasons: ["content_filter", "sensitive"] } }] });
    expect(ok.success).toBe(true);
    const bad = safeParseSafetyConfig({ detectors: [] });
    expect(bad.success).toBe(false);
    expect(!bad.success && bad.issues[0].message).toMatch(/enabled=false/);
    const unknown = safeParseSafetyConfig({ detectors: [{ use: "builtins:dict" }, { use: "anthropic_refusal", config: { finish_reasons: ["x"] } }] });
    expect(!unknown.success && unknown.issues.map((i) => i.path)).toEqual(["/detectors/0/use", "/detectors/1/config/finish_reasons"]);
  });
});

describe("guardStream", () => {
  const toolChunk = { object: "chat.completion.chunk", choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "c1", type: "function", function: { name: "write_file", arguments: "" } }] }, finish_reason: null }] };
  const argChunk = { object: "chat.completion.chunk", choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"path":' } }] }, finish_reason: null }] };
  const text = { object: "chat.completion.chunk", choices: [{ index: 0, delta: { content: "Here" }, finish_reason: null }] };
  it("releases held tool calls on a normal finish", async () => {
    const end = { object: "chat.completion.chunk", choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] };
    expect(await collect([text, toolChunk, argChunk, end])).toEqual([text, toolChunk, argChunk, end]);
  });
  it("suppresses held tool calls on a safety finish", async () => {
    const end = { object: "chat.completion.chunk", choices: [{ index: 0, delta: {}, finish_reason: "content_filter" }] };
    const seen: unknown[] = [];
    const out = await collect([text, toolChunk, argChunk, end], (m) => seen.push(m));
    expect(out).toHaveLength(2);
    expect(out[0]).toBe(text);
    expect(JSON.stringify(out)).not.toContain('"path"');
    expect(seen[0]).toMatchObject({ detector: "openai_compatible_content_filter", suppressed_tool_call_count: 1, suppressed_tool_call_names: ["write_file"] });
  });
  it("Anthropic events: a refusal drops the tool_use block", async () => {
    const events = [
      { type: "message_start", message: { type: "message", role: "assistant", content: [], stop_reason: null } },
      { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "t1", name: "bash", input: {} } },
      { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"cmd":"rm' } },
      { type: "message_delta", delta: { stop_reason: "refusal" } },
      { type: "message_stop" },
    ];
    const out = await collect(events);
    expect(out.map((e) => e.type)).toEqual(["message_start", "message_delta", "message_stop"]);
  });
  it("a stream that ends without a finish reason does not release tool calls", async () => {
    const seen: unknown[] = [];
    expect(await collect([toolChunk, argChunk], (m) => seen.push(m))).toEqual([]);
    expect(seen).toHaveLength(1);
  });
});
