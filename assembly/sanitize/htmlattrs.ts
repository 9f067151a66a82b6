// Attributes of the start tag the HTML converter (html.ts) is reading: the ones that hide an
// element (hidden, popover, aria-hidden, style (css.ts), class), dialog's open, a link's href and
// an image's alt. Module state: one tag at a time.
import { ByteBuffer } from "../util/bytes";
import { decodeCharRef } from "./charref";
import { cssHides, CSS_HIDE, CSS_INVISIBLE, CSS_VISIBLE } from "./css";
import * as T from "./htmltags";

/** Decoded attribute values (and the converter's other decoded text). */
export const scratch = new ByteBuffer(256);
export let attrHidden = false;
/** 1 visibility:visible, 2 visibility:hidden, 0 neither. */
export let attrVisibility = 0;
export let attrOpen = false;
export let hrefStart: usize = 0;
export let hrefEnd: usize = 0;
export let altStart: usize = 0;
export let altEnd: usize = 0;

// @ts-ignore: decorator
@inline function isSpace(c: u32): bool {
  // Bits 0x09, 0x0a, 0x0c, 0x0d and 0x20: tab, line feed, form feed, carriage return, space.
  return c <= 0x20 && ((<u64>1 << <u64>c) & 0x100003600) != 0;
}

export function resetAttributes(): void {
  attrHidden = false;
  attrVisibility = 0;
  attrOpen = false;
  hrefStart = hrefEnd = altStart = altEnd = 0;
}

export let selfClosing = false;
export let tagComplete = false;

/** Read attributes up to and past '>'; in start tags, note the ones that matter. */
export function readAttributes(q: usize, end: usize, start: bool): usize {
  selfClosing = false;
  tagComplete = false;
  while (q < end) {
    let c = <u32>load<u8>(q);
    if (isSpace(c)) {
      q++;
      continue;
    }
    if (c == 0x3e) {
      tagComplete = true;
      return q + 1;
    }
    if (c == 0x2f) {
      q++;
      if (q < end && load<u8>(q) == 0x3e) {
        selfClosing = true;
        tagComplete = true;
        return q + 1;
      }
      continue;
    }
    const ns = q;
    q++;
    while (q < end) {
      c = <u32>load<u8>(q);
      if (c <= 0x20 ? isSpace(c) : c == 0x2f || c == 0x3e || c == 0x3d) break;
      q++;
    }
    const ne = q;
    while (q < end && isSpace(<u32>load<u8>(q))) q++;
    let vs: usize = 0;
    let ve: usize = 0;
    if (q < end && load<u8>(q) == 0x3d) {
      q++;
      while (q < end && isSpace(<u32>load<u8>(q))) q++;
      if (q < end && (load<u8>(q) == 0x22 || load<u8>(q) == 0x27)) {
        const quote = load<u8>(q);
        vs = q + 1;
        q = vs;
        while (q < end && load<u8>(q) != quote) q++;
        ve = q;
        if (q < end) q++;
      } else {
        vs = q;
        while (q < end) {
          c = <u32>load<u8>(q);
          if (c <= 0x20 ? isSpace(c) : c == 0x3e) break;
          q++;
        }
        ve = q;
      }
    }
    if (start) attribute(ns, <i32>(ne - ns), vs, ve);
  }
  return end;
}

function attribute(n: usize, nLen: i32, vs: usize, ve: usize): void {
  if (T.nameIs(n, nLen, "hidden") || T.nameIs(n, nLen, "popover")) {
    attrHidden = true;
  } else if (T.nameIs(n, nLen, "aria-hidden")) {
    decodeValue(vs, ve);
    if (T.trimmedIs(scratch.ptr, scratch.length, "true")) attrHidden = true;
  } else if (T.nameIs(n, nLen, "style")) {
    decodeValue(vs, ve);
    const css = cssHides(scratch.ptr, scratch.length);
    if (css & CSS_HIDE) attrHidden = true;
    else if (css & CSS_INVISIBLE) attrVisibility = 2;
    else if (css & CSS_VISIBLE) attrVisibility = 1;
  } else if (T.nameIs(n, nLen, "class")) {
    decodeValue(vs, ve);
    if (T.hasHidingClass(scratch.ptr, scratch.length)) attrHidden = true;
  } else if (T.nameIs(n, nLen, "open")) {
    attrOpen = true;
  } else if (T.nameIs(n, nLen, "href")) {
    hrefStart = vs;
    hrefEnd = ve;
  } else if (T.nameIs(n, nLen, "alt")) {
    altStart = vs;
    altEnd = ve;
  }
}

/** Attribute value with its character references decoded, into scratch. */
export function decodeValue(vs: usize, ve: usize): void {
  scratch.reset();
  if (isDefined(ORACLES) && bytewiseValues) {
    decodeValueBytewise(vs, ve);
    return;
  }
  let p = vs;
  while (p < ve) {
    // The bytes up to the next '&' as they are, in one copy.
    let q = p;
    while (q < ve && load<u8>(q) != 0x26) q++;
    if (q > p) scratch.append(p, <i32>(q - p));
    if (q >= ve) break;
    const n = decodeCharRef(q, ve, scratch, true);
    if (n > 0) {
      p = q + <usize>n;
    } else {
      scratch.push(0x26);
      p = q + 1;
    }
  }
}


/**
 * Decode values a byte at a time (the code the copies of runs replaced): the reference of the
 * converter's oracle spec, read only in builds with the compile-time constant ORACLES.
 */
let bytewiseValues = false;

export function setBytewiseValues(on: bool): void {
  bytewiseValues = on;
}

function decodeValueBytewise(vs: usize, ve: usize): void {
  let p = vs;
  while (p < ve) {
    const c = load<u8>(p);
    if (c == 0x26) {
      const n = decodeCharRef(p, ve, scratch, true);
      if (n > 0) {
        p += <usize>n;
        continue;
      }
    }
    scratch.push(c);
    p++;
  }
}
