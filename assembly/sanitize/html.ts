// HTML to text (step 0 of sanitize when options.html): a streaming tokenizer with no DOM, and the
// stack of open elements the HTML standard's tree construction keeps (htmltree.ts), so a hidden
// region ends where a browser ends it. Drops what a person does not see, which is what a prompt
// injection hides in: script, style, noscript, template, iframe, noembed, noframes, comments;
// fallback content browsers never render (canvas, video, audio, datalist, rp); MathML mphantom,
// annotation, annotation-xml; closed dialogs, popovers; hidden elements (hidden attribute,
// aria-hidden="true", an inline style or SVG presentation attribute that hides (css.ts,
// htmlattrs.ts), a framework's hiding class such as `hidden`, `d-none` or `sr-only`) with
// everything inside them; visibility:hidden unless a child sets visibility:visible again; SVG
// except its <text>/<tspan>/<textPath> and <foreignObject>, and SVG text that paints nothing (no
// fill and no stroke that shows, each inherited on its own); MathML text outside its token
// elements; all but the first child of semantics, maction and SVG switch. HTML start tags that a
// browser lets break out of SVG or MathML (<p>, <div>, <span>…) end it here too. Decodes character references (charref.ts),
// keeps paragraphs, headings (# …), lists (- / 1.), table rows (cells joined by " | "), links as
// `text (url)`, <xmp> content as preformatted text. An unclosed hidden element hides the rest of
// the page, which fails safe.
import { ByteBuffer } from "../util/bytes";
import { SanitizeReport } from "./report";
import { decodeCharRef, setEntitySearch } from "./charref";
import { TextWriter, setPlainCopy } from "./htmltext";
import {
  scratch, readAttributes, resetAttributes, decodeValue, attrHidden, attrVisibility, attrOpen, hrefStart, hrefEnd,
  altStart, altEnd, selfClosing, tagComplete, setBytewiseValues, beginElement, finishElement, attrPaintSet,
  attrPaintValue, attrViewBox, attrFontLike, attrIdHash, attrHrefHash, attrPath, BOX_NONE, BOX_SVG, BOX_FOREIGN_OBJECT, KIND_HTML, KIND_SVG, KIND_MATH,
} from "./htmlattrs";
import * as T from "./htmltags";
import { tagIdAt } from "./htmltagids";
import * as tree from "./htmltree";
import { resetRefs, addPath, hasPath, isPath } from "./svgrefs";

const writer = new TextWriter();
/** The current tag's name, lower-cased, whole; never under 64 bytes of room (tagIdAt and the open elements read 16 at its start). */
const nameBuf = new ByteBuffer(64);
/** Text here is not rendered (tree.dropping(), cached after each push and pop). */
let dropping = false;
let report: SanitizeReport = new SanitizeReport();

// @ts-ignore: decorator
@inline function isSpace(c: u32): bool {
  // Bits 0x09, 0x0a, 0x0c, 0x0d and 0x20: tab, line feed, form feed, carriage return, space.
  return c <= 0x20 && ((<u64>1 << <u64>c) & 0x100003600) != 0;
}

// @ts-ignore: decorator
@inline function isAlpha(c: u32): bool {
  return (c | 0x20) - 0x61 < 26;
}

/** Convert the HTML at (ptr, len) to text in out. */
export function htmlToText(ptr: usize, len: i32, out: ByteBuffer, rep: SanitizeReport): void {
  report = rep;
  writer.reset(out);
  out.ensure(len + 64);
  tree.reset();
  resetRefs();
  dropping = false;
  const end = ptr + <usize>(len < 0 ? 0 : len);
  let p = ptr;
  while (p < end) {
    const c = <u32>load<u8>(p);
    if (c == 0x3c) {
      p = tag(p, end);
      continue;
    }
    if (dropping) {
      p = findLt(p + 1, end);
      continue;
    }
    if (c == 0x26) {
      scratch.reset();
      const n = decodeCharRef(p, end, scratch, false);
      if (n > 0) {
        writer.text(scratch.ptr, scratch.length);
        p += <usize>n;
      } else {
        writer.textRun(p, 1);
        p++;
      }
      continue;
    }
    if (isSpace(c)) {
      writer.whitespace(<u8>c);
      p++;
      continue;
    }
    const q = isDefined(ORACLES) && wordByWord ? wordEnd(p + 1, end)
      : isDefined(ORACLES) && bytewise ? wordsEndBytewise(p + 1, end) : wordsEnd(p + 1, end);
    writer.textRun(p, <i32>(q - p));
    p = q;
  }
  writer.finish();
}

