/**
 * @module
 * Gemini CLI policy files (`.gemini/policies/*.toml`) compiled to a RuleSet.
 * Followed: the Gemini CLI policy engine reference
 * (geminicli.com/docs/reference/policy-engine, read 2026-11; Gemini CLI
 * 0.1x): `[[rule]]` tables with `toolName` (string or list; `server__*`
 * wildcards), `mcpName`, `commandPrefix` (string or list), `commandRegex`,
 * `argsPattern`, `decision` = allow | deny | ask_user, `priority`, `modes`.
 *
 * Differences, all toward stricter: Gemini lets the highest `priority` win;
 * here a matching deny always beats ask, and ask beats allow (a high-priority
 * allow cannot lift a lower deny). `commandRegex` and `argsPattern` on shell
 * commands match the raw string, which is exactly what chained commands slip
 * past: as deny/ask they are kept (a regex over the arguments' JSON), as allow
 * they are not applied (reported in notes; such calls ask).
 */

import { ConfigError } from "../config/index.ts";
import { emptyTier, type RuleRef, type RuleSet } from "./rule-set.ts";

const SHELL = "run_shell_command";

/** Recognised by content: a `[[rule]]` table header. */
export const isGeminiPolicy = (text: string): boolean => /^\s*\[\[\s*rule\s*\]\]\s*$/m.test(text);

type TomlValue = string | number | boolean | TomlValue[];

/** The TOML this syntax uses: `[[rule]]` headers, `key = value` with strings, numbers, booleans and arrays. */
export function parseRuleTables(text: string, file: string): { line: number; values: Record<string, TomlValue> }[] {
  const tables: { line: number; values: Record<string, TomlValue> }[] = [];
  const lines = text.split("\n");
  const fail = (line: number, message: string): never => {
    throw new ConfigError([{ file, line, column: 1, path: `rule@${line}`, message }]);
  };
  for (let i = 0; i < lines.length; i++) {
    const line = stripComment(lines[i]!).trim();
    if (!line) continue;
    if (/^\[\[\s*rule\s*\]\]$/.test(line)) {
      tables.push({ line: i + 1, values: {} });
      continue;
    }
    if (line.startsWith("[")) fail(i + 1, `only [[rule]] tables are read, got ${line}`);
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.+)$/.exec(line);
    if (!m) fail(i + 1, "expected key = value");
    if (!tables.length) fail(i + 1, "a key before the first [[rule]]");
    let rest = m![2]!;
    // Arrays may span lines.
    while (rest.startsWith("[") && !balanced(rest) && i + 1 < lines.length) rest += " " + stripComment(lines[++i]!).trim();
    const { value, end } = readValue(rest, 0, () => fail(i + 1, `cannot read the value of ${m![1]}`));
    if (rest.slice(end).trim()) fail(i + 1, `unexpected text after the value of ${m![1]}`);
    const table = tables[tables.length - 1]!.values;
    if (m![1]! in table) fail(i + 1, `${m![1]} is given twice`);
    table[m![1]!] = value;
  }
  return tables;
}

function stripComment(line: string): string {
  let q = "";
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (q) {
      if (c === "\\" && q === '"') i++;
      else if (c === q) q = "";
    } else if (c === '"' || c === "'") q = c;
    else if (c === "#") return line.slice(0, i);
  }
  return line;
}

function balanced(s: string): boolean {
  let depth = 0;
  let q = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (q) {
      if (c === "\\" && q === '"') i++;
      else if (c === q) q = "";
    } else if (c === '"' || c === "'") q = c;
    else if (c === "[") depth++;
    else if (c === "]") depth--;
  }
  return depth === 0;
}

function readValue(s: string, i: number, fail: () => never): { value: TomlValue; end: number } {
  while (s[i] === " ") i++;
  const c = s[i];
  if (c === "[") {
    const list: TomlValue[] = [];
    i++;
    for (;;) {
      while (s[i] === " " || s[i] === ",") i++;
      if (s[i] === "]") return { value: list, end: i + 1 };
      if (i >= s.length) fail();
      const r = readValue(s, i, fail);
      list.push(r.value);
      i = r.end;
    }
  }
  if (c === '"') {
    let out = "";
    for (i++; i < s.length && s[i] !== '"'; i++) {
      if (s[i] === "\\") {
        const n = s[++i];
        const map: Record<string, string> = { n: "\n", t: "\t", "\\": "\\", '"': '"' };
        if (n === undefined || !(n in map)) fail();
        out += map[n!];
      } else out += s[i];
    }
    if (s[i] !== '"') fail();
    return { value: out, end: i + 1 };
  }
  if (c === "'") {
    const j = s.indexOf("'", i + 1);
    if (j < 0) fail();
    return { value: s.slice(i + 1, j), end: j + 1 };
  }
  const m = /^(?:true|false|-?\d+(?:\.\d+)?)/.exec(s.slice(i));
  if (!m) fail();
  return { value: m![0] === "true" ? true : m![0] === "false" ? false : Number(m![0]), end: i + m![0].length };
}

