/**
 * @module
 * The wasm side of the safety detectors. Expects policy.wasm to export
 * (assembly/index.ts wrapping assembly/safety/abi.ts):
 *   safetyLoad(len: i32): i32            config JSON in the input buffer -> handle >= 1, or -(error bytes)
 *   safetyDetect(handle: i32, len: i32, shape: i32): i32   -> result JSON length in the output buffer
 *   safetyFree(handle: i32): void
 * plus the existing memory, inputPtr, inputCapacity, outputPtr. Handle 0 = defaults.
 */

import { CoreError } from "../core/abi.ts";
import { isWasmModule, type WasmSource } from "../core/evaluator.ts";
import { SHAPE_CODES, type DetectResult, type SafetyCore, type SafetyShape } from "./types.ts";

export interface SafetyExports {
  memory: WebAssembly.Memory;
  inputPtr(size: number): number;
  inputCapacity(): number;
  outputPtr(): number;
  safetyLoad(len: number): number;
  safetyDetect(handle: number, len: number, shape: number): number;
  safetyFree(handle: number): void;
}

const REQUIRED: (keyof SafetyExports)[] = ["memory", "inputPtr", "inputCapacity", "outputPtr", "safetyLoad", "safetyDetect", "safetyFree"];
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Whether an instance's exports include the safety ABI. */
export function hasSafetyExports(exports: WebAssembly.Exports): boolean {
  return REQUIRED.every((name) => name in exports);
}

/** Calls the wasm detectors; after a trap, rebuilds its instance and reloads the config. */
export class WasmSafetyCore implements SafetyCore {
  readonly enabled = true;
  private exports!: SafetyExports;
  private handle = 0;

  private constructor(private readonly module: WebAssembly.Module, private readonly config: string | null) {
    this.instantiate();
  }

  /** `config` is the core form `{detectors: [{use, config}] | null}`; null = the defaults. */
  static createSync(source: WasmSource, config: object | null = null): WasmSafetyCore {
    const module = isWasmModule(source) ? source : new WebAssembly.Module(source as BufferSource);
    return new WasmSafetyCore(module, config === null ? null : JSON.stringify(config));
  }

  static async create(source: WasmSource, config: object | null = null): Promise<WasmSafetyCore> {
    const module = isWasmModule(source) ? source : await WebAssembly.compile(source as BufferSource);
    return new WasmSafetyCore(module, config === null ? null : JSON.stringify(config));
  }

  private instantiate(): void {
    const instance = new WebAssembly.Instance(this.module, {});
    if (!hasSafetyExports(instance.exports)) {
      throw new CoreError("abi_mismatch", "policy.wasm lacks the safety exports (safetyLoad, safetyDetect, safetyFree)");
    }
    this.exports = instance.exports as unknown as SafetyExports;
    this.handle = 0;
    if (this.config !== null) {
      const len = this.write(encoder.encode(this.config));
      const result = this.exports.safetyLoad(len);
      if (result <= 0) {
        const text = this.read(-result);
        let issues: { path: string; message: string }[];
        try {
          issues = JSON.parse(text);
        } catch {
          issues = [{ path: "", message: text }];
        }
        throw new CoreError("policy_invalid", `invalid safety config: ${issues.map((i) => `${i.path || "/"}: ${i.message}`).join("; ")}`, issues);
      }
      this.handle = result;
    }
  }

  private write(bytes: Uint8Array): number {
    const ptr = this.exports.inputPtr(Math.max(bytes.length, 1));
    new Uint8Array(this.exports.memory.buffer).set(bytes, ptr);
    return bytes.length;
  }

  private read(len: number): string {
    const ptr = this.exports.outputPtr();
    return decoder.decode(new Uint8Array(this.exports.memory.buffer, ptr, len));
  }

  detect(json: string, shape: SafetyShape = "auto"): DetectResult {
    // A misspelt shape must not fall back to guessing: the caller said what the input is.
    if (!Object.hasOwn(SHAPE_CODES, shape)) return { terminated: false, error: `unknown shape ${JSON.stringify(shape)} (expected one of ${Object.keys(SHAPE_CODES).join(", ")})` };
    try {
      const len = this.write(encoder.encode(json));
      return JSON.parse(this.read(this.exports.safetyDetect(this.handle, len, SHAPE_CODES[shape]))) as DetectResult;
    } catch (error) {
      this.instantiate();
      return { terminated: false, error: `safety core failed: ${(error as Error).message}` };
    }
  }
}
