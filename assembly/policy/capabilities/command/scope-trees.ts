// A command that reaches a whole tree (`rm -r DIR`, `grep -r x DIR`, `find DIR`, `cp -r SRC DST`) acts on
// everything under its path, so the path passing is not enough: a blocked place inside the tree must stop it
// too, or `find . -delete` deletes a blocked `.git/hooks` and `grep -r key .` reads a blocked `secrets/`.
//
// The core sees no file system, so only places known without one can be found inside a tree: the passport's
// blocked_paths (directories, and globs whose matches may lie inside), and, with builtin_checks, the fixed
// homes of secrets (the home's .ssh, .aws, …, /etc/shadow, /proc, other users' homes). A file a name rule
// refuses (`.env`, `*.pem`) may be anywhere and is not looked for.
//
// The same holds for a glob path: `cp x .git/hook?` writes into .git/hooks when that exists, so a glob that
// could match a blocked place (or, for a tree, one of its ancestors) is refused.

import { ByteBuffer, Bytes, toLowerAscii, utf8 } from "../../../util/bytes";
import { FileLimits } from "../file/file";
import { Glob, Tok } from "../file/file-glob";
import { MatchKind, PathMatcher } from "../file/file-match";
import { sameBytes } from "../../../util/path";

/** The blocked place a check found: its label for messages and its rule pointer within the limits block. */
export class TreeHit {
  label: string = "";
  rule: string = "";
}

export const treeHit = new TreeHit();

/** The home's directories and files that hold secrets (the built-in sensitive-file list's fixed places). */
const HOME_SECRETS: StaticArray<string> = [
  ".ssh", ".aws", ".gnupg", ".kube", ".azure", ".docker", ".netrc", ".npmrc", ".pypirc", ".pgpass", ".vault-token",
  ".config/gcloud", ".config/gh",
];
const SYSTEM_SECRETS: StaticArray<string> = [
  "/etc/shadow", "/etc/gshadow", "/etc/sudoers", "/etc/sudoers.d", "/etc/master.passwd", "/proc", "/root",
]; // lower-case, each shorter than MAX_SYSTEM_LENGTH
/** Directories holding users' homes: a tree at or above one of their homes holds that home's secrets. */
const HOMES: StaticArray<string> = ["/home", "/users"];
/** Longer than any SYSTEM_SECRETS entry: a root this long cannot be at or above one. */
const MAX_SYSTEM_LENGTH = 19;

const HOME_BYTES = utf8List(HOMES);
const SYSTEM_BYTES = utf8List(SYSTEM_SECRETS);
/** The bytes after the leading '/' of HOMES and SYSTEM_SECRETS (lower-case letters), as bits of byte - 0x60. */
const FIXED_FIRSTS: u32 = firstBytes();

function firstBytes(): u32 {
  let out: u32 = 0;
  for (let i = 0; i < HOMES.length; i++) out |= <u32>1 << (<u32>HOMES[i].charCodeAt(1) - 0x60);
  for (let i = 0; i < SYSTEM_SECRETS.length; i++) out |= <u32>1 << (<u32>SYSTEM_SECRETS[i].charCodeAt(1) - 0x60);
  return out;
}

const lower = new ByteBuffer(256);
const place = new ByteBuffer(256);

function utf8List(list: StaticArray<string>): StaticArray<Bytes> {
  const out = new StaticArray<Bytes>(list.length);
  for (let i = 0; i < list.length; i++) out[i] = utf8(list[i]);
  return out;
}

/**
 * Is a blocked place of `limits` inside the tree at the canonical path `root` (below it, not the root itself,
 * which the ordinary check judges)? Sets treeHit.
 */
