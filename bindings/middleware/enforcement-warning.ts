/**
 * @module
 * `warn` mode in the middleware: a call the policy would have blocked runs,
 * and both sides hear about it — the host through `onWarning`, the agent
 * through the tool result (a string result gets the warning appended on a
 * line of its own; other results are returned as the tool gave them, so
 * structured outputs keep their shape and the host relays the warning).
 */

import type { Decision, GuardrailRequest } from "../core/decision.ts";
import { softenedBy, warningText } from "../enforcement/index.ts";
import type { ToolExecute } from "./execution-limit.ts";

/** What `onWarning` receives. The request is included; the host decides what to keep of it. */
export interface EnforcementWarning {
  request: GuardrailRequest;
  decision: Decision;
  /** The text appended to string results. */
  message: string;
}

export type WarningSink = (warning: EnforcementWarning) => void | Promise<void>;

/** `execute`, or for a call `warn` let through: `onWarning` called first and a string result carrying the warning. */
export async function withWarning<T>(
  request: GuardrailRequest,
  decision: Decision,
  execute: ToolExecute<T>,
  onWarning: WarningSink | undefined,
): Promise<ToolExecute<T>> {
  if (softenedBy(decision) !== "warn") return execute;
  const message = warningText(String(request.tool_name ?? "unknown_tool"), decision);
  if (onWarning) {
    try {
      await onWarning({ request, decision, message });
    } catch (error) {
      console.warn(`portcullis: onWarning failed: ${(error as Error)?.message ?? error}`);
    }
  }
  return async (signal) => {
    const result = await execute(signal);
    return (typeof result === "string" ? `${result}\n\n${message}` : result) as T;
  };
}
