/**
 * @module
 * The gate's answer to a call the policy said `ask` about. In order:
 *   1. an "always allow" rule for exactly this tool and argument digest, in
 *      this thread, for this agent, or policy-wide → allow;
 *   2. the latest action for exactly this call (tool, digest, agent, thread):
 *      approved → allow (an approve-once is consumed atomically), rejected →
 *      deny with the human's message, still pending → ask again with the same
 *      id, timed out → deny once as a timeout;
 *   3. otherwise a new pending action → ask — created only if the call's
 *      match key still points where step 2 saw it (identical calls racing in
 *      many processes share one action), the agent is under its cap of open
 *      actions and the request fits the size limit (else `limited`, a deny).
 * A record that fails its integrity check denies. The gate is consulted only
 * after the policy: a deny is never turned into anything else.
 */

import type { Decision, GuardrailRequest } from "../core/decision.ts";
import { canonicalJson } from "../canonical/index.ts";
import { argsDigest, candidateRuleKeys, contextDigest, matchKey, type CallIdentity } from "./digest.ts";
import type { EventCall } from "./events.ts";
import type { GateContext } from "./gate-context.ts";
import { checkAction, checkRule, pendingClaims, requestDigest } from "./integrity.ts";
import { iso, isPast, newActionId, optionalText, type PendingAction, type ResolutionKind } from "./pending-action.ts";

export type GateOutcomeKind = "pending" | "approved" | "rejected" | "timeout" | "edited" | "invalid" | "limited";

export interface GateOutcome {
  kind: GateOutcomeKind;
  /** The decision the agent gets: allow only for `approved`. */
  decision: Decision;
  action: PendingAction | null;
  /** For `pending`: false when an earlier identical call already created this action. */
  created?: boolean;
}

interface Call extends CallIdentity {
  request: GuardrailRequest;
  event: EventCall;
}

/**
 * Races (two workers consuming one approval, identical calls creating one action) are retried; each lost
 * race means another worker made progress, so a few attempts suffice even for many racers.
 */
const ATTEMPTS = 8;

export async function checkCall(ctx: GateContext, request: GuardrailRequest, asked: Decision): Promise<GateOutcome> {
  let call: Call;
  try {
    call = await identify(request);
  } catch (error) {
    return deny("invalid", "oap.invalid_context", `the call cannot be bound to an approval: ${(error as Error).message}`, null, asked);
  }
  const now = ctx.clock();

  for (const key of await candidateRuleKeys(call)) {
    const rule = await ctx.store.getRule(key);
    if (!rule) continue;
    const problem = await checkRule(ctx.signer, rule, key);
    if (problem) return invalid(ctx, call, null, problem, asked);
    if (rule.expires_at !== null && isPast(rule.expires_at, now)) continue;
    await ctx.emit("approval_consumed", { call: call.event }, { action_id: rule.action_id, approval_kind: "rule", scope: rule.scope, decided_by: rule.decided_by });
    return approved(asked, rule.action_id, "rule", rule.decided_by, null);
  }

  const key = await matchKey(call);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const latest = await ctx.store.findLatest(key);
    if (latest) {
      const outcome = await fromLatest(ctx, latest, call, asked, now);
      if (outcome === "retry") continue;
      if (outcome !== "ask-anew") return outcome;
    }
    const created = await createPending(ctx, call, key, latest?.id ?? null, asked, now);
    if (created !== "raced") return created;
  }
  return limited("contended", `the approval store is busy with this same call; call '${call.tool_name}' again`, asked);
}