export function blockedInTree(limits: FileLimits, root: ByteBuffer, homePtr: usize, homeLen: i32): bool {
  lowerInto(lower, root.ptr, root.length);
  const blocks = limits._block;
  for (let i = 0, n = blocks.length; i < n; i++) {
    const m = unchecked(blocks[i]); // i < length
    if (blockInside(m)) return hit(m.label, m.rule);
  }
  if (!limits.builtinChecks) return false;
  // Every home secret is under the home: looked for only when the tree holds the home or is inside it.
  if (homeLen > 0 && onOneLine(homePtr, homeLen)) {
    const i = homeSecretInTree(homePtr, homeLen);
    if (i >= 0) {
      place.reset();
      place.append(homePtr, homeLen);
      place.push(0x2f);
      place.appendString(unchecked(HOME_SECRETS[i])); // 0 <= i < length
      return hit(quoteBytes(place) + " (built-in sensitive files)", "builtin:sensitive_file");
    }
  }
  // Each users' home directory and system place starts /home, /users, /etc, /proc or /root. Being at or above
  // one, or one segment below one, needs the root's first byte to be that place's: any other skips the lists.
  if (lower.length > 1) {
    const c = <u32>load<u8>(lower.ptr + 1) - 0x60;
    if (c >= 32 || ((FIXED_FIRSTS >> c) & 1) == 0) return false;
  }
  for (let i = 0; i < HOMES.length; i++) {
    const d = unchecked(HOME_BYTES[i]); // i < length
    // At or above /home, or one user's home in it: that home's .ssh is inside.
    if (atOrBelow(changetype<usize>(d), d.length) || isChildOf(changetype<usize>(d), d.length)) {
      return hit("'" + unchecked(HOMES[i]) + "/*/.ssh' (built-in sensitive files: users' homes)", "builtin:sensitive_file");
    }
  }
  // The fixed places are lower-case and short: a longer root cannot hold one.
  if (lower.length >= MAX_SYSTEM_LENGTH) return false;
  for (let i = 0; i < SYSTEM_SECRETS.length; i++) {
    const d = unchecked(SYSTEM_BYTES[i]); // i < length
    if (atOrBelow(changetype<usize>(d), d.length)) return hit("'" + unchecked(SYSTEM_SECRETS[i]) + "' (built-in sensitive files)", "builtin:sensitive_file");
  }
  return false;
}

/**
 * The first HOME_SECRETS entry whose place (home, '/', entry; compared lower-cased) is at or below the root in
 * `lower`, or -1 — without making the places. The caller knows the home and the root lie on one line. While
 * the root is at or above the place's home part, either every entry is inside it or none is; only below the
 * home does the entry itself decide: the root's rest after home + '/' is the entry or one of its directories.
 */
function homeSecretInTree(homePtr: usize, homeLen: i32): i32 {
  const r = lower.length;
  if (r == 1) return 0; // below() with a one-byte root: every longer place
  if (r <= homeLen) {
    // The place's first r bytes are the home's: the same for every entry.
    if (r < homeLen && load<u8>(homePtr + <usize>r) != 0x2f) return -1;
    for (let i = 0; i < r; i++) if (toLowerAscii(<u32>load<u8>(homePtr + <usize>i)) != <u32>load<u8>(lower.ptr + <usize>i)) return -1;
    return 0;
  }
  for (let i = 0; i < homeLen; i++) if (toLowerAscii(<u32>load<u8>(homePtr + <usize>i)) != <u32>load<u8>(lower.ptr + <usize>i)) return -1;
  if (load<u8>(lower.ptr + <usize>homeLen) != 0x2f) return -1;
  const tp = lower.ptr + <usize>(homeLen + 1), t = r - homeLen - 1;
  for (let i = 0; i < HOME_SECRETS.length; i++) {
    const e = unchecked(HOME_SECRETS[i]); // i < length
    const k = e.length;
    // The entry is the rest (k == t), or the rest is one of its directories (a '/' follows it in the entry).
    if (k < t || (k > t && e.charCodeAt(t) != 0x2f)) continue;
    let same = true;
    for (let j = 0; j < t; j++) {
      if (<u32>load<u8>(tp + <usize>j) != <u32>e.charCodeAt(j)) { same = false; break; }
    }
    if (same) return i;
  }
  return -1;
}

/**
 * Could the canonical glob path `g` match a blocked place of `limits`, or a path under one — or, when the effect
 * reaches a tree, a directory above one? Matching is by segments, `*` and `?` within a segment (bash without
 * globstar); a `[…]` class may match any byte. Sets treeHit.
 */
