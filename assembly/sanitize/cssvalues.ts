// CSS value readers for css.ts: numbers (1e-3, calc(0px)), lengths in about-pixels, colours'
// alpha, transform and clip-path functions. Every value arrives lower-cased, without comments or
// escapes (css.ts normalize), as a span s..e of the buffer at p.

// @ts-ignore: decorator
@inline function at(p: usize, i: i32): u32 {
  return <u32>load<u8>(p + <usize>i);
}

// @ts-ignore: decorator
@inline function isWs(c: u32): bool {
  return c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0c || c == 0x0d;
}

export function spanIs(p: usize, s: i32, e: i32, lit: string): bool {
  if (e - s != lit.length) return false;
  for (let i = 0; i < lit.length; i++) if (at(p, s + i) != <u32>lit.charCodeAt(i)) return false;
  return true;
}

export function spanStarts(p: usize, s: i32, e: i32, lit: string): bool {
  if (e - s < lit.length) return false;
  return spanIs(p, s, s + lit.length, lit);
}

export function contains(p: usize, s: i32, e: i32, lit: string): bool {
  for (let i = s; i + lit.length <= e; i++) if (spanIs(p, i, i + lit.length, lit)) return true;
  return false;
}

// The last number parsed by parseNumber: its signed value and its unit.
export let numberValue: f64 = 0;
const UNIT_NONE = 0;
const UNIT_PX = 1;
const UNIT_FONT = 2; // em rem ex ch lh…: about 16px
const UNIT_VIEWPORT = 3; // vw vh vmin vmax…: about 10px (a 1000px viewport)
export const UNIT_PERCENT = 4;
const UNIT_ANGLE = 5;
export let numberUnit = UNIT_NONE;
/** Pixels per unit for UNIT_PX units (pt 4/3, in 96…), degrees per unit for angles. */
let unitScale: f64 = 1;

function trimStart(p: usize, s: i32, e: i32): i32 {
  while (s < e && isWs(at(p, s))) s++;
  return s;
}

function trimEnd(p: usize, s: i32, e: i32): i32 {
  while (e > s && isWs(at(p, e - 1))) e--;
  return e;
}

