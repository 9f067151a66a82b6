// clip-path shapes for css.ts: the ones that leave nothing to see. Values arrive lower-cased,
// without comments or escapes, as a span s..e of the buffer at p (cssvalues.ts reads them).
import { anyFunction, functionArgs, argNumber, argCount, numberValue, numberUnit, nearZero, UNIT_PERCENT, spanIs } from "./cssvalues";

// @ts-ignore: decorator
@inline function at(p: usize, i: i32): u32 {
  return <u32>load<u8>(p + <usize>i);
}

function clipFunction(p: usize, ns: i32, ne: i32, as: i32, ae: i32): bool {
  if (spanIs(p, ns, ne, "inset")) {
    functionArgs(p, as, ae);
    return argNumber(p, 0) && numberUnit == UNIT_PERCENT && numberValue >= 50;
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

/** clip-path shapes of zero area: inset(50% or more), circle(0), ellipse(0 …), a flat polygon. */
export function clipPathHides(p: usize, s: i32, e: i32): bool {
  return anyFunction(p, s, e, clipFunction);
}