export function globMayHitBlocked(limits: FileLimits, g: ByteBuffer, tree: bool): bool {
  lowerInto(lower, g.ptr, g.length);
  const blocks = limits._block;
  for (let i = 0, n = blocks.length; i < n; i++) {
    const m = unchecked(blocks[i]); // i < length
    if (m.kind != MatchKind.Dir) continue; // a glob entry against a glob path: the glob's fixed directory is judged as a path
    const d = m.dir;
    const dp = changetype<usize>(d), dn = d.length;
    // The glob's first segments matching the whole place: a match is the place or under it.
    if (globMatchesPath(lower.ptr, lower.length, dp, dn, true)) return hit(m.label, m.rule);
    if (!tree) continue;
    // Each directory above the place: the whole glob matching it puts the place inside the tree.
    for (let k = 1; k < dn; k++) {
      if (load<u8>(dp + <usize>k) == 0x2f && globMatchesPath(lower.ptr, lower.length, dp, k, false)) return hit(m.label, m.rule);
    }
  }
  return false;
}

function hit(label: string, rule: string): bool {
  treeHit.label = label;
  treeHit.rule = rule;
  return true;
}

/** Is the blocked entry m's place (or a match of its glob) inside the tree at `lower`? */
function blockInside(m: PathMatcher): bool {
  if (m.kind == MatchKind.Dir) return below(changetype<usize>(m.dir), m.dir.length);
  if (m.kind != MatchKind.Glob) return false; // Any blocks every path itself; Unresolved never matches
  const g = m.glob!;
  // Every match starts with the glob's literal prefix: a prefix below the root puts the matches inside it.
  const lit = literalPrefix(g);
  if (lit.length > lower.length && startsWithDir(changetype<usize>(lit), lit.length)) return true;
  // The root is inside the literal part, or shares it: matches may lie deeper than the root when the glob
  // has more segments than the root (or `**`); then they may be inside it.
  if (!sharesPrefix(changetype<usize>(lit), lit.length)) return false;
  return deepest(g) > segments(lower.ptr, lower.length);
}

/** Is one of the root (in `lower`) and the path (p, n) the other or above it? (p, n) is compared lower-cased. */
function onOneLine(p: usize, n: i32): bool {
  const r = lower.length;
  if (r == 1) return true;
  const m = n < r ? n : r;
  for (let i = 0; i < m; i++) {
    if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != <u32>load<u8>(lower.ptr + <usize>i)) return false;
  }
  if (n == r) return true;
  return n > r ? load<u8>(p + <usize>r) == 0x2f : n == 1 || load<u8>(lower.ptr + <usize>n) == 0x2f;
}

/** Does path (p, n) lie strictly below the root in `lower`? */
function below(p: usize, n: i32): bool {
  const r = lower.length;
  if (r == 1) return n > 1; // the root is `/`
  if (n <= r || load<u8>(p + <usize>r) != 0x2f) return false;
  return sameBytes(p, lower.ptr, r);
}

/** Is (p, n) the root or below it? A fixed place that is the root itself (`/proc`) is not judged by the path check. */
function atOrBelow(p: usize, n: i32): bool {
  return below(p, n) || (n == lower.length && sameBytes(p, lower.ptr, n));
}

/** Is the root one segment below the directory (d, n) (`/home/agent` for `/home`)? */
function isChildOf(d: usize, n: i32): bool {
  const r = lower.length;
  if (r <= n + 1 || load<u8>(lower.ptr + <usize>n) != 0x2f || memory.compare(lower.ptr, d, n) != 0) return false;
  for (let i = n + 1; i < r; i++) if (load<u8>(lower.ptr + <usize>i) == 0x2f) return false;
  return true;
}

/** Does (p, n) start with the root as a directory (the root, then `/`, or the root is `/`)? */
function startsWithDir(p: usize, n: i32): bool {
  const r = lower.length;
  if (r == 1) return true;
  return n > r && load<u8>(p + <usize>r) == 0x2f && memory.compare(p, lower.ptr, r) == 0;
}

/** Is one of (p, n) and the root a prefix of the other? */
function sharesPrefix(p: usize, n: i32): bool {
  const m = n < lower.length ? n : lower.length;
  return memory.compare(p, lower.ptr, m) == 0;
}

