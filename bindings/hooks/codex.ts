/**
 * @module
 * Codex CLI hooks. Followed: the Codex hooks documentation
 * (developers.openai.com/codex/hooks, read 2026-11; Codex CLI 0.124 and
 * later, where hooks are on by default): `hooks.json` or `[hooks]` in
 * config.toml, a `PreToolUse` command hook with Claude Code's event shape
 * (`session_id`, `cwd`, `hook_event_name`, `tool_name`, `tool_input`).
 *
 * Codex honours a PreToolUse deny (`permissionDecision: "deny"` with a
 * reason, or exit 2); it has no ask answer a hook can rely on, so ask is
 * written as deny with the reason. Allow prints nothing (Codex's own approval
 * policy then applies). Codex versions without hooks: load the exec policy
 * (`.codex/rules/*.rules`) with `--policy` instead and use `portcullis check`.
 */

import { BLOCK, HookEventError, reasonText, type HookAdapter } from "./adapter.ts";
import { claudeCall } from "./claude-code.ts";
import { shellWord } from "../rules/codex.ts";

export const codex: HookAdapter = {
  agent: "codex",
  toCall(event) {
    const call = claudeCall(event, "Codex");
    if (call.event !== "PreToolUse") throw new HookEventError("Codex: install the hook on PreToolUse");
    // Codex's shell tool may give the command as argv (`["bash", "-lc", "…"]`): judged as exactly that argv,
    // each word quoted, so `bash -lc` payloads are analysed like any other script.
    const command = call.request.tool_input.command;
    if (call.request.tool_name === "Bash" && "workdir" in call.request.tool_input) {
      // Codex's write_stdin: text typed into a program exec_command started (a debugger, a REPL, an editor, a
      // shell). It is not a shell command, and what it does depends on the program reading it: judged as the
      // tool `write_stdin`, which no command rule allows (only a rule naming the tool does).
      if (typeof command !== "string") throw new HookEventError("Codex write_stdin: tool_input.command is not a string");
      call.request.tool_name = "write_stdin";
      call.request.tool_input = { chars: command, workdir: call.request.tool_input.workdir };
      return call;
    }
    if (call.request.tool_name === "apply_patch" && command !== undefined) {
      // Codex sends the patch as `command`; the core reads a patch from `input` and judges each file it adds,
      // updates, deletes or moves to as a write.
      if (typeof command !== "string" || "input" in call.request.tool_input || "patch" in call.request.tool_input) throw new HookEventError("Codex apply_patch: expected the patch as one string in tool_input.command");
      call.request.tool_input = { input: command };
      return call;
    }
    if (Array.isArray(command)) {
      if (command.length === 0 || !command.every((w) => typeof w === "string")) throw new HookEventError("Codex tool_input.command is not a list of strings");
      call.request.tool_input = { ...call.request.tool_input, command: command.map(shellWord).join(" ") };
    }
    return call;
  },
  toReply(decision) {
    if (decision.decision === "allow") return { stdout: "", exitCode: 0 };
    const reason = decision.decision === "ask" ? `${reasonText(decision)} — needs approval: add an allow rule to run it` : reasonText(decision);
    const out = { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } };
    return { stdout: JSON.stringify(out) + "\n", exitCode: 0 };
  },
  failure(message) {
    return { stdout: "", exitCode: BLOCK, stderr: `portcullis: blocked, the guard could not judge this call: ${message}\n` };
  },
};
