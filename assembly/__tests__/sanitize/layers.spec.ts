import { run, runBytes, bytes, opts, noLayers, lastReport } from "./helpers";

describe("layer 1: invisible characters", () => {
  test("zero-width and friends are removed", () => {
    expect(run("a\u200Bb\u2060c\uFEFFd\u180Ee\u00ADf")).toBe("abcdef");
    expect(lastReport.invisible).toBe(5);
  });
  test("bidi embeddings, overrides and isolates are removed and flagged", () => {
    expect(run("abc\u202Egnp.exe\u202C \u2066x\u2069")).toBe("abcgnp.exe x");
    expect(lastReport.bidiOverride).toBe(true);
  });
  test("LRM/RLM are removed but do not raise bidi_override", () => {
    expect(run("a\u200Eb\u200Fc")).toBe("abc");
    expect(lastReport.bidiOverride).toBe(false);
  });
  test("Hangul fillers and stray variation selectors are removed", () => {
    expect(run("x\u3164y\uFFA0z\u115F")).toBe("xyz");
    expect(run("A\uFE0F B\uFE00")).toBe("A B");
  });
  test("variation selectors 17-256 (emoji smuggling) are removed", () => {
    expect(run("😀\u{E0100}\u{E0101}\u{E01EF}")).toBe("😀");
  });
  test("ZWJ inside emoji sequences is kept", () => {
    expect(run("👨\u200D👩\u200D👧\u200D👦")).toBe("👨\u200D👩\u200D👧\u200D👦");
    expect(run("❤\uFE0F\u200D🔥")).toBe("❤\uFE0F\u200D🔥");
    expect(run("👩🏽\u200D💻")).toBe("👩🏽\u200D💻");
    expect(lastReport.invisible).toBe(0);
  });
  test("ZWJ between plain letters is removed", () => {
    expect(run("ab\u200Dcd")).toBe("abcd");
  });
  test("ZWNJ/ZWJ between Persian and Indic letters are kept", () => {
    expect(run("می\u200Cخواهم")).toBe("می\u200Cخواهم");
    expect(run("क्\u200Dष")).toBe("क्\u200Dष");
    expect(run("ශ්\u200Dරී")).toBe("ශ්\u200Dරී");
  });
  test("ZWNJ at the edges or next to Latin is removed", () => {
    expect(run("\u200Cمی")).toBe("می");
    expect(run("a\u200Cb")).toBe("ab");
  });
  test("one emoji variation selector is kept, a second one is not", () => {
    expect(run("❤\uFE0F")).toBe("❤\uFE0F");
    expect(run("👍\uFE0F\uFE0F")).toBe("👍\uFE0F");
    expect(run("1\uFE0F\u20E3")).toBe("1\uFE0F\u20E3");
  });
  test("switched off, nothing is removed", () => {
    const o = opts();
    o.invisible = false;
    expect(run("a\u200Bb", o)).toBe("a\u200Bb");
  });
});

describe("layer 2: control characters", () => {
  test("CRLF and CR become LF", () => {
    expect(run("a\r\nb\rc\nd")).toBe("a\nb\nc\nd");
  });
  test("C0 (but tab and newline), DEL and C1 are removed", () => {
    expect(run("a\x00b\x07c\x1Bd\x7Fe\u0085f\u009Bg\th\ni")).toBe("abcdefg\th\ni");
    expect(lastReport.controls).toBe(6);
  });
  test("line and paragraph separators become LF", () => {
    expect(run("a\u2028b\u2029c")).toBe("a\nb\nc");
  });
  test("ANSI escape sequences lose their ESC", () => {
    expect(run("\x1B[31mred\x1B[0m")).toBe("[31mred[0m");
  });
  test("switched off, CR stays", () => {
    const o = opts();
    o.controls = false;
    expect(run("a\r\nb", o)).toBe("a\r\nb");
  });
});

describe("layer 3: format characters, noncharacters, malformed UTF-8", () => {
  test("other Cf characters are removed", () => {
    expect(run("a\u0600b\u06DDc\uFFF9d\u{110BD}e")).toBe("abcde");
    expect(lastReport.format).toBe(4);
  });
  test("noncharacters are removed", () => {
    expect(run("a\uFDD0b\uFFFEc\u{1FFFF}d\u{10FFFF}e")).toBe("abcde");
  });
  test("malformed UTF-8 becomes U+FFFD, one per maximal subpart", () => {
    expect(runBytes(bytes([0x61, 0xff, 0x62]))).toBe("a\uFFFDb");
    // CESU-8 surrogate: three replacement characters, as TextDecoder gives
    expect(runBytes(bytes([0xed, 0xa0, 0x80]))).toBe("\uFFFD\uFFFD\uFFFD");
    expect(runBytes(bytes([0xc0, 0xaf]))).toBe("\uFFFD\uFFFD");
    expect(runBytes(bytes([0xf4, 0x90, 0x80, 0x80]))).toBe("\uFFFD\uFFFD\uFFFD\uFFFD");
    expect(runBytes(bytes([0x61, 0xe2, 0x82]))).toBe("a\uFFFD");
    expect(lastReport.invalid).toBe(1);
  });
  test("a real U+FFFD is not counted as malformed", () => {
    expect(run("\uFFFD")).toBe("\uFFFD");
    expect(lastReport.invalid).toBe(0);
  });
  test("every byte value alone decodes without trapping", () => {
    // Whatever the byte, the ASCII after it survives: no byte swallows its neighbour.
    for (let b = 0; b < 256; b++) expect(runBytes(bytes([b, b, 0x41]), noLayers()).endsWith("A")).toBe(true);
  });
});

