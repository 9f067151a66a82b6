// Element names the HTML converter treats specially, and small byte helpers for tag and
// attribute names (ASCII case-insensitive, as HTML is).

export const OTHER = 0;
/** script, style, noscript, iframe, noembed, noframes: raw text, dropped. */
export const RAW = 1;
export const TEMPLATE = 2;
export const SVG = 3;
/** title, textarea: text without markup. */
export const RCDATA = 4;
export const BLOCK2 = 5;
export const BLOCK1 = 6;
export const H1 = 7;
export const H2 = 8;
export const H3 = 9;
export const H4 = 10;
export const H5 = 11;
export const H6 = 12;
export const UL = 13;
export const OL = 14;
export const LI = 15;
export const TR = 16;
export const TD = 17;
export const BR = 18;
export const PRE = 19;
export const A = 20;
export const IMG = 21;
export const VOID = 22;
export const P = 23;
export const DT = 24;
export const DD = 25;
export const OPTION = 26;
/** Hidden unless it has the `open` attribute. */
export const DIALOG = 27;
/** html, head, body. */
export const HTML = 28;
export const TABLE = 29;
/** thead, tbody, tfoot. */
export const TBODY = 30;
export const CAPTION = 31;
export const BUTTON = 32;
/** applet, marquee, object: scope boundaries. */
export const SCOPING = 33;
/** Other special elements of the standard's list (select, listing, plaintext, dir, frameset…). */
export const SPECIAL = 34;
export const DIV = 35;
/**
 * canvas, video, audio, datalist, rp: what is inside is never rendered (fallback content); MathML
 * mphantom (takes space, draws nothing), annotation and annotation-xml (alternatives to the
 * rendered formula).
 */
export const NEVER = 36;
/** SVG text, tspan, textPath: the only SVG elements whose text renders. */
export const SVG_TEXT = 37;
export const FOREIGN_OBJECT = 38;
/** SVG elements that are never rendered: defs, symbol, clipPath, mask, pattern, marker, desc, metadata… */
export const SVG_NONRENDER = 39;
/** xmp: raw text that is shown, as pre. */
export const XMP = 40;
/** MathML's root: text inside renders only in token elements. */
export const MATH = 41;
/** MathML token elements mi, mn, mo, ms, mtext: where MathML text renders. */
export const MATH_TOKEN = 42;
/** MathML semantics and maction, SVG switch: only the first child element renders. */
export const FIRST_CHILD_ONLY = 43;

/** Lower-case name bytes (p, n) equal the ASCII literal s. */
function eq(p: usize, n: i32, s: string): bool {
  if (n != s.length) return false;
  for (let i = 0; i < n; i++) if (<u32>load<u8>(p + <usize>i) != <u32>s.charCodeAt(i)) return false;
  return true;
}

/**
 * Element id of a lower-cased tag name, by string comparisons: the reference for htmltagids.ts
 * tagId, which the converter uses (the differential spec compares both).
 */
