// The marker scan's shortcuts must never skip what the full matcher would fold (fold.ts, fence.ts):
// checked over every code point.
import { foldMarkerChar, couldFoldToE, couldFollowE, letterMatches, FOLD_SKIP } from "../../sanitize/fold";
import { leadMayFoldToE } from "../../sanitize/fence";
import { punctHint } from "../../sanitize/plainrun";

function leadByte(cp: u32): u32 {
  if (cp < 0x80) return cp;
  if (cp < 0x800) return 0xc0 | (cp >> 6);
  if (cp < 0x10000) return 0xe0 | (cp >> 12);
  return 0xf0 | (cp >> 18);
}

describe("marker folding shortcuts", () => {
  test("couldFoldToE is exactly the code points that fold to E, and their lead bytes pass the prefilter", () => {
    let mismatches = 0;
    let badLeads = 0;
    let es = 0;
    for (let cp: u32 = 0; cp < 0x110000; cp++) {
      if (cp - 0xd800 < 0x800) continue;
      const isE = foldMarkerChar(cp) == 0x45;
      if (isE) es++;
      if (isE != couldFoldToE(cp)) mismatches++;
      if (isE && cp >= 0x80 && !leadMayFoldToE(leadByte(cp))) badLeads++;
    }
    expect(mismatches).toBe(0);
    expect(badLeads).toBe(0);
    expect(es).toBeGreaterThan(40);
  });
  test("couldFollowE says yes for everything that folds to N or X or is skipped", () => {
    let missed = 0;
    for (let cp: u32 = 0; cp < 0x110000; cp++) {
      if (cp - 0xd800 < 0x800) continue;
      const f = foldMarkerChar(cp);
      if ((f == 0x4e || f == 0x58 || f == FOLD_SKIP) && !couldFollowE(cp)) missed++;
    }
    expect(missed).toBe(0);
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
