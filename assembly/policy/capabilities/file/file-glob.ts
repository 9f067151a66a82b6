// Path globs for allowed_paths / blocked_paths / blocked_patterns.
//
//   *     any run of bytes within one segment (never '/')
//   ?     one byte other than '/'
//   **    a whole segment: `/**/` is zero or more segments, a leading `**/`
//         any leading directories, a trailing `/**` the directory itself and
//         everything below it; elsewhere `**` is any run of bytes
// Everything else is literal (no `[...]` classes, no escapes).
//
// Patterns come from users, so matching must not backtrack (STYLE.md §3,
// ReDoS): the pattern compiles to a small NFA that is simulated over the path
// once, O(path × pattern) time, with two state rows reused across calls.

import { toLowerAscii } from "../../../util/bytes";

export const enum Tok {
  Lit = 0, //     one byte
  One = 1, //     ?       one byte except '/'
  Star = 2, //    *       loop on bytes except '/', or skip
  Any = 3, //     **      loop on any byte, or skip
  DirEnter = 4, // **/    (?:.*/)?  into the DirLoop that follows, or skip both
  OptSlash = 5, // /**    '/' then the Any that follows, or skip both
  DirLoop = 6, //         loop on any byte; leave after consuming a '/'
}

export class Glob {
  types: StaticArray<u8>;
  bytes: StaticArray<u8>;
  length: i32 = 0;
  /** Leading Lit tokens: every match starts with their bytes (set by compileGlob). */
  litPrefix: i32 = 0;

  constructor(capacity: i32) {
    this.types = new StaticArray<u8>(capacity);
    this.bytes = new StaticArray<u8>(capacity);
  }

  push(type: Tok, b: u8): void {
    // capacity is pattern length + 1, and each pattern byte adds at most one token
    if (this.length >= this.types.length) return;
    unchecked((this.types[this.length] = <u8>type));
    unchecked((this.bytes[this.length] = b));
    this.length++;
  }
}

/** True when `s` uses glob syntax (`*` or `?`). */
export function isGlob(s: string): bool {
  return s.indexOf("*") >= 0 || s.indexOf("?") >= 0;
}

/** Compile (ptr, len); with `fold`, literals are lowercased (ASCII). */
export function compileGlob(ptr: usize, len: i32, fold: bool): Glob {
  const g = new Glob(len + 1);
  let i = 0;
  while (i < len) {
    const c = <u32>load<u8>(ptr + <usize>i);
    if (c == 0x2a) {
      let j = i;
      while (j < len && load<u8>(ptr + <usize>j) == 0x2a) j++;
      if (j - i == 1) {
        g.push(Tok.Star, 0);
        i = j;
        continue;
      }
      const afterSlash = i == 0 || load<u8>(ptr + <usize>(i - 1)) == 0x2f;
      const beforeSlash = j < len && load<u8>(ptr + <usize>j) == 0x2f;
      if (afterSlash && beforeSlash) {
        g.push(Tok.DirEnter, 0);
        g.push(Tok.DirLoop, 0);
        i = j + 1; // the '/' is part of the DirLoop
      } else if (afterSlash && j == len && endsWithSlashLit(g)) {
        // Replace the '/' just emitted: `/**` = optional '/' + anything.
        g.length--;
        g.push(Tok.OptSlash, 0);
        g.push(Tok.Any, 0);
        i = j;
      } else {
        g.push(Tok.Any, 0);
        i = j;
      }
      continue;
    }
    if (c == 0x3f) g.push(Tok.One, 0);
    else g.push(Tok.Lit, <u8>(fold ? toLowerAscii(c) : c));
    i++;
  }
  let k = 0;
  while (k < g.length && unchecked(g.types[k]) == <u8>Tok.Lit) k++; // k < g.length <= types.length
  g.litPrefix = k;
  return g;
}

function endsWithSlashLit(g: Glob): bool {
  const k = g.length - 1;
  if (k < 0) return false;
  return g.types[k] == <u8>Tok.Lit && g.bytes[k] == 0x2f;
}

// State rows, with room to clear them eight bytes a store (clearRow).
let rowA = new StaticArray<u8>(64);
let rowB = new StaticArray<u8>(64);