async function fromLatest(
  ctx: GateContext,
  latest: PendingAction,
  call: Call,
  asked: Decision,
  now: number,
): Promise<GateOutcome | "retry" | "ask-anew"> {
  const problem = (await checkAction(ctx.signer, latest)) ?? bindingProblem(latest, call);
  if (problem) return invalid(ctx, call, latest, problem, asked);
  const resolution = latest.resolution;
  switch (latest.status) {
    case "pending": {
      if (!isPast(latest.expires_at, now)) return pendingOutcome(latest, asked, false);
      const next: PendingAction = { ...latest, status: "expired", expired_reason: "timeout", timeout_reported: true };
      if (!(await ctx.swap(latest, next))) return "retry";
      await ctx.emit("approval_timeout", { action: latest });
      return timeout(ctx, next, asked);
    }
    case "approved": {
      const r = resolution!;
      if (r.updated_digest !== null && call.args_digest !== r.updated_digest) {
        const text = `a human approved this call only with edited arguments ${canonicalJson(r.updated_input)}; call '${call.tool_name}' again with exactly these arguments`;
        return deny("edited", "oap.approval_edited", text, latest, asked);
      }
      if (r.kind === "rule") return "ask-anew"; // the rule itself expired or was removed
      if (isPast(r.valid_until, now)) {
        const reason = r.kind === "window" ? "window_ended" : "unused";
        if (await ctx.swap(latest, { ...latest, status: "expired", expired_reason: reason })) {
          await ctx.emit("approval_expired", { action: latest }, { approval_kind: r.kind, detail: reason });
        }
        return "ask-anew";
      }
      if (r.kind === "once") {
        const consumed: PendingAction = { ...latest, status: "consumed", consumed_at: iso(now) };
        if (!(await ctx.swap(latest, consumed))) return "retry";
      }
      await ctx.emit("approval_consumed", { action: latest, call: call.event }, { approval_kind: r.kind, scope: r.scope, decided_by: r.decided_by });
      return approved(asked, latest.id, r.kind, r.decided_by, latest);
    }
    case "rejected": {
      const message = resolution!.message ? `a human rejected this call: ${resolution!.message}` : "a human rejected this call";
      return deny("rejected", "oap.approval_rejected", message, latest, asked);
    }
    case "expired": {
      if (latest.expired_reason !== "timeout" || latest.timeout_reported) return "ask-anew";
      const next: PendingAction = { ...latest, timeout_reported: true };
      if (!(await ctx.swap(latest, next))) return "retry";
      return timeout(ctx, next, asked);
    }
    default:
      return "ask-anew"; // consumed: a repeated call needs a new approval
  }
}

/** The record was found under this call's key, so it must describe this call; if not, the index was tampered with. */
function bindingProblem(action: PendingAction, call: Call): string | null {
  if (action.tool_name !== call.tool_name) return "approval is for another tool";
  if (action.agent_id !== call.agent_id || action.thread_id !== call.thread_id) return "approval is for another agent or thread";
  if (action.context_digest !== call.context_digest) return "approval is for another context";
  if (action.args_digest !== call.args_digest && action.resolution?.updated_digest !== call.args_digest) return "approval is for other arguments";
  return null;
}

async function createPending(
  ctx: GateContext,
  call: Call,
  key: string,
  replacing: string | null,
  asked: Decision,
  now: number,
): Promise<GateOutcome | "raced"> {
  const bytes = new TextEncoder().encode(canonicalJson(call.request)).length;
  if (bytes > ctx.maxActionBytes) {
    const text = `the call is ${bytes} bytes, more than the ${ctx.maxActionBytes} an approval may hold; a human cannot review it, so it was not run`;
    return limited("action_bytes", text, asked);
  }
  const action: PendingAction = {
    id: newActionId(),
    status: "pending",
    tool_name: call.tool_name,
    args_digest: call.args_digest,
    context_digest: call.context_digest,
    agent_id: call.agent_id,
    thread_id: call.thread_id,
    request: call.request,
    request_digest: await requestDigest(call.request),
    reasons: asked.reasons.map((r) => ({ code: r.code, message: r.message })),
    policy_id: asked.policy_id ?? null,
    rule: askedRule(asked),
    created_at: iso(now),
    expires_at: iso(now + ctx.timeoutMs),
    match_key: key,
    signature: "",
    resolution: null,
    consumed_at: null,
    expired_reason: null,
    timeout_reported: false,
  };
  action.signature = await ctx.signer.sign(pendingClaims(action));
  const result = await ctx.store.create(action, { replacing, maxPendingPerAgent: ctx.maxPendingPerAgent, now });
  if (result === "raced") return "raced";
  if (result === "full") {
    const who = call.agent_id === null ? "calls without an agent_id" : `agent '${call.agent_id}'`;
    const text = `${who} already has ${ctx.maxPendingPerAgent} calls waiting for a human; wait for those to be decided`;
    return limited("pending_actions", text, asked);
  }
  await ctx.emit("approval_requested", { action });
  return pendingOutcome(action, asked, true);
}

