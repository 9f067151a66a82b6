/**
 * @module
 * What each record's signature covers, and the checks a record must pass
 * before anyone acts on it. A record that fails any check is never approved
 * and never lets a call run: it is reported as `oap.approval_invalid`.
 */

import { canonicalJson, sha256Hex } from "../canonical/index.ts";
import { argsDigest, contextDigest, ruleKey } from "./digest.ts";
import { isActionId, optionalText, type ApprovalRule, type PendingAction, type Resolution } from "./pending-action.ts";
import type { ApprovalSigner } from "./signing.ts";

const VERSION = 1;

export function pendingClaims(action: PendingAction): object {
  return {
    v: VERSION,
    t: "pending",
    id: action.id,
    tool_name: action.tool_name,
    args_digest: action.args_digest,
    context_digest: action.context_digest,
    agent_id: action.agent_id,
    thread_id: action.thread_id,
    request_digest: action.request_digest,
    reasons: action.reasons,
    policy_id: action.policy_id,
    // Only when present: records written before the rule was kept keep their signatures.
    ...(action.rule != null ? { rule: action.rule } : {}),
    created_at: action.created_at,
    expires_at: action.expires_at,
    match_key: action.match_key,
  };
}

export function resolutionClaims(actionId: string, resolution: Omit<Resolution, "signature">): object {
  return {
    v: VERSION,
    t: "resolution",
    id: actionId,
    kind: resolution.kind,
    scope: resolution.scope,
    decided_at: resolution.decided_at,
    decided_by: resolution.decided_by,
    valid_until: resolution.valid_until,
    message: resolution.message,
    updated_digest: resolution.updated_digest,
    rule_key: resolution.rule_key,
  };
}

export function ruleClaims(rule: Omit<ApprovalRule, "signature">): object {
  return {
    v: VERSION,
    t: "rule",
    key: rule.key,
    tool_name: rule.tool_name,
    args_digest: rule.args_digest,
    context_digest: rule.context_digest,
    scope: rule.scope,
    scope_value: rule.scope_value,
    action_id: rule.action_id,
    created_at: rule.created_at,
    expires_at: rule.expires_at,
    decided_by: rule.decided_by,
  };
}

export function requestDigest(request: unknown): Promise<string> {
  return sha256Hex(canonicalJson(request));
}

/** Null when the record is sound, else which check failed (for the audit event; it never quotes data). */
export async function checkAction(signer: ApprovalSigner, action: PendingAction): Promise<string | null> {
  try {
    if (!action || typeof action !== "object" || !isActionId(action.id)) return "malformed record";
    const request = action.request;
    if (!request || typeof request !== "object" || Array.isArray(request)) return "malformed request";
    if (request.tool_name !== action.tool_name) return "tool name differs from the request";
    if (optionalText(request.agent_id) !== action.agent_id) return "agent id differs from the request";
    if (optionalText(request.thread_id) !== action.thread_id) return "thread id differs from the request";
    if ((await argsDigest(request.tool_input)) !== action.args_digest) return "arguments differ from their digest";
    if ((await contextDigest(request.context)) !== action.context_digest) return "context differs from its digest";
    if ((await requestDigest(request)) !== action.request_digest) return "request differs from its digest";
    if (!(await signer.verify(pendingClaims(action), action.signature))) return "bad pending signature";
    return await checkResolution(signer, action);
  } catch {
    return "record cannot be read";
  }
}

async function checkResolution(signer: ApprovalSigner, action: PendingAction): Promise<string | null> {
  const resolution = action.resolution;
  if (resolution == null) {
    // Only an undecided action (pending, or timed out while pending) has no resolution.
    const undecided = action.status === "pending" || (action.status === "expired" && action.expired_reason === "timeout");
    return undecided ? null : `${action.status} without a decision`;
  }
  if (action.status === "pending") return "pending with a decision";
  const rejected = resolution.kind === "reject";
  if (rejected !== (action.status === "rejected")) return "decision does not fit the status";
  if (!(await signer.verify(resolutionClaims(action.id, resolution), resolution.signature))) return "bad decision signature";
  if ((resolution.updated_input === null) !== (resolution.updated_digest === null)) return "edited arguments without digest";
  if (resolution.updated_input !== null && (await argsDigest(resolution.updated_input)) !== resolution.updated_digest) {
    return "edited arguments differ from their digest";
  }
  return null;
}

export async function checkRule(signer: ApprovalSigner, rule: ApprovalRule, expectedKey: string): Promise<string | null> {
  try {
    if (!rule || typeof rule !== "object" || rule.key !== expectedKey) return "rule stored under another key";
    if ((await ruleKey(rule.tool_name, rule.args_digest, rule.context_digest, rule.scope, rule.scope_value)) !== rule.key) {
      return "rule fields differ from its key";
    }
    if (!(await signer.verify(ruleClaims(rule), rule.signature))) return "bad rule signature";
    return null;
  } catch {
    return "rule cannot be read";
  }
}
