// Lexical path canonicalisation (no file system: symlinks are not resolved).
// Used for tool_input.cwd, allowed_working_directories, `cd` targets and the
// built-in `rm -rf /` checks, and by the file-path rules. A path that cannot be
// made absolute, or that contains NUL or a lone surrogate, is null: the
// caller denies (fail closed, STYLE.md "Habits").

import { ByteBuffer } from "./bytes";
import { containsZeroByte, zeroBytes } from "./swar";

// @ts-ignore: decorator
@inline const SLASH: u32 = 0x2f;
// @ts-ignore: decorator
@inline const DOT: u32 = 0x2e;

/**
 * Append the components of (ptr, len) to `out`, which already holds an
 * absolute canonical path ("/" or "/a/b", never a trailing slash). Empty and
 * `.` components are dropped; `..` removes the last component (never above /).
 */
export function appendComponents(out: ByteBuffer, ptr: usize, len: i32): void {
  // One pass: each segment's bytes are copied as they are read (after a '/' unless `out` is "/"), and a `.` or
  // `..` is taken back once its end is seen. The result grows by at most len + 1 bytes, so room is made once.
  room(out, len + 1);
  const q = out.ptr;
  let k = out.length;
  let i = 0;
  while (i < len) {
    let c = <u32>load<u8>(ptr + <usize>i);
    if (c == SLASH) { i++; continue; }
    const at = k, start = i;
    if (k != 1) store<u8>(q + <usize>(k++), <u8>SLASH);
    do {
      store<u8>(q + <usize>(k++), <u8>c);
      if (++i >= len) break;
      c = <u32>load<u8>(ptr + <usize>i);
    } while (c != SLASH);
    const n = i - start;
    if (n <= 2 && <u32>load<u8>(ptr + <usize>start) == DOT && (n == 1 || <u32>load<u8>(ptr + <usize>start + 1) == DOT)) {
      k = at;
      if (n == 2) {
        // `..`: drop the last component ("/a/b" → "/a", "/a" → "/").
        let j = k - 1;
        while (j > 0 && <u32>load<u8>(q + <usize>j) != SLASH) j--;
        k = j == 0 ? 1 : j;
      }
    }
  }
  out.length = k;
}

/**
 * Are the n bytes at a and at b the same? Eight at a time, in place: a path's bytes are few, and
 * memory.compare's alignment loops (and memory.copy's call out of the module) cost more than the bytes.
 */
// @ts-ignore: decorator
@inline export function sameBytes(a: usize, b: usize, n: i32): bool {
  if (n >= 8) {
    // Whole words, then the last word again (overlapping what was compared: the same answer).
    const last = <usize>(n - 8);
    for (let i: usize = 0; i < last; i += 8) if (load<u64>(a + i) != load<u64>(b + i)) return false;
    return load<u64>(a + last) == load<u64>(b + last);
  }
  if (n >= 4) return load<u32>(a) == load<u32>(b) && load<u32>(a + <usize>(n - 4)) == load<u32>(b + <usize>(n - 4));
  if (n >= 2) return load<u16>(a) == load<u16>(b) && load<u16>(a + <usize>(n - 2)) == load<u16>(b + <usize>(n - 2));
  return n <= 0 || load<u8>(a) == load<u8>(b);
}

/** Copy n bytes from src to dst (the ranges do not overlap), a word at a time (sameBytes says why). */
// @ts-ignore: decorator
@inline export function copyBytes(dst: usize, src: usize, n: i32): void {
  if (n >= 8) {
    // Whole words, then the last word again (rewriting bytes already copied with the same values).
    const last = <usize>(n - 8);
    for (let i: usize = 0; i < last; i += 8) store<u64>(dst + i, load<u64>(src + i));
    store<u64>(dst + last, load<u64>(src + last));
  } else if (n >= 4) {
    const a = load<u32>(src), b = load<u32>(src + <usize>(n - 4));
    store<u32>(dst, a);
    store<u32>(dst + <usize>(n - 4), b);
  } else if (n >= 2) {
    const a = load<u16>(src), b = load<u16>(src + <usize>(n - 2));
    store<u16>(dst, a);
    store<u16>(dst + <usize>(n - 2), b);
  } else if (n == 1) store<u8>(dst, load<u8>(src));
}

/** Room for `extra` more bytes in `out`: the check here, ByteBuffer.ensure (a call) only to grow. */
// @ts-ignore: decorator
@inline function room(out: ByteBuffer, extra: i32): void {
  if (out.length + extra > out.data.length) out.ensure(extra);
}

/** Append the n bytes at p to `out` (copyBytes). */
export function appendBytes(out: ByteBuffer, p: usize, n: i32): void {
  room(out, n);
  copyBytes(out.ptr + <usize>out.length, p, n);
  out.length += n;
}

