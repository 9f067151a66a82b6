// Differential spec of the sanitizer's sixteen-byte scans (wasm SIMD) against the code they replace:
//   plainrun.ts, printable ASCII blocks        vs its byte loop             (setWordAtATime(false))
//   escape.ts, the skip to the next '<'        vs the character loop        (setEscapeWindowSkip(false))
//   template.ts, windows and line-break runs   vs templateSpansReference    (every character to the matcher)
//   markerzone.ts, the hint windows            vs markerSpansReference      (every word start to the matcher)
// sanitize()'s text and report must be the same both ways, and so must the spans. Inputs: every special
// byte or sequence at offsets 0-47 of plain filler (every position mod 16, at the start, in the middle and
// as the last bytes of the text), runs of them that cross a 16-byte boundary, UTF-8 sequences split across
// it, generated texts of every length 0-64, and longer generated texts of pieces.
import { ByteBuffer } from "../../util/bytes";
import { run, lastReport } from "./helpers";
import { setWordAtATime } from "../../sanitize/plainrun";
import { setEscapeWindowSkip } from "../../sanitize/escape";
import { templateSpans, templateSpansAsciiOpeners, templateSpansReference } from "../../sanitize/template";
import { markerSpans, markerSpansReference } from "../../sanitize/fence";
import { XorShift } from "../xorshift";

const FILLER = "the agent read webassembly docs and wrote context notes about tool results ok";

const SPECIALS: string[] = [
  "<", ">", "[", "]", "_", "&", "%", "\\", "=", "|", "?", "'", "$", "^", "\n", "\t", " ", "  ", "\x7f", "\x01", "\r",
  "\r\n", "  \n", " \t\n", "\n\n", "\n\nHuman:", "\nHuman:", "\n\n human:", "\n\nAssistant :", "\n\n\nHuman:", "\n\n\n\nx",
  "\n\nH", "\n\na", "\n\u200B\nHuman:", "\n\n\u0397uman:", "<system>", "</ system>", "<|im_start|>", "[INST]", "[/inst]",
  "</s><s>", "<<<EXTERNAL_UNTRUSTED_CONTENT>>>", "<<<END_EXTERNAL_UNTRUSTED_CONTENT>>>", "&lt;system&gt;", " id=\"x\"",
  "\u00E9", "\u65E5", "\uD83D\uDE00", "\uFF1C", "\uFF1Csystem\uFF1E", "\u2039", "\u200B", "\u00A0", "e\u0301", "\u0301",
  "\uFF3B", "\u3010", "\uE000", "\uDB40\uDC41",
  // runs that cross a 16-byte boundary from most offsets
  "<<<<<<<<<<<<<<<<<<<<", "\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n", "                    ", "____________________",
  "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t", "[[[[[[[[[[[[[[[[[[[[", "\u65E5\u672C\u8A9E\u65E5\u672C\u8A9E\u65E5\u672C",
  "\u00E9\u00E9\u00E9\u00E9\u00E9\u00E9\u00E9\u00E9\u00E9\u00E9\u00E9", "\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00",
  "a b c d e f g h i j k l m n o p q r s ", "x                 \ny",
];

// Pieces of one to four bytes for the texts of every length: ASCII specials, letters, and each UTF-8 length.
const CHARS: string[] = [
  "a", "e", "u", "c", "n", "d", "x", "t", "H", "h", "A", "s", " ", " ", "\t", "\n", "<", ">", "[", "]", "|", "_", "&", "%",
  "=", "\\", "/", "\x7f", "\x00", "\u00E9", "\u00A0", "\u0301", "\u65E5", "\uFF1C", "\u200B", "\u2039", "\uD83D\uDE00",
];

function buffer(s: string): ByteBuffer {
  const b = new ByteBuffer(s.length * 3 + 16);
  b.appendString(s);
  return b;
}

function isAscii(s: string): bool {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}

function summary(): string {
  const r = lastReport;
  return [r.invisible, r.controls, r.format, r.nfc, r.whitespace, r.invalid, r.escapedTags, r.markers, r.outputBytes].join(",")
    + (r.markerSpoof ? "M" : "") + (r.outputPrefixOfInput ? "P" : "") + (r.tagSmuggling ? "T" : "");
}

