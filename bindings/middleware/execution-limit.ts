/**
 * @module
 * The max_execution_time obligation, enforced around a tool's execute():
 * execute gets an AbortSignal that fires at the limit, and if the tool has
 * not settled by then the agent gets an error result (`oap.execution_timeout`)
 * instead of waiting. A tool that ignores the signal is still cut off from
 * the agent's point of view, but whatever it started keeps running: stopping
 * (killing) the process is the tool's job, on the signal.
 */

import { obligationsOf, type Decision, type GuardrailRequest } from "../core/index.ts";
import type { BlockedToolResult } from "./guard-tool-call.ts";

/** A tool run. `signal` aborts when the call reaches the passport's max_execution_time. */
export type ToolExecute<T> = (signal: AbortSignal) => T | Promise<T>;

/** The reason code of a call stopped at its max_execution_time. */
export const EXECUTION_TIMEOUT = "oap.execution_timeout";

/** Timers cannot wait longer than this (2^31 - 1 ms, about 24.8 days); longer limits are clamped. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The shortest max_execution_time the decision obliges, in seconds; null when none.
 * A malformed obligation (not a positive number) is read as 0 s: the call is cut off at once (fail closed).
 */
export function executionLimitOf(decision: Decision): number | null {
  let limit: number | null = null;
  for (const o of obligationsOf(decision)) {
    if (o === null || typeof o !== "object" || (o as { type?: unknown }).type !== "max_execution_time") continue;
    const raw = (o as { seconds?: unknown }).seconds;
    const seconds = typeof raw === "number" && raw > 0 ? raw : 0;
    if (limit === null || seconds < limit) limit = seconds;
  }
  return limit;
}

/** Run execute, cut off after `seconds` (none: run to the end). */
export async function runWithinLimit<T>(
  request: GuardrailRequest,
  execute: ToolExecute<T>,
  seconds: number | null,
): Promise<T | BlockedToolResult> {
  const controller = new AbortController();
  if (seconds === null) return execute(controller.signal);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cutOff = new Promise<BlockedToolResult>((resolve) => {
    timer = setTimeout(() => {
      const message = `the call ran past max_execution_time (${seconds} s) and was stopped`;
      controller.abort(new Error(message));
      resolve(timeoutResult(request, message));
    }, Math.min(Math.max(seconds * 1000, 0), MAX_TIMER_MS));
  });
  try {
    // execute() may throw synchronously or return a non-promise: Promise.resolve().then covers both.
    return await Promise.race([Promise.resolve().then(() => execute(controller.signal)), cutOff]);
  } finally {
    clearTimeout(timer);
  }
}

/** The results runWithinLimit made (never a tool's own result, whatever its shape). */
const timeoutResults = new WeakSet<object>();

export function isTimeoutResult(value: unknown): value is BlockedToolResult {
  return value !== null && typeof value === "object" && timeoutResults.has(value);
}

function timeoutResult(request: GuardrailRequest, message: string): BlockedToolResult {
  const name = "tool_name" in request ? String(request.tool_name) : "unknown_tool";
  const id = "tool_call_id" in request ? String(request.tool_call_id) : "missing_id";
  const result: BlockedToolResult = {
    status: "error",
    name,
    tool_call_id: id,
    content: `Guardrail stopped: tool '${name}' ran past its time limit (${EXECUTION_TIMEOUT}). Reason: ${message}. ` +
      "Its output is lost; split the work into shorter calls.",
    decision: { decision: "deny", allow: false, reasons: [{ code: EXECUTION_TIMEOUT, message }] },
    pending: false,
  };
  timeoutResults.add(result);
  return result;
}
