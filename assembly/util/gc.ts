// Garbage collection at the ABI boundary.
//
// The core runs on AssemblyScript's `minimal` runtime (two-colour mark and
// sweep, asconfig.json): no write barriers and no shadow stack, which made
// the module a third smaller and decisions a third faster than `incremental`
// (measured: 370 → 252 KB, 15.6 → 10.6 µs for a 200-byte compound command).
// The price: its roots are the globals only, so a collection is safe only
// when no managed value lives in a local — that is, between two host calls.
// Every export that allocates ends with `collectBetweenCalls()`; nothing
// else may call `__collect`.

/**
 * Calls are weighed by the garbage they may leave, and a collection runs
 * once the weights add up to this (or at once when memory grew). A
 * collection marks the whole live heap (the compiled policies and the
 * program tables: ~380 KB), tens of microseconds that also push the next
 * decisions' data out of the caches.
 */
const COLLECTION_BUDGET: i32 = 8192;
/** A call that may have allocated: a message, a usage document, a loaded policy (at most 128 apart, ~1 KB each). */
export const WEIGHT_ALLOCATING: i32 = 64;
/**
 * A decision that allowed with no message and no usage charge allocates (next to) nothing: 8192 apart before its
 * input's weight. Measured side by side against 1024 apart: the allowlist decision 4-8 % less CPU.
 */
export const WEIGHT_QUIET: i32 = 1;
/**
 * What a call allocates grows with its input (a string per tool_input.env
 * key, a path, a policy's tables), and the input is the caller's to choose:
 * one more unit per 64 input bytes (an eighth of an allocating call per
 * 512) bounds the garbage between two collections by the input, not by the
 * caller's patience (measured: 12 MB of memory for 250 KB requests with
 * 20,000 env keys; counting calls alone let them grow it to 400 MB).
 */
const INPUT_BYTES_PER_UNIT_SHIFT: u32 = 6;

/** `base` plus one unit per 64 bytes of input (negative sizes count as none). */
export function inputWeight(base: i32, inputBytes: i32): i32 {
  return base + <i32>(<u32>max(inputBytes, 0) >> INPUT_BYTES_PER_UNIT_SHIFT);
}

let spentSinceCollection: i32 = 0;
/**
 * Memory's size after the last collection; -1 before the first call. The first call (a policy load, as a rule)
 * grows memory from what the start left and is not collected for that: its garbage waits for the budget or the
 * next growth, which bounds memory at about twice that call's peak. A process that makes one decision (a hook,
 * `portcullis check`) then never collects, and a first decision does not pay for V8 compiling the collector's
 * visitor (the module's largest function after the analysis's own, ~2.5 ms measured in Node).
 */
let pagesAfterCollection: i32 = -1;

/** Call last in every export that allocates: collects when memory grew or enough weight went by. */
export function collectBetweenCalls(weight: i32 = WEIGHT_ALLOCATING): void {
  spentSinceCollection += weight;
  const pages = memory.size();
  if (pagesAfterCollection < 0) pagesAfterCollection = pages;
  if (pages != pagesAfterCollection || spentSinceCollection >= COLLECTION_BUDGET) {
    __collect();
    spentSinceCollection = 0;
    pagesAfterCollection = memory.size();
  }
}
