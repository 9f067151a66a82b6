// Arithmetic on values from outside the command string.
//
// bash evaluates array subscripts inside arithmetic, and the subscript's
// `$( )` runs: with x='a[$(id)]', `echo $((x))` runs `id`. A value written in
// the command is parsed as code where it stands (walk.ts literalCode), but a
// value that arrives at run time — `read x < file`, `x=$(cat file)`,
// `for x in *`, a positional parameter — can hold anything. So every
// variable that arithmetic reads (`$(( ))`, `(( ))`, `let`, `$[ ]`, indexed
// subscripts, `${x:offset}`, `${!x}`, `[[ -eq ]]` operands, `declare -i`) must
// be "tame": assigned in the command, and only values that are written in it
// (whose own names are tame in turn) or computed by arithmetic. Anything
// else is denied; so is a command substitution's output read as arithmetic.
// Flow-insensitive on purpose: one unsafe assignment anywhere taints the name.
// Associative arrays get no exemption although their keys are strings: whether
// `h` is associative where it is used depends on flow (`declare -A` in a
// function or subshell, `unset h`), so every subscript is treated as arithmetic.

import { Script } from "./nodes";
import { envName } from "../expand/argv";
import { Attr, Ch, WordKind } from "./tokens";

/** How far a tame value may lead through other names (`x=y`, `y=z`, …) before we give up. */
const MAX_DEPTH: i32 = 4;

// Variables bash itself sets to numbers.
const NUMERIC_VARIABLES: string[] = [
  "RANDOM", "SRANDOM", "SECONDS", "LINENO", "BASHPID", "PPID", "UID", "EUID", "EPOCHSECONDS",
  "OPTIND", "BASH_SUBSHELL", "HISTCMD",
];

// Variables bash itself fills with text from outside: `read`/`select` with no name, `mapfile`,
// `getopts`, `[[ =~ ]]`, … . An assignment elsewhere in the command never makes them tame.
const OUTSIDE_VARIABLES: string[] = [
  "REPLY", "MAPFILE", "OPTARG", "BASH_REMATCH", "BASH_ARGV", "BASH_COMMAND", "BASH_EXECUTION_STRING",
  "READLINE_LINE", "COPROC", "FUNCNAME", "BASH_SOURCE", "HOSTNAME", "PWD", "OLDPWD", "HOME", "PATH", "IFS",
  "_", "DIRSTACK", "COMP_WORDS", "COMP_LINE",
];

/** Why the last check failed: the arithmetic word and what in it is unsafe. */
export class ArithTaint {
  word: i32 = -1;
  /** The word is a nameref whose target is computed at run time (not arithmetic). */
  nameref: bool = false;
  /** A name whose value comes from outside the command, or "" for a substitution's output. */
  name: string = "";
}

/** Scratch for values checked on the way (only the first failure is reported). */
const ignored = new ArithTaint();

/**
 * Word `w` names an array element (`a[i]`, as `unset` and `test -v` take it):
 * its subscript is arithmetic. A name computed at run time (`test -v "$x"`)
 * can hold any subscript, so the word itself is checked like arithmetic.
 */
export function addSubscriptArith(s: Script, w: i32): void {
  if (!s.isStatic(w)) { s.addArith(w); return; }
  const len = envName(s, w);
  const p = s.wordPtr(w), n = s.wordLen(w);
  if (len <= 0 || len >= n || load<u8>(p + <usize>len) != Ch.LBRACKET) return;
  const close = closeBracket(p, len + 1, n);
  if (close < 0) return;
  s.addArith(s.commitRaw(p + <usize>len + 1, close - len - 1, WordKind.OTHER, Attr.UNQUOTED));
}

/** The first arithmetic text that reads a value from outside the command; false if none. */
export function arithTainted(s: Script, out: ArithTaint): bool {
  out.nameref = false;
  if (namerefTainted(s, out)) return true;
  for (let i = 0, n = s.arithWords.length; i < n; i++) {
    const w = s.arithWords.get(i);
    if (!textTame(s, s.wordPtr(w), s.wordLen(w), 0, out)) {
      out.word = w;
      return true;
    }
  }
  // Subscripts of assignments (`a[x]=1`, `read 'a[x]'`, `declare a[x]=…`) and `declare -i` names.
  for (let i = 0, n = s.envWords.length; i < n; i++) {
    const w = s.envWords.get(i);
    const len = envName(s, w);
    if (len <= 0) continue;
    const p = s.wordPtr(w), m = s.wordLen(w);
    if (len < m && load<u8>(p + <usize>len) == Ch.LBRACKET) {
      const close = closeBracket(p, len + 1, m);
      if (close > 0 && !textTame(s, p + <usize>len + 1, close - len - 1, 0, out)) {
        out.word = w;
        return true;
      }
    }
    if (!literalSubscriptsTame(s, p, len, m, out)) {
      out.word = w;
      return true;
    }
  }
  for (let i = 0, n = s.intNames.length; i < n; i++) {
    const w = s.intNames.get(i);
    const len = envName(s, w);
    if (len > 0 && !nameTame(s, s.wordPtr(w), len, 0)) {
      out.word = w;
      out.name = String.UTF8.decodeUnsafe(s.wordPtr(w), <usize>len, false);
      return true;
    }
  }
  return false;
}

