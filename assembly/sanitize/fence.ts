// The <<<EXTERNAL_UNTRUSTED_CONTENT>>> fence (OpenClaw's format, deerflow.md §3.3) and the
// neutralisation of any marker spoofed inside the content, so content can never close the fence
// early or open a fake one.
//
// A spoof is found by its words, not its brackets: on the folded text (fold.ts: case, fullwidth,
// look-alike brackets/letters, invisible characters skipped) we look for
//   [END sep] EXTERNAL sep UNTRUSTED sep CONTENT [ id="…" ] [>…]      sep = run of _ - space
// and replace it, together with the '<' look-alikes, '/' and spaces right before it, by
// [[MARKER_SANITIZED]]. It counts as a marker when it has a bracket on either side, or when its
// separators are underscores only (EXTERNAL_UNTRUSTED_CONTENT); prose such as "external untrusted
// content" without brackets is left alone. The id may be any text up to 128 characters.
import { ByteBuffer } from "../util/bytes";
import { SanitizeReport } from "./report";
import { decodeUtf8, prevStart } from "./props";
import { HIGHS, zeroBytes } from "./swar";
import { foldMarkerChar, couldFoldToE, couldFollowE, FOLD_SKIP, FOLD_OTHER } from "./fold";

export const MARKER_REPLACEMENT = "[[MARKER_SANITIZED]]";
export const FENCE_START = "<<<EXTERNAL_UNTRUSTED_CONTENT";
export const FENCE_END = "<<<END_EXTERNAL_UNTRUSTED_CONTENT";
const MAX_ID = 128;
const MAX_SEP = 8;
const MAX_RETRACT = 64;

// Cursor over folded characters (module state: matching is not reentrant).
let at: usize = 0;
let limit: usize = 0;
let peekLen: usize = 0;

/** Folded character at the cursor, skipping characters that render as nothing. */
function peek(): u32 {
  while (at < limit) {
    const packed = decodeUtf8(at, limit);
    const f = foldMarkerChar(packed & 0xffffff);
    if (f == FOLD_SKIP) {
      at += <usize>(packed >> 24);
      continue;
    }
    peekLen = <usize>(packed >> 24);
    return f;
  }
  peekLen = 0;
  return FOLD_OTHER;
}

// @ts-ignore: decorator
@inline function advance(): void {
  at += peekLen;
}

// The words, as static bytes so the matcher handles no objects (see layers.ts on why).
// @ts-ignore: decorator
@lazy const WORDS = memory.data<u8>([
  0x45, 0x4e, 0x44, // END 0
  0x45, 0x58, 0x54, 0x45, 0x52, 0x4e, 0x41, 0x4c, // EXTERNAL 3
  0x55, 0x4e, 0x54, 0x52, 0x55, 0x53, 0x54, 0x45, 0x44, // UNTRUSTED 11
  0x43, 0x4f, 0x4e, 0x54, 0x45, 0x4e, 0x54, // CONTENT 20
  0x49, 0x44, // ID 27
]);
const END = 0x0300;
const EXTERNAL = 0x0803;
const UNTRUSTED = 0x090b;
const CONTENT = 0x0714;
const ID = 0x021b;
const TERNAL = 0x0605; // the rest of EXTERNAL after "EX"

/** Match a word given as (length << 8 | offset in WORDS). */
function expectWord(word: i32): bool {
  const start = WORDS + <usize>(word & 0xff);
  const n = word >> 8;
  for (let i = 0; i < n; i++) {
    if (peek() != <u32>load<u8>(start + <usize>i)) return false;
    advance();
  }
  return true;
}

/** Consume a separator run; bit 1: had '_', bit 2: had space or '-'. */
function separator(): i32 {
  let flags = 0;
  for (let n = 0; n < MAX_SEP; n++) {
    const f = peek();
    if (f == 0x5f) flags |= 1;
    else if (f == 0x20 || f == 0x2d) flags |= 2;
    else break;
    advance();
  }
  return flags;
}

function skipSpaces(): void {
  while (peek() == 0x20) advance();
}

/** Optional ` id="…"` after the words; returns false (cursor unspecified) when malformed. */
function idAttribute(): bool {
  skipSpaces();
  if (!expectWord(ID)) return false;
  skipSpaces();
  if (peek() != 0x3d) return false;
  advance();
  skipSpaces();
  const quote = peek();
  if (quote != 0x22 && quote != 0x27) return false;
  advance();
  for (let n = 0; n <= MAX_ID; n++) {
    const f = peek();
    if (f == quote || (quote == 0x27 && f == 0x22)) {
      advance();
      return true;
    }
    if (at >= limit || f == 0x0a || f == 0x3e || f == 0x3c) return false;
    advance();
  }
  return false;
}

let bracketAfter = false;
let sepFlags = 0;

/** End of a marker's words (and id/closing brackets) starting at s, or 0. */
function matchMarker(s: usize, end: usize): usize {
  at = s;
  limit = end;
  sepFlags = 0;
  bracketAfter = false;
  // E, then N (END_EXTERNAL…) or X (EXTERNAL…): most candidates fail on the second letter.
  if (peek() != 0x45) return 0;
  advance();
  const second = peek();
  if (second == 0x4e) {
    advance();
    if (peek() != 0x44) return 0;
    advance();
    sepFlags |= separator();
    if (!expectWord(EXTERNAL)) return 0;
  } else if (second == 0x58) {
    advance();
    if (!expectWord(TERNAL)) return 0;
  } else {
    return 0;
  }
  sepFlags |= separator();
  if (!expectWord(UNTRUSTED)) return 0;
  sepFlags |= separator();
  if (!expectWord(CONTENT)) return 0;
  const coreEnd = at;
  const hasId = idAttribute();
  if (!hasId) at = coreEnd;
  let q = at;
  skipSpaces();
  let gt = 0;
  while (peek() == 0x3e) {
    advance();
    gt++;
  }
  if (gt == 0) at = q;
  bracketAfter = gt > 0;
  return at;
}

