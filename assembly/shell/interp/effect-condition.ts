// When an effect rule applies (EffectRule.when, EffectRule.tree, EffectRule.also): space-separated terms, an
// option (`-r`, `--recursive`, find's `-delete`), an option with a value (`--location=global`), `@name` (the
// program is called by that name), `$NAME` (the script assigns the variable), `#word` (the first operand is that
// word) or `#N` (at least N operands); the rule applies when any plain term holds (or there is none) and no
// `!term` does. Read once per rule into a Condition, whose option terms are asked all at once
// (ParsedArgs.hasCompiled).

import { toLowerAscii } from "../../util/bytes";
import { Script } from "../syntax/nodes";
import { ParsedArgs, Spellings } from "../programs";

/**
 * A rule's `when`, read once: its option terms joined into one spelling list for the plain ones and one for the
 * negated ones (a list holds when any of its options is present), its `@name` and `$NAME` terms.
 */
export class Condition {
  /** No term at all: it holds. */
  empty: bool = true;
  /** Some term is plain (not `!term`): one of them must hold. */
  anyPlain: bool = false;
  plainOptions: Spellings | null = null;
  negatedOptions: Spellings | null = null;
  plainNames: string[] = [];
  negatedNames: string[] = [];
  plainVars: string[] = [];
  negatedVars: string[] = [];
  /** `--name=value` terms: the option's spellings and the value (lowercase). */
  plainValueOptions: Spellings[] = [];
  plainValues: string[] = [];
  negatedValueOptions: Spellings[] = [];
  negatedValues: string[] = [];
  /** `#word` terms: the first operand. */
  plainFirst: string[] = [];
  negatedFirst: string[] = [];
  /** `#N` terms (N a digit): at least N operands. */
  plainCounts: i32[] = [];
  negatedCounts: i32[] = [];
  /** Some plain term asks about operands, which a call without options has too. */
  plainOperandTerms: bool = false;

  constructor(when: string) {
    let plain = "", negated = "";
    const parts = when.split(" ");
    for (let i = 0; i < parts.length; i++) {
      let t = parts[i];
      if (t.length == 0) continue;
      this.empty = false;
      const neg = t.charCodeAt(0) == 0x21;
      if (neg) t = t.substring(1);
      else this.anyPlain = true;
      const c = t.length > 0 ? t.charCodeAt(0) : 0;
      const eq = t.indexOf("=");
      if (c == 0x40) (neg ? this.negatedNames : this.plainNames).push(t.substring(1)); // @name
      else if (c == 0x24) (neg ? this.negatedVars : this.plainVars).push(t.substring(1)); // $NAME
      else if (c == 0x23) { // #word, #N
        const d = t.length == 2 ? <u32>t.charCodeAt(1) - 0x30 : 10;
        if (d < 10) (neg ? this.negatedCounts : this.plainCounts).push(<i32>d);
        else (neg ? this.negatedFirst : this.plainFirst).push(t.substring(1));
        if (!neg) this.plainOperandTerms = true;
      } else if (c == 0x2d && eq > 1) { // --name=value
        (neg ? this.negatedValueOptions : this.plainValueOptions).push(new Spellings(t.substring(0, eq)));
        (neg ? this.negatedValues : this.plainValues).push(t.substring(eq + 1).toLowerCase());
      } else if (neg) negated += " " + t;
      else plain += " " + t;
    }
    if (plain.length > 0) this.plainOptions = new Spellings(plain);
    if (negated.length > 0) this.negatedOptions = new Spellings(negated);
  }
}

/**
 * Does condition c hold for a call parsed as `parsed`, whose program's basename is the bytes (programPtr,
 * programLen), in script s? Terms have no side effects, so the negated ones are asked first.
 */
export function conditionHolds(c: Condition, s: Script, parsed: ParsedArgs, programPtr: usize, programLen: i32): bool {
  if (c.empty) return true;
  const options = parsed.count > 0;
  const vars = s.envWords.length > 0; // no assignment: no `$NAME` term holds
  const negated = c.negatedOptions;
  if (options && negated !== null && parsed.hasCompiled(negated)) return false;
  if (c.negatedNames.length > 0 && anyProgramIs(c.negatedNames, programPtr, programLen)) return false;
  if (vars && c.negatedVars.length > 0 && anyAssigned(s, c.negatedVars)) return false;
  // A value or operand computed at run time may be anything: it meets a plain term, and never a `!` term, so that
  // it can only make a rule apply (`npm config set --location="$L"` may write the user's config).
  if (options && c.negatedValues.length > 0 && anyValueGiven(s, parsed, c.negatedValueOptions, c.negatedValues, false)) return false;
  if (c.negatedFirst.length > 0 && firstOperandIs(s, parsed, c.negatedFirst, false)) return false;
  if (c.negatedCounts.length > 0 && operandsReach(parsed, c.negatedCounts)) return false;
  if (!c.anyPlain) return true;
  const plain = c.plainOptions;
  if (options && plain !== null && parsed.hasCompiled(plain)) return true;
  if (c.plainNames.length > 0 && anyProgramIs(c.plainNames, programPtr, programLen)) return true;
  if (options && c.plainValues.length > 0 && anyValueGiven(s, parsed, c.plainValueOptions, c.plainValues, true)) return true;
  if (c.plainFirst.length > 0 && firstOperandIs(s, parsed, c.plainFirst, true)) return true;
  if (c.plainCounts.length > 0 && operandsReach(parsed, c.plainCounts)) return true;
  return vars && c.plainVars.length > 0 && anyAssigned(s, c.plainVars);
}

