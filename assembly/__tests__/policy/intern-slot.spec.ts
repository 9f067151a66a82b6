// InternSlot remembers the last string it was given and its id; it must give
// intern's answer every time. Seeded runs of literals, heap copies of them
// and fresh heap strings that go out of use between collections (so a new
// string may be allocated where an old one was), through one slot.
import { InternSlot, intern } from "../../policy/intern";
import { Code } from "../../policy/verdict";
import { XorShift } from "../xorshift";

const random = new XorShift(0x5107);

const LITERALS: StaticArray<string> = [Code.ALLOWED, Code.COMMAND_NOT_ALLOWED, "system.command.execute", "system.command.execute.v1",
  "data.file.read", "", "x"];

describe("InternSlot", () => {
  test("gives intern's id for 20,000 seeded literals, copies and short-lived heap strings", () => {
    const slot = new InternSlot();
    let fresh = 0;
    for (let round = 0; round < 20000; round++) {
      const r = random.next() % 4;
      let s: string;
      if (r == 0) s = LITERALS[<i32>(random.next() % <u32>LITERALS.length)];
      else if (r == 1) s = String.UTF8.decode(String.UTF8.encode(LITERALS[<i32>(random.next() % <u32>LITERALS.length)]));
      else {
        s = "cap." + (random.next() % 50).toString();
        fresh++;
      }
      // Repeats, as decisions repeat their code and capability.
      const times = 1 + <i32>(random.next() % 3);
      for (let k = 0; k < times; k++) expect(slot.get(s)).toBe(intern(s), s);
      if (round % 64 == 0) __collect();
    }
    expect(fresh).toBeGreaterThan(5000);
  });
});
