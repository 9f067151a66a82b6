// The directories a command may run in, as blocked patterns see them
// (PatternMatcher): the tool's cwd, every resolved `cd`, and directories known
// only below an unknown one. Each distinct directory is kept once — `env -C a`
// or `cd a; cd ..` repeated hundreds of times is one place, not hundreds that
// every word is resolved against — and a relative word is only resolved under
// a canonical place whose joined path could be the pattern's (`couldHit`): a
// length or literal-prefix test on the bytes as they would be joined, where
// resolving copies the whole directory for every word and place.

import { ByteBuffer, toLowerAscii } from "../../util/bytes";
import { IntList } from "../syntax/buffers";
import { Ch } from "../syntax/tokens";

export class PlaceSet {
  text: ByteBuffer = new ByteBuffer(128);
  start: IntList = new IntList(4);
  len: IntList = new IntList(4);
  /** Per place: 1 when it is a canonical absolute path ("/" or "/a/b": no empty, `.` or `..` segment, no trailing `/`). */
  canonical: IntList = new IntList(4);
  /** Open addressing on a hash of the bytes: place index + 1, 0 empty. Cleared slot by slot (slotOf). */
  private table: IntList = new IntList(16);
  private slotOf: IntList = new IntList(4);

  constructor() {
    for (let i = 0; i < 16; i++) this.table.push(0);
  }

  reset(): void {
    for (let i = 0, n = this.slotOf.length; i < n; i++) this.table.set(this.slotOf.get(i), 0);
    this.text.reset(); this.start.reset(); this.len.reset(); this.canonical.reset(); this.slotOf.reset();
  }

  // @ts-ignore: decorator
  @inline get count(): i32 {
    return this.start.length;
  }

  /** Add (p, n) unless it is there already; its index either way. */
  add(p: usize, n: i32): i32 {
    if ((this.count + 1) * 2 > this.table.length) this.rehash();
    const mask = this.table.length - 1;
    let slot = <i32>(hashBytes(p, n) & <u32>mask);
    while (true) {
      const e = this.table.get(slot);
      if (e == 0) break;
      const k = e - 1;
      if (this.len.get(k) == n && memory.compare(this.text.ptr + <usize>this.start.get(k), p, <usize>n) == 0) return k;
      slot = (slot + 1) & mask;
    }
    const index = this.start.push(this.text.length);
    this.len.push(n);
    this.canonical.push(isCanonicalAbsolute(p, n) ? 1 : 0);
    this.text.append(p, n);
    this.table.set(slot, index + 1);
    this.slotOf.push(slot);
    return index;
  }

  private rehash(): void {
    const size = this.table.length << 1;
    this.table.reset();
    for (let i = 0; i < size; i++) this.table.push(0);
    this.slotOf.reset();
    const mask = size - 1;
    for (let k = 0, n = this.count; k < n; k++) {
      let slot = <i32>(hashBytes(this.text.ptr + <usize>this.start.get(k), this.len.get(k)) & <u32>mask);
      while (this.table.get(slot) != 0) slot = (slot + 1) & mask;
      this.table.set(slot, k + 1);
      this.slotOf.push(slot);
    }
  }
}

/** FNV-1a. */
function hashBytes(p: usize, n: i32): u32 {
  let h: u32 = 0x811c9dc5;
  for (let i = 0; i < n; i++) h = (h ^ <u32>load<u8>(p + <usize>i)) * 0x01000193;
  return h;
}

/** "/" or "/a/b": what canonicalizeBytesInto makes of an absolute path. */
export function isCanonicalAbsolute(p: usize, n: i32): bool {
  if (n == 0 || <u32>load<u8>(p) != Ch.SLASH) return false;
  if (n == 1) return true;
  if (<u32>load<u8>(p + <usize>(n - 1)) == Ch.SLASH) return false;
  return plainSegments(p + 1, n - 1);
}

/**
 * A relative path whose every segment is a name (`a/b.txt`, not `./a`, `a//b`, `../a`, `a/`): under a
 * canonical directory d it resolves to d + "/" + itself, byte for byte.
 */
export function isPlainRelative(p: usize, n: i32): bool {
  if (n == 0) return false;
  const c0 = <u32>load<u8>(p);
  if (c0 == Ch.SLASH || c0 == 0x7e || <u32>load<u8>(p + <usize>(n - 1)) == Ch.SLASH) return false;
  return plainSegments(p, n);
}

/** Segments of (p, n) split at `/`: none empty, `.` or `..`. */
function plainSegments(p: usize, n: i32): bool {
  let seg = 0;
  for (let i = 0; i <= n; i++) {
    if (i < n && <u32>load<u8>(p + <usize>i) != Ch.SLASH) continue;
    const len = i - seg;
    if (len == 0) return false;
    if (<u32>load<u8>(p + <usize>seg) == 0x2e && (len == 1 || (len == 2 && <u32>load<u8>(p + <usize>(seg + 1)) == 0x2e))) return false;
    seg = i + 1;
  }
  return true;
}

/** Byte i of the canonical directory d joined with the plain relative word w (d + "/" + w, or "/" + w under "/"). */
// @ts-ignore: decorator
@inline function joinedByte(d: usize, dn: i32, w: usize, i: i32): u32 {
  const head = dn == 1 ? 0 : dn; // "/" + w: the root's `/` is the separator
  if (i < head) return <u32>load<u8>(d + <usize>i);
  if (i == head) return Ch.SLASH;
  return <u32>load<u8>(w + <usize>(i - head - 1));
}

/** Length of d + "/" + w as joinedByte reads it. */
// @ts-ignore: decorator
@inline export function joinedLength(dn: i32, wn: i32): i32 {
  return (dn == 1 ? 0 : dn) + 1 + wn;
}

/**
 * Could the path d + "/" + w (d canonical, w plain relative, so the join is its canonical form) match the
 * lower-case pattern text t (tn bytes, literal up to `lit`, then a glob from `lit` on when `glob`)? False
 * only when it cannot: the length differs from a plain pattern's, or a byte of the literal prefix differs
 * (ASCII case-insensitive, as patterns compare). `from` is where t's text starts in the join (after a home
 * prefix that matched), `skip` the pattern bytes that stand for it (`~`).
 */
export function couldHit(t: usize, tn: i32, lit: i32, glob: bool, d: usize, dn: i32, w: usize, wn: i32, from: i32, skip: i32): bool {
  const len = joinedLength(dn, wn) - from;
  const want = tn - skip;
  if (!glob && len != want) return false;
  if (len < lit - skip) return false;
  for (let i = skip; i < lit; i++) {
    if (<u32>load<u8>(t + <usize>i) != toLowerAscii(joinedByte(d, dn, w, from + i - skip))) return false;
  }
  return true;
}

/** Does the join d + "/" + w start with the home directory h (hn bytes), followed by `/` or its end? */
export function joinedUnderHome(h: usize, hn: i32, d: usize, dn: i32, w: usize, wn: i32): bool {
  const len = joinedLength(dn, wn);
  if (len < hn) return false;
  for (let i = 0; i < hn; i++) if (<u32>load<u8>(h + <usize>i) != joinedByte(d, dn, w, i)) return false;
  return len == hn || hn == 1 || joinedByte(d, dn, w, hn) == Ch.SLASH;
}
