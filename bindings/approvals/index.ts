/**
 * @module
 * Ask a human: pending actions, approve / reject / edit, anti-forgery,
 * the in-memory store, signing. The HTTP API and page live in ../server.
 * SQLite and Redis stores are separate entries (portcullis/stores/sqlite, /redis).
 */
export { ApprovalGate, type WaitOptions, type GateOutcome } from "./gate.ts";
export type { ApprovalGateOptions } from "./gate-context.ts";
export type { GateOutcomeKind, ApprovalLimit } from "./check-call.ts";
export type { ApproveInput, RejectInput, Reevaluate } from "./decide.ts";
export { ApprovalError, type ApprovalErrorCode } from "./approval-error.ts";
export { MemoryApprovalStore } from "./memory-store.ts";
export {
  listLimit, parseStoredRecord, dueAt, MAX_LIST_LIMIT,
  type ApprovalStore, type ActionQuery, type ActionCursor, type CreateGuard, type CreateResult,
} from "./store.ts";
export {
  ACTION_STATUSES, APPROVAL_SCOPES, toPublicAction, isActionId,
  type ActionStatus, type ApprovalScope, type ApprovalRule, type PendingAction, type PublicAction, type Resolution, type ResolutionKind,
} from "./pending-action.ts";
export { argsDigest, type RuleScope } from "./digest.ts";
export { ApprovalSigner, constantTimeEqual, MIN_SECRET_BYTES, type SecretInput } from "./signing.ts";
export { buildApprovalEvent, type ApprovalEvent, type ApprovalEventAction, type ApprovalAuditSink } from "./events.ts";
