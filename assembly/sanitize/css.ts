// Inline-style checks for hidden elements, case-insensitive, with comments, CSS escapes
// (`dis\play`, `\64 isplay`) and !important allowed. Character references in the attribute were
// decoded by the caller. What counts as hidden — the ways a page keeps text from a person:
//   display:none, or a var() (unknown at this point: fails safe)   content-visibility:hidden
//   visibility:hidden|collapse (CSS_INVISIBLE: a visibility:visible child shows again)
//   font-size (or the font shorthand's size) under 2px/0.2em/20%   opacity or filter:opacity() under 0.1
//   color or -webkit-text-fill-color transparent, or with alpha under 0.1 (rgba hsla #rgba #rrggbbaa, `/ a`)
//   transform: scale(0) scaleX(0) scale3d(…0…) matrix() or matrix3d() of zero area, rotateX/Y(90deg)
//   or rotate3d() edge-on, translate off screen; the scale, rotate and translate properties likewise
//   zoom above 0 and under 0.2 (20%)
//   clip:rect(…)   clip-path: inset() that meets, circle(0), ellipse(0), rect() or xywh() of zero area,
//   a polygon of zero area
//   left|top|right|bottom|inset*|margin*|text-indent 500px or more off screen (about 32em, 50vw, 50%),
//   text-indent 100% or 500px and more
//   width or height under 2px together with overflow:hidden
// For SVG it also reads paint (fill, stroke and their opacities and width: paintSet, paintValue)
// and whether a width and a height are given (a foreignObject needs both).
// Numbers may be written 1e-3, calc(0px). Stylesheet rules (`<style>#x{display:none}`) are not
// evaluated.
import { ByteBuffer } from "../util/bytes";
import {
  spanIs, spanStarts, isZero, isTinyFontSize, isFaint, isOffScreen, isFarIndent, hasZeroAlpha, transformHides,
  fontShorthandTiny, isTinySize, scaleHides, translateHides, contains, rotateHides, isTinyZoom, isThinStroke,
} from "./cssvalues";
import { clipPathHides } from "./cssshapes";

/** cssHides result bits. */
export const CSS_HIDE = 1;
export const CSS_INVISIBLE = 2;
export const CSS_VISIBLE = 4;

// SVG paint, inherited property by property, so each is its own bit: text shows when its fill
// paints (colour and fill-opacity) or its stroke does (colour, stroke-width and stroke-opacity).
/** fill: none, transparent or an alpha under 0.1. */
export const PAINT_FILL_NONE = 1;
/** fill-opacity under 0.1. */
export const PAINT_FILL_FAINT = 2;
/** stroke: a colour that shows (the initial stroke is none). */
export const PAINT_STROKE = 4;
/** stroke-width of (about) zero. */
export const PAINT_STROKE_THIN = 8;
/** stroke-opacity under 0.1. */
export const PAINT_STROKE_FAINT = 16;
/** The PAINT_ bits the last cssHides call set, and their values. */
export let paintSet = 0;
export let paintValue = 0;
/** The last cssHides call read a width / a height that is not auto (a foreignObject without both has no box). */
export let widthSet = false;
export let heightSet = false;

function setPaint(bit: i32, on: bool): void {
  paintSet |= bit;
  paintValue = on ? paintValue | bit : paintValue & ~bit;
}

const css = new ByteBuffer(128);
/** Stands for any non-ASCII character an escape spells (never part of a keyword). */
const NON_ASCII: u8 = 0x80;

// @ts-ignore: decorator
@inline function isWs(c: u32): bool {
  return c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0c || c == 0x0d;
}

// @ts-ignore: decorator
@inline function hexValue(c: u32): i32 {
  if (c - 0x30 < 10) return <i32>(c - 0x30);
  const l = c | 0x20;
  return l - 0x61 < 6 ? <i32>(l - 0x61 + 10) : -1;
}

// @ts-ignore: decorator
@inline function lower(c: u32): u8 {
  return <u8>(c - 0x41 < 26 ? c | 0x20 : c);
}

