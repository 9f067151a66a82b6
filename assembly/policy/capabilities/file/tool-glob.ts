// A file tool's glob argument (Claude Code Glob and Grep, Gemini CLI glob, read_many_files and
// search_file_content, Cline search_files) read the way globbing libraries read it, so that the file rule
// judges what the glob can reach, not how it is spelled. node-glob (minimatch), ripgrep's globset and
// Python's glob all expand `{a,b}` alternatives, read `\x` as the byte x, and minimatch turns a class of one
// byte (`[.]`) into that byte — so `{..,x}/etc/passwd`, `[.][.]/etc/passwd` and `.\./etc/passwd` climb out of
// the workspace, and `{.env,x}` names `.env`.
//
// The readings here only ever widen what a glob may match: an escaped wildcard becomes `?` (any one byte), an
// extglob group (`@(…)`, `!(…)`, `+(…)`, `*(…)`, `?(…)`) becomes `*`, and a class of several bytes stays a
// class. What they cannot read — a brace range (`{1..9}`, `{a..z}`: minimatch expands it, bash too, and a range
// of bytes can spell `/` or `.`), or more than MAX_GLOB_ALTERNATIVES alternatives — is refused by the caller.

export const MAX_GLOB_ALTERNATIVES: i32 = 64;
/** Longer globs are refused: the readings below scan a group or class from each opening byte. */
export const MAX_GLOB_LENGTH: i32 = 4096;

const BACKSLASH: i32 = 0x5c;
const LBRACE: i32 = 0x7b;
const RBRACE: i32 = 0x7d;
const COMMA: i32 = 0x2c;
const LBRACKET: i32 = 0x5b;
const RBRACKET: i32 = 0x5d;
const LPAREN: i32 = 0x28;
const RPAREN: i32 = 0x29;
const SLASH: i32 = 0x2f;
const STAR: i32 = 0x2a;
const QUESTION: i32 = 0x3f;

/** Does `s` use any glob syntax a globbing library reads: `*`, `?`, `[`, `{`, a `\` escape or an extglob `@(` `!(` `+(`? */
export function hasGlobSyntax(s: string): bool {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c == STAR || c == QUESTION || c == LBRACKET || c == LBRACE || c == BACKSLASH) return true;
    if (c == LPAREN && i > 0) {
      const b = s.charCodeAt(i - 1);
      if (b == 0x40 || b == 0x21 || b == 0x2b) return true;
    }
  }
  return false;
}

/**
 * The brace alternatives of `s`, nested groups included (`a{b,c{d,e}}` → `ab`, `acd`, `ace`). A group with no
 * top-level comma is an alternation of one for ripgrep (`{.env}` is `.env`) and literal text for minimatch: both
 * readings are kept. Null for a brace range, more than MAX_GLOB_ALTERNATIVES alternatives, or a glob longer than
 * MAX_GLOB_LENGTH.
 */
export function globAlternatives(s: string): Array<string> | null {
  if (s.length > MAX_GLOB_LENGTH || !plainBraces(s)) return null;
  const out = new Array<string>();
  return expandInto(extglobsAsBraces(foldToAscii(s)), out) ? out : null;
}

/**
 * Braces every library reads alike: balanced, each group with a top-level comma, no `,`, `|` or brace inside a
 * class. brace-expansion (minimatch) reads `{x},/etc/passwd}` as `x}` and `/etc/passwd`, and splits
 * `{[,.]env,x}` at the comma ripgrep keeps in the class: such globs are refused rather than guessed.
 */
function plainBraces(s: string): bool {
  const commas = new Array<bool>();
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c == BACKSLASH) { i++; continue; }
    if (c == LBRACKET) {
      const end = classEnd(s, i);
      if (end > 0) {
        for (let j = i + 1; j < end - 1; j++) {
          const d = s.charCodeAt(j);
          if (d == COMMA || d == 0x7c || d == LBRACE || d == RBRACE || d == LPAREN || d == RPAREN) return false;
        }
        i = end - 1;
        continue;
      }
    }
    if (c == LBRACE) commas.push(false);
    else if (c == RBRACE) {
      if (commas.length == 0 || !commas.pop()) return false;
    } else if (c == COMMA && commas.length > 0) commas[commas.length - 1] = true;
  }
  return commas.length == 0;
}

