/**
 * @module
 * The numeric signature of every export of policy.wasm (assembly/index.ts).
 */

export const ABI_VERSION = 4;

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
  /** Work units the last command decision spent (assembly/util/budget.ts): for tests and the bench, not required. */
  workUnits?(): number;
}

/** Bytes in the fixed header `evaluate` writes before the message and the usage charge. */
export const DECISION_HEADER_BYTES = 40;

const REQUIRED: (keyof PolicyExports)[] = [
  "memory", "abiVersion", "maxRequestBytes", "inputPtr", "inputCapacity", "outputPtr",
  "loadPolicy", "freePolicy", "evaluate", "evaluateWithUsage", "noop", "internedCount", "internedString",
];

/** Check an instance's exports against this ABI; throws a CoreError naming what is wrong. */
export function checkExports(exports: WebAssembly.Exports): PolicyExports {
  for (const name of REQUIRED) {
    if (!(name in exports)) throw new CoreError("abi_mismatch", `policy.wasm lacks the export '${name}'`);
  }
  const typed = exports as unknown as PolicyExports;
  const version = typed.abiVersion();
  if (version !== ABI_VERSION) {
    throw new CoreError("abi_mismatch", `policy.wasm speaks ABI ${version}; these bindings need ${ABI_VERSION}`);
  }
  return typed;
}

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
