// flatten copies a command's leading arguments through locals while argv has
// room, then pushes the rest one by one. Every command's argv, redirection and
// assignment ranges must hold the words its word list has, of each kind, in
// order: here read back from the word rows, over scripts with redirections and
// assignments anywhere, function definitions, and commands long enough that
// argv grows in the middle of one.
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
import { CmdFlag, WordKind } from "../../shell/syntax/tokens";
import { Script } from "../../shell/syntax/nodes";
import { XorShift } from "../xorshift";
import { WalkedScripts } from "./random-command";

const FRAGMENTS = [
  "ls -la src", "a=1 b=2 ls x", "ls > f x < g", "2>&1 grep -rn x . >> log", "x=1", "> f", "f() { ls; }",
  "echo $(ls a) b > c", "cat <<EOF\nx\nEOF", "X=1 env Y=2 ls", "for i in a b; do echo $i > f; done", "ls x y z 2>/dev/null",
];

function expectRange(s: Script, c: i32, kind: i32, start: i32, n: i32, cmd: string): void {
  let k = 0;
  for (let w = s.cFirst(c); w >= 0; w = s.wNext(w)) {
    if (s.wordKind(w) != kind) continue;
    const list = kind == WordKind.ARG ? s.argvFlat : kind == WordKind.REDIR ? s.redirFlat : s.assignFlat;
    expect(k < n).toBe(true, cmd);
    if (k < n) expect(list.get(start + k)).toBe(w, cmd);
    k++;
  }
  expect(k).toBe(n, cmd);
}

function check(s: Script, cmd: string): void {
  for (let c = 0; c < s.commandCount; c++) {
    // A function definition's words are its name: no argv.
    if ((s.cFlags(c) & CmdFlag.FUNCDEF) != 0) expect(s.cArgc(c)).toBe(0, cmd);
    else expectRange(s, c, WordKind.ARG, s.cArgv(c), s.cArgc(c), cmd);
    expectRange(s, c, WordKind.REDIR, s.cRedir(c), s.cRedirN(c), cmd);
    expectRange(s, c, WordKind.ASSIGN, s.cAssign(c), s.cAssignN(c), cmd);
  }
}

describe("flatten", () => {
  test("fills every command's ranges with its words of each kind, in order (3,000 scripts)", () => {
    const scripts = new WalkedScripts(FRAGMENTS, 0x68e31da4);
    let count = 0;
    while (scripts.next()) { check(scripts.p.script, scripts.cmd); count++; }
    expect(count).toBeGreaterThan(2500);
  });

  test("fills them when argv grows inside a command (long commands, one fresh parser each)", () => {
    const random = new XorShift(0x1b873593);
    for (let round = 0; round < 80; round++) {
      // Up to 400 words, some redirections and assignments among the arguments: argv starts with room for 128.
      const words = 1 + <i32>(random.next() % 400);
      let cmd = random.next() % 2 == 0 ? "A=1 " : "";
      for (let i = 0; i < words; i++) {
        const r = random.next() % 16;
        cmd += r == 0 ? "> f" + i.toString() + " " : r == 1 ? "<g " : "w" + i.toString() + " ";
      }
      if (random.next() % 2 == 0) cmd += "; ls " + cmd;
      const p = new Parser();
      const w = new Walker(p);
      const b = String.UTF8.encode(cmd, false);
      expect(p.parseTop(changetype<usize>(b), b.byteLength) && w.run()).toBe(true, cmd);
      check(p.script, cmd);
    }
  });
});
