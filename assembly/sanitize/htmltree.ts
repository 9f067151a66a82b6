// The stack of open elements, kept the way the HTML standard's tree construction keeps it for
// the elements that decide what is visible ("in body" insertion mode: the "has an element in
// scope" checks, implied end tags of li/dd/dt/p/td/tr/option, "any other end tag"). A hidden
// region ends exactly where a browser ends it: `<li hidden>a<ul><li>X` keeps X hidden, because
// the inner <ul> stops the search for an open <li>; nested tables stop a <td> the same way.
// Names are kept whole: up to 16 bytes packed in two u64s beside the entry, longer ones in a byte
// arena (and compared in full). Names are passed with 16 bytes readable at their pointer (the
// converter's name buffer), so packing is two loads.
// The stack holds at most MAX_DEPTH elements (browsers' parsers cap the tree depth as well), so
// every search is bounded and the converter stays linear; deeper elements are only counted, and
// their text is dropped, which fails safe.
//
// Each entry carries what it hides: F_HIDE (display:none and the like: nothing inside shows),
// the effective visibility (visibility:hidden can be undone by a visibility:visible child), for
// SVG whether text inside renders (only inside <text>, <tspan>, <textPath>, when its fill or
// stroke paints; <foreignObject> goes back to HTML), for MathML whether it is inside a token
// element (text elsewhere is not drawn), and whether only the first child element renders.
import { ByteBuffer } from "../util/bytes";
import * as T from "./htmltags";

/** Nothing inside shows (display:none, hidden, aria-hidden, closed dialog…). */
export const F_HIDE = 1;
/** Effective visibility is hidden (inherited unless a child sets visibility:visible). */
export const F_INVISIBLE = 2;
/** Inside SVG (foreign content). */
export const F_SVG = 4;
/** Inside SVG text content (<text>, <tspan>, <textPath>), where text renders. */
export const F_SVG_TEXT = 8;
/** The inherited SVG paint: css.ts PAINT_ bits shifted by PAINT_SHIFT, each inherited on its own. */
const PAINT_SHIFT = 4;
const F_PAINT = 31 << PAINT_SHIFT;
const F_FILL_OFF = (1 | 2) << PAINT_SHIFT; // PAINT_FILL_NONE, PAINT_FILL_FAINT
const F_STROKE_ON = 4 << PAINT_SHIFT; // PAINT_STROKE
const F_STROKE_OFF = (8 | 16) << PAINT_SHIFT; // PAINT_STROKE_THIN, PAINT_STROKE_FAINT

/** Inside MathML: text renders only in token elements (F_MATH_TEXT). */
export const F_MATH = 512;
/** Inside a MathML token element (mi, mn, mo, ms, mtext). */
export const F_MATH_TEXT = 1024;
/** Renders only its first child element (MathML semantics and maction, SVG switch). */
export const F_FIRST_ONLY = 2048;
/** An F_FIRST_ONLY element whose first child element has come. */
const F_HAD_CHILD = 4096;
/** Inside an <svg> with a viewBox: coordinates are not pixels of the page. */
export const F_VIEWBOX = 8192;
/**
 * A formatting element of the standard's list (a, b, i, font, strong, em…) that hides by
 * its own attributes: when something else ends it, a browser re-creates it around what follows.
 */
export const F_FORMAT_HIDES = 16384;
/** The push context bits a caller passes (derived from the parent's). */
const F_CONTEXT = F_SVG | F_SVG_TEXT | F_MATH | F_MATH_TEXT | F_VIEWBOX | F_FORMAT_HIDES;

// Hiding formatting elements that were ended by another element's tag (`<p><b hidden>x</p>y`): a
// browser keeps them in its list of active formatting elements and re-creates them around the
// text that follows, until their own end tag. Their names (at most 8 bytes, packed); past
// MAX_PENDING they are only counted and never end, which fails safe.
const MAX_PENDING = 16;
const pendingNames = new StaticArray<u64>(MAX_PENDING);
let pending = 0;
/** Open entries with F_FORMAT_HIDES (none: an end needs no look at them). */
let formatHides = 0;

/** SVG text with these flags is painted: its fill shows, or a stroke that shows. */
// @ts-ignore: decorator
@inline function painted(f: i32): bool {
  return (f & F_FILL_OFF) == 0 || ((f & F_STROKE_ON) != 0 && (f & F_STROKE_OFF) == 0);
}

/** Scopes of the standard's "has an element in … scope". */
export const SCOPE_DEFAULT = 0;
export const SCOPE_LIST = 1;
export const SCOPE_BUTTON = 2;
export const SCOPE_TABLE = 3;

