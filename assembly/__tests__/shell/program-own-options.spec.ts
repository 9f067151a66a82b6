// A program's own long options that spell the start of an option listed as running code (tar's `--checkpoint`
// against `--checkpoint-action`, npm's `--global` against `--globalconfig`) are not abbreviations of it. The
// lists of own options are made the first time a word matches a listed option, so the first answer for a
// program must already be the right one, and the same on every later ask.
import { programOptionOf } from "../../shell/hidden-code";
import { WalkedScripts } from "./random-command";

// [command, the word the option is at (-1: none)]; asked in this order, each program's first case first.
const CASES: string[] = [
  "tar --checkpoint=1 -cf a.tar x", "-1",
  "tar --checkpoint-act=exec=x -cf a.tar x", "1",
  "tar --checkp=1 -cf a.tar x", "1", // an abbreviation of both: not the own option spelt whole
  "tar --check=1 -cf a.tar x", "1",
  "npm ls --global", "-1",
  "npm ls --globalc=/tmp/rc", "2",
  "npm ls --globalconfig=/tmp/rc", "2",
  "npx --global x", "-1",
  "sort --compress-program=gzip f", "1",
  "sort -n f", "-1",
];

function answers(): string[] {
  const out: string[] = [];
  const commands: string[] = [];
  for (let i = 0; i < CASES.length; i += 2) commands.push(CASES[i]);
  const scripts = new WalkedScripts(commands, 1, commands.length);
  while (scripts.next()) {
    const s = scripts.p.script;
    const w = programOptionOf(s, 0);
    // The option's place among the command's words (argv index), or -1.
    let at = -1;
    for (let k = s.vStart(0); k < s.vEnd(0) && w >= 0; k++) if (s.arg(s.vCmd(0), k) == w) at = k - s.vStart(0);
    out.push(scripts.cmd);
    out.push(at.toString());
  }
  return out;
}

describe("a program's own options beside listed code options", () => {
  test("the first ask for each program answers right", () => {
    const got = answers();
    expect(got.length).toBe(CASES.length);
    for (let i = 0; i < CASES.length; i += 2) expect(got[i + 1]).toBe(CASES[i + 1], CASES[i]);
  });

  test("and every later ask the same", () => {
    const got = answers();
    for (let i = 0; i < CASES.length; i += 2) expect(got[i + 1]).toBe(CASES[i + 1], CASES[i]);
  });
});
