/**
 * @module
 * The plumbing every wasm ABI class shares (Evaluator, WasmSafetyCore, Sanitizer): compile, instantiate with no
 * imports, check the exports, keep memory views current, and move UTF-8 through the module's reused input buffer
 * and out of its output buffer. Each ABI says what it needs through a `WasmAbi`: how to check its exports and
 * which error class to throw. Knows no runtime.
 */

export type WasmSource = WebAssembly.Module | BufferSource;

/** The buffer exports every portcullis module has: one reused input buffer, one output buffer. */
export interface BufferExports {
  memory: WebAssembly.Memory;
  /** Make room for `size` input bytes; returns where to write them. */
  inputPtr(size: number): number;
  inputCapacity(): number;
  outputPtr(): number;
}

/** What an ABI class tells the plumbing. */
export interface WasmAbi<E extends BufferExports> {
  /** The module's name, for messages: "policy" for policy.wasm. */
  readonly name: string;
  /** The exports, checked (names present, ABI version equal); throws `fail("abi_mismatch", …)` otherwise. */
  check(exports: WebAssembly.Exports): E;
  /** The ABI's own error class. */
  fail(code: "abi_mismatch" | "load_failed", message: string): Error;
}

const encoder = new TextEncoder();
/** Typed arrays use the host's byte order; wasm memory is little-endian. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const decoder = new TextDecoder("utf-8", { fatal: false });

/** Duck-typed: `instanceof WebAssembly.Module` fails across realms (edge VMs). */
export function isWasmModule(x: unknown): x is WebAssembly.Module {
  return Object.prototype.toString.call(x) === "[object WebAssembly.Module]";
}

/** A module from bytes, compiled synchronously (Node, Deno, Bun, workers; not a browser main thread past 4 KB). */
export function compileSync(source: WasmSource, abi: WasmAbi<BufferExports>): WebAssembly.Module {
  if (isWasmModule(source)) return source;
  try {
    return new WebAssembly.Module(source as BufferSource);
  } catch (error) {
    throw abi.fail("load_failed", `could not compile ${abi.name}.wasm: ${(error as Error)?.message ?? error}`);
  }
}

/** A module from bytes, compiled asynchronously: works everywhere, incl. browsers' main thread. */
export async function compileAsync(source: WasmSource, abi: WasmAbi<BufferExports>): Promise<WebAssembly.Module> {
  if (isWasmModule(source)) return source;
  try {
    return await WebAssembly.compile(source as BufferSource);
  } catch (error) {
    throw abi.fail("load_failed", `could not compile ${abi.name}.wasm: ${(error as Error)?.message ?? error}`);
  }
}

/** Whether every name is an export (for optional parts of an ABI, checked before their version). */
export function hasExports(exports: WebAssembly.Exports, names: readonly string[]): boolean {
  return names.every((name) => name in exports);
}

/** Throws `fail("abi_mismatch")` naming the first missing export, or the version the module speaks instead. */
export function requireAbi(
  exports: WebAssembly.Exports,
  names: readonly string[],
  version: { read: () => number; expected: number; module: string; part?: string },
  fail: WasmAbi<BufferExports>["fail"],
): void {
  const what = `${version.module}.wasm${version.part ? ` (${version.part})` : ""}`;
  for (const name of names) {
    if (!(name in exports)) throw fail("abi_mismatch", `${what} lacks the export '${name}'`);
  }
  const spoken = version.read();
  if (spoken !== version.expected) {
    throw fail("abi_mismatch", `${what} speaks ABI ${spoken}; these bindings need ${version.expected}`);
  }
}

/**
 * One instance of a module and views of its memory. `reset()` starts a fresh instance (after a trap, whose
 * half-updated state must not survive). Views detach when memory grows — a detached view has length 0 — and
 * are rebuilt then, which is cheaper than asking `memory.buffer` on every call.
 */
export class WasmInstance<E extends BufferExports> {
  exports!: E;
  /** All of memory, as bytes and as a DataView (for headers). */
  u8!: Uint8Array;
  dv!: DataView;
  /**
   * All of memory as u32s and f64s, for aligned little-endian headers (`u32[ptr >>> 2]`): loads TurboFan inlines,
   * where each DataView read was a builtin call. Null on a big-endian host, whose typed arrays read other values.
   */
  u32: Uint32Array | null = null;
  f64: Float64Array | null = null;
  /** The input buffer: where it is, its capacity, and a view of exactly it (cached: a subarray per call was measurable). */
  inPtr = 0;
  inCap = 0;
  inView!: Uint8Array;

  constructor(readonly module: WebAssembly.Module, private readonly abi: WasmAbi<E>) {
    this.reset();
  }

