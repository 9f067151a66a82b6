/**
 * @module
 * What an ApprovalGate does (setting up its store and signer, checking a call, deciding, expiring, verifying
 * records), in one module gate.ts imports on first use (ApprovalGate.create): an agent without approvals never
 * loads it, so the default entry's file leaves it out (a chunk beside the entry).
 */

export { createGateContext } from "./gate-context.ts";
export { checkCall } from "./check-call.ts";
export { approveAction, expireDue, expireIfOverdue, rejectAction } from "./decide.ts";
export { checkAction } from "./integrity.ts";
