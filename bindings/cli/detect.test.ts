import { Readable } from "node:stream";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { detectCommand } from "./detect.ts";
import { testCore } from "../safety/_test-core.ts";

async function run(lines: string[], args: string[] = []) {
  let out = "";
  let err = "";
  const io = { stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (err += t) }, stdin: Readable.from([lines.join("\n") + "\n"]) as never };
  const code = await detectCommand(args, io, (config) => testCore(config));
  return { code, out: out.split("\n").filter(Boolean).map((l) => JSON.parse(l)), err };
}

describe("portcullis detect", () => {
  it("answers every line, also one nested 20,000 deep and one with a bare CR in its whitespace", async () => {
    const deep = "[".repeat(20000) + "]".repeat(20000);
    const cr = '{"type":"ai",\r"content":"hi","response_metadata":{"finish_reason":"stop"}}';
    const after = JSON.stringify({ type: "ai", content: "later", response_metadata: { finish_reason: "stop" } });
    const { code, out } = await run([deep, cr, after]);
    expect(code).toBe(0);
    expect(out).toHaveLength(3);
    // Lists 20,000 deep: no turn can be located in them, which is said, not passed.
    expect(out[0]).toMatchObject({ terminated: false, error: expect.stringContaining("envelopes nested deeper than 32") });
    expect(out[1]).toMatchObject({ terminated: false, message: { content: "hi" } });
    expect(out[2]).toMatchObject({ terminated: false, message: { content: "later" } });
  });

  it("one line out per line in, in order; bad JSON yields an error line", async () => {
    const { code, out } = await run([
      JSON.stringify({ type: "ai", content: "", tool_calls: [{ id: "c", name: "bash", args: {} }], response_metadata: { finish_reason: "content_filter" } }),
      "{not json",
      JSON.stringify({ type: "ai", content: "hi", response_metadata: { finish_reason: "stop" } }),
    ]);
    expect(code).toBe(0);
    expect(out).toHaveLength(3);
    expect(out[0]).toMatchObject({ terminated: true, detector: "openai_compatible_content_filter", reason_field: "finish_reason", reason_value: "content_filter", suppressed_tool_calls: 1 });
    expect(out[0].message.tool_calls).toEqual([]);
    expect(out[1].terminated).toBe(false);
    expect(out[1].error).toMatch(/not valid JSON/);
    expect(out[2]).toEqual({ terminated: false, suppressed_tool_calls: 0, message: { type: "ai", content: "hi", response_metadata: { finish_reason: "stop" } } });
  });
  it("--config replaces the detector list (YAML, seed form)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "portcullis-detect-"));
    const file = join(dir, "config.yaml");
    writeFileSync(file, "safety_finish_reason:\n  enabled: true\n  detectors:\n    - use: deerflow.agents.middlewares.safety_termination_detectors:OpenAICompatibleContentFilterDetector\n      config:\n        finish_reasons: [\"content_filter\", \"sensitive\"]\n");
    const { out } = await run([JSON.stringify({ choices: [{ delta: {}, finish_reason: "sensitive" }] })], ["--config", file]);
    expect(out[0]).toMatchObject({ terminated: true, reason_value: "sensitive" });
    const bad = join(dir, "bad.yaml");
    writeFileSync(bad, "safety_finish_reason:\n  detectors: []\n");
    const r = await run([], ["--config", bad]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("/safety_finish_reason/detectors");
  });
  it("keeps one line per input for lines that are JSON but not a message, and for arguments nested 100,000 deep", async () => {
    const deep = '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000);
    const { code, out } = await run([
      "[1, 2]",
      `{"type":"ai","content":"","tool_calls":[{"id":"c","name":"bash","args":${deep}}],"response_metadata":{"finish_reason":"content_filter"}}`,
      "",
      JSON.stringify({ stopReason: "guardrail_intervened", output: { message: { role: "assistant", content: [{ toolUse: { toolUseId: "t", name: "bash", input: {} } }] } } }),
    ]);
    expect(code).toBe(0);
    expect(out).toHaveLength(4);
    // A list is a message history; its last element (a number) is no model turn.
    expect(out[0]).toEqual({ terminated: false, suppressed_tool_calls: 0, message: [1, 2] });
    expect(out[1]).toMatchObject({ terminated: true, suppressed_tool_calls: 1, message: { tool_calls: [] } });
    expect(out[2]).toMatchObject({ terminated: false, error: expect.stringContaining("not valid JSON") });
    expect(out[3]).toMatchObject({ terminated: true, detector: "bedrock_guardrail", message: { output: { message: { content: [{ text: expect.stringContaining("were suppressed") }] } } } });
  });
  it("answers safety stops nested 100,000 deep wherever the depth is: content, metadata, envelopes", async () => {
    const N = 100_000;
    const deepObj = '{"a":'.repeat(N) + "1" + "}".repeat(N);
    const deepArr = "[".repeat(N) + "]".repeat(N);
    const call = '"tool_calls":[{"id":"c","name":"bash","args":{}}]';
    const lines = [
      deepArr,
      deepObj,
      `{"type":"ai","content":${deepObj},${call},"response_metadata":{"finish_reason":"content_filter"}}`,
      `{"type":"ai","content":"",${call},"response_metadata":{"finish_reason":"content_filter","x":${deepObj}}}`,
      `{"type":"ai","content":[${deepArr}],${call},"response_metadata":{"finish_reason":"content_filter"}}`,
      `{"custom_id":"x","response":{"status_code":200,"body":{"choices":[{"message":{"content":null,"tool_calls":[{"id":"c","function":{"name":"bash","arguments":"{}"}}]},"finish_reason":"content_filter"}]}},"extra":${deepObj}}`,
      `{"type":"ai","content":"",${call},"response_metadata":{"finish_reason":"content_filter","content_filter_results":${deepObj}}}`,
      '{"ok":1}',
    ];
    const { code, out } = await run(lines);
    expect(code).toBe(0);
    expect(out).toHaveLength(lines.length);
    expect(out.map((o) => o.terminated)).toEqual([false, false, true, true, true, true, true, false]);
    expect(out[0].error).toContain("envelopes nested deeper than 32");
    for (const o of out.slice(1)) expect(o.error).toBeUndefined();
    expect(out[2].message.tool_calls).toEqual([]);
    expect(out[5].message.response.body.choices[0].message.tool_calls).toBeUndefined();
    // The deep parts come back intact.
    let depth = 0;
    for (let v = out[1].message; typeof v === "object"; v = v.a) depth++;
    expect(depth).toBe(N);
  });
  it("--shape names the input's shape; a misspelt one is a usage error", async () => {
    const part = JSON.stringify({ type: "finish-step", finishReason: "tool-calls", rawFinishReason: "content_filter" });
    expect((await run([part], ["--shape", "ai_sdk"])).out[0]).toMatchObject({ terminated: true, reason_field: "rawFinishReason" });
    const chat = JSON.stringify({ choices: [{ message: { tool_calls: [{ id: "c" }] }, finish_reason: "content_filter" }] });
    expect((await run([chat], ["--shape", "ai_sdk"])).out[0]).toMatchObject({ terminated: false, error: expect.stringContaining("unknown shape") });
    const r = await run([], ["--shape", "aisdk"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('unknown shape "aisdk"');
  });
  it("--config: a bare section, enabled: false, and located errors (exit 2)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "portcullis-detect-"));
    const bare = join(dir, "bare.yaml");
    writeFileSync(bare, "detectors:\n  - use: bedrock_guardrail\n");
    const stop = JSON.stringify({ type: "ai", content: "", tool_calls: [{ id: "c", name: "bash", args: {} }], response_metadata: { finish_reason: "content_filter" } });
    expect((await run([stop], ["--config", bare])).out[0]).toMatchObject({ terminated: false, suppressed_tool_calls: 0 });
    const off = join(dir, "off.yaml");
    writeFileSync(off, "safety_finish_reason:\n  enabled: false\n");
    expect((await run([stop], ["--config", off])).out[0]).toEqual({ terminated: false, suppressed_tool_calls: 0, message: JSON.parse(stop) });
    const typo = join(dir, "typo.yaml");
    writeFileSync(typo, "guardrails: {}\nsafety_finish_reason:\n  detectors:\n    - use: gemini_safety\n      config: {stop_reasons: [SAFETY]}\n");
    const r = await run([], ["--config", typo]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${typo}:5:16 /safety_finish_reason/detectors/0/config/stop_reasons: unknown option (this detector takes finish_reasons and block_reasons)`);
    const syntax = join(dir, "syntax.yaml");
    writeFileSync(syntax, "safety_finish_reason: [\n");
    const s = await run([], ["--config", syntax]);
    expect(s.code).toBe(2);
    expect(s.err).toMatch(/syntax\.yaml:\d+:\d+ .*syntax error/);
    expect((await run([], ["--config", join(dir, "missing.yaml")])).code).toBe(2);
  });
});