const list = (v: TomlValue | undefined): string[] | undefined =>
  v === undefined ? undefined : Array.isArray(v) ? (v.every((x) => typeof x === "string") ? (v as string[]) : []) : typeof v === "string" ? [v] : [];

export function compileGeminiPolicy(text: string, file: string): RuleSet {
  const set: RuleSet = { syntax: "Gemini CLI policy", file, deny: emptyTier(), ask: emptyTier(), allow: emptyTier(), fallback: "ask", notes: [] };
  const issues: { line: number; message: string }[] = [];
  for (const { line, values } of parseRuleTables(text, file)) {
    const bad = (message: string) => issues.push({ line, message });
    for (const k of Object.keys(values)) {
      if (!["toolName", "mcpName", "commandPrefix", "commandRegex", "argsPattern", "decision", "priority", "modes", "denyMessage"].includes(k)) bad(`unknown key '${k}'`);
    }
    const decision = values.decision;
    if (decision !== "allow" && decision !== "deny" && decision !== "ask_user") {
      bad('decision must be "allow", "deny" or "ask_user"');
      continue;
    }
    const tier = decision === "deny" ? set.deny : decision === "ask_user" ? set.ask : set.allow;
    const ref: RuleRef = { rule: describe(values), at: `line ${line}` };
    let tools = list(values.toolName);
    const server = values.mcpName;
    if (server !== undefined && typeof server !== "string") bad("mcpName must be a string");
    if (tools?.length === 0) bad("toolName must be a string or a list of strings");
    if (typeof server === "string") tools = (tools ?? ["*"]).map((t) => `${server}__${t}`);
    const prefixes = list(values.commandPrefix);
    if (prefixes?.length === 0) bad("commandPrefix must be a string or a list of strings");
    let args: RegExp | undefined;
    for (const key of ["argsPattern", "commandRegex"] as const) {
      const v = values[key];
      if (v === undefined) continue;
      if (typeof v !== "string") {
        bad(`${key} must be a string`);
        continue;
      }
      try {
        // commandRegex is a regex on the command; as JSON it is a regex on the string inside "command":"…".
        args = new RegExp(key === "commandRegex" ? `"command":"${v.replace(/^\^/, "")}` : v);
      } catch (error) {
        bad(`${key} is not a valid regular expression: ${(error as Error).message}`);
      }
    }
    const shell = prefixes !== undefined || values.commandRegex !== undefined || (tools ?? []).includes(SHELL);
    if (values.modes !== undefined) set.notes.push(`${ref.at}: modes are not read; the rule applies in every mode`);
    if (shell) {
      if (prefixes) {
        for (const p of prefixes) tier.commands.push({ entry: p.trim(), ref });
        if (args) set.notes.push(`${ref.at}: a commandPrefix rule with a regex is read as the prefix alone`);
      } else if (args) {
        if (tier === set.allow) set.notes.push(`${ref.at} ${ref.rule}: a regex over a shell command cannot allow it safely; not applied (such calls ask)`);
        else tier.tools.push({ name: SHELL, prefix: false, args, ref });
      } else tier.anyCommand ??= ref;
      continue;
    }
    if (!tools) {
      bad("a rule needs toolName, mcpName or commandPrefix");
      continue;
    }
    for (const t of tools) {
      const prefix = t.endsWith("__*") || t === "*";
      const name = t === "*" ? "" : prefix ? t.slice(0, -3) : t;
      if (t === "*") {
        if (tier === set.allow) set.notes.push(`${ref.at}: toolName "*" is not applied as an allow rule (such calls ask)`);
        else tier.tools.push({ name: "", prefix: true, args, ref: { ...ref } });
        continue;
      }
      tier.tools.push({ name, prefix, ref, ...(args ? { args } : {}) });
    }
  }
  if (issues.length) throw new ConfigError(issues.map((x) => ({ file, line: x.line, column: 1, path: `rule@${x.line}`, message: x.message })));
  return set;
}

function describe(values: Record<string, TomlValue>): string {
  return Object.entries(values).filter(([k]) => k !== "priority").map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(" ");
}
