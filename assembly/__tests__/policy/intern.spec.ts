// intern caches the ids of static strings by address in a small direct-mapped
// table; whatever the slots, a string must always get the id of its text, the
// same for the literal and for a heap copy of it. Seeded interleavings of
// many literals (more than the table has slots, so slots are shared) and copies.
import { intern, internedString } from "../../policy/intern";
import { Code } from "../../policy/verdict";
import { XorShift } from "../xorshift";

const random = new XorShift(0x171e2);

const LITERALS: StaticArray<string> = [Code.ALLOWED, Code.TOOL_NOT_ALLOWED, Code.INVALID_CONTEXT, Code.APPROVAL_REQUIRED,
  Code.PRIVATE_IP_BLOCKED, "system.command.execute", "mcp.tool.execute", "data.file.read", "data.file.write", "web.fetch",
  "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x",
  "y", "z", "aa", "bb", "cc", "dd", "ee", "ff", "gg", "hh", "ii", "jj", "kk", "ll", "mm", "nn", "oo", "pp", "qq", "rr",
  "ss", "tt", "uu", "vv", "ww", "xx", "yy", "zz", "intern-spec-1", "intern-spec-2", "intern-spec-3", "intern-spec-4",
  "intern-spec-5", "intern-spec-6", "intern-spec-7", "intern-spec-8"];

describe("intern", () => {
  test("every literal and every heap copy gets the id of its text, over 20,000 seeded calls", () => {
    const ids = new StaticArray<i32>(LITERALS.length);
    for (let i = 0; i < LITERALS.length; i++) {
      ids[i] = intern(LITERALS[i]);
      expect(internedString(ids[i])).toBe(LITERALS[i]);
    }
    for (let round = 0; round < 20000; round++) {
      const i = <i32>(random.next() % <u32>LITERALS.length);
      const copy = random.next() % 4 == 0 ? String.UTF8.decode(String.UTF8.encode(LITERALS[i])) : LITERALS[i];
      expect(intern(copy)).toBe(ids[i], LITERALS[i]);
    }
  });
});
