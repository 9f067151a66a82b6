// Seeded random commands for the walk's differential specs: fragments that
// exercise one rule, joined by the shell's list and pipe operators, sometimes
// inside a subshell or a brace group.
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
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

/**
 * Each fragment alone, then random commands of them, up to `rounds` in all; next() stops at each one
 * that parses and walks, with its text in `cmd`, its bytes in `bytes` and the result in `p.script`.
 */
export class WalkedScripts {
  p: Parser;
  w: Walker;
  cmd: string = "";
  bytes: ArrayBuffer = new ArrayBuffer(0);
  private random: XorShift;
  private round: i32 = 0;

  constructor(private fragments: string[], seed: u32, private rounds: i32 = 3000) {
    const p = new Parser();
    this.p = p;
    this.w = new Walker(p);
    this.random = new XorShift(seed);
  }

  next(): bool {
    while (this.round < this.rounds) {
      const r = this.round++;
      this.cmd = r < this.fragments.length ? this.fragments[r] : randomCommand(this.random, this.fragments);
      this.bytes = String.UTF8.encode(this.cmd, false);
      if (this.p.parseTop(changetype<usize>(this.bytes), this.bytes.byteLength) && this.w.run()) return true;
    }
    return false;
  }
}
