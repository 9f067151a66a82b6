// Zones of the text where a spoofed fence marker can start, so the marker scan (fence.ts) runs
// its word filters only there instead of over the whole text.
//
// Why a zone bounds every marker that counts (marker.ts has the rules):
//   - a marker that counts holds a hint character: a bracket, an encoded bracket (& % \), an id's
//     '=' or an underscore, or a look-alike of one — exactly what sets the layers' markerHint
//     (plainrun.ts isMarkerByte and punctHint);
//   - everything between a marker's first word and such a hint (either way round: brackets may
//     come before the words) is a marker letter A C D E I L N O R S T U X, a digit or sign read as
//     one, a separator (any character that is no letter or digit), a skipped character, or part
//     of an encoded bracket or ` id` — never one of the thirteen ASCII letters B F G H J K M P Q V
//     W Y Z, in either case (no word holds them, they are no separator and fold to nothing else).
// So a zone is a maximal run without those letters that holds a hint; a word that starts outside
// every zone starts no marker that counts. Non-ASCII characters never end a zone (they may be
// look-alike letters, separators or skipped), and only a few of them are hints.
import { decodeUtf8 } from "./props";
import { isMarkerByte, punctHint } from "./plainrun";

/** Bit (c - 'A') is set for the ASCII letters no part of a marker can hold. */
const BREAKERS: u32 = 0x036196e2; // B F G H J K M P Q V W Y Z
const V_THREES: v128 = i8x16.splat(3);
// After `| 3` per byte: 0x24-0x27 ($ % & '), 0x3c-0x3f (< = > ?), 0x5c-0x5f (\ ] ^ _) — supersets
// of the ASCII hints % & < = > \ _; the exact test follows.
const V_HINTS_2X: v128 = i8x16.splat(0x27);
const V_HINTS_3X: v128 = i8x16.splat(0x3f);
const V_HINTS_5X: v128 = i8x16.splat(0x5f);

/** The byte at p (ASCII) is one of the letters that end a zone. */
// @ts-ignore: decorator
@inline export function breaksZone(c: u32): bool {
  const l = (c | 0x20) - 0x61;
  return l < 26 && ((BREAKERS >> l) & 1) != 0;
}

/** Set by nextZone: where the zone it found ends (a breaking letter or the end of the text). */
export let zoneEnd: usize = 0;
/** Where the last zone starts; a later call inside it reuses it, so many markers in one long zone stay linear. */
let zoneStart: usize = 0;

/** Forget the last zone: call before scanning another text. */
export function resetZones(): void {
  zoneStart = zoneEnd = 0;
}

/** Start of the next hint character at or after p (p at a character boundary), or end. */
function nextHint(p: usize, end: usize): usize {
  while (p < end) {
    if (p + 16 <= end) {
      // Sixteen bytes at a time (wasm SIMD): past them unless one is not ASCII or, with its low
      // two bits set, is 0x27, 0x3F or 0x5F (the byte it names is tested exactly below).
      const v = v128.load(p);
      const o = v128.or(v, V_THREES);
      const stops = <u32>i8x16.bitmask(v128.or(v128.or(i8x16.eq(o, V_HINTS_2X), i8x16.eq(o, V_HINTS_3X)), i8x16.eq(o, V_HINTS_5X)))
        | <u32>i8x16.bitmask(v);
      if (stops == 0) {
        p += 16;
        continue;
      }
      p += <usize>ctz(stops);
    }
    const b = <u32>load<u8>(p);
    if (b < 0x80) {
      if (isMarkerByte(b)) return p;
      p++;
      continue;
    }
    // A window may stop inside a character: step over continuation bytes to the next start.
    if (b < 0xc0) {
      p++;
      continue;
    }
    const packed = decodeUtf8(p, end);
    if (punctHint(packed & 0xffffff) != 0) return p;
    p += <usize>(packed >> 24);
  }
  return end;
}

/**
 * The start of the next zone that reaches past p, clipped to start at p at the earliest, and sets
 * zoneEnd; returns end when there is none. p is at a character boundary of valid UTF-8.
 */
export function nextZone(p: usize, end: usize): usize {
  // Inside the last zone, the rest of it is the zone (scanning more words than needed is harmless).
  if (p >= zoneStart && p < zoneEnd) return p;
  const h = nextHint(p, end);
  if (h >= end) {
    zoneStart = zoneEnd = end;
    return end;
  }
  // Back to the letter that ends the previous run (breaking letters are ASCII, so the byte after
  // one starts a character).
  let s = h;
  while (s > p && !breaksZone(<u32>load<u8>(s - 1))) s--;
  let e = h + 1;
  while (e < end && !breaksZone(<u32>load<u8>(e))) e++;
  zoneStart = s;
  zoneEnd = e;
  return s;
}
