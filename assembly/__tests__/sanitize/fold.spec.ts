// The marker scan's shortcuts must never skip what the full matcher would fold (fold.ts, fence.ts):
// checked over every code point. And the fold follows Unicode's look-alike data (confusables.ts).
import { foldMarkerChar, couldStartWord, letterMatches, confusableOf, foldBracket, mayFoldToBracket } from "../../sanitize/fold";
import { punctHint } from "../../sanitize/plainrun";

function folds(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const cp = <u32>s.codePointAt(i);
    if (cp > 0xffff) i++;
    out += String.fromCharCode(foldMarkerChar(cp));
  }
  return out;
}

describe("marker folding", () => {
  test("couldStartWord is exactly the code points that fold to E, U, C or 3", () => {
    let mismatches = 0;
    let starts = 0;
    for (let cp: u32 = 0; cp < 0x110000; cp++) {
      if (cp - 0xd800 < 0x800) continue;
      const f = foldMarkerChar(cp);
      const want = f == 0x45 || f == 0x55 || f == 0x43 || f == 0x33;
      if (want) starts++;
      if (want != couldStartWord(cp)) mismatches++;
    }
    expect(mismatches).toBe(0);
    expect(starts).toBeGreaterThan(200);
  });
  test("mayFoldToBracket says yes for everything that folds to < > [ ] |", () => {
    let missed = 0;
    for (let cp: u32 = 0x80; cp < 0x110000; cp++) {
      if (cp - 0xd800 < 0x800) continue;
      const f = foldMarkerChar(cp);
      if ((f == 0x3c || f == 0x3e || f == 0x5b || f == 0x5d || f == 0x7c) && !mayFoldToBracket(cp)) missed++;
    }
    expect(missed).toBe(0);
  });
  test("letterlike symbols, Roman numerals, small capitals, stroke letters, superscripts, Cherokee, Lisu", () => {
    expect(folds("ℕℂℝℰ")).toBe("NCRE"); // ℕ ℂ ℝ ℰ
    expect(folds("ⅭⅮ")).toBe("CD"); // Ⅽ Ⅾ
    expect(folds("ꜱᴇɴ")).toBe("SEN"); // ꜱ ᴇ ɴ
    expect(folds("ĐŦ")).toBe("DT"); // Đ Ŧ
    expect(folds("ᴱᴺᴰ")).toBe("END"); // ᴱ ᴺ ᴰ
    expect(folds("ᎬᎢ")).toBe("ET"); // Cherokee Ꭼ Ꭲ
    expect(folds("ꓰꓔ")).toBe("ET"); // Lisu ꓰ ꓔ
    expect(folds("ＥＸ")).toBe("EX"); // fullwidth
    expect(folds("Ех")).toBe("EX"); // Cyrillic
  });
  test("look-alike brackets and bars", () => {
    expect(folds("⦑⦒≺≻＜‹")).toBe("<><><<");
    expect(folds("¦❘｜ǀ")).toBe("||||");
    expect(foldBracket(0x227a)).toBe(0x3c);
    expect(foldBracket(0x0415)).toBe(0);
  });
  test("ordinary letters of other scripts fold to nothing", () => {
    expect(confusableOf(0x0434)).toBe(0); // д
    expect(confusableOf(0x4e2d)).toBe(0); // 中
    expect(confusableOf(0x00df)).toBe(0); // ß
    expect(foldMarkerChar(0x200b)).toBe(1); // skipped
  });
  test("punctHint flags every character that reads as < > _ = (so the marker and tag passes run)", () => {
    let missed = 0;
    let flagged = 0;
    for (let cp: u32 = 0x80; cp < 0x110000; cp++) {
      if (cp - 0xd800 < 0x800) continue;
      const f = foldMarkerChar(cp);
      const want: u32 = f == 0x3c ? 3 : f == 0x3e || f == 0x5f || f == 0x3d ? 2 : 0;
      if (punctHint(cp) != want) missed++;
      if (want != 0) flagged++;
    }
    expect(missed).toBe(0);
    expect(flagged).toBeGreaterThan(50);
  });
  test("digits and signs stand for the letters people read them as", () => {
    expect(letterMatches(0x30, 0x4f)).toBe(true); // 0 O
    expect(letterMatches(0x37, 0x54)).toBe(true); // 7 T
    expect(letterMatches(0x4c, 0x49)).toBe(true); // l I
    expect(letterMatches(0x31, 0x4c)).toBe(true); // 1 L
    expect(letterMatches(0x30, 0x45)).toBe(false);
  });
});
