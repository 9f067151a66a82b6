/**
 * @module
 * `portcullis init <agent>`: add the portcullis command hook to the agent's
 * settings file, project or user scope. Everything else in the file is kept;
 * an earlier portcullis entry is replaced, never duplicated; a file that is
 * not valid JSON is left alone (an error, not a rewrite). The hook command
 * names this node binary and this CLI by absolute path, so it does not depend
 * on the agent's PATH, and ends in `|| exit 2`: a hook that cannot start is a
 * non-blocking error for the agents, which would let calls through.
 */

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { UsageError } from "./usage-error.ts";

interface Target {
  /** The settings file, relative to the project directory or the home directory. */
  file: string;
  /** The policy when --policy is not given (relative like `file`), if the agent's own file is one. */
  defaultPolicy?: string;
  merge(settings: Record<string, unknown>, command: string): void;
}

const MARK = "portcullis";
/** Our entry: the CLI's hook verb for an agent, whatever path the CLI was installed at. */
const isOurs = (command: unknown): boolean => typeof command === "string" && / hook (claude-code|gemini-cli|cursor|codex) --policy /.test(command);

/** Claude Code, Codex and Gemini CLI: hooks.<Event> = [{matcher, hooks: [{type: "command", command}]}]. */
function matcherGroups(event: string, matcher: string | undefined, extra: Record<string, unknown> = {}) {
  return (settings: Record<string, unknown>, command: string) => {
    const hooks = objectAt(settings, "hooks");
    const groups = listAt(hooks, event, `hooks.${event}`);
    const kept = groups
      .map((g) => (g && typeof g === "object" && Array.isArray((g as { hooks?: unknown }).hooks) ? { ...(g as object), hooks: ((g as { hooks: unknown[] }).hooks).filter((h) => !isOurs((h as { command?: unknown })?.command)) } : g))
      .filter((g) => !(g && typeof g === "object" && Array.isArray((g as { hooks?: unknown[] }).hooks) && (g as { hooks: unknown[] }).hooks.length === 0));
    // First, so a deny is not preceded by another hook's allow (agents run hooks of one event together or in order).
    hooks[event] = [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: "command", command, ...extra }] }, ...kept];
  };
}

export const INIT_TARGETS: Record<string, { project: Target; user: Target }> = {
  "claude-code": {
    project: { file: ".claude/settings.json", defaultPolicy: ".claude/settings.json", merge: both("PreToolUse", "PermissionRequest", "*", { timeout: 30 }) },
    user: { file: ".claude/settings.json", defaultPolicy: ".claude/settings.json", merge: both("PreToolUse", "PermissionRequest", "*", { timeout: 30 }) },
  },
  "gemini-cli": {
    project: { file: ".gemini/settings.json", merge: matcherGroups("BeforeTool", ".*", { name: MARK, timeout: 30000 }) },
    user: { file: ".gemini/settings.json", merge: matcherGroups("BeforeTool", ".*", { name: MARK, timeout: 30000 }) },
  },
  cursor: {
    project: { file: ".cursor/hooks.json", merge: cursorMerge },
    user: { file: ".cursor/hooks.json", merge: cursorMerge },
  },
  codex: {
    project: { file: ".codex/hooks.json", merge: matcherGroups("PreToolUse", undefined, { timeout: 30 }) },
    user: { file: ".codex/hooks.json", merge: matcherGroups("PreToolUse", undefined, { timeout: 30 }) },
  },
};

function both(a: string, b: string, matcher: string, extra: Record<string, unknown>) {
  return (settings: Record<string, unknown>, command: string) => {
    matcherGroups(a, matcher, extra)(settings, command);
    matcherGroups(b, matcher, extra)(settings, command);
  };
}

function cursorMerge(settings: Record<string, unknown>, command: string): void {
  settings.version ??= 1;
  const hooks = objectAt(settings, "hooks");
  for (const event of ["beforeShellExecution", "beforeMCPExecution", "beforeReadFile"]) {
    const kept = listAt(hooks, event, `hooks.${event}`).filter((h) => !isOurs((h as { command?: unknown })?.command));
    hooks[event] = [{ command }, ...kept];
  }
}

