// One pass over a canonical path before the file rules judge it (file.ts checkCanonical): its segments'
// lengths and first bytes (the gate of the blocked names without '/', file-match.ts matchesSplit), whether it
// holds a byte a decoding tool may read otherwise, and whether any segment could break a built-in
// sensitive-file rule (file-sensitive.ts). Most paths break none, and then those rules are not run at all. The
// scan only ever answers "maybe" for them: a maybe runs sensitiveRule in full, so a loose answer costs time,
// never a missed rule. Where the segments are is found only when a pattern must read them (splitPath):
// most paths pass the gate of no name, and then no segment is read.

import { ByteBuffer, toLowerAscii } from "../../../util/bytes";
import { sameBytes } from "../../../util/path";

export const enum Scan {
  /** A control byte, a non-ASCII byte, '%' or '\': the decoding tool's reading may differ (checkFile judges it). */
  FOREIGN = 1,
  /** A segment may break a built-in sensitive-file rule: sensitiveRule decides. */
  SENSITIVE = 2,
}

// Byte classes: only bytes of one of these classes need more than the segment walk.
// @ts-ignore: decorator
@inline const B_FOREIGN: u8 = 1; // == Scan.FOREIGN
// @ts-ignore: decorator
@inline const B_DOT: u8 = 4;
// @ts-ignore: decorator
@inline const B_CP: u8 = 8; // 'c' or 'p': where "credentials" or "password" may start
// @ts-ignore: decorator
@inline const B_COLON: u8 = 16; // an alternate data stream cuts the name there
// @ts-ignore: decorator
@inline const B_SPACE: u8 = 32; // a trailing space changes the name on some systems
/**
 * The first bytes that open a gate of maySensitive, as bits of (byte | 0x20) & 63, the bit scanPath keeps per
 * segment: '.', '_' (0x7f), 'e', 'p', 'i' in either case. A segment with none of them, no dot after its first
 * byte, no ':' and no ' ' cannot be one maySensitive would flag, and the call is skipped.
 */
const GATE_FIRSTS: u64 = (<u64>1 << 46) | (<u64>1 << 63) | (<u64>1 << 37) | (<u64>1 << 48) | (<u64>1 << 41);

const CLASS = byteClasses();

function byteClasses(): StaticArray<u8> {
  const t = new StaticArray<u8>(256);
  for (let c = 0; c < 256; c++) {
    let k: u8 = 0;
    if (c < 0x20 || c >= 0x7f || c == 0x25 || c == 0x5c) k |= B_FOREIGN;
    if (c == 0x2e) k |= B_DOT;
    if (c == 0x63 || c == 0x43 || c == 0x70 || c == 0x50) k |= B_CP;
    if (c == 0x3a) k |= B_COLON;
    if (c == 0x20) k |= B_SPACE;
    t[c] = k;
  }
  return t;
}

// "password" and "credenti" as little-endian u64, each byte ORed with 0x20: a window of the path ORed the same
// way equals one of them whenever it spells the word in any ASCII case.
const PASSWORD: u64 = 0x64726f7773736170;
const CREDENTI: u64 = 0x69746e6564657263;
const CASE: u64 = 0x2020202020202020;

/** The segments of the path last split (splitPath): start and end offsets, how many. */
export let segStarts = new StaticArray<i32>(32);
export let segEnds = new StaticArray<i32>(32);
export let segCount = 0;
/** The segments above are the path's last scanned (false after a scan, until a pattern asks for them). */
export let segSplit = false;
/** Bit min(length, 63) set for each segment's length: a name without wildcards needs a segment of its length. */
export let segLengths: u64 = 0;
/** Bit (first byte | 0x20) & 63 set for each segment: a literal name needs a segment starting with its byte. */
export let segFirsts: u64 = 0;
/** The path last scanned was the prefix's directory or below it (its scan resumed after the directory). */
export let scanResumed = false;

/**
 * A canonical directory's scan, kept so that a path below it resumes after it (FileLimits keeps the workspace
 * root's: most paths a policy judges lie under it). Its bytes, segments and what they set.
 */
export class ScanPrefix {
  ptr: usize = 0;
  /** 0 or 1 (no directory, or `/`): nothing to resume from. */
  length: i32 = 0;
  bytes: StaticArray<u8> = new StaticArray<u8>(0);
  /** How many segments it has. */
  count: i32 = 0;
  flags: i32 = 0;
  lengths: u64 = 0;
  firsts: u64 = 0;
}

/** The scan of the canonical directory `bytes` (empty, or as canonicalizePath makes it), to resume from. */
export function scanPrefix(bytes: StaticArray<u8>): ScanPrefix {
  const out = new ScanPrefix();
  out.bytes = bytes;
  out.ptr = changetype<usize>(bytes);
  out.length = bytes.length;
  const b = new ByteBuffer(bytes.length + 1);
  b.append(out.ptr, bytes.length);
  out.flags = scanPath(b);
  splitPath(b);
  out.count = segCount;
  out.lengths = segLengths;
  out.firsts = segFirsts;
  return out;
}