/**
 * End of the text run from q: text bytes (not '<', '&', whitespace or a control), and single
 * spaces between them. The writer would turn each such space into the one space it already is
 * (or write it as it is, in pre), so the words and spaces go to it as one run. Sixteen bytes at
 * a time: the run ends at the first byte that is '<', '&' or a control, or a space whose next
 * byte is not a text byte; the last bytes go through wordsEndBytewise, the reference.
 */
function wordsEnd(q: usize, end: usize): usize {
  const ctl = i8x16.splat(0x20);
  const lt = i8x16.splat(0x3c);
  const amp = i8x16.splat(0x26);
  while (q + 17 <= end) {
    const v = v128.load(q);
    const w = v128.load(q + 1);
    const hard = v128.or(i8x16.lt_u(v, ctl), v128.or(i8x16.eq(v, lt), i8x16.eq(v, amp)));
    const nextNotText = v128.or(i8x16.le_u(w, ctl), v128.or(i8x16.eq(w, lt), i8x16.eq(w, amp)));
    const stop = v128.or(hard, v128.and(i8x16.eq(v, ctl), nextNotText));
    const m = i8x16.bitmask(stop);
    if (m != 0) return q + <usize>ctz(m);
    q += 16;
  }
  return wordsEndBytewise(q, end);
}

/** wordsEnd a byte at a time: its reference, and its tail. */
function wordsEndBytewise(q: usize, end: usize): usize {
  while (q < end) {
    const d = <u32>load<u8>(q);
    if (isTextByte(d)) {
      q++;
      continue;
    }
    if (d != 0x20 || q + 1 >= end || !isTextByte(<u32>load<u8>(q + 1))) break;
    q += 2;
  }
  return q;
}

// @ts-ignore: decorator
@inline function isTextByte(c: u32): bool {
  return c > 0x20 && c != 0x3c && c != 0x26;
}

/**
 * Word by word, as the converter once wrote text: the reference of the differential spec. Read
 * only in builds with the compile-time constant ORACLES (the oracle tier): the release wasm has no toggle.
 */
let wordByWord = false;

/** Write text word by word (the reference) or in runs of words (the default); for the oracle spec. */
export function setWordByWord(on: bool): void {
  wordByWord = on;
}

/**
 * The scans a byte at a time and the entity search the sixteen-byte scans and the entity hash
 * table replaced: the reference of their differential spec. Read only with ORACLES, as above.
 */
let bytewise = false;

/** Scan a byte at a time and find entities by binary search (the reference); for the oracle spec. */
export function setBytewise(on: bool): void {
  bytewise = on;
  setEntitySearch(on);
  setBytewiseValues(on);
  setPlainCopy(on);
}

/** First '<' at or after p, or end (sixteen bytes at a time). */
function findLt(p: usize, end: usize): usize {
  if (!isDefined(ORACLES) || !bytewise) {
    const lt = i8x16.splat(0x3c);
    while (p + 16 <= end) {
      const m = i8x16.bitmask(i8x16.eq(v128.load(p), lt));
      if (m != 0) return p + <usize>ctz(m);
      p += 16;
    }
  }
  while (p < end && load<u8>(p) != 0x3c) p++;
  return p;
}

