import { run, opts, noLayers, lastReport } from "./helpers";
import { UNICODE_VERSION } from "../../sanitize";

function nfc(s: string): string {
  const o = noLayers();
  o.nfc = true;
  return run(s, o);
}

describe("layer 4: NFC with embedded tables", () => {
  test("tables carry their Unicode version", () => {
    expect(UNICODE_VERSION.length).toBeGreaterThan(0);
  });
  test("base + combining mark composes", () => {
    expect(nfc("e\u0301")).toBe("\u00E9");
    expect(nfc("Cafe\u0301 re\u0301sume\u0301")).toBe("Café résumé");
    expect(lastReport.nfc).toBe(3);
  });
  test("marks are put in canonical order before composing", () => {
    expect(nfc("a\u0328\u0301")).toBe("\u0105\u0301");
    expect(nfc("a\u0301\u0328")).toBe("\u0105\u0301");
    expect(nfc("\u1E9B\u0323")).toBe("\u1E9B\u0323");
    expect(nfc("\u0071\u0307\u0323")).toBe("\u0071\u0323\u0307");
  });
  test("singletons and exclusions", () => {
    expect(nfc("\u212B")).toBe("\u00C5"); // ANGSTROM SIGN
    expect(nfc("\u2126")).toBe("\u03A9"); // OHM SIGN
    expect(nfc("\u0958")).toBe("\u0915\u093C"); // composition exclusion
    expect(nfc("\u0344")).toBe("\u0308\u0301"); // non-starter decomposition
    expect(nfc("\uF900")).toBe("\u8C48"); // CJK compatibility ideograph
  });
  test("Hangul jamo compose algorithmically", () => {
    expect(nfc("\u1100\u1161")).toBe("\uAC00");
    expect(nfc("\u1100\u1161\u11A8")).toBe("\uAC01");
    expect(nfc("\uAC00\u11A8")).toBe("\uAC01");
    expect(nfc("\uAC01\u11A8")).toBe("\uAC01\u11A8");
  });
  test("two-part vowels of Indic scripts compose", () => {
    expect(nfc("\u0B47\u0B3E")).toBe("\u0B4B");
    expect(nfc("\u0DD9\u0DCF")).toBe("\u0DDC");
  });
  test("text that is already NFC is untouched and not counted", () => {
    expect(nfc("Ça va très bien. 한국어 日本語")).toBe("Ça va très bien. 한국어 日本語");
    expect(lastReport.nfc).toBe(0);
  });
  test("a leading combining mark stays", () => {
    expect(nfc("\u0301abc")).toBe("\u0301abc");
  });
  test("a long run of marks is ordered stably and in linear time", () => {
    let s = "a";
    for (let i = 0; i < 2000; i++) s += "\u0316\u0301";
    const out = nfc(s);
    // á first (a + U+0301 composes past the lower-class U+0316), then 2000 U+0316, then 1999 U+0301
    expect(out.charCodeAt(0)).toBe(0xe1);
    expect(out.charCodeAt(1)).toBe(0x316);
    expect(out.charCodeAt(2000)).toBe(0x316);
    expect(out.charCodeAt(2001)).toBe(0x301);
    expect(out.length).toBe(4000);
  });
  test("NFC runs after invisible stripping: e ZWSP combining acute composes", () => {
    expect(run("e\u200B\u0301")).toBe("\u00E9");
  });
  test("private-use and tag characters come out before NFC, so what they split composes", () => {
    expect(run("\u1100\u{E0041}\u1161")).toBe("\uAC00");
    expect(run("e\uE000\u0301")).toBe("\u00E9");
    // and sanitizing twice gives the same text
    expect(run(run("\u1100\u{E0041}\u1161x\uE000\u0301"))).toBe(run("\u1100\u{E0041}\u1161x\uE000\u0301"));
  });
  test("switched off, decomposed text stays", () => {
    const o = opts();
    o.nfc = false;
    expect(run("e\u0301", o)).toBe("e\u0301");
  });
});
