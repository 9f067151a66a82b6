// The walk takes a short command name without `/` as its own basename after
// one look at its key, and scans only other names for the last `/`. Every
// view's name info must be that of the basename basenameOffset finds: paths of
// every length around eight bytes, trailing slashes, and plain names.
import { ViewFlag } from "../../shell/syntax/nodes";
import { basenameOffset } from "../../shell/expand/argv";
import { commandInfo } from "../../shell/programs/names";
import { WalkedScripts } from "./random-command";

const FRAGMENTS = [
  "git status", "/bin/rm -rf x", "/bin/sh -c ls", "./sh x", "a/rm x", "rm/ x", "/rm", "bin/sudo ls", "/usr/bin/env X=1 nice ls",
  "sudo /bin/bash", "xargs /usr/bin/curl", "x/y/z/tar cf a *", "/a/bash", "ab/bash", "abc/bash", "/sbin/reboot",
  "sh/ -c id", "nohup ./x/python3 y", "/bin/../bin/rm -r /", "ls", "echo a/b",
];

describe("a view's name info", () => {
  test("is that of the name's basename (3,000 scripts)", () => {
    const scripts = new WalkedScripts(FRAGMENTS, 0x7f4a7c15);
    let paths = 0, names = 0;
    while (scripts.next()) {
      const s = scripts.p.script, cmd = scripts.cmd;
      for (let v = 0; v < s.viewCount; v++) {
        if ((s.vFlags(v) & ViewFlag.NAME_DYNAMIC) != 0) continue;
        const a = s.viewArg(v, 0);
        const np = s.wordPtr(a), n = s.wordLen(a);
        const base = basenameOffset(np, n);
        expect(s.vInfo(v)).toBe(commandInfo(np + <usize>base, n - base), cmd);
        if (base > 0) paths++; else names++;
      }
    }
    expect(paths).toBeGreaterThan(1000);
    expect(names).toBeGreaterThan(1000);
  });
});
