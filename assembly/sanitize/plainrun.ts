// Where a run of plain text ends, for the layers' fast path (layers.ts fastRun): characters that
// no layer touches — printable ASCII, spaces, \t, \n (not right after a space or tab when layer 7
// is on: that whitespace is trailing, layer 7's to remove), and
// non-ASCII characters of no layer's kind that are NFC boundaries, so nothing in the run can
// compose or reorder. Sixteen ASCII bytes are tested at once where they can be (wasm SIMD).
import {
  propsOf, decodeUtf8, isMalformed, KIND_MASK, F_NFC_NO, F_NFC_MAYBE, CCC_SHIFT,
} from "./props";
import { foldMarkerChar, mayFoldToPunct, mayFoldToBracket } from "./fold";

/** Props of a character that takes part in NFC (not a boundary). */
export const NOT_BOUNDARY: u32 = F_NFC_NO | F_NFC_MAYBE | (0xff << CCC_SHIFT);
/** Props that keep a character off the fast path: any layer's kind, or a part in NFC. */
const NOT_INERT: u32 = KIND_MASK | NOT_BOUNDARY;
const V_DEL: v128 = i8x16.splat(0x7f);
const V_SPACES: v128 = i8x16.splat(0x20);
const V_LT: v128 = i8x16.splat(0x3c);

/** 0xFF in the bytes of v that are a marker byte other than '<' (isMarkerByte: > _ & % \ =). */
// @ts-ignore: decorator
@inline function markerBytes(v: v128): v128 {
  return v128.or(
    v128.or(v128.or(i8x16.eq(v, i8x16.splat(0x3e)), i8x16.eq(v, i8x16.splat(0x5f))), v128.or(i8x16.eq(v, i8x16.splat(0x26)), i8x16.eq(v, i8x16.splat(0x25)))),
    v128.or(i8x16.eq(v, i8x16.splat(0x5c)), i8x16.eq(v, i8x16.splat(0x3d))),
  );
}

/**
 * Off only in the oracle spec, which checks the sixteen-byte blocks against the byte loop; read only
 * in builds with the compile-time constant ORACLES (the oracle tier): the release wasm has no toggle.
 */
let wordAtATime = true;

/** Take plain ASCII sixteen bytes at a time (the default) or byte by byte (the reference); for the oracle spec. */
export function setWordAtATime(on: bool): void {
  wordAtATime = on;
}

/**
 * ASCII a spoofed marker needs at least one of (marker.ts): a bracket, an underscore, an encoded
 * bracket (& % \) or an id attribute's '='. Text without any of them and without non-ASCII
 * skips the marker pass.
 */
// @ts-ignore: decorator
@inline export function isMarkerByte(c: u32): bool {
  return c == 0x3c || c == 0x3e || c == 0x5f || c == 0x26 || c == 0x25 || c == 0x5c || c == 0x3d;
}

/**
 * The hint bits a non-ASCII character gives (see runHint): 3 when it reads as '<', 2 when it
 * reads as '>', '_' or '=', else 0. Only a few 64-code-point blocks hold such look-alikes
 * (confusables.ts), so letters of every script are answered by one bit test.
 */
export function punctHint(cp: u32): u32 {
  return punctBits(cp) & 3;
}

/** punctHint's bits, plus OPENS_TEMPLATE when cp reads as '<' or '[' (it may open a chat-template marker). */
export const OPENS_TEMPLATE: u32 = 4;

/** punctHint(cp) | OPENS_TEMPLATE when cp folds to '<' or '['. */
export function punctBits(cp: u32): u32 {
  if (!mayFoldToPunct(cp) && !mayFoldToBracket(cp)) return 0;
  // Those blocks also hold everyday punctuation (、。，！): remember each BMP answer, so the
  // look-alike search runs once per code point, not once per occurrence.
  if (cp < 0x10000) {
    const at = punctCachePtr + <usize>cp;
    const cached = <u32>load<u8>(at);
    if (cached != 0) return cached - 1;
    const bits = punctBitsOf(cp);
    store<u8>(at, <u8>(bits + 1));
    return bits;
  }
  return punctBitsOf(cp);
}

function punctBitsOf(cp: u32): u32 {
  const f = foldMarkerChar(cp);
  if (f == 0x3c) return 3 | OPENS_TEMPLATE;
  if (f == 0x5b) return OPENS_TEMPLATE;
  return f == 0x3e || f == 0x5f || f == 0x3d ? 2 : 0;
}

// punctBits's answers for the BMP, plus one: 0 not looked up yet.
const punctCache = new StaticArray<u8>(0x10000);
const punctCachePtr: usize = changetype<usize>(punctCache);

/** No layer touches cp and NFC leaves it alone whatever surrounds it (from the properties). */
// @ts-ignore: decorator
@inline export function inertByProps(cp: u32): bool {
  // U+2028/2029 are layer 2's by code point, not by kind.
  return (propsOf(cp) & NOT_INERT) == 0 && cp - 0x2028 >= 2;
}

// What the plain-run scan asks of a BMP code point, one byte each, filled on first use: 0 not
// looked at yet, else CLASS_KNOWN | CLASS_INERT if inertByProps | punctBits << 2. One load then
// answers both questions for a letter of any script, where the properties take four loads and
// punctBits a call and two block tests.
const CLASS_KNOWN: u32 = 1;
const CLASS_INERT: u32 = 2;
const cpClass = new StaticArray<u8>(0x10000);
const cpClassPtr: usize = changetype<usize>(cpClass);

function fillClass(cp: u32): u32 {
  const k = CLASS_KNOWN | (inertByProps(cp) ? CLASS_INERT : 0) | (punctBits(cp) << 2);
  store<u8>(cpClassPtr + <usize>cp, <u8>k);
  return k;
}

