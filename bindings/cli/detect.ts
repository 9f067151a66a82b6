/**
 * @module
 * `portcullis detect [--config FILE] [--input FILE]`: JSON Lines of messages
 * or provider responses in, one line out per input, in order (issue 7):
 * {"terminated", "detector"?, "reason_field"?, "reason_value"?,
 *  "suppressed_tool_calls", "message"} (the message rewritten, same shape).
 * A line that is not JSON yields {"terminated": false, "error": "..."}.
 * Exit 0 when the stream was processed, 2 for usage or config errors.
 */

import { createReadStream, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { parse as parseYaml } from "yaml";
import { decodeBase64 } from "../core/base64.ts";
import { POLICY_WASM_BASE64 } from "../core/generated/policy-wasm.ts";
import { applySafetyStop } from "../safety/middleware.ts";
import { safeParseSafetyConfig, toCoreConfig } from "../safety/config.ts";
import { WasmSafetyCore } from "../safety/core.ts";
import type { SafetyCore } from "../safety/types.ts";

export interface DetectIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  stdin: AsyncIterable<Uint8Array | string> & NodeJS.ReadableStream;
}

/** Injected by tests; the CLI uses the inlined policy.wasm. */
export async function detectCommand(args: string[], io: DetectIo, makeCore?: (config: object | null) => SafetyCore): Promise<number> {
  let values: { config?: string; input?: string };
  try {
    ({ values } = parseArgs({ args, options: { config: { type: "string" }, input: { type: "string" } }, allowPositionals: false }));
  } catch (error) {
    io.stderr.write(`portcullis detect: ${(error as Error).message}\nusage: portcullis detect [--config FILE] [--input FILE]\n`);
    return 2;
  }
  let coreConfig: object | null = null;
  let enabled = true;
  if (values.config) {
    let doc: unknown;
    try {
      const text = readFileSync(values.config, "utf8");
      doc = values.config.endsWith(".json") ? JSON.parse(text) : parseYaml(text);
    } catch (error) {
      io.stderr.write(`portcullis detect: cannot read --config: ${(error as Error).message}\n`);
      return 2;
    }
    const section = typeof doc === "object" && doc !== null && "safety_finish_reason" in doc ? (doc as Record<string, unknown>).safety_finish_reason : doc;
    const base = section === doc ? "" : "/safety_finish_reason";
    const parsed = safeParseSafetyConfig(section, base);
    if (!parsed.success) {
      io.stderr.write(`portcullis detect: invalid safety config\n${parsed.issues.map((i) => `${values.config}: ${i.path || "/"}: ${i.message}`).join("\n")}\n`);
      return 2;
    }
    enabled = parsed.output.enabled;
    coreConfig = parsed.output.detectors ? toCoreConfig(parsed.output) : null;
  }
  let core: SafetyCore;
  try {
    core = makeCore ? makeCore(coreConfig) : WasmSafetyCore.createSync(decodeBase64(POLICY_WASM_BASE64), coreConfig);
  } catch (error) {
    io.stderr.write(`portcullis detect: ${(error as Error).message}\n`);
    return 2;
  }
  const input = values.input ? createReadStream(values.input) : io.stdin;
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      io.stdout.write(JSON.stringify(detectLine(line, core, enabled)) + "\n");
    }
  } catch (error) {
    io.stderr.write(`portcullis detect: cannot read input: ${(error as Error).message}\n`);
    return 2;
  }
  return 0;
}

function detectLine(line: string, core: SafetyCore, enabled: boolean): Record<string, unknown> {
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch (error) {
    return { terminated: false, error: `not valid JSON: ${(error as Error).message}` };
  }
  if (!enabled) return { terminated: false, suppressed_tool_calls: 0, message };
  const result = applySafetyStop(message, { core });
  if (result.detection.error) return { terminated: false, error: result.detection.error };
  if (!result.terminated || !result.metadata) return { terminated: false, suppressed_tool_calls: 0, message };
  return {
    terminated: true,
    detector: result.metadata.detector,
    reason_field: result.metadata.reason_field,
    reason_value: result.metadata.reason_value,
    suppressed_tool_calls: result.metadata.suppressed_tool_call_count,
    message: result.message,
  };
}
