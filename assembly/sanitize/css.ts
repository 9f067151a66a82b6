// Inline-style checks for hidden elements: display:none, visibility:hidden|collapse and
// font-size:0 (any unit), case-insensitive, with comments and !important allowed. Character
// references in the attribute were decoded by the caller. CSS escapes (dis\play) are not decoded.
import { ByteBuffer } from "../util/bytes";

const css = new ByteBuffer(128);

/** Lower-cased copy of (p, n) without comments, into css. */
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
    css.push(<u8>(c - 0x41 < 26 ? c | 0x20 : c));
    i++;
  }
}

// @ts-ignore: decorator
@inline function isWs(c: u32): bool {
  return c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0c || c == 0x0d;
}

function spanIs(p: usize, s: i32, e: i32, lit: string): bool {
  if (e - s != lit.length) return false;
  for (let i = 0; i < lit.length; i++) if (<u32>load<u8>(p + <usize>(s + i)) != <u32>lit.charCodeAt(i)) return false;
  return true;
}

/** A length that is zero: [+-]? 0* (.0*)? unit-or-%? */
function isZeroLength(p: usize, s: i32, e: i32): bool {
  let i = s;
  if (i < e && (load<u8>(p + <usize>i) == 0x2b || load<u8>(p + <usize>i) == 0x2d)) i++;
  let digits = 0;
  while (i < e) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c == 0x30) digits++;
    else if (c != 0x2e) break;
    i++;
  }
  if (digits == 0) return false;
  while (i < e) {
    const c = <u32>load<u8>(p + <usize>i);
    if (!((c - 0x61 < 26) || c == 0x25)) return false;
    i++;
  }
  return true;
}

/** True when the inline style hides the element. */
export function cssHides(p: usize, n: i32): bool {
  normalize(p, n);
  const b = css.ptr;
  const len = css.length;
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
      if (spanIs(b, ps, pe, "display") && spanIs(b, vs, ve, "none")) return true;
      if (spanIs(b, ps, pe, "visibility") && (spanIs(b, vs, ve, "hidden") || spanIs(b, vs, ve, "collapse"))) return true;
      if (spanIs(b, ps, pe, "font-size") && isZeroLength(b, vs, ve)) return true;
    }
    i = declEnd + 1;
  }
  return false;
}
