// A hook asks before any call that writes the agent's settings, its own policy, the guard's code or a shell
// startup file, by place: from a subdirectory, through `..`, through commands that write files they do not name.
import { describe, expect, it } from "vitest";
import "../index.ts"; // provides the inlined release wasm
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { loadGuard } from "../config/load-guard.ts";
import { HOOK_AGENTS } from "./index.ts";
import { judgeEventText } from "../cli/hook.ts";
import type { ProtectedScope } from "./self-protection.ts";

const home = homedir();

async function project(settings: Record<string, unknown>, extra: Record<string, string> = {}) {
  const root = mkdtempSync(join(tmpdir(), "pc-self-"));
  mkdirSync(join(root, ".claude"));
  mkdirSync(join(root, "src"));
  const policy = join(root, ".claude/settings.json");
  writeFileSync(policy, JSON.stringify(settings));
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(root, name), text);
  return { root, policy };
}

async function answer(policy: string, event: Record<string, unknown>, scope: Partial<ProtectedScope> = {}, agent = "claude-code") {
  const { guard } = await loadGuard(policy);
  const full: ProtectedScope = { policy, guardCode: [], home, ...scope };
  const reply = await judgeEventText(guard, HOOK_AGENTS[agent]!, JSON.stringify({ session_id: "s", hook_event_name: "PreToolUse", ...event }), full);
  if (agent !== "claude-code") return reply.stdout;
  return JSON.parse(reply.stdout).hookSpecificOutput.permissionDecision as string;
}

const bash = (command: string, cwd: string) => ({ cwd, tool_name: "Bash", tool_input: { command } });
const write = (file_path: string, cwd: string) => ({ cwd, tool_name: "Write", tool_input: { file_path, content: "{}" } });