/**
 * The two letters outside ASCII that fold to ASCII ones when a library matches ignoring case (Unicode
 * simple case folding; minimatch's `nocase` with a class): `ſ` (U+017F) is `s`, the Kelvin sign (U+212A) `k`.
 */
function foldToAscii(s: string): string {
  if (!s.includes("\u017F") && !s.includes("\u212A")) return s;
  return s.replaceAll("\u017F", "s").replaceAll("\u212A", "k");
}

/**
 * minimatch's extglob groups as the alternatives they stand for: `@(a|b)` and `+(a|b)` as `{a,b}`, `?(a|b)` and
 * `*(a|b)` as `{,a,b}` (also none), `!(a)` as `*` (anything else). `@(.env)` names `.env`.
 */
function extglobsAsBraces(s: string): string {
  let out = "";
  let i = 0;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c == BACKSLASH && i + 1 < s.length) {
      out += s.substring(i, i + 2);
      i += 2;
      continue;
    }
    if ((c == 0x40 || c == 0x21 || c == 0x2b || c == STAR || c == QUESTION) && i + 1 < s.length && s.charCodeAt(i + 1) == LPAREN) {
      const end = groupEnd(s, i + 1);
      if (end > 0) {
        const body = extglobsAsBraces(s.substring(i + 2, end - 1));
        if (c == 0x21) out += "*";
        else out += (c == 0x40 || c == 0x2b ? "{" : "{,") + topLevelBars(body) + "}";
        i = end;
        continue;
      }
    }
    out += String.fromCharCode(c);
    i++;
  }
  return out;
}

/** The group body with its top-level `|` as `,` (brace alternatives); a `,` of its own is one more alternative. */
function topLevelBars(body: string): string {
  let out = "";
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c == BACKSLASH && i + 1 < body.length) {
      out += body.substring(i, i + 2);
      i++;
      continue;
    }
    if (c == LBRACE) depth++;
    else if (c == RBRACE) depth--;
    out += c == 0x7c && depth == 0 ? "," : String.fromCharCode(c);
  }
  return out;
}

function expandInto(s: string, out: Array<string>): bool {
  // The first unescaped `{` that closes (one pass with a stack: a long run of unclosed `{` stays linear).
  let open = -1, close = -1;
  const opens = new Array<i32>();
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c == BACKSLASH) { i++; continue; }
    if (c == LBRACE) opens.push(i);
    else if (c == RBRACE && opens.length > 0) {
      const o = opens.pop();
      if (open < 0 || o < open) { open = o; close = i; }
    }
  }
  // Its top-level commas.
  const commas = new Array<i32>();
  if (open >= 0) {
    let depth = 0;
    for (let j = open + 1; j < close; j++) {
      const d = s.charCodeAt(j);
      if (d == BACKSLASH) { j++; continue; }
      if (d == LBRACE) depth++;
      else if (d == RBRACE) depth--;
      else if (d == COMMA && depth == 0) commas.push(j);
    }
  }
  if (open < 0) {
    if (out.length >= MAX_GLOB_ALTERNATIVES) return false;
    out.push(s);
    return true;
  }
  const head = s.substring(0, open), tail = s.substring(close + 1);
  // A group with no comma (a range, `{x}`) was refused by plainBraces; an extglob group of one reads as it.
  if (commas.length == 0) return expandInto(head + s.substring(open + 1, close) + tail, out);
  let from = open + 1;
  for (let k = 0; k <= commas.length; k++) {
    const to = k < commas.length ? commas[k] : close;
    if (!expandInto(head + s.substring(from, to) + tail, out)) return false;
    from = to + 1;
  }
  return true;
}

/**
 * One alternative (no braces left to expand) with its escapes, one-byte classes and extglob groups read:
 * `\.` → `.`, `[.]` → `.`, `\*` → `?`, `@(a|b)` → `*`. What is left of glob syntax is `*`, `?` and classes of
 * several bytes.
 */
