/**
 * @module
 * One sanitize.wasm instance. Text crosses once each way: `encodeInto` writes it straight into
 * linear memory, and the result is decoded where the core left it. Knows no runtime: it is handed
 * a compiled `WebAssembly.Module` or the wasm bytes. Fails closed: a trap rebuilds the instance
 * and throws a SanitizeError — the raw input is never returned in place of a result.
 */

import { WasmInstance, compileAsync, compileSync, type WasmSource } from "../core/index.ts";
import { ERRORS, FLAG_NAMES, HEADER, INPUT_WITHOUT_FFFD, OUTPUT_PREFIX_OF_INPUT, SANITIZE_ABI, SanitizeError, type SanitizeExports } from "./abi.ts";
import { resolveOptions, type SanitizeFlag, type SanitizeOptions, type SanitizeReport, type SanitizeResult } from "./options.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const FENCE_ID_BYTES = 8;

export interface SanitizerOptions {
  /** Source of fence ids; default 8 random bytes from `crypto.getRandomValues`, as 16 hex digits. */
  fenceId?: () => string;
}

/** 16 hex digits from the platform's CSPRNG, so content cannot predict the end marker. */
export function randomFenceId(): string {
  const bytes = new Uint8Array(FENCE_ID_BYTES);
  crypto.getRandomValues(bytes);
  let id = "";
  for (const b of bytes) id += (b < 16 ? "0" : "") + b.toString(16);
  return id;
}

export class Sanitizer {
  /** Null after a trap whose fresh instance could not be made: the next call tries again. */
  private wasm: WasmInstance<SanitizeExports> | null = null;
  private maxInput = 0;
  private readonly fenceId: () => string;
  /** Unicode version of the embedded tables, e.g. "17.0". */
  unicodeVersion = "";

  private constructor(private readonly module: WebAssembly.Module, options: SanitizerOptions = {}) {
    this.fenceId = options.fenceId ?? randomFenceId;
    this.start();
  }

  /** Compile (if needed) and instantiate asynchronously: works everywhere, incl. browsers' main thread. */
  static async create(source: WasmSource, options?: SanitizerOptions): Promise<Sanitizer> {
    return new Sanitizer(await compileAsync(source, SANITIZE_ABI), options);
  }

  /** Synchronous variant (Node, Deno, Bun, workers; not a browser main thread). */
  static createSync(source: WasmSource, options?: SanitizerOptions): Sanitizer {
    return new Sanitizer(compileSync(source, SANITIZE_ABI), options);
  }

  private start(): WasmInstance<SanitizeExports> {
    const wasm = new WasmInstance(this.module, SANITIZE_ABI);
    this.maxInput = wasm.exports.maxInputBytes();
    const v = wasm.exports.unicodeVersion();
    this.unicodeVersion = `${v >> 8}.${v & 0xff}`;
    wasm.reserve(4096);
    this.wasm = wasm;
    return wasm;
  }

  /** Write the text to the input buffer, with room for `extra` bytes behind it; returns its byte length. */
  private writeText(wasm: WasmInstance<SanitizeExports>, text: string | Uint8Array, extra: number): number {
    const limit = this.maxInput - extra;
    const len = typeof text === "string" ? wasm.writeText(text, extra, limit) : wasm.writeBytes(text, extra, limit);
    if (len > limit) throw new SanitizeError("input_too_large", `the input is ${len + extra} bytes; the limit is ${this.maxInput}`);
    return len;
  }

  /**
   * Sanitize untrusted text (or raw UTF-8 bytes: malformed sequences become U+FFFD). Throws
   * SanitizeError on bad options, an input over the limit, or a failure of the core.
   */
  sanitize(text: string | Uint8Array, options?: SanitizeOptions): SanitizeResult {
    if (typeof text !== "string" && !isUint8Array(text)) {
      throw new SanitizeError("invalid_options", "sanitize() takes a string or a Uint8Array");
    }
    const resolved = resolveOptions(options);
    const wasm = this.wasm ?? this.start();
    const fenceId = resolved.wrap === null ? "" : this.fenceId();
    const id = fenceId ? encoder.encode(fenceId) : EMPTY;
    const source = resolved.wrap ? encoder.encode(resolved.wrap) : EMPTY;
    let headerLength: number;
    try {
      const len = this.writeText(wasm, text, id.length + source.length);
      if (id.length) wasm.put(id, len);
      if (source.length) wasm.put(source, len + id.length);
      headerLength = wasm.exports.sanitize(len, resolved.flags, resolved.maxLength, id.length, source.length);
    } catch (error) {
      if (error instanceof SanitizeError) throw error;
      this.recover();
      throw new SanitizeError("trap", `sanitizer failed: ${(error as Error)?.message ?? error}`);
    }
    if (headerLength < 0) throw new SanitizeError("invalid_options", `sanitizer refused the input: ${ERRORS[headerLength] ?? headerLength}`);
    const result: SanitizeResult = this.readResult(wasm, typeof text === "string" ? text : null);
    // Lone surrogates reach the core as U+FFFD (TextEncoder replaces them): count them here,
    // unless the core saw no U+FFFD in the input at all.
    if (typeof text === "string" && !(this.headerBits(wasm) & INPUT_WITHOUT_FFFD)) result.report.invalid += loneSurrogates(text);
    if (fenceId) result.fenceId = fenceId;
    return result;
  }