/** Drop the last component of an absolute canonical path in `out` ("/a/b" → "/a", "/a" → "/"). */
export function popComponent(out: ByteBuffer): void {
  let j = out.length - 1;
  while (j > 0 && <u32>load<u8>(out.ptr + <usize>j) != SLASH) j--;
  out.length = j == 0 ? 1 : j;
}

/** Start `out` as "/" then append (ptr, len), which must itself be absolute. Returns false if it is not. */
export function canonicalizeAbsoluteInto(out: ByteBuffer, ptr: usize, len: i32): bool {
  out.reset();
  if (len == 0 || <u32>load<u8>(ptr) != SLASH) return false;
  out.push(<u8>SLASH);
  appendComponents(out, ptr, len);
  return true;
}

/**
 * Are the n bytes at p (n > 0) a path whose segments appendComponents copies as they are: no NUL, no empty
 * segment (`//`, a trailing `/`, and a leading one unless `absolute`) and no segment starting with `.` (so
 * none is `.` or `..`)? Eight bytes at a time: a byte flagged NUL, or flagged `/` or `.` right after a `/`
 * (the first byte counts as after one unless `absolute`), says no.
 */
export function plainSegments(p: usize, n: i32, absolute: bool): bool {
  if (<u32>load<u8>(p + <usize>(n - 1)) == SLASH) return false;
  let carry: u64 = absolute ? 0 : 0x80; // the slash flag of the byte before, in byte 0's top bit
  let i = 0;
  for (; i + 8 <= n; i += 8) {
    const x = load<u64>(p + <usize>i);
    const s = zeroBytes(x ^ SLASHES);
    if ((zeroBytes(x) | (((s << 8) | carry) & (s | zeroBytes(x ^ DOTS)))) != 0) return false;
    carry = s >> 56;
  }
  if (i == n) return true;
  // The last bytes, never loaded past the path: the last eight again (their first byte and the one before it
  // were judged as a pair in the loop, so no carry), or a shorter path's bytes padded with 'a' (not NUL, '/'
  // or '.').
  let x: u64;
  if (n > 8) {
    x = load<u64>(p + <usize>(n - 8));
    carry = 0;
  } else {
    // Two overlapping loads: where they overlap both hold the same bytes.
    if (n >= 4) x = <u64>load<u32>(p) | (<u64>load<u32>(p + <usize>(n - 4)) << <u64>((n - 4) << 3));
    else if (n >= 2) x = <u64>load<u16>(p) | (<u64>load<u16>(p + <usize>(n - 2)) << <u64>((n - 2) << 3));
    else x = <u64>load<u8>(p);
    x |= PAD << <u64>(n << 3);
  }
  const s = zeroBytes(x ^ SLASHES);
  return (zeroBytes(x) | (((s << 8) | carry) & (s | zeroBytes(x ^ DOTS)))) == 0;
}

const SLASHES: u64 = 0x2f2f2f2f2f2f2f2f;
const DOTS: u64 = 0x2e2e2e2e2e2e2e2e;
const PAD: u64 = 0x6161616161616161;

/**
 * Byte-level canonicalisation: `path` resolved against `base` (for relative
 * paths) and `home` (for `~` and `~/…`). Returns false when the result cannot be
 * made absolute (relative with no absolute base, `~user`, `~+`, empty, NUL).
 * `dirsCanonical`: the base and home are already canonical or empty — as
 * canonicalizePathInto (or this function) leaves them: absolute, no NUL, no
 * empty, `.` or `..` segment, no trailing slash. Such a directory comes out of
 * appendComponents unchanged, so it is copied whole instead of being read
 * segment by segment. A path or base whose segments are all plain names
 * (plainSegments) comes out unchanged too, and is copied whole as well.
 */