function wordEnd(q: usize, end: usize): usize {
  while (q < end) {
    const d = <u32>load<u8>(q);
    if (d == 0x3c || d == 0x26 || d <= 0x20) break;
    q++;
  }
  return q;
}

/** Position after the first '>' at or after p, or end. */
function skipPast(p: usize, end: usize, b: u8): usize {
  while (p < end && load<u8>(p) != b) p++;
  return p < end ? p + 1 : end;
}

/** Handle the markup that starts with '<' at p; returns where text resumes. */
function tag(p: usize, end: usize): usize {
  let q = p + 1;
  if (q >= end) return literalLt(p);
  const c = <u32>load<u8>(q);
  if (c == 0x21) {
    // <!-- comment -->: also the empty forms <!--> and <!--->, and --!> as a closer.
    if (q + 2 < end && load<u8>(q + 1) == 0x2d && load<u8>(q + 2) == 0x2d) {
      let r = q + 3;
      if (r < end && load<u8>(r) == 0x3e) return r + 1;
      if (r + 1 < end && load<u8>(r) == 0x2d && load<u8>(r + 1) == 0x3e) return r + 2;
      while (r + 2 < end) {
        if (load<u8>(r) == 0x2d && load<u8>(r + 1) == 0x2d) {
          if (load<u8>(r + 2) == 0x3e) return r + 3;
          if (r + 3 < end && load<u8>(r + 2) == 0x21 && load<u8>(r + 3) == 0x3e) return r + 4;
        }
        r++;
      }
      return end;
    }
    return skipPast(q, end, 0x3e); // doctype, CDATA and other bogus comments
  }
  if (c == 0x3f) return skipPast(q, end, 0x3e);
  if (c == 0x2f) {
    q++;
    if (q < end && isAlpha(<u32>load<u8>(q))) {
      q = readName(q, end);
      q = readAttributes(q, end, false);
      endTag();
      return q;
    }
    if (q < end && load<u8>(q) == 0x3e) return q + 1;
    return skipPast(q, end, 0x3e);
  }
  if (!isAlpha(c)) return literalLt(p);
  q = readName(q, end);
  resetAttributes();
  const id = tagIdAt(nameBuf.ptr, nameBuf.length);
  let foreign = isForeign(id);
  const top = tree.topFlags();
  if (foreign) {
    // x and y are page pixels unless an <svg> above has a viewBox (an outermost <svg>'s own are ignored).
    const positions = (top & tree.F_VIEWBOX) == 0 && (id != T.SVG || (top & tree.F_SVG) != 0);
    beginElement(KIND_SVG, id == T.SVG ? BOX_SVG : id == T.FOREIGN_OBJECT ? BOX_FOREIGN_OBJECT : BOX_NONE, positions);
  } else {
    beginElement(id == T.MATH || (top & tree.F_MATH) != 0 ? KIND_MATH : KIND_HTML, BOX_NONE, false);
  }
  q = readAttributes(q, end, true);
  if (!tagComplete) return end; // EOF inside a tag: the tag is dropped, as browsers do
  finishElement();
  const breakout = (top & (tree.F_SVG | tree.F_MATH)) != 0 ? tree.foreignBreakout() : -1;
  if (breakout >= 0 && (T.breaksOutOfForeign(nameBuf.ptr, nameBuf.length)
    || (attrFontLike && T.nameIs(nameBuf.ptr, nameBuf.length, "font")))) {
    // The element leaves the SVG or MathML it is in, as a browser parses it: an HTML element after it.
    popTo(breakout);
    foreign = isForeign(id);
  }
  return startTag(id, foreign, q, end, selfClosing);
}

/** A start tag with this id, here, is SVG (foreign content): an <svg>, or inside one but not in its foreignObject. */
function isForeign(id: i32): bool {
  return id == T.SVG || ((tree.topFlags() & tree.F_SVG) != 0 && tree.idAt(tree.depth() - 1) != T.FOREIGN_OBJECT);
}

function literalLt(p: usize): usize {
  if (!dropping) writer.textRun(p, 1);
  return p + 1;
}

