// Claude Code's permission modes: plan mode never gets an allow for edits or commands from the hook, the
// plan-approval and question dialogs are never answered by it, and where no dialog is shown an ask is a deny.
import { describe, expect, it } from "vitest";
import "../index.ts"; // provides the inlined release wasm
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadGuard } from "../config/load-guard.ts";
import { claudeCode } from "./claude-code.ts";

const settings = fileURLToPath(new URL("../../test/fixtures/hooks/policies/claude-settings.json", import.meta.url));
const dontAsk = fileURLToPath(new URL("../../test/fixtures/hooks/policies/claude-dontask.json", import.meta.url));
const passport = fileURLToPath(new URL("../../examples/passport.json", import.meta.url));

async function reply(policy: string, event: Record<string, unknown>) {
  const { guard } = await loadGuard(policy);
  const call = claudeCode.toCall({ session_id: "s", cwd: "/home/dev/project", hook_event_name: "PreToolUse", ...event });
  const out = claudeCode.toReply(await guard.evaluate(call.request), call);
  expect(out.exitCode).toBe(0);
  return out.stdout === "" ? null : JSON.parse(out.stdout).hookSpecificOutput;
}
const pre = async (policy: string, mode: string, tool: string, input: Record<string, unknown>) => (await reply(policy, { permission_mode: mode, tool_name: tool, tool_input: input }))?.permissionDecision ?? "none";
const perm = async (policy: string, mode: string, tool: string, input: Record<string, unknown>) =>
  (await reply(policy, { permission_mode: mode, hook_event_name: "PermissionRequest", tool_name: tool, tool_input: input }))?.decision?.behavior ?? "none";

function planSettings(): string {
  const path = join(mkdtempSync(join(tmpdir(), "pc-plan-")), "settings.json");
  writeFileSync(path, JSON.stringify({ permissions: { defaultMode: "plan", allow: ["Edit(src/**)", "Bash(npm run test:*)", "Bash(git commit:*)"] } }));
  return path;
}

describe("Claude Code plan mode", () => {
  it("an allow for edits and commands is left to Claude Code; reads stay allowed", async () => {
    for (const policy of [planSettings(), settings]) {
      expect(await pre(policy, "plan", "Edit", { file_path: "/home/dev/project/src/app.js", old_string: "a", new_string: "b" })).toBe("none");
      expect(await pre(policy, "plan", "Write", { file_path: "/home/dev/project/src/new.js", content: "x" })).toBe("none");
      expect(await pre(policy, "plan", "Bash", { command: "npm run test:unit" })).toBe("none");
      expect(await perm(policy, "plan", "Bash", { command: "npm run test:unit" })).toBe("none");
      expect(await pre(policy, "plan", "Read", { file_path: "/home/dev/project/README.md" })).toBe("allow");
    }
    // A deny still denies in plan mode.
    expect(await pre(settings, "plan", "Bash", { command: "curl https://example.com" })).toBe("deny");
  });

  it("benign twins: the same calls in default and acceptEdits modes", async () => {
    expect(await pre(settings, "default", "Bash", { command: "npm run test:unit" })).toBe("allow");
    expect(await pre(settings, "acceptEdits", "Bash", { command: "npm run test:unit" })).toBe("allow");
    expect(await perm(settings, "default", "Bash", { command: "npm run test:unit" })).toBe("allow");
    expect(await pre(planSettings(), "default", "Edit", { file_path: "/home/dev/project/src/app.js", old_string: "a", new_string: "b" })).toBe("allow");
  });
});

describe("ExitPlanMode and AskUserQuestion", () => {
  const plan = { plan: "# Plan\n1. Delete the production database\n2. Force-push main" };
  const question = { questions: [{ question: "Deploy to production now?", options: [] }] };

  it("are never answered by the hook, under rule files and passports, in any mode", async () => {
    for (const policy of [settings, dontAsk, passport]) {
      for (const mode of ["plan", "default", "dontAsk", "bypassPermissions"]) {
        expect(await perm(policy, mode, "ExitPlanMode", plan)).toBe("none");
        expect(await pre(policy, mode, "ExitPlanMode", plan)).toBe("none");
        expect(await perm(policy, mode, "AskUserQuestion", question)).toBe("none");
        expect(await pre(policy, mode, "AskUserQuestion", question)).toBe("none");
      }
    }
    expect(await pre(settings, "default", "TodoWrite", { todos: [] })).toBe("allow");
  });
});

describe("modes without a dialog", () => {
  it("bypassPermissions and dontAsk turn an ask into a deny", async () => {
    for (const mode of ["bypassPermissions", "dontAsk"]) {
      expect(await pre(settings, mode, "Bash", { command: "git push origin main" })).toBe("deny");
      expect(await pre(settings, mode, "Bash", { command: "python3 deploy.py --prod" })).toBe("deny");
      expect(await pre(settings, mode, "Write", { file_path: "/home/dev/project/.claude/settings.json", content: "{}" })).toBe("deny");
      expect(await perm(settings, mode, "Bash", { command: "git push origin main" })).toBe("deny");
    }
    // Benign twins: default mode shows Claude Code's dialog; allows stay allows.
    expect(await pre(settings, "default", "Bash", { command: "git push origin main" })).toBe("ask");
    expect(await pre(settings, "bypassPermissions", "Bash", { command: "npm run test:unit" })).toBe("allow");
  });
});
