/**
 * @module
 * Claude Code `permissions` (settings.json) compiled to a RuleSet. Followed:
 * the Claude Code permissions documentation (code.claude.com/docs/en/permissions,
 * read 2026-11; Claude Code 2.x): rules `Tool` or `Tool(specifier)` in
 * `allow`/`ask`/`deny`, evaluated deny, then ask, then allow; `defaultMode`;
 * `additionalDirectories`.
 *
 * Bash specifiers: `cmd:*` (legacy prefix), `cmd *` (trailing wildcard),
 * `cmd*`, and an exact command. Unlike Claude Code, each rule is applied to
 * every simple command the portcullis shell analysis finds (`a && b`, `$(…)`,
 * `sh -c '…'`, wrappers), never to the start of the string. Read/Edit deny
 * and ask rules also become Bash patterns, so `cat .env` is judged like
 * `Read(.env)`. A wildcard in the middle of a Bash allow rule (`git * main`)
 * has no exact counterpart in the core: it is skipped (the call falls back to
 * ask) and reported in `notes`; in deny/ask rules it is a glob word.
 */

import { isAbsolute, join } from "node:path";
import { ConfigError } from "../config/index.ts";
import { emptyTier, type RuleRef, type RuleSet, type Tier } from "./rule-set.ts";

export interface ClaudeSettings {
  permissions?: {
    allow?: unknown;
    deny?: unknown;
    ask?: unknown;
    defaultMode?: unknown;
    additionalDirectories?: unknown;
    [other: string]: unknown;
  };
  [other: string]: unknown;
}

/**
 * Recognised by content: a settings.json object with `permissions`, or with only `hooks` and other Claude Code
 * settings (after `portcullis init` in a project that has no rules yet) — never a portcullis config or passport.
 */
export function isClaudeSettings(value: unknown): value is ClaudeSettings {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  if ("guardrails" in v || "passport_id" in v || "spec_version" in v) return false;
  const isObject = (x: unknown) => x !== null && typeof x === "object" && !Array.isArray(x);
  return isObject(v.permissions) || (v.permissions === undefined && isObject(v.hooks));
}

const MODES = new Set(["default", "acceptEdits", "plan", "auto", "dontAsk", "bypassPermissions"]);
const RULE = /^([A-Za-z][A-Za-z0-9_-]*)(?:\(([\s\S]*)\))?$/;
const READ_TOOLS = ["Read"];
const NO_PERMISSION_TOOLS = ["TodoWrite", "Task", "Agent", "ExitPlanMode", "BashOutput", "KillShell", "AskUserQuestion"];
const EDIT_TOOLS = ["Edit", "Write", "MultiEdit", "NotebookEdit"];

export interface ClaudeCompileOptions {
  /** The project root: `/path` rules are relative to it (default: the directory holding `.claude/`). */
  projectRoot?: string;
}

export function compileClaudeSettings(settings: ClaudeSettings, file: string, options: ClaudeCompileOptions = {}): RuleSet {
  const issues: { path: string; message: string }[] = [];
  const p = settings.permissions ?? {};
  const mode = p.defaultMode ?? "default";
  if (typeof mode !== "string" || !MODES.has(mode)) issues.push({ path: "/permissions/defaultMode", message: `expected one of ${[...MODES].join(", ")}` });
  const rules: RuleSet = {
    syntax: "Claude Code permissions",
    file,
    deny: emptyTier(),
    ask: emptyTier(),
    allow: emptyTier(),
    // dontAsk refuses what is not pre-approved; every other mode prompts (bypassPermissions is read as
    // default: a guard in front of the agent does not inherit "skip every check").
    fallback: mode === "dontAsk" ? "deny" : "ask",
    notes: [],
  };
  const root = options.projectRoot ?? projectRootOf(file);
  // Reads in the working directory need no rule in Claude Code; acceptEdits extends that to edits.
  rules.allow.readPaths.push({ path: ".", ref: { rule: "(reads in the working directory)", at: "default" } });
  if (mode === "acceptEdits") rules.allow.writePaths.push({ path: ".", ref: { rule: "(defaultMode acceptEdits)", at: "permissions.defaultMode" } });
  // Tools Claude Code runs without asking (they touch no files, commands or network themselves).
  for (const name of NO_PERMISSION_TOOLS) rules.allow.tools.push({ name, prefix: false, ref: { rule: `${name} (needs no permission in Claude Code)`, at: "default" } });
  const dirs = p.additionalDirectories ?? [];
  if (!Array.isArray(dirs) || dirs.some((d) => typeof d !== "string" || d.length === 0)) {
    issues.push({ path: "/permissions/additionalDirectories", message: "expected a list of directory paths" });
  } else {
    dirs.forEach((d: string, i) => {
      const ref = { rule: `additionalDirectories: ${d}`, at: `permissions.additionalDirectories[${i}]` };
      rules.allow.readPaths.push({ path: d, ref });
      if (mode === "acceptEdits") rules.allow.writePaths.push({ path: d, ref });
    });
  }
  for (const list of ["deny", "ask", "allow"] as const) {
    const entries = p[list] ?? [];
    if (!Array.isArray(entries)) {
      issues.push({ path: `/permissions/${list}`, message: "expected a list of rule strings" });
      continue;
    }
    entries.forEach((text, i) => {
      const at = `permissions.${list}[${i}]`;
      if (typeof text !== "string") return issues.push({ path: `/permissions/${list}/${i}`, message: "expected a rule string like Bash(npm run test:*)" });
      const problem = addRule(rules, list, text.trim(), { rule: text, at }, root);
      if (problem) issues.push({ path: `/permissions/${list}/${i}`, message: `${problem}: ${JSON.stringify(text)}` });
    });
  }
  if (issues.length) throw new ConfigError(issues.map((x) => ({ file, path: x.path, line: 0, column: 0, message: x.message })));
  return rules;
}