  /** `input`: the string that was sanitized (null for bytes), handed back when the output is that string or its prefix. */
  private readResult(wasm: WasmInstance<SanitizeExports>, input: string | null): SanitizeResult {
    const u8 = wasm.views();
    const dv = wasm.dv;
    const out = wasm.exports.outputPtr();
    const textPtr = dv.getUint32(out + HEADER.textPtr, true);
    const textLength = dv.getUint32(out + HEADER.textLength, true);
    if (textPtr + textLength > u8.length) throw new SanitizeError("trap", "sanitizer returned a result outside its memory");
    const bits = dv.getUint32(out + HEADER.flags, true);
    const text = unchangedText(input, bits, textLength, dv.getUint32(out + HEADER.inputBytes, true))
      ?? decoder.decode(u8.subarray(textPtr, textPtr + textLength));
    const count = (i: number) => dv.getUint32(out + HEADER.counters + 4 * i, true);
    const flags: SanitizeFlag[] = [];
    for (let i = 0; i < FLAG_NAMES.length; i++) if (bits & (1 << i)) flags.push(FLAG_NAMES[i]);
    const tagsLength = dv.getUint32(out + HEADER.decodedTagsLength, true);
    const tagsStart = out + HEADER.decodedTags;
    const report: SanitizeReport = {
      removed: {
        invisible: count(0), controls: count(1), format: count(2), nfc: count(3),
        privateUse: count(4), tags: count(5), whitespace: count(6), truncated: count(7),
      },
      invalid: count(8),
      escapedTags: count(9),
      markers: count(10),
      htmlDropped: count(11),
      decodedTags: tagsLength ? decoder.decode(u8.subarray(tagsStart, tagsStart + tagsLength)) : "",
      flags,
      inputBytes: dv.getUint32(out + HEADER.inputBytes, true),
      outputBytes: textLength,
    };
    return { text, report };
  }

  private headerBits(wasm: WasmInstance<SanitizeExports>): number {
    return wasm.dv.getUint32(wasm.exports.outputPtr() + HEADER.flags, true);
  }

  /** After a trap the instance may be half-updated: start a fresh one (or none, and retry later). */
  private recover(): void {
    this.wasm = null;
    try {
      this.start();
    } catch {
      this.wasm = null;
    }
  }

  /** Linear memory in bytes (tests check it stays bounded). */
  get memoryBytes(): number {
    return this.wasm ? this.wasm.memoryBytes : 0;
  }
}

const EMPTY = new Uint8Array(0);

/**
 * The output as a slice of the input string, when the core found the output's bytes to be the
 * input's first bytes (OUTPUT_PREFIX_OF_INPUT): the whole string when nothing was removed and it
 * held no lone surrogate (those reach the core as U+FFFD), or, for ASCII input (one byte per
 * UTF-16 unit), its first `textLength` units. Otherwise null: the caller decodes the output.
 */
function unchangedText(input: string | null, bits: number, textLength: number, inputBytes: number): string | null {
  if (input === null || !(bits & OUTPUT_PREFIX_OF_INPUT)) return null;
  if (textLength === inputBytes) return bits & INPUT_WITHOUT_FFFD ? input : null;
  return input.length === inputBytes ? input.slice(0, textLength) : null;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** UTF-16 code units of `text` that are surrogates without their pair. */
export function loneSurrogates(text: string): number {
  const wellFormed = (text as { isWellFormed?: () => boolean }).isWellFormed;
  if (wellFormed ? wellFormed.call(text) : !LONE_SURROGATE.test(text)) return 0;
  LONE_SURROGATE.lastIndex = 0;
  return text.match(LONE_SURROGATE)?.length ?? 0;
}

/** Duck-typed, like isWasmModule: `instanceof` fails across realms. */
function isUint8Array(x: unknown): x is Uint8Array {
  return x instanceof Uint8Array || Object.prototype.toString.call(x) === "[object Uint8Array]";
}
