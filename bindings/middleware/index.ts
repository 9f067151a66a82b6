export {
  guardToolCall, judgeToolCall, settleJudgement, denialMessage, isBlockedToolResult, type Judgement,
  type BlockedToolResult, type GuardOptions, type ApprovalInterrupt, type ToolResultFilter,
} from "./guard-tool-call.ts";
export { buildDecisionEvent, jsonLinesSink, type AuditSink, type DecisionEvent, type DecisionAction } from "./audit.ts";
export { isControlFlowSignal } from "./control-flow.ts";
export { Guard, createGuard, ReloadError, type GuardConfig, type ReloadOptions, type ReloadResult } from "./guard.ts";
export { EXECUTION_TIMEOUT, executionLimitOf, type ToolExecute } from "./execution-limit.ts";
