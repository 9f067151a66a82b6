/**
 * Attack and robustness cases for the safety stop: inputs a cut-off model
 * turn or a hostile gateway can produce must never let tool calls through,
 * and never crash.
 */
import { describe, expect, it } from "vitest";
import { applySafetyStop } from "./middleware.ts";
import { boundedJson, detectTurn, MAX_DEPTH, SafetyCheckError } from "./check.ts";
import { testCore } from "./_test-core.ts";

const core = testCore();
const CF = { finish_reason: "content_filter" };
const SENTINEL = "TRUNCATED_ARGS_SENTINEL";
const ai = (args: unknown, content: unknown = "", meta: object = CF) =>
  ({ type: "ai", id: "m", content, tool_calls: [{ id: "c1", name: "write_file", args }], response_metadata: meta, additional_kwargs: {} });

/** An object nested `depth` levels deep, built without recursion. */
function nested(depth: number, leaf: unknown = SENTINEL): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let at = root;
  for (let i = 1; i < depth; i++) {
    const next: Record<string, unknown> = {};
    at.a = next;
    at = next;
  }
  at.a = leaf;
  return root;
}

function expectSuppressed(message: unknown) {
  const r = applySafetyStop(message, { core });
  expect(r.terminated).toBe(true);
  const out = r.message as { tool_calls: unknown[] };
  expect(out.tool_calls).toEqual([]);
  return r;
}

describe("nesting", () => {
  it.each([200, 5_000, 200_000])("tool arguments nested %i deep are still suppressed", (depth) => {
    // 200 is past the core's 128 levels; 5,000 and 200,000 overflow JSON.stringify and structuredClone.
    expectSuppressed(ai(nested(depth)));
  });
  it("deep nesting on a normal turn still passes (the verdict does not change)", () => {
    const r = applySafetyStop(ai(nested(5_000), "", { finish_reason: "tool_calls" }), { core });
    expect(r.terminated).toBe(false);
    expect(r.detection).toMatchObject({ tool_calls: 1, signal: false });
  });
  it("deep nesting in raw provider shapes", () => {
    const chat = { object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls: [{ id: "c", type: "function", function: { name: "bash", arguments: "{}" } }], deep: nested(300) }, finish_reason: "content_filter" }] };
    expect(applySafetyStop(chat, { core }).metadata!.suppressed_tool_call_count).toBe(1);
    const gemini = { candidates: [{ content: { role: "model", parts: [{ functionCall: { name: "bash", args: nested(10_000) } }] }, finishReason: "SAFETY" }] };
    const r = applySafetyStop(gemini, { core });
    expect(r.terminated).toBe(true);
    expect(JSON.stringify(r.message)).not.toContain("functionCall");
  });
  it("boundedJson cuts below MAX_DEPTH and never recurses deeper", () => {
    const text = boundedJson(nested(1_000_000))!;
    expect(text.split("{").length - 1).toBe(MAX_DEPTH);
    expect(JSON.parse(boundedJson({ a: [1, { b: 2 }], d: new Date(0) })!)).toEqual({ a: [1, { b: 2 }], d: "1970-01-01T00:00:00.000Z" });
    // A shared (not circular) reference at two depths is cut by its path, not by where it was first seen.
    const shared = nested(10);
    const twice = { near: shared, far: nested(MAX_DEPTH - 3, shared) };
    expect(() => JSON.parse(boundedJson(twice)!)).not.toThrow();
  });
});

describe("text the core would refuse", () => {
  it("lone surrogates in content or arguments (a stream cut mid-character)", () => {
    expectSuppressed(ai({ content: "half an emoji \uD83D" }));
    expectSuppressed(ai({}, "partial \uDE00 text"));
    const r = expectSuppressed(ai({}, "\uD800"));
    // The rewritten message keeps the model's text exactly; only the core saw U+FFFD.
    expect((r.message as { content: string }).content.startsWith("\uD800\n\n")).toBe(true);
  });
  it("a lone surrogate cannot forge or hide a reason value", () => {
    expect(applySafetyStop(ai({}, "", { finish_reason: "content_filter\uD800" }), { core }).terminated).toBe(false);
    expect(applySafetyStop(ai({}, "", { finish_reason: "\uD800", stop_reason: "refusal" }), { core }).metadata!.detector).toBe("anthropic_refusal");
  });
});

describe("huge inputs", () => {
  it("a 20 MB partial answer with a tool call", () => {
    const r = expectSuppressed(ai({ path: "a" }, "x".repeat(20_000_000)));
    expect((r.message as { content: string }).content.length).toBeGreaterThan(20_000_000);
  });
  it("100,000 tool calls are all suppressed and counted", () => {
    const message = { ...ai({}), tool_calls: Array.from({ length: 100_000 }, (_, i) => ({ id: `c${i}`, name: "bash", args: { cmd: SENTINEL } })) };
    const r = expectSuppressed(message);
    expect(r.metadata!.suppressed_tool_call_count).toBe(100_000);
    expect(JSON.stringify(r.message)).not.toContain(SENTINEL);
  });
  it("200,000 metadata keys before the finish reason", () => {
    const meta: Record<string, unknown> = {};
    for (let i = 0; i < 200_000; i++) meta[`k${i}`] = i;
    meta.finish_reason = "content_filter";
    expectSuppressed(ai({}, "", meta));
  });
});

describe("finish reasons that are not strings", () => {
  it.each([[42], [0], [true], [null], [[]], [["content_filter"]], [{ value: "content_filter" }], [""], [1e308]])("%j is ignored, and the search goes on", (value) => {
    expect(applySafetyStop(ai({}, "", { finish_reason: value }), { core })).toMatchObject({ terminated: false, detection: { signal: false } });
    const m = { ...ai({}, "", { finish_reason: value }), additional_kwargs: { finish_reason: "content_filter" } };
    expect(applySafetyStop(m, { core }).terminated).toBe(true);
  });
});

