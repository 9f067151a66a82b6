// What a wildcard segment of a file tool's glob could name, against the name rules: blocked_patterns without
// a `/` and, with builtin_checks, the built-in sensitive names. The glob's text is judged as a path first
// (file-rule.ts: a blocked name written in it matches, `**/.env*`); here a segment is read as the names it
// could match where its own literal bytes spell part of the pattern's: `.e?v`, `.*`, `id_rs[a]`, `*.p?m`,
// `.git-cred*` and `.npm*` are refused. A segment that could only meet a pattern through its wildcards —
// `*.json` against `*secret*`, `*.ts` against `.env*` — names none of those files: like a segment of only stars
// (`*`, `**`) or a directory searched recursively, it reaches whatever is there (docs: "Known limits"). Path
// entries (blocked_paths, patterns with a `/`) are the blocked-place test's (file-rule.ts: globMayHitBlocked).

import { Bytes, toLowerAscii, utf8 } from "../../../util/bytes";
import { bracketEnd } from "../../../shell";
import { FileLimits } from "./file";
import { MatchKind } from "./file-match";
import { describeSensitive, exceptedByEnding, sensitiveNameGlobs, sensitiveNameRule } from "./file-sensitive";
import { isOnlyStars, literalGlob } from "./tool-glob";

/** A stand-in for a segment of only stars: no entry's literal byte equals it, only `*` or `?` meets it. */
export const UNNAMED = "\x01";

/** The rule that the last globReachBlock call found, its description and the segment. */
export let reachRule: string = "";
export let reachWhat: string = "";
export let reachSegment: string = "";

/**
 * Could a wildcard segment of the canonical glob path `glob` (literalGlob's reading, resolved) be a name that a
 * blocked pattern or, with builtin_checks, a built-in rule blocks? The workspace root's own segments are not
 * tested against the built-in names, as for a path (the operator chose them).
 */
export function globReachBlock(limits: FileLimits, path: string): bool {
  // One-byte classes as their byte (`[i-i]d_rsa` is id_rsa in bash as in minimatch); idempotent for a tool's
  // glob, which literalGlob has read already.
  const glob = literalGlob(path);
  const rootBytes = limits._rootBytes;
  const root = String.UTF8.decodeUnsafe(changetype<usize>(rootBytes), <usize>rootBytes.length, false);
  const from = root.length > 1 && (glob == root || glob.startsWith(root + "/")) ? root.length : 0;
  const segments = glob.split("/");
  let at = 0;
  for (let k = 0; k < segments.length; k++) {
    const seg = segments[k];
    // Every segment of a glob path, literal ones too: a class of one byte made some literal (`[i-i]d_rsa`).
    if (seg.length > 0 && !isOnlyStars(seg)) {
      const bytes = String.UTF8.encode(seg);
      const p = changetype<usize>(bytes), n = bytes.byteLength;
      if (limits.builtinChecks && at >= from) {
        const globs = sensitiveNameGlobs();
        for (let i = 0; i < globs.length; i++) {
          if (couldName(p, n, i) && !exceptedByEnding(sensitiveNameRule(i), p, n)) {
            return found("builtin:sensitive_file", "the built-in sensitive-file rule " + describeSensitive(sensitiveNameRule(i)) + " (builtin_checks)", seg);
          }
        }
      }
      const block = limits._block;
      for (let i = 0; i < block.length; i++) {
        const m = block[i];
        if (m.kind == MatchKind.SegmentGlob && couldNameBytes(p, n, m.text)) return found(m.rule, m.label, seg);
      }
    }
    at += seg.length + 1;
  }
  return false;
}

function found(rule: string, what: string, segment: string): bool {
  reachRule = rule;
  reachWhat = what;
  reachSegment = segment;
  return true;
}

/** The built-in name globs' UTF-8, made on first use. */
let builtinNames: Array<Bytes> | null = null;

/** namesOverlap against the built-in name glob i of sensitiveNameGlobs(). */
function couldName(p: usize, n: i32, i: i32): bool {
  let names = builtinNames;
  if (names === null) {
    const globs = sensitiveNameGlobs();
    names = new Array<Bytes>(globs.length);
    for (let k = 0; k < globs.length; k++) names[k] = utf8(globs[k]);
    builtinNames = names;
  }
  return couldNameBytes(p, n, names[i]);
}

function couldNameBytes(p: usize, n: i32, pattern: Bytes): bool {
  return namesOverlap(p, n, changetype<usize>(pattern), pattern.length);
}

/** Beyond this many search states the answer is "could name" (fail closed). */
const MAX_STATES: i32 = 1 << 18;
let seen = new StaticArray<u8>(0);
let stack = new StaticArray<i32>(0);

/**
 * Is there a name that both the glob segment (p, pn: `*`, `?`, `[…]`, compared ignoring ASCII case) and the
 * name pattern (t, tn: lower case, `*`, `?`) match, in which a literal byte of the segment stands for a literal
 * byte of the pattern? A search over (segment position, pattern position, met yet): `.e?v` and `.*` meet `.env*`,
 * `.git-cred*` meets `*credentials*`, while `*.ts` (whose `*` would have to be all of `.env`) does not.
 */
function namesOverlap(p: usize, pn: i32, t: usize, tn: i32): bool {
  const width = tn + 1;
  const states = (pn + 1) * width * 2;
  if (pn > MAX_STATES || states > MAX_STATES) return true;
  for (let i = 0; i < pn; i++) if (load<u8>(p + <usize>i) == 0x5b && bracketEnd(p, i, pn) == -2) return true;
  if (seen.length < states) seen = new StaticArray<u8>(states);
  else memory.fill(changetype<usize>(seen), 0, <usize>states);
  if (stack.length < states) stack = new StaticArray<i32>(states);
  let top = push(0, 0, 0, width, 0);
  while (top > 0) {
    const state = stack[--top];
    const met = state & 1, pos = state >> 1;
    const i = pos / width, j = pos % width;
    if (i == pn && j == tn && met == 1) return true;
    const wc = i < pn ? <u32>load<u8>(p + <usize>i) : 0;
    const pc = j < tn ? <u32>load<u8>(t + <usize>j) : 0;
    const wordStar = i < pn && wc == 0x2a;
    const patStar = j < tn && pc == 0x2a;
    const wordNext = i < pn ? tokenEnd(p, i, pn) : i;
    if (wordStar) {
      top = push(i + 1, j, met, width, top);
      if (j < tn) top = push(i, j + 1, met, width, top);
    }
    if (patStar) {
      top = push(i, j + 1, met, width, top);
      if (i < pn) top = push(wordNext, j, met, width, top);
    }
    if (!wordStar && !patStar && i < pn && j < tn) {
      const literal = wordNext == i + 1 && wc != 0x3f;
      if (!literal) top = push(wordNext, j + 1, met, width, top);
      else if (pc == 0x3f) top = push(i + 1, j + 1, met, width, top);
      else if (toLowerAscii(wc) == pc) top = push(i + 1, j + 1, 1, width, top);
    }
  }
  return false;
}

function push(i: i32, j: i32, met: i32, width: i32, top: i32): i32 {
  const state = ((i * width + j) << 1) | met;
  if (seen[state] != 0) return top;
  seen[state] = 1;
  stack[top] = state;
  return top + 1;
}

/** After the segment token at i: one byte, or a whole `[…]` class. */
function tokenEnd(p: usize, i: i32, pn: i32): i32 {
  if (load<u8>(p + <usize>i) != 0x5b) return i + 1;
  const end = bracketEnd(p, i, pn);
  return end > 0 ? end : i + 1;
}
