/**
 * @module
 * One sanitize.wasm instance. Text crosses once each way: `encodeInto` writes it straight into
 * linear memory, and the result is decoded where the core left it. Knows no runtime: it is handed
 * a compiled `WebAssembly.Module` or the wasm bytes. Fails closed: a trap rebuilds the instance
 * and throws a SanitizeError — the raw input is never returned in place of a result.
 */

import { isWasmModule, type WasmSource } from "../core/evaluator.ts";
import { ERRORS, FLAG_NAMES, HEADER, SanitizeError, checkSanitizeExports, type SanitizeExports } from "./abi.ts";
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
  private exports: SanitizeExports | null = null;
  private u8 = new Uint8Array(0);
  private dv = new DataView(new ArrayBuffer(0));
  private inPtr = 0;
  private inCap = 0;
  private maxInput = 0;
  private readonly fenceId: () => string;
  /** Unicode version of the embedded tables, e.g. "17.0". */
  unicodeVersion = "";

  private constructor(private readonly module: WebAssembly.Module, options: SanitizerOptions = {}) {
    this.fenceId = options.fenceId ?? randomFenceId;
    this.instantiate();
  }

  /** Compile (if needed) and instantiate asynchronously: works everywhere, incl. browsers' main thread. */
  static async create(source: WasmSource, options?: SanitizerOptions): Promise<Sanitizer> {
    const module = isWasmModule(source) ? source : await compile(() => WebAssembly.compile(source as BufferSource));
    return new Sanitizer(module, options);
  }

  /** Synchronous variant (Node, Deno, Bun, workers; not a browser main thread). */
  static createSync(source: WasmSource, options?: SanitizerOptions): Sanitizer {
    const module = isWasmModule(source) ? source : compileSync(source as BufferSource);
    return new Sanitizer(module, options);
  }

  private instantiate(): void {
    let instance: WebAssembly.Instance;
    try {
      instance = new WebAssembly.Instance(this.module, {});
    } catch (error) {
      throw new SanitizeError("load_failed", `could not instantiate sanitize.wasm: ${(error as Error).message}`);
    }
    const exports = checkSanitizeExports(instance.exports);
    this.exports = exports;
    this.maxInput = exports.maxInputBytes();
    const v = exports.unicodeVersion();
    this.unicodeVersion = `${v >> 8}.${v & 0xff}`;
    this.inPtr = exports.inputPtr(4096);
    this.inCap = exports.inputCapacity();
    this.refreshViews();
  }

  private refreshViews(): void {
    const buffer = this.exports!.memory.buffer;
    this.u8 = new Uint8Array(buffer);
    this.dv = new DataView(buffer);
  }

  /** Views detach when memory grows; rebuild them when that happened. */
  private views(): Uint8Array {
    if (this.u8.buffer !== this.exports!.memory.buffer) this.refreshViews();
    return this.u8;
  }

  private reserve(bytes: number): void {
    if (bytes > this.maxInput) {
      throw new SanitizeError("input_too_large", `the input is ${bytes} bytes; the limit is ${this.maxInput}`);
    }
    if (bytes > this.inCap) {
      this.inPtr = this.exports!.inputPtr(bytes);
      this.inCap = this.exports!.inputCapacity();
    }
  }

  /** Write the text to the input buffer; returns its byte length. */
  private writeText(text: string | Uint8Array, extra: number): number {
    if (typeof text !== "string") {
      this.reserve(text.length + extra);
      this.views().set(text, this.inPtr);
      return text.length;
    }
    // At most 3 bytes per UTF-16 unit: with that much room encodeInto needs no measuring pass.
    const worst = text.length * 3 + extra;
    if (worst <= this.maxInput) {
      this.reserve(worst);
      return encoder.encodeInto(text, this.views().subarray(this.inPtr, this.inPtr + this.inCap - extra)).written;
    }
    const bytes = encoder.encode(text);
    this.reserve(bytes.length + extra);
    this.views().set(bytes, this.inPtr);
    return bytes.length;
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
    if (!this.exports) this.instantiate();
    const fenceId = resolved.wrap === null ? "" : this.fenceId();
    const id = fenceId ? encoder.encode(fenceId) : EMPTY;
    const source = resolved.wrap ? encoder.encode(resolved.wrap) : EMPTY;
    let headerLength: number;
    try {
      const len = this.writeText(text, id.length + source.length);
      if (id.length) this.views().set(id, this.inPtr + len);
      if (source.length) this.views().set(source, this.inPtr + len + id.length);
      headerLength = this.exports!.sanitize(len, resolved.flags, resolved.maxLength, id.length, source.length);
    } catch (error) {
      if (error instanceof SanitizeError) throw error;
      this.recover();
      throw new SanitizeError("trap", `sanitizer failed: ${(error as Error)?.message ?? error}`);
    }
    if (headerLength < 0) throw new SanitizeError("invalid_options", `sanitizer refused the input: ${ERRORS[headerLength] ?? headerLength}`);
    const result: SanitizeResult = this.readResult();
    // Lone surrogates reach the core as U+FFFD (TextEncoder replaces them): count them here.
    if (typeof text === "string") result.report.invalid += loneSurrogates(text);
    if (fenceId) result.fenceId = fenceId;
    return result;
  }

  private readResult(): SanitizeResult {
    const u8 = this.views();
    const dv = this.dv;
    const out = this.exports!.outputPtr();
    const textPtr = dv.getUint32(out + HEADER.textPtr, true);
    const textLength = dv.getUint32(out + HEADER.textLength, true);
    if (textPtr + textLength > u8.length) throw new SanitizeError("trap", "sanitizer returned a result outside its memory");
    const text = decoder.decode(u8.subarray(textPtr, textPtr + textLength));
    const count = (i: number) => dv.getUint32(out + HEADER.counters + 4 * i, true);
    const bits = dv.getUint32(out + HEADER.flags, true);
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

  /** After a trap the instance may be half-updated: start a fresh one (or none, and retry later). */
  private recover(): void {
    this.exports = null;
    try {
      this.instantiate();
    } catch {
      this.exports = null;
    }
  }

  /** Linear memory in bytes (tests check it stays bounded). */
  get memoryBytes(): number {
    return this.exports ? this.exports.memory.buffer.byteLength : 0;
  }
}

const EMPTY = new Uint8Array(0);
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

async function compile(run: () => Promise<WebAssembly.Module>): Promise<WebAssembly.Module> {
  try {
    return await run();
  } catch (error) {
    throw new SanitizeError("load_failed", `could not compile sanitize.wasm: ${(error as Error).message}`);
  }
}

function compileSync(bytes: BufferSource): WebAssembly.Module {
  try {
    return new WebAssembly.Module(bytes);
  } catch (error) {
    throw new SanitizeError("load_failed", `could not compile sanitize.wasm: ${(error as Error).message}`);
  }
}