const MAX_DEPTH = 512;
/** Names of the open elements, end to end (a name longer than the arena's room grows it). */
const arena = new ByteBuffer(4096);
// One slot per open element, made once: pushing and popping are stores, never allocations.
const ids = new StaticArray<i32>(MAX_DEPTH);
const starts = new StaticArray<i32>(MAX_DEPTH);
/** Bytes 0-7 and 8-15 of each entry's name, zero past its end (names up to PACKED bytes). */
const los = new StaticArray<u64>(MAX_DEPTH);
const his = new StaticArray<u64>(MAX_DEPTH);
const PACKED = 16;
const lens = new StaticArray<i32>(MAX_DEPTH);
const flags = new StaticArray<i32>(MAX_DEPTH);
/** Entries in use (at most MAX_DEPTH). */
let size = 0;
let hideCount = 0;
/** Start tags past MAX_DEPTH whose end tags have not come yet. */
let overflow = 0;

export function reset(): void {
  arena.reset();
  size = 0;
  hideCount = 0;
  overflow = 0;
  pending = 0;
  formatHides = 0;
}

/** An end tag while past MAX_DEPTH: it ends the deepest counted element. True when it did. */
export function endOverflow(): bool {
  if (overflow == 0) return false;
  overflow--;
  return true;
}

export function depth(): i32 {
  return size;
}

/** Text at this point is not rendered. */
export function dropping(): bool {
  const n = size;
  if (hideCount > 0 || overflow > 0 || pending > 0) return true;
  if (n == 0) return false;
  // n <= MAX_DEPTH, the arrays' length.
  const f = unchecked(flags[n - 1]);
  return (f & F_INVISIBLE) != 0 || ((f & F_SVG) != 0 && ((f & F_SVG_TEXT) == 0 || !painted(f)))
    || (f & (F_MATH | F_MATH_TEXT)) == F_MATH;
}

/** Flags of the current node (0 when the stack is empty). */
export function topFlags(): i32 {
  const n = size;
  return n == 0 ? 0 : unchecked(flags[n - 1]);
}

export function idAt(i: i32): i32 {
  return i >= 0 && i < size ? unchecked(ids[i]) : -1;
}

/**
 * Entry i is SVG or MathML that HTML start tags break out of: not a foreignObject, not inside a
 * MathML token element, and not a MathML element that is never drawn (annotation-xml may hold
 * HTML; breaking out of mphantom would only show more, so its content stays hidden).
 */
function isForeignNode(i: i32): bool {
  const f = unchecked(flags[i]);
  const id = unchecked(ids[i]);
  if ((f & F_SVG) != 0) return id != T.FOREIGN_OBJECT;
  return (f & (F_MATH | F_MATH_TEXT)) == F_MATH && id != T.NEVER;
}

/**
 * Where an HTML start tag that breaks out of foreign content (<p>, <div>, <span>…) pops to: the
 * lowest of the SVG or MathML entries above the last HTML element or integration point, or -1
 * when the current node is not one of them.
 */
export function foreignBreakout(): i32 {
  if (overflow > 0) return -1;
  let i = size - 1;
  while (i >= 0 && isForeignNode(i)) i--;
  return i + 1 < size ? i + 1 : -1;
}

/**
 * A start tag is about to go under the current node: true when that node renders only its first
 * child element and this is not it (self-closing and void children count too).
 */
export function laterChild(): bool {
  const n = size;
  if (n == 0 || overflow > 0) return false;
  // n <= MAX_DEPTH, the arrays' length.
  const f = unchecked(flags[n - 1]);
  if ((f & F_FIRST_ONLY) == 0) return false;
  unchecked((flags[n - 1] = f | F_HAD_CHILD));
  return (f & F_HAD_CHILD) != 0;
}

/**
 * Push an element. `hide`: it hides everything inside; `visibility`: 1 visible, 2 hidden, 0
 * inherited; `context`: its F_SVG, F_SVG_TEXT, F_MATH, F_MATH_TEXT and F_VIEWBOX bits (the caller
 * derives them from the parent); `paintSet`/`paintValue`: the SVG paint bits (css.ts PAINT_) it
 * sets, the others inherited.
 */
