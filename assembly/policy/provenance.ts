// Which rule decided: every decision names one, so a person can tell which
// line of a policy fired (or that a built-in check did) without reading the
// message. A step that knows the exact entry names it (`blocked_patterns/3`);
// otherwise the rule is derived here, once, from the reason code (never
// from the message, which quotes what the model wrote):
//   - a check that a policy key governs → the JSON pointer of that key in
//     the capability's limits block (present or not: an absent key is where
//     the default that decided would be overridden);
//   - a check no key governs (malformed requests, dangerous operations,
//     hidden code, work budget) → `builtin:<name>`;
//   - an allow → the entry that admitted it where the step knows one
//     (`allowed_paths/1`), else the limits block that was checked, or the
//     capability grant.
// Steps inside a capability's rule name entries relative to its block
// (`blocked_patterns/3`); settleRule makes them whole pointers.

import { Verdict, Code, Decision } from "./verdict";
import { pointerSegment } from "./load-errors";
import { keyOf, qualifyRule } from "./rule-keys";

/** The pointer of the capabilities list, which grants a capability that has no limits block. */
export const CAPABILITIES_POINTER = "/passport/capabilities";

/** Fill `verdict.rule` when the deciding step left it empty; `block` is the capability's limits pointer or "". */
export function settleRule(verdict: Verdict, block: string): void {
  if (verdict.rule.length > 0) {
    // A step inside a capability's rule names its entry relative to the block: `blocked_patterns/3`.
    qualifyRule(verdict, block);
    return;
  }
  if (verdict.decision == Decision.Allow) {
    verdict.rule = block.length > 0 ? block : CAPABILITIES_POINTER;
    return;
  }
  const builtin = builtinOf(verdict.code);
  if (builtin.length > 0) {
    verdict.rule = "builtin:" + builtin;
    return;
  }
  if (block.length == 0) {
    verdict.rule = "builtin:" + verdict.code.substring(verdict.code.indexOf(".") + 1);
    return;
  }
  const key = keyOf(verdict.code);
  verdict.rule = key.length > 0 ? block + "/" + pointerSegment(key) : block;
}

/** The entry `index` of list `key` in a limits block. */
export function entryRule(block: string, key: string, index: i32): string {
  return block + "/" + pointerSegment(key) + "/" + index.toString();
}

/** Codes of checks that no policy key sets: the core makes them on its own. */
function builtinOf(code: string): string {
  if (code == Code.INVALID_CONTEXT || code == Code.INVALID_URL || code == Code.INVALID_SERVER_URL || code == Code.INVALID_TOOL_NAME) return "request";
  if (code == Code.DANGEROUS_OPERATION) return "dangerous_operation";
  if (code == Code.COMMAND_INJECTION_DETECTED) return "command_injection";
  if (code == Code.WORK_BUDGET_EXCEEDED) return "work_budget";
  if (code == Code.EVALUATOR_ERROR) return "evaluator";
  if (code == Code.POLICY_ERROR) return "policy";
  if (code == Code.PII_NOT_ALLOWED) return "personal_data";
  if (code == Code.FORMAT_UNSUPPORTED) return "export_format";
  if (code == Code.ASSURANCE_INSUFFICIENT) return "assurance";
  return "";
}