function objectAt(parent: Record<string, unknown>, key: string): Record<string, unknown> {
  const v = parent[key];
  if (v === undefined) return (parent[key] = {});
  if (v === null || typeof v !== "object" || Array.isArray(v)) throw new UsageError(`'${key}' in the settings file is not an object; fix it by hand`);
  return v as Record<string, unknown>;
}

function listAt(parent: Record<string, unknown>, key: string, path: string): unknown[] {
  const v = parent[key];
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new UsageError(`'${path}' in the settings file is not a list; fix it by hand`);
  return v;
}

const shellQuote = (s: string) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/**
 * The hook command for an agent: this node and this CLI, by absolute path, then `|| exit 2`. The hook itself
 * exits only 0 or 2; any other status means it did not run (a CLI that was removed or broken, node gone), and
 * every agent here runs command hooks through a shell and reads 2 as "block", any other failure as "run".
 */
export function hookCommandLine(agent: string, policy: string, cli = process.argv[1] ?? "portcullis"): string {
  return `${[process.execPath, resolve(cli), "hook", agent, "--policy", policy].map(shellQuote).join(" ")} || exit 2`;
}

/** Why the CLI's own location is within the agent's reach, or null: inside the project, or in npx's cache. */
export function exposedCli(cli: string, project: string): string | null {
  const path = resolve(cli);
  const root = resolve(project);
  if (path.startsWith(root + "/")) return `the hook runs ${path}, inside ${root}: the agent's edits and npm commands there reach the guard's own code (they ask); install portcullis outside the project (npm install -g) and run init from there`;
  if (/\/_npx\//.test(path)) return `the hook runs ${path}, in npx's cache, which npm may clear or replace at any time; install portcullis (npm install -g) and run init from there`;
  return null;
}

export async function initCommand(args: string[], io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream }): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { policy: { type: "string" }, scope: { type: "string" }, dir: { type: "string" }, home: { type: "string" }, "dry-run": { type: "boolean" } },
    allowPositionals: true,
  });
  const agent = positionals[0];
  if (!agent || !(agent in INIT_TARGETS)) throw new UsageError(`expected an agent: ${Object.keys(INIT_TARGETS).join(", ")}`);
  if (positionals.length > 1) throw new UsageError(`unexpected argument '${positionals[1]}'`);
  const scope = values.scope ?? "project";
  if (scope !== "project" && scope !== "user") throw new UsageError("--scope is project or user");
  const base = scope === "user" ? resolve(values.home ?? homedir()) : resolve(values.dir ?? ".");
  const target = INIT_TARGETS[agent]![scope];
  const file = join(base, target.file);
  const policyArg = values.policy ?? (target.defaultPolicy ? join(base, target.defaultPolicy) : undefined);
  if (!policyArg) throw new UsageError(`--policy FILE is required for ${agent} (a config, a passport, or its rule file)`);
  const policy = resolve(policyArg);
  let settings: Record<string, unknown> = {};
  if (existsSync(file)) {
    const text = readFileSync(file, "utf8");
    try {
      const parsed = text.trim() === "" ? {} : JSON.parse(text);
      if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not a JSON object");
      settings = parsed;
    } catch (error) {
      throw new UsageError(`${file} is not a JSON object (${(error as Error).message}); it was left unchanged`);
    }
  }
  target.merge(settings, hookCommandLine(agent, policy));
  const out = JSON.stringify(settings, null, 2) + "\n";
  if (values["dry-run"]) {
    io.stdout.write(`# ${file} (dry run: not written)\n${out}`);
    return 0;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, out);
  io.stdout.write(`${file}: portcullis hook added (policy ${policy})\n`);
  const exposed = exposedCli(process.argv[1] ?? "portcullis", scope === "project" ? base : "/nonexistent");
  if (exposed) io.stderr.write(`warning: ${exposed}\n`);
  if (!existsSync(policy)) io.stderr.write(`warning: ${policy} does not exist yet; until it does, every call is blocked\n`);
  return 0;
}
