/**
 * @module
 * Gemini CLI hooks. Followed: the Gemini CLI hooks reference
 * (geminicli.com/docs/hooks/reference, read 2026-11; Gemini CLI 0.2x).
 *
 * Input (BeforeTool): `session_id`, `transcript_path`, `cwd`,
 * `hook_event_name`, `timestamp`, `tool_name`, `tool_input`. Output:
 * `decision` allow | deny with `reason`. The hook has no "ask the user"
 * answer that is certain to block, so ask is written as deny with the reason
 * (approve by adding an allow rule). Exit 2 blocks, other non-zero codes are
 * warnings that let the call run: failures exit 2.
 */

import { BLOCK, HookEventError, contextOf, field, optionalString, reasonText, type HookAdapter, type HookCall } from "./adapter.ts";

export const geminiCli: HookAdapter = {
  agent: "gemini-cli",
  toCall(event): HookCall {
    const name = field(event, "hook_event_name", "string") as string;
    if (name !== "BeforeTool") throw new HookEventError(`Gemini CLI event '${name}' is not judged here: install the hook on BeforeTool`);
    const session = optionalString(event, "session_id");
    const cwd = optionalString(event, "cwd");
    const context = contextOf(cwd);
    let input = field(event, "tool_input", "object") as Record<string, unknown>;
    // Older read_file/write_file name the file `absolute_path`; the core reads `file_path`.
    if (typeof input.absolute_path === "string" && input.file_path === undefined) input = { ...input, file_path: input.absolute_path };
    const request = {
      tool_name: field(event, "tool_name", "string") as string,
      tool_input: input,
      thread_id: session,
      ...(context ? { context } : {}),
    };
    // Gemini CLI names the project in the hook's environment.
    const project = process.env.GEMINI_PROJECT_DIR;
    return { request, session, cwd, event: name, ...(project && project.startsWith("/") ? { roots: [project] } : {}) };
  },
  toReply(decision) {
    if (decision.decision === "allow") return { stdout: JSON.stringify({ decision: "allow" }) + "\n", exitCode: 0 };
    const reason = decision.decision === "ask" ? `${reasonText(decision)} — needs approval: add an allow rule to run it` : reasonText(decision);
    return { stdout: JSON.stringify({ decision: "deny", reason }) + "\n", exitCode: 0 };
  },
  failure(message) {
    const reason = `portcullis: blocked, the guard could not judge this call: ${message}`;
    return { stdout: JSON.stringify({ decision: "deny", reason }) + "\n", exitCode: BLOCK, stderr: reason + "\n" };
  },
};
