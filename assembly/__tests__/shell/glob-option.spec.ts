// The walk asks whether a glob or a computed word can turn into a code-running
// option (ViewFlag.GLOB_OPTION) only when the script has a word that is not its
// own text. Every view must carry the flag exactly when the full test
// (globOptionRisk) says so: scripts with globs, braces and expansions in any
// position, and plain ones, through wrappers and payloads.
import { globOptionRisk } from "../../shell/interp/walk";
import { ViewFlag } from "../../shell/syntax/nodes";
import { WalkedScripts } from "./random-command";

const FRAGMENTS = [
  "tar cf x.tar *", "tar cf x.tar -- *", "sed -i s/a/b/ *.txt", "sed -i s/a/b/ \"$f\"", "sed -n p $F", "git grep x *",
  "git status *", "git push ?", "npm test [ab]*", "ls *", "sort *", "rg x -- *", "rsync * dst/", "zip x.zip *",
  "make *", "echo $X", "cat {a,b}", "sudo tar cf x *", "xargs sed -e x", "find . -exec sed -i s/x/y/ {} +",
  "git status", "npm run build -- --prod", "env sort ./*", "sh -c 'tar cf y *'", "tar c{f,z} x", "GZIP=x tar cf x \"*\"",
  "sed -e 1d -- $f", "nice -n 5 rg -e x ?", "git -C d rebase *", "tee log.txt",
];

describe("GLOB_OPTION", () => {
  test("is set on exactly the views the full test flags (3,000 scripts)", () => {
    const scripts = new WalkedScripts(FRAGMENTS, 0x1b873593);
    let flagged = 0, plain = 0;
    while (scripts.next()) {
      const s = scripts.p.script, cmd = scripts.cmd;
      for (let v = 0; v < s.viewCount; v++) {
        if ((s.vFlags(v) & ViewFlag.NAME_DYNAMIC) != 0) continue;
        const want = globOptionRisk(s, s.vCmd(v), s.vStart(v), s.vEnd(v), s.vInfo(v));
        expect((s.vFlags(v) & ViewFlag.GLOB_OPTION) != 0).toBe(want, cmd);
        if (want) flagged++; else plain++;
      }
    }
    expect(flagged).toBeGreaterThan(1000);
    expect(plain).toBeGreaterThan(1000);
  });
});
