/**
 * @module
 * Cursor hooks. Followed: the Cursor hooks documentation
 * (cursor.com/docs/agent/hooks, read 2026-11; Cursor 1.7–2.x, hooks.json
 * `version: 1`).
 *
 * Input: `hook_event_name`, `conversation_id`, `generation_id`,
 * `workspace_roots`, and per event — `beforeShellExecution`: `command`,
 * `cwd`; `beforeMCPExecution`: `tool_name`, `tool_input` (a JSON string or
 * an object), `url` or `command` (the server); `beforeReadFile`:
 * `file_path`, `content`. Output: `permission` allow | deny | ask with
 * `user_message` / `agent_message` (the camelCase spellings of older
 * versions are written too). `beforeReadFile` takes allow | deny only, so
 * ask is deny there. Exit 2 blocks.
 */

import type { GuardrailRequest } from "../core/decision.ts";
import { BLOCK, HookEventError, contextOf, field, optionalString, reasonText, type HookAdapter, type HookCall } from "./adapter.ts";

/**
 * The workspace root is the first of `workspace_roots`, never the terminal's directory: the agent's terminal
 * keeps the directory of an earlier `cd`, and a root that followed it would re-root every relative path and
 * rule. The terminal's directory is the command's working directory (`tool_input.cwd`), judged inside the root.
 */
function rootsOf(event: Record<string, unknown>): string[] {
  const roots = event.workspace_roots;
  if (roots === undefined) return [];
  if (!Array.isArray(roots) || !roots.every((r) => typeof r === "string" && r.startsWith("/"))) throw new HookEventError("Cursor workspace_roots is not a list of absolute paths");
  return roots as string[];
}

export const cursor: HookAdapter = {
  agent: "cursor",
  toCall(event): HookCall {
    const name = field(event, "hook_event_name", "string") as string;
    const session = optionalString(event, "conversation_id");
    const roots = rootsOf(event);
    const shellCwd = optionalString(event, "cwd");
    const cwd = roots[0] ?? shellCwd;
    let request: GuardrailRequest;
    if (name === "beforeShellExecution") {
      const command = field(event, "command", "string");
      request = { tool_name: "Bash", tool_input: shellCwd && roots.length ? { command, cwd: shellCwd } : { command } };
    } else if (name === "beforeReadFile") {
      request = { tool_name: "Read", tool_input: { file_path: field(event, "file_path", "string") } };
    } else if (name === "beforeMCPExecution") {
      const tool = field(event, "tool_name", "string") as string;
      let input = event.tool_input ?? {};
      if (typeof input === "string") {
        try {
          input = input.trim() === "" ? {} : JSON.parse(input);
        } catch {
          throw new HookEventError("beforeMCPExecution tool_input is not JSON");
        }
      }
      if (input === null || typeof input !== "object" || Array.isArray(input)) throw new HookEventError("beforeMCPExecution tool_input is not an object");
      const server = optionalString(event, "url") ?? optionalString(event, "command");
      request = { tool_name: tool, tool_input: input as Record<string, unknown>, ...(server ? { mcp_server: server } : {}) };
    } else {
      throw new HookEventError(`Cursor event '${name}' is not judged here: use beforeShellExecution, beforeMCPExecution or beforeReadFile`);
    }
    request.thread_id = session;
    request.tool_call_id = optionalString(event, "generation_id");
    const context = contextOf(cwd);
    if (context) request.context = context;
    return { request, session, cwd: shellCwd ?? cwd, roots, event: name };
  },
  toReply(decision, call) {
    const permission = call.event === "beforeReadFile" && decision.decision === "ask" ? "deny" : decision.decision;
    const reason = reasonText(decision);
    const out: Record<string, unknown> = { permission };
    if (permission !== "allow") Object.assign(out, { user_message: reason, agent_message: reason, userMessage: reason, agentMessage: reason });
    return { stdout: JSON.stringify(out) + "\n", exitCode: 0 };
  },
  failure(message) {
    const reason = `portcullis: blocked, the guard could not judge this call: ${message}`;
    return { stdout: JSON.stringify({ permission: "deny", user_message: reason, agent_message: reason, userMessage: reason, agentMessage: reason }) + "\n", exitCode: BLOCK, stderr: reason + "\n" };
  },
};
