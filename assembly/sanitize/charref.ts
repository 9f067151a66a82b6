// HTML character references (&amp; &#233; &#x1F600; …), decoded as the WHATWG tokenizer does:
// the full named table (entities.ts, generated), legacy names without ';' (&copy, &amp),
// numeric references with the spec's fix-ups (0, surrogates and > U+10FFFF become U+FFFD;
// 0x80-0x9F are read as windows-1252). Controls and noncharacters decode as themselves and are
// removed later by the sanitizer layers.
import { ByteBuffer } from "../util/bytes";
import { ENTITY_COUNT, ENTITY_INDEX, ENTITY_DATA, ENTITY_MAX_NAME, ENTITY_MAX_LEGACY } from "./entities";

/** windows-1252 code points for 0x80-0x9F (0 = keep the C1 value). */
// @ts-ignore: decorator
@lazy const CP1252 = memory.data<u16>([
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0,
  0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
]);

// @ts-ignore: decorator
@inline function isAlnum(c: u32): bool {
  return c - 0x30 < 10 || (c | 0x20) - 0x61 < 26;
}

/**
 * Offset in ENTITY_DATA of the entry named (p, n), or -1, by binary search of the sorted index:
 * the reference for findEntity (the differential spec compares both).
 */
export function findEntityBySearch(p: usize, n: i32): i32 {
  let lo = 0;
  let hi = ENTITY_COUNT - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    // mid < ENTITY_COUNT, the index length.
    const off = <i32>load<u16>(ENTITY_INDEX + (<usize>mid << 1));
    const e = ENTITY_DATA + <usize>off;
    const en = <i32>(load<u8>(e) & 0x7f);
    const common = en < n ? en : n;
    let c = memory.compare(e + 1, p, <usize>common);
    if (c == 0) c = en - n;
    if (c == 0) return off;
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

// A hash table over the names (made on the first lookup): one hash and, nearly always, one
// comparison, where the binary search compares eleven times.
const TABLE_BITS = 12;
const TABLE_MASK = (1 << TABLE_BITS) - 1;
/** Per slot: the entry's index + 1, or 0 (empty); linear probing, about half full. */
const table = new StaticArray<u16>(1 << TABLE_BITS);
let tableBuilt = false;

// @ts-ignore: decorator
@inline function hashName(p: usize, n: i32): u32 {
  let h: u32 = 0x811c9dc5;
  for (let i = 0; i < n; i++) h = (h ^ <u32>load<u8>(p + <usize>i)) * 0x01000193;
  return (h * 0x9e3779b1) >> (32 - TABLE_BITS);
}

function buildTable(): void {
  for (let i = 0; i < ENTITY_COUNT; i++) {
    const e = ENTITY_DATA + <usize>load<u16>(ENTITY_INDEX + (<usize>i << 1));
    let s = hashName(e + 1, <i32>(load<u8>(e) & 0x7f));
    // ENTITY_COUNT < the table's size, so a free slot is always found; s stays under it.
    while (unchecked(table[s]) != 0) s = (s + 1) & TABLE_MASK;
    unchecked((table[s] = <u16>(i + 1)));
  }
  tableBuilt = true;
}

/**
 * Find entities by binary search (the reference) instead of the table: set by the converter's
 * oracle spec, read only in builds with the compile-time constant ORACLES (the oracle tier).
 */
let bySearch = false;

export function setEntitySearch(on: bool): void {
  bySearch = on;
}

/** Offset in ENTITY_DATA of the entry named (p, n), or -1. */
export function findEntity(p: usize, n: i32): i32 {
  if (isDefined(ORACLES) && bySearch) return findEntityBySearch(p, n);
  if (!tableBuilt) buildTable();
  let s = hashName(p, n);
  while (true) {
    const k = <i32>unchecked(table[s]);
    if (k == 0) return -1;
    const off = <i32>load<u16>(ENTITY_INDEX + (<usize>(k - 1) << 1));
    const e = ENTITY_DATA + <usize>off;
    if (<i32>(load<u8>(e) & 0x7f) == n && memory.compare(e + 1, p, <usize>n) == 0) return off;
    s = (s + 1) & TABLE_MASK;
  }
  return -1;
}

function appendEntityValue(off: i32, out: ByteBuffer): void {
  const e = ENTITY_DATA + <usize>off;
  const en = <usize>(load<u8>(e) & 0x7f);
  const vlen = <i32>load<u8>(e + 1 + en);
  out.append(e + 2 + en, vlen);
}

/** Decode a numeric reference value per the HTML spec's fix-up table. */
export function fixNumericReference(v: u32): u32 {
  if (v == 0 || v > 0x10ffff || v - 0xd800 < 0x800) return 0xfffd;
  if (v - 0x80 < 0x20) {
    const m = <u32>load<u16>(CP1252 + ((<usize>v - 0x80) << 1));
    if (m != 0) return m;
  }
  return v;
}

/**
 * Decode the character reference at p (which holds '&'). Appends the UTF-8 to out and returns
 * the bytes consumed, or 0 when there is no reference (the caller keeps the '&' as text).
 * In attribute values a legacy name followed by '=' or an alphanumeric is not decoded.
 */
export function decodeCharRef(p: usize, end: usize, out: ByteBuffer, inAttribute: bool): i32 {
  let q = p + 1;
  if (q >= end) return 0;
  let c = <u32>load<u8>(q);
  if (c == 0x23) {
    q++;
    let hex = false;
    if (q < end && (load<u8>(q) | 0x20) == 0x78) {
      hex = true;
      q++;
    }
    const digitsStart = q;
    let v: u32 = 0;
    while (q < end) {
      c = <u32>load<u8>(q);
      let d: u32 = 0;
      if (c - 0x30 < 10) d = c - 0x30;
      else if (hex && (c | 0x20) - 0x61 < 6) d = (c | 0x20) - 0x61 + 10;
      else break;
      v = v * (hex ? 16 : 10) + d;
      if (v > 0x10ffff) v = 0x110000; // saturate: stays out of range, never overflows
      q++;
    }
    if (q == digitsStart) return 0;
    if (q < end && load<u8>(q) == 0x3b) q++;
    out.appendCodePoint(fixNumericReference(v));
    return <i32>(q - p);
  }
  // Named: the longest run of alphanumerics, at most the longest name.
  const nameStart = q;
  while (q < end && <i32>(q - nameStart) < ENTITY_MAX_NAME && isAlnum(<u32>load<u8>(q))) q++;
  const n = <i32>(q - nameStart);
  if (n == 0) return 0;
  if (q < end && load<u8>(q) == 0x3b) {
    const off = findEntity(nameStart, n);
    if (off >= 0) {
      appendEntityValue(off, out);
      return n + 2;
    }
  }
  // Legacy references without ';': the longest prefix that is one.
  const maxLen = n < ENTITY_MAX_LEGACY ? n : ENTITY_MAX_LEGACY;
  for (let k = maxLen; k >= 2; k--) {
    const off = findEntity(nameStart, k);
    if (off < 0 || (load<u8>(ENTITY_DATA + <usize>off) & 0x80) == 0) continue;
    if (inAttribute) {
      const after = nameStart + <usize>k;
      if (after < end) {
        const a = <u32>load<u8>(after);
        if (a == 0x3d || isAlnum(a)) return 0;
      }
    }
    appendEntityValue(off, out);
    return k + 1;
  }
  return 0;
}
