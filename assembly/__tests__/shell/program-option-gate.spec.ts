// programOption is inlined up to a look at the view's id (the ids
// programOptions has a list for). It must answer as programOptionOf, which
// always asks the lists: every command with program options, each spelling
// and abbreviation, behind wrappers, and commands without any.
import { programOption, programOptionOf } from "../../shell/hidden-code";
import { WalkedScripts } from "./random-command";

const FRAGMENTS = [
  "npm test --script-shell=/tmp/x", "npm run x --scr=y", "npx --node-options=x y", "pnpm i --userconfig f", "npm run build",
  "tar --to-com=x -xf a", "tar --checkpoint=1 cf a x", "tar --use-compress-program x cf a", "tar cf a.tar x",
  "sort --compress-program=gzip f", "sort --comp=x f", "sort -n f", "rg --pre x y", "rg --pr x y", "rg -n x",
  "make --eval='x'", "make SHELL=/bin/x", "make -E x", "make -f - all", "make all", "git ls-remote --upload-pack=x h",
  "git rebase --exec id", "git rebase --ex id", "git grep -Ox y", "git -c a=b status", "git status", "git push --rec=x",
  "go test -exec prog", "go build -toolexec=x", "go vet --vettool x", "go build .", "ls --pre x", "echo --exec x",
  "grep --pre x", "sudo npm test --script-shell=x", "xargs sort --compress-program=x", "env make --eval=x", "yarn --editor=x",
];

describe("programOption's id gate", () => {
  test("answers as programOptionOf for every view (3,000 scripts)", () => {
    const scripts = new WalkedScripts(FRAGMENTS, 0x85ebca6b);
    let found = 0, none = 0;
    while (scripts.next()) {
      const s = scripts.p.script;
      for (let v = 0; v < s.viewCount; v++) {
        const want = programOptionOf(s, v);
        expect(programOption(s, v)).toBe(want, scripts.cmd);
        if (want >= 0) found++; else none++;
      }
    }
    expect(found).toBeGreaterThan(2000);
    expect(none).toBeGreaterThan(2000);
  });
});
