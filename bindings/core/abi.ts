/**
 * @module
 * The numeric signature of every export of policy.wasm (assembly/index.ts).
 */

import { DECISION_HEADER_BYTES, MAX_USAGE_BYTES, POLICY_ABI_VERSION } from "./abi.generated.ts";
import { requireAbi, type WasmAbi } from "./wasm-instance.ts";

/** The policy ABI version these bindings speak (scripts/abi.json). */
export const ABI_VERSION = POLICY_ABI_VERSION;
export { DECISION_HEADER_BYTES, MAX_USAGE_BYTES };

export interface PolicyExports {
  memory: WebAssembly.Memory;
  abiVersion(): number;
  maxRequestBytes(): number;
  inputPtr(size: number): number;
  inputCapacity(): number;
  outputPtr(): number;
  loadPolicy(len: number): number;
  freePolicy(handle: number): void;
  evaluate(handle: number, len: number, nowMs: number): number;
  /** Like evaluate, with `usageLen` bytes of usage JSON right after the request (-1: none). */
  evaluateWithUsage(handle: number, len: number, usageLen: number, nowMs: number): number;
  noop(len: number): number;
  internedCount(): number;
  internedString(id: number): number;
  /** Like evaluateWithUsage with the evaluation trace on; writes the trace's JSON instead of the decision. */
  explain?(handle: number, len: number, usageLen: number, nowMs: number): number;
  /** Work units the last command decision spent (assembly/util/budget.ts): for tests and the bench, not required. */
  workUnits?(): number;
}

const REQUIRED: (keyof PolicyExports)[] = [
  "memory", "abiVersion", "maxRequestBytes", "inputPtr", "inputCapacity", "outputPtr",
  "loadPolicy", "freePolicy", "evaluate", "evaluateWithUsage", "noop", "internedCount", "internedString",
];

/** Check an instance's exports against this ABI; throws a CoreError naming what is wrong. */
export function checkExports(exports: WebAssembly.Exports): PolicyExports {
  const typed = exports as unknown as PolicyExports;
  requireAbi(exports, REQUIRED, { read: () => typed.abiVersion(), expected: ABI_VERSION, module: POLICY_MODULE }, coreFail);
  return typed;
}

const POLICY_MODULE = "policy";

function coreFail(code: "abi_mismatch" | "load_failed", message: string): CoreError {
  return new CoreError(code, message);
}

/** The policy ABI, for the shared wasm plumbing (wasm-instance.ts). */
export const POLICY_ABI: WasmAbi<PolicyExports> = { name: POLICY_MODULE, check: checkExports, fail: coreFail };

/** An error of the wasm core or its loading, with a machine-readable code. */
export class CoreError extends Error {
  constructor(
    readonly code: "abi_mismatch" | "load_failed" | "policy_invalid" | "trap" | "not_ready",
    message: string,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = "CoreError";
  }
}
