/**
 * @module
 * The request and decision contracts (DESIGN.md): snake_case on the wire,
 * DeerFlow's GuardrailRequest and an OAP-aligned decision.
 */

export interface GuardrailRequest {
  tool_name: string;
  tool_input: Record<string, unknown>;
  agent_id?: string | null;
  thread_id?: string | null;
  run_id?: string | null;
  tool_call_id?: string | null;
  is_subagent?: boolean;
  user_id?: string | null;
  timestamp?: string;
  /** Host facts the policy may use: `workspace_root`, `home`. */
  context?: Record<string, unknown> | null;
  [extra: string]: unknown;
}

export type DecisionKind = "allow" | "deny" | "ask";

export interface Reason {
  code: string;
  message: string;
}

/**
 * A limit the host must enforce while an allowed call runs, because the call
 * did not state it (so the policy could not check it up front).
 * `guardToolCall` enforces `max_execution_time`; a host that runs calls
 * itself must do the same.
 */
export type Obligation =
  | { type: "max_execution_time"; seconds: number }
  | { type: "max_export_rows"; rows: number };

export interface Decision {
  decision: DecisionKind;
  /** True only for `decision: "allow"`. */
  allow: boolean;
  reasons: Reason[];
  /**
   * The rule that decided: a JSON pointer into the policy as written
   * (`/limits/system.command.execute/blocked_patterns/3`, `/allowed_tools/0`)
   * or a built-in check's id (`builtin:dangerous_operation`). Set on every
   * decision the core makes; providers of your own may leave it out.
   */
  rule?: string;
  policy_id?: string;
  /** "sha256:<hex>" of the canonical policy that decided: set by a Guard loaded from a config, never by a provider. */
  policy_digest?: string;
  /** `capability`, `obligations` (allow and ask only: Obligation[]), and whatever a provider adds. */
  metadata?: Record<string, unknown> & { obligations?: Obligation[] };
}

/** The decision's obligations (none when it carries none, or carries something that is not a list). */
export function obligationsOf(decision: Decision): Obligation[] {
  const list = decision.metadata?.obligations;
  return Array.isArray(list) ? list : [];
}

export function allowDecision(extra: Partial<Decision> = {}): Decision {
  return { decision: "allow", allow: true, reasons: [{ code: "oap.allowed", message: "" }], ...extra };
}

export function denyDecision(code: string, message: string, extra: Partial<Decision> = {}): Decision {
  return { decision: "deny", allow: false, reasons: [{ code, message }], ...extra };
}

/** Deny beats ask beats allow. */
export function strictest(a: Decision, b: Decision): Decision {
  const rank = (d: Decision) => (d.decision === "deny" ? 2 : d.decision === "ask" ? 1 : 0);
  return rank(b) > rank(a) ? b : a;
}

/**
 * Normalise whatever a provider returned into a Decision, or null when it is
 * not one (the middleware then treats it as a provider error). A decision
 * whose `allow` and `decision` disagree is read as the stricter of the two.
 */
export function normalizeDecision(value: unknown): Decision | null {
  if (value === null || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const kind = v.decision;
  if (typeof v.allow !== "boolean" && kind !== "allow" && kind !== "deny" && kind !== "ask") return null;
  let decision: DecisionKind;
  if (kind === "deny" || v.allow === false) decision = kind === "ask" ? "ask" : "deny";
  else if (kind === "ask") decision = "ask";
  else decision = "allow";
  const reasons = Array.isArray(v.reasons)
    ? v.reasons
        .filter((r): r is Record<string, unknown> => r !== null && typeof r === "object")
        .map((r) => ({ code: String(r.code ?? ""), message: r.message == null ? "" : String(r.message) }))
    : [];
  const out: Decision = { decision, allow: decision === "allow", reasons };
  if (typeof v.rule === "string") out.rule = v.rule;
  if (typeof v.policy_id === "string") out.policy_id = v.policy_id;
  if (v.metadata && typeof v.metadata === "object") out.metadata = v.metadata as Record<string, unknown>;
  return out;
}
