/**
 * @module
 * What every agent's hook adapter does: read the agent's event into a
 * GuardrailRequest, and write a Decision back in the agent's words. Anything
 * that goes wrong — an unreadable event, a policy that does not load, a crash
 * — must block: `failure()` writes the agent's deny and the exit code the
 * agent treats as blocking (2 for every agent here; other non-zero codes are
 * "non-blocking errors" that let the call run).
 */

import { homedir } from "node:os";
import type { Decision, GuardrailRequest } from "../core/decision.ts";

export interface HookCall {
  request: GuardrailRequest;
  /** The agent's session (conversation) id, for the audit trail. */
  session: string | null;
  /** The working directory of the call. */
  cwd: string | null;
  /** The agent's workspace or project roots, when the event (or the agent's environment) names them. */
  roots?: string[];
  /** The hook event as the agent names it. */
  event: string;
  /** The agent's permission mode for this call, when the event states one (Claude Code's `permission_mode`). */
  mode?: string;
}

export interface HookReply {
  stdout: string;
  exitCode: number;
  stderr?: string;
}

export interface HookAdapter {
  readonly agent: string;
  toCall(event: Record<string, unknown>): HookCall;
  toReply(decision: Decision, call: HookCall): HookReply;
  failure(message: string): HookReply;
}

export class HookEventError extends Error {}

/** The blocking exit code of Claude Code, Codex, Gemini CLI and Cursor hooks. */
export const BLOCK = 2;

export function field(event: Record<string, unknown>, name: string, type: "string" | "object"): unknown {
  const v = event[name];
  if (type === "object" ? v === null || typeof v !== "object" || Array.isArray(v) : typeof v !== type) {
    throw new HookEventError(`the hook event has no ${type} '${name}'`);
  }
  return v;
}

export const optionalString = (event: Record<string, unknown>, name: string): string | null =>
  typeof event[name] === "string" ? (event[name] as string) : null;

/** The reason text an agent shows: the first reason, and the rule that decided when there is one. */
export function reasonText(decision: Decision): string {
  const r = decision.reasons[0];
  const text = r ? (r.message ? `${r.message} (${r.code})` : r.code) : decision.decision;
  return `portcullis: ${text}`;
}

/**
 * The request's context: the call's directory is the workspace root its relative paths resolve against, and
 * the home is this process's (a hook runs as the agent's user), so `~` and `$HOME` in commands are known.
 */
export function contextOf(cwd: string | null): Record<string, unknown> | undefined {
  const home = homedir();
  return cwd ? { workspace_root: cwd, home } : { home };
}
