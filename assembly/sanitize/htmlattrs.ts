// Attributes of the start tag the HTML converter (html.ts) is reading: the ones that hide an
// element (hidden, popover, aria-hidden, style (css.ts), class), dialog's open, a link's href and
// an image's alt. On SVG elements also the presentation attributes, which are the same CSS
// properties written as attributes (display, visibility, opacity, fill, stroke…, the width and
// height of an <svg> or <foreignObject> box, and x/y/dx/dy where they are page pixels), and on
// MathML elements mathcolor and mathsize: they are read as declarations before the style
// attribute, which overrides them. Module state: one tag at a time.
import { ByteBuffer } from "../util/bytes";
import { decodeCharRef } from "./charref";
import { cssHides, CSS_HIDE, CSS_INVISIBLE, CSS_VISIBLE, paintSet, paintValue, widthSet, heightSet } from "./css";
import * as T from "./htmltags";
import { idHash } from "./svgrefs";

/** beginElement kinds: HTML, SVG (presentation attributes), MathML (mathcolor, mathsize). */
export const KIND_HTML = 0;
export const KIND_SVG = 1;
export const KIND_MATH = 2;
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

/** KIND_SVG or KIND_MATH: its presentation attributes count. */
let foreign = KIND_HTML;
let box = BOX_NONE;
/** x, y, dx and dy are page pixels here (no viewBox above): far negative ones are off screen. */
let positions = false;
/** The <svg> has a viewBox (its coordinates are its own). */
export let attrViewBox = false;
/** A color, face or size attribute (with which <font> breaks out of SVG and MathML). */
export let attrFontLike = false;
/** On SVG elements: idHash of the id attribute (0: none), of the local href target `#x` (0: none; 1: another URL), and a non-empty path attribute. */
export let attrIdHash: u64 = 0;
export let attrHrefHash: u64 = 0;
export let attrPath = false;
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
  foreign = KIND_HTML;
  box = BOX_NONE;
  positions = false;
  attrViewBox = false;
  attrFontLike = false;
  attrIdHash = attrHrefHash = 0;
  attrPath = false;
}

/** Before readAttributes: the element's kind (KIND_), box kind (BOX_), and whether its x and y are page pixels. */
export function beginElement(kind: i32, boxKind: i32, pagePositions: bool): void {
  foreign = kind;
  box = boxKind;
  positions = pagePositions;
  if (kind == KIND_HTML) return;
  presentation.reset();
  svgStyle.reset();
  // An svg or foreignObject clips what is outside its box (overflow:hidden is their default).
  if (boxKind != BOX_NONE) presentation.appendString("overflow:hidden;");
}

/** After readAttributes of an SVG or MathML element: what its presentation attributes and style do together. */
export function finishElement(): void {
  if (foreign == KIND_HTML) return;
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

/**
 * The CSS property an SVG presentation attribute sets, when it can hide text ("" otherwise): the
 * attribute's own name, a box's width and height, and x, y, dx, dy as offsets from the left and
 * top where they are page pixels.
 */
function svgProperty(n: usize, nLen: i32): string {
  switch (<u32>load<u8>(n) | 0x20) {
    case 0x64:
      if (T.nameIs(n, nLen, "display")) return "display";
      if (positions && T.nameIs(n, nLen, "dx")) return "left";
      if (positions && T.nameIs(n, nLen, "dy")) return "top";
      break;
    case 0x76: if (T.nameIs(n, nLen, "visibility")) return "visibility"; break;
    case 0x6f: if (T.nameIs(n, nLen, "opacity")) return "opacity"; break;
    case 0x66:
      if (T.nameIs(n, nLen, "fill")) return "fill";
      if (T.nameIs(n, nLen, "fill-opacity")) return "fill-opacity";
      if (T.nameIs(n, nLen, "font-size")) return "font-size";
      break;
    case 0x73:
      if (T.nameIs(n, nLen, "stroke")) return "stroke";
      if (T.nameIs(n, nLen, "stroke-width")) return "stroke-width";
      if (T.nameIs(n, nLen, "stroke-opacity")) return "stroke-opacity";
      break;
    case 0x74: if (T.nameIs(n, nLen, "transform")) return "transform"; break;
    case 0x63: if (T.nameIs(n, nLen, "clip-path")) return "clip-path"; break;
    case 0x77: if (box != BOX_NONE && T.nameIs(n, nLen, "width")) return "width"; break;
    case 0x68: if (box != BOX_NONE && T.nameIs(n, nLen, "height")) return "height"; break;
    case 0x78: if (positions && nLen == 1) return "left"; break;
    case 0x79: if (positions && nLen == 1) return "top"; break;
  }
  return "";
}

/** The CSS property a MathML attribute sets, when it can hide text: mathcolor is color, mathsize font-size. */
function mathProperty(n: usize, nLen: i32): string {
  if (T.nameIs(n, nLen, "mathcolor")) return "color";
  if (T.nameIs(n, nLen, "mathsize")) return "font-size";
  return "";
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
  const property = foreign == KIND_SVG ? svgProperty(n, nLen) : foreign == KIND_MATH ? mathProperty(n, nLen) : "";
  if (property.length > 0) {
    decodeValue(vs, ve);
    presentation.appendString(property);
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
    if (foreign != KIND_HTML) {
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
  } else if (foreign != KIND_HTML && (T.nameIs(n, nLen, "color") || T.nameIs(n, nLen, "face") || T.nameIs(n, nLen, "size"))) {
    attrFontLike = true;
  } else if (foreign == KIND_SVG && (T.nameIs(n, nLen, "id") || T.nameIs(n, nLen, "href") || T.nameIs(n, nLen, "xlink:href")
    || T.nameIs(n, nLen, "path"))) {
    svgReference(n, nLen, vs, ve);
  } else if (foreign == KIND_SVG && box == BOX_SVG && T.nameIs(n, nLen, "viewbox")) {
    attrViewBox = true;
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

/** An SVG element's id, href or path attribute (for textPath, svgrefs.ts). */
function svgReference(n: usize, nLen: i32, vs: usize, ve: usize): void {
  decodeValue(vs, ve);
  const t = T.trim(scratch.ptr, scratch.length);
  const p = scratch.ptr + <usize>(t >> 16);
  const len = t & 0xffff;
  const c = <u32>load<u8>(n) | 0x20;
  if (c == 0x69) {
    if (len > 0) attrIdHash = idHash(p, len);
  } else if (c == 0x70) {
    attrPath = len > 0;
  } else {
    attrHrefHash = len > 1 && load<u8>(p) == 0x23 ? idHash(p + 1, len - 1) : 1;
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
