// clip-path shapes for css.ts: the ones that leave nothing to see. Values arrive lower-cased,
// without comments or escapes, as a span s..e of the buffer at p (cssvalues.ts reads them).
import {
  anyFunction, functionArgs, argNumber, argIs, argCount, numberValue, numberUnit, nearZero, UNIT_PERCENT, spanIs,
} from "./cssvalues";

// @ts-ignore: decorator
@inline function at(p: usize, i: i32): u32 {
  return <u32>load<u8>(p + <usize>i);
}

function clipFunction(p: usize, ns: i32, ne: i32, as: i32, ae: i32): bool {
  if (spanIs(p, ns, ne, "inset")) {
    functionArgs(p, as, ae);
    return insetMeets(p);
  }
  if (spanIs(p, ns, ne, "xywh")) {
    // x y width height [round …]: no width or no height.
    functionArgs(p, as, ae);
    return (argNumber(p, 2) && numberValue <= 0.01) || (argNumber(p, 3) && numberValue <= 0.01);
  }
  if (spanIs(p, ns, ne, "rect")) {
    // top right bottom left [round …], each from the top or left edge: bottom not below top, or
    // right not right of left.
    functionArgs(p, as, ae);
    return !edgesApart(p, 0, 2) || !edgesApart(p, 3, 1);
  }
  if (spanIs(p, ns, ne, "circle")) {
    functionArgs(p, as, ae);
    return argNumber(p, 0) && nearZero();
  }
  if (spanIs(p, ns, ne, "ellipse")) {
    functionArgs(p, as, ae);
    return (argNumber(p, 0) && nearZero()) || (argNumber(p, 1) && nearZero());
  }
  if (spanIs(p, ns, ne, "polygon")) return polygonArea(p, as, ae) < 1e-9;
  return false;
}

/**
 * inset(top right bottom left [round …]) in percentages, 1 to 4 of them as in margin: the top and
 * bottom insets, or the left and right ones, meet (add up to 100% or more).
 */
function insetMeets(p: usize): bool {
  let n = 0;
  const v = new StaticArray<f64>(4);
  while (n < 4 && n < argCount && argNumber(p, n)) {
    if (numberUnit != UNIT_PERCENT && numberValue != 0) return false;
    v[n] = numberUnit == UNIT_PERCENT ? numberValue : 0;
    n++;
  }
  if (n == 0) return false;
  const top = v[0];
  const right = n > 1 ? v[1] : top;
  const bottom = n > 2 ? v[2] : top;
  const left = n > 3 ? v[3] : right;
  return top + bottom >= 100 || left + right >= 100;
}

/**
 * rect() edges k0 (top or left) and k1 (bottom or right) are known to be apart: false when the
 * second is not past the first in the same unit (or either is a zero, which is zero in any unit).
 * `auto` is the box's own edge (0% for top and left, 100% for bottom and right).
 */
function edgesApart(p: usize, k0: i32, k1: i32): bool {
  const a = edgeValue(p, k0, 0);
  const au = edgeUnit;
  const b = edgeValue(p, k1, 100);
  const bu = edgeUnit;
  if (au < 0 || bu < 0) return true;
  if (au != bu && a != 0 && b != 0) return true;
  return b > a;
}

let edgeUnit = 0;

function edgeValue(p: usize, k: i32, auto: f64): f64 {
  if (argIs(p, k, "auto")) {
    edgeUnit = UNIT_PERCENT;
    return auto;
  }
  if (!argNumber(p, k)) {
    edgeUnit = -1;
    return 0;
  }
  edgeUnit = numberUnit;
  return numberValue;
}

/** Area of a polygon() by the shoelace formula over its numbers; 1 when it cannot be read. */
function polygonArea(p: usize, s: i32, e: i32): f64 {
  let area: f64 = 0;
  let x0: f64 = 0, y0: f64 = 0, px: f64 = 0, py: f64 = 0;
  let points = 0;
  let i = s;
  while (i < e) {
    // One point: "x y", points separated by commas.
    let j = i;
    while (j < e && at(p, j) != 0x2c) j++;
    functionArgs(p, i, j);
    if (!(argCount == 1 && !argNumber(p, 0))) {
      // (a lone word is the fill rule, nonzero or evenodd, before the first point)
      if (argCount != 2 || !argNumber(p, 0)) return 1;
      const x = numberValue;
      if (!argNumber(p, 1)) return 1;
      const y = numberValue;
      if (points == 0) {
        x0 = x;
        y0 = y;
      } else {
        area += px * y - x * py;
      }
      px = x;
      py = y;
      points++;
    }
    i = j + 1;
  }
  if (points == 0) return 1;
  area += px * y0 - x0 * py;
  return Math.abs(area) / 2;
}

/** clip-path shapes of zero area: inset() that meets, circle(0), ellipse(0 …), rect() or xywh() of zero area, a flat polygon. */
export function clipPathHides(p: usize, s: i32, e: i32): bool {
  return anyFunction(p, s, e, clipFunction);
}
