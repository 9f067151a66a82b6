// `portcullis init <agent>`: merges the hook entry into the agent's settings, keeps everything else, replaces
// its own earlier entry, refuses to touch a file it cannot read, and writes nothing on --dry-run.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [cli, "init", ...args], { encoding: "utf8" });

describe("init", () => {
  it("claude-code: merges into .claude/settings.json and keeps other settings and hooks", () => {
    const dir = mkdtempSync(join(tmpdir(), "pc-init-"));
    mkdirSync(join(dir, ".claude"));
    const existing = {
      permissions: { allow: ["Bash(npm run test:*)"] },
      hooks: { PreToolUse: [{ matcher: "Edit", hooks: [{ type: "command", command: "prettier --check" }] }], Stop: [{ hooks: [{ type: "command", command: "say done" }] }] },
      model: "opus",
    };
    writeFileSync(join(dir, ".claude/settings.json"), JSON.stringify(existing));
    expect(run("claude-code", "--dir", dir).status).toBe(0);
    expect(run("claude-code", "--dir", dir).status).toBe(0); // twice: still one entry
    const s = JSON.parse(readFileSync(join(dir, ".claude/settings.json"), "utf8"));
    expect(s.model).toBe("opus");
    expect(s.permissions).toEqual(existing.permissions);
    expect(s.hooks.Stop).toEqual(existing.hooks.Stop);
    const pre = s.hooks.PreToolUse;
    expect(pre).toHaveLength(2);
    expect(pre[0].matcher).toBe("*");
    expect(pre[0].hooks[0].command).toContain(`hook claude-code --policy ${join(dir, ".claude/settings.json")}`);
    expect(pre[1]).toEqual(existing.hooks.PreToolUse[0]);
    expect(s.hooks.PermissionRequest[0].hooks[0].command).toContain("hook claude-code");
  });

  it("the written hook command runs and judges", () => {
    const dir = mkdtempSync(join(tmpdir(), "pc-init-"));
    mkdirSync(join(dir, ".claude"));
    writeFileSync(join(dir, ".claude/settings.json"), JSON.stringify({ permissions: { allow: ["Bash(git status)"] } }));
    run("claude-code", "--dir", dir);
    const command: string = JSON.parse(readFileSync(join(dir, ".claude/settings.json"), "utf8")).hooks.PreToolUse[0].hooks[0].command;
    const event = JSON.stringify({ session_id: "s", cwd: dir, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "git status; id" } });
    const r = spawnSync("sh", ["-c", command], { input: event, encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe("ask");
  });

  it("the written hook command blocks (exit 2) when the CLI it names is gone", () => {
    const dir = mkdtempSync(join(tmpdir(), "pc-init-"));
    mkdirSync(join(dir, ".claude"));
    writeFileSync(join(dir, ".claude/settings.json"), JSON.stringify({ permissions: { allow: ["Bash"] } }));
    run("claude-code", "--dir", dir);
    const command: string = JSON.parse(readFileSync(join(dir, ".claude/settings.json"), "utf8")).hooks.PreToolUse[0].hooks[0].command;
    expect(command).toMatch(/ \|\| exit 2$/);
    const missing = command.replace(cli, join(dir, "node_modules/portcullis/dist/cli.js"));
    expect(missing).not.toBe(command);
    const event = JSON.stringify({ session_id: "s", cwd: dir, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf ~/" } });
    expect(spawnSync("sh", ["-c", missing], { input: event, encoding: "utf8" }).status).toBe(2);
    // A CLI that crashes (exit 1) blocks too.
    const crashing = join(dir, "crash.js");
    writeFileSync(crashing, "process.exit(1)");
    expect(spawnSync("sh", ["-c", command.replace(cli, crashing)], { input: event, encoding: "utf8" }).status).toBe(2);
  });

  it("warns when the CLI it pins lives inside the project or npx's cache", async () => {
    const { exposedCli } = await import("../bindings/cli/init.ts");
    expect(exposedCli("/repo/node_modules/portcullis/dist/cli.js", "/repo")).toMatch(/inside \/repo/);
    expect(exposedCli("/home/u/.npm/_npx/1a2b/node_modules/portcullis/dist/cli.js", "/repo")).toMatch(/npx's cache/);
    expect(exposedCli("/usr/lib/node_modules/portcullis/dist/cli.js", "/repo")).toBeNull();
    expect(exposedCli("/repository/cli.js", "/repo")).toBeNull();
  });

  it("cursor, gemini-cli and codex files", () => {
    const dir = mkdtempSync(join(tmpdir(), "pc-init-"));
    const policy = join(dir, "policy.json");
    writeFileSync(policy, "{}");
    expect(run("cursor", "--dir", dir, "--policy", policy).status).toBe(0);
    const cursor = JSON.parse(readFileSync(join(dir, ".cursor/hooks.json"), "utf8"));
    expect(cursor.version).toBe(1);
    for (const e of ["beforeShellExecution", "beforeMCPExecution", "beforeReadFile"]) expect(cursor.hooks[e][0].command).toContain("hook cursor");
    expect(run("gemini-cli", "--dir", dir, "--policy", policy).status).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, ".gemini/settings.json"), "utf8")).hooks.BeforeTool[0].hooks[0].command).toContain("hook gemini-cli");
    expect(run("codex", "--dir", dir, "--policy", policy).status).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, ".codex/hooks.json"), "utf8")).hooks.PreToolUse[0].hooks[0].command).toContain("hook codex");
    expect(run("codex", "--dir", dir).status).toBe(2); // no default policy for codex
  });

  it("--dry-run writes nothing; an unreadable file is left alone", () => {
    const dir = mkdtempSync(join(tmpdir(), "pc-init-"));
    const r = run("claude-code", "--dir", dir, "--dry-run");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('"PreToolUse"');
    expect(existsSync(join(dir, ".claude/settings.json"))).toBe(false);
    mkdirSync(join(dir, ".claude"));
    writeFileSync(join(dir, ".claude/settings.json"), "{ not json");
    const bad = run("claude-code", "--dir", dir);
    expect(bad.status).toBe(2);
    expect(readFileSync(join(dir, ".claude/settings.json"), "utf8")).toBe("{ not json");
  });
});
