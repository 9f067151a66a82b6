// Inline-style checks for hidden elements, case-insensitive, with comments, CSS escapes
// (`dis\play`, `\64 isplay`) and !important allowed. Character references in the attribute were
// decoded by the caller. What counts as hidden — the ways a page keeps text from a person:
//   display:none   visibility:hidden|collapse   font-size under 2px/0.2em/20%   opacity under 0.1
//   color:transparent
//   transform:scale(0)   clip:rect(…)   clip-path:inset(50%)|circle(0…)
//   left|top|right|bottom|text-indent|margin-left|margin-top at -999 or further (off screen)
//   width|height|max-width|max-height:0 together with overflow:hidden
// Stylesheet rules (`<style>#x{display:none}`) are not evaluated.
import { ByteBuffer } from "../util/bytes";

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

function spanIs(p: usize, s: i32, e: i32, lit: string): bool {
  if (e - s != lit.length) return false;
  for (let i = 0; i < lit.length; i++) if (<u32>load<u8>(p + <usize>(s + i)) != <u32>lit.charCodeAt(i)) return false;
  return true;
}

function spanStarts(p: usize, s: i32, e: i32, lit: string): bool {
  if (e - s < lit.length) return false;
  return spanIs(p, s, s + lit.length, lit);
}

// The last number parsed by parseNumber: its signed value and its unit.
let numberValue: f64 = 0;
const UNIT_NONE = 0;
const UNIT_ABSOLUTE = 1; // px pt pc in cm mm q
const UNIT_RELATIVE = 2; // em rem ex ch and the rest
const UNIT_PERCENT = 3;
let numberUnit = UNIT_NONE;

/** Parse [+-]digits[.digits][unit|%] spanning s..e into numberValue/numberUnit; false when it is not one. */
function parseNumber(p: usize, s: i32, e: i32): bool {
  let i = s;
  let sign: f64 = 1;
  if (i < e && (load<u8>(p + <usize>i) == 0x2b || load<u8>(p + <usize>i) == 0x2d)) {
    if (load<u8>(p + <usize>i) == 0x2d) sign = -1;
    i++;
  }
  let digits = 0;
  let value: f64 = 0;
  let scale: f64 = 0;
  while (i < e) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c - 0x30 < 10) {
      digits++;
      if (scale == 0) value = value * 10 + <f64>(c - 0x30);
      else {
        value += <f64>(c - 0x30) * scale;
        scale /= 10;
      }
    } else if (c == 0x2e && scale == 0) {
      scale = 0.1;
    } else {
      break;
    }
    i++;
  }
  if (digits == 0) return false;
  const unitStart = i;
  while (i < e) {
    const c = <u32>load<u8>(p + <usize>i);
    if (!(c - 0x61 < 26 || c == 0x25)) return false;
    i++;
  }
  numberValue = sign * value;
  if (unitStart == e) numberUnit = UNIT_NONE;
  else if (spanIs(p, unitStart, e, "%")) numberUnit = UNIT_PERCENT;
  else if (spanIs(p, unitStart, e, "px") || spanIs(p, unitStart, e, "pt") || spanIs(p, unitStart, e, "pc")
    || spanIs(p, unitStart, e, "in") || spanIs(p, unitStart, e, "cm") || spanIs(p, unitStart, e, "mm")
    || spanIs(p, unitStart, e, "q")) numberUnit = UNIT_ABSOLUTE;
  else numberUnit = UNIT_RELATIVE;
  return true;
}

/** A length that is zero in any unit. */
function isZero(p: usize, s: i32, e: i32): bool {
  return parseNumber(p, s, e) && numberValue == 0;
}

/** Text too small to read: under 2px, 0.2em or 20%. */
function isTinyFontSize(p: usize, s: i32, e: i32): bool {
  if (!parseNumber(p, s, e)) return false;
  if (numberUnit == UNIT_PERCENT) return numberValue < 20;
  if (numberUnit == UNIT_RELATIVE) return numberValue < 0.2;
  return numberValue < 2;
}

/** An opacity under 0.1 (or 10%). */
function isFaint(p: usize, s: i32, e: i32): bool {
  if (!parseNumber(p, s, e)) return false;
  return numberUnit == UNIT_PERCENT ? numberValue < 10 : numberValue < 0.1;
}

/** An offset of -999 or further in any unit: the element is moved off screen. */
function isOffScreen(p: usize, s: i32, e: i32): bool {
  return parseNumber(p, s, e) && numberValue <= -999;
}

/** True when the inline style hides the element. */
export function cssHides(p: usize, n: i32): bool {
  normalize(p, n);
  const b = css.ptr;
  const len = css.length;
  let zeroSize = false;
  let overflowHidden = false;
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
      if (declarationHides(b, ps, pe, vs, ve)) return true;
      if ((spanIs(b, ps, pe, "width") || spanIs(b, ps, pe, "height") || spanIs(b, ps, pe, "max-width")
        || spanIs(b, ps, pe, "max-height")) && isZero(b, vs, ve)) zeroSize = true;
      if ((spanIs(b, ps, pe, "overflow") || spanIs(b, ps, pe, "overflow-x") || spanIs(b, ps, pe, "overflow-y"))
        && (spanIs(b, vs, ve, "hidden") || spanIs(b, vs, ve, "clip"))) overflowHidden = true;
    }
    i = declEnd + 1;
  }
  return zeroSize && overflowHidden;
}

/** One declaration (property ps..pe, value vs..ve) that hides on its own. */
function declarationHides(b: usize, ps: i32, pe: i32, vs: i32, ve: i32): bool {
  if (spanIs(b, ps, pe, "display")) return spanIs(b, vs, ve, "none");
  if (spanIs(b, ps, pe, "visibility")) return spanIs(b, vs, ve, "hidden") || spanIs(b, vs, ve, "collapse");
  if (spanIs(b, ps, pe, "font-size")) return isTinyFontSize(b, vs, ve);
  if (spanIs(b, ps, pe, "opacity")) return isFaint(b, vs, ve);
  if (spanIs(b, ps, pe, "color")) return spanIs(b, vs, ve, "transparent");
  if (spanIs(b, ps, pe, "transform")) return spanStarts(b, vs, ve, "scale(0)") || spanStarts(b, vs, ve, "scale(0,");
  if (spanIs(b, ps, pe, "clip")) return spanStarts(b, vs, ve, "rect(");
  if (spanIs(b, ps, pe, "clip-path")) return spanStarts(b, vs, ve, "inset(50%") || spanStarts(b, vs, ve, "circle(0");
  if (spanIs(b, ps, pe, "left") || spanIs(b, ps, pe, "top") || spanIs(b, ps, pe, "right") || spanIs(b, ps, pe, "bottom")
    || spanIs(b, ps, pe, "text-indent") || spanIs(b, ps, pe, "margin-left") || spanIs(b, ps, pe, "margin-top")) {
    return isOffScreen(b, vs, ve);
  }
  return false;
}