export function literalGlob(s: string): string {
  let out = "";
  let i = 0;
  const n = s.length;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c == BACKSLASH) {
      if (i + 1 >= n) { out += "\\"; i++; continue; }
      const e = s.charCodeAt(i + 1);
      out += isWildByte(e) ? "?" : String.fromCharCode(e);
      i += 2;
      continue;
    }
    if ((c == 0x40 || c == 0x21 || c == 0x2b || c == STAR || c == QUESTION) && i + 1 < n && s.charCodeAt(i + 1) == LPAREN) {
      const end = groupEnd(s, i + 1);
      if (end > 0) {
        out += "*";
        i = end;
        continue;
      }
    }
    if (c == LBRACKET) {
      const end = classEnd(s, i);
      if (end > 0) {
        const one = classByte(s, i, end);
        out += one >= 0 ? (isWildByte(one) ? "?" : String.fromCharCode(one)) : s.substring(i, end);
        i = end;
        continue;
      }
    }
    out += String.fromCharCode(c);
    i++;
  }
  return out;
}

/** A byte that is glob syntax once unescaped: read as `?` (it is one byte, any of them). */
function isWildByte(c: i32): bool {
  return c == STAR || c == QUESTION || c == LBRACKET || c == RBRACKET || c == LBRACE || c == RBRACE || c == LPAREN || c == RPAREN;
}

/** After the `)` that closes the extglob group opened at `at` (the `(`), within one segment; -1 when none does. */
function groupEnd(s: string, at: i32): i32 {
  let depth = 0;
  for (let j = at; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c == SLASH) return -1;
    if (c == BACKSLASH) { j++; continue; }
    if (c == LPAREN) depth++;
    else if (c == RPAREN && --depth == 0) return j + 1;
  }
  return -1;
}

/** After the `]` that closes the class opened at `at`; -1 when none does (then `[` is a literal byte). */
function classEnd(s: string, at: i32): i32 {
  let j = at + 1;
  if (j < s.length && (s.charCodeAt(j) == 0x21 || s.charCodeAt(j) == 0x5e)) j++;
  if (j < s.length && s.charCodeAt(j) == RBRACKET) j++;
  for (; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c == SLASH) return -1;
    if (c == BACKSLASH) { j++; continue; }
    if (c == LBRACKET && j + 1 < s.length && s.charCodeAt(j + 1) == 0x3a) {
      const k = s.indexOf(":]", j + 2);
      if (k > 0) { j = k + 1; continue; }
    }
    if (c == RBRACKET) return j + 1;
  }
  return -1;
}

/**
 * The one byte the class [at, end) stands for — `[.]`, `[\\.]`, `[.-.]`, `[..]` —, or -1 for a negated class, a
 * POSIX class or several bytes. Members are single bytes, escaped bytes and ranges.
 */
function classByte(s: string, at: i32, end: i32): i32 {
  let i = at + 1;
  const last = end - 1;
  if (i < last && (s.charCodeAt(i) == 0x21 || s.charCodeAt(i) == 0x5e)) return -1;
  let only = -1;
  while (i < last) {
    let lo = s.charCodeAt(i);
    if (lo == LBRACKET && i + 1 < last && s.charCodeAt(i + 1) == 0x3a) return -1;
    if (lo == BACKSLASH && i + 1 < last) lo = s.charCodeAt(++i);
    i++;
    let hi = lo;
    if (i + 1 < last && s.charCodeAt(i) == 0x2d) {
      hi = s.charCodeAt(i + 1);
      if (hi == BACKSLASH && i + 2 < last) { hi = s.charCodeAt(i + 2); i++; }
      i += 2;
    }
    if (hi != lo || (only >= 0 && only != lo)) return -1;
    only = lo;
  }
  return only == SLASH ? -1 : only;
}

/** Does the segment hold glob syntax (after literalGlob): `*`, `?` or `[`? */
export function isWildSegment(seg: string): bool {
  return seg.includes("*") || seg.includes("?") || seg.includes("[");
}

/** A segment of only `*` (`*`, `**`): it names no file; like a directory searched recursively, it is not judged by name. */
export function isOnlyStars(seg: string): bool {
  if (seg.length == 0) return false;
  for (let i = 0; i < seg.length; i++) if (seg.charCodeAt(i) != STAR) return false;
  return true;
}
