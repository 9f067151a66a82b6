// The outcome of one rule check. Rules fill a Verdict instead of throwing:
// a throw in AssemblyScript is a trap that kills the instance (STYLE.md §2).

import { UsageCharge } from "./usage-charge";

export const enum Decision {
  Allow = 0,
  Deny = 1,
  Ask = 2,
  /**
   * Not a decision: the call has usage-based limits and the host passed no
   * counters. The host reads the charge, fetches the counters and asks again;
   * a host that does not know this value treats it as a deny.
   */
  NeedsUsage = 3,
}

/**
 * Reason codes. OAP codes wherever OAP has one (OAP 1.0's reason list); the
 * few we add are marked. The string form is what crosses the boundary.
 */
export namespace Code {
  export const ALLOWED = "oap.allowed";
  export const INVALID_CONTEXT = "oap.invalid_context";
  export const UNKNOWN_CAPABILITY = "oap.unknown_capability";
  export const POLICY_ERROR = "oap.policy_error";
  export const EVALUATOR_ERROR = "oap.evaluator_error";
  export const TOOL_NOT_ALLOWED = "oap.tool_not_allowed";
  export const PASSPORT_SUSPENDED = "oap.passport_suspended";
  export const PASSPORT_VERSION_MISMATCH = "oap.passport_version_mismatch";
  /** Ours: APort never checks expiry (oap.md §3.5 item 8). */
  export const PASSPORT_EXPIRED = "oap.passport_expired";
  /** Ours: the third outcome, `ask`. */
  export const APPROVAL_REQUIRED = "oap.approval_required";
  export const COMMAND_NOT_ALLOWED = "oap.command_not_allowed";
  export const BLOCKED_PATTERN = "oap.blocked_pattern";
  export const DANGEROUS_OPERATION = "oap.dangerous_operation";
  export const COMMAND_INJECTION_DETECTED = "oap.command_injection_detected";
  export const LIMIT_EXCEEDED = "oap.limit_exceeded";
  export const DIRECTORY_NOT_ALLOWED = "oap.directory_not_allowed";
  export const ENV_VAR_BLOCKED = "oap.env_var_blocked";
  /** Ours: the command's analysis needs more work than a decision may spend (util/budget.ts): denied. */
  export const WORK_BUDGET_EXCEEDED = "oap.work_budget_exceeded";
  export const PATH_NOT_ALLOWED = "oap.path_not_allowed";
  export const PATH_BLOCKED = "oap.path_blocked";
  export const EXTENSION_NOT_ALLOWED = "oap.extension_not_allowed";
  export const DOMAIN_NOT_ALLOWED = "oap.domain_not_allowed";
  export const DOMAIN_BLOCKED = "oap.domain_blocked";
  export const PRIVATE_IP_BLOCKED = "oap.private_ip_blocked";
  export const METHOD_NOT_ALLOWED = "oap.method_not_allowed";
  export const INVALID_URL = "oap.invalid_url";
  // Rate limits, daily caps, replay (oap.md §2.1).
  export const RATE_LIMIT_EXCEEDED = "oap.rate_limit_exceeded";
  export const IDEMPOTENCY_CONFLICT = "oap.idempotency_conflict";
  // mcp.tool.execute.v1
  export const SERVER_NOT_ALLOWED = "oap.server_not_allowed";
  export const INVALID_SERVER_URL = "oap.invalid_server_url";
  export const INVALID_TOOL_NAME = "oap.invalid_tool_name";
  export const TIMEOUT_EXCEEDED = "oap.timeout_exceeded";
  export const PARAMETER_SIZE_EXCEEDED = "oap.parameter_size_exceeded";
  // messaging.message.send.v1 (recipient_not_allowed is APort's local evaluator's)
  export const RECIPIENT_NOT_ALLOWED = "oap.recipient_not_allowed";
  export const CONTENT_TOO_LONG = "oap.content_too_long";
  // finance.payment.refund.v1 / finance.payment.charge.v1 (and the spec's errors table)
  export const CURRENCY_UNSUPPORTED = "oap.currency_unsupported";
  export const REGION_BLOCKED = "oap.region_blocked";
  export const ASSURANCE_INSUFFICIENT = "oap.assurance_insufficient";
  export const INVALID_REASON_CODE = "oap.invalid_reason_code";
  export const CROSS_CURRENCY_DENIED = "oap.cross_currency_denied";
  export const MERCHANT_FORBIDDEN = "oap.merchant_forbidden";
  export const CATEGORY_BLOCKED = "oap.category_blocked";
  // data.export.create.v1
  export const PII_NOT_ALLOWED = "oap.pii_not_allowed";
  export const FORMAT_UNSUPPORTED = "oap.format_unsupported";
  /** Ours, set by the host binding (never by the core): the call ran past max_execution_time and was cut off. */
  export const EXECUTION_TIMEOUT = "oap.execution_timeout";
}

/**
 * What the host must enforce when it runs an allowed (or approved) call: a
 * limit the call did not state, so the policy could not check it up front.
 */
export const enum Obligation {
  None = 0,
  /** Stop the call after `value` seconds (max_execution_time). */
  MaxExecutionTime = 1,
  /** Produce at most `value` rows (max_export_rows). */
  MaxExportRows = 2,
}

/** One decision in the making: the first failing rule wins (APort semantics). */
export class Verdict {
  decision: Decision = Decision.Allow;
  code: string = Code.ALLOWED;
  message: string = "";
  /** The OAP pack that decided, e.g. `system.command.execute.v1`; "" for none. */
  policyId: string = "";
  /** The capability the tool mapped to; "" for none. */
  capability: string = "";
  /**
   * The rule that decided (provenance.ts): a JSON pointer into the policy
   * document (`/passport/limits/system.command.execute/blocked_patterns/3`)
   * or a built-in check's id (`builtin:dangerous_operation`); "" until the
   * deciding step names it, and then filled from the code and capability.
   */
  rule: string = "";
  /** What the call consumes when it has usage-based limits (see usage.ts). */
  usage: UsageCharge = new UsageCharge();
  /** The limit the host enforces while the call runs; reported on allow and ask only. */
  obligation: Obligation = Obligation.None;
  obligationValue: f64 = 0;

  reset(): void {
    this.obligation = Obligation.None;
    this.obligationValue = 0;
    this.decision = Decision.Allow;
    this.code = Code.ALLOWED;
    this.message = "";
    this.policyId = "";
    this.capability = "";
    this.rule = "";
    this.usage.reset();
  }

  oblige(kind: Obligation, value: f64): void {
    this.obligation = kind;
    this.obligationValue = value;
  }

  /** `rule`: the JSON pointer or built-in id that decided, when the step knows it better than its code does. */
  deny(code: string, message: string, rule: string = ""): bool {
    this.decision = Decision.Deny;
    this.code = code;
    this.message = message;
    this.rule = rule;
    return false;
  }

  ask(code: string, message: string, rule: string = ""): bool {
    this.decision = Decision.Ask;
    this.code = code;
    this.message = message;
    this.rule = rule;
    return false;
  }

  /** The call needs usage counters the host did not pass (see Decision.NeedsUsage). */
  needUsage(message: string): bool {
    this.decision = Decision.NeedsUsage;
    this.code = Code.EVALUATOR_ERROR;
    this.message = message;
    return false;
  }

  get denied(): bool {
    return this.decision == Decision.Deny;
  }
}
