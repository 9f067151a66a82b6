// Publicly reported ways around coding agents' own command rules, in our own renditions: each runs a
// command the agent's rule matcher would have allowed (it sees an allowed start, an allowed program, or a
// denied word it does not look behind). Replayed through `portcullis hook <agent>` with the agent's own
// rule file as the policy, every one must be denied.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const root = fileURLToPath(new URL("./fixtures/hooks/", import.meta.url));

interface Bypass {
  class: string;
  agent: "claude-code" | "codex" | "gemini-cli" | "cursor";
  policy: string;
  command: string;
}

function eventFor(b: Bypass): string {
  const cwd = "/home/dev/project";
  switch (b.agent) {
    case "claude-code":
    case "codex":
      return JSON.stringify({ session_id: "s", cwd, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: b.command } });
    case "gemini-cli":
      return JSON.stringify({ session_id: "s", cwd, hook_event_name: "BeforeTool", tool_name: "run_shell_command", tool_input: { command: b.command } });
    case "cursor":
      return JSON.stringify({ conversation_id: "s", hook_event_name: "beforeShellExecution", workspace_roots: [cwd], cwd, command: b.command });
  }
}

/** The agent's answer read as allow / deny / ask. */
function verdict(agent: Bypass["agent"], stdout: string): string {
  const out = JSON.parse(stdout);
  if (agent === "claude-code" || agent === "codex") return out.hookSpecificOutput.permissionDecision;
  if (agent === "gemini-cli") return out.decision;
  return out.permission;
}

const corpus: Bypass[] = JSON.parse(readFileSync(join(root, "bypasses.json"), "utf8"));

describe("reported bypass classes are denied", () => {
  it("covers every agent", () => {
    expect(new Set(corpus.map((b) => b.agent))).toEqual(new Set(["claude-code", "codex", "gemini-cli", "cursor"]));
  });
  for (const b of corpus) {
    it(`${b.agent}: ${b.class}`, () => {
      const r = spawnSync(process.execPath, [cli, "hook", b.agent, "--policy", join(root, "claude-code", b.policy)], { input: eventFor(b), encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
      expect(verdict(b.agent, r.stdout), `${b.command}\n${r.stdout}`).toBe("deny");
    });
  }
});
