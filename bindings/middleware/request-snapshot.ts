/**
 * @module
 * One plain-data copy of a request, taken before anything reads it. A request
 * object may have getters that throw or answer differently on each read; the
 * policy, the approvals gate and the result must all see the same call, so they
 * all read this copy. Anything that is not a JSON object, or cannot be copied,
 * is refused with a deny the agent can read (never a TypeError).
 */

import type { Decision, GuardrailRequest } from "../core/decision.ts";

export type Snapshot = { ok: true; request: GuardrailRequest } | { ok: false; decision: Decision };

export function snapshotRequest(request: unknown): Snapshot {
  if (request === null || typeof request !== "object" || Array.isArray(request)) {
    return refuse(`the request must be an object, got ${request === null ? "null" : Array.isArray(request) ? "an array" : typeof request}`);
  }
  let copy: unknown;
  try {
    copy = JSON.parse(JSON.stringify(request));
  } catch (error) {
    return refuse(`the request cannot be read as JSON data: ${(error as Error).message}`);
  }
  if (copy === null || typeof copy !== "object" || Array.isArray(copy)) return refuse("the request must be a JSON object");
  return { ok: true, request: copy as GuardrailRequest };
}

function refuse(message: string): Snapshot {
  return { ok: false, decision: { decision: "deny", allow: false, reasons: [{ code: "oap.invalid_context", message }] } };
}
