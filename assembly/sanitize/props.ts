// Unicode property lookups over the generated tables (tables.ts) plus UTF-8 encode/decode helpers.
// Everything works on code points decoded from linear memory; no AS strings.
import {
  TABLE_LIMIT, TOP_SHIFT, MID_BITS, LEAF_BITS, PROP_INFO, PROP_TOP, PROP_MID, PROP_LEAF,
  KIND_MASK, KIND_NORMAL, KIND_INVISIBLE, KIND_PRIVATE, KIND_TAG, KIND_NONCHAR, CCC_SHIFT,
} from "./tables";

export {
  KIND_MASK, KIND_NORMAL, KIND_INVISIBLE, KIND_FORMAT, KIND_PRIVATE, KIND_TAG, KIND_SPACE, KIND_CONTROL,
  KIND_NONCHAR, F_EMOJI, F_JOINER, F_NFC_NO, F_NFC_MAYBE, F_DECOMP, F_MARK, CCC_SHIFT, UNICODE_VERSION,
} from "./tables";

export const REPLACEMENT: u32 = 0xfffd;

/**
 * Property bits of a code point: kind (which layer owns it) | flags | ccc rank << CCC_SHIFT.
 * Above TABLE_LIMIT the generator asserted that only tags, default-ignorables (E0080-E0FFF),
 * private use (planes 15-16) and noncharacters carry properties.
 */
export function propsOf(cp: u32): u32 {
  if (cp < TABLE_LIMIT) {
    // All loads are in range: cp < TABLE_LIMIT bounds the top stage, and every middle and leaf
    // block is stored at full size.
    const mid = <u32>load<u8>(PROP_TOP + (cp >> TOP_SHIFT));
    const leaf = <u32>load<u16>(PROP_MID + (<usize>((mid << MID_BITS) | ((cp >> LEAF_BITS) & ((1 << MID_BITS) - 1))) << 1));
    const id = <u32>load<u8>(PROP_LEAF + ((leaf << LEAF_BITS) | (cp & ((1 << LEAF_BITS) - 1))));
    return load<u32>(PROP_INFO + (<usize>id << 2));
  }
  if ((cp & 0xfffe) == 0xfffe) return KIND_NONCHAR;
  if (cp - 0xe0000 < 0x80) return KIND_TAG;
  if (cp - 0xe0000 < 0x1000) return KIND_INVISIBLE;
  if (cp >= 0xf0000) return KIND_PRIVATE;
  return KIND_NORMAL;
}

// @ts-ignore: decorator
@inline export function kindOf(props: u32): u32 {
  return props & KIND_MASK;
}

// @ts-ignore: decorator
@inline export function cccOf(props: u32): u32 {
  return (props >> CCC_SHIFT) & 0xff;
}

// @ts-ignore: decorator
@inline export function isHangulSyllable(cp: u32): bool {
  return cp - 0xac00 < 11172;
}

/** True for the bidi embedding, override and isolate controls (Trojan Source). */
// @ts-ignore: decorator
@inline export function isBidiControl(cp: u32): bool {
  return cp - 0x202a < 5 || cp - 0x2066 < 4;
}

/**
 * Decode one UTF-8 sequence at p (end exclusive). Returns (length << 24) | code point.
 * Malformed input yields U+FFFD for each maximal subpart, as the WHATWG decoder does
 * (so results match TextDecoder): surrogates, overlongs and values above U+10FFFF included.
 * The length is never 0, so a loop always advances.
 */