/** Lower-cased copy of (p, n) without comments and with escapes decoded, into css. */
function normalize(p: usize, n: i32): void {
  css.reset();
  let i = 0;
  while (i < n) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c == 0x2f && i + 1 < n && load<u8>(p + <usize>(i + 1)) == 0x2a) {
      i += 2;
      while (i + 1 < n && !(load<u8>(p + <usize>i) == 0x2a && load<u8>(p + <usize>(i + 1)) == 0x2f)) i++;
      i += 2;
      continue;
    }
    if (c == 0x5c && i + 1 < n) {
      // \hex{1,6} plus one optional space, or \ and any other character as itself.
      let v: u32 = 0;
      let digits = 0;
      let j = i + 1;
      while (j < n && digits < 6) {
        const h = hexValue(<u32>load<u8>(p + <usize>j));
        if (h < 0) break;
        v = (v << 4) | <u32>h;
        digits++;
        j++;
      }
      if (digits > 0) {
        if (j < n && isWs(<u32>load<u8>(p + <usize>j))) j++;
        css.push(v < 0x80 && v != 0 ? lower(v) : NON_ASCII);
        i = j;
        continue;
      }
      const next = <u32>load<u8>(p + <usize>(i + 1));
      if (next != 0x0a) css.push(next < 0x80 ? lower(next) : NON_ASCII);
      i += 2;
      continue;
    }
    css.push(c < 0x80 ? lower(c) : NON_ASCII);
    i++;
  }
}

/** What the inline style does: CSS_HIDE, CSS_INVISIBLE, CSS_VISIBLE bits (0: nothing of this). */
export function cssHides(p: usize, n: i32): i32 {
  normalize(p, n);
  const b = css.ptr;
  const len = css.length;
  let zeroSize = false;
  let overflowHidden = false;
  let result = 0;
  paintSet = paintValue = 0;
  widthSet = heightSet = false;
  let i = 0;
  while (i < len) {
    let declEnd = i;
    while (declEnd < len && load<u8>(b + <usize>declEnd) != 0x3b) declEnd++;
    let colon = i;
    while (colon < declEnd && load<u8>(b + <usize>colon) != 0x3a) colon++;
    if (colon < declEnd) {
      let ps = i, pe = colon;
      while (ps < pe && isWs(<u32>load<u8>(b + <usize>ps))) ps++;
      while (pe > ps && isWs(<u32>load<u8>(b + <usize>(pe - 1)))) pe--;
      let vs = colon + 1, ve = declEnd;
      while (vs < ve && isWs(<u32>load<u8>(b + <usize>vs))) vs++;
      while (ve > vs && isWs(<u32>load<u8>(b + <usize>(ve - 1)))) ve--;
      // Strip "!important" (with optional spaces after '!').
      let bang = vs;
      while (bang < ve && load<u8>(b + <usize>bang) != 0x21) bang++;
      if (bang < ve) {
        ve = bang;
        while (ve > vs && isWs(<u32>load<u8>(b + <usize>(ve - 1)))) ve--;
      }
      if (declarationHides(b, ps, pe, vs, ve)) return CSS_HIDE;
      if (spanIs(b, ps, pe, "visibility")) {
        if (spanIs(b, vs, ve, "hidden") || spanIs(b, vs, ve, "collapse")) result = CSS_INVISIBLE;
        else if (spanIs(b, vs, ve, "visible")) result = CSS_VISIBLE;
        else if (contains(b, vs, ve, "var(")) result = CSS_INVISIBLE;
      }
      if ((spanIs(b, ps, pe, "width") || spanIs(b, ps, pe, "height") || spanIs(b, ps, pe, "max-width")
        || spanIs(b, ps, pe, "max-height")) && isTinySize(b, vs, ve)) zeroSize = true;
      if (spanIs(b, ps, pe, "width")) widthSet = !spanIs(b, vs, ve, "auto");
      if (spanIs(b, ps, pe, "height")) heightSet = !spanIs(b, vs, ve, "auto");
      if (spanStarts(b, ps, pe, "fill") || spanStarts(b, ps, pe, "stroke")) paintDeclaration(b, ps, pe, vs, ve);
      if ((spanIs(b, ps, pe, "overflow") || spanIs(b, ps, pe, "overflow-x") || spanIs(b, ps, pe, "overflow-y"))
        && (spanIs(b, vs, ve, "hidden") || spanIs(b, vs, ve, "clip"))) overflowHidden = true;
    }
    i = declEnd + 1;
  }
  return zeroSize && overflowHidden ? CSS_HIDE : result;
}

