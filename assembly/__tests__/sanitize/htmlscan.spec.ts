// Differential spec of the HTML converter's fast paths against the code they replaced: text runs
// found sixteen bytes at a time (html.ts wordsEnd), '<' found sixteen bytes at a time in hidden
// text and raw text (findLt, findEndTag), tag names read and lower-cased in one pass (readName),
// attribute values copied in runs between '&' (htmlattrs.ts decodeValue), text runs copied sixteen
// bytes a store (htmltext.ts copyInto) and named character references found through a hash table
// (charref.ts findEntity). setBytewise(true) switches all of them back to the byte-at-a-time code
// and the binary search; both must give the same text and report for hand-picked adversarial
// pages and thousands of generated ones, and the table must find exactly what the search finds
// for every name, every prefix of one and generated names.
import { html, lastReport } from "./helpers";
import { setBytewise } from "../../sanitize/html";
import { findEntity, findEntityBySearch } from "../../sanitize/charref";
import { ENTITY_COUNT, ENTITY_INDEX, ENTITY_DATA } from "../../sanitize/entities";
import { XorShift } from "../xorshift";

/** "" when both ways agree, else the page and both outputs. */
function difference(page: string): string {
  setBytewise(true);
  const slow = html(page);
  const slowDropped = lastReport.htmlDropped;
  const slowWs = lastReport.whitespace;
  const slowIn = lastReport.inputBytes;
  setBytewise(false);
  // The converter's output buffer is reused: fill it with other bytes first, so that a byte the
  // fast path fails to write cannot pass for the one the reference left there.
  html("#".repeat(page.length + 64));
  const fast = html(page);
  if (fast != slow || lastReport.htmlDropped != slowDropped || lastReport.whitespace != slowWs || lastReport.inputBytes != slowIn) {
    return page + " => " + fast + " / " + slow;
  }
  return "";
}

/** Pieces whose joins land anywhere in a sixteen-byte block. */
const PIECES: string[] = [
  "word", "two words", "a", "x y z", "sixteen letters!", "fifteen letters", "seventeen letters", " ", "  ", "\t", "\n",
  "\r\n", "\f", "\v", "\0", "\x01", "\x7f", "é", "日本", "😀", "é ü", "&amp;", "&lt;", "&nbsp;", "&", "&;", "&#", "&#x",
  "&#38;", "&#x263A;", "&#0;", "&#xD800;", "&#128;", "&#99999999;", "&copy", "&copy2", "&ampx", "&amp=", "&notin",
  "&noti", "&notit;", "&AMP;", "&Amp;", "&CounterClockwiseContourIntegral;", "&zwnj;", "&nGt;", "&xyz;",
  "<p>", "</p>", "<P>", "</P >", "<br>", "<BR/>", "<pre>", "</pre>", "<pre>\n", "<xmp>a  b</xmp>", "<XMP>",
  "<a href=\"https://x.test/?a=1&amp;b=2\">", "<a href='x'>", "<a href=x>", "<a href = \" y \" >", "<a href=\"#t\">",
  "</a>", "<ul>", "<ol>", "<li>", "</ul>", "</ol>", "<table>", "<tr>", "<td>", "<th>", "</table>", "<h2>", "</h2>",
  "<span hidden>", "<span HIDDEN=\"\">", "<div aria-hidden=\"true\">", "<div aria-hidden=true>", "</span>",
  "<div style=\"display:none\">", "<div style='visibility:hidden'>", "<b style=\"visibility:visible\">",
  "<i class=\"sr-only x\">", "<i class=d-none>", "</div>", "<b>", "</b>", "</i>", "<img alt=\"pic ture\">",
  "<img alt='&lt;x&gt;'>", "<script>", "</script>", "</SCRIPT >", "</script", "</scriptx>", "<script>var s = \"</script\";",
  "<script>a</script >b", "<style>p{}</style>", "<STYLE>x</Style>", "<textarea>a &amp; <b></textarea>",
  "<title>t  t</title>", "<!-- c -->", "<!--", "-->", "<!-- -- >", "--!>", "<!--->", "<!-->", "<![CDATA[x<y]]>",
  "<!doctype html>", "<?xml x?>", "</>", "< b", "a<b", "a <", "x&y", "<svg><text>s</text></svg>",
  "<svg><desc>d</desc>", "<foreignObject>f", "<template>t</template>", "<dialog>d</dialog>", "<dialog open>",
  "<noscript>n</noscript>", "<iframe>i</iframe>", "<canvas>c</canvas>", "<li hidden>", "<td hidden>", "<p hidden>",
  "<unknown-tag x=1>", "</unknown-tag>", "<A-VERY-LONG-CUSTOM-ELEMENT-NAME-BEYOND-SIXTY-FOUR-BYTES-OF-NAME-BUFFER-ROOM>",
  "</a-very-long-custom-element-name-beyond-sixty-four-bytes-of-name-buffer-room>", "<DiV\0>", "</dIv\t>", "<h1\v>",
  "<a href=\"&amp\">", "<a href=\"a&ampb&amp;c&#38;&\">", "<img alt=\"&notit; &copy=\">", "<i class=\"x&#32;sr-only\">", "<div", " x=\"", "\"", "'", "=", "/>", ">", "-", ".",
];