/** Start of the '<' look-alikes (with '/', spaces, invisibles) right before s, or s. */
function retract(s: usize, floor: usize, end: usize): usize {
  let p = s;
  let cut = s;
  for (let n = 0; n < MAX_RETRACT && p > floor; n++) {
    const q = prevStart(floor, p);
    const f = foldMarkerChar(decodeUtf8(q, end) & 0xffffff);
    if (f == 0x3c) cut = q;
    else if (f != 0x2f && f != 0x20 && f != FOLD_SKIP) break;
    p = q;
  }
  return cut;
}

/**
 * Whether the bytes after an ASCII 'e' at p - 1 may continue a marker: "XTER" or "ND" followed by
 * a separator or 'E', compared while they are printable ASCII (a byte that is not could be a
 * look-alike or a skipped character, so the answer is then yes). English has many "en" and "ex";
 * this keeps them off the full matcher.
 */
function asciiCouldStartMarker(p: usize, end: usize): bool {
  const first = <u32>load<u8>(p);
  if (first >= 0x80 || first < 0x20) return true;
  const lower = first | 0x20;
  if (lower == 0x78) return asciiMayBe(p + 1, end, 0x726574); // "ter", lowest byte first
  if (lower != 0x6e) return false;
  if (!asciiMayBe(p + 1, end, 0x64)) return false; // "d"
  if (p + 2 >= end) return false;
  const c = <u32>load<u8>(p + 2);
  return c >= 0x80 || c < 0x20 || c == 0x5f || c == 0x20 || c == 0x2d || (c | 0x20) == 0x65;
}

/** The lower-case letters packed in `word` (first in the low byte) follow at p, as far as p holds ASCII. */
function asciiMayBe(p: usize, end: usize, word: u32): bool {
  for (let k: usize = 0; word != 0; k++, word >>= 8) {
    if (p + k >= end) return false;
    const c = <u32>load<u8>(p + k);
    if (c >= 0x80 || c < 0x20) return true;
    if ((c | 0x20) != (word & 0xff)) return false;
  }
  return true;
}

let matchEnd: usize = 0;
/** Two-byte lead bytes C3 C4 C8 CE D0 D1 D3 (bit = lead - 0xC0). */
const SPACES: u64 = 0x2020202020202020;
const E_BYTES: u64 = 0x6565656565656565;
const X_BYTES: u64 = 0x7878787878787878;
const T_BYTES: u64 = 0x7474747474747474;
const N_BYTES: u64 = 0x6e6e6e6e6e6e6e6e;
const D_BYTES: u64 = 0x6464646464646464;
/** Bytes below 0x20 have none of these bits. */
const CONTROL_BITS: u64 = 0xe0e0e0e0e0e0e0e0;
const E_LEADS_2: u32 = (1 << 3) | (1 << 4) | (1 << 8) | (1 << 14) | (1 << 16) | (1 << 17) | (1 << 19);

/**
 * The next spoofed marker at or after p: returns its start (retracted over '<' look-alikes, not
 * before floor) and sets matchEnd; returns end when there is none. Touches no objects.
 */
function nextMarker(p: usize, floor: usize, end: usize): usize {
  while (p < end) {
    // Eight ASCII bytes at a time: skip them unless an 'e'/'E' in them is followed by "xt", "nd"
    // or a byte that is not plain ASCII (w2, w3: the same window one and two bytes on).
    while (p + 10 <= end) {
      const w = load<u64>(p);
      if ((w & HIGHS) != 0) break; // non-ASCII: one byte at a time below
      const es = zeroBytes((w | SPACES) ^ E_BYTES);
      if (es != 0) {
        const w2 = load<u64>(p + 1);
        const l2 = w2 | SPACES;
        const l3 = load<u64>(p + 2) | SPACES;
        const special = (w2 & HIGHS) | zeroBytes(w2 & CONTROL_BITS);
        let m = es & ((zeroBytes(l2 ^ X_BYTES) & zeroBytes(l3 ^ T_BYTES)) | (zeroBytes(l2 ^ N_BYTES) & zeroBytes(l3 ^ D_BYTES)) | special);
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
    if (p >= end) break;
    const b = <u32>load<u8>(p);
    let candidate = false;
    let len: usize = 1;
    if (b < 0x80) {
      // 'e' starting "xter…" or "nd" + separator or 'e' — as far as the bytes are plain ASCII
      // letters; anything else (a look-alike, an invisible character) goes to the full match.
      if ((b | 0x20) == 0x65 && p + 1 < end) candidate = asciiCouldStartMarker(p + 1, end);
    } else if (b >= 0xc0) {
      // src is valid UTF-8 (the layers' output), so the lead byte gives the length, and only a
      // few lead bytes can start a character that folds to 'E' (see couldFoldToE).
      len = b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
      const maybe = b < 0xe0 ? ((E_LEADS_2 >> (b - 0xc0)) & 1) != 0 : b == 0xe1 || b == 0xe2 || b == 0xef || b == 0xf0;
      if (maybe && couldFoldToE(decodeUtf8(p, end) & 0xffffff)) {
        candidate = p + len >= end || couldFollowE(decodeUtf8(p + len, end) & 0xffffff);
      }
    }
    if (candidate) {
      const m = matchMarker(p, end);
      if (m != 0) {
        const flags = sepFlags;
        const from = retract(p, floor, end);
        if (from != p || bracketAfter || ((flags & 1) != 0 && (flags & 2) == 0)) {
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
