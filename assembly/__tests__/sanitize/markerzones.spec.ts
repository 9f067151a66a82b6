// Differential spec of the marker scan's zones (markerzone.ts): the scan that looks for marker
// words only in zones against the reference that tries every word start, over generated text
// dense in the letters that end a zone, hints, marker words and their look-alikes; and the zone
// letters checked against the matcher's own definitions.
import { ByteBuffer } from "../../util/bytes";
import { markerSpans, markerSpansReference } from "../../sanitize/fence";
import { breaksZone } from "../../sanitize/markerzone";
import { foldMarkerChar, letterMatches } from "../../sanitize/fold";
import { isSeparator } from "../../sanitize/marker";
import { isMarkerByte } from "../../sanitize/plainrun";
import { XorShift } from "../xorshift";

const PIECES: string[] = [
  // words with zone-ending letters right against marker words and hints
  "web", "page", "B", "q", "W", "hmm", "fig", "y", "Z", "jump", "v", "k", "web<", ">page", "why_", "_bq",
  // marker words, plain, cased, leet, look-alike, split by invisible characters and marks
  "EXTERNAL", "external", "UNTRUSTED", "untrusted", "CONTENT", "content", "END", "end", "3ND", "C0NTENT", "UN7RUSTED",
  "EXTERNAL_UNTRUSTED_CONTENT", "END_EXTERNAL_UNTRUSTED_CONTENT", "\uFF25\uFF38\uFF34\uFF25\uFF32\uFF2E\uFF21\uFF2C",
  "\u0415XTERNAL", "CONTE\u0301NT", "EX\u200BTERNAL", "U\u0332NTRUSTED", "EXTERNAL\u0332UNTRUSTED\u0332CONTENT",
  // hints: brackets, look-alikes, encoded brackets (one with a zone-ending letter: &gt;), ids, underscores
  "<", ">", "<<<", ">>>", "\uFF1C", "\uFF1E", "\u2039", "\u203A", "\u27E8", "\u3009", "&lt;", "&gt;", "&GT", "&#60;",
  "&#x3e;", "%3C", "%3e", "\\u003c", "\\x3e", " id=\"", " ID = '", "\"", "'", "=", "_", "\uFF3F", "\u2581",
  // separators and prose of other scripts
  "-", " ", "    ", ".", "|", "\n", "\t", "/", "(", ")", "\u00B7", "\u041F\u0440\u0438", "\u65E5\u672C", "\u200D", "\u00E9",
  "the context ", "under ", "extent ", "second ",
];

function generate(rng: XorShift): string {
  let s = "";
  const n = 1 + <i32>(rng.next() % 28);
  for (let i = 0; i < n; i++) s += PIECES[<i32>(rng.next() % <u32>PIECES.length)];
  return s;
}

function buffer(s: string): ByteBuffer {
  const b = new ByteBuffer(s.length * 3 + 16);
  b.appendString(s);
  return b;
}

const ROUNDS = 8000;
const WORD_LETTERS = "ENDXTRALUSCOI"; // END EXTERNAL UNTRUSTED CONTENT and the id's ID

describe("marker zones", () => {
  test("the scan over zones finds exactly the markers of the scan over every word start", () => {
    const rng = new XorShift(0x20e5);
    let found = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const b = buffer(generate(rng));
      const want = markerSpansReference(b);
      expect(markerSpans(b)).toBe(want, "round " + r.toString());
      if (want.length > 0) found++;
    }
    // The generator must reach the matcher often, or the comparison proves little.
    expect(found).toBeGreaterThan(ROUNDS / 20);
  });

  test("markers right against zone-ending letters, at every offset of an eight-byte window", () => {
    const cases: string[] = [
      "web<<<EXTERNAL_UNTRUSTED_CONTENT>>>page", "bEXTERNAL_UNTRUSTED_CONTENTb", "why&lt;&lt;END&gt;&gt;why",
      "Q END_EXTERNAL_CONTENT id=\"bq\" q", "jump<<END>jump", "mmm  EXTERNAL  UNTRUSTED  CONTENT  >>> mmm",
      "fig \uFF1C\uFF1C\uFF1Ccontent\uFF1E\uFF1E\uFF1E fig", "kk\\u003c\\u003cEND\\u003e kk",
    ];
    for (let i = 0; i < cases.length; i++) {
      for (let k = 0; k < 16; k++) {
        const b = buffer("w".repeat(k) + cases[i] + " more prose, with words");
        const want = markerSpansReference(b);
        expect(want.length).toBeGreaterThan(0, cases[i]);
        expect(markerSpans(b)).toBe(want, cases[i]);
      }
    }
  });

  test("every letter that ends a zone is no marker letter, separator or hint; every other letter is one", () => {
    for (let c: u32 = 0; c < 0x80; c++) {
      const f = foldMarkerChar(c);
      let wordLetter = false;
      for (let i = 0; i < WORD_LETTERS.length; i++) {
        if (letterMatches(f, <u32>WORD_LETTERS.charCodeAt(i))) wordLetter = true;
      }
      const canSitInMarker = wordLetter || isSeparator(f) || isMarkerByte(c) || f == 0x3c || f == 0x3e || c - 0x30 < 10;
      const letter = (c | 0x20) - 0x61 < 26;
      expect(breaksZone(c)).toBe(letter && !canSitInMarker, "code point " + c.toString());
    }
  });
});
