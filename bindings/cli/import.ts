/**
 * @module
 * `portcullis import <agent> FILE`: the passports an agent's rule file
 * compiles to (for those who move to a passport).
 */

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ConfigReadError, readFailure } from "../config/config-error.ts";
import { ruleSetFromText } from "../rules/load-rules.ts";
import { tierPassport } from "../rules/rule-set.ts";
import { UsageError } from "./usage-error.ts";

const SYNTAX: Record<string, string> = { "claude-code": "Claude Code permissions", "gemini-cli": "Gemini CLI policy", codex: "Codex exec policy" };

export async function importCommand(args: string[], io: { stdout: NodeJS.WritableStream }): Promise<number> {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true });
  const [agent, path, more] = positionals;
  if (!agent || !(agent in SYNTAX)) throw new UsageError(`expected an agent: ${Object.keys(SYNTAX).join(", ")}`);
  if (!path) throw new UsageError("expected the rule FILE");
  if (more) throw new UsageError(`unexpected argument '${more}'`);
  const file = resolve(path);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new ConfigReadError(file, readFailure(error));
  }
  const rules = ruleSetFromText(text, file);
  if (!rules || rules.syntax !== SYNTAX[agent]) throw new UsageError(`${file} is not a ${SYNTAX[agent]} file`);
  const out = {
    comment:
      "Judged in this order: a match in deny denies; then a match in ask asks; then every simple command must be allowed by allow; " +
      `anything else gets '${rules.fallback}'. Deny and ask list their rules as blocked_* entries, allow as allowed_* entries.`,
    fallback: rules.fallback,
    deny: tierPassport(rules.deny, true, "deny"),
    ask: tierPassport(rules.ask, true, "ask"),
    allow: tierPassport(rules.allow, false, "allow"),
    tool_rules: {
      deny: rules.deny.tools.map((t) => t.ref.rule),
      ask: rules.ask.tools.map((t) => t.ref.rule),
      allow: rules.allow.tools.map((t) => t.ref.rule),
    },
    notes: rules.notes,
  };
  io.stdout.write(JSON.stringify(out, null, 2) + "\n");
  return 0;
}