/** The rule that asked: the core's pointer, or a rule file's own rule (metadata.rule); null when none is named. */
function askedRule(asked: Decision): string | null {
  if (typeof asked.rule === "string" && asked.rule) return asked.rule;
  const fromRules = asked.metadata?.rule;
  return typeof fromRules === "string" && fromRules ? fromRules : null;
}

/** What a limit refused; the HTTP API answers `pending_actions`/`contended` with 429 and `action_bytes` with 413. */
export type ApprovalLimit = "pending_actions" | "action_bytes" | "contended";

function limited(limit: ApprovalLimit, message: string, asked: Decision): GateOutcome {
  const outcome = deny("limited", "oap.approval_limit", message, null, asked);
  outcome.decision.metadata = { limit };
  return outcome;
}

/**
 * The request as providers see it (JSON text, so `undefined` fields vanish),
 * and the identity an approval is bound to. Throws when it cannot be digested.
 */
async function identify(request: GuardrailRequest): Promise<Call> {
  const normalized = JSON.parse(JSON.stringify(request)) as GuardrailRequest;
  if (normalized === null || typeof normalized !== "object" || Array.isArray(normalized)) throw new TypeError("request is not an object");
  if (typeof normalized.tool_name !== "string") throw new TypeError("tool_name is not a string");
  const input = normalized.tool_input;
  if (input === null || typeof input !== "object" || Array.isArray(input)) throw new TypeError("tool_input is not an object");
  const identity: CallIdentity = {
    tool_name: normalized.tool_name,
    args_digest: await argsDigest(input),
    context_digest: await contextDigest(normalized.context),
    agent_id: optionalText(normalized.agent_id),
    thread_id: optionalText(normalized.thread_id),
  };
  const event: EventCall = {
    ...identity,
    run_id: optionalText(normalized.run_id),
    tool_call_id: optionalText(normalized.tool_call_id),
  };
  return { ...identity, request: normalized, event };
}

function pendingOutcome(action: PendingAction, asked: Decision, created: boolean): GateOutcome {
  return {
    kind: "pending",
    action,
    created,
    decision: {
      decision: "ask",
      allow: false,
      reasons: asked.reasons,
      ...(asked.policy_id !== undefined ? { policy_id: asked.policy_id } : {}),
      metadata: { ...asked.metadata, action_id: action.id, status: "pending", expires_at: action.expires_at },
    },
  };
}

function approved(asked: Decision, actionId: string, kind: ResolutionKind, by: string | null, action: PendingAction | null): GateOutcome {
  const who = by ? `'${by}'` : "a human";
  return {
    kind: "approved",
    action,
    decision: {
      decision: "allow",
      allow: true,
      reasons: [{ code: "oap.approved", message: `approved by ${who} (action ${actionId}, ${kind})` }],
      ...(asked.policy_id !== undefined ? { policy_id: asked.policy_id } : {}),
      metadata: { action_id: actionId, approval: kind },
    },
  };
}

function deny(kind: GateOutcomeKind, code: string, message: string, action: PendingAction | null, asked: Decision): GateOutcome {
  return {
    kind,
    action,
    decision: {
      decision: "deny",
      allow: false,
      reasons: [{ code, message }],
      ...(asked.policy_id !== undefined ? { policy_id: asked.policy_id } : {}),
      metadata: action ? { action_id: String(action.id), status: String(action.status) } : {},
    },
  };
}

function timeout(ctx: GateContext, action: PendingAction, asked: Decision): GateOutcome {
  const text = `no human decided within ${Math.round(ctx.timeoutMs / 1000)} s, so the call was not approved (a timeout, not a rejection)`;
  return deny("timeout", "oap.approval_timeout", text, action, asked);
}

async function invalid(ctx: GateContext, call: Call, action: PendingAction | null, detail: string, asked: Decision): Promise<GateOutcome> {
  await ctx.emit("approval_invalid", { action, call: call.event }, { detail });
  return deny("invalid", "oap.approval_invalid", "the stored approval failed its integrity check, so it was not used", action, asked);
}
