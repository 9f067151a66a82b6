// The walk looks a short name's info up with the key it made to look for a
// `/` (commandInfoKeyed, the name cache's probe inlined). Every view's info
// must be the table's answer for its name's basename, looked up without the
// cache: known names, paths, and random short names that evict each other.
import { ViewFlag } from "../../shell/syntax/nodes";
import { basenameOffset } from "../../shell/expand/argv";
import { lookupCommandInfo } from "../../shell/programs/names";
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
import { Script } from "../../shell/syntax/nodes";
import { XorShift } from "../xorshift";
import { WalkedScripts } from "./random-command";

const FRAGMENTS = [
  "git status", "rm -rf x", "sudo ls", "env X=1 nice ls", "/bin/sh -c ls", "xargs curl", "timeout 5 python3 x", "ls",
  "a", "ab", "abcdefgh", "abcdefghi", "rmx", "shh", "s", "r", "gi", "tar cf a *", "npm run x", "echo a/b", "./x/sh y",
];

/** Checks every view of s; returns how many had a known name. */
function check(s: Script, cmd: string): i32 {
  let known = 0;
  for (let v = 0; v < s.viewCount; v++) {
    if ((s.vFlags(v) & ViewFlag.NAME_DYNAMIC) != 0) continue;
    const a = s.viewArg(v, 0);
    const p = s.wordPtr(a), n = s.wordLen(a);
    const base = basenameOffset(p, n);
    const want = lookupCommandInfo(p + <usize>base, n - base);
    expect(s.vInfo(v)).toBe(want, cmd);
    if (want != 0) known++;
  }
  return known;
}

describe("a view's name info (keyed probe)", () => {
  test("is the uncached table's answer for 20,000 random short names that evict each other", () => {
    const random = new XorShift(0x165667b1);
    const p = new Parser();
    const w = new Walker(p);
    // A small alphabet so that names recur, collide in the cache's slots and are sometimes known (rm, sh, dd).
    const alphabet = "rmshdlgit";
    let known = 0;
    for (let round = 0; round < 20000; round++) {
      const n = 1 + <i32>(random.next() % 9);
      let cmd = "";
      for (let i = 0; i < n; i++) cmd += alphabet.charAt(<i32>(random.next() % <u32>alphabet.length));
      cmd += " x";
      const b = String.UTF8.encode(cmd, false);
      expect(p.parseTop(changetype<usize>(b), b.byteLength) && w.run()).toBe(true, cmd);
      known += check(p.script, cmd);
    }
    expect(known).toBeGreaterThan(100);
  });

  test("is the uncached table's answer for the name's basename (3,000 scripts)", () => {
    const scripts = new WalkedScripts(FRAGMENTS, 0xc2b2ae35);
    let known = 0, views = 0;
    while (scripts.next()) {
      known += check(scripts.p.script, scripts.cmd);
      views += scripts.p.script.viewCount;
    }
    expect(known).toBeGreaterThan(2000);
    expect(views - known).toBeGreaterThan(2000);
  });
});
