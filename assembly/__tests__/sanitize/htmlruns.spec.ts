// The HTML converter writes text in runs of words joined by single spaces (html.ts wordsEnd); it
// once wrote each word and each space on its own. Both must give the same text and report: the
// same HTML goes through both, hand-picked edges (pre, links, lists, cells, entities, hidden
// elements, text at the end) and a few thousand generated pages.
import { html, lastReport } from "./helpers";
import { setWordByWord } from "../../sanitize/html";
import { XorShift } from "../xorshift";

/** "" when both ways agree, else both outputs. */
function difference(page: string): string {
  setWordByWord(true);
  const slow = html(page);
  const slowDropped = lastReport.htmlDropped;
  const slowWs = lastReport.whitespace;
  setWordByWord(false);
  const fast = html(page);
  if (fast != slow || lastReport.htmlDropped != slowDropped || lastReport.whitespace != slowWs) {
    return page + " => " + fast + " / " + slow;
  }
  return "";
}

const PIECES: string[] = [
  "word", "two words", "a", "x y z", " ", "  ", "\t", "\n", " \n ", "\r\n", "\f", "&amp;", "&lt;", "&nbsp;", "&",
  "<p>", "</p>", "<br>", "<pre>", "</pre>", "<pre>\n", "<xmp>a  b</xmp>", "<a href=\"https://x.test/\">", "<a href=\"#t\">", "</a>",
  "<ul>", "<ol>", "<li>", "</ul>", "</ol>", "<table>", "<tr>", "<td>", "<th>", "</table>", "<h2>", "</h2>",
  "<span hidden>", "</span>", "<div style=\"display:none\">", "</div>", "<b>", "</b>", "<img alt=\"pic ture\">",
  "<script>s t</script>", "<!-- c -->", "<title>t  t</title>", "é ü", "日本 語", "a<b", "< b", "x&y", "-", ".",
];

describe("the oracle build", () => {
  test("reads the toggle (compiled with ORACLES: npm run test:oracles)", () => {
    // Without ORACLES the converter never reads the toggle, and both runs would be the same code.
    expect(isDefined(ORACLES)).toBe(true);
  });
});

describe("HTML text in runs of words", () => {
  test("edges: spaces, pre, links, lists, cells, entities, hidden text, the end of the input", () => {
    const cases = [
      "", "a", "a b", "a  b", "a b ", " a b", "a\tb", "a\nb", "a b<br>c d", "<pre>a b  c\n d</pre>e f",
      "<a href=\"https://x.test/\">https://x.test/</a>", "<a href=\"https://x.test/\">the link text</a> after it",
      "<ul><li>one two<li>three four</ul>", "<table><tr><td>a b<td>c d</table>", "a &amp; b", "a b&amp;c d",
      "<h1>big title here</h1>text", "<span hidden>not this text</span>but this", "a b <", "a b &", "x <b>y z</b> w",
      "<p>one</p> <p>two three</p>", "a\u00a0b c", "a b\u3000c", "<img alt=\"x y\">a b",
    ];
    for (let i = 0; i < cases.length; i++) expect(difference(cases[i])).toBe("");
  });

  test("generated pages", () => {
    const rng = new XorShift(0x5a17);
    let failures = 0;
    let first = "";
    for (let round = 0; round < 3000; round++) {
      let page = "";
      const n = 1 + <i32>(rng.next() % 24);
      for (let k = 0; k < n; k++) page += PIECES[<i32>(rng.next() % <u32>PIECES.length)];
      const d = difference(page);
      if (d.length > 0) {
        if (failures == 0) first = d;
        failures++;
      }
    }
    expect(first).toBe("");
    expect(failures).toBe(0);
  });
});