describe("Unicode case tricks (case folding is ASCII only, in every runtime)", () => {
  it.each([
    ["fullwidth", "ＣＯＮＴＥＮＴ_FILTER"],
    ["capital I with dot", "CONTENT_FİLTER"],
    ["dotless i", "content_fılter"],
    ["Kelvin sign and long s", "ſafety"],
    ["Gemini value with dotless i", "ımage_safety"],
    ["Turkish capital İ in PROHIBITED", "PROHİBİTED_CONTENT"],
    ["Cyrillic lookalike", "rеfusal"],
    ["zero-width joiner", "content_\u200dfilter"],
    ["no-break space around it", "\u00a0content_filter\u00a0"],
  ])("%s does not match", (_label, value) => {
    for (const key of ["finish_reason", "stop_reason"]) {
      expect(applySafetyStop(ai({}, "", { [key]: value }), { core }).detection.signal).toBe(false);
    }
  });
  it("ASCII case variants do match, and keep the provider's casing", () => {
    const variants = [
      ["finish_reason", "Content_Filter"], ["stop_reason", "REFUSAL"], ["finish_reason", "safety"], ["stopReason", "GUARDRAIL_INTERVENED"],
      // Trimmed, '-' or a space read as '_', an enum-class prefix dropped.
      ["finish_reason", "content_filter "], ["finish_reason", "\tcontent-filter\n"], ["finish_reason", "FinishReason.SAFETY"], ["stop_reason", "StopReason.refusal"],
    ];
    for (const [key, value] of variants) {
      expect(applySafetyStop(ai({}, "", { [key]: value }), { core }).metadata!.reason_value).toBe(value);
    }
  });
});

describe("inputs that cannot be checked fail closed", () => {
  it("a circular message throws SafetyCheckError instead of passing", () => {
    const m = ai({}) as Record<string, unknown>;
    m.self = m;
    expect(() => applySafetyStop(m, { core })).toThrow(SafetyCheckError);
  });
  it("a BigInt in the message throws SafetyCheckError", () => {
    expect(() => applySafetyStop(ai({ n: 10n }), { core })).toThrow(SafetyCheckError);
  });
  it("an object whose toJSON is not an object throws", () => {
    expect(() => detectTurn(core, { toJSON: () => "text" })).toThrow(SafetyCheckError);
  });
  it("a non-object is not a model turn and passes with a note", () => {
    for (const value of ["text", 42, null, undefined]) {
      const r = applySafetyStop(value, { core });
      expect(r).toMatchObject({ terminated: false, message: value, detection: { error: "not a message object" } });
    }
  });
  it("a list is a message history: its last message is checked and rewritten in place", () => {
    const human = { type: "human", content: "hi" };
    const r = applySafetyStop([human, ai({})], { core });
    expect(r.terminated).toBe(true);
    expect(r.detection.at).toBe("/1");
    const out = r.message as Record<string, unknown>[];
    expect(out[0]).toBe(human);
    expect(out[1].tool_calls).toEqual([]);
    expect(applySafetyStop([ai({}), { type: "tool", content: "ok", tool_call_id: "c1" }], { core }).terminated).toBe(false);
  });
  it("a misspelt shape is an error, never a guess", () => {
    expect(() => applySafetyStop(ai({}), { core, shape: "langchian" as never })).toThrow(/unknown shape/);
    expect(() => applySafetyStop(ai({}), { core, shape: "ai_sdk" })).toThrow(/unknown shape/);
  });
});

describe("malformed JSON straight into the core never traps", () => {
  // A fixed-seed generator: the same mutations in every run.
  let seed = 0x2545f491;
  const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const samples = [
    JSON.stringify(ai({ path: "a" })),
    JSON.stringify({ object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls: [{ id: "c", type: "function", function: { name: "bash", arguments: "{" } }] }, finish_reason: "content_filter" }] }),
    JSON.stringify({ candidates: [{ content: { parts: [{ functionCall: { name: "bash", args: {} } }] }, finishReason: "SAFETY" }] }),
    JSON.stringify({ type: "message", role: "assistant", content: [{ type: "tool_use", id: "t", name: "bash", input: {} }], stop_reason: "refusal" }),
    JSON.stringify({ output: { message: { role: "assistant", content: [{ toolUse: { toolUseId: "t", name: "bash", input: {} } }] } }, stopReason: "guardrail_intervened" }),
    JSON.stringify({ object: "response", status: "incomplete", incomplete_details: { reason: "content_filter" }, output: [{ type: "function_call", call_id: "c", name: "bash", arguments: "{" }] }),
  ];
  const noise = ['"', "\\", "{", "}", "[", "]", ",", ":", "\\u", "\\ud800", "\u0000", "\uFFFF", "é", "1e999", "-", "null", " "];
  it("2,000 truncations and byte mutations give a result object", () => {
    for (let i = 0; i < 2_000; i++) {
      const base = samples[i % samples.length];
      const at = Math.floor(random() * base.length);
      const mutated = i % 3 === 0 ? base.slice(0, at) : base.slice(0, at) + noise[Math.floor(random() * noise.length)] + base.slice(at + (i % 2));
      const r = core.detect(mutated);
      expect(typeof r.terminated).toBe("boolean");
      if (r.error === undefined) expect(typeof r.signal).toBe("boolean");
    }
  });
  it("the core still answers correctly afterwards", () => {
    expect(core.detect(samples[0])).toMatchObject({ terminated: true, detector: "openai_compatible_content_filter" });
  });
});