/** Read a tag name into nameBuf, lower-cased, in one pass; returns the position after it. */
function readName(q: usize, end: usize): usize {
  if (isDefined(ORACLES) && bytewise) return readNameTwoPasses(q, end);
  if (q + 16 <= end) {
    // Names shorter than sixteen bytes (nearly all): the end found and the bytes lower-cased
    // sixteen at a time; the store fits the buffer's room (at least 64 bytes).
    const v = v128.load(q);
    const stop = v128.or(
      v128.or(v128.or(i8x16.eq(v, i8x16.splat(0x20)), i8x16.eq(v, i8x16.splat(0x09))),
        v128.or(i8x16.eq(v, i8x16.splat(0x0a)), i8x16.eq(v, i8x16.splat(0x0c)))),
      v128.or(i8x16.eq(v, i8x16.splat(0x0d)), v128.or(i8x16.eq(v, i8x16.splat(0x2f)), i8x16.eq(v, i8x16.splat(0x3e)))));
    const m = i8x16.bitmask(stop);
    if (m != 0) {
      const upper = v128.and(i8x16.ge_u(v, i8x16.splat(0x41)), i8x16.le_u(v, i8x16.splat(0x5a)));
      v128.store(nameBuf.ptr, v128.or(v, v128.and(upper, i8x16.splat(0x20))));
      const n = ctz(m);
      nameBuf.length = n;
      return q + <usize>n;
    }
  }
  let buf = nameBuf.ptr;
  let room = nameBuf.data.length;
  let n = 0;
  while (q < end) {
    const c = <u32>load<u8>(q);
    if (c <= 0x20 ? isSpace(c) : c == 0x2f || c == 0x3e) break;
    if (n == room) {
      nameBuf.length = n;
      nameBuf.ensure(1);
      buf = nameBuf.ptr;
      room = nameBuf.data.length;
    }
    store<u8>(buf + <usize>n, <u8>(c - 0x41 < 26 ? c | 0x20 : c));
    n++;
    q++;
  }
  nameBuf.length = n;
  return q;
}

/** readName as it was, a scan and then a copy: its reference in the oracle spec. */
function readNameTwoPasses(q: usize, end: usize): usize {
  nameBuf.reset();
  const start = q;
  while (q < end) {
    const c = <u32>load<u8>(q);
    if (c == 0x20 || c == 0x0a || c == 0x09 || c == 0x0c || c == 0x0d || c == 0x2f || c == 0x3e) break;
    q++;
  }
  const n = <i32>(q - start);
  nameBuf.ensure(n);
  const p = nameBuf.ptr;
  for (let i = 0; i < n; i++) {
    const c = <u32>load<u8>(start + <usize>i);
    store<u8>(p + <usize>i, <u8>(c - 0x41 < 26 ? c | 0x20 : c));
  }
  nameBuf.length = n;
  return q;
}

// @ts-ignore: decorator
@inline function push(id: i32, hide: bool, context: i32): void {
  const was = dropping;
  // (past the depth cap, tree.push only counts the element)
  tree.push(id, nameBuf.ptr, nameBuf.length, hide, attrVisibility, context, attrPaintSet, attrPaintValue);
  dropping = tree.dropping();
  if (hide && !was) report.htmlDropped++;
}

// @ts-ignore: decorator
@inline function popTo(i: i32): void {
  tree.popTo(i);
  dropping = tree.dropping();
}

