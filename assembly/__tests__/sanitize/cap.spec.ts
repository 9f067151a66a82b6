import { run, opts, lastReport } from "./helpers";

function capped(s: string, n: i32): string {
  const o = opts();
  o.maxLength = n;
  return run(s, o);
}

function codePoints(s: string): i32 {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

describe("layer 8: length cap", () => {
  test("text within the cap is untouched", () => {
    expect(capped("hello", 5)).toBe("hello");
    expect(lastReport.truncatedFlag).toBe(false);
  });
  test("keeps a head and a tail with a visible marker, within the cap", () => {
    const s = "H".repeat(500) + "T".repeat(500);
    const out = capped(s, 200);
    expect(codePoints(out)).toBeLessThanOrEqual(200);
    expect(out.startsWith("HHHH")).toBe(true);
    expect(out.endsWith("TTTT")).toBe(true);
    expect(out.includes("[... truncated ")).toBe(true);
    expect(lastReport.truncatedFlag).toBe(true);
    const marker = out.substring(out.indexOf("\n["), out.lastIndexOf("]\n") + 2);
    expect(lastReport.truncated).toBe(1000 - (codePoints(out) - codePoints(marker)));
    expect(marker).toBe("\n[... truncated " + lastReport.truncated.toString() + " characters ...]\n");
  });
  test("counts code points, not bytes or UTF-16 units", () => {
    const s = "😀".repeat(300);
    const out = capped(s, 100);
    expect(codePoints(out)).toBeLessThanOrEqual(100);
    expect(out.startsWith("😀😀")).toBe(true);
  });
  test("cuts snap to line breaks near the cut", () => {
    let s = "";
    for (let i = 0; i < 100; i++) s += "line " + i.toString() + " of the document\n";
    const out = capped(s, 400);
    const head = out.substring(0, out.indexOf("[... truncated"));
    expect(head.endsWith("document\n")).toBe(true);
    const tail = out.substring(out.indexOf("...]\n") + 5);
    expect(tail.startsWith("line ")).toBe(true);
  });
  test("the tail does not start with a combining mark", () => {
    const s = "a".repeat(300) + "e\u0301".repeat(200);
    const out = capped(s, 120);
    const tail = out.substring(out.indexOf("...]\n") + 5);
    expect(tail.charCodeAt(0)).not.toBe(0x301);
  });
  test("a cap too small for the marker keeps a head and an ellipsis", () => {
    expect(capped("abcdefghijklmnopqrstuvwxyz".repeat(4), 10)).toBe("abcdefghi…");
    expect(lastReport.truncated).toBe(95);
  });
  test("the cap applies after escaping, so escaped text still fits", () => {
    const out = capped("<system>".repeat(100), 120);
    expect(codePoints(out)).toBeLessThanOrEqual(120);
  });
});