function generated(seed: u32, rounds: i32, maxPieces: u32): string {
  const rng = new XorShift(seed);
  let failures = 0;
  let first = "";
  for (let round = 0; round < rounds; round++) {
    let page = "";
    const n = 1 + <i32>(rng.next() % maxPieces);
    for (let k = 0; k < n; k++) page += PIECES[<i32>(rng.next() % <u32>PIECES.length)];
    const d = difference(page);
    if (d.length > 0) {
      if (failures == 0) first = d;
      failures++;
    }
  }
  return failures == 0 ? "" : first + " (" + failures.toString() + " failures)";
}

describe("the oracle build", () => {
  test("reads the toggle (compiled with ORACLES: npm run test:oracles)", () => {
    // Without ORACLES the converter never reads the toggle, and both runs would be the same code.
    expect(isDefined(ORACLES)).toBe(true);
  });
});

describe("sixteen-byte scans against the byte-at-a-time ones", () => {
  test("text runs: every position of a stop inside a block, and at the end of the input", () => {
    const stops: string[] = ["<b>", "&amp;", "  ", " <", " &", "\n", "\t", "\0", " \n", "\x1f", "<", "&", " "];
    for (let s = 0; s < stops.length; s++) {
      for (let before = 0; before < 40; before++) {
        let text = "";
        for (let i = 0; i < before; i++) text += i % 5 == 4 ? " " : "x";
        expect(difference(text + stops[s] + "tail words here")).toBe("");
        expect(difference(text + stops[s])).toBe("");
        expect(difference("<p>" + text + stops[s] + "é日本 end</p>")).toBe("");
      }
    }
  });

  test("hidden text and raw text: '<' at every position, end tags cut by the end of the input", () => {
    for (let before = 0; before < 40; before++) {
      let text = "";
      for (let i = 0; i < before; i++) text += i % 3 == 2 ? " " : "y";
      expect(difference("<span hidden>" + text + "<b>x</b>" + text + "</span>shown")).toBe("");
      expect(difference("<script>" + text + "</script>shown")).toBe("");
      expect(difference("<script>" + text + "</scrip")).toBe("");
      expect(difference("<script>" + text + "<</script>shown")).toBe("");
      expect(difference("<script>" + text + "</script")).toBe("");
      expect(difference("<style>" + text + "</STYLE\t>shown")).toBe("");
      expect(difference("<xmp>" + text + "<b></xmp>shown")).toBe("");
      expect(difference("<title>" + text + "&amp;</title>shown")).toBe("");
    }
  });

  test("nesting 10,000 deep, hidden on an ancestor", () => {
    const opens = new Array<string>();
    const closes = new Array<string>();
    for (let i = 0; i < 10000; i++) {
      opens.push(i == 3 ? "<div hidden>" : "<div>");
      closes.push("</div>");
    }
    const open = opens.join("");
    const close = closes.join("");
    expect(difference(open + "secret text here" + close + "after")).toBe("");
    expect(difference("<span>" + open + "x" + "</span>after")).toBe("");
  });

  test("generated pages", () => {
    expect(generated(0x5ca9, 4000, 24)).toBe("");
    expect(generated(0x1bad, 300, 400)).toBe("");
  });
});

const buf = memory.data(64);

function same(n: i32): bool {
  return findEntity(buf, n) == findEntityBySearch(buf, n);
}

describe("named character references by hash table against the binary search", () => {
  test("every name, every prefix of one, each with a byte changed", () => {
    let failures = 0;
    let found = 0;
    for (let i = 0; i < ENTITY_COUNT; i++) {
      const e = ENTITY_DATA + <usize>load<u16>(ENTITY_INDEX + (<usize>i << 1));
      const n = <i32>(load<u8>(e) & 0x7f);
      memory.copy(buf, e + 1, <usize>n);
      if (findEntity(buf, n) == <i32>(e - ENTITY_DATA)) found++;
      for (let k = 0; k <= n; k++) if (!same(k)) failures++;
      for (let k = 0; k < n; k++) {
        const c = load<u8>(buf + <usize>k);
        store<u8>(buf + <usize>k, c ^ 0x20);
        if (!same(n)) failures++;
        store<u8>(buf + <usize>k, c + 1);
        if (!same(n)) failures++;
        store<u8>(buf + <usize>k, c);
      }
      store<u8>(buf + <usize>n, 0x78);
      if (!same(n + 1)) failures++;
    }
    expect(found).toBe(ENTITY_COUNT);
    expect(failures).toBe(0);
  });

  test("generated names", () => {
    const rng = new XorShift(0xe27);
    let failures = 0;
    for (let round = 0; round < 20000; round++) {
      const n = <i32>(rng.next() % 12);
      for (let k = 0; k < n; k++) {
        const r = rng.next() % 64;
        store<u8>(buf + <usize>k, <u8>(r < 26 ? 0x61 + r : r < 52 ? 0x41 + r - 26 : 0x30 + r % 10));
      }
      if (!same(n)) failures++;
    }
    expect(failures).toBe(0);
  });
});