/** Parse a number with its unit spanning s..e (calc() of one term too); false when it is not one. */
export function parseNumber(p: usize, s: i32, e: i32): bool {
  s = trimStart(p, s, e);
  e = trimEnd(p, s, e);
  if (spanStarts(p, s, e, "calc(") && e > s + 5 && at(p, e - 1) == 0x29) return parseNumber(p, s + 5, e - 1);
  let i = s;
  let sign: f64 = 1;
  if (i < e && (at(p, i) == 0x2b || at(p, i) == 0x2d)) {
    if (at(p, i) == 0x2d) sign = -1;
    i++;
  }
  let digits = 0;
  let value: f64 = 0;
  let scale: f64 = 0;
  while (i < e) {
    const c = at(p, i);
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
  // Exponent: e[+-]digits (not the start of a unit such as em or ex).
  if (i + 1 < e && at(p, i) == 0x65) {
    let j = i + 1;
    let expSign = 1;
    if (at(p, j) == 0x2b || at(p, j) == 0x2d) {
      if (at(p, j) == 0x2d) expSign = -1;
      j++;
    }
    if (j < e && at(p, j) - 0x30 < 10) {
      let exp = 0;
      while (j < e && at(p, j) - 0x30 < 10) {
        if (exp < 400) exp = exp * 10 + <i32>(at(p, j) - 0x30);
        j++;
      }
      for (let k = 0; k < exp; k++) value = expSign > 0 ? value * 10 : value / 10;
      i = j;
    }
  }
  const u = i;
  for (let k = i; k < e; k++) {
    const c = at(p, k);
    if (!(c - 0x61 < 26 || c == 0x25)) return false;
  }
  numberValue = sign * value;
  unitScale = 1;
  if (u == e) numberUnit = UNIT_NONE;
  else if (spanIs(p, u, e, "%")) numberUnit = UNIT_PERCENT;
  else if (spanIs(p, u, e, "px")) numberUnit = UNIT_PX;
  else if (spanIs(p, u, e, "pt")) { numberUnit = UNIT_PX; unitScale = 4.0 / 3.0; }
  else if (spanIs(p, u, e, "pc")) { numberUnit = UNIT_PX; unitScale = 16; }
  else if (spanIs(p, u, e, "in")) { numberUnit = UNIT_PX; unitScale = 96; }
  else if (spanIs(p, u, e, "cm")) { numberUnit = UNIT_PX; unitScale = 37.8; }
  else if (spanIs(p, u, e, "mm")) { numberUnit = UNIT_PX; unitScale = 3.78; }
  else if (spanIs(p, u, e, "q")) { numberUnit = UNIT_PX; unitScale = 0.945; }
  else if (spanIs(p, u, e, "deg")) numberUnit = UNIT_ANGLE;
  else if (spanIs(p, u, e, "rad")) { numberUnit = UNIT_ANGLE; unitScale = 180 / Math.PI; }
  else if (spanIs(p, u, e, "grad")) { numberUnit = UNIT_ANGLE; unitScale = 0.9; }
  else if (spanIs(p, u, e, "turn")) { numberUnit = UNIT_ANGLE; unitScale = 360; }
  else if (at(p, u) == 0x76 || spanStarts(p, u, e, "dv") || spanStarts(p, u, e, "sv") || spanStarts(p, u, e, "lv")
    || spanStarts(p, u, e, "cq")) numberUnit = UNIT_VIEWPORT;
  else numberUnit = UNIT_FONT;
  return true;
}

/** The last number in about-pixels; percentages count `percent` pixels each. */
function pixels(percent: f64): f64 {
  switch (numberUnit) {
    case UNIT_PX: return numberValue * unitScale;
    case UNIT_FONT: return numberValue * 16;
    case UNIT_VIEWPORT: return numberValue * 10;
    case UNIT_PERCENT: return numberValue * percent;
  }
  return numberValue;
}

const OFF_SCREEN: f64 = -500;

export function isZero(p: usize, s: i32, e: i32): bool {
  return parseNumber(p, s, e) && numberValue == 0;
}

/** A width or height under 2px (0.125em, 0.2vw). */
export function isTinySize(p: usize, s: i32, e: i32): bool {
  if (!parseNumber(p, s, e)) return false;
  return numberUnit == UNIT_PERCENT ? numberValue < 0.2 : Math.abs(pixels(0)) < 2;
}

/** Text too small to read: under 2px, 0.2em or 20%. */
export function isTinyFontSize(p: usize, s: i32, e: i32): bool {
  if (!parseNumber(p, s, e)) return false;
  if (numberUnit == UNIT_PERCENT) return numberValue < 20;
  if (numberUnit == UNIT_FONT) return numberValue < 0.2;
  return pixels(0) < 2;
}

/** An opacity under 0.1 (or 10%). */
export function isFaint(p: usize, s: i32, e: i32): bool {
  if (!parseNumber(p, s, e)) return false;
  return numberUnit == UNIT_PERCENT ? numberValue < 10 : numberValue < 0.1;
}

// Set by nextToken: where the token begins (its end when none is left), and whether a '/' was
// among the separators before it.
let tokenStart = 0;
let slashBefore = false;

/**
 * The end of the next token of p[i..e): tokens are split at spaces and commas (and at '/' when
 * `slash`) outside parentheses, so `calc(1px, 2px)` stays one token. The one tokenizer of
 * value lists (anyToken) and function arguments (functionArgs).
 */
function nextToken(p: usize, i: i32, e: i32, slash: bool): i32 {
  slashBefore = false;
  while (i < e) {
    const c = at(p, i);
    if (slash && c == 0x2f) slashBefore = true;
    else if (!isWs(c) && c != 0x2c) break;
    i++;
  }
  tokenStart = i;
  let depth = 0;
  while (i < e) {
    const c = at(p, i);
    if (c == 0x28) depth++;
    else if (c == 0x29) depth--;
    else if (depth <= 0 && (isWs(c) || c == 0x2c || (slash && c == 0x2f))) break;
    i++;
  }
  return i;
}

/** Calls fn(token start, token end) for tokens split at spaces and commas outside parentheses; stops at true. */
function anyToken(p: usize, s: i32, e: i32, fn: (p: usize, s: i32, e: i32) => bool): bool {
  let i = s;
  while (i < e) {
    i = nextToken(p, i, e, false);
    if (i > tokenStart && fn(p, tokenStart, i)) return true;
  }
  return false;
}

function offScreenToken(p: usize, s: i32, e: i32): bool {
  return parseNumber(p, s, e) && pixels(10) <= OFF_SCREEN;
}

/** Any value of the (shorthand) offset, 500px or further off screen (-32em, -50vw, -50%). */
export function isOffScreen(p: usize, s: i32, e: i32): bool {
  return anyToken(p, s, e, offScreenToken);
}

/** A text-indent that pushes the text out of its box: 100% or 500px and more. */
export function isFarIndent(p: usize, s: i32, e: i32): bool {
  if (!parseNumber(p, s, e)) return false;
  return numberUnit == UNIT_PERCENT ? numberValue >= 100 : pixels(0) >= 500;
}

function tinyFontToken(p: usize, s: i32, e: i32): bool {
  let slash = s;
  while (slash < e && at(p, slash) != 0x2f) slash++;
  if (slash < e) return isTinyFontSize(p, s, slash);
  if (!parseNumber(p, s, e)) return false;
  // A unitless number other than 0 is a weight (700), not a size.
  if (numberUnit == UNIT_NONE) return numberValue == 0;
  return isTinyFontSize(p, s, e);
}

/** The font shorthand's size (the token before '/', or the first length) is tiny. */
export function fontShorthandTiny(p: usize, s: i32, e: i32): bool {
  return anyToken(p, s, e, tinyFontToken);
}

function hexDigit(c: u32): i32 {
  if (c - 0x30 < 10) return <i32>(c - 0x30);
  return c - 0x61 < 6 ? <i32>(c - 0x61 + 10) : -1;
}

// Arguments of the function being read by functionArgs: up to 16 spans (matrix3d has 16).
const MAX_ARGS = 16;
const argStart = new StaticArray<i32>(MAX_ARGS);
const argEnd = new StaticArray<i32>(MAX_ARGS);
export let argCount = 0;
/** Index of the argument after '/' (colour alpha), or -1. */
let slashArg = -1;

/** Split the arguments s..e (inside the parentheses) at commas, spaces and '/'. */
export function functionArgs(p: usize, s: i32, e: i32): void {
  argCount = 0;
  slashArg = -1;
  let i = s;
  while (i < e && argCount < MAX_ARGS) {
    i = nextToken(p, i, e, true);
    if (slashBefore) slashArg = argCount;
    if (i > tokenStart) {
      argStart[argCount] = tokenStart;
      argEnd[argCount] = i;
      argCount++;
    }
  }
}

/** Argument k of the last functionArgs is the lower-case word lit. */
export function argIs(p: usize, k: i32, lit: string): bool {
  return k < argCount && spanIs(p, argStart[k], argEnd[k], lit);
}

export function argNumber(p: usize, k: i32): bool {
  return k < argCount && parseNumber(p, argStart[k], argEnd[k]);
}

/**
 * Calls fn(name start, name end, args start, args end) for each `name(args)` in s..e; stops at
 * true. Nested parentheses stay inside args.
 */
export function anyFunction(p: usize, s: i32, e: i32, fn: (p: usize, ns: i32, ne: i32, as: i32, ae: i32) => bool): bool {
  let i = s;
  while (i < e) {
    if (at(p, i) != 0x28) {
      i++;
      continue;
    }
    let ns = i;
    while (ns > s && (at(p, ns - 1) - 0x61 < 26 || at(p, ns - 1) - 0x30 < 10 || at(p, ns - 1) == 0x2d)) ns--;
    let depth = 1;
    let j = i + 1;
    while (j < e && depth > 0) {
      const c = at(p, j);
      if (c == 0x28) depth++;
      else if (c == 0x29) depth--;
      j++;
    }
    const ae = depth == 0 ? j - 1 : e;
    if (fn(p, ns, i, i + 1, ae)) return true;
    i = j;
  }
  return false;
}

function alphaFunction(p: usize, ns: i32, ne: i32, as: i32, ae: i32): bool {
  if (!(spanStarts(p, ns, ne, "rgb") || spanStarts(p, ns, ne, "hsl") || spanIs(p, ns, ne, "hwb")
    || spanStarts(p, ns, ne, "lab") || spanStarts(p, ns, ne, "lch") || spanStarts(p, ns, ne, "oklab")
    || spanStarts(p, ns, ne, "oklch") || spanIs(p, ns, ne, "color"))) return false;
  functionArgs(p, as, ae);
  const k = slashArg >= 0 ? slashArg : argCount == 4 ? 3 : -1;
  return k >= 0 && argNumber(p, k) && (numberUnit == UNIT_PERCENT ? numberValue < 10 : numberValue < 0.1);
}

/** A colour that does not show: transparent, or an alpha under 0.1. */
export function hasZeroAlpha(p: usize, s: i32, e: i32): bool {
  if (contains(p, s, e, "transparent")) return true;
  for (let i = s; i < e; i++) {
    if (at(p, i) != 0x23) continue;
    let j = i + 1;
    while (j < e && hexDigit(at(p, j)) >= 0) j++;
    const n = j - i - 1;
    if (n == 4) return hexDigit(at(p, i + 4)) == 0;
    if (n == 8) return hexDigit(at(p, i + 7)) * 16 + hexDigit(at(p, i + 8)) < 26;
  }
  return anyFunction(p, s, e, alphaFunction);
}

export function nearZero(): bool {
  return Math.abs(numberValue) < 0.01;
}

function transformFunction(p: usize, ns: i32, ne: i32, as: i32, ae: i32): bool {
  functionArgs(p, as, ae);
  if (spanIs(p, ns, ne, "scale") || spanIs(p, ns, ne, "scale3d")) {
    return (argNumber(p, 0) && nearZero()) || (argNumber(p, 1) && nearZero());
  }
  if (spanIs(p, ns, ne, "scalex") || spanIs(p, ns, ne, "scaley")) return argNumber(p, 0) && nearZero();
  if (spanIs(p, ns, ne, "rotatex") || spanIs(p, ns, ne, "rotatey")) {
    if (!argNumber(p, 0) || numberUnit != UNIT_ANGLE) return false;
    const abs = Math.abs(numberValue * unitScale);
    const deg = abs - Math.floor(abs / 180) * 180;
    return Math.abs(deg - 90) < 1;
  }
  if (spanStarts(p, ns, ne, "translate")) {
    // Percentages are of the element's own size here.
    for (let k = 0; k < 2; k++) if (argNumber(p, k) && pixels(1) <= OFF_SCREEN) return true;
    return false;
  }
  if (spanIs(p, ns, ne, "rotate3d")) {
    if (argCount != 4 || !argNumber(p, 3) || numberUnit != UNIT_ANGLE) return false;
    const angle = numberValue * unitScale;
    const v = new StaticArray<f64>(3);
    for (let k = 0; k < 3; k++) {
      if (!argNumber(p, k) || numberUnit != UNIT_NONE) return false;
      v[k] = numberValue;
    }
    return edgeOn(v[0], v[1], v[2], angle);
  }
  if (spanIs(p, ns, ne, "matrix3d")) return argCount == 16 && matrix3dFlat(p);
  if (spanIs(p, ns, ne, "matrix")) {
    if (argCount < 4) return false;
    const v = new StaticArray<f64>(4);
    for (let k = 0; k < 4; k++) {
      if (!argNumber(p, k)) return false;
      v[k] = numberValue;
    }
    return Math.abs(v[0] * v[3] - v[1] * v[2]) < 1e-4;
  }
  if (spanIs(p, ns, ne, "opacity")) return argNumber(p, 0) && (numberUnit == UNIT_PERCENT ? numberValue < 10 : numberValue < 0.1);
  return false;
}

/** transform (and filter) functions that leave nothing to see. */
export function transformHides(p: usize, s: i32, e: i32): bool {
  return anyFunction(p, s, e, transformFunction);
}

/** The scale property: a zero factor on x or y. */
export function scaleHides(p: usize, s: i32, e: i32): bool {
  functionArgs(p, s, e);
  return (argNumber(p, 0) && nearZero()) || (argNumber(p, 1) && nearZero());
}

/** The translate property: x or y 500px or further off screen. */
export function translateHides(p: usize, s: i32, e: i32): bool {
  functionArgs(p, s, e);
  for (let k = 0; k < 2; k++) if (argNumber(p, k) && pixels(1) <= OFF_SCREEN) return true;
  return false;
}

/**
 * A turn of `deg` degrees about the axis (x, y, z) leaves the page's plane edge-on: the z of the
 * turned normal, cos a + z²(1 − cos a) for the unit axis, is within about 1° of 0 (rotateX/Y(90deg),
 * rotate3d(1, 1, 0, 90deg)). A zero axis turns nothing.
 */
function edgeOn(x: f64, y: f64, z: f64, deg: f64): bool {
  const n2 = x * x + y * y + z * z;
  if (n2 < 1e-12) return false;
  const c = Math.cos(deg * Math.PI / 180);
  return Math.abs(c + (z * z / n2) * (1 - c)) < 0.0175;
}

/**
 * matrix3d() (16 arguments, column by column) that maps the page's plane onto a line or a point:
 * the 3×3 determinant of x, y and w over the plane's x, y and 1 is (about) zero.
 */
function matrix3dFlat(p: usize): bool {
  const m = new StaticArray<f64>(16);
  for (let k = 0; k < 16; k++) {
    if (!argNumber(p, k)) return false;
    m[k] = numberValue;
  }
  const a1 = m[0], b1 = m[1], d1 = m[3];
  const a2 = m[4], b2 = m[5], d2 = m[7];
  const a4 = m[12], b4 = m[13], d4 = m[15];
  const det = a1 * (b2 * d4 - b4 * d2) - a2 * (b1 * d4 - b4 * d1) + a4 * (b1 * d2 - b2 * d1);
  const w = Math.abs(d4) > 1e-9 ? Math.abs(d4) : 1;
  return Math.abs(det) < 1e-4 * w * w * w;
}

/** The rotate property (`x 90deg`, `0 1 0 90deg`, `90deg y`; a bare angle turns in the plane). */
export function rotateHides(p: usize, s: i32, e: i32): bool {
  functionArgs(p, s, e);
  let x: f64 = 0, y: f64 = 0, z: f64 = 1;
  let numbers = 0;
  let angle: f64 = 0;
  let hasAngle = false;
  const v = new StaticArray<f64>(3);
  for (let k = 0; k < argCount; k++) {
    const as = argStart[k], ae = argEnd[k];
    if (spanIs(p, as, ae, "x")) { x = 1; y = 0; z = 0; }
    else if (spanIs(p, as, ae, "y")) { x = 0; y = 1; z = 0; }
    else if (spanIs(p, as, ae, "z")) { x = 0; y = 0; z = 1; }
    else if (parseNumber(p, as, ae)) {
      if (numberUnit == UNIT_ANGLE) {
        angle = numberValue * unitScale;
        hasAngle = true;
      } else if (numberUnit == UNIT_NONE && numbers < 3) {
        v[numbers++] = numberValue;
      } else return false;
    } else return false;
  }
  if (!hasAngle) return false;
  if (numbers == 3) {
    x = v[0];
    y = v[1];
    z = v[2];
  } else if (numbers != 0) return false;
  return edgeOn(x, y, z, angle);
}

/** A zoom that shrinks text out of reading: above 0 (0 is taken as 1) and under 0.2 or 20%. */
export function isTinyZoom(p: usize, s: i32, e: i32): bool {
  if (!parseNumber(p, s, e) || numberValue <= 0) return false;
  if (numberUnit == UNIT_PERCENT) return numberValue < 20;
  return numberUnit == UNIT_NONE && numberValue < 0.2;
}

/** A stroke-width that draws (about) nothing: under 0.1px or 0.05%. */
export function isThinStroke(p: usize, s: i32, e: i32): bool {
  if (!parseNumber(p, s, e) || numberValue < 0) return false;
  return numberUnit == UNIT_PERCENT ? numberValue < 0.05 : pixels(0) < 0.1;
}