describe("layer 5: private use", () => {
  test("BMP and supplementary private use are removed", () => {
    expect(run("a\uE000b\uF8FFc\u{F0000}d\u{10FFFD}e")).toBe("abcde");
    expect(lastReport.privateUse).toBe(4);
  });
});

describe("layer 7: horizontal whitespace", () => {
  test("other space characters become plain spaces; runs, newlines and tabs stay", () => {
    expect(run("a   b\u00A0\u00A0c\u3000d\t\te\n\n  f")).toBe("a   b  c d\t\te\n\n  f");
    expect(lastReport.whitespace).toBe(3);
  });
  test("indentation keeps its meaning: Python, YAML, aligned columns", () => {
    expect(run("def f():\n    if x:\n        return 1")).toBe("def f():\n    if x:\n        return 1");
    expect(run("a:\n  b:\n    c: 1")).toBe("a:\n  b:\n    c: 1");
    expect(run("name    size\nfoo     12\nbarbaz  3")).toBe("name    size\nfoo     12\nbarbaz  3");
  });
  test("spaces and tabs at the end of a line or of the text go", () => {
    expect(run("a  \nb\t\n   \nc   ")).toBe("a\nb\n\nc");
    expect(lastReport.whitespace).toBe(9);
    expect(run("x".repeat(40) + "   \n" + "y".repeat(40) + " \t ")).toBe("x".repeat(40) + "\n" + "y".repeat(40));
    expect(run("a\u00A0\nb\u3000")).toBe("a\nb");
  });
  test("a single NBSP becomes a plain space", () => {
    expect(run("10\u00A0kg")).toBe("10 kg");
  });
  test("lists and tables keep their shape", () => {
    expect(run("- one\n- two\n\tnested\na\tb\tc")).toBe("- one\n- two\n\tnested\na\tb\tc");
  });
  test("switched off, spaces stay", () => {
    const o = opts();
    o.whitespace = false;
    expect(run("a   b  \n", o)).toBe("a   b  \n");
  });
});

describe("layer 1: joiners and variation selectors", () => {
  test("the Malayalam chillu ZWJ after a virama stays, also at the end of a word", () => {
    expect(run("\u0D28\u0D4D\u200D \u0D15\u0D4D\u200D")).toBe("\u0D28\u0D4D\u200D \u0D15\u0D4D\u200D");
    expect(run("ig\u200Dnore")).toBe("ignore");
  });
  test("a payload in variation selectors is removed, decoded and flagged like tag smuggling", () => {
    // "hi!" as VS17+ (byte b is U+E0100 + b - 16) after an emoji.
    expect(run("\u{1F600}\u{E0158}\u{E0159}\u{E0111} ok")).toBe("\u{1F600} ok");
    expect(lastReport.tagSmuggling).toBe(true);
    expect(lastReport.decodedTags).toBe("hi!");
  });
  test("one ideographic or emoji variation selector is no payload", () => {
    run("\u845B\u{E0100} \u2764\uFE0F");
    expect(lastReport.tagSmuggling).toBe(false);
  });
});

describe("pipeline", () => {
  test("plain ASCII passes through unchanged", () => {
    const s = "The quick brown fox jumps over the lazy dog. 0123456789 !\"#$%&'()*+,-./:;=?@[\\]^`{|}~";
    expect(run(s)).toBe(s);
  });
  test("empty input gives empty output", () => {
    expect(run("")).toBe("");
  });
  test("layers see what earlier layers left: CR, ZWSP, LF is one newline", () => {
    expect(run("a\r\u200B\nb")).toBe("a\nb");
  });
  test("removed characters leave the spaces around them as they were", () => {
    expect(run("a \u200B b")).toBe("a  b");
  });
  test("the ASCII fast path hands a pending base to NFC", () => {
    expect(run("cafe\u0301 ok")).toBe("café ok");
  });
  test("multilingual text is unchanged", () => {
    const s = "Привет, мир! 你好，世界。こんにちは。مرحبا بالعالم. नमस्ते। Ελληνικά. 한국어. Ça va?";
    expect(run(s)).toBe(s);
  });
  test("repeated calls give the same result", () => {
    const a = run("x\u200By   z\u{E0041}");
    const b = run("x\u200By   z\u{E0041}");
    expect(a).toBe(b);
  });
});
