// ProgramFacts#reset leaves a list that is already empty alone: it must still empty every list and clear
// both flags whatever was recorded before, as the reset that set every length did. Seeded random rounds of
// code(), cd(), direct pushes to single lists and flags, each reset and compared with a fresh ProgramFacts,
// then refilled alike and compared again.
import { ProgramFacts } from "../../shell/programs/spec";
import { XorShift } from "../xorshift";

function listsEqual(a: i32[], b: i32[]): bool {
  if (a.length != b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] != b[i]) return false;
  return true;
}

function boolsEqual(a: bool[], b: bool[]): bool {
  if (a.length != b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] != b[i]) return false;
  return true;
}

function same(a: ProgramFacts, b: ProgramFacts): bool {
  return listsEqual(a.codeWord, b.codeWord) && listsEqual(a.codeOffset, b.codeOffset) &&
    listsEqual(a.codeLength, b.codeLength) && listsEqual(a.cdWord, b.cdWord) && listsEqual(a.cdOffset, b.cdOffset) &&
    boolsEqual(a.cdNested, b.cdNested) && listsEqual(a.order, b.order) && a.hiddenCode == b.hiddenCode &&
    a.codeFromStdin == b.codeFromStdin;
}

/** Some of what a program's rules record, chosen by the generator (also lists filled out of step). */
function fill(random: XorShift, f: ProgramFacts, steps: i32): void {
  for (let i = 0; i < steps; i++) {
    const r = random.next();
    const k = <i32>(r % 17);
    const a = <i32>((r >> 8) & 0xff), b = <i32>((r >> 16) & 0xff) - 1;
    if (k < 4) f.code(a, b, <i32>(r >> 24) - 128);
    else if (k < 8) f.cd(a - 1, b, (r & 0x100) != 0);
    else if (k == 8) f.hiddenCode = true;
    else if (k == 9) f.codeFromStdin = true;
    // One list alone (no rule does, but reset must not care which lists hold something).
    else if (k == 10) f.codeWord.push(a);
    else if (k == 11) f.codeOffset.push(a);
    else if (k == 12) f.codeLength.push(a);
    else if (k == 13) f.cdWord.push(a);
    else if (k == 14) f.cdOffset.push(a);
    else if (k == 15) f.cdNested.push((r & 0x200) != 0);
    else f.order.push(a);
  }
}

describe("ProgramFacts#reset", () => {
  test("empties every list and clears both flags, as a fresh one (2,000 rounds)", () => {
    const random = new XorShift(0x51ed270b);
    const f = new ProgramFacts();
    let filled = 0;
    for (let round = 0; round < 2000; round++) {
      const steps = <i32>(random.next() % 6); // 0: reset after nothing recorded, the common case
      fill(random, f, steps);
      if (!same(f, new ProgramFacts())) filled++;
      f.reset();
      expect(same(f, new ProgramFacts())).toBe(true, "round " + round.toString());
      // Refilled after the reset, it records what a fresh one records.
      const seed = random.next() | 1;
      const fresh = new ProgramFacts();
      fill(new XorShift(seed), f, 3);
      fill(new XorShift(seed), fresh, 3);
      expect(same(f, fresh)).toBe(true, "refill " + round.toString());
      f.reset();
    }
    expect(filled).toBeGreaterThan(1000);
  });
});
