// The <<<EXTERNAL_UNTRUSTED_CONTENT>>> fence (OpenClaw's format, deerflow.md §3.3) and the
// neutralisation of any marker spoofed inside the content, so content can never close the fence
// early or open a fake one. A spoof is found by its words, not its brackets (marker.ts says what
// counts); this file finds the candidates cheaply and replaces each match, together with the '<'
// look-alikes, '/' and spaces right before it, by [[MARKER_SANITIZED]].
import { ByteBuffer } from "../util/bytes";
import { SanitizeReport } from "./report";
import { decodeUtf8 } from "./props";
import { HIGHS, zeroBytes } from "../util/swar";
import { foldMarkerChar, letterMatches, couldStartWord } from "./fold";
import { nextZone, zoneEnd, resetZones } from "./markerzone";
import {
  matchMarker, retract, isSeparator, MAX_GAP, gtCount, ltCount, hadId, sepFlags, wordCount, canonical, wordBoundary,
} from "./marker";

export const MARKER_REPLACEMENT = "[[MARKER_SANITIZED]]";
export const FENCE_START = "<<<EXTERNAL_UNTRUSTED_CONTENT";
export const FENCE_END = "<<<END_EXTERNAL_UNTRUSTED_CONTENT";
const MAX_ID = 128;

/**
 * Whether the bytes at p, after an ASCII first letter f (folded), may continue a marker word:
 * E + "XTER", E + "ND" + (a non-letter or a word's first letter), U + "NTRU", C + "ONTE", compared
 * while they are printable ASCII (a byte that is not could be a look-alike or a skipped
 * character, so the answer is then yes). English has many "en", "un" and "con"; this keeps them
 * off the full matcher.
 */
function asciiCouldStartMarker(f: u32, p: usize, end: usize): bool {
  const first = <u32>load<u8>(p);
  if (first >= 0x80 || first < 0x20) return true;
  if (isAsciiGap(first)) return secondLetterAfterGap(f, p, end);
  if (f == 0x55) return asciiMayBe(p, end, 0x5552544e); // "NTRU", lowest byte first
  if (f == 0x43) return asciiMayBe(p, end, 0x45544e4f); // "ONTE"
  const g = foldMarkerChar(first);
  if (g == 0x58) return asciiMayBe(p + 1, end, 0x524554); // "TER"
  if (g != 0x4e || !asciiMayBe(p + 1, end, 0x44)) return false; // "ND"
  if (p + 2 >= end) return true;
  const c = <u32>load<u8>(p + 2);
  if (c >= 0x80 || c < 0x20) return true;
  const h = foldMarkerChar(c);
  return h - 0x41 >= 26 || letterMatches(h, 0x45) || h == 0x55 || h == 0x43;
}

/**
 * The upper-case letters packed in `word` (first in the low byte) follow at p, as far as p holds
 * ASCII with no gap (a gap between letters is the matcher's to judge).
 */
function asciiMayBe(p: usize, end: usize, word: u32): bool {
  for (let k: usize = 0; word != 0; k++, word >>= 8) {
    if (p + k >= end) return false;
    const c = <u32>load<u8>(p + k);
    if (c >= 0x80 || c < 0x20 || isAsciiGap(c)) return true;
    if (!letterMatches(foldMarkerChar(c), word & 0xff)) return false;
  }
  return true;
}

/** An ASCII byte that may stand between two letters of a word (marker.ts nextLetter): a separator. */
// @ts-ignore: decorator
@inline function isAsciiGap(c: u32): bool {
  return isSeparator(foldMarkerChar(c));
}

/**
 * After the first letter f and a gap of ASCII separators at p: whether the word's second letter
 * (N or X after E, N after U, O after C) or a character that is not plain ASCII follows within
 * MAX_GAP separators.
 */