/** punctBits(cp) when cp is inert (inertByProps), else -1: the scan's question, answered from the class table. */
// @ts-ignore: decorator
@inline export function inertBits(cp: u32): i32 {
  if (cp >= 0x10000) return inertByProps(cp) ? <i32>punctBits(cp) : -1;
  let k = <u32>load<u8>(cpClassPtr + <usize>cp);
  if (k == 0) k = fillClass(cp);
  return (k & CLASS_INERT) != 0 ? <i32>(k >> 2) : -1;
}

/** Set by scanPlainRun: the start of the run's last character, the characters in it, and hints. */
export let runLast: usize = 0;
/** Set by scanPlainRun: where the spaces and tabs that end the run begin, or 0. */
export let runWsFrom: usize = 0;
export let runChars = 0;
/** Bit 1: '<' or a look-alike (framework tags may follow); bit 2: a byte or look-alike a marker needs (isMarkerByte). */
export let runHint: u32 = 0;
/** Set by scanPlainRun: a non-ASCII character of the run folds to '<' or '[' (OPENS_TEMPLATE). */
export let runOpensTemplate = false;

/** End of the plain run starting at p (p itself when there is none). `trim`: layer 7 is on. */
export function scanPlainRun(p: usize, end: usize, trim: bool): usize {
  let q = p;
  let last = p;
  let chars = 0;
  let prevSpace = false;
  let wsFrom: usize = 0;
  let hint: u32 = 0;
  let opens: u32 = 0;
  while (q < end) {
    const c = <u32>load<u8>(q);
    // Printable ASCII (0x20-0x7E) sixteen bytes at a time (wasm SIMD), for as long as it comes: a
    // block is taken up to its first other byte, which the byte loop below then handles.
    if (c < 0x80 && q + 16 <= end && (!isDefined(ORACLES) || wordAtATime)) {
      const from = q;
      while (q + 16 <= end) {
        const v = v128.load(q);
        // Bytes below 0x20 or from 0x80 up are below 0x20 as signed bytes; 0x7F is the one other.
        const other = <u32>i8x16.bitmask(v128.or(i8x16.lt_s(v, V_SPACES), i8x16.eq(v, V_DEL)));
        const k = <i32>ctz(other | 0x10000); // 16 when every byte is printable
        if (k == 0) break;
        const keep: u32 = (1 << <u32>k) - 1; // the k bytes taken
        // Once a '<' was seen (hint 3) no byte can add to the hint: the tests are skipped.
        if (hint != 3) {
          if ((<u32>i8x16.bitmask(i8x16.eq(v, V_LT)) & keep) != 0) hint = 3;
          else if (hint == 0 && (<u32>i8x16.bitmask(markerBytes(v)) & keep) != 0) hint = 2;
        }
        if (load<u8>(q + <usize>(k - 1)) == 0x20) {
          // Ends in spaces: where they begin (in this block, or earlier when it is all spaces).
          const nonSpace = ~<u32>i8x16.bitmask(i8x16.eq(v, V_SPACES)) & keep;
          if (nonSpace != 0) wsFrom = q + <usize>(32 - clz(nonSpace));
          else if (!prevSpace) wsFrom = q;
          prevSpace = true;
        } else {
          prevSpace = false;
        }
        q += <usize>k;
        if (k < 16) break;
      }
      if (q != from) {
        last = q - 1;
        chars += <i32>(q - from);
        continue;
      }
    }
    if (c < 0x80) {
      if (c - 0x21 < 0x5e) {
        prevSpace = false;
        hint |= (c == 0x3c ? 3 : 0) | (isMarkerByte(c) ? 2 : 0);
      } else if (c == 0x20 || c == 0x09) {
        if (!prevSpace) wsFrom = q;
        prevSpace = true;
      } else if (c == 0x0a) {
        if (prevSpace && trim) break;
        prevSpace = false;
      } else {
        break;
      }
      last = q;
      q++;
      chars++;
      continue;
    }
    // Two- and three-byte sequences decoded inline (the common scripts); anything malformed
    // stops the run, so the slow path counts and replaces it.
    let cp: u32;
    let len: usize;
    if (c - 0xc2 < 30) {
      if (q + 1 >= end) break;
      const b1 = <u32>load<u8>(q + 1);
      if ((b1 & 0xc0) != 0x80) break;
      cp = ((c & 0x1f) << 6) | (b1 & 0x3f);
      len = 2;
    } else if (c - 0xe0 < 16) {
      if (q + 2 >= end) break;
      const b1 = <u32>load<u8>(q + 1);
      const b2 = <u32>load<u8>(q + 2);
      if ((b1 & 0xc0) != 0x80 || (b2 & 0xc0) != 0x80) break;
      cp = ((c & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f);
      // Overlong forms and surrogates are malformed; U+FFFD goes to the slow path, which notes
      // it (a lone surrogate of a JS string arrives as one: layers.ts fReplacement).
      if (cp < 0x800 || cp - 0xd800 < 0x800 || cp == 0xfffd) break;
      len = 3;
    } else {
      const packed = decodeUtf8(q, end);
      // Here (no two- or three-byte lead) U+FFFD can only come from malformed bytes.
      if (isMalformed(packed) || (packed & 0xffffff) == 0xfffd) break;
      cp = packed & 0xffffff;
      len = <usize>(packed >> 24);
    }
    const bits = inertBits(cp);
    if (bits < 0) break;
    prevSpace = false;
    hint |= <u32>bits & 3;
    opens |= <u32>bits;
    last = q;
    q += len;
    chars++;
  }
  runLast = last;
  runChars = chars;
  runHint = hint;
  runOpensTemplate = (opens & OPENS_TEMPLATE) != 0;
  runWsFrom = prevSpace ? wsFrom : 0;
  return q;
}