/**
 * Does arithmetic text (p, n) read only tame values? Names are references,
 * `$name`/`${name…}` too; `$( )` or a backtick is a value from outside.
 */
function textTame(s: Script, p: usize, n: i32, depth: i32, out: ArithTaint): bool {
  let i = 0;
  while (i < n) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c == Ch.BACKTICK) { out.name = ""; return false; }
    if (c == Ch.DOLLAR && i + 1 < n) {
      const d = <u32>load<u8>(p + <usize>i + 1);
      if (d == Ch.LPAREN) {
        if (i + 2 < n && <u32>load<u8>(p + <usize>i + 2) == Ch.LPAREN) { i += 3; continue; } // nested $(( ))
        out.name = "";
        return false;
      }
      if (d == Ch.LBRACE) {
        i += 2;
        if (i < n && <u32>load<u8>(p + <usize>i) == Ch.HASH) { // ${#x}: a length
          i++;
          while (i < n && isNameChar(<u32>load<u8>(p + <usize>i))) i++;
          continue;
        }
        if (i < n && <u32>load<u8>(p + <usize>i) == Ch.BANG) return fail(out, "${!…}");
        continue; // the name that follows is read as any name below
      }
      if (d == Ch.HASH || d == Ch.QUESTION || d == Ch.DOLLAR || d == Ch.BANG || d == Ch.MINUS) { i += 2; continue; }
      if (isDigit(d) || d == Ch.AT || d == Ch.STAR) return fail(out, "$" + String.fromCharCode(<i32>d));
      i++;
      continue;
    }
    if (isDigit(c)) { // a number, also 0x1f and base#digits
      i++;
      while (i < n && (isNameChar(<u32>load<u8>(p + <usize>i)) || <u32>load<u8>(p + <usize>i) == Ch.HASH ||
        <u32>load<u8>(p + <usize>i) == Ch.AT)) i++;
      continue;
    }
    if (isNameStart(c)) {
      let j = i + 1;
      while (j < n && isNameChar(<u32>load<u8>(p + <usize>j))) j++;
      const np = p + <usize>i, nn = j - i;
      if (!nameTame(s, np, nn, depth)) return fail(out, String.UTF8.decodeUnsafe(np, <usize>nn, false));
      i = j;
      continue;
    }
    i++;
  }
  return true;
}

/** `a=([i]=x [j]=y)`, `a+=(…)`: each `[…]=` key of an array literal is a subscript. */
function literalSubscriptsTame(s: Script, p: usize, len: i32, n: i32, out: ArithTaint): bool {
  let i = len;
  if (i < n && load<u8>(p + <usize>i) == Ch.PLUS) i++;
  if (i + 1 >= n || load<u8>(p + <usize>i) != Ch.EQ || load<u8>(p + <usize>i + 1) != Ch.LPAREN) return true;
  for (i += 2; i < n; i++) {
    const prev = <u32>load<u8>(p + <usize>i - 1);
    if (load<u8>(p + <usize>i) != Ch.LBRACKET || (prev != Ch.LPAREN && prev != Ch.SPACE)) continue;
    const close = closeBracket(p, i + 1, n);
    if (close < 0) return true;
    if (close + 1 < n && load<u8>(p + <usize>close + 1) == Ch.EQ && !textTame(s, p + <usize>i + 1, close - i - 1, 0, out)) return false;
    i = close;
  }
  return true;
}

/**
 * A nameref (`declare -n r=…`) expands to the variable its value names, and
 * that name may carry a subscript bash evaluates (`r='a[$(id)]'`; `echo $r`
 * runs id): every value a nameref gets must be a plain name written in the
 * command.
 */
