// Real hook events of each agent, replayed through the CLI (`portcullis hook <agent>`): the agent's answer
// and exit code. Failures must block: exit 2, the code every agent here treats as "block the call".
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const dir = (agent: string) => fileURLToPath(new URL(`./fixtures/hooks/${agent}/`, import.meta.url));

interface Case {
  name: string;
  event: string;
  policy: string;
  exit: number;
  stdout: "" | Record<string, unknown>;
}

export function runHook(agent: string, policy: string, input: string, extra: string[] = []) {
  return spawnSync(process.execPath, [cli, "hook", agent, "--policy", policy, ...extra], { input, encoding: "utf8" });
}

for (const agent of ["claude-code", "codex", "gemini-cli", "cursor"]) {
  describe(`hook ${agent}`, () => {
    const cases: Case[] = JSON.parse(readFileSync(join(dir(agent), "cases.json"), "utf8"));
    for (const c of cases) {
      it(c.name, () => {
        const r = runHook(agent, join(dir(agent), c.policy), readFileSync(join(dir(agent), c.event), "utf8"));
        expect(r.status, r.stderr).toBe(c.exit);
        if (c.stdout === "") {
          if (agent !== "cursor" && agent !== "gemini-cli") expect(r.stdout).toBe("");
        } else {
          expect(JSON.parse(r.stdout)).toMatchObject(c.stdout);
        }
        if (c.exit === 2) expect(r.stderr).toMatch(/blocked/);
      });
    }
  });
}

describe("hook answers", () => {
  const claude = dir("claude-code");
  const event = (command: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ session_id: "s-1", cwd: "/home/dev/project", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command, ...extra } });

  it("names the rule that decided in the reason", () => {
    const r = runHook("claude-code", join(claude, "../policies/claude-settings.json"), event("curl https://example.com"));
    const out = JSON.parse(r.stdout).hookSpecificOutput;
    expect(out.permissionDecision).toBe("deny");
    expect(out.permissionDecisionReason).toContain("Bash(curl:*)");
    expect(out.permissionDecisionReason).toContain("permissions.deny[0]");
  });

  it("gives an allowed Bash call the passport's time limit as updatedInput.timeout (ms)", () => {
    const passport = fileURLToPath(new URL("./fixtures/hooks/policies/passport-timeout.json", import.meta.url));
    const r = runHook("claude-code", passport, event("git status"));
    const out = JSON.parse(r.stdout).hookSpecificOutput;
    expect(out.permissionDecision).toBe("allow");
    expect(out.updatedInput).toEqual({ command: "git status", timeout: 120000 });
    // A stated timeout within the limit needs no rewrite.
    const stated = JSON.parse(runHook("claude-code", passport, event("git status", { timeout: 5000 })).stdout).hookSpecificOutput;
    expect(stated.permissionDecision).toBe("allow");
    expect(stated.updatedInput).toBeUndefined();
  });

  it("an unknown agent blocks (exit 2)", () => {
    const r = runHook("claude", join(claude, "../policies/claude-settings.json"), event("ls"));
    expect(r.status).toBe(2);
  });

  it("an invalid rule in the policy blocks every call", () => {
    const tmp = mkdtempSync(join(tmpdir(), "pc-hook-"));
    const bad = join(tmp, "settings.json");
    writeFileSync(bad, JSON.stringify({ permissions: { allow: ["Bash(npm run test:*"] } }));
    const r = runHook("claude-code", bad, event("npm run test"));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/permissions\/allow\/0/);
  });

  it("audit lines carry the agent's session id and working directory", () => {
    const tmp = mkdtempSync(join(tmpdir(), "pc-hook-"));
    const audit = join(tmp, "audit.jsonl");
    runHook("claude-code", join(claude, "../policies/claude-settings.json"), event("git status"), ["--audit", audit]);
    const line = JSON.parse(readFileSync(audit, "utf8").trim());
    expect(line).toMatchObject({ session_id: "s-1", cwd: "/home/dev/project", agent: "claude-code", hook_event: "PreToolUse", tool_name: "Bash", decision: "allow" });
  });
});

describe("explain and import", () => {
  const policies = fileURLToPath(new URL("./fixtures/hooks/policies/", import.meta.url));
  const cli2 = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: "utf8" });

  it("explain names the rule that decided, or says none did", () => {
    const deny = cli2("explain", "--policy", join(policies, "claude-settings.json"), "--tool", "Bash", "--input", '{"command":"ls && curl -s x"}');
    expect(deny.status).toBe(1);
    expect(deny.stdout).toMatch(/^decision: deny$/m);
    expect(deny.stdout).toMatch(/^rule: +Bash\(curl:\*\) \(permissions\.deny\[0\]\)$/m);
    const ask = cli2("explain", "--policy", join(policies, "claude-settings.json"), "--tool", "Bash", "--input", '{"command":"make"}');
    expect(ask.status).toBe(3);
    expect(ask.stdout).toMatch(/none matched/);
    const codex = cli2("explain", "--policy", join(policies, "codex.rules"), "--tool", "Bash", "--input", '{"command":"git reset --hard"}');
    expect(codex.status).toBe(1);
    expect(codex.stdout).toMatch(/^rule: +prefix_rule\(pattern=\["git","reset","--hard"\], decision="forbidden"\): destroys work; use git stash \(line 14\)$/m);
  });

  it("import prints the passports the rules compile to", () => {
    const r = cli2("import", "claude-code", join(policies, "claude-settings.json"));
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.allow.limits["system.command.execute"].allowed_commands).toEqual(["npm run test", "npm run test:*", "git diff", "git diff:*", "=git status", "ls"]);
    expect(out.deny.limits["system.command.execute"].blocked_patterns).toEqual(["curl", ".env", "**/.env"]);
    const asked: string[] = out.ask.limits["system.command.execute"].blocked_patterns;
    expect(asked.slice(0, 2)).toEqual(["git push", "git push*"]);
    expect(asked).toContain(".claude/settings.json");
    expect(out.tool_rules.deny).toEqual(["mcp__github__delete_repository"]);
    expect(cli2("import", "codex", join(policies, "claude-settings.json")).status).toBe(2);
  });
});
