// Differential spec of the tag-name lookup by perfect hash (htmltagids.ts) against the string
// comparisons it replaces (htmltags.ts tagIdByName): every known name, every name of up to three
// letters, each known name with one byte changed, cut or extended, and generated names.
import { tagId, tagIdAt, tagHashMultiplier } from "../../sanitize/htmltagids";
import { tagIdByName, OTHER } from "../../sanitize/htmltags";
import { XorShift } from "../xorshift";

const KNOWN: string[] = [
  "a", "p", "h1", "h2", "h3", "h4", "h5", "h6", "h0", "h7", "br", "hr", "li", "ul", "ol", "tr", "rp", "td", "th", "dt", "dd", "dl",
  "div", "nav", "img", "pre", "svg", "xmp", "dir", "col", "wbr", "area", "base", "link", "meta", "form", "main", "menu",
  "html", "head", "body", "text", "defs", "mask", "desc", "style", "table", "video", "audio", "frame", "tspan", "title",
  "input", "embed", "param", "track", "thead", "tbody", "tfoot", "aside", "script", "iframe", "header", "footer",
  "figure", "search", "source", "keygen", "option", "legend", "center", "hgroup", "dialog", "button", "applet",
  "object", "select", "canvas", "symbol", "marker", "noembed", "article", "section", "address", "details", "summary",
  "caption", "marquee", "listing", "pattern", "noscript", "noframes", "template", "textarea", "fieldset", "datalist",
  "colgroup", "frameset", "basefont", "bgsound", "textpath", "clippath", "metadata", "plaintext", "blockquote",
  "figcaption", "foreignobject", "lineargradient", "radialgradient", "mphantom", "annotation", "annotation-xml", "math",
  "mi", "mn", "mo", "ms", "mtext", "semantics", "maction", "switch",
];

const buf = memory.data(64);

function idBoth(bytes: Array<u8>): bool {
  for (let i = 0; i < bytes.length; i++) store<u8>(buf + <usize>i, bytes[i]);
  // Bytes past the name must not matter: fill them with what a longer name would hold.
  for (let i = bytes.length; i < 40; i++) store<u8>(buf + <usize>i, 0x61 + <u8>(i % 26));
  const want = tagIdByName(buf, bytes.length);
  return tagId(buf, bytes.length) == want && tagIdAt(buf, bytes.length) == want;
}

function bytesOf(s: string): Array<u8> {
  const out = new Array<u8>();
  for (let i = 0; i < s.length; i++) out.push(<u8>s.charCodeAt(i));
  return out;
}

describe("tag ids by perfect hash agree with the string comparisons they replace", () => {
  test("every known name, and each with one byte changed, cut or extended", () => {
    let known = 0;
    let differ = 0;
    for (let k = 0; k < KNOWN.length; k++) {
      const b = bytesOf(KNOWN[k]);
      expect(idBoth(b)).toBe(true, KNOWN[k]);
      if (tagIdByName(changetype<usize>(b.dataStart), b.length) != OTHER) known++;
      for (let i = 0; i < b.length; i++) {
        const was = b[i];
        for (let c: u32 = 0; c < 256; c++) {
          b[i] = <u8>c;
          if (!idBoth(b)) differ++;
        }
        b[i] = was;
      }
      if (!idBoth(b.slice(0, b.length - 1))) differ++;
      const longer = b.slice(0);
      longer.push(0x61);
      if (!idBoth(longer)) differ++;
    }
    expect(differ).toBe(0);
    expect(known).toBe(KNOWN.length - 2); // all but h0 and h7
  });

  test("every name of up to three lower-case letters, digits or hyphens", () => {
    const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789-";
    const m = alphabet.length;
    let differ = 0;
    for (let a = 0; a < m; a++) {
      if (!idBoth([<u8>alphabet.charCodeAt(a)])) differ++;
      for (let b = 0; b < m; b++) {
        if (!idBoth([<u8>alphabet.charCodeAt(a), <u8>alphabet.charCodeAt(b)])) differ++;
        for (let c = 0; c < m; c++) {
          if (!idBoth([<u8>alphabet.charCodeAt(a), <u8>alphabet.charCodeAt(b), <u8>alphabet.charCodeAt(c)])) differ++;
        }
      }
    }
    expect(differ).toBe(0);
  });

  test("generated names of every length up to 20, and the empty name", () => {
    const rng = new XorShift(0x7a61d);
    expect(idBoth([])).toBe(true);
    let differ = 0;
    for (let r = 0; r < 20000; r++) {
      const n = <i32>(rng.next() % 21);
      const b = new Array<u8>();
      for (let i = 0; i < n; i++) b.push(<u8>(0x61 + rng.next() % 26));
      if (!idBoth(b)) differ++;
    }
    expect(differ).toBe(0);
  });
  test("the seed multiplier still separates every name (no search at the first lookup)", () => {
    expect(tagHashMultiplier()).toBe(0xff51afd7ed558cdf);
  });
  test("a name with a NUL byte after a known name is no known name", () => {
    expect(idBoth([0x62, 0x72, 0])).toBe(true);
    expect(tagId(changetype<usize>(bytesOf("br\0").dataStart), 3)).toBe(OTHER);
  });
});
