/**
 * @module
 * `portcullis sanitize [--max-length N] [--wrap SOURCE] [--html] [--disable LAYER,…] [--report]
 * [--jsonl] [--input FILE]`.
 * - Plain: the raw bytes of stdin (invalid UTF-8 becomes U+FFFD) in, the sanitized text out;
 *   `--report` writes the report as one JSON line to stderr.
 * - `--jsonl`: each line `{"text": str, "source"?: str, "html"?: bool}` becomes
 *   `{"text": str, "report": {...}}` (`source` wraps that line, `html` overrides `--html`); a line
 *   that is not such an object yields `{"error": "..."}` and the stream goes on.
 * Exit 0 when the input was processed, 1 when plain input could not be sanitized (nothing is
 * written: the raw text is never passed through), 2 for usage errors.
 */

import { writeOut } from "./write-out.ts";
import { createReadStream } from "node:fs";
import { parseArgs } from "node:util";
import { sharedSanitizerSync, SanitizeError, type Sanitizer, type SanitizeOptions } from "../sanitize/index.ts";
import { LAYER_NAMES } from "../sanitize/config.ts";
import { byteLines } from "./byte-lines.ts";
import { concatBytes } from "../core/concat-bytes.ts";

export interface SanitizeIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  stdin: AsyncIterable<Uint8Array | string>;
}

const USAGE = "usage: portcullis sanitize [--max-length N] [--wrap SOURCE] [--html] [--disable LAYER,...] [--report] [--jsonl] [--input FILE]";

class UsageError extends Error {}

export async function sanitizeCommand(args: string[], io: SanitizeIo, sanitizer?: Sanitizer): Promise<number> {
  let options: SanitizeOptions;
  let values: { jsonl?: boolean; report?: boolean; input?: string };
  try {
    ({ options, values } = parseOptions(args));
  } catch (error) {
    io.stderr.write(`portcullis sanitize: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const core = sanitizer ?? sharedSanitizerSync();
  const input = values.input ? createReadStream(values.input) : io.stdin;
  try {
    if (values.jsonl) {
      for await (const line of byteLines(input)) await writeOut(io.stdout, JSON.stringify(sanitizeLine(core, line, options)) + "\n");
      return 0;
    }
    const pieces: Uint8Array[] = [];
    for await (const chunk of input) pieces.push(typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk);
    const result = core.sanitize(pieces.length ? concatBytes(pieces) : new Uint8Array(0), options);
    io.stdout.write(result.text);
    if (values.report) io.stderr.write(JSON.stringify(result.report) + "\n");
    return 0;
  } catch (error) {
    if (error instanceof SanitizeError) {
      io.stderr.write(`portcullis sanitize: ${error.message}\n`);
      return 1;
    }
    if ((error as { code?: string }).code === "ENOENT" || (error as { code?: string }).code === "EACCES") {
      io.stderr.write(`portcullis sanitize: cannot read --input: ${(error as Error).message}\n`);
      return 2;
    }
    throw error;
  }
}

function parseOptions(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    options: {
      "max-length": { type: "string" },
      wrap: { type: "string" },
      html: { type: "boolean" },
      disable: { type: "string", multiple: true },
      report: { type: "boolean" },
      jsonl: { type: "boolean" },
      input: { type: "string" },
    },
    allowPositionals: true,
  });
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const options: SanitizeOptions = {};
  const max = values["max-length"];
  if (max !== undefined) {
    if (!/^\d{1,10}$/.test(max) || Number(max) > 0x7fffffff) throw new UsageError(`--max-length must be a whole number (0 for no cap), got '${max}'`);
    options.maxLength = Number(max);
  }
  if (values.wrap !== undefined) options.wrap = values.wrap;
  if (values.html) options.html = true;
  for (const list of values.disable ?? []) {
    for (const name of list.split(",").map((s) => s.trim()).filter(Boolean)) {
      const key = LAYER_NAMES[name];
      if (!key) throw new UsageError(`--disable: unknown layer '${name}' (expected ${Object.keys(LAYER_NAMES).join(", ")})`);
      (options as Record<string, unknown>)[key] = false;
    }
  }
  return { options, values };
}

const utf8 = new TextDecoder(); // not fatal: invalid UTF-8 in a line becomes U+FFFD, never a crash

function sanitizeLine(core: Sanitizer, line: Uint8Array, defaults: SanitizeOptions): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(line));
  } catch (error) {
    return { error: `not valid JSON: ${(error as Error).message}` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { error: 'expected an object {"text", "source"?, "html"?}' };
  const { text, source, html } = value as Record<string, unknown>;
  if (typeof text !== "string") return { error: "expected a string 'text'" };
  if (source !== undefined && typeof source !== "string") return { error: "'source' must be a string" };
  if (html !== undefined && typeof html !== "boolean") return { error: "'html' must be a boolean" };
  const options: SanitizeOptions = { ...defaults };
  if (source !== undefined) options.wrap = source;
  if (html !== undefined) options.html = html;
  try {
    const result = core.sanitize(text, options);
    return { text: result.text, report: result.report };
  } catch (error) {
    return { error: `could not sanitize: ${(error as Error).message}` };
  }
}