/** "" when every scan agrees with the code it replaces on text, else what differs. */
function difference(text: string): string {
  setWordAtATime(false);
  setEscapeWindowSkip(false);
  const slow = run(text) + " " + summary();
  setWordAtATime(true);
  setEscapeWindowSkip(true);
  const fast = run(text) + " " + summary();
  if (fast != slow) return "sanitize " + text + " => " + fast + " / " + slow;
  const b = buffer(text);
  const reference = templateSpansReference(b);
  const spans = templateSpans(b);
  if (spans != reference) return "template " + text + " => " + spans + " / " + reference;
  // The ASCII-openers mode is only chosen for texts without a non-ASCII '<' or '[' look-alike.
  if (isAscii(text)) {
    const ascii = templateSpansAsciiOpeners(b);
    if (ascii != reference) return "template (ASCII openers) " + text + " => " + ascii + " / " + reference;
  }
  const markers = markerSpans(b);
  const markersReference = markerSpansReference(b);
  if (markers != markersReference) return "markers " + text + " => " + markers + " / " + markersReference;
  return "";
}

/** Runs difference over texts; the first failure and the count. */
class Tally {
  failures: i32 = 0;
  first: string = "";
  cases: i32 = 0;
  check(text: string): void {
    this.cases++;
    const d = difference(text);
    if (d.length > 0) {
      if (this.failures == 0) this.first = d;
      this.failures++;
    }
  }
}

describe("the oracle build", () => {
  test("reads the toggles (compiled with ORACLES: npm run test:oracles)", () => {
    expect(isDefined(ORACLES)).toBe(true);
  });
});

describe("sixteen-byte scans against the code they replace", () => {
  test("every special at every offset mod 16, with the text ending at it or after it", () => {
    const t = new Tally();
    const tails: i32[] = [0, 1, 15, 16, 17, 40];
    for (let s = 0; s < SPECIALS.length; s++) {
      for (let off = 0; off < 48; off++) {
        for (let k = 0; k < tails.length; k++) {
          t.check(FILLER.substring(0, off) + SPECIALS[s] + FILLER.substring(off, off + tails[k]));
        }
      }
    }
    expect(t.first).toBe("");
    expect(t.failures).toBe(0);
    expect(t.cases).toBe(SPECIALS.length * 48 * 6);
  });

  test("two specials in one window or either side of a boundary", () => {
    const t = new Tally();
    const rng = new XorShift(0x516d);
    for (let round = 0; round < 3000; round++) {
      const a = SPECIALS[<i32>(rng.next() % <u32>SPECIALS.length)];
      const b = SPECIALS[<i32>(rng.next() % <u32>SPECIALS.length)];
      const off = <i32>(rng.next() % 40);
      const gap = <i32>(rng.next() % 20);
      t.check(FILLER.substring(0, off) + a + FILLER.substring(off, off + gap) + b + FILLER.substring(0, <i32>(rng.next() % 20)));
    }
    expect(t.first).toBe("");
    expect(t.failures).toBe(0);
  });

  test("generated texts of every length 0-64 (one- to four-byte characters)", () => {
    const t = new Tally();
    const rng = new XorShift(0x1e16);
    for (let n = 0; n <= 64; n++) {
      for (let round = 0; round < 40; round++) {
        let text = "";
        let bytes = 0;
        while (bytes < n) {
          // Mostly letters, so the windows fill with plain ASCII and stop at the rest.
          const c = rng.next() % 3 == 0 ? CHARS[<i32>(rng.next() % <u32>CHARS.length)] : FILLER.charAt(<i32>(rng.next() % <u32>FILLER.length));
          text += c;
          bytes += String.UTF8.byteLength(c);
        }
        t.check(text);
      }
    }
    expect(t.first).toBe("");
    expect(t.failures).toBe(0);
  });

  test("longer generated texts of specials and filler", () => {
    const t = new Tally();
    const rng = new XorShift(0xa5c11);
    for (let round = 0; round < 1500; round++) {
      let text = "";
      const n = 1 + <i32>(rng.next() % 12);
      for (let k = 0; k < n; k++) {
        text += FILLER.substring(0, <i32>(rng.next() % 33));
        text += SPECIALS[<i32>(rng.next() % <u32>SPECIALS.length)];
      }
      t.check(text);
    }
    expect(t.first).toBe("");
    expect(t.failures).toBe(0);
  });
});
