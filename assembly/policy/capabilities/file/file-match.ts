// Compiled allowed_paths / blocked_paths / blocked_patterns entries (file.ts).
// Relative and `~` entries are resolved against the request's workspace root
// and home, so FileLimits caches the resolved matchers per (root, home).

import { ByteBuffer, Bytes, toLowerAscii, utf8 } from "../../../util/bytes";
import { canonicalizePath, pathWithinBytes } from "../../../util/path";
import { Glob, compileGlob, isGlob, matchGlob } from "./file-glob";
import { quote } from "../web/web";
import { scanPath, segCount, segEnds, segFirsts, segLengths, segSplit, segStarts, splitPath } from "./file-scan";

export const enum MatchKind {
  Unresolved = 0, // needs a workspace root or home the request did not give
  Any = 1,
  Dir = 2,
  Glob = 3,
  SegmentGlob = 4,
}

export class PathMatcher {
  kind: MatchKind = MatchKind.Unresolved;
  dir: Bytes = new StaticArray<u8>(0);
  glob: Glob | null = null;
  /** A glob entry's text as compiled (lower case for blocking entries), for file-glob-reach.ts's overlap test. */
  text: Bytes = new StaticArray<u8>(0);
  /** "allowed_paths[0] '/workspace'", for messages. */
  label: string = "";
  /** "allowed_paths/0": the entry's pointer within the limits block (provenance.ts). */
  rule: string = "";
  /**
   * An allowed directory that is the workspace root (longer than `/`): a path scanPath resumed after the
   * root's scan is within it, and no other path is (FileLimits._resolve sets it).
   */
  sameAsRoot: bool = false;
}

/** Why an entry cannot be used, or "". */
export function entryProblem(e: string): string {
  if (e.length == 0) return "is empty";
  for (let i = 0; i < e.length; i++) {
    const c = e.charCodeAt(i);
    if (c < 0x20 || c == 0x7f) return "contains a control character";
  }
  if (e.startsWith("~") && e.length > 1 && e.charCodeAt(1) != 0x2f) return "uses '~user', which cannot be resolved";
  if (isGlob(e) && hasDotDot(e)) return "uses '..' in a glob; write the directory it means";
  return "";
}

function hasDotDot(e: string): bool {
  return e == ".." || e.startsWith("../") || e.endsWith("/..") || e.indexOf("/../") >= 0;
}

function anywhere(e: string): bool {
  return e == "*" || e == "/**";
}

function label(key: string, index: i32, entry: string): string {
  return key + "[" + index.toString() + "] " + quote(entry);
}

/** A directory or anchored glob from allowed_paths / blocked_paths. */
export function pathMatcher(entry: string, base: string, home: string, fold: bool, key: string, index: i32): PathMatcher {
  const m = new PathMatcher();
  m.label = label(key, index, entry);
  m.rule = key + "/" + index.toString();
  if (anywhere(entry)) {
    m.kind = MatchKind.Any;
    return m;
  }
  if (isGlob(entry)) {
    let anchored: string;
    if (entry.startsWith("/")) anchored = entry;
    else if (entry.startsWith("~/")) anchored = home + entry.substring(1);
    else anchored = base + "/" + entry;
    // Lexical clean-up of the literal parts ('*' and '?' are ordinary bytes to it).
    const clean = anchored.startsWith("/") ? canonicalizePath(anchored, "/", "/") : null;
    if (clean === null) return m;
    const bytes = utf8(clean);
    m.glob = compileGlob(changetype<usize>(bytes), bytes.length, fold);
    m.text = foldedCopy(bytes);
    m.kind = MatchKind.Glob;
    return m;
  }
  const dir = canonicalizePath(entry, base, home);
  if (dir === null) return m;
  m.dir = utf8(dir);
  if (fold) lowerAsciiInPlace(m.dir);
  m.kind = MatchKind.Dir;
  return m;
}

/** A blocked_patterns entry: per segment without '/', else a path glob (relative = any depth). */
export function patternMatcher(entry: string, home: string, index: i32): PathMatcher {
  const m = new PathMatcher();
  m.label = label("blocked_patterns", index, entry);
  m.rule = "blocked_patterns/" + index.toString();
  if (entry.indexOf("/") < 0) {
    const b = utf8(entry);
    m.glob = compileGlob(changetype<usize>(b), b.length, true);
    m.text = foldedCopy(b);
    m.kind = MatchKind.SegmentGlob;
    return m;
  }
  let text: string;
  if (entry.startsWith("/")) text = entry;
  else if (entry.startsWith("~/")) {
    if (!home.startsWith("/")) return m;
    text = home + entry.substring(1);
  } else text = "**/" + entry;
  const b = utf8(text);
  m.glob = compileGlob(changetype<usize>(b), b.length, true);
  m.text = foldedCopy(b);
  m.kind = MatchKind.Glob;
  return m;
}

