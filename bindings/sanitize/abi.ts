/**
 * @module
 * The numeric signature of every export of sanitize.wasm (assembly/content.ts),
 * the option and flag bits, and the header layout `sanitize` writes.
 */

import { abiConstants, requireAbi, type WasmAbi } from "../core/index.ts";

const {
  SANITIZE_ABI_VERSION, SANITIZE_HEADER_BYTES, OPT_INVISIBLE, OPT_CONTROLS, OPT_FORMAT, OPT_NFC, OPT_PRIVATE_USE, OPT_TAGS,
  OPT_WHITESPACE, OPT_ESCAPE_TAGS, OPT_MARKERS, OPT_HTML, FLAG_BIDI, FLAG_TAG_SMUGGLING, FLAG_MARKER_SPOOF, FLAG_TRUNCATED,
  FLAG_INPUT_WITHOUT_FFFD, FLAG_OUTPUT_PREFIX_OF_INPUT,
} = abiConstants;

export { SANITIZE_ABI_VERSION };

/**
 * Header flag bit, not a report flag: the core read the whole input and found no U+FFFD, so a
 * string input held no lone surrogate (TextEncoder writes each as U+FFFD). A core that does not
 * set it leaves the bindings to scan, as before.
 */
export const INPUT_WITHOUT_FFFD: number = FLAG_INPUT_WITHOUT_FFFD;

/**
 * Header flag bit, not a report flag: no html, no fence, and the core found the output's bytes
 * equal to the input's first bytes. A core that does not set it leaves the bindings to decode.
 */
export const OUTPUT_PREFIX_OF_INPUT: number = FLAG_OUTPUT_PREFIX_OF_INPUT;

export interface SanitizeExports {
  memory: WebAssembly.Memory;
  abiVersion(): number;
  unicodeVersion(): number;
  maxInputBytes(): number;
  inputPtr(size: number): number;
  inputCapacity(): number;
  outputPtr(): number;
  sanitize(len: number, flags: number, maxLength: number, idLen: number, sourceLen: number): number;
}

const REQUIRED: (keyof SanitizeExports)[] = [
  "memory", "abiVersion", "unicodeVersion", "maxInputBytes", "inputPtr", "inputCapacity", "outputPtr", "sanitize",
];

/** Option bits of `sanitize(…, flags, …)`, in assembly/content.ts's order. */
export const OPTION_BITS = {
  invisible: OPT_INVISIBLE,
  controls: OPT_CONTROLS,
  format: OPT_FORMAT,
  nfc: OPT_NFC,
  privateUse: OPT_PRIVATE_USE,
  tags: OPT_TAGS,
  whitespace: OPT_WHITESPACE,
  escapeFrameworkTags: OPT_ESCAPE_TAGS,
  markers: OPT_MARKERS,
  html: OPT_HTML,
} as const;

/** Report flag names, in bit order (header offset 56): bit i is FLAG_NAMES[i]. */
export const FLAG_NAMES = ["bidi_override", "tag_smuggling", "marker_spoof", "truncated"] as const;
if ([FLAG_BIDI, FLAG_TAG_SMUGGLING, FLAG_MARKER_SPOOF, FLAG_TRUNCATED].some((bit, i) => bit !== 1 << i)) {
  throw new Error("sanitize ABI: the report flag bits are not in FLAG_NAMES order (scripts/abi.json)");
}

/** Header offsets (bytes). */
export const HEADER = {
  textPtr: 0,
  textLength: 4,
  /** Twelve u32s: invisible, controls, format, nfc, privateUse, tags, whitespace, truncated, invalid, escapedTags, markers, htmlDropped. */
  counters: 8,
  flags: 56,
  inputBytes: 60,
  decodedTagsLength: 64,
  decodedTags: SANITIZE_HEADER_BYTES,
} as const;

/** Negative returns of `sanitize`. */
export const ERRORS: Record<number, string> = {
  [-1]: "the input is larger than the input buffer or the limit",
  [-2]: "the fence id is longer than 128 bytes",
  [-3]: "the Source: label is longer than 4096 bytes",
};

export type SanitizeErrorCode = "abi_mismatch" | "load_failed" | "trap" | "input_too_large" | "invalid_options";

/**
 * The sanitizer could not produce a result. It never hands back the raw input instead: callers
 * either handle this error or (the tool-result middleware) withhold the content.
 */
export class SanitizeError extends Error {
  constructor(readonly code: SanitizeErrorCode, message: string) {
    super(message);
    this.name = "SanitizeError";
  }
}

/** Check an instance's exports against this ABI; throws a SanitizeError naming what is wrong. */
export function checkSanitizeExports(exports: WebAssembly.Exports): SanitizeExports {
  const typed = exports as unknown as SanitizeExports;
  requireAbi(exports, REQUIRED, { read: () => typed.abiVersion(), expected: SANITIZE_ABI_VERSION, module: "sanitize" }, sanitizeFail);
  return typed;
}

function sanitizeFail(code: "abi_mismatch" | "load_failed", message: string): SanitizeError {
  return new SanitizeError(code, message);
}

/** The sanitize ABI, for the shared wasm plumbing (core/wasm-instance.ts). */
export const SANITIZE_ABI: WasmAbi<SanitizeExports> = { name: "sanitize", check: checkSanitizeExports, fail: sanitizeFail };
