// Matching one spoofed fence marker at a candidate position (fence.ts finds the candidates).
//
// On the folded text (fold.ts: case, Unicode look-alikes, invisible characters skipped) a marker
// is a sequence of the words END, EXTERNAL, UNTRUSTED, CONTENT — any of them, each once, in any
// order — with separators between them, an optional ` id="…"`, and brackets around it. A
// separator is any run (up to 32) of characters that are not letters, digits or brackets:
// `_ - . | = ; · • ‿ ( )`, U+2800, spaces, newlines, letters of other scripts. Letters may be
// written with the digits and signs people read as them (C0NTENT, UN7RUSTED), and spaced apart by
// up to four separators (`E N D`, `E.X.T…`, one letter per line). A bracket is '<' or
// '>', a look-alike, or an encoded one (&lt; &#60; &#x3c; \u003c \x3c %3C, and the '>' forms).
// It counts as a marker when a model could read it as opening or closing the fence:
//   - EXTERNAL UNTRUSTED CONTENT in this order (END before it or not) with a bracket on either
//     side, an id attribute, or underscores only as separators (EXTERNAL_UNTRUSTED_CONTENT);
//   - two or more of the words with a bracket on either side or an id (END_EXTERNAL_CONTENT>>>,
//     <UNTRUSTED_EXTERNAL_CONTENT>);
//   - one word with brackets on both sides, three or more in all (<<<END>>>, <<END>); a shell
//     heredoc's `<<END` and here-string `<<< "$content"` stay.
// Prose such as "external untrusted content" is left alone.
import { decodeUtf8, prevStart } from "./props";
import { foldMarkerChar, letterMatches, FOLD_SKIP, FOLD_OTHER } from "./fold";

const MAX_ID = 128;
const MAX_SEP = 32;
const MAX_RETRACT = 64;
/** Separators that may stand between two letters of one word (fence.ts asciiCouldStartMarker allows as many). */
export const MAX_GAP = 4;

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

/** Bits of the words seen. */
export const W_END = 1;
export const W_EXTERNAL = 2;
export const W_UNTRUSTED = 4;
export const W_CONTENT = 8;

/**
 * Match a word given as (length << 8 | offset in WORDS); `spaced`: its letters may be spaced
 * apart, the first one too (it continues a word begun before).
 */
function expectWord(word: i32, spaced: bool): bool {
  const start = WORDS + <usize>(word & 0xff);
  const n = word >> 8;
  for (let i = 0; i < n; i++) {
    const letter = <u32>load<u8>(start + <usize>i);
    if (!letterMatches(i > 0 || spaced ? nextLetter(letter) : peek(), letter)) return false;
    advance();
  }
  return true;
}

/**
 * The folded character standing for a word's next letter: the one at the cursor, or, when that
 * is a separator that is not read as the letter, the first one after a gap of up to MAX_GAP
 * separators (`E N D`, `E.N.D`, `E-N-D`, a letter per line), which reads as the same word. With
 * no letter after the gap the cursor stays and the character there is returned.
 */
function nextLetter(letter: u32): u32 {
  const f = peek();
  if (!isSeparator(f) || letterMatches(f, letter) || at >= limit) return f;
  const back = at;
  for (let n = 0; n < MAX_GAP && at < limit; n++) {
    advance();
    const g = peek();
    if (!isSeparator(g)) return g;
  }
  at = back;
  return peek();
}

/** A folded character that may separate the marker's words: anything but letters, digits and brackets. */
export function isSeparator(f: u32): bool {
  return f - 0x41 >= 26 && f - 0x30 >= 10 && f != 0x3c && f != 0x3e && f != FOLD_SKIP;
}

/** Consume a separator run; bit 1: had '_', bit 2: had anything else. */
function separator(): i32 {
  let flags = 0;
  let last: u32 = 0;
  for (let n = 0; n < MAX_SEP && at < limit; ) {
    const f = peek();
    if (!isSeparator(f) || at >= limit) break;
    flags |= f == 0x5f ? 1 : 2;
    // A run of spaces counts once: kept indentation and alignment cannot pad words apart.
    if (f != 0x20 || last != 0x20) n++;
    last = f;
    advance();
  }
  return flags;
}

