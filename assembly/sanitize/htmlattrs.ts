// Attributes of the start tag the HTML converter (html.ts) is reading: the ones that hide an
// element (hidden, popover, aria-hidden, style (css.ts), class), dialog's open, a link's href and
// an image's alt. On SVG elements also the presentation attributes, which are the same CSS
// properties written as attributes (display, visibility, opacity, fill, stroke…, and the width
// and height of an <svg> or <foreignObject> box): they are read as declarations before the style
// attribute, which overrides them. Module state: one tag at a time.
import { ByteBuffer } from "../util/bytes";
import { decodeCharRef } from "./charref";
import { cssHides, CSS_HIDE, CSS_INVISIBLE, CSS_VISIBLE, paintSet, paintValue, widthSet, heightSet } from "./css";
import * as T from "./htmltags";

/** beginElement box kinds: an <svg> clips to its width and height; a <foreignObject> without both has none. */
export const BOX_NONE = 0;
export const BOX_SVG = 1;
export const BOX_FOREIGN_OBJECT = 2;

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

/** The SVG paint bits (css.ts PAINT_) the element sets, and their values. */
export let attrPaintSet = 0;
export let attrPaintValue = 0;

/** The element is SVG: its presentation attributes count. */
let foreign = false;
let box = BOX_NONE;
/** Presentation attributes as `name:value;` declarations. */
const presentation = new ByteBuffer(64);
/** The style attribute's decoded value (on SVG elements, read after the presentation attributes). */
const svgStyle = new ByteBuffer(64);

export function resetAttributes(): void {
  attrHidden = false;
  attrVisibility = 0;
  attrOpen = false;
  hrefStart = hrefEnd = altStart = altEnd = 0;
  attrPaintSet = attrPaintValue = 0;
  foreign = false;
  box = BOX_NONE;
}

/** Before readAttributes: whether the element is SVG, and its box kind (BOX_). */
export function beginElement(isForeign: bool, boxKind: i32): void {
  foreign = isForeign;
  box = boxKind;
  if (!isForeign) return;
  presentation.reset();
  svgStyle.reset();
  // An svg or foreignObject clips what is outside its box (overflow:hidden is their default).
  if (boxKind != BOX_NONE) presentation.appendString("overflow:hidden;");
}

/** After readAttributes of an SVG element: what its presentation attributes and style do together. */
export function finishElement(): void {
  if (!foreign) return;
  if (svgStyle.length > 0) presentation.append(svgStyle.ptr, svgStyle.length);
  if (presentation.length == 0) return;
  const css = cssHides(presentation.ptr, presentation.length);
  if (css & CSS_HIDE) attrHidden = true;
  else if (css & CSS_INVISIBLE) attrVisibility = 2;
  else if (css & CSS_VISIBLE) attrVisibility = 1;
  attrPaintSet = paintSet;
  attrPaintValue = paintValue;
  // A foreignObject's width and height are 0 unless given.
  if (box == BOX_FOREIGN_OBJECT && !(widthSet && heightSet)) attrHidden = true;
}

/** SVG presentation attributes that can hide text, and a box's width and height. */
function isPresentation(n: usize, nLen: i32): bool {
  switch (<u32>load<u8>(n) | 0x20) {
    case 0x64: return T.nameIs(n, nLen, "display");
    case 0x76: return T.nameIs(n, nLen, "visibility");
    case 0x6f: return T.nameIs(n, nLen, "opacity");
    case 0x66: return T.nameIs(n, nLen, "fill") || T.nameIs(n, nLen, "fill-opacity") || T.nameIs(n, nLen, "font-size");
    case 0x73: return T.nameIs(n, nLen, "stroke") || T.nameIs(n, nLen, "stroke-width") || T.nameIs(n, nLen, "stroke-opacity");
    case 0x74: return T.nameIs(n, nLen, "transform");
    case 0x63: return T.nameIs(n, nLen, "clip-path");
    case 0x77: return box != BOX_NONE && T.nameIs(n, nLen, "width");
    case 0x68: return box != BOX_NONE && T.nameIs(n, nLen, "height");
  }
  return false;
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
  if (foreign && isPresentation(n, nLen)) {
    decodeValue(vs, ve);
    presentation.append(n, nLen);
    presentation.push(0x3a);
    presentation.append(scratch.ptr, scratch.length);
    presentation.push(0x3b);
    return;
  }
  if (T.nameIs(n, nLen, "hidden") || T.nameIs(n, nLen, "popover")) {
    attrHidden = true;
  } else if (T.nameIs(n, nLen, "aria-hidden")) {
    decodeValue(vs, ve);
    if (T.trimmedIs(scratch.ptr, scratch.length, "true")) attrHidden = true;
  } else if (T.nameIs(n, nLen, "style")) {
    decodeValue(vs, ve);
    if (foreign) {
      svgStyle.reset();
      svgStyle.append(scratch.ptr, scratch.length);
      svgStyle.push(0x3b);
      return;
    }
    const css = cssHides(scratch.ptr, scratch.length);
    if (css & CSS_HIDE) attrHidden = true;
    else if (css & CSS_INVISIBLE) attrVisibility = 2;
    else if (css & CSS_VISIBLE) attrVisibility = 1;
    // fill and stroke are inherited: an HTML parent's style reaches the SVG inside it.
    attrPaintSet = paintSet;
    attrPaintValue = paintValue;
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