function literalPrefix(g: Glob): StaticArray<u8> {
  const out = new StaticArray<u8>(g.litPrefix);
  for (let i = 0; i < g.litPrefix; i++) unchecked((out[i] = g.bytes[i])); // i < litPrefix <= length
  return out;
}

/** The most segments a match of g can have (i32.MAX_VALUE with `**`). */
function deepest(g: Glob): i32 {
  let n = 1;
  for (let i = 0; i < g.length; i++) {
    const t = <Tok>g.types[i];
    if (t == Tok.Any || t == Tok.DirEnter || t == Tok.DirLoop || t == Tok.OptSlash) return i32.MAX_VALUE;
    if (t == Tok.Lit && g.bytes[i] == 0x2f) n++;
  }
  return n - 1;
}

function segments(p: usize, n: i32): i32 {
  if (n == 1) return 0; // `/`
  let k = 0;
  for (let i = 0; i < n; i++) if (load<u8>(p + <usize>i) == 0x2f) k++;
  return k;
}

/**
 * Does the shell glob (gp, gn) (lower-cased, canonical) match the path (pp, pn) — with `deeper`, may the glob
 * go on below it? Segment by segment: `*` any run within a segment, `?` one byte, `[…]` one byte (any: classes
 * are not read, so this may say yes where bash would not).
 */
function globMatchesPath(gp: usize, gn: i32, pp: usize, pn: i32, deeper: bool): bool {
  let gi = 0, pi = 0;
  while (gi < gn && pi < pn) {
    // One segment each.
    let ge = gi; while (ge < gn && load<u8>(gp + <usize>ge) != 0x2f) ge++;
    let pe = pi; while (pe < pn && load<u8>(pp + <usize>pe) != 0x2f) pe++;
    if (!segmentMatches(gp + <usize>gi, ge - gi, pp + <usize>pi, pe - pi)) return false;
    gi = ge + 1;
    pi = pe + 1;
    if (pi >= pn) return gi >= gn || deeper;
    if (gi >= gn) return false;
  }
  return gi >= gn && pi >= pn;
}

/** One segment: `*` backtracks only within the segment, which bounds the work by its length squared. */
function segmentMatches(gp: usize, gn: i32, sp: usize, sn: i32): bool {
  let gi = 0, si = 0, star = -1, mark = 0;
  while (si < sn) {
    if (gi < gn) {
      const c = load<u8>(gp + <usize>gi);
      if (c == 0x2a) { star = gi++; mark = si; continue; }
      if (c == 0x5b) {
        const close = classEnd(gp, gn, gi);
        if (close > 0) { gi = close + 1; si++; continue; }
      }
      if (c == 0x3f || <u32>c == toLowerAscii(<u32>load<u8>(sp + <usize>si))) { gi++; si++; continue; }
    }
    if (star < 0) return false;
    gi = star + 1;
    si = ++mark;
  }
  while (gi < gn && load<u8>(gp + <usize>gi) == 0x2a) gi++;
  return gi == gn;
}

/** The index of the `]` closing a class opened at `at`, or -1 (then `[` is literal). */
function classEnd(gp: usize, gn: i32, at: i32): i32 {
  let i = at + 1;
  if (i < gn && (load<u8>(gp + <usize>i) == 0x21 || load<u8>(gp + <usize>i) == 0x5e)) i++;
  if (i < gn && load<u8>(gp + <usize>i) == 0x5d) i++;
  for (; i < gn; i++) {
    const c = load<u8>(gp + <usize>i);
    if (c == 0x5d) return i;
    if (c == 0x2f) return -1;
  }
  return -1;
}

/** (p, n) lower-cased (ASCII) into `out`, in one pass. */
function lowerInto(out: ByteBuffer, p: usize, n: i32): void {
  out.reset();
  if (n > out.data.length) out.ensure(n);
  const q = out.ptr;
  for (let i = 0; i < n; i++) store<u8>(q + <usize>i, <u8>toLowerAscii(<u32>load<u8>(p + <usize>i)));
  out.length = n;
}

function quoteBytes(b: ByteBuffer): string {
  return "'" + b.toString() + "'";
}