function secondLetterAfterGap(f: u32, p: usize, end: usize): bool {
  for (let k: usize = 1; k <= <usize>MAX_GAP && p + k < end; k++) {
    const c = <u32>load<u8>(p + k);
    if (c >= 0x80 || c < 0x20) return true;
    if (isAsciiGap(c)) continue;
    const g = foldMarkerChar(c);
    if (f == 0x55) return letterMatches(g, 0x4e);
    if (f == 0x43) return letterMatches(g, 0x4f);
    return letterMatches(g, 0x4e) || letterMatches(g, 0x58);
  }
  return false;
}

let matchEnd: usize = 0;
const SPACES: u64 = 0x2020202020202020;
const E_BYTES: u64 = 0x6565656565656565;
const U_BYTES: u64 = 0x7575757575757575;
const C_BYTES: u64 = 0x6363636363636363;
const O_BYTES: u64 = 0x6f6f6f6f6f6f6f6f;
const ZERO_BYTES: u64 = 0x3030303030303030;
const X_BYTES: u64 = 0x7878787878787878;
const T_BYTES: u64 = 0x7474747474747474;
const SEVEN_BYTES: u64 = 0x3737373737373737;
const THREE_BYTES: u64 = 0x3333333333333333;
const N_BYTES: u64 = 0x6e6e6e6e6e6e6e6e;
const D_BYTES: u64 = 0x6464646464646464;
/** Bytes below 0x20 have none of these bits. */
const CONTROL_BITS: u64 = 0xe0e0e0e0e0e0e0e0;
const LOW7: u64 = 0x7f7f7f7f7f7f7f7f;

/**
 * 0x80 in each byte of w that is ASCII punctuation or a space: no letter, digit or angle
 * bracket, the bytes a word's letters may be spaced apart with. Bytes that are not ASCII or are
 * controls may be flagged too (the callers treat those as possible letters anyway). Sums stay
 * within their byte: each is under 0x80 + 0x80.
 */
// @ts-ignore: decorator
@inline function asciiGaps(w: u64): u64 {
  const a = w & LOW7;
  const l = a | SPACES;
  const letter = (l + 0x1f1f1f1f1f1f1f1f) & ~(l + 0x0505050505050505);
  const digit = (a + 0x5050505050505050) & ~(a + 0x4646464646464646);
  const angle = zeroBytes((a | 0x0202020202020202) ^ 0x3e3e3e3e3e3e3e3e);
  return ~(letter | digit | angle) & HIGHS;
}

/** Whether a match of marker.ts counts as a marker (the rules at the top of marker.ts). */
function counts(lt: i32): bool {
  const gt = gtCount;
  const brackets = lt > 0 || gt > 0;
  if (canonical && (brackets || hadId || ((sepFlags & 1) != 0 && (sepFlags & 2) == 0))) return true;
  if (wordCount >= 2) return brackets || hadId;
  return wordBoundary && lt >= 1 && gt >= 1 && lt + gt >= 3;
}

/**
 * The next spoofed marker at or after p: returns its start (retracted over '<' look-alikes, not
 * before floor) and sets matchEnd; returns end when there is none. Only words that start in a
 * zone (markerzone.ts) can start one, so the word filters below run only there.
 */
function nextMarker(p: usize, floor: usize, end: usize): usize {
  while (p < end) {
    const s = nextZone(p, end);
    if (s >= end) break;
    const stop = zoneEnd;
    const from = nextMarkerIn(s, floor, stop, end);
    if (from != end) return from;
    p = stop;
  }
  return end;
}

/**
 * nextMarker for the words that start before stop (the matcher itself reads up to end). Touches
 * no objects.
 */