/** One marker word at the cursor: its W_ bit, or 0 with the cursor unspecified. */
function word(): i32 {
  const first = peek();
  if (letterMatches(first, 0x45)) {
    advance();
    // N (END) or X (EXTERNAL): neither is read from a sign, so the gap is skipped for either.
    const second = nextLetter(0x4e);
    if (second == 0x4e) {
      advance();
      if (nextLetter(0x44) != 0x44) return 0;
      advance();
      return W_END;
    }
    if (second != 0x58) return 0;
    advance();
    return expectWord(TERNAL, true) ? W_EXTERNAL : 0;
  }
  if (first == 0x55) return expectWord(UNTRUSTED, false) ? W_UNTRUSTED : 0;
  if (first == 0x43) return expectWord(CONTENT, false) ? W_CONTENT : 0;
  return 0;
}

function skipSpaces(): void {
  while (peek() == 0x20) advance();
}

/** Optional ` id="…"` after the words; returns false (cursor unspecified) when malformed. */
function idAttribute(): bool {
  skipSpaces();
  if (!expectWord(ID, false)) return false;
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

/** Set by matchMarker: '>' brackets after, an id attribute, the separators seen, the words. */
export let gtCount = 0;
export let hadId = false;
export let sepFlags = 0;
export let wordCount = 0;
/** No letter or digit follows the last word. */
export let wordBoundary = false;
/** The words were [END] EXTERNAL UNTRUSTED CONTENT in this order. */
export let canonical = false;

/** End of a marker's words (and id, closing brackets) starting at s, or 0. */
export function matchMarker(s: usize, end: usize): usize {
  at = s;
  limit = end;
  sepFlags = 0;
  gtCount = 0;
  hadId = false;
  wordCount = 0;
  let seen = 0;
  let order = 0; // the words' bits, first in the low nibble
  let wordEnd = s;
  let flags = 0;
  while (wordCount < 4) {
    const w = word();
    if (w == 0 || (seen & w) != 0) break;
    seen |= w;
    order |= w << (wordCount << 2);
    wordCount++;
    wordEnd = at;
    sepFlags |= flags;
    flags = separator();
  }
  if (wordCount == 0) return 0;
  canonical = order == (W_EXTERNAL | (W_UNTRUSTED << 4) | (W_CONTENT << 8))
    || order == (W_END | (W_EXTERNAL << 4) | (W_UNTRUSTED << 8) | (W_CONTENT << 12));
  at = wordEnd;
  const next = peek();
  wordBoundary = next - 0x41 >= 26 && next - 0x30 >= 10;
  hadId = idAttribute();
  if (!hadId) at = wordEnd;
  const q = at;
  skipSpaces();
  let gt = gtRun();
  if (gt == 0) {
    // Separators before the brackets: `CONTENT)>>>`, `CONTENT·>>>`.
    at = q;
    separator();
    gt = gtRun();
  }
  if (gt == 0) at = q;
  gtCount = gt;
  return at;
}

/** Count the '>' (look-alikes, encoded) at the cursor and step over them. */
function gtRun(): i32 {
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
  return gt;
}

/** Set by retract: the '<' brackets (look-alikes, encoded) it stepped over. */
export let ltCount = 0;

/** Start of the '<' look-alikes or encoded ones (with separators and invisibles between) right before s, or s. */
export function retract(s: usize, floor: usize, end: usize): usize {
  let p = s;
  let cut = s;
  let last: u32 = 0;
  ltCount = 0;
  for (let n = 0; n < MAX_RETRACT && p > floor; ) {
    const e = encodedLtBefore(floor, p);
    if (e != p) {
      cut = e;
      p = e;
      ltCount++;
      n++;
      continue;
    }
    const q = prevStart(floor, p);
    const f = foldMarkerChar(decodeUtf8(q, end) & 0xffffff);
    if (f == 0x3c) {
      cut = q;
      ltCount++;
    } else if (!isSeparator(f) && f != FOLD_SKIP) break;
    if (f != 0x20 || last != 0x20) n++; // a run of spaces counts once
    last = f;
    p = q;
  }
  return cut;
}
