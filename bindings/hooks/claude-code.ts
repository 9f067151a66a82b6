/**
 * @module
 * Claude Code hooks. Followed: the Claude Code hooks reference
 * (code.claude.com/docs/en/hooks, read 2026-11; Claude Code 2.x).
 *
 * Input (stdin): `session_id`, `transcript_path`, `cwd`, `permission_mode`,
 * `hook_event_name` (`PreToolUse` | `PermissionRequest`), `tool_name`,
 * `tool_input`, and `tool_use_id` on PreToolUse.
 *
 * PreToolUse output: `hookSpecificOutput.permissionDecision` allow | deny |
 * ask with `permissionDecisionReason`, and `updatedInput` when an allowed
 * call is given a limit it did not state (the policy's max_execution_time
 * becomes the Bash tool's `timeout`, in ms). PermissionRequest output:
 * `hookSpecificOutput.decision.behavior` allow | deny (+ `message`); ask
 * prints nothing, so Claude Code shows its own dialog. Printing nothing is
 * also the answer for ExitPlanMode and AskUserQuestion (the human answers
 * those) and for an allow in plan mode. In bypassPermissions and dontAsk,
 * where no dialog is shown, ask is written as deny. Exit 2 blocks; any
 * other non-zero exit lets the call run, so failures always exit 2.
 */

import { obligationsOf, type Decision } from "../core/index.ts";
import { BLOCK, HookEventError, contextOf, field, optionalString, reasonText, type HookAdapter, type HookCall, type HookReply } from "./adapter.ts";

const EVENTS = new Set(["PreToolUse", "PermissionRequest"]);
const SEARCH_TOOLS = new Set(["Glob", "Grep", "LS"]);
/** Claude Code's Bash `timeout` is in milliseconds, at most 600000. */
const MAX_BASH_TIMEOUT_MS = 600_000;

export function claudeCall(event: Record<string, unknown>, agent = "Claude Code"): HookCall {
  const name = field(event, "hook_event_name", "string") as string;
  if (!EVENTS.has(name)) throw new HookEventError(`${agent} event '${name}' is not judged here: install the hook on PreToolUse or PermissionRequest`);
  const tool = field(event, "tool_name", "string") as string;
  let input = field(event, "tool_input", "object") as Record<string, unknown>;
  const session = optionalString(event, "session_id");
  const cwd = optionalString(event, "cwd");
  // Glob, Grep and LS without a path search the working directory: judge that path.
  if (SEARCH_TOOLS.has(tool) && input.path === undefined && cwd) input = { ...input, path: cwd };
  const request = {
    tool_name: tool,
    tool_input: input,
    tool_call_id: optionalString(event, "tool_use_id"),
    thread_id: session,
    ...(contextOf(cwd) ? { context: contextOf(cwd) } : {}),
  };
  // Claude Code (and Gemini CLI, which sets both) names the project in the hook's environment.
  const project = process.env.CLAUDE_PROJECT_DIR ?? process.env.GEMINI_PROJECT_DIR;
  const mode = optionalString(event, "permission_mode");
  return { request, session, cwd, event: name, ...(mode ? { mode } : {}), ...(project && project.startsWith("/") ? { roots: [project] } : {}) };
}

/** An allowed Bash call without a stated timeout gets the policy's limit as its timeout. */
export function updatedInput(decision: Decision, call: HookCall): Record<string, unknown> | undefined {
  // A stated timeout was judged against the limit already (a longer one is denied): it stays as stated.
  if (call.request.tool_name !== "Bash" || call.request.tool_input.timeout !== undefined) return undefined;
  const limit = obligationsOf(decision).find((o) => o.type === "max_execution_time");
  if (!limit || limit.type !== "max_execution_time") return undefined;
  const ms = Math.min(Math.floor(limit.seconds * 1000), MAX_BASH_TIMEOUT_MS);
  return { ...call.request.tool_input, timeout: ms };
}

/** Tools through which Claude Code asks the human (plan approval, questions): the hook never answers for them. */
const HUMAN_TOOLS = new Set(["ExitPlanMode", "AskUserQuestion"]);
/** Tools plan mode runs without asking: the only ones the hook allows in plan mode. */
const PLAN_MODE_TOOLS = new Set(["Read", "Glob", "Grep", "LS", "NotebookRead", "TodoWrite"]);
/** Modes in which Claude Code shows no dialog: an ask there is approved (bypassPermissions) or refused unseen. */
const NO_DIALOG_MODES = new Set(["bypassPermissions", "dontAsk"]);

/**
 * The decision as Claude Code must see it in the call's permission mode, or null for "no opinion" (print
 * nothing: Claude Code's own permission flow decides). Plan mode: an allow is Claude Code's to give, except for
 * the read-only tools plan mode runs anyway. Modes without a dialog: an ask is a deny.
 */
export function inMode(decision: Decision, call: HookCall): Decision | null {
  if (HUMAN_TOOLS.has(call.request.tool_name)) return null;
  if (call.mode === "plan" && decision.decision === "allow" && !PLAN_MODE_TOOLS.has(call.request.tool_name)) return null;
  if (call.mode !== undefined && NO_DIALOG_MODES.has(call.mode) && decision.decision === "ask") {
    const r = decision.reasons[0];
    return { ...decision, decision: "deny", allow: false, reasons: [{ code: r?.code ?? "oap.approval_required", message: `${r?.message ?? "needs approval"} (permission mode ${call.mode} shows no dialog: denied)` }, ...decision.reasons.slice(1)] };
  }
  return decision;
}

export const claudeCode: HookAdapter = {
  agent: "claude-code",
  toCall: (event) => claudeCall(event),
  toReply(judged, call): HookReply {
    const decision = inMode(judged, call);
    if (!decision) return { stdout: "", exitCode: 0 };
    const reason = reasonText(decision);
    if (call.event === "PermissionRequest") {
      if (decision.decision === "ask") return { stdout: "", exitCode: 0 };
      const behavior = decision.decision === "allow" ? "allow" : "deny";
      const update = behavior === "allow" ? updatedInput(decision, call) : undefined;
      const out = { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior, ...(update ? { updatedInput: update } : {}), ...(behavior === "deny" ? { message: reason } : {}) } } };
      return { stdout: JSON.stringify(out) + "\n", exitCode: 0 };
    }
    const update = decision.decision === "deny" ? undefined : updatedInput(decision, call);
    const out = {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: decision.decision,
        permissionDecisionReason: reason,
        ...(update ? { updatedInput: update } : {}),
      },
    };
    return { stdout: JSON.stringify(out) + "\n", exitCode: 0 };
  },
  failure(message) {
    return { stdout: "", exitCode: BLOCK, stderr: `portcullis: blocked, the guard could not judge this call: ${message}\n` };
  },
};