/** Is one of the options `options[k]` given the value `values[k]` (any case), or (`dynamic`) a value computed at run time? */
function anyValueGiven(s: Script, parsed: ParsedArgs, options: Spellings[], values: string[], dynamic: bool): bool {
  for (let k = 0, m = options.length; k < m; k++) {
    const sp = unchecked(options[k]), value = unchecked(values[k]); // k < length
    for (let i = parsed.findCompiled(sp); i >= 0; i = parsed.findCompiled(sp, i + 1)) {
      const arg = parsed.valArg(i);
      if (arg < 0) continue;
      const w = s.arg(parsed.cmd, arg);
      if (!s.isStatic(w)) { if (dynamic) return true; continue; }
      const off = parsed.valOff(i);
      if (lowerIs(s.wordPtr(w) + <usize>off, s.wordLen(w) - off, value)) return true;
    }
  }
  return false;
}

/** Is the call's first operand one of `words` (exactly), or (`dynamic`) computed at run time? */
function firstOperandIs(s: Script, parsed: ParsedArgs, words: string[], dynamic: bool): bool {
  if (parsed.operands.length == 0) return false;
  const w = s.arg(parsed.cmd, parsed.operands.get(0));
  if (!s.isStatic(w)) return dynamic;
  const p = s.wordPtr(w), n = s.wordLen(w);
  for (let k = 0, m = words.length; k < m; k++) if (bytesAre(p, n, unchecked(words[k]))) return true; // k < length
  return false;
}

/** Has the call at least `counts[k]` operands, for some k? */
function operandsReach(parsed: ParsedArgs, counts: i32[]): bool {
  const n = parsed.operands.length;
  for (let k = 0, m = counts.length; k < m; k++) if (n >= unchecked(counts[k])) return true; // k < length
  return false;
}

function bytesAre(p: usize, n: i32, lit: string): bool {
  if (n != lit.length) return false;
  for (let i = 0; i < n; i++) if (<u32>load<u8>(p + <usize>i) != <u32>lit.charCodeAt(i)) return false;
  return true;
}

/** The bytes (p, n) in ASCII lowercase are exactly the lowercase `lit`. */
function lowerIs(p: usize, n: i32, lit: string): bool {
  if (n != lit.length) return false;
  for (let i = 0; i < n; i++) if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != <u32>lit.charCodeAt(i)) return false;
  return true;
}

function anyProgramIs(names: string[], p: usize, n: i32): bool {
  for (let i = 0, m = names.length; i < m; i++) if (programIs(p, n, unchecked(names[i]))) return true; // i < length
  return false;
}

function anyAssigned(s: Script, vars: string[]): bool {
  for (let i = 0, m = vars.length; i < m; i++) if (assigns(s, unchecked(vars[i]))) return true; // i < length
  return false;
}

/** Is the program (its basename's bytes, ASCII-lower-cased) exactly `name`? */
export function programIs(p: usize, n: i32, name: string): bool {
  if (name.length != n) return false;
  for (let i = 0; i < n; i++) if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != <u32>name.charCodeAt(i)) return false;
  return true;
}

/** Does the script give the variable `name` (any case) a value (`NAME=value`, `env NAME=v`, `export NAME=v`)? */
export function assigns(s: Script, name: string): bool {
  for (let i = 0, n = s.envWords.length; i < n; i++) if (assignmentValue(s, s.envWords.get(i), name) >= 0) return true;
  return false;
}

/** Where the value starts in word w when it is `name=value` (name any case); -1 when it is not. */
export function assignmentValue(s: Script, w: i32, name: string): i32 {
  const p = s.wordPtr(w), n = s.wordLen(w), m = name.length;
  if (n <= m || <u32>load<u8>(p + <usize>m) != 0x3d) return -1;
  for (let i = 0; i < m; i++) {
    if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != toLowerAscii(<u32>name.charCodeAt(i))) return -1;
  }
  return m + 1;
}
