// Element ids of lower-cased tag names by a perfect hash: the name's bytes (at most 14) become
// two u64s, one multiply picks the only slot the name can be in, and one comparison of the two
// u64s decides. htmltags.ts tagIdByName is the reference it replaces (the differential spec
// compares both).
import * as T from "./htmltags";

const MAX_NAME = 14;
const SLOT_BITS = 11;
const SLOTS = 1 << SLOT_BITS;
const MAX_NAMES = 128;
/** A multiplier under which the names below take distinct slots (build() checks it, and searches on if not). */
const FIRST_MULTIPLIER: u64 = 0xff51afd7ed558cdf;

/** Per slot: the name's index + 1, or 0 (no known name hashes there). */
const slots = new StaticArray<u8>(SLOTS);
const los = new StaticArray<u64>(MAX_NAMES);
const his = new StaticArray<u64>(MAX_NAMES);
const ids = new StaticArray<i32>(MAX_NAMES);
let count = 0;
let multiplier: u64 = 0;
let built = false;

/** Bytes i..i+7 of (p, n) packed little-endian (0 past n). */
// @ts-ignore: decorator
@inline function pack(p: usize, n: i32, i: i32): u64 {
  let v: u64 = 0;
  const top = n < i + 8 ? n : i + 8;
  for (let k = top - 1; k >= i; k--) v = (v << 8) | <u64>load<u8>(p + <usize>k);
  return v;
}

// @ts-ignore: decorator
@inline function slotOf(lo: u64, hi: u64, n: i32, m: u64): i32 {
  // The length goes in too: names are zero-padded, so "ab" and "ab\0" would pack alike.
  const x = lo ^ (hi * 0x9e3779b97f4a7c15) ^ (<u64>n << 59);
  return <i32>((x * m) >> (64 - SLOT_BITS));
}

function add(name: string, id: i32): void {
  const n = name.length;
  let lo: u64 = 0;
  let hi: u64 = 0;
  for (let k = n - 1; k >= 0; k--) {
    const c = <u64>name.charCodeAt(k);
    if (k >= 8) hi = (hi << 8) | c;
    else lo = (lo << 8) | c;
  }
  // 119 names, under MAX_NAMES (the spec counts them through tagIdByName).
  unchecked((los[count] = lo));
  unchecked((his[count] = hi));
  unchecked((ids[count] = id | (n << 8)));
  count++;
}

/** Fill the slots under multiplier m; false (slots cleared) when two names collide. */
function place(m: u64): bool {
  for (let i = 0; i < SLOTS; i++) unchecked((slots[i] = 0));
  for (let i = 0; i < count; i++) {
    const s = slotOf(unchecked(los[i]), unchecked(his[i]), unchecked(ids[i]) >> 8, m);
    if (unchecked(slots[s]) != 0) return false;
    unchecked((slots[s] = <u8>(i + 1)));
  }
  return true;
}