/** Handle a start tag whose attributes were read; q is just past its '>'. */
function startTag(id: i32, foreign: bool, q: usize, end: usize, selfClose: bool): usize {
  const topFlags = tree.topFlags();
  if (foreign) {
    // SVG: only text content and foreignObject render; self-closing tags have no content.
    const later = (topFlags & tree.F_FIRST_ONLY) != 0 && tree.laterChild();
    if (attrIdHash != 0 && isPath(nameBuf.ptr, nameBuf.length)) addPath(attrIdHash);
    if (selfClose) return q;
    const hide = later || attrHidden || id == T.SVG_NONRENDER || id == T.RCDATA || id == T.RAW || (id == T.SVG_TEXT
      && !attrPath && !(attrHrefHash > 1 && hasPath(attrHrefHash)) && T.nameIs(nameBuf.ptr, nameBuf.length, "textpath"));
    const svgText = (id != T.SVG && (topFlags & tree.F_SVG_TEXT) != 0) || id == T.SVG_TEXT || id == T.FOREIGN_OBJECT;
    // MathML state goes on down: an <svg> where MathML draws no text draws none either.
    let context = tree.F_SVG | (topFlags & (tree.F_MATH | tree.F_MATH_TEXT | tree.F_VIEWBOX));
    if (svgText) context |= tree.F_SVG_TEXT;
    if (attrViewBox) context |= tree.F_VIEWBOX;
    push(id, hide, context);
    return q;
  }
  const closes = tree.startTagCloses(id);
  tree.noteImpliedEnds(closes);
  popTo(closes);
  const later = (tree.topFlags() & tree.F_FIRST_ONLY) != 0 && tree.laterChild();
  if (T.isRawText(id)) {
    if (!dropping) report.htmlDropped++;
    return skipRawText(q, end);
  }
  if (id == T.RCDATA && dropping) return skipRawText(q, end);
  if (id == T.XMP) return dropping ? skipRawText(q, end) : xmp(q, end);
  const hide = later || attrHidden || id == T.TEMPLATE || id == T.NEVER || (id == T.DIALOG && !attrOpen);
  if (T.isVoid(id)) {
    if (hide || dropping) return q;
  } else if (id == T.HTML && !hide) {
    // html, head, body: their attributes merge into the open ones; nothing to push.
  } else if (selfClose && (id == T.MATH || (tree.topFlags() & (tree.F_MATH | tree.F_MATH_TEXT)) == tree.F_MATH)) {
    // A MathML element's `/>` closes it (HTML's own start tags ignore theirs).
    return q;
  } else {
    // MathML draws text only inside its token elements (and HTML inside them).
    let context = tree.topFlags() & (tree.F_MATH | tree.F_MATH_TEXT);
    if (id == T.MATH) context |= tree.F_MATH;
    if (id == T.MATH_TOKEN && context != 0) context |= tree.F_MATH_TEXT;
    if ((attrHidden || attrVisibility == 2) && T.isFormatting(nameBuf.ptr, nameBuf.length)) context |= tree.F_FORMAT_HIDES;
    push(id, hide, context);
  }
  if (dropping) return q;
  switch (id) {
    case T.BLOCK2: case T.P: writer.block(2); break;
    case T.BLOCK1: case T.DIV: case T.TBODY: case T.CAPTION: case T.DT: case T.DD: case T.OPTION: case T.DIALOG: writer.block(1); break;
    case T.TABLE: writer.block(2); break;
    case T.H1: case T.H2: case T.H3: case T.H4: case T.H5: case T.H6: writer.heading(id - T.H1 + 1); break;
    case T.UL: writer.openList(false); break;
    case T.OL: writer.openList(true); break;
    case T.LI: writer.listItem(); break;
    case T.TR: writer.row(); break;
    case T.TD: writer.cell(); break;
    case T.BR: writer.lineBreak(); break;
    case T.PRE:
      writer.block(2);
      writer.preDepth++;
      // A newline right after <pre> is not content (HTML spec).
      if (q < end && load<u8>(q) == 0x0d) q++;
      if (q < end && load<u8>(q) == 0x0a) q++;
      break;
    case T.A: {
      decodeValue(hrefStart, hrefEnd);
      writer.href.reset();
      const t = T.trim(scratch.ptr, scratch.length);
      writer.href.append(scratch.ptr + <usize>(t >> 16), t & 0xffff);
      writer.openLink();
      break;
    }
    case T.IMG: {
      decodeValue(altStart, altEnd);
      const t = T.trim(scratch.ptr, scratch.length);
      if ((t & 0xffff) > 0) {
        writer.text(changetype<usize>(OPEN_BRACKET), 1);
        writer.text(scratch.ptr + <usize>(t >> 16), t & 0xffff);
        writer.text(changetype<usize>(CLOSE_BRACKET), 1);
      }
      break;
    }
    case T.RCDATA: return rcdata(q, end);
  }
  return q;
}

