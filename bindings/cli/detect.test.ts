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
});