/** `<root>/.claude/settings.json` → `<root>`; otherwise the file's directory. */
function projectRootOf(file: string): string {
  const parts = file.split("/");
  parts.pop();
  if (parts[parts.length - 1] === ".claude") parts.pop();
  return parts.join("/") || "/";
}

function addRule(rules: RuleSet, list: "deny" | "ask" | "allow", text: string, ref: RuleRef, root: string): string | undefined {
  const m = RULE.exec(text);
  if (!m) return "expected Tool or Tool(specifier)";
  const [, tool, spec] = m;
  const tier = rules[list];
  const whole = spec === undefined || spec.trim() === "" || spec.trim() === "*";
  if (tool === "Bash") {
    if (whole) tier.anyCommand ??= ref;
    else return addBash(rules, list, spec.trim(), ref);
    return;
  }
  if (READ_TOOLS.includes(tool) || EDIT_TOOLS.includes(tool)) {
    const read = READ_TOOLS.includes(tool);
    if (whole) {
      if (read) tier.anyRead ??= ref;
      else tier.anyWrite ??= ref;
      return;
    }
    const paths = pathsOf(spec.trim(), root);
    for (const path of paths) (read ? tier.readPaths : tier.writePaths).push({ path, ref });
    // Claude Code's Read/Edit rules do not cover Bash; here a denied or asked file is one for commands too.
    if (list !== "allow") for (const path of paths) tier.commands.push({ entry: path, ref });
    return;
  }
  if (tool === "WebFetch") {
    if (whole) tier.anyWeb ??= ref;
    // Claude Code matches `domain:host` exactly (subdomains need `domain:*.host`); deny and ask stay wider.
    else if (spec.startsWith("domain:") && spec.length > 7) tier.domains.push({ domain: spec.slice(7).trim(), ref, exact: list === "allow" });
    else return "WebFetch takes domain:HOST";
    return;
  }
  if (tool.startsWith("mcp__")) {
    if (spec !== undefined) return "an MCP rule is mcp__server or mcp__server__tool, without parentheses";
    const server = tool.endsWith("__*") ? tool.slice(0, -3) : tool;
    // mcp__server (or mcp__server__*) covers the server's tools; mcp__server__tool one tool.
    tier.tools.push({ name: server, prefix: server.split("__").length === 2, ref });
    return;
  }
  if (spec !== undefined && !whole) return `${tool}(…) specifiers are not understood here`;
  tier.tools.push({ name: tool, prefix: false, ref });
}

/** Bash specifiers. Allow: allowed_commands entries; deny/ask: blocked_patterns. */
function addBash(rules: RuleSet, list: "deny" | "ask" | "allow", spec: string, ref: RuleRef): string | undefined {
  const tier = rules[list];
  if (/[\n\0]/.test(spec)) return "a Bash rule is one line";
  const legacy = /^(.*?):\*$/.exec(spec);
  if (list !== "allow") {
    // A pattern matches anywhere in the script; a glob word stands for any word.
    const words = (legacy ? legacy[1]! : spec).trim().replace(/\s+\*$/, "");
    if (!words) return "empty Bash rule";
    tier.commands.push({ entry: words, ref });
    // Claude's `npm run test:*` also matches `npm run test:unit`: the last word as a glob prefix too.
    if ((legacy || spec.endsWith("*")) && /\s/.test(words) && /[A-Za-z0-9]$/.test(words)) tier.commands.push({ entry: `${words}*`, ref });
    return;
  }
  if (legacy) {
    const prefix = legacy[1]!.trim();
    if (!prefix || prefix.includes("*")) return "expected Bash(command:*)";
    tier.commands.push({ entry: prefix, ref });
    // `npm run test:*` also admits npm-script names that continue the last word (`test:unit`).
    if (/\s/.test(prefix) && !prefix.endsWith(":")) tier.commands.push({ entry: `${prefix}:*`, ref });
    return;
  }
  const stars = (spec.match(/\*/g) ?? []).length;
  if (stars === 0) {
    tier.commands.push({ entry: `=${spec}`, ref });
    return;
  }
  if (stars === 1 && / \*$/.test(spec)) {
    tier.commands.push({ entry: spec.slice(0, -2).trim(), ref });
    return;
  }
  if (stars === 1 && spec.endsWith("*") && /\s/.test(spec)) {
    tier.commands.push({ entry: spec, ref });
    return;
  }
  rules.notes.push(`${ref.at} ${ref.rule}: a wildcard here has no allowed_commands form; the rule is not applied (such calls ask)`);
}

/** Claude's gitignore-style paths: `//abs`, `~/…`, `/…` from the project root, `./…` or bare from the cwd. */
function pathsOf(spec: string, root: string): string[] {
  let path: string;
  if (spec.startsWith("//")) path = spec.slice(1);
  else if (spec.startsWith("~/") || spec === "~") path = spec;
  else if (spec.startsWith("/")) path = join(root, spec);
  else path = spec.replace(/^\.\//, "");
  path = path.replace(/\/$/, "/**");
  if (isAbsolute(path) || path.startsWith("~")) return [path];
  // gitignore: a name without a slash matches at any depth.
  return path.includes("/") ? [path] : [path, `**/${path}`];
}