export function tagIdByName(p: usize, n: i32): i32 {
  if (n == 0 || n > 14) return OTHER;
  const c = <u32>load<u8>(p);
  switch (n) {
    case 1:
      if (c == 0x61) return A;
      if (c == 0x70) return P;
      return OTHER;
    case 2: {
      const d = <u32>load<u8>(p + 1);
      if (c == 0x68 && d - 0x31 < 6) return H1 + <i32>(d - 0x31);
      if (eq(p, n, "br")) return BR;
      if (eq(p, n, "hr")) return BLOCK2;
      if (eq(p, n, "li")) return LI;
      if (eq(p, n, "ul")) return UL;
      if (eq(p, n, "ol")) return OL;
      if (eq(p, n, "tr")) return TR;
      if (eq(p, n, "rp")) return NEVER;
      if (eq(p, n, "td") || eq(p, n, "th")) return TD;
      if (eq(p, n, "dt")) return DT;
      if (eq(p, n, "dd")) return DD;
      if (eq(p, n, "dl")) return BLOCK2;
      if (eq(p, n, "mi") || eq(p, n, "mn") || eq(p, n, "mo") || eq(p, n, "ms")) return MATH_TOKEN;
      return OTHER;
    }
    case 3:
      if (eq(p, n, "div")) return DIV;
      if (eq(p, n, "nav")) return BLOCK1;
      if (eq(p, n, "img")) return IMG;
      if (eq(p, n, "pre")) return PRE;
      if (eq(p, n, "svg")) return SVG;
      if (eq(p, n, "xmp")) return XMP;
      if (eq(p, n, "dir")) return SPECIAL;
      if (eq(p, n, "col") || eq(p, n, "wbr")) return VOID;
      return OTHER;
    case 4:
      if (eq(p, n, "area") || eq(p, n, "base") || eq(p, n, "link") || eq(p, n, "meta")) return VOID;
      if (eq(p, n, "form") || eq(p, n, "main")) return BLOCK2;
      if (eq(p, n, "menu")) return UL;
      if (eq(p, n, "html") || eq(p, n, "head") || eq(p, n, "body")) return HTML;
      if (eq(p, n, "text")) return SVG_TEXT;
      if (eq(p, n, "defs") || eq(p, n, "mask") || eq(p, n, "desc")) return SVG_NONRENDER;
      if (eq(p, n, "math")) return MATH;
      return OTHER;
    case 5:
      if (eq(p, n, "style")) return RAW;
      if (eq(p, n, "table")) return TABLE;
      if (eq(p, n, "video") || eq(p, n, "audio")) return NEVER;
      if (eq(p, n, "frame")) return SPECIAL;
      if (eq(p, n, "tspan")) return SVG_TEXT;
      if (eq(p, n, "mtext")) return MATH_TOKEN;
      if (eq(p, n, "title")) return RCDATA;
      if (eq(p, n, "input") || eq(p, n, "embed") || eq(p, n, "param") || eq(p, n, "track")) return VOID;
      if (eq(p, n, "thead") || eq(p, n, "tbody") || eq(p, n, "tfoot")) return TBODY;
      if (eq(p, n, "aside")) return BLOCK2;
      return OTHER;
    case 6:
      if (eq(p, n, "script") || eq(p, n, "iframe")) return RAW;
      if (eq(p, n, "header") || eq(p, n, "footer") || eq(p, n, "figure") || eq(p, n, "search")) return BLOCK2;
      if (eq(p, n, "source") || eq(p, n, "keygen")) return VOID;
      if (eq(p, n, "option")) return OPTION;
      if (eq(p, n, "legend") || eq(p, n, "center") || eq(p, n, "hgroup")) return BLOCK1;
      if (eq(p, n, "dialog")) return DIALOG;
      if (eq(p, n, "button")) return BUTTON;
      if (eq(p, n, "applet") || eq(p, n, "object")) return SCOPING;
      if (eq(p, n, "select")) return SPECIAL;
      if (eq(p, n, "canvas")) return NEVER;
      if (eq(p, n, "symbol") || eq(p, n, "marker")) return SVG_NONRENDER;
      if (eq(p, n, "switch")) return FIRST_CHILD_ONLY;
      return OTHER;
    case 7:
      if (eq(p, n, "noembed")) return RAW;
      if (eq(p, n, "article") || eq(p, n, "section") || eq(p, n, "address") || eq(p, n, "details")) return BLOCK2;
      if (eq(p, n, "summary")) return BLOCK1;
      if (eq(p, n, "caption")) return CAPTION;
      if (eq(p, n, "marquee")) return SCOPING;
      if (eq(p, n, "listing")) return SPECIAL;
      if (eq(p, n, "pattern")) return SVG_NONRENDER;
      if (eq(p, n, "maction")) return FIRST_CHILD_ONLY;
      if (eq(p, n, "bgsound")) return VOID;
      return OTHER;
    case 8:
      if (eq(p, n, "noscript") || eq(p, n, "noframes")) return RAW;
      if (eq(p, n, "template")) return TEMPLATE;
      if (eq(p, n, "textarea")) return RCDATA;
      if (eq(p, n, "fieldset")) return BLOCK2;
      if (eq(p, n, "datalist")) return NEVER;
      if (eq(p, n, "colgroup") || eq(p, n, "frameset") || eq(p, n, "basefont")) return SPECIAL;
      if (eq(p, n, "textpath")) return SVG_TEXT;
      if (eq(p, n, "clippath") || eq(p, n, "metadata")) return SVG_NONRENDER;
      if (eq(p, n, "mphantom")) return NEVER;
      return OTHER;
    case 9:
      if (eq(p, n, "plaintext")) return SPECIAL;
      if (eq(p, n, "semantics")) return FIRST_CHILD_ONLY;
      return OTHER;
    case 10:
      if (eq(p, n, "blockquote")) return BLOCK2;
      if (eq(p, n, "figcaption")) return BLOCK1;
      if (eq(p, n, "annotation")) return NEVER;
      return OTHER;
    case 13:
      if (eq(p, n, "foreignobject")) return FOREIGN_OBJECT;
      return OTHER;
    case 14:
      if (eq(p, n, "lineargradient") || eq(p, n, "radialgradient")) return SVG_NONRENDER;
      if (eq(p, n, "annotation-xml")) return NEVER;
      return OTHER;
  }
  return OTHER;
}

export function isVoid(id: i32): bool {
  return id == VOID || id == BR || id == IMG;
}

export function isRawText(id: i32): bool {
  return id == RAW;
}

/** In the standard's list of special elements (they stop the search of "any other end tag"). */
export function isSpecial(id: i32): bool {
  return !(id == OTHER || id == A || id == NEVER || id == SVG || id == SVG_TEXT || id == SVG_NONRENDER
    || id == OPTION || id == DIALOG || id == MATH || id == FIRST_CHILD_ONLY);
}