function namerefTainted(s: Script, out: ArithTaint): bool {
  for (let r = 0, m = s.namerefs.length; r < m; r++) {
    const ref = s.namerefs.get(r);
    const len = envName(s, ref);
    if (len <= 0) continue;
    const p = s.wordPtr(ref);
    for (let i = 0, n = s.envWords.length; i < n; i++) {
      const w = s.envWords.get(i);
      if (w == ref && s.wordLen(w) == len) continue; // `declare -n r` itself
      if (!sameName(s, w, p, len)) continue;
      const wp = s.wordPtr(w), wn = s.wordLen(w);
      let eq = len;
      if (eq < wn && load<u8>(wp + <usize>eq) == Ch.PLUS) eq++;
      const plain = eq < wn && load<u8>(wp + <usize>eq) == Ch.EQ && s.isStatic(w) && isPlainName(wp + <usize>eq + 1, wn - eq - 1);
      if (!plain) return namerefFails(s, out, ref, len);
    }
    for (let i = 0, n = s.valueNames.length; i < n; i++) {
      if (!sameName(s, s.valueNames.get(i), p, len)) continue;
      const v = s.valueWords.get(i);
      if (!s.isStatic(v) || !isPlainName(s.wordPtr(v), s.wordLen(v))) return namerefFails(s, out, ref, len);
    }
    // read r, mapfile r, for r in $(…): a target from outside (the nameref's own dynNames entry aside).
    for (let i = 0, n = s.dynNames.length; i < n; i++) {
      const w = s.dynNames.get(i);
      if (w != ref && sameName(s, w, p, len)) return namerefFails(s, out, ref, len);
    }
  }
  return false;
}

function namerefFails(s: Script, out: ArithTaint, ref: i32, len: i32): bool {
  out.word = ref;
  out.nameref = true;
  out.name = String.UTF8.decodeUnsafe(s.wordPtr(ref), <usize>len, false);
  return true;
}

/** A variable name and nothing else (no subscript, no expansion). */
function isPlainName(p: usize, n: i32): bool {
  if (n == 0 || !isNameStart(<u32>load<u8>(p))) return false;
  for (let i = 1; i < n; i++) if (!isNameChar(<u32>load<u8>(p + <usize>i))) return false;
  return true;
}

function fail(out: ArithTaint, name: string): bool {
  out.name = name;
  return false;
}

/** Is every value of the variable (p, n) written in the command or computed by arithmetic? */
function nameTame(s: Script, p: usize, n: i32, depth: i32): bool {
  for (let k = 0; k < NUMERIC_VARIABLES.length; k++) if (bytesAre(p, n, NUMERIC_VARIABLES[k])) return true;
  if (depth > MAX_DEPTH) return false;
  for (let k = 0; k < OUTSIDE_VARIABLES.length; k++) if (bytesAre(p, n, OUTSIDE_VARIABLES[k])) return false;
  for (let i = 0, m = s.dynNames.length; i < m; i++) {
    const w = s.dynNames.get(i);
    if (sameName(s, w, p, n)) return false;
  }
  let assigned = false;
  for (let i = 0, m = s.envWords.length; i < m; i++) {
    const w = s.envWords.get(i);
    if (!sameName(s, w, p, n)) continue;
    const wp = s.wordPtr(w), wa = s.attrPtr(w), wn = s.wordLen(w);
    // The value: after `=` (past `+=` or a subscript); a bare name (`export x`, `declare x`) sets none.
    let eq = n;
    if (eq < wn && load<u8>(wp + <usize>eq) == Ch.LBRACKET) eq = closeBracket(wp, eq + 1, wn) + 1;
    if (eq > 0 && eq < wn && load<u8>(wp + <usize>eq) == Ch.PLUS) eq++;
    if (eq <= 0 || eq >= wn || load<u8>(wp + <usize>eq) != Ch.EQ) continue;
    if (!valueTame(s, wp + <usize>eq + 1, wa + <usize>eq + 1, wn - eq - 1, depth + 1, ignored)) return false;
    assigned = true;
  }
  for (let i = 0, m = s.valueNames.length; i < m; i++) {
    if (!sameName(s, s.valueNames.get(i), p, n)) continue;
    const w = s.valueWords.get(i);
    if (!valueTame(s, s.wordPtr(w), s.attrPtr(w), s.wordLen(w), depth + 1, ignored)) return false;
    assigned = true;
  }
  // Assigned by arithmetic (`(( i = 0 ))`, `let i++`, `for (( i = 0; …; i++ ))`): always a number.
  for (let i = 0, m = s.arithWords.length; !assigned && i < m; i++) {
    const w = s.arithWords.get(i);
    if (assignsIn(s.wordPtr(w), s.wordLen(w), p, n)) assigned = true;
  }
  return assigned;
}

/**
 * A value (text t, Attr a): literal text must be tame as arithmetic itself
 * (bash would evaluate it); the only expansions allowed are `$(( ))` and
 * `$[ ]`, whose result is a number.
 */
function valueTame(s: Script, t: usize, a: usize, n: i32, depth: i32, out: ArithTaint): bool {
  let i = 0;
  while (i < n) {
    if (load<u8>(a + <usize>i) != Attr.EXPANSION) {
      let j = i;
      while (j < n && load<u8>(a + <usize>j) != Attr.EXPANSION) j++;
      if (!textTame(s, t + <usize>i, j - i, depth, out)) return false;
      i = j;
      continue;
    }
    const end = arithExpansionEnd(t, i, n);
    if (end < 0) return false;
    i = end;
  }
  return true;
}