  /** A fresh instance: new memory, an empty input buffer. Throws the ABI's error when it cannot be made. */
  reset(): void {
    let instance: WebAssembly.Instance;
    try {
      instance = new WebAssembly.Instance(this.module, {});
    } catch (error) {
      throw this.abi.fail("load_failed", `could not instantiate ${this.abi.name}.wasm: ${(error as Error)?.message ?? error}`);
    }
    this.exports = this.abi.check(instance.exports);
    this.inPtr = 0;
    this.inCap = 0;
    this.refreshViews();
  }

  private refreshViews(): void {
    const buffer = this.exports.memory.buffer;
    this.u8 = new Uint8Array(buffer);
    this.dv = new DataView(buffer);
    if (LITTLE_ENDIAN) {
      this.u32 = new Uint32Array(buffer);
      this.f64 = new Float64Array(buffer);
    }
    this.inView = this.u8.subarray(this.inPtr, this.inPtr + this.inCap);
  }

  /** Memory as bytes, current. */
  views(): Uint8Array {
    if (this.u8.length === 0) this.refreshViews();
    return this.u8;
  }

  /** An input buffer of at least `bytes` (the module may move it). */
  reserve(bytes: number): void {
    if (bytes <= this.inCap) return;
    this.inPtr = this.exports.inputPtr(bytes);
    this.inCap = this.exports.inputCapacity();
    this.inView = this.views().subarray(this.inPtr, this.inPtr + this.inCap);
  }

  /**
   * Write `text` as UTF-8 at the start of the input buffer, leaving room for `after` more bytes behind it;
   * returns its byte length. A text of more than `limit` bytes is not written: the length says so.
   */
  writeText(text: string, after: number, limit: number): number {
    // At most 3 bytes per UTF-16 unit: with that much room encodeInto needs no measuring pass.
    const worst = text.length * 3;
    if (worst + after <= this.inCap) {
      if (this.u8.length === 0) this.refreshViews();
      return encoder.encodeInto(text, this.inView).written;
    }
    if (worst <= limit) {
      this.reserve(worst + after);
      return encoder.encodeInto(text, this.inView.subarray(0, this.inCap - after)).written;
    }
    const bytes = encoder.encode(text);
    if (bytes.length > limit) return bytes.length;
    this.reserve(bytes.length + after);
    this.views().set(bytes, this.inPtr);
    return bytes.length;
  }

  /** `writeText` for bytes the caller already has. */
  writeBytes(bytes: Uint8Array, after: number, limit: number): number {
    if (bytes.length > limit) return bytes.length;
    this.reserve(bytes.length + after);
    this.views().set(bytes, this.inPtr);
    return bytes.length;
  }

  /** Copy `bytes` into the input buffer at `offset` (room reserved by an earlier write's `after`). */
  put(bytes: Uint8Array, offset: number): void {
    this.views().set(bytes, this.inPtr + offset);
  }

  /** The little-endian u32 at `ptr`: an inlined typed-array load where aligned, else a DataView read. */
  u32At(ptr: number): number {
    const u32 = this.u32;
    return u32 !== null && (ptr & 3) === 0 ? u32[ptr >>> 2]! : this.dv.getUint32(ptr, true);
  }

  /** The little-endian f64 at `ptr` (as `u32At`). */
  f64At(ptr: number): number {
    const f64 = this.f64;
    return f64 !== null && (ptr & 7) === 0 ? f64[ptr >>> 3]! : this.dv.getFloat64(ptr, true);
  }

  /** `length` bytes of memory at `ptr`, decoded (malformed UTF-8 becomes U+FFFD). */
  readText(ptr: number, length: number): string {
    return length === 0 ? "" : decoder.decode(this.views().subarray(ptr, ptr + length));
  }

  /** `length` bytes of the output buffer, decoded. */
  readOutput(length: number): string {
    return this.readText(this.exports.outputPtr(), length);
  }

  /** Linear memory in bytes. */
  get memoryBytes(): number {
    return this.exports.memory.buffer.byteLength;
  }
}

/** `[{path, message}]` JSON a module wrote about a document it refused (or the text as one issue when it is not). */
export function parseIssues(text: string): { path: string; message: string }[] {
  try {
    const issues = JSON.parse(text);
    if (Array.isArray(issues)) return issues;
  } catch {
    // fall through: the module said something that is not the issue list
  }
  return [{ path: "", message: text }];
}

/** Issues as one line: `/path: message; …`. */
export function summarizeIssues(issues: { path: string; message: string }[]): string {
  return issues.map((i) => `${i.path || "/"}: ${i.message}`).join("; ");
}
