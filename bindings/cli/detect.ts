/**
 * @module
 * `portcullis detect [--config FILE] [--input FILE] [--shape NAME]`: JSON Lines
 * of messages, provider responses, batch result lines or message lists in,
 * one line out per input, in order, at any nesting depth:
 * {"terminated", "detector"?, "reason_field"?, "reason_value"?,
 *  "suppressed_tool_calls", "message"} (the message rewritten, same shape).
 * A line that is not JSON yields {"terminated": false, "error": "..."}.
 * Exit 0 when the stream was processed, 2 for usage or config errors.
 */

import { writeOut } from "./write-out.ts";
import { createReadStream, readFileSync } from "node:fs";
import { byteLines } from "./byte-lines.ts";
import { parseArgs } from "node:util";
import { ConfigError, parseText } from "../config/parse-config.ts";
import { buildSafetyCore, type MakeSafetyCore } from "../config/safety-section.ts";
import { ConfigReadError, readFailure } from "../config/config-error.ts";
import { locateIn, syntaxForText } from "../config/load-guard.ts";
import { createSafetyCore } from "../safety/index.ts";
import { applySafetyStop, SHAPE_CODES, type SafetyCore, type SafetyShape } from "../safety/index.ts";
import { stringifyDeep } from "../safety/deep-json.ts";

export interface DetectIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  stdin: AsyncIterable<Uint8Array | string> & NodeJS.ReadableStream;
}

/** `makeCore` is injected by tests; the CLI uses the inlined policy.wasm. */
export async function detectCommand(args: string[], io: DetectIo, makeCore: MakeSafetyCore = createSafetyCore): Promise<number> {
  let values: { config?: string; input?: string; shape?: string };
  try {
    ({ values } = parseArgs({ args, options: { config: { type: "string" }, input: { type: "string" }, shape: { type: "string" } }, allowPositionals: false }));
    if (values.shape !== undefined && !Object.hasOwn(SHAPE_CODES, values.shape)) {
      throw new Error(`unknown shape ${JSON.stringify(values.shape)} (expected one of ${Object.keys(SHAPE_CODES).join(", ")})`);
    }
  } catch (error) {
    io.stderr.write(`portcullis detect: ${(error as Error).message}\nusage: portcullis detect [--config FILE] [--input FILE] [--shape NAME]\n`);
    return 2;
  }
  const shape = (values.shape ?? "auto") as SafetyShape;
  let core: SafetyCore;
  try {
    core = values.config ? await coreFromFile(values.config, makeCore) : makeCore(null);
  } catch (error) {
    const message = error instanceof ConfigError && !(error instanceof ConfigReadError) ? `invalid safety config\n${error.message}` : (error as Error).message;
    io.stderr.write(`portcullis detect: ${message}\n`);
    return 2;
  }
  const input = values.input ? createReadStream(values.input) : io.stdin;
  // Lines end at LF only (a trailing CR is dropped): a bare CR is JSON whitespace inside a line, and every
  // input line gets exactly one output line, even one that cannot be checked.
  const decoder = new TextDecoder("utf-8", { fatal: false });
  try {
    for await (const bytes of byteLines(input as AsyncIterable<Uint8Array | string>)) {
      await writeOut(io.stdout, answerLine(decoder.decode(bytes), core, shape) + "\n");
    }
  } catch (error) {
    io.stderr.write(`portcullis detect: cannot read input: ${(error as Error).message}\n`);
    return 2;
  }
  return 0;
}

/**
 * The core for `--config FILE`: a whole config (its `safety_finish_reason`
 * section; absent means the defaults) or the bare section itself.
 */
async function coreFromFile(file: string, makeCore: MakeSafetyCore): Promise<SafetyCore> {
  let source: string;
  try {
    source = readFileSync(file, "utf8");
  } catch (error) {
    throw new ConfigReadError(file, readFailure(error));
  }
  const syntax = await syntaxForText(file, source);
  const doc = parseText(source, file, syntax);
  const isConfig = typeof doc === "object" && doc !== null && ("safety_finish_reason" in doc || "guardrails" in doc);
  const section = isConfig ? (doc as Record<string, unknown>).safety_finish_reason : doc;
  const locate = (pointer: string) => locateIn(syntax, source, pointer);
  return buildSafetyCore(section, { file, pointer: isConfig ? "/safety_finish_reason" : "", locate }, makeCore);
}

/** One output line for one input line; a line too deep or too large to handle is answered with an error. */
function answerLine(line: string, core: SafetyCore, shape: SafetyShape): string {
  try {
    // JSON.parse reads any depth; the answer (the message, rewritten or not) is written at any depth too.
    return stringifyDeep(detectLine(line, core, shape))!;
  } catch (error) {
    return JSON.stringify({ terminated: false, error: `the line cannot be checked: ${(error as Error).message}` });
  }
}

function detectLine(line: string, core: SafetyCore, shape: SafetyShape): Record<string, unknown> {
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch (error) {
    return { terminated: false, error: `not valid JSON: ${(error as Error).message}` };
  }
  let result: ReturnType<typeof applySafetyStop>;
  try {
    result = applySafetyStop(message, { core, shape });
  } catch (error) {
    // SafetyCheckError: the turn could not be checked; say so rather than pass it.
    return { terminated: false, error: (error as Error).message };
  }
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