/** End of the `$(( ))` or `$[ ]` at i, or -1 when the expansion there is another kind. */
export function arithExpansionEnd(t: usize, i: i32, n: i32): i32 {
  if (i + 2 >= n || <u32>load<u8>(t + <usize>i) != Ch.DOLLAR) return -1;
  const open = <u32>load<u8>(t + <usize>i + 1);
  if (open == Ch.LBRACKET) {
    const close = closeBracket(t, i + 2, n);
    return close < 0 ? -1 : close + 1;
  }
  if (open != Ch.LPAREN || <u32>load<u8>(t + <usize>i + 2) != Ch.LPAREN) return -1;
  let depth = 0;
  for (let j = i + 1; j < n; j++) {
    const c = <u32>load<u8>(t + <usize>j);
    if (c == Ch.LPAREN) depth++;
    else if (c == Ch.RPAREN && --depth == 0) return j + 1;
  }
  return -1;
}

/** Does arithmetic text (t, tn) assign the name (p, n): `n =`, `n +=`, `n++`, `++n`, …? */
function assignsIn(t: usize, tn: i32, p: usize, n: i32): bool {
  for (let i = 0; i + n <= tn; i++) {
    if (i > 0 && isNameChar(<u32>load<u8>(t + <usize>i - 1))) continue;
    if (memory.compare(t + <usize>i, p, <usize>n) != 0) continue;
    let j = i + n;
    if (j < tn && isNameChar(<u32>load<u8>(t + <usize>j))) continue;
    let before = i - 1;
    while (before >= 0 && <u32>load<u8>(t + <usize>before) == Ch.SPACE) before--;
    if (before >= 1 && isIncDec(t, before - 1)) return true;
    while (j < tn && <u32>load<u8>(t + <usize>j) == Ch.SPACE) j++;
    if (j + 1 < tn && isIncDec(t, j)) return true;
    // `=` but not `==`; or an operator then `=` (+= -= *= /= %= <<= >>= &= ^= |=)
    let k = j;
    while (k < tn && isAssignOperator(<u32>load<u8>(t + <usize>k))) k++;
    if (k < tn && <u32>load<u8>(t + <usize>k) == Ch.EQ && !(k + 1 < tn && <u32>load<u8>(t + <usize>k + 1) == Ch.EQ) &&
        (k == j || <u32>load<u8>(t + <usize>k - 1) != Ch.BANG)) {
      const prev = k > j ? <u32>load<u8>(t + <usize>k - 1) : 0;
      if (prev != Ch.LT && prev != Ch.GT || k - j == 2) return true;
    }
  }
  return false;
}

function isIncDec(t: usize, i: i32): bool {
  const c = <u32>load<u8>(t + <usize>i);
  return (c == Ch.PLUS || c == Ch.MINUS) && <u32>load<u8>(t + <usize>i + 1) == c;
}

function isAssignOperator(c: u32): bool {
  return c == Ch.PLUS || c == Ch.MINUS || c == Ch.STAR || c == Ch.SLASH || c == 0x25 || c == Ch.LT ||
    c == Ch.GT || c == Ch.AMP || c == 0x5e || c == Ch.PIPE;
}

/** Does word `w` name the variable (p, n) (its name part: before `=`, `+=` or `[`)? */
function sameName(s: Script, w: i32, p: usize, n: i32): bool {
  const len = envName(s, w);
  return len == n && memory.compare(s.wordPtr(w), p, <usize>n) == 0;
}

/** The `]` that closes a subscript opened before `from`, or -1. */
function closeBracket(t: usize, from: i32, n: i32): i32 {
  let depth = 0;
  for (let j = from; j < n; j++) {
    const c = <u32>load<u8>(t + <usize>j);
    if (c == Ch.LBRACKET) depth++;
    else if (c == Ch.RBRACKET) { if (depth == 0) return j; depth--; }
  }
  return -1;
}

function bytesAre(p: usize, n: i32, lit: string): bool {
  if (n != lit.length) return false;
  for (let i = 0; i < n; i++) if (<u32>load<u8>(p + <usize>i) != <u32>lit.charCodeAt(i)) return false;
  return true;
}

// @ts-ignore: decorator
@inline function isDigit(c: u32): bool {
  return c - 0x30 < 10;
}

// @ts-ignore: decorator
@inline function isNameStart(c: u32): bool {
  return (c | 0x20) - 0x61 < 26 || c == 0x5f;
}

// @ts-ignore: decorator
@inline function isNameChar(c: u32): bool {
  return isNameStart(c) || c - 0x30 < 10;
}
