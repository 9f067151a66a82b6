/**
 * @module
 * Codex CLI exec policy (`.codex/rules/*.rules`, Starlark) compiled to a
 * RuleSet. Followed: the codex-execpolicy README (openai/codex, 2025-12;
 * Codex CLI 0.6x): `prefix_rule(pattern=[…], decision="allow"|"prompt"|
 * "forbidden", justification=…, match=[…], not_match=[…])`; pattern tokens
 * match argv from the left, a nested list is alternatives; the strictest
 * matching decision wins. Only `prefix_rule` calls and comments are read;
 * anything else in the file is an error (fail closed).
 *
 * Each rule applies to every simple command of a script (Codex matches the
 * whole argv it is given). `match`/`not_match` examples are judged through
 * the compiled rule when the file loads; one that disagrees is a ConfigError.
 */

import { ConfigError } from "../config/index.ts";
import { emptyTier, type RuleRef, type RuleSet } from "./rule-set.ts";

/** Recognised by content: a `prefix_rule(` call at the start of a line. */
export const isCodexRules = (text: string): boolean => /^\s*prefix_rule\s*\(/m.test(text) && !/^\s*[{[]/.test(text);

type Value = string | number | boolean | Value[];
export interface CodexRule {
  pattern: (string | string[])[];
  decision: "allow" | "prompt" | "forbidden";
  justification?: string;
  match: string[];
  not_match: string[];
  line: number;
  text: string;
}

export function parseCodexRules(text: string, file: string): CodexRule[] {
  const p = new StarlarkReader(text, file);
  const rules: CodexRule[] = [];
  for (p.skip(); !p.done(); p.skip()) {
    const line = p.line();
    const start = p.pos;
    p.expectWord("prefix_rule");
    p.expect("(");
    const args: Record<string, Value> = {};
    for (p.skip(); !p.peek(")"); p.skip()) {
      const key = p.word();
      p.skip();
      p.expect("=");
      args[key] = p.value();
      p.skip();
      if (!p.peek(")")) p.expect(",");
    }
    p.expect(")");
    rules.push(toRule(args, line, text.slice(start, p.pos), file));
  }
  return rules;
}

function toRule(args: Record<string, Value>, line: number, text: string, file: string): CodexRule {
  const fail = (message: string): never => {
    throw new ConfigError([{ file, line, column: 1, path: `prefix_rule@${line}`, message }]);
  };
  for (const key of Object.keys(args)) if (!["pattern", "decision", "justification", "match", "not_match"].includes(key)) fail(`unknown argument '${key}'`);
  const pattern = args.pattern;
  if (!Array.isArray(pattern) || pattern.length === 0) return fail("pattern must be a non-empty list of tokens");
  const tokens = pattern.map((t) => {
    if (typeof t === "string" && t.length) return t;
    if (Array.isArray(t) && t.length && t.every((x) => typeof x === "string" && x.length)) return t as string[];
    return fail("each pattern token is a string or a non-empty list of alternative strings");
  });
  const decision = args.decision ?? "allow";
  if (decision !== "allow" && decision !== "prompt" && decision !== "forbidden") return fail('decision must be "allow", "prompt" or "forbidden"');
  const examples = (key: string): string[] => {
    const v = args[key] ?? [];
    if (!Array.isArray(v)) return fail(`${key} must be a list of examples`);
    return v.map((e) => {
      if (typeof e === "string") return e;
      if (Array.isArray(e) && e.every((x) => typeof x === "string")) return (e as string[]).map(shellWord).join(" ");
      return fail(`each ${key} example is a string or a list of tokens`);
    });
  };
  const justification = args.justification;
  if (justification !== undefined && typeof justification !== "string") fail("justification must be a string");
  return { pattern: tokens, decision, justification: justification as string | undefined, match: examples("match"), not_match: examples("not_match"), line, text };
}

/** A token as one shell word (examples given as token lists are judged as commands). */
export const shellWord = (t: string): string => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(t) ? t : `'${t.replace(/'/g, `'\\''`)}'`);

/** Every argv prefix a pattern stands for (alternatives expanded; at most 256). */
export function expandPattern(pattern: (string | string[])[]): string[][] {
  let out: string[][] = [[]];
  for (const t of pattern) {
    const alts = Array.isArray(t) ? t : [t];
    out = out.flatMap((prefix) => alts.map((a) => [...prefix, a]));
    if (out.length > 256) throw new RangeError("a pattern expands to more than 256 prefixes");
  }
  return out;
}

export function compileCodexRules(text: string, file: string): RuleSet {
  return codexRuleSet(parseCodexRules(text, file), file);
}

export function codexRuleSet(rules: CodexRule[], file: string): RuleSet {
  const set: RuleSet = { syntax: "Codex exec policy", file, deny: emptyTier(), ask: emptyTier(), allow: emptyTier(), fallback: "ask", notes: [], examples: [] };
  // An exec policy says nothing about apply_patch: edits in the working directory are left to Codex's own sandbox
  // and approval policy (a hook's allow is no approval in Codex); outside it, and the self-protected files, ask.
  set.allow.writePaths.push({ path: ".", ref: { rule: "(apply_patch in the working directory: Codex's sandbox decides)", at: "default" } });
  for (const rule of rules) {
    const text = `prefix_rule(pattern=${JSON.stringify(rule.pattern)}, decision="${rule.decision}")`;
    const ref: RuleRef = { rule: rule.justification ? `${text}: ${rule.justification}` : text, at: `line ${rule.line}` };
    const tier = rule.decision === "forbidden" ? set.deny : rule.decision === "prompt" ? set.ask : set.allow;
    let prefixes: string[][];
    try {
      prefixes = expandPattern(rule.pattern);
    } catch (error) {
      throw new ConfigError([{ file, line: rule.line, column: 1, path: `prefix_rule@${rule.line}`, message: (error as Error).message }]);
    }
    for (const words of prefixes) {
      if (words.some((w) => /\s/.test(w))) {
        throw new ConfigError([{ file, line: rule.line, column: 1, path: `prefix_rule@${rule.line}`, message: `a pattern token holds whitespace: ${JSON.stringify(words)}` }]);
      }
      tier.commands.push({ entry: words.join(" "), ref });
    }
    const expect = rule.decision === "forbidden" ? "deny" : rule.decision === "prompt" ? "ask" : "allow";
    for (const command of rule.match) set.examples!.push({ command, matches: true, decision: expect, ref });
    for (const command of rule.not_match) set.examples!.push({ command, matches: false, decision: expect, ref });
  }
  return set;
}

/** Starlark subset: identifiers, `=`, `(`, `)`, `,`, strings, lists, ints, True/False, `#` comments. */
class StarlarkReader {
  pos = 0;
  constructor(readonly text: string, readonly file: string) {}
  line(): number {
    return this.text.slice(0, this.pos).split("\n").length;
  }
  fail(message: string): never {
    const before = this.text.slice(0, this.pos).split("\n");
    throw new ConfigError([{ file: this.file, line: before.length, column: before[before.length - 1]!.length + 1, path: "", message }]);
  }
  done(): boolean {
    return this.pos >= this.text.length;
  }
  skip(): void {
    for (;;) {
      const rest = /^(?:\s+|#[^\n]*)/.exec(this.text.slice(this.pos));
      if (!rest || rest[0].length === 0) return;
      this.pos += rest[0].length;
    }
  }
  peek(ch: string): boolean {
    return this.text.startsWith(ch, this.pos);
  }
  expect(ch: string): void {
    this.skip();
    if (!this.peek(ch)) this.fail(`expected '${ch}'`);
    this.pos += ch.length;
  }
  word(): string {
    this.skip();
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.pos));
    if (!m) return this.fail("expected a name");
    this.pos += m[0].length;
    return m[0];
  }
  expectWord(w: string): void {
    const got = this.word();
    if (got !== w) this.fail(`expected ${w}(…), got '${got}' (only prefix_rule is read)`);
  }
  value(): Value {
    this.skip();
    const c = this.text[this.pos];
    if (c === "[") {
      this.pos++;
      const list: Value[] = [];
      for (this.skip(); !this.peek("]"); this.skip()) {
        list.push(this.value());
        this.skip();
        if (!this.peek("]")) this.expect(",");
      }
      this.pos++;
      return list;
    }
    if (c === '"' || c === "'") return this.string(c);
    const m = /^(?:True|False|-?\d+)/.exec(this.text.slice(this.pos));
    if (!m) return this.fail("expected a string, a list, a number, True or False");
    this.pos += m[0].length;
    return m[0] === "True" ? true : m[0] === "False" ? false : Number(m[0]);
  }
  string(q: string): string {
    if (this.text.startsWith(q.repeat(3), this.pos)) return this.fail("triple-quoted strings are not read");
    let out = "";
    for (this.pos++; ; this.pos++) {
      const ch = this.text[this.pos];
      if (ch === undefined || ch === "\n") return this.fail("unterminated string");
      if (ch === q) break;
      if (ch === "\\") {
        const n = this.text[++this.pos];
        const map: Record<string, string> = { n: "\n", t: "\t", "\\": "\\", '"': '"', "'": "'" };
        if (n === undefined || !(n in map)) return this.fail("unsupported escape");
        out += map[n];
      } else out += ch;
    }
    this.pos++;
    return out;
  }
}
