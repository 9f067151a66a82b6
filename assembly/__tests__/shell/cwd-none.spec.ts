// CwdTracker returns at once when the script changes no directory. The full
// walk records one result per cd, pushd, popd, `env -C` or `git -C`, and none
// without them: the tracker must agree on scripts with and without them, in
// any order (a script with none right after one with some keeps nothing stale).
import { CdResult, CwdTracker } from "../../shell/interp/cwd";
import { WalkedScripts } from "./random-command";

const FRAGMENTS = [
  "ls -la", "git status", "echo cd", "cat cd.txt", "cd /tmp", "cd ..", "cd", "cd -", "pushd /srv", "popd", "cd \"$D\"",
  "env -C /etc ls", "git -C sub log", "for i in 1 2; do cd x; done", "f() { cd /; }", "sh -c 'cd /var && ls'",
  "grep -rn TODO src | head -n 20 > notes/todo.txt", "npm run build -- --prod", "x=1 y=2", "cd ~/work",
];

describe("CwdTracker with no directory change", () => {
  test("records exactly one result per directory change, and none without (3,000 scripts)", () => {
    const scripts = new WalkedScripts(FRAGMENTS, 0x2545f491);
    const p = scripts.p;
    const t = new CwdTracker();
    const cwd = String.UTF8.encode("/workspace", false), home = String.UTF8.encode("/home/u", false);
    let none = 0, some = 0;
    while (scripts.next()) {
      const cmd = scripts.cmd;
      t.run(p, changetype<usize>(cwd), cwd.byteLength, changetype<usize>(home), home.byteLength);
      const n = p.script.cdCmds.length;
      expect(t.count).toBe(n, cmd);
      expect(t.cdStart.length).toBe(n, cmd);
      expect(t.cdLen.length).toBe(n, cmd);
      for (let i = 0; i < n; i++) {
        const r = t.result.get(i);
        expect(r >= CdResult.OK && r <= CdResult.REPEATED).toBe(true, cmd);
      }
      if (n == 0) none++; else some++;
    }
    // Both sides of the fast path are exercised.
    expect(none).toBeGreaterThan(300);
    expect(some).toBeGreaterThan(300);
  });
});
