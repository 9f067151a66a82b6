// Matching one spoofed fence marker at a candidate position (fence.ts finds the candidates).
//
// On the folded text (fold.ts: case, fullwidth, look-alike brackets and letters; invisible
// characters skipped) a marker is
//   [END sep] EXTERNAL sep UNTRUSTED sep CONTENT [ id="…" ] [>…]
// where sep is a run of up to 32 of _ - . / \ : + * ~ , # space newline, letters may be written
// with the digits and signs people read as them (C0NTENT, UN7RUSTED), and a bracket is '<'/'>',
// a look-alike, or an encoded one (&lt; &#60; &#x3c; \u003c \x3c %3C, and the '>' forms).
// It counts as a marker when it has a bracket on either side, an id attribute, or separators that
// are underscores only (EXTERNAL_UNTRUSTED_CONTENT); prose such as "external untrusted content"
// is left alone.
import { decodeUtf8, prevStart } from "./props";
import { foldMarkerChar, letterMatches, FOLD_SKIP, FOLD_OTHER } from "./fold";

const MAX_ID = 128;
const MAX_SEP = 32;
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

// The words, as static bytes so the matcher handles no objects.
// @ts-ignore: decorator
@lazy const WORDS = memory.data<u8>([
  0x45, 0x4e, 0x44, // END 0
  0x45, 0x58, 0x54, 0x45, 0x52, 0x4e, 0x41, 0x4c, // EXTERNAL 3
  0x55, 0x4e, 0x54, 0x52, 0x55, 0x53, 0x54, 0x45, 0x44, // UNTRUSTED 11
  0x43, 0x4f, 0x4e, 0x54, 0x45, 0x4e, 0x54, // CONTENT 20
  0x49, 0x44, // ID 27
]);
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
    if (!letterMatches(peek(), <u32>load<u8>(start + <usize>i))) return false;
    advance();
  }
  return true;
}

/** A folded character that may separate the marker's words ('_' is told apart by the caller). */
export function isSeparator(f: u32): bool {
  switch (f) {
    case 0x5f: case 0x20: case 0x0a: case 0x0d: case 0x2d: case 0x2e: case 0x2f: case 0x5c: case 0x3a:
    case 0x2b: case 0x2a: case 0x7e: case 0x2c: case 0x23:
      return true;
  }
  return false;
}

/** Consume a separator run; bit 1: had '_', bit 2: had anything else. */
function separator(): i32 {
  let flags = 0;
  for (let n = 0; n < MAX_SEP; n++) {
    const f = peek();
    if (f == 0x5f) flags |= 1;
    else if (isSeparator(f)) flags |= 2;
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

// Encoded brackets, lower case: HTML character references, JS/JSON and URL escapes.
const LT_FORMS: string[] = ["&lt;", "&lt", "&#60;", "&#060;", "&#0060;", "&#x3c;", "&#x03c;", "&#x003c;", "\\u003c", "\\x3c", "%3c"];
const GT_FORMS: string[] = ["&gt;", "&gt", "&#62;", "&#062;", "&#0062;", "&#x3e;", "&#x03e;", "&#x003e;", "\\u003e", "\\x3e", "%3e"];

/** (p, n) equals the lower-case ASCII form, ignoring ASCII case. */
function isForm(p: usize, form: string): bool {
  for (let i = 0; i < form.length; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if ((c - 0x41 < 26 ? c | 0x20 : c) != <u32>form.charCodeAt(i)) return false;
  }
  return true;
}

/** Length of the encoded bracket starting at p (longest form first), or 0. */
function encodedAt(p: usize, end: usize, forms: string[]): i32 {
  let best = 0;
  for (let i = 0; i < forms.length; i++) {
    const n = forms[i].length;
    if (n > best && <usize>n <= end - p && isForm(p, forms[i])) best = n;
  }
  return best;
}

/** Start of the encoded '<' that ends at p (not before floor), or p. */
function encodedLtBefore(floor: usize, p: usize): usize {
  for (let i = 0; i < LT_FORMS.length; i++) {
    const n = <usize>LT_FORMS[i].length;
    if (p - floor >= n && isForm(p - n, LT_FORMS[i])) return p - n;
  }
  return p;
}

/** Set by matchMarker: a '>' (or look-alike or encoded one) follows, an id attribute was read, and the separators seen. */
export let bracketAfter = false;
export let hadId = false;
export let sepFlags = 0;

/** End of a marker's words (and id, closing brackets) starting at s, or 0. */
export function matchMarker(s: usize, end: usize): usize {
  at = s;
  limit = end;
  sepFlags = 0;
  bracketAfter = false;
  hadId = false;
  // E, then N (END_EXTERNAL…) or X (EXTERNAL…): most candidates fail on the second letter.
  if (!letterMatches(peek(), 0x45)) return 0;
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
  hadId = idAttribute();
  if (!hadId) at = coreEnd;
  const q = at;
  skipSpaces();
  let gt = 0;
  while (true) {
    if (peek() == 0x3e) {
      advance();
    } else {
      const n = encodedAt(at, limit, GT_FORMS);
      if (n == 0) break;
      at += <usize>n;
    }
    gt++;
  }
  if (gt == 0) at = q;
  bracketAfter = gt > 0;
  return at;
}

/** Start of the '<' look-alikes or encoded ones (with '/', spaces, invisibles) right before s, or s. */
export function retract(s: usize, floor: usize, end: usize): usize {
  let p = s;
  let cut = s;
  for (let n = 0; n < MAX_RETRACT && p > floor; n++) {
    const e = encodedLtBefore(floor, p);
    if (e != p) {
      cut = e;
      p = e;
      continue;
    }
    const q = prevStart(floor, p);
    const f = foldMarkerChar(decodeUtf8(q, end) & 0xffffff);
    if (f == 0x3c) cut = q;
    else if (f != 0x2f && f != 0x20 && f != 0x0a && f != FOLD_SKIP) break;
    p = q;
  }
  return cut;
}