export function canonicalizeBytesInto(
  out: ByteBuffer,
  pathPtr: usize, pathLen: i32,
  basePtr: usize, baseLen: i32,
  homePtr: usize, homeLen: i32,
  dirsCanonical: bool = false,
): bool {
  out.reset();
  if (pathLen <= 0) return false;
  const c0 = <u32>load<u8>(pathPtr);
  // plainSegments also rules out NUL: only a path it turns down is searched for one.
  let plain = plainSegments(pathPtr, pathLen, c0 == SLASH);
  if (!plain && containsZeroByte(pathPtr, pathLen)) return false;
  if (c0 == SLASH) {
    if (plain) appendBytes(out, pathPtr, pathLen);
    else {
      out.push(<u8>SLASH);
      appendComponents(out, pathPtr, pathLen);
    }
    return true;
  }
  let dirPtr = basePtr, dirLen = baseLen;
  if (c0 == 0x7e) { // ~
    if (pathLen > 1 && <u32>load<u8>(pathPtr + 1) != SLASH) return false; // ~user, ~+, ~-
    dirPtr = homePtr;
    dirLen = homeLen;
    pathPtr++;
    pathLen--;
    plain = false; // what follows `~` starts with '/' (or is empty)
  }
  if (dirLen <= 0) return false;
  if (!dirsCanonical) {
    if (<u32>load<u8>(dirPtr) != SLASH) return false;
    if (!plainSegments(dirPtr, dirLen, true)) {
      if (containsZeroByte(dirPtr, dirLen)) return false;
      out.push(<u8>SLASH);
      appendComponents(out, dirPtr, dirLen);
      appendComponents(out, pathPtr, pathLen);
      return true;
    }
  }
  // The directory is canonical ("/" or "/a/b", as it is or as plainSegments found it): copied whole, with room
  // for a '/' and the path made once; a plain path's segments follow it after one '/'.
  room(out, dirLen + pathLen + 1);
  const q = out.ptr;
  copyBytes(q, dirPtr, dirLen);
  out.length = dirLen;
  if (!plain) {
    appendComponents(out, pathPtr, pathLen);
    return true;
  }
  let k = dirLen;
  if (k != 1) store<u8>(q + <usize>(k++), <u8>SLASH);
  copyBytes(q + <usize>k, pathPtr, pathLen);
  out.length = k + pathLen;
  return true;
}

/** True when `s` has a NUL or an unpaired UTF-16 surrogate (it cannot be a path). */
function oddString(s: string): bool {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = <u32>s.charCodeAt(i);
    if (c == 0) return true;
    if (c - 0xd800 < 0x800) {
      if (c >= 0xdc00 || i + 1 >= n) return true;
      const d = <u32>s.charCodeAt(i + 1);
      if (d - 0xdc00 >= 0x400) return true;
      i++;
    }
  }
  return false;
}

const scratch = new ByteBuffer(256);
let lastBase: string = "\u0000";
let lastHome: string = "\u0000";
let baseOdd: bool = true;
let homeOdd: bool = true;
let baseUtf8: ArrayBuffer = new ArrayBuffer(0);
let homeUtf8: ArrayBuffer = new ArrayBuffer(0);

/**
 * Lexically canonical absolute form of `path`: `.`, `..` and duplicate
 * slashes resolved, relative paths joined to `base`, a leading `~` or `~/`
 * replaced by `home`. Null when it cannot be made absolute (relative with an
 * empty base, `~user`), or it contains NUL or a lone surrogate.
 */
export function canonicalizePath(path: string, base: string, home: string): string | null {
  return canonicalizePathInto(scratch, path, base, home) ? scratch.toString() : null;
}

/** canonicalizePath with the result's UTF-8 bytes left in `out` (no string made); false where it gives null. */
export function canonicalizePathInto(out: ByteBuffer, path: string, base: string, home: string): bool {
  // The host passes the same base and home call after call: their checks and encodings are kept.
  if (base != lastBase) {
    lastBase = base;
    baseOdd = oddString(base);
    baseUtf8 = String.UTF8.encode(base, false);
  }
  if (home != lastHome) {
    lastHome = home;
    homeOdd = oddString(home);
    homeUtf8 = String.UTF8.encode(home, false);
  }
  if (baseOdd || homeOdd) return false;
  const b = baseUtf8, h = homeUtf8;
  // The path is often the base itself (the tool's cwd defaults to the workspace root): its kept encoding serves.
  let p: ArrayBuffer;
  if (path == base) p = b;
  else if (path == home) p = h;
  else {
    if (oddString(path)) return false;
    p = String.UTF8.encode(path, false);
  }
  return canonicalizeBytesInto(
    out,
    changetype<usize>(p), p.byteLength,
    changetype<usize>(b), b.byteLength,
    changetype<usize>(h), h.byteLength,
  );
}

/** Both canonical: true iff `path` is `dir` or below it ("/" contains everything). */
export function pathWithin(path: string, dir: string): bool {
  const dl = dir.length;
  if (dl == 0 || path.length == 0) return false;
  if (dl == 1 && dir.charCodeAt(0) == SLASH) return path.charCodeAt(0) == SLASH;
  if (!path.startsWith(dir)) return false;
  return path.length == dl || path.charCodeAt(dl) == SLASH;
}

/** Byte form of pathWithin for canonical paths in memory. */
export function pathWithinBytes(p: usize, pl: i32, d: usize, dl: i32): bool {
  if (dl <= 0 || pl <= 0) return false;
  if (dl == 1 && <u32>load<u8>(d) == SLASH) return <u32>load<u8>(p) == SLASH;
  // The byte after the directory first: most paths that differ are told apart without comparing the rest.
  if (pl < dl || (pl != dl && <u32>load<u8>(p + <usize>dl) != SLASH)) return false;
  return sameBytes(p, d, dl);
}