function build(): void {
  add("a", T.A); add("p", T.P);
  add("h1", T.H1); add("h2", T.H2); add("h3", T.H3); add("h4", T.H4); add("h5", T.H5); add("h6", T.H6);
  add("br", T.BR); add("hr", T.BLOCK2); add("li", T.LI); add("ul", T.UL); add("ol", T.OL); add("tr", T.TR);
  add("rp", T.NEVER); add("td", T.TD); add("th", T.TD); add("dt", T.DT); add("dd", T.DD); add("dl", T.BLOCK2);
  add("div", T.DIV); add("nav", T.BLOCK1); add("img", T.IMG); add("pre", T.PRE); add("svg", T.SVG); add("xmp", T.XMP);
  add("dir", T.SPECIAL); add("col", T.VOID); add("wbr", T.VOID);
  add("area", T.VOID); add("base", T.VOID); add("link", T.VOID); add("meta", T.VOID); add("form", T.BLOCK2);
  add("main", T.BLOCK2); add("menu", T.UL); add("html", T.HTML); add("head", T.HTML); add("body", T.HTML);
  add("text", T.SVG_TEXT); add("defs", T.SVG_NONRENDER); add("mask", T.SVG_NONRENDER); add("desc", T.SVG_NONRENDER);
  add("style", T.RAW); add("table", T.TABLE); add("video", T.NEVER); add("audio", T.NEVER); add("frame", T.SPECIAL);
  add("tspan", T.SVG_TEXT); add("title", T.RCDATA); add("input", T.VOID); add("embed", T.VOID); add("param", T.VOID);
  add("track", T.VOID); add("thead", T.TBODY); add("tbody", T.TBODY); add("tfoot", T.TBODY); add("aside", T.BLOCK2);
  add("script", T.RAW); add("iframe", T.RAW); add("header", T.BLOCK2); add("footer", T.BLOCK2); add("figure", T.BLOCK2);
  add("search", T.BLOCK2); add("source", T.VOID); add("keygen", T.VOID); add("option", T.OPTION); add("legend", T.BLOCK1);
  add("center", T.BLOCK1); add("hgroup", T.BLOCK1); add("dialog", T.DIALOG); add("button", T.BUTTON);
  add("applet", T.SCOPING); add("object", T.SCOPING); add("select", T.SPECIAL); add("canvas", T.NEVER);
  add("symbol", T.SVG_NONRENDER); add("marker", T.SVG_NONRENDER);
  add("noembed", T.RAW); add("article", T.BLOCK2); add("section", T.BLOCK2); add("address", T.BLOCK2);
  add("details", T.BLOCK2); add("summary", T.BLOCK1); add("caption", T.CAPTION); add("marquee", T.SCOPING);
  add("listing", T.SPECIAL); add("pattern", T.SVG_NONRENDER); add("bgsound", T.VOID);
  add("noscript", T.RAW); add("noframes", T.RAW); add("template", T.TEMPLATE); add("textarea", T.RCDATA);
  add("fieldset", T.BLOCK2); add("datalist", T.NEVER); add("colgroup", T.SPECIAL); add("frameset", T.SPECIAL);
  add("basefont", T.SPECIAL); add("textpath", T.SVG_TEXT); add("clippath", T.SVG_NONRENDER);
  add("metadata", T.SVG_NONRENDER);
  add("plaintext", T.SPECIAL); add("blockquote", T.BLOCK2); add("figcaption", T.BLOCK1);
  add("foreignobject", T.FOREIGN_OBJECT); add("lineargradient", T.SVG_NONRENDER); add("radialgradient", T.SVG_NONRENDER);
  add("mphantom", T.NEVER); add("annotation", T.NEVER); add("annotation-xml", T.NEVER); add("math", T.MATH);
  add("mi", T.MATH_TOKEN); add("mn", T.MATH_TOKEN); add("mo", T.MATH_TOKEN); add("ms", T.MATH_TOKEN);
  add("mtext", T.MATH_TOKEN); add("semantics", T.FIRST_CHILD_ONLY); add("maction", T.FIRST_CHILD_ONLY);
  add("switch", T.FIRST_CHILD_ONLY);
  // Odd multipliers from FIRST_MULTIPLIER on, until one separates every name.
  let m = FIRST_MULTIPLIER;
  while (!place(m)) m += 2;
  multiplier = m;
  built = true;
}

/** Element id of a lower-cased tag name (T.OTHER for any other name). */
export function tagId(p: usize, n: i32): i32 {
  if (n <= 0 || n > MAX_NAME) return T.OTHER;
  return tagIdPacked(pack(p, n, 0), n > 8 ? pack(p, n, 8) : 0, n);
}

/**
 * tagId of a name in a buffer with at least 16 bytes readable from p (the converter's name
 * buffer): two loads and two masks instead of packing byte by byte. The bytes past n are ignored.
 */
// @ts-ignore: decorator
@inline export function tagIdAt(p: usize, n: i32): i32 {
  if (n <= 0 || n > MAX_NAME) return T.OTHER;
  const lo = n >= 8 ? load<u64>(p) : load<u64>(p) & ((<u64>1 << (<u64>n << 3)) - 1);
  const hi = n <= 8 ? 0 : load<u64>(p + 8) & ((<u64>1 << (<u64>(n - 8) << 3)) - 1);
  return tagIdPacked(lo, hi, n);
}

/** tagId of the name (1 to MAX_NAME bytes) packed as pack() does. */
// @ts-ignore: decorator
@inline function tagIdPacked(lo: u64, hi: u64, n: i32): i32 {
  if (!built) build();
  const k = <i32>unchecked(slots[slotOf(lo, hi, n, multiplier)]) - 1;
  if (k < 0) return T.OTHER;
  const id = unchecked(ids[k]);
  // Same length and bytes (MAX_NAMES and SLOTS bound k and the slot).
  return (id >> 8) == n && unchecked(los[k]) == lo && unchecked(his[k]) == hi ? id & 0xff : T.OTHER;
}

/** The multiplier build() settled on (the spec checks the seed still separates every name). */
export function tagHashMultiplier(): u64 {
  if (!built) build();
  return multiplier;
}
