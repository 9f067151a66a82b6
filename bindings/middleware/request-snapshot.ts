/**
 * @module
 * One plain-data copy of a request, taken before anything reads it. A request
 * object may have getters that throw or answer differently on each read; the
 * policy, the approvals gate and the result must all see the same call, so they
 * all read this copy. Anything that is not a JSON object, or cannot be copied
 * exactly (a BigInt, a non-finite number, an integer past 2^53), is refused
 * with a deny the agent can read (never a TypeError).
 */

import type { Decision, GuardrailRequest } from "../core/decision.ts";

export type Snapshot = { ok: true; request: GuardrailRequest } | { ok: false; decision: Decision };

/**
 * The copy. `exactIntegers: false` lets integers past 2^53 through as the
 * provider would read them (the policy core then judges the digits), for a
 * decision no approval is bound to; non-finite numbers are refused either way.
 */
export function snapshotRequest(request: unknown, exactIntegers = true): Snapshot {
  if (request === null || typeof request !== "object" || Array.isArray(request)) {
    return refuse(`the request must be an object, got ${request === null ? "null" : Array.isArray(request) ? "an array" : typeof request}`);
  }
  let copy: unknown;
  try {
    copy = JSON.parse(JSON.stringify(request, exactIntegers ? exactNumbers : finiteNumbers));
  } catch (error) {
    return refuse(`the request cannot be read as JSON data: ${(error as Error).message}`);
  }
  if (copy === null || typeof copy !== "object" || Array.isArray(copy)) return refuse("the request must be a JSON object");
  return { ok: true, request: copy as GuardrailRequest };
}

/**
 * JSON.stringify would write 1e999 (Infinity) and NaN as null, and an integer past 2^53 has already been
 * rounded (1234567890123456789 and …700 are the same number): an approval bound to such a value would also
 * approve the other spellings. Refused: such values must travel as strings.
 */
function exactNumbers(this: unknown, key: string, value: unknown): unknown {
  if (typeof value !== "number") return value;
  const where = key === "" ? "the request" : `'${key}'`;
  if (!Number.isFinite(value)) throw new RangeError(`${where} holds ${value}, which JSON cannot carry`);
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
    throw new RangeError(`${where} holds ${value}, an integer beyond 2^53 that cannot be carried exactly (send it as a string)`);
  }
  return value;
}

function finiteNumbers(this: unknown, key: string, value: unknown): unknown {
  if (typeof value === "number" && !Number.isFinite(value)) throw new RangeError(`${key === "" ? "the request" : `'${key}'`} holds ${value}, which JSON cannot carry`);
  return value;
}

function refuse(message: string): Snapshot {
  return { ok: false, decision: { decision: "deny", allow: false, reasons: [{ code: "oap.invalid_context", message }] } };
}
