export {
  guardToolCall, denialMessage, isBlockedToolResult, type BlockedToolResult, type ApprovalInterrupt,
} from "./guard-tool-call.ts";
export {
  judge, settleJudgement, withDigest, type Judgement, type FinalJudgement, type JudgementObserver, type JudgeMode,
  type GuardOptions, type ToolResultFilter,
} from "./judge.ts";
/** @deprecated The same function as `judge` (its usage is settled by the caller); kept for existing callers. */
export { judge as judgeToolCall } from "./judge.ts";
export { buildDecisionEvent, jsonLinesSink, type AuditSink, type DecisionEvent, type DecisionAction } from "./audit.ts";
export { isControlFlowSignal } from "./control-flow.ts";
export { Guard, createGuard, ReloadError, type GuardConfig, type ReloadOptions, type ReloadResult } from "./guard.ts";
export { EXECUTION_TIMEOUT, executionLimitOf, type ToolExecute } from "./execution-limit.ts";
export { withWarning, type EnforcementWarning, type WarningSink } from "./enforcement-warning.ts";