export function push(
  id: i32, name: usize, nameLen: i32, hide: bool, visibility: i32, context: i32, paintSet: i32, paintValue: i32,
): void {
  const n = size;
  if (n >= MAX_DEPTH) {
    overflow++;
    return;
  }
  const parent = topFlags();
  let f = 0;
  if (hide) {
    f |= F_HIDE;
    hideCount++;
  }
  if (visibility == 2 || (visibility == 0 && (parent & F_INVISIBLE) != 0)) f |= F_INVISIBLE;
  f |= context & F_CONTEXT;
  if ((f & F_FORMAT_HIDES) != 0) formatHides++;
  if (id == T.FIRST_CHILD_ONLY) f |= F_FIRST_ONLY;
  f |= (parent & F_PAINT & ~(paintSet << PAINT_SHIFT)) | ((paintValue & paintSet) << PAINT_SHIFT);
  // n < MAX_DEPTH (checked above).
  unchecked((ids[n] = id));
  unchecked((starts[n] = arena.length));
  unchecked((lens[n] = nameLen));
  unchecked((flags[n] = f));
  size = n + 1;
  if (nameLen <= PACKED) {
    unchecked((los[n] = packed(name, nameLen, 0)));
    unchecked((his[n] = packed(name, nameLen, 8)));
  } else {
    arena.append(name, nameLen);
  }
}

/** Bytes i..i+7 of the name (p, n), zero past n; 16 bytes are readable at p. */
// @ts-ignore: decorator
@inline function packed(p: usize, n: i32, i: i32): u64 {
  const k = n - i;
  if (k <= 0) return 0;
  const v = load<u64>(p + <usize>i);
  return k >= 8 ? v : v & ((<u64>1 << (<u64>k << 3)) - 1);
}

/** The name the current search looks for, packed (when up to PACKED bytes). */
let wantLo: u64 = 0;
let wantHi: u64 = 0;

function want(p: usize, n: i32): void {
  if (n <= PACKED) {
    wantLo = packed(p, n, 0);
    wantHi = packed(p, n, 8);
  }
}

/** Pop the entries at index i and above. */
/**
 * Before popTo(i) for an end tag or an implied end: the hiding formatting elements above entry i
 * become pending (re-created around what follows), except those inside a table cell, caption,
 * applet, object, marquee or template that ends too (the standard clears them up to that marker).
 */
export function noteImpliedEnds(i: i32): void {
  if (formatHides == 0 || i < 0 || i >= size) return;
  let to = size;
  for (let k = i; k < size; k++) {
    const id = unchecked(ids[k]);
    if (id == T.TD || id == T.CAPTION || id == T.SCOPING || id == T.TEMPLATE) {
      to = k;
      break;
    }
  }
  for (let k = i + 1; k < to; k++) {
    if ((unchecked(flags[k]) & F_FORMAT_HIDES) == 0) continue;
    if (pending < MAX_PENDING) unchecked((pendingNames[pending] = unchecked(los[k])));
    pending++;
  }
}

/** An end tag that closes no open element ends the last pending formatting element of its name; true when one did. */
export function endPending(p: usize, n: i32): bool {
  // Past MAX_PENDING the names are not all known: none ends (fails safe).
  if (pending == 0 || pending > MAX_PENDING || n > 8) return false;
  const name = packed(p, n, 0);
  for (let k = pending - 1; k >= 0; k--) {
    if (unchecked(pendingNames[k]) != name) continue;
    for (let j = k + 1; j < pending; j++) unchecked((pendingNames[j - 1] = unchecked(pendingNames[j])));
    pending--;
    return true;
  }
  return false;
}

export function popTo(i: i32): void {
  if (i < 0 || i >= size) return;
  let n = size;
  while (n > i) {
    n--;
    const f = unchecked(flags[n]);
    if ((f & F_HIDE) != 0) hideCount--;
    if ((f & F_FORMAT_HIDES) != 0) formatHides--;
  }
  arena.length = unchecked(starts[i]);
  size = i;
}

/**
 * Entry i's name equals the lower-case bytes (p, n) whose element id is id. A name has one id,
 * so entries of another id are told apart without reading their bytes.
 */
function nameAtIs(i: i32, id: i32, p: usize, n: i32): bool {
  if (unchecked(ids[i]) != id || unchecked(lens[i]) != n) return false;
  if (n <= PACKED) return unchecked(los[i]) == wantLo && unchecked(his[i]) == wantHi;
  return memory.compare(arena.ptr + <usize>unchecked(starts[i]), p, <usize>n) == 0;
}

function isBoundary(id: i32, scope: i32): bool {
  if (id == T.HTML || id == T.TABLE || id == T.TEMPLATE) return true;
  if (scope == SCOPE_TABLE) return false;
  if (id == T.TD || id == T.CAPTION || id == T.SCOPING || id == T.FOREIGN_OBJECT || id == T.MATH_TOKEN) return true;
  if (scope == SCOPE_LIST) return id == T.UL || id == T.OL;
  if (scope == SCOPE_BUTTON) return id == T.BUTTON;
  return false;
}

/** Index of the topmost entry named (p, n) (element id `id`) in the given scope, or -1. */
export function findInScope(id: i32, p: usize, n: i32, scope: i32): i32 {
  want(p, n);
  for (let i = size - 1; i >= 0; i--) {
    if (nameAtIs(i, id, p, n)) return i;
    if (isBoundary(unchecked(ids[i]), scope)) return -1;
  }
  return -1;
}