const OPEN_BRACKET: StaticArray<u8> = [0x5b];
const CLOSE_BRACKET: StaticArray<u8> = [0x5d];

function endTag(): void {
  const id = tagIdAt(nameBuf.ptr, nameBuf.length);
  if (tree.endOverflow()) {
    dropping = tree.dropping();
    return;
  }
  const target = tree.endTagCloses(id, nameBuf.ptr, nameBuf.length);
  if (target < 0) {
    if (tree.endPending(nameBuf.ptr, nameBuf.length)) dropping = tree.dropping();
    return;
  }
  const was = dropping;
  tree.noteImpliedEnds(target);
  popTo(target);
  if (was) return;
  switch (id) {
    case T.BLOCK2: case T.P: case T.TABLE: case T.H1: case T.H2: case T.H3: case T.H4: case T.H5: case T.H6: writer.block(2); break;
    case T.BLOCK1: case T.DIV: case T.TBODY: case T.CAPTION: case T.LI: case T.TR: case T.DT: case T.DD: case T.OPTION: case T.DIALOG: writer.block(1); break;
    case T.UL: case T.OL: writer.closeList(); break;
    case T.PRE: if (writer.preDepth > 0) writer.preDepth--; writer.block(2); break;
    case T.A: writer.closeLink(); break;
    case T.RCDATA: writer.block(1); break;
  }
}

/** xmp: text up to its end tag, shown as it is (no markup, no character references), preformatted. */
function xmp(q: usize, end: usize): usize {
  const stop = findEndTag(q, end);
  writer.block(2);
  writer.preDepth++;
  let p = q;
  while (p < stop) {
    const c = <u32>load<u8>(p);
    if (isSpace(c)) {
      writer.whitespace(<u8>c);
      p++;
      continue;
    }
    let r = p + 1;
    while (r < stop && !isSpace(<u32>load<u8>(r))) r++;
    writer.textRun(p, <i32>(r - p));
    p = r;
  }
  writer.preDepth--;
  writer.block(2);
  return stop;
}

/** Start of the end tag `</name` (as in name) at or after q, or end. */
function findEndTag(q: usize, end: usize): usize {
  const n = <usize>nameBuf.length;
  const name = nameBuf.ptr;
  while (q + 1 + n < end) {
    q = findLt(q, end - 1 - n);
    if (q + 1 + n >= end) break;
    if (load<u8>(q + 1) == 0x2f && T.matchesIgnoreCase(q + 2, name, <i32>n)) {
      const after = q + 2 + n;
      if (after >= end) return q;
      const c = <u32>load<u8>(after);
      if (isSpace(c) || c == 0x2f || c == 0x3e) return q;
    }
    q++;
  }
  return end;
}

/** script, style, iframe…: nothing inside is markup; skip to the matching end tag. */
function skipRawText(q: usize, end: usize): usize {
  return findEndTag(q, end);
}

/** title, textarea: text up to the end tag, with character references, no markup. */
function rcdata(q: usize, end: usize): usize {
  const stop = findEndTag(q, end);
  let p = q;
  while (p < stop) {
    const c = load<u8>(p);
    if (c == 0x26) {
      scratch.reset();
      const n = decodeCharRef(p, stop, scratch, false);
      if (n > 0) {
        writer.text(scratch.ptr, scratch.length);
        p += <usize>n;
        continue;
      }
    }
    writer.text(p, 1);
    p++;
  }
  return stop;
}
