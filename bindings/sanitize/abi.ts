/**
 * @module
 * The numeric signature of every export of sanitize.wasm (assembly/content.ts),
 * the option and flag bits, and the header layout `sanitize` writes.
 */

export const SANITIZE_ABI_VERSION = 1;

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
  invisible: 1,
  controls: 2,
  format: 4,
  nfc: 8,
  privateUse: 16,
  tags: 32,
  whitespace: 64,
  escapeFrameworkTags: 128,
  markers: 256,
  html: 512,
} as const;

/** Report flag bits (header offset 56) and their names in the report. */
export const FLAG_NAMES = ["bidi_override", "tag_smuggling", "marker_spoof", "truncated"] as const;

/** Header offsets (bytes). */
export const HEADER = {
  textPtr: 0,
  textLength: 4,
  /** Twelve u32s: invisible, controls, format, nfc, privateUse, tags, whitespace, truncated, invalid, escapedTags, markers, htmlDropped. */
  counters: 8,
  flags: 56,
  inputBytes: 60,
  decodedTagsLength: 64,
  decodedTags: 68,
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
  for (const name of REQUIRED) {
    if (!(name in exports)) throw new SanitizeError("abi_mismatch", `sanitize.wasm lacks the export '${name}'`);
  }
  const typed = exports as unknown as SanitizeExports;
  const version = typed.abiVersion();
  if (version !== SANITIZE_ABI_VERSION) {
    throw new SanitizeError("abi_mismatch", `sanitize.wasm speaks ABI ${version}; these bindings need ${SANITIZE_ABI_VERSION}`);
  }
  return typed;
}