function nextMarkerIn(p: usize, floor: usize, stop: usize, end: usize): usize {
  while (p < stop) {
    // Eight ASCII bytes at a time: skip them unless an 'e'/'3' in them is followed by "xt", "nd",
    // a 'u' by "nt", a 'c' by "on", or any of them by a byte that is not plain ASCII (w2, w3:
    // the same window one and two bytes on).
    while (p + 10 <= end && p < stop) {
      const w = load<u64>(p);
      if ((w & HIGHS) != 0) break; // non-ASCII: one byte at a time below
      const l = w | SPACES;
      const es = zeroBytes(l ^ E_BYTES) | zeroBytes(w ^ THREE_BYTES);
      const us = zeroBytes(l ^ U_BYTES);
      const cs = zeroBytes(l ^ C_BYTES);
      if ((es | us | cs) == 0) {
        p += 8;
        continue;
      }
      const w2 = load<u64>(p + 1);
      const l2 = w2 | SPACES;
      // A byte that is not plain ASCII (a look-alike or a skipped character) matches any letter.
      const special = (w2 & HIGHS) | zeroBytes(w2 & CONTROL_BITS);
      const n2 = zeroBytes(l2 ^ N_BYTES);
      const x2 = zeroBytes(l2 ^ X_BYTES);
      const o2 = zeroBytes(l2 ^ O_BYTES) | zeroBytes(w2 ^ ZERO_BYTES);
      // A gap between the letters (`E N D`, `E.X.T`) leaves the word to asciiCouldStartMarker.
      const gap2 = asciiGaps(w2);
      // The first two letters settle most windows of prose (a quarter have "en", "ex", "un" or
      // "co"); the third byte is loaded only for those. Every bit of m below is also a bit here.
      const any2 = special | gap2;
      if (((es & (x2 | n2 | any2)) | (us & (n2 | any2)) | (cs & (o2 | any2))) != 0) {
        const w3 = load<u64>(p + 2);
        const l3 = w3 | SPACES;
        const special3 = (w3 & HIGHS) | zeroBytes(w3 & CONTROL_BITS) | asciiGaps(w3);
        const t3 = zeroBytes(l3 ^ T_BYTES) | zeroBytes(w3 ^ SEVEN_BYTES) | special3;
        const xt = x2 & t3;
        const nd = n2 & (zeroBytes(l3 ^ D_BYTES) | special3);
        const on = o2 & (zeroBytes(l3 ^ N_BYTES) | special3);
        let m = (es & (xt | nd | any2)) | (us & ((n2 & t3) | any2)) | (cs & (on | any2));
        let found = false;
        while (m != 0) {
          const at = p + <usize>(ctz(m) >> 3);
          if (asciiCouldStartMarker(foldMarkerChar(<u32>load<u8>(at)), at + 1, end)) {
            p = at;
            found = true;
            break;
          }
          m &= m - 1;
        }
        if (found) break;
      }
      p += 8;
    }
    // Non-ASCII: skip whole characters that cannot start a marker word (src is valid UTF-8, so
    // p is always at a lead byte here).
    while (p < stop) {
      const lead = <u32>load<u8>(p);
      if (lead < 0xc0) break;
      const packed = decodeUtf8(p, end);
      if (couldStartWord(packed & 0xffffff)) break;
      p += <usize>(packed >> 24);
    }
    if (p >= stop) break;
    const b = <u32>load<u8>(p);
    let candidate = false;
    let len: usize = 1;
    if (b < 0x80) {
      if (couldStartWord(b) && p + 1 < end) candidate = asciiCouldStartMarker(foldMarkerChar(b), p + 1, end);
    } else if (b >= 0xc0) {
      // src is valid UTF-8 (the layers' output), so the lead byte gives the length.
      len = b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
      candidate = couldStartWord(decodeUtf8(p, end) & 0xffffff);
    }
    if (candidate) {
      const m = matchMarker(p, end);
      if (m != 0) {
        const from = retract(p, floor, end);
        if (counts(ltCount)) {
          matchEnd = m;
          return from;
        }
      }
    }
    p += len;
  }
  return end;
}

/**
 * Replace every spoofed fence marker of src with [[MARKER_SANITIZED]] into dst. Returns false
 * (dst untouched) when there is none.
 */