/** fill, fill-opacity, stroke, stroke-width, stroke-opacity: the PAINT_ bits. */
function paintDeclaration(b: usize, ps: i32, pe: i32, vs: i32, ve: i32): void {
  if (spanIs(b, ps, pe, "fill")) setPaint(PAINT_FILL_NONE, spanIs(b, vs, ve, "none") || hasZeroAlpha(b, vs, ve));
  else if (spanIs(b, ps, pe, "fill-opacity")) setPaint(PAINT_FILL_FAINT, isFaint(b, vs, ve));
  else if (spanIs(b, ps, pe, "stroke")) setPaint(PAINT_STROKE, !(spanIs(b, vs, ve, "none") || hasZeroAlpha(b, vs, ve)));
  else if (spanIs(b, ps, pe, "stroke-width")) setPaint(PAINT_STROKE_THIN, isThinStroke(b, vs, ve));
  else if (spanIs(b, ps, pe, "stroke-opacity")) setPaint(PAINT_STROKE_FAINT, isFaint(b, vs, ve));
}

/** One declaration (property ps..pe, value vs..ve) that hides on its own (visibility aside). */
function declarationHides(b: usize, ps: i32, pe: i32, vs: i32, ve: i32): bool {
  if (spanIs(b, ps, pe, "display")) return spanIs(b, vs, ve, "none") || contains(b, vs, ve, "var(");
  if (spanIs(b, ps, pe, "content-visibility")) return spanIs(b, vs, ve, "hidden");
  if (spanIs(b, ps, pe, "font-size")) return isTinyFontSize(b, vs, ve);
  if (spanIs(b, ps, pe, "font")) return fontShorthandTiny(b, vs, ve);
  if (spanIs(b, ps, pe, "opacity")) return isFaint(b, vs, ve) || contains(b, vs, ve, "var(");
  if (spanIs(b, ps, pe, "filter")) return transformHides(b, vs, ve);
  if (spanIs(b, ps, pe, "color") || spanIs(b, ps, pe, "-webkit-text-fill-color")) return hasZeroAlpha(b, vs, ve);
  if (spanIs(b, ps, pe, "transform")) return transformHides(b, vs, ve);
  if (spanIs(b, ps, pe, "rotate")) return rotateHides(b, vs, ve);
  if (spanIs(b, ps, pe, "zoom")) return isTinyZoom(b, vs, ve);
  if (spanIs(b, ps, pe, "scale")) return scaleHides(b, vs, ve);
  if (spanIs(b, ps, pe, "translate")) return translateHides(b, vs, ve);
  if (spanIs(b, ps, pe, "clip")) return spanStarts(b, vs, ve, "rect(");
  if (spanIs(b, ps, pe, "clip-path")) return clipPathHides(b, vs, ve);
  if (spanIs(b, ps, pe, "text-indent")) return isOffScreen(b, vs, ve) || isFarIndent(b, vs, ve);
  if (spanIs(b, ps, pe, "left") || spanIs(b, ps, pe, "top") || spanIs(b, ps, pe, "right") || spanIs(b, ps, pe, "bottom")
    || spanStarts(b, ps, pe, "inset") || spanStarts(b, ps, pe, "margin")) {
    return isOffScreen(b, vs, ve);
  }
  return false;
}