/** Zero bytes [0, n) of a row (and up to 7 past them: rows have 8 bytes of slack). */
// @ts-ignore: decorator
@inline function clearRow(row: StaticArray<u8>, n: i32): void {
  const p = changetype<usize>(row);
  for (let i = 0; i < n; i += 8) store<u64>(p + <usize>i, 0);
}

function closure(g: Glob, row: StaticArray<u8>): void {
  const n = g.length;
  for (let i = 0; i < n; i++) {
    if (unchecked(row[i]) == 0) continue; // i < n < row.length (grown in matchGlob)
    const t = <Tok>unchecked(g.types[i]); // i < g.length <= types.length
    // Epsilon moves only go forward, so one pass in order reaches a fixpoint.
    if (t == Tok.Star || t == Tok.Any) unchecked((row[i + 1] = 1)); // i + 1 <= n
    else if (t == Tok.DirEnter) {
      // Always followed by its DirLoop, so i + 2 <= n.
      unchecked((row[i + 1] = 1));
      if (i + 2 <= n) unchecked((row[i + 2] = 1));
    } else if (t == Tok.OptSlash && i + 2 <= n) unchecked((row[i + 2] = 1)); // followed by its Any
  }
}

/**
 * Does `g` match the whole of (ptr, len)? With `orAncestor`, a match of any
 * ancestor directory (a prefix ending before a '/') also counts, so a blocked
 * directory pattern blocks everything below it.
 */
export function matchGlob(g: Glob, ptr: usize, len: i32, fold: bool, orAncestor: bool): bool {
  const n = g.length;
  // Every match, and so every matching ancestor, starts with the literal prefix: compare it directly
  // and start the simulation after it (with the same folding as the loop below).
  const m = g.litPrefix;
  if (len < m) return false;
  for (let j = 0; j < m; j++) {
    let c = <u32>load<u8>(ptr + <usize>j);
    if (fold) c = toLowerAscii(c);
    if (c != <u32>unchecked(g.bytes[j])) return false; // j < m <= g.length
  }
  // All literal (a name such as `.env`): the whole input, or with `orAncestor` a prefix followed by '/'
  // (what the simulation below finds, without setting it up).
  if (m == n) return len == m || (orAncestor && m > 0 && load<u8>(ptr + <usize>m) == 0x2f);
  if (rowA.length < n + 9) {
    rowA = new StaticArray<u8>(n + 9);
    rowB = new StaticArray<u8>(n + 9);
  }
  let cur = rowA;
  let next = rowB;
  clearRow(cur, n + 1);
  unchecked((cur[m] = 1)); // m <= n < cur.length
  closure(g, cur);
  for (let j = m; j < len; j++) {
    let c = <u32>load<u8>(ptr + <usize>j);
    if (fold) c = toLowerAscii(c);
    if (orAncestor && c == 0x2f && j > 0 && unchecked(cur[n]) != 0) return true; // n < cur.length
    clearRow(next, n + 1);
    let live = false;
    for (let i = 0; i < n; i++) {
      if (unchecked(cur[i]) == 0) continue; // i < n < cur.length
      const t = <Tok>unchecked(g.types[i]); // i < g.length
      if (t == Tok.Lit) {
        if (c == <u32>unchecked(g.bytes[i])) { unchecked((next[i + 1] = 1)); live = true; }
      } else if (t == Tok.One) {
        if (c != 0x2f) { unchecked((next[i + 1] = 1)); live = true; }
      } else if (t == Tok.Star) {
        if (c != 0x2f) { unchecked((next[i] = 1)); live = true; }
      } else if (t == Tok.Any) {
        unchecked((next[i] = 1));
        live = true;
      } else if (t == Tok.DirLoop) {
        unchecked((next[i] = 1));
        if (c == 0x2f) unchecked((next[i + 1] = 1));
        live = true;
      } else if (t == Tok.OptSlash) {
        if (c == 0x2f) { unchecked((next[i + 1] = 1)); live = true; }
      }
      // DirEnter consumes nothing: its epsilon moves activate the DirLoop.
    }
    if (!live) return false;
    closure(g, next);
    const t = cur;
    cur = next;
    next = t;
  }
  return unchecked(cur[n]) != 0; // n < cur.length
}
