// When the core flags its output as the input's first bytes, the binding hands back the input
// string (or its ASCII prefix) instead of decoding. A Uint8Array input always decodes, so the same
// text as bytes is the reference: both must give the same text and report.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { Sanitizer, type SanitizeOptions } from "../sanitize.ts";

const sanitizer = Sanitizer.createSync(readFileSync(new URL("../../build/sanitize.wasm", import.meta.url)));
const encoder = new TextEncoder();

function sameAsBytes(text: string, options?: SanitizeOptions): string {
  const fromString = sanitizer.sanitize(text, options);
  const fromBytes = sanitizer.sanitize(encoder.encode(text), options);
  expect(fromString.text).toBe(fromBytes.text);
  // The bytes path cannot see lone surrogates (TextEncoder wrote U+FFFD): compare the rest.
  expect({ ...fromString.report, invalid: 0 }).toEqual({ ...fromBytes.report, invalid: 0 });
  return fromString.text;
}

describe("output that is the input, or its prefix", () => {
  it("hands back the same text as decoding would, for unchanged, trimmed and changed inputs", () => {
    expect(sameAsBytes("plain ascii text\n\nmore")).toBe("plain ascii text\n\nmore");
    expect(sameAsBytes("trailing spaces   ")).toBe("trailing spaces");
    expect(sameAsBytes("trailing tab\t")).toBe("trailing tab");
    expect(sameAsBytes("Café 日本 👩🏽‍💻")).toBe("Café 日本 👩🏽‍💻");
    expect(sameAsBytes("Café trailing ")).toBe("Café trailing");
    expect(sameAsBytes("e\u0301 decomposed")).toBe("\u00e9 decomposed");
    expect(sameAsBytes("zero\u200Bwidth")).toBe("zerowidth");
    expect(sameAsBytes("a <system>b</system>")).toBe("a &lt;system&gt;b&lt;/system&gt;");
    expect(sameAsBytes("cut here", { maxLength: 3 })).not.toBe("cut here");
    expect(sameAsBytes("")).toBe("");
    expect(sameAsBytes("<p>html</p>", { html: true })).toBe("html");
  });

  it("never hands back a lone surrogate: the output has U+FFFD where the input had one", () => {
    const r = sanitizer.sanitize("a\uD800b");
    expect(r.text).toBe("a\uFFFDb");
    expect(r.report.invalid).toBe(1);
    expect(sanitizer.sanitize("\uDC00").text).toBe("\uFFFD");
    expect(sanitizer.sanitize("ab \uD800 ").text).toBe("ab \uFFFD");
  });

  it("hands back a long unchanged text whole", () => {
    const text = "an unchanged line of text. ".repeat(100) + "end";
    expect(sanitizer.sanitize(text).text).toBe(text);
  });

  it("agrees with the bytes path on generated text", () => {
    const alphabet = ["a", "b", " ", "  ", "\t", "\n", "<", "[", "|", "_", "é", "e\u0301", "\u00a0", "\u200b", "日", "😀",
      "\r\n", "\u0007", "<system>", "<|im_start|>", "\n\nHuman:", "&", "\uFFFD", "\uE000", "\u{E0041}"];
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8);
    for (let round = 0; round < 2000; round++) {
      let text = "";
      const n = next() % 12;
      for (let k = 0; k < n; k++) text += alphabet[next() % alphabet.length];
      sameAsBytes(text);
      sameAsBytes(text, { maxLength: 1 + (next() % 8) });
    }
  });
});
