/**
 * @module
 * The wasm side of the safety detectors. Expects policy.wasm to export
 * (assembly/index.ts wrapping assembly/safety/abi.ts):
 *   safetyLoad(len: i32): i32            config JSON in the input buffer -> handle >= 1, or -(error bytes)
 *   safetyDetect(handle: i32, len: i32, shape: i32): i32   -> result JSON length in the output buffer
 *   safetyFree(handle: i32): void
 *   safetyAbiVersion(): i32              SAFETY_ABI_VERSION (scripts/abi.json); any other is refused
 * plus the existing memory, inputPtr, inputCapacity, outputPtr. Handle 0 = defaults.
 */

import { CoreError, abiConstants } from "../core/index.ts";
import { WasmInstance, compileAsync, compileSync, parseIssues, requireAbi, summarizeIssues, type WasmAbi, type WasmSource } from "../core/index.ts";
import { SHAPE_CODES, type DetectResult, type SafetyCore, type SafetyShape } from "./types.ts";

export interface SafetyExports {
  memory: WebAssembly.Memory;
  safetyAbiVersion(): number;
  inputPtr(size: number): number;
  inputCapacity(): number;
  outputPtr(): number;
  safetyLoad(len: number): number;
  safetyDetect(handle: number, len: number, shape: number): number;
  safetyFree(handle: number): void;
}

const REQUIRED: (keyof SafetyExports)[] = ["memory", "safetyAbiVersion", "inputPtr", "inputCapacity", "outputPtr", "safetyLoad", "safetyDetect", "safetyFree"];

/** Whether an instance's exports include the safety ABI (of any version: `checkSafetyExports` checks that). */
export function hasSafetyExports(exports: WebAssembly.Exports): boolean {
  return REQUIRED.every((name) => name in exports);
}

/** Check an instance's exports against the safety ABI; throws a CoreError naming what is wrong. */
export function checkSafetyExports(exports: WebAssembly.Exports): SafetyExports {
  const typed = exports as unknown as SafetyExports;
  requireAbi(exports, REQUIRED, { read: () => typed.safetyAbiVersion(), expected: abiConstants.SAFETY_ABI_VERSION, module: "policy", part: "safety detectors" }, (code, message) => new CoreError(code, message));
  return typed;
}

const SAFETY_ABI: WasmAbi<SafetyExports> = {
  name: "policy",
  check: checkSafetyExports,
  fail: (code, message) => new CoreError(code, message),
};

/** Calls the wasm detectors; after a trap, rebuilds its instance and reloads the config. */
export class WasmSafetyCore implements SafetyCore {
  readonly enabled = true;
  private readonly wasm: WasmInstance<SafetyExports>;
  private handle = 0;

  private constructor(module: WebAssembly.Module, private readonly config: string | null) {
    this.wasm = new WasmInstance(module, SAFETY_ABI);
    this.loadConfig();
  }

  /** `config` is the core form `{detectors: [{use, config}] | null}`; null = the defaults. */
  static createSync(source: WasmSource, config: object | null = null): WasmSafetyCore {
    return new WasmSafetyCore(compileSync(source, SAFETY_ABI), config === null ? null : JSON.stringify(config));
  }

  static async create(source: WasmSource, config: object | null = null): Promise<WasmSafetyCore> {
    return new WasmSafetyCore(await compileAsync(source, SAFETY_ABI), config === null ? null : JSON.stringify(config));
  }

  private loadConfig(): void {
    this.handle = 0;
    if (this.config === null) return;
    const result = this.wasm.exports.safetyLoad(this.write(this.config));
    if (result <= 0) {
      const issues = parseIssues(this.wasm.readOutput(-result));
      throw new CoreError("policy_invalid", `invalid safety config: ${summarizeIssues(issues)}`, issues);
    }
    this.handle = result;
  }

  private write(text: string): number {
    // No limit of its own: the core bounds what it reads by the buffer it was given.
    return this.wasm.writeText(text, 0, Number.MAX_SAFE_INTEGER);
  }

  detect(json: string, shape: SafetyShape = "auto"): DetectResult {
    // A misspelt shape must not fall back to guessing: the caller said what the input is.
    if (!Object.hasOwn(SHAPE_CODES, shape)) return { terminated: false, error: `unknown shape ${JSON.stringify(shape)} (expected one of ${Object.keys(SHAPE_CODES).join(", ")})` };
    try {
      const len = this.write(json);
      return JSON.parse(this.wasm.readOutput(this.wasm.exports.safetyDetect(this.handle, len, SHAPE_CODES[shape]))) as DetectResult;
    } catch (error) {
      this.wasm.reset();
      this.loadConfig();
      return { terminated: false, error: `safety core failed: ${(error as Error).message}` };
    }
  }
}