/** The bytes lower-cased (ASCII), as blocking entries compare. */
function foldedCopy(b: Bytes): Bytes {
  const c = new StaticArray<u8>(b.length);
  for (let i = 0; i < b.length; i++) c[i] = <u8>toLowerAscii(<u32>b[i]);
  return c;
}

function lowerAsciiInPlace(b: Bytes): void {
  for (let i = 0; i < b.length; i++) b[i] = <u8>toLowerAscii(<u32>b[i]);
}

/**
 * Is the path (p, pl) the directory (d, dl) or below it, comparing the path's
 * bytes lower-cased (ASCII) with `d`, which is lower case already?
 */
export function pathWithinFolded(p: usize, pl: i32, d: usize, dl: i32): bool {
  if (dl <= 0 || pl <= 0) return false;
  if (dl == 1 && load<u8>(d) == 0x2f) return load<u8>(p) == 0x2f;
  // The byte after the directory first: most paths that differ are told apart without comparing the rest.
  if (pl < dl || (pl != dl && load<u8>(p + <usize>dl) != 0x2f)) return false;
  for (let i = 0; i < dl; i++) {
    if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != <u32>load<u8>(d + <usize>i)) return false;
  }
  return true;
}

/**
 * Does `m` match the canonical path in `buf`? Blocking matchers compare
 * ASCII case-insensitively (their entries are lower-cased when compiled, the
 * path's bytes as they are read) and also match ancestors.
 */
export function matchesPath(m: PathMatcher, buf: ByteBuffer, blocking: bool): bool {
  switch (m.kind) {
    case MatchKind.Any:
      return true;
    case MatchKind.Dir:
      if (blocking) return pathWithinFolded(buf.ptr, buf.length, changetype<usize>(m.dir), m.dir.length);
      return pathWithinBytes(buf.ptr, buf.length, changetype<usize>(m.dir), m.dir.length);
    case MatchKind.Glob:
      return matchGlob(m.glob!, buf.ptr, buf.length, blocking, blocking);
    case MatchKind.SegmentGlob: {
      const p = buf.ptr;
      const n = buf.length;
      let i = 0;
      while (i < n) {
        while (i < n && load<u8>(p + <usize>i) == 0x2f) i++;
        const start = i;
        while (i < n && load<u8>(p + <usize>i) != 0x2f) i++;
        if (i > start && matchGlob(m.glob!, p + <usize>start, i - start, true, false)) return true;
      }
      return false;
    }
    default:
      return false;
  }
}


/** Scan the canonical path in `buf` for matchesSplit (file-scan.ts scanPath: the bits; its segments on demand). */
export function splitSegments(buf: ByteBuffer): void {
  scanPath(buf);
}

/**
 * matchesPath for the path in `buf` that scanPath (or splitSegments) split last: a pattern without '/' reads
 * the segments found there, and one with no wildcard (`.env`) is compared only with segments of its length
 * and first byte.
 */
export function matchesSplit(m: PathMatcher, buf: ByteBuffer, blocking: bool): bool {
  if (m.kind != MatchKind.SegmentGlob) return matchesPath(m, buf, blocking);
  const g = m.glob!;
  const p = buf.ptr;
  const literal = g.litPrefix == g.length;
  if (literal) {
    if (g.length == 0 || ((segLengths >> <u64>(g.length < 63 ? g.length : 63)) & 1) == 0) return false;
    if (((segFirsts >> <u64>((<u32>unchecked(g.bytes[0]) | 0x20) & 63)) & 1) == 0) return false; // 0 < length
  }
  if (!segSplit) splitPath(buf);
  for (let k = 0, n = segCount; k < n; k++) {
    const start = unchecked(segStarts[k]), len = unchecked(segEnds[k]) - start; // k < segCount <= length
    if (literal) {
      if (len == g.length && literalFolded(g, p + <usize>start, len)) return true;
    } else if (matchGlob(g, p + <usize>start, len, true, false)) return true;
  }
  return false;
}

/** Are the bytes (p, n) the literal glob g's (lower case), ignoring ASCII case? n is g.length. */
function literalFolded(g: Glob, p: usize, n: i32): bool {
  for (let j = 0; j < n; j++) {
    if (toLowerAscii(<u32>load<u8>(p + <usize>j)) != <u32>unchecked(g.bytes[j])) return false; // j < length
  }
  return true;
}
