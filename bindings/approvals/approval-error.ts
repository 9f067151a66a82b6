/**
 * @module
 * Errors from deciding an action, as data: a code the HTTP handler maps to a
 * status, and a message a person can act on.
 */

import type { Decision } from "../core/decision.ts";

export type ApprovalErrorCode =
  | "not_found" // no such action
  | "conflict" // not pending any more (decided, expired, consumed)
  | "expired" // timed out before anyone decided
  | "invalid_request" // a scope the action cannot have, a bad ttl, edited input that is not an object
  | "edit_denied" // the policy denies the edited arguments
  | "tampered" // the stored record fails its signature check
  | "store_error"; // the store failed

export class ApprovalError extends Error {
  constructor(
    readonly code: ApprovalErrorCode,
    message: string,
    /** For edit_denied: the policy's decision on the edited call. */
    readonly decision?: Decision,
  ) {
    super(message);
    this.name = "ApprovalError";
  }
}