export function neutralizeMarkers(src: ByteBuffer, dst: ByteBuffer, report: SanitizeReport): bool {
  const start = src.ptr;
  const end = start + <usize>src.length;
  resetZones();
  let from = nextMarker(start, start, end);
  if (from == end) return false;
  dst.reset();
  dst.ensure(src.length + 32);
  let copied = start;
  while (from != end) {
    dst.append(copied, <i32>(from - copied));
    dst.appendString(MARKER_REPLACEMENT);
    report.markers++;
    copied = matchEnd;
    from = nextMarker(copied, copied, end);
  }
  report.markerSpoof = true;
  dst.append(copied, <i32>(end - copied));
  return true;
}

/**
 * The spoofed markers of src as "start:end," pairs, found without any skipping: the full matcher
 * at every character that could start a marker word. Only the differential spec uses it, to
 * check that nextMarker's eight-byte filters never pass over a marker.
 */
export function markerSpansReference(src: ByteBuffer): string {
  const start = src.ptr;
  const end = start + <usize>src.length;
  let out = "";
  let p = start;
  let floor = start;
  while (p < end) {
    const b = <u32>load<u8>(p);
    const len: usize = b < 0xc0 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
    if (b < 0x80 || b >= 0xc0) {
      if (couldStartWord(decodeUtf8(p, end) & 0xffffff)) {
        const m = matchMarker(p, end);
        if (m != 0) {
          const from = retract(p, floor, end);
          if (counts(ltCount)) {
            out += (<i32>(from - start)).toString() + ":" + (<i32>(m - start)).toString() + ",";
            p = m;
            floor = m;
            continue;
          }
        }
      }
    }
    p += len;
  }
  return out;
}

/** The spans nextMarker finds, in markerSpansReference's format (for the same spec). */
export function markerSpans(src: ByteBuffer): string {
  const start = src.ptr;
  const end = start + <usize>src.length;
  let out = "";
  resetZones();
  let from = nextMarker(start, start, end);
  while (from != end) {
    out += (<i32>(from - start)).toString() + ":" + (<i32>(matchEnd - start)).toString() + ",";
    const next = matchEnd;
    from = nextMarker(next, next, end);
  }
  return out;
}

/** Fence ids keep [0-9A-Za-z_-] only, at most 128 characters (the bindings send 16 hex digits). */
function appendFenceId(dst: ByteBuffer, id: string): void {
  let n = 0;
  for (let i = 0; i < id.length && n < MAX_ID; i++) {
    const c = <u32>id.charCodeAt(i);
    if (c - 0x30 < 10 || (c | 0x20) - 0x61 < 26 || c == 0x5f || c == 0x2d) {
      dst.push(<u8>c);
      n++;
    }
  }
}

/**
 * dst = start marker, "Source: " line, "---", content, end marker, joined by "\n":
 *   <<<EXTERNAL_UNTRUSTED_CONTENT id="…">>>
 *   Source: Web Fetch
 *   ---
 *   …content…
 *   <<<END_EXTERNAL_UNTRUSTED_CONTENT id="…">>>
 */
export function wrapFence(content: ByteBuffer, dst: ByteBuffer, id: string, source: ByteBuffer): void {
  dst.reset();
  dst.ensure(content.length + source.length + 2 * MAX_ID + 128);
  dst.appendString(FENCE_START);
  dst.appendString(' id="');
  appendFenceId(dst, id);
  dst.appendString('">>>\nSource: ');
  if (source.length > 0) dst.append(source.ptr, source.length);
  else dst.appendString("External");
  dst.appendString("\n---\n");
  dst.append(content.ptr, content.length);
  dst.appendString("\n");
  dst.appendString(FENCE_END);
  dst.appendString(' id="');
  appendFenceId(dst, id);
  dst.appendString('">>>');
}
