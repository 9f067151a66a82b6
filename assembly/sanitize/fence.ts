// The <<<EXTERNAL_UNTRUSTED_CONTENT>>> fence (OpenClaw's format, deerflow.md §3.3) and the
// neutralisation of any marker spoofed inside the content, so content can never close the fence
// early or open a fake one. A spoof is found by its words, not its brackets (marker.ts says what
// counts); this file finds the candidates cheaply and replaces each match, together with the '<'
// look-alikes, '/' and spaces right before it, by [[MARKER_SANITIZED]].
import { ByteBuffer } from "../util/bytes";
import { SanitizeReport } from "./report";
import { decodeUtf8 } from "./props";
import { HIGHS, zeroBytes } from "../util/swar";
import { foldMarkerChar, letterMatches, couldFoldToE, couldFollowE } from "./fold";
import { matchMarker, retract, isSeparator, bracketAfter, hadId, sepFlags } from "./marker";

export const MARKER_REPLACEMENT = "[[MARKER_SANITIZED]]";
export const FENCE_START = "<<<EXTERNAL_UNTRUSTED_CONTENT";
export const FENCE_END = "<<<END_EXTERNAL_UNTRUSTED_CONTENT";
const MAX_ID = 128;

/**
 * Whether the bytes after an ASCII 'e' (or '3') at p - 1 may continue a marker: "XTER" or "ND"
 * followed by a separator or 'E', compared while they are printable ASCII (a byte that is not
 * could be a look-alike or a skipped character, so the answer is then yes). English has many
 * "en" and "ex"; this keeps them off the full matcher.
 */
function asciiCouldStartMarker(p: usize, end: usize): bool {
  const first = <u32>load<u8>(p);
  if (first >= 0x80 || first < 0x20) return true;
  const f = foldMarkerChar(first);
  if (f == 0x58) return asciiMayBe(p + 1, end, 0x524554); // "TER", lowest byte first
  if (f != 0x4e || !asciiMayBe(p + 1, end, 0x44)) return false; // "ND"
  if (p + 2 >= end) return false;
  const c = <u32>load<u8>(p + 2);
  if (c >= 0x80 || c < 0x20) return true;
  const g = foldMarkerChar(c);
  return isSeparator(g) || letterMatches(g, 0x45);
}

/** The upper-case letters packed in `word` (first in the low byte) follow at p, as far as p holds ASCII. */
function asciiMayBe(p: usize, end: usize, word: u32): bool {
  for (let k: usize = 0; word != 0; k++, word >>= 8) {
    if (p + k >= end) return false;
    const c = <u32>load<u8>(p + k);
    if (c >= 0x80 || c < 0x20) return true;
    if (!letterMatches(foldMarkerChar(c), word & 0xff)) return false;
  }
  return true;
}

let matchEnd: usize = 0;
/** Two-byte lead bytes C3 C4 C8 CE D0 D1 D3 (bit = lead - 0xC0). */
const SPACES: u64 = 0x2020202020202020;
const E_BYTES: u64 = 0x6565656565656565;
const X_BYTES: u64 = 0x7878787878787878;
const T_BYTES: u64 = 0x7474747474747474;
const SEVEN_BYTES: u64 = 0x3737373737373737;
const THREE_BYTES: u64 = 0x3333333333333333;
const N_BYTES: u64 = 0x6e6e6e6e6e6e6e6e;
const D_BYTES: u64 = 0x6464646464646464;
/** Bytes below 0x20 have none of these bits. */
const CONTROL_BITS: u64 = 0xe0e0e0e0e0e0e0e0;
const E_LEADS_2: u32 = (1 << 3) | (1 << 4) | (1 << 8) | (1 << 14) | (1 << 16) | (1 << 17) | (1 << 19);

/** Whether a UTF-8 lead byte can start a character that folds to 'E' (a spec checks every one). */
// @ts-ignore: decorator
@inline export function leadMayFoldToE(b: u32): bool {
  return b < 0xe0 ? ((E_LEADS_2 >> (b - 0xc0)) & 1) != 0 : b == 0xe1 || b == 0xe2 || b == 0xef || b == 0xf0;
}

/**
 * The next spoofed marker at or after p: returns its start (retracted over '<' look-alikes, not
 * before floor) and sets matchEnd; returns end when there is none. Touches no objects.
 */
function nextMarker(p: usize, floor: usize, end: usize): usize {
  while (p < end) {
    // Eight ASCII bytes at a time: skip them unless an 'e'/'E'/'3' in them is followed by "xt", "nd"
    // or a byte that is not plain ASCII (w2, w3: the same window one and two bytes on).
    while (p + 10 <= end) {
      const w = load<u64>(p);
      if ((w & HIGHS) != 0) break; // non-ASCII: one byte at a time below
      const es = zeroBytes((w | SPACES) ^ E_BYTES) | zeroBytes(w ^ THREE_BYTES);
      if (es != 0) {
        const w2 = load<u64>(p + 1);
        const l2 = w2 | SPACES;
        const w3 = load<u64>(p + 2);
        const l3 = w3 | SPACES;
        const special = (w2 & HIGHS) | zeroBytes(w2 & CONTROL_BITS);
        const xt = zeroBytes(l2 ^ X_BYTES) & (zeroBytes(l3 ^ T_BYTES) | zeroBytes(w3 ^ SEVEN_BYTES));
        let m = es & (xt | (zeroBytes(l2 ^ N_BYTES) & zeroBytes(l3 ^ D_BYTES)) | special);
        let found = false;
        while (m != 0) {
          const at = p + <usize>(ctz(m) >> 3);
          if (asciiCouldStartMarker(at + 1, end)) {
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
    // Non-ASCII: skip whole characters that cannot be an 'E' look-alike (src is valid UTF-8, so
    // p is always at a lead byte here); two-byte ones are decided on the spot (Cyrillic, Greek).
    while (p < end) {
      const lead = <u32>load<u8>(p);
      if (lead < 0xc0) break;
      if (lead < 0xe0) {
        if (leadMayFoldToE(lead) && couldFoldToE(((lead & 0x1f) << 6) | (<u32>load<u8>(p + 1) & 0x3f))) break;
        p += 2;
        continue;
      }
      if (leadMayFoldToE(lead)) break;
      p += lead < 0xf0 ? 3 : 4;
    }
    if (p >= end) break;
    const b = <u32>load<u8>(p);
    let candidate = false;
    let len: usize = 1;
    if (b < 0x80) {
      // 'e' starting "xter…" or "nd" + separator or 'e' — as far as the bytes are plain ASCII
      // letters; anything else (a look-alike, an invisible character) goes to the full match.
      if (((b | 0x20) == 0x65 || b == 0x33) && p + 1 < end) candidate = asciiCouldStartMarker(p + 1, end);
    } else if (b >= 0xc0) {
      // src is valid UTF-8 (the layers' output), so the lead byte gives the length, and only a
      // few lead bytes can start a character that folds to 'E' (see couldFoldToE).
      len = b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
      if (leadMayFoldToE(b) && couldFoldToE(decodeUtf8(p, end) & 0xffffff)) {
        candidate = p + len >= end || couldFollowE(decodeUtf8(p + len, end) & 0xffffff);
      }
    }
    if (candidate) {
      const m = matchMarker(p, end);
      if (m != 0) {
        const flags = sepFlags;
        const from = retract(p, floor, end);
        if (from != p || bracketAfter || hadId || ((flags & 1) != 0 && (flags & 2) == 0)) {
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
