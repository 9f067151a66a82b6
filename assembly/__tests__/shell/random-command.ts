// Seeded random commands for the walk's differential specs: fragments that
// exercise one rule, joined by the shell's list and pipe operators, sometimes
// inside a subshell or a brace group.
import { XorShift } from "../xorshift";

const JOINS = ["; ", " && ", " || ", " | ", " & ", "\n"];

export function randomCommand(random: XorShift, fragments: string[], maxParts: i32 = 5): string {
  const parts = 1 + <i32>(random.next() % <u32>maxParts);
  let out = "";
  for (let i = 0; i < parts; i++) {
    if (i > 0) out += JOINS[<i32>(random.next() % <u32>JOINS.length)];
    let f = fragments[<i32>(random.next() % <u32>fragments.length)];
    const wrap = random.next() % 8;
    if (wrap == 0) f = "(" + f + ")";
    else if (wrap == 1) f = "{ " + f + "; }";
    out += f;
  }
  return out;
}
