// The walk marks a script that runs `alias` (Script#aliasGeneration), where the
// built-in checks looked for such a view. The mark must say exactly whether
// some view's id is alias: direct, behind wrappers, in payloads and
// substitutions, as a path, and in a script walked right after one with it.
import { Cmd, cmdId } from "../../shell/programs/names";
import { WalkedScripts } from "./random-command";

const FRAGMENTS = [
  "alias ll='ls -l'", "ls", "echo alias", "sudo alias x=y", "sh -c 'alias a=b'", "x=$(alias)", "/bin/alias", "aliases",
  "eval alias", "unalias x", "git status", "env alias", "'alias' x", "shopt -s expand_aliases",
];

describe("Script#aliasGeneration", () => {
  test("says whether some view runs alias (3,000 scripts)", () => {
    const scripts = new WalkedScripts(FRAGMENTS, 0x1b873593);
    let marked = 0, unmarked = 0;
    while (scripts.next()) {
      const s = scripts.p.script;
      let runs = false;
      for (let v = 0; v < s.viewCount; v++) if (cmdId(s.vInfo(v)) == Cmd.ALIAS) runs = true;
      expect(s.aliasGeneration == s.generation).toBe(runs, scripts.cmd);
      if (runs) marked++; else unmarked++;
    }
    expect(marked).toBeGreaterThan(1000);
    expect(unmarked).toBeGreaterThan(300);
  });
});
