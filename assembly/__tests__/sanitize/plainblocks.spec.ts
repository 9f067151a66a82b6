// The plain-run scan takes printable ASCII eight bytes at a time (plainrun.ts scanPlainRun); the
// byte loop after it is the reference. Both must give the same text and report: the same inputs
// go through both, hand-picked edges (DEL, controls, spaces and tabs at block ends, a newline
// after spaces, hint bytes in every position) and thousands of generated texts whose pieces
// straddle the eight-byte blocks.
import { run, lastReport } from "./helpers";
import { setWordAtATime } from "../../sanitize/plainrun";
import { XorShift } from "../xorshift";

function summary(): string {
  const r = lastReport;
  return [r.invisible, r.controls, r.format, r.nfc, r.whitespace, r.invalid, r.escapedTags, r.markers].join(",")
    + (r.markerSpoof ? "M" : "") + (r.outputPrefixOfInput ? "P" : "");
}

/** "" when both ways agree, else the input and both results. */
function difference(text: string): string {
  setWordAtATime(false);
  const slow = run(text);
  const slowReport = summary();
  setWordAtATime(true);
  const fast = run(text);
  const fastReport = summary();
  if (fast != slow || fastReport != slowReport) return text + " => " + fast + " " + fastReport + " / " + slow + " " + slowReport;
  return "";
}

const PIECES: string[] = [
  "abcdefgh", "abc", "x", " ", "  ", "        ", "\t", "\n", " \n", "\t\n", "\x7f", "\x07", "\r\n", "<", ">", "_", "&", "%",
  "\\", "=", "[", "]", "|", "<system>", "<|im_start|>", "[INST]", "\n\nHuman:", "<<<EXTERNAL_UNTRUSTED_CONTENT>>>",
  "é", "e\u0301", "\u00a0", "\u200b", "日本", "😀", "\uFF1C", "word word ", "0123456789",
];

describe("the oracle build", () => {
  test("reads the toggle (compiled with ORACLES: npm run test:oracles)", () => {
    // Without ORACLES the scan never reads the toggle, and both runs would be the same code.
    expect(isDefined(ORACLES)).toBe(true);
  });
});

describe("plain ASCII eight bytes at a time", () => {
  test("edges at block boundaries", () => {
    const cases = [
      "", "abcdefg", "abcdefgh", "abcdefghi", "abcdefg ", "abcdefgh ", "abcdefg\x7f", "abcdefgh\x7fijklmnop", "abcdefg\n",
      "abcdef  \nghijklmn", "abcdefg \nhijklmnop", "        \n", "               x", "abcdefgh        ", "a\tb\tc\td\te\t",
      "abcdefg<system>hijklmn", "abcdefgh_ijklmnop", "abcdefghijklmno&", "abcdefgh\x1fijk", "abcdefgh\x80ijk", "abcdefghé",
      "abcdefg e\u0301", "abcdefgh\u00a0ijklmnop ", "abcdefgh \u200b ijklmnop",
    ];
    for (let i = 0; i < cases.length; i++) expect(difference(cases[i])).toBe("");
  });

  test("generated texts", () => {
    const rng = new XorShift(0xb10c);
    let failures = 0;
    let first = "";
    for (let round = 0; round < 4000; round++) {
      let text = "";
      const n = 1 + <i32>(rng.next() % 20);
      for (let k = 0; k < n; k++) text += PIECES[<i32>(rng.next() % <u32>PIECES.length)];
      const d = difference(text);
      if (d.length > 0) {
        if (failures == 0) first = d;
        failures++;
      }
    }
    expect(first).toBe("");
    expect(failures).toBe(0);
  });
});
