// HTML to text (step 0 of sanitize when options.html): a streaming tokenizer with no DOM.
// Drops script, style, noscript, template, iframe, noembed, noframes, svg, comments, closed
// dialogs and hidden elements (hidden attribute, aria-hidden="true", an inline style that hides
// (css.ts), a framework's hiding class such as `hidden`, `d-none` or `sr-only`) with everything
// inside them — what a person does not see is what a prompt injection hides in. Decodes character references (charref.ts), keeps paragraphs,
// headings (# …), lists (- / 1.), table rows (cells joined by " | ") and links as `text (url)`.
// Tags the page leaves open are closed implicitly only for the common cases (li, p, td…); an
// unclosed hidden element hides the rest of the page, which fails safe.
import { ByteBuffer } from "../util/bytes";
import { SanitizeReport } from "./report";
import { decodeCharRef } from "./charref";
import { TextWriter } from "./htmltext";
import { cssHides } from "./css";
import * as T from "./htmltags";

const NAME_MAX = 32;
const writer = new TextWriter();
const scratch = new ByteBuffer(256);
const name = new StaticArray<u8>(NAME_MAX);
let nameLen = 0;
const skipName = new StaticArray<u8>(NAME_MAX);
let skipNameLen = 0;
let skipDepth = 0;
let skipForeign = false;
// Attributes of the current start tag.
let attrHidden = false;
let attrOpen = false;
let hrefStart: usize = 0;
let hrefEnd: usize = 0;
let altStart: usize = 0;
let altEnd: usize = 0;
let report: SanitizeReport = new SanitizeReport();

// @ts-ignore: decorator
@inline function isSpace(c: u32): bool {
  return c == 0x20 || c == 0x0a || c == 0x09 || c == 0x0c || c == 0x0d;
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
  skipDepth = 0;
  const end = ptr + <usize>(len < 0 ? 0 : len);
  let p = ptr;
  while (p < end) {
    const c = <u32>load<u8>(p);
    if (c == 0x3c) {
      p = tag(p, end);
      continue;
    }
    if (skipDepth > 0) {
      p++;
      while (p < end && load<u8>(p) != 0x3c) p++;
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
    let q = p + 1;
    while (q < end) {
      const d = <u32>load<u8>(q);
      if (d == 0x3c || d == 0x26 || d <= 0x20) break;
      q++;
    }
    writer.textRun(p, <i32>(q - p));
    p = q;
  }
  writer.finish();
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
  attrHidden = false;
  attrOpen = false;
  hrefStart = hrefEnd = altStart = altEnd = 0;
  const id = T.tagId(changetype<usize>(name), nameLen);
  q = readAttributes(q, end, true);
  if (!tagComplete) return end; // EOF inside a tag: the tag is dropped, as browsers do
  return startTag(id, q, end, selfClosing);
}

function literalLt(p: usize): usize {
  if (skipDepth == 0) writer.textRun(p, 1);
  return p + 1;
}

function readName(q: usize, end: usize): usize {
  nameLen = 0;
  while (q < end) {
    const c = <u32>load<u8>(q);
    if (isSpace(c) || c == 0x2f || c == 0x3e) break;
    // Guarded by nameLen < NAME_MAX, the buffer's length; longer names are cut (compared cut).
    if (nameLen < NAME_MAX) unchecked((name[nameLen++] = <u8>(c - 0x41 < 26 ? c | 0x20 : c)));
    q++;
  }
  return q;
}

let selfClosing = false;
let tagComplete = false;

/** Read attributes up to and past '>'; in start tags, note the ones that matter. */
function readAttributes(q: usize, end: usize, start: bool): usize {
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
      if (isSpace(c) || c == 0x2f || c == 0x3e || c == 0x3d) break;
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
        while (q < end && !isSpace(<u32>load<u8>(q)) && load<u8>(q) != 0x3e) q++;
        ve = q;
      }
    }
    if (start) attribute(ns, <i32>(ne - ns), vs, ve);
  }
  return end;
}