/** Index of the topmost entry whose id is a or b in the given scope, or -1. */
export function findIdInScope(a: i32, b: i32, scope: i32): i32 {
  for (let i = size - 1; i >= 0; i--) {
    const id = unchecked(ids[i]);
    if (id == a || id == b) return i;
    if (isBoundary(id, scope)) return -1;
  }
  return -1;
}

/**
 * The start of an <li> (a = b = LI) or <dd>/<dt> (DD, DT): the open one it closes, or -1. The
 * search stops at special elements other than address, div and p.
 */
export function listItemToClose(a: i32, b: i32): i32 {
  for (let i = size - 1; i >= 0; i--) {
    const id = unchecked(ids[i]);
    if (id == a || id == b) return i;
    if (T.isSpecial(id) && id != T.DIV && id != T.P) return -1;
  }
  return -1;
}

/** "Any other end tag": the entry named (p, n) (element id `id`) above any special element, or -1. */
export function anyOtherEndTag(id: i32, p: usize, n: i32): i32 {
  want(p, n);
  for (let i = size - 1; i >= 0; i--) {
    if (nameAtIs(i, id, p, n)) return i;
    if (T.isSpecial(unchecked(ids[i]))) return -1;
  }
  return -1;
}

/** Foreign content's end tag: the SVG or MathML entry named (p, n) (element id `id`) above the first HTML one, or -1. */
export function foreignEndTag(id: i32, p: usize, n: i32): i32 {
  want(p, n);
  for (let i = size - 1; i >= 0; i--) {
    if ((unchecked(flags[i]) & (F_SVG | F_MATH)) == 0) return -1;
    if (nameAtIs(i, id, p, n)) return i;
  }
  return -1;
}

/** Index of the open element the standard's "in body" rules close before this start tag, or -1. */
export function startTagCloses(id: i32): i32 {
  let close = -1;
  if (overflow > 0) return -1;
  if (id == T.LI) close = listItemToClose(T.LI, T.LI);
  else if (id == T.DD || id == T.DT) close = listItemToClose(T.DD, T.DT);
  else if (id == T.TD) close = findIdInScope(T.TD, T.TD, SCOPE_TABLE);
  else if (id == T.TR) {
    // The open row, or the open cell when no row was opened (the lower one closes both).
    close = findIdInScope(T.TD, T.TD, SCOPE_TABLE);
    const row = findIdInScope(T.TR, T.TR, SCOPE_TABLE);
    if (row >= 0 && (close < 0 || row < close)) close = row;
  } else if (id == T.TBODY) {
    close = findIdInScope(T.TBODY, T.TBODY, SCOPE_TABLE);
    if (close < 0) close = findIdInScope(T.TR, T.TR, SCOPE_TABLE);
    if (close < 0) close = findIdInScope(T.TD, T.TD, SCOPE_TABLE);
  } else if (id == T.OPTION || (id >= T.H1 && id <= T.H6)) {
    // An open option (or heading) right at the top is closed by another.
    const top = size - 1;
    const t = top >= 0 ? unchecked(ids[top]) : -1;
    if (t == id || (id != T.OPTION && t >= T.H1 && t <= T.H6)) close = top;
  }
  if (T.closesP(id)) {
    const para = findIdInScope(T.P, T.P, SCOPE_BUTTON);
    if (para >= 0 && (close < 0 || para < close)) close = para;
  }
  return close;
}

/** Index of the open element the end tag (id, lower-case name p/n) closes, or -1 (ignored). */
export function endTagCloses(id: i32, p: usize, n: i32): i32 {
  if ((topFlags() & (F_SVG | F_MATH)) != 0) {
    const i = foreignEndTag(id, p, n);
    if (i >= 0) return i;
  }
  switch (id) {
    case T.P: return findInScope(id, p, n, SCOPE_BUTTON);
    case T.LI: return findInScope(id, p, n, SCOPE_LIST);
    case T.TD: case T.TR: case T.TABLE: case T.TBODY: return findInScope(id, p, n, SCOPE_TABLE);
    case T.H1: case T.H2: case T.H3: case T.H4: case T.H5: case T.H6: {
      // Any open heading closes with any heading's end tag.
      for (let i = size - 1; i >= 0; i--) {
        const h = unchecked(ids[i]);
        if (h >= T.H1 && h <= T.H6) return i;
        if (isBoundary(h, SCOPE_DEFAULT)) return -1;
      }
      return -1;
    }
  }
  return T.isSpecial(id) ? findInScope(id, p, n, SCOPE_DEFAULT) : anyOtherEndTag(id, p, n);
}
