// IPv6 host parsing per the WHATWG URL Standard (§3.5 "IPv6 parser"), with
// `::` compression and an embedded dotted IPv4 tail (`::ffff:127.0.0.1`).
// Zone identifiers (`fe80::1%eth0`, `%25eth0` in URLs) are failures, as in
// WHATWG: a zone names a local interface, which is never a public target.
//
// (ptr, len) is the text between the brackets; only bounds-checked loads.

export const IPV6_OK: i32 = 0;
export const IPV6_INVALID: i32 = 1;
export const IPV6_ZONE: i32 = 2;

// @ts-ignore: decorator
@inline function hexValue(c: u32): i32 {
  if (c - 0x30 < 10) return <i32>(c - 0x30);
  const l = c | 0x20;
  if (l - 0x61 < 6) return <i32>(l - 0x61 + 10);
  return -1;
}

// @ts-ignore: decorator
@inline function at(ptr: usize, len: i32, i: i32): u32 {
  // -1 (never a valid byte) stands for end of input, as WHATWG's EOF.
  return i < len ? <u32>load<u8>(ptr + <usize>i) : 0xffff_ffff;
}

/**
 * Parse into `out` (8 pieces, most significant first). Returns IPV6_OK,
 * IPV6_ZONE for a `%` zone id, or IPV6_INVALID.
 */
export function parseIpv6(ptr: usize, len: i32, out: StaticArray<u16>): i32 {
  if (out.length < 8) return IPV6_INVALID;
  for (let i = 0; i < 8; i++) unchecked((out[i] = 0)); // length checked above
  for (let i = 0; i < len; i++) {
    if (load<u8>(ptr + <usize>i) == 0x25) return IPV6_ZONE;
  }
  let pieceIndex = 0;
  let compress = -1;
  let p = 0;

  if (at(ptr, len, p) == 0x3a) {
    if (at(ptr, len, p + 1) != 0x3a) return IPV6_INVALID;
    p += 2;
    pieceIndex++;
    compress = pieceIndex;
  }

  while (p < len) {
    if (pieceIndex == 8) return IPV6_INVALID;
    if (at(ptr, len, p) == 0x3a) {
      if (compress != -1) return IPV6_INVALID;
      p++;
      pieceIndex++;
      compress = pieceIndex;
      continue;
    }
    let value: u32 = 0;
    let length = 0;
    while (length < 4) {
      const h = hexValue(at(ptr, len, p));
      if (h < 0) break;
      value = (value << 4) | <u32>h;
      p++;
      length++;
    }
    const c = at(ptr, len, p);
    if (c == 0x2e) {
      // Embedded IPv4: exactly four decimal parts, no leading zeros, ≤ 255.
      if (length == 0) return IPV6_INVALID;
      p -= length;
      if (pieceIndex > 6) return IPV6_INVALID;
      let numbersSeen = 0;
      while (p < len) {
        let piece = -1;
        if (numbersSeen > 0) {
          if (at(ptr, len, p) == 0x2e && numbersSeen < 4) p++;
          else return IPV6_INVALID;
        }
        let d = at(ptr, len, p);
        if (d - 0x30 >= 10) return IPV6_INVALID;
        while (d - 0x30 < 10) {
          const n = <i32>(d - 0x30);
          if (piece == -1) piece = n;
          else if (piece == 0) return IPV6_INVALID;
          else piece = piece * 10 + n;
          if (piece > 255) return IPV6_INVALID;
          p++;
          d = at(ptr, len, p);
        }
        // pieceIndex ≤ 7 here: it starts ≤ 6 and grows by at most 2.
        const cur = <u32>out[pieceIndex];
        out[pieceIndex] = <u16>((cur << 8) | <u32>piece);
        numbersSeen++;
        if (numbersSeen == 2 || numbersSeen == 4) pieceIndex++;
      }
      if (numbersSeen != 4) return IPV6_INVALID;
      break;
    } else if (c == 0x3a) {
      p++;
      if (p >= len) return IPV6_INVALID;
    } else if (p < len) {
      return IPV6_INVALID;
    }
    out[pieceIndex] = <u16>value;
    pieceIndex++;
  }

  if (compress != -1) {
    let swaps = pieceIndex - compress;
    pieceIndex = 7;
    while (pieceIndex != 0 && swaps > 0) {
      const j = compress + swaps - 1;
      const t = out[pieceIndex];
      out[pieceIndex] = out[j];
      out[j] = t;
      pieceIndex--;
      swaps--;
    }
  } else if (pieceIndex != 8) {
    return IPV6_INVALID;
  }
  return IPV6_OK;
}

/**
 * WHATWG IPv6 serialiser: lowercase hex without leading zeros, the first
 * longest run of two or more zero pieces compressed to `::`, no brackets.
 */
export function formatIpv6(pieces: StaticArray<u16>): string {
  if (pieces.length < 8) return "";
  let bestStart = -1;
  let bestLen = 1;
  let runStart = -1;
  for (let i = 0; i <= 8; i++) {
    if (i < 8 && pieces[i] == 0) {
      if (runStart < 0) runStart = i;
      continue;
    }
    if (runStart >= 0) {
      const n = i - runStart;
      if (n > bestLen) {
        bestLen = n;
        bestStart = runStart;
      }
      runStart = -1;
    }
  }
  let s = "";
  let ignore0 = false;
  for (let i = 0; i < 8; i++) {
    if (ignore0 && pieces[i] == 0) continue;
    ignore0 = false;
    if (i == bestStart) {
      s += i == 0 ? "::" : ":";
      ignore0 = true;
      continue;
    }
    s += (<u32>pieces[i]).toString(16);
    if (i != 7) s += ":";
  }
  return s;
}

/**
 * The IPv4 address an IPv6 address carries, or -1: v4-mapped ::ffff:a.b.c.d,
 * v4-translated ::ffff:0:a.b.c.d, NAT64 64:ff9b::a.b.c.d, 6to4 2002:AABB:CCDD::.
 */
export function embeddedIpv4(p: StaticArray<u16>): i64 {
  if (p.length < 8) return -1;
  const head = <u32>(p[0] | p[1] | p[2] | p[3]);
  const tail = ((<u32>p[6]) << 16) | <u32>p[7];
  if (head == 0 && p[4] == 0 && p[5] == 0xffff) return <i64>tail;
  if (head == 0 && p[4] == 0xffff && p[5] == 0) return <i64>tail;
  if (p[0] == 0x64 && p[1] == 0xff9b && (p[2] | p[3] | p[4] | p[5]) == 0) return <i64>tail;
  if (p[0] == 0x2002) return <i64>(((<u32>p[1]) << 16) | <u32>p[2]);
  return -1;
}