export function decodeUtf8(p: usize, end: usize): u32 {
  const b0 = <u32>load<u8>(p);
  if (b0 < 0x80) return (1 << 24) | b0;
  const avail = end - p;
  if (b0 - 0xc2 < 30) {
    if (avail < 2) return (1 << 24) | REPLACEMENT;
    const b1 = <u32>load<u8>(p + 1);
    if ((b1 & 0xc0) != 0x80) return (1 << 24) | REPLACEMENT;
    return (2 << 24) | ((b0 & 0x1f) << 6) | (b1 & 0x3f);
  }
  if (b0 - 0xe0 < 16) {
    if (avail < 2) return (1 << 24) | REPLACEMENT;
    const b1 = <u32>load<u8>(p + 1);
    const lo: u32 = b0 == 0xe0 ? 0xa0 : 0x80;
    const hi: u32 = b0 == 0xed ? 0x9f : 0xbf;
    if (b1 < lo || b1 > hi) return (1 << 24) | REPLACEMENT;
    if (avail < 3) return (2 << 24) | REPLACEMENT;
    const b2 = <u32>load<u8>(p + 2);
    if ((b2 & 0xc0) != 0x80) return (2 << 24) | REPLACEMENT;
    return (3 << 24) | ((b0 & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f);
  }
  if (b0 - 0xf0 < 5) {
    if (avail < 2) return (1 << 24) | REPLACEMENT;
    const b1 = <u32>load<u8>(p + 1);
    const lo: u32 = b0 == 0xf0 ? 0x90 : 0x80;
    const hi: u32 = b0 == 0xf4 ? 0x8f : 0xbf;
    if (b1 < lo || b1 > hi) return (1 << 24) | REPLACEMENT;
    if (avail < 3) return (2 << 24) | REPLACEMENT;
    const b2 = <u32>load<u8>(p + 2);
    if ((b2 & 0xc0) != 0x80) return (2 << 24) | REPLACEMENT;
    if (avail < 4) return (3 << 24) | REPLACEMENT;
    const b3 = <u32>load<u8>(p + 3);
    if ((b3 & 0xc0) != 0x80) return (3 << 24) | REPLACEMENT;
    return (4 << 24) | ((b0 & 0x07) << 18) | ((b1 & 0x3f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f);
  }
  return (1 << 24) | REPLACEMENT;
}

/** True when the sequence decoded by decodeUtf8 was malformed (a real U+FFFD is 3 bytes). */
// @ts-ignore: decorator
@inline export function isMalformed(packed: u32): bool {
  return (packed & 0xffffff) == REPLACEMENT && (packed >> 24) != 3;
}

/** Number of UTF-8 bytes of a scalar value. */
// @ts-ignore: decorator
@inline export function utf8Length(cp: u32): i32 {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/** Write cp as UTF-8 at p (caller reserved 4 bytes); returns the byte count. */
// @ts-ignore: decorator
@inline export function storeUtf8(p: usize, cp: u32): i32 {
  if (cp < 0x80) {
    store<u8>(p, <u8>cp);
    return 1;
  }
  if (cp < 0x800) {
    store<u8>(p, <u8>(0xc0 | (cp >> 6)));
    store<u8>(p + 1, <u8>(0x80 | (cp & 0x3f)));
    return 2;
  }
  if (cp < 0x10000) {
    store<u8>(p, <u8>(0xe0 | (cp >> 12)));
    store<u8>(p + 1, <u8>(0x80 | ((cp >> 6) & 0x3f)));
    store<u8>(p + 2, <u8>(0x80 | (cp & 0x3f)));
    return 3;
  }
  store<u8>(p, <u8>(0xf0 | (cp >> 18)));
  store<u8>(p + 1, <u8>(0x80 | ((cp >> 12) & 0x3f)));
  store<u8>(p + 2, <u8>(0x80 | ((cp >> 6) & 0x3f)));
  store<u8>(p + 3, <u8>(0x80 | (cp & 0x3f)));
  return 4;
}

/** Start of the code point that ends just before p (p > start); for walking valid UTF-8 backwards. */
export function prevStart(start: usize, p: usize): usize {
  let q = p - 1;
  let n = 0;
  while (q > start && n < 3 && (load<u8>(q) & 0xc0) == 0x80) {
    q--;
    n++;
  }
  return q;
}

/** Number of code points in valid UTF-8 (ptr, len): every byte that is not a continuation byte. */
export function countCodePoints(ptr: usize, len: i32): i32 {
  let n = 0;
  let i = 0;
  // 8 bytes at a time: a continuation byte is 10xxxxxx.
  for (; i + 8 <= len; i += 8) {
    const w = load<u64>(ptr + <usize>i);
    const cont = (w & ~(w << 1)) & 0x8080808080808080;
    n += 8 - <i32>popcnt<u64>(cont);
  }
  for (; i < len; i++) if ((load<u8>(ptr + <usize>i) & 0xc0) != 0x80) n++;
  return n;
}