function attribute(n: usize, nLen: i32, vs: usize, ve: usize): void {
  if (T.nameIs(n, nLen, "hidden")) {
    attrHidden = true;
  } else if (T.nameIs(n, nLen, "aria-hidden")) {
    decodeValue(vs, ve);
    if (T.trimmedIs(scratch.ptr, scratch.length, "true")) attrHidden = true;
  } else if (T.nameIs(n, nLen, "style")) {
    decodeValue(vs, ve);
    if (cssHides(scratch.ptr, scratch.length)) attrHidden = true;
  } else if (T.nameIs(n, nLen, "class")) {
    decodeValue(vs, ve);
    if (T.hasHidingClass(scratch.ptr, scratch.length)) attrHidden = true;
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

/** Attribute value with its character references decoded, into scratch. */
function decodeValue(vs: usize, ve: usize): void {
  scratch.reset();
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

function sameAsSkipName(): bool {
  return nameLen == skipNameLen && memory.compare(changetype<usize>(name), changetype<usize>(skipName), <usize>nameLen) == 0;
}

function enterSkip(id: i32): void {
  memory.copy(changetype<usize>(skipName), changetype<usize>(name), <usize>nameLen);
  skipNameLen = nameLen;
  skipDepth = 1;
  skipForeign = id == T.SVG;
  report.htmlDropped++;
}

/** Handle a start tag whose attributes were read; q is just past its '>'. */
function startTag(id: i32, q: usize, end: usize, selfClose: bool): usize {
  if (skipDepth > 0) {
    if (sameAsSkipName()) {
      if (skipDepth == 1 && T.closesSibling(id)) skipDepth = 0;
      else if (!(selfClose && skipForeign) && !T.isVoid(id)) skipDepth++;
    } else if (skipDepth == 1 && skipNameLen == 1 && load<u8>(changetype<usize>(skipName)) == 0x70 && T.closesP(id)) {
      skipDepth = 0; // a block start tag ends an open <p>
    }
    if (skipDepth > 0) return T.isRawText(id) ? skipRawText(q, end) : q;
  }
  if (T.isRawText(id)) {
    report.htmlDropped++;
    return skipRawText(q, end);
  }
  if (id == T.TEMPLATE || id == T.SVG || attrHidden || (id == T.DIALOG && !attrOpen)) {
    if (T.isVoid(id)) return q;
    if (selfClose && id == T.SVG) {
      report.htmlDropped++;
      return q;
    }
    enterSkip(id);
    return q;
  }
  switch (id) {
    case T.BLOCK2: case T.P: writer.block(2); break;
    case T.BLOCK1: case T.DT: case T.DD: case T.OPTION: case T.DIALOG: writer.block(1); break;
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
  const id = T.tagId(changetype<usize>(name), nameLen);
  if (skipDepth > 0) {
    if (sameAsSkipName()) skipDepth--;
    return;
  }
  switch (id) {
    case T.BLOCK2: case T.P: case T.H1: case T.H2: case T.H3: case T.H4: case T.H5: case T.H6: writer.block(2); break;
    case T.BLOCK1: case T.LI: case T.TR: case T.DT: case T.DD: case T.OPTION: case T.DIALOG: writer.block(1); break;
    case T.UL: case T.OL: writer.closeList(); break;
    case T.PRE: if (writer.preDepth > 0) writer.preDepth--; writer.block(2); break;
    case T.A: writer.closeLink(); break;
    case T.RCDATA: writer.block(1); break;
  }
}

/** Start of the end tag `</name` (as in name) at or after q, or end. */
function findEndTag(q: usize, end: usize): usize {
  const n = <usize>nameLen;
  while (q + 1 + n < end) {
    if (load<u8>(q) == 0x3c && load<u8>(q + 1) == 0x2f
      && T.matchesIgnoreCase(q + 2, changetype<usize>(name), <i32>n)) {
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