describe("hook self-protection by place", () => {
  const open = { permissions: { allow: ["Edit(/**)", "Bash(echo:*)", "Bash(git:*)", "Bash(patch:*)", "Bash(tar:*)", "Bash(unzip:*)", "Bash(rsync:*)", "Bash(cp:*)", "Bash(npm:*)", "Bash(rm:*)", "Bash(cd:*)"] } };

  it("asks for the settings file written from a subdirectory, by absolute path, by `..` and by a command", async () => {
    const { root, policy } = await project(open);
    const src = join(root, "src");
    expect(await answer(policy, write(join(root, ".claude/settings.json"), src))).toBe("ask");
    expect(await answer(policy, write(join(root, ".claude/settings.local.json"), src))).toBe("ask");
    expect(await answer(policy, write("../.claude/settings.json", src))).toBe("ask");
    expect(await answer(policy, bash("echo '{}' > ../.claude/settings.local.json", src))).toBe("ask");
    expect(await answer(policy, bash("cd .. && echo '{}' > .claude/settings.json", src))).toBe("ask");
    expect(await answer(policy, bash("echo x > ../.claude/hooks/pre.sh", src))).toBe("ask");
    // Benign twins: the project's own files.
    expect(await answer(policy, write(join(root, "src/app.js"), src))).toBe("allow");
    expect(await answer(policy, write(join(root, "src/app.js"), root))).toBe("allow");
    expect(await answer(policy, bash("echo hi > notes.txt", src))).toBe("allow");
    expect(await answer(policy, bash("cd src", root))).toBe("allow");
  });

  it("asks for commands that write files they do not name", async () => {
    const { root, policy } = await project(open);
    for (const command of ["git apply fix.patch", "patch -p1 < fix.patch", "patch -p1 -i fix.patch", "git am 0001.patch", "git checkout main -- .", "git checkout main .", "git checkout .", "git checkout HEAD~3 ./", "git checkout main :/", "git restore .", "git stash pop", "tar -xzf a.tgz", "tar xf a.tar", "tar --extract -f a.tar -C ..", "unzip a.zip", "rsync -a x/ ./", "cp -r vendor/. .", "git -C .. apply fix.patch"]) {
      expect(await answer(policy, bash(command, join(root, "src"))), command).toBe("ask");
    }
    for (const command of ["git status", "git diff", "git checkout -b feature", "git checkout src/app.js", "tar czf out.tgz src", "tar -cf out.tar lib", "cp a.js b.js"]) {
      expect(await answer(policy, bash(command, root)), command).toBe("allow");
    }
  });

  it("asks for the hook's own policy file when it is a passport in the workspace", async () => {
    const root = mkdtempSync(join(tmpdir(), "pc-self-"));
    const policy = join(root, "policy.json");
    writeFileSync(policy, JSON.stringify({
      passport_id: "p", kind: "template", spec_version: "oap/1.0", owner_id: "o", owner_type: "org", assurance_level: "L2", status: "active",
      regions: ["US"], created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z", version: "1.0.0",
      capabilities: [{ id: "data.file.write" }, { id: "system.command.execute" }],
      limits: { "data.file.write": { allowed_paths: [root] }, "system.command.execute": { allowed_commands: ["echo", "cp", "sed"] } },
    }));
    expect(await answer(policy, write(policy, root))).toBe("ask");
    expect(await answer(policy, write("policy.json", root))).toBe("ask");
    expect(await answer(policy, bash("echo '{}' > policy.json", root))).toBe("ask");
    expect(await answer(policy, bash("sed -i s/echo/x/ ../policy.json", join(root, "src")))).toBe("ask");
    expect(await answer(policy, write(join(root, "src/app.js"), root))).toBe("allow");
  });

  it("asks for the guard's own code and package", async () => {
    const { root, policy } = await project(open);
    const code = join(root, "node_modules/portcullis/dist");
    const scope = { guardCode: [`${code}/**`, join(code, "cli.js")] };
    expect(await answer(policy, write(join(code, "cli.js"), root), scope)).toBe("ask");
    expect(await answer(policy, write("/opt/elsewhere/portcullis/dist/cli.js", root), { guardCode: ["/opt/elsewhere/portcullis/dist/**"] })).toBe("ask");
    expect(await answer(policy, bash("npm uninstall portcullis", root), scope)).toBe("ask");
    expect(await answer(policy, bash("npm remove portcullis", root), scope)).toBe("ask");
    expect(await answer(policy, bash("rm -rf node_modules", root), scope)).toBe("ask");
    expect(await answer(policy, bash("rm -rf ../node_modules", join(root, "src")), scope)).toBe("ask");
    // The hook runs the CLI by its absolute path, not through node_modules/.bin: that link is not the guard.
    expect(await answer(policy, bash("echo x > node_modules/.bin/portcullis", root), scope)).toBe("allow");
    // npm rewrites the whole node_modules tree the guard's package sits in (an edited package.json can swap the
    // guard for another tarball): any install or removal there is asked about while the guard lives inside it.
    expect(await answer(policy, bash("npm uninstall left-pad", root), scope)).toBe("ask");
    expect(await answer(policy, bash("npm install", root), scope)).toBe("ask");
    // Benign twins: the guard installed elsewhere, and other trees.
    const outside = { guardCode: ["/opt/elsewhere/portcullis/dist/**"] };
    expect(await answer(policy, bash("npm uninstall left-pad", root), outside)).toBe("allow");
    expect(await answer(policy, bash("rm -rf build", root), scope)).toBe("allow");
  });

  it("asks for every shell startup file and the agents' user-scope settings", async () => {
    const { root, policy } = await project({ permissions: { defaultMode: "acceptEdits", additionalDirectories: [home], allow: ["Bash(echo:*)"] } });
    for (const file of [".bash_login", ".bash_logout", ".zlogin", ".zlogout", ".zshenv", ".zprofile", ".config/fish/config.fish", ".kshrc", ".cshrc", ".tcshrc", ".login",
      ".codex/hooks.json", ".codex/config.toml", ".claude.json", ".gemini/settings.json", ".gemini/extensions/x/gemini-extension.json", ".cursor/mcp.json", ".cursor/hooks.json"]) {
      expect(await answer(policy, write(join(home, file), home)), file).toBe("ask");
      expect(await answer(policy, bash(`echo x >> ~/${file}`, root)), file).toBe("ask");
    }
    for (const file of [".cursor/hooks.json", ".cursor/mcp.json", ".gemini/settings.json", ".codex/config.toml", ".mcp.json"]) {
      expect(await answer(policy, write(join(root, file), join(root, "src"))), file).toBe("ask");
    }
    expect(await answer(policy, write(join(home, "notes.txt"), home))).toBe("allow");
    expect(await answer(policy, bash("echo hi > notes.txt", root))).toBe("allow");
  });
});