/** Start tags that close an open <p> in button scope. */
export function closesP(id: i32): bool {
  return id == BLOCK2 || id == BLOCK1 || id == DIV || id == P || id == PRE || id == XMP || id == UL || id == OL
    || id == LI || id == DD || id == DT || id == TABLE || id == DIALOG || (id >= H1 && id <= H6);
}

/** Attribute name (p, n), any case, equals the lower-case ASCII literal s. */
export function nameIs(p: usize, n: i32, s: string): bool {
  if (n != s.length) return false;
  for (let i = 0; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if ((c - 0x41 < 26 ? c | 0x20 : c) != <u32>s.charCodeAt(i)) return false;
  }
  return true;
}

/** (p, n) compared ASCII case-insensitively with the lower-case bytes at name. */
export function matchesIgnoreCase(p: usize, lowerName: usize, n: i32): bool {
  for (let i = 0; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if ((c - 0x41 < 26 ? c | 0x20 : c) != <u32>load<u8>(lowerName + <usize>i)) return false;
  }
  return true;
}

// @ts-ignore: decorator
@inline function isSpaceByte(c: u32): bool {
  return c == 0x20 || c == 0x0a || c == 0x09 || c == 0x0c || c == 0x0d;
}

/** Trimmed span of (p, n) as (start << 16) | length; spans longer than 65535 are cut. */
export function trim(p: usize, n: i32): i32 {
  let s = 0;
  let e = n;
  while (s < e && isSpaceByte(<u32>load<u8>(p + <usize>s))) s++;
  while (e > s && isSpaceByte(<u32>load<u8>(p + <usize>(e - 1)))) e--;
  if (s > 0xffff) return 0;
  const len = e - s > 0xffff ? 0xffff : e - s;
  return (s << 16) | len;
}

/** (p, n) with surrounding whitespace removed equals s, ignoring ASCII case. */
export function trimmedIs(p: usize, n: i32, s: string): bool {
  const t = trim(p, n);
  return nameIs(p + <usize>(t >> 16), t & 0xffff, s);
}

/** A class attribute value (whitespace-separated names) holds a hiding class. */
export function hasHidingClass(p: usize, n: i32): bool {
  let i = 0;
  let collapse = false;
  let shown = false;
  while (i < n) {
    while (i < n && isSpaceByte(<u32>load<u8>(p + <usize>i))) i++;
    const start = i;
    while (i < n && !isSpaceByte(<u32>load<u8>(p + <usize>i))) i++;
    if (i == start) continue;
    const c = p + <usize>start;
    const len = i - start;
    if (isHidingClass(c, len)) return true;
    // Bootstrap's `collapse` hides unless `show` (or Bootstrap 3's `in`) opens it.
    if (nameIs(c, len, "collapse")) collapse = true;
    else if (nameIs(c, len, "show") || nameIs(c, len, "in")) shown = true;
  }
  return collapse && !shown;
}

/**
 * Class names that hide an element in the common CSS frameworks: Bootstrap (d-none, invisible,
 * visually-hidden, sr-only), Tailwind (hidden, invisible, sr-only, opacity-0), Bulma
 * (is-hidden, is-invisible), Foundation (hide, show-for-sr), Drupal (element-invisible,
 * visually-hidden), WordPress (screen-reader-text), HTML5 Boilerplate (visuallyhidden).
 */
const HIDING_CLASSES: string[] = [
  "hide", "hidden", "d-none", "sr-only", "u-hidden", "is-hidden", "invisible", "is-invisible", "visuallyhidden",
  "visually-hidden", "screen-reader-text", "show-for-sr", "opacity-0", "element-invisible", "element-hidden",
  "screen-reader-only", "a11y-hidden", "offscreen",
];

function isHidingClass(p: usize, n: i32): bool {
  for (let i = 0; i < HIDING_CLASSES.length; i++) {
    if (nameIs(p, n, HIDING_CLASSES[i])) return true;
  }
  return false;
}

/**
 * HTML start tags that end SVG and MathML content (the standard's "rules for parsing tokens in
 * foreign content"): the open SVG and MathML elements are popped and the tag is read as HTML.
 * font breaks out only with a color, face or size attribute (the caller checks those).
 */
const BREAKOUT: string[] = [
  "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed", "h1", "h2", "h3",
  "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s",
  "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var",
];

/** The lower-cased name (p, n) is a start tag that breaks out of foreign content (font aside). */
export function breaksOutOfForeign(p: usize, n: i32): bool {
  for (let i = 0; i < BREAKOUT.length; i++) if (eq(p, n, BREAKOUT[i])) return true;
  return false;
}

/** The standard's formatting elements: a browser re-creates them after an end tag that is not theirs. */
const FORMATTING: string[] = ["a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u"];

/** The lower-cased name (p, n) is a formatting element. */
export function isFormatting(p: usize, n: i32): bool {
  if (n > 6) return false;
  for (let i = 0; i < FORMATTING.length; i++) if (eq(p, n, FORMATTING[i])) return true;
  return false;
}