/**
 * Scan the canonical path in `buf`: sets the bits above and returns the Scan flags (the segments themselves are
 * split on demand, splitPath). When the path is `prefix`'s directory or below it, the directory's flags
 * and bits are taken from `prefix` and the scan resumes at the '/' after it. The same answer: the segments end
 * there, each segment's checks read only its own bytes and its index, and a "password"/"credenti" window that
 * crosses the '/' cannot match (no letter).
 */
export function scanPath(buf: ByteBuffer, prefix: ScanPrefix | null = null): i32 {
  const p = buf.ptr, n = buf.length, table = changetype<usize>(CLASS);
  let flags = 0, k = 0, lengths: u64 = 0, firsts: u64 = 0;
  let i = 0;
  scanResumed = false;
  segSplit = false;
  if (prefix !== null) {
    const r = prefix.length;
    if (r > 1 && n >= r && (n == r || load<u8>(p + <usize>r) == 0x2f) && sameBytes(p, prefix.ptr, r)) {
      k = prefix.count;
      flags = prefix.flags;
      lengths = prefix.lengths;
      firsts = prefix.firsts;
      i = r;
      scanResumed = true;
    }
  }
  while (i < n) {
    let c = <u32>load<u8>(p + <usize>i);
    if (c == 0x2f) { i++; continue; }
    const start = i;
    let seen: u32 = 0, lastDot = -1;
    do {
      const t = <u32>load<u8>(table + <usize>c);
      if (t != 0) {
        seen |= t;
        if ((t & B_DOT) != 0) lastDot = i;
        else if ((t & B_CP) != 0 && i + 8 <= n && (flags & Scan.SENSITIVE) == 0) {
          const w = load<u64>(p + <usize>i) | CASE;
          if (w == PASSWORD || w == CREDENTI) flags |= Scan.SENSITIVE;
        }
      }
      if (++i >= n) break;
      c = <u32>load<u8>(p + <usize>i);
    } while (c != 0x2f);
    const len = i - start;
    lengths |= <u64>1 << <u64>(len < 63 ? len : 63);
    const first = <u64>((load<u8>(p + <usize>start) | 0x20) & 63);
    firsts |= <u64>1 << first;
    flags |= <i32>(seen & B_FOREIGN);
    if ((flags & Scan.SENSITIVE) == 0 && (((GATE_FIRSTS >> first) & 1) != 0 || lastDot > start || (seen & (B_COLON | B_SPACE)) != 0) &&
      maySensitive(p, start, i, k, seen, lastDot)) flags |= Scan.SENSITIVE;
    k++;
  }
  segLengths = lengths;
  segFirsts = firsts;
  return flags;
}

/**
 * The non-empty segments of the canonical path in `buf` into segStarts, segEnds and segCount: what a pattern
 * without '/' reads (file-match.ts matchesSplit, which asks once per scan).
 */
export function splitPath(buf: ByteBuffer): void {
  const p = buf.ptr, n = buf.length;
  let k = 0, i = 0;
  while (i < n) {
    if (load<u8>(p + <usize>i) == 0x2f) { i++; continue; }
    const start = i;
    while (++i < n && load<u8>(p + <usize>i) != 0x2f);
    if (k >= segStarts.length) growSegments();
    unchecked((segStarts[k] = start)); // k < length (grown above)
    unchecked((segEnds[k] = i));
    k++;
  }
  segCount = k;
  segSplit = true;
}

/**
 * Could the segment [start, end) (the k-th) break a name rule of file-sensitive.ts, apart from "credentials"
 * and "password" (found by the byte walk)? Only the rules' gates are read: a leading '.' or '_' (the env,
 * secret-directory and secret-file names, and the '.docker' / '.config' parents), `id` (SSH keys), a first
 * segment starting 'e' or 'p' (/etc, /proc), a key file's extension, and the bytes that change the name
 * itself (':' and trailing '.' or ' ').
 */
export function maySensitive(p: usize, start: i32, end: i32, k: i32, seen: u32, lastDot: i32): bool {
  const c0 = toLowerAscii(<u32>load<u8>(p + <usize>start));
  if (c0 == 0x2e || c0 == 0x5f || (seen & B_COLON) != 0) return true;
  const last = <u32>load<u8>(p + <usize>(end - 1));
  if (last == 0x2e || last == 0x20) return true;
  if (k == 0 && (c0 == 0x65 || c0 == 0x70)) return true;
  if (c0 == 0x69 && end - start >= 6 && toLowerAscii(<u32>load<u8>(p + <usize>(start + 1))) == 0x64) return true;
  if (lastDot > start) {
    // .pem .key .p12 .pfx .ppk .jks (4 bytes), .kdbx (5), .keystore (9).
    const en = end - lastDot, c1 = toLowerAscii(<u32>load<u8>(p + <usize>(lastDot + 1)));
    if (en == 4 ? c1 == 0x70 || c1 == 0x6b || c1 == 0x6a : (en == 5 || en == 9) && c1 == 0x6b) return true;
  }
  return false;
}

function growSegments(): void {
  const n = segStarts.length << 1;
  const s = new StaticArray<i32>(n), e = new StaticArray<i32>(n);
  memory.copy(changetype<usize>(s), changetype<usize>(segStarts), <usize>(segStarts.length << 2));
  memory.copy(changetype<usize>(e), changetype<usize>(segEnds), <usize>(segEnds.length << 2));
  segStarts = s;
  segEnds = e;
}
