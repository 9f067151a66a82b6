// The git row's describe hook reads git's global options in order: `-C dir` (where git, and any code its
// config runs, runs) and `-c key=value` whose value is shell code; other keys not known to be harmless are
// hidden code. The walk applies what it found in that order, as it did when the wrapper rule read them.
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
import { ProgramFacts, describeGit } from "../../shell/programs";

const p = new Parser();
const w = new Walker(p);
const facts = new ProgramFacts();

function walk(cmd: string): void {
  const b = String.UTF8.encode(cmd, false);
  expect(p.parseTop(changetype<usize>(b), b.byteLength) && w.run()).toBe(true, cmd);
}

function text(word: i32, off: i32): string {
  const s = p.script;
  return String.UTF8.decodeUnsafe(s.wordPtr(word) + <usize>off, <usize>(s.wordLen(word) - off));
}

/** What the hook finds in `cmd`'s first command, in order: `cd:a`, `code:id`, then `hidden` if so. */
function described(cmd: string): string {
  walk(cmd);
  const s = p.script;
  facts.reset();
  describeGit(s, 0, 0, s.cArgc(0), facts);
  const out: string[] = [];
  for (let k = 0; k < facts.order.length; k++) {
    const i = facts.order[k] >> 1;
    if ((facts.order[k] & 1) != 0) {
      out.push("cd:" + (facts.cdWord[i] < 0 ? "?" : text(facts.cdWord[i], facts.cdOffset[i])) + (facts.cdNested[i] ? "+" : ""));
    } else {
      out.push("code:" + text(facts.codeWord[i], facts.codeOffset[i]));
    }
  }
  if (facts.hiddenCode) out.push("hidden");
  return out.join(" ");
}

describe("git's describe hook", () => {
  test("directories and code in the order git reads them", () => {
    expect(described("git -C a -c alias.x='!id' -C b -c core.pager=less st")).toBe("cd:a code:id cd:b+ code:less");
    expect(described("git -ccore.sshCommand=ssh fetch")).toBe("code:ssh");
    expect(described("git -c credential.helper='!pass' push")).toBe("code:pass");
    expect(described("git -C")).toBe("cd:?");
  });

  test("keys that are not shell code", () => {
    expect(described("git -c alias.st=status st")).toBe(""); // a git alias
    expect(described("git -c user.name=x commit")).toBe("");
    expect(described("git -c credential.helper=store push")).toBe("");
    // Options after the subcommand are the subcommand's.
    expect(described("git log -c alias.x='!id'")).toBe("");
    expect(described("git --git-dir -c st")).toBe(""); // -c is --git-dir's value
  });

  test("code nobody can read", () => {
    expect(described("git -c filter.x.smudge=y st")).toBe("hidden");
    expect(described("git -c core.askpass st")).toBe("hidden");
    expect(described("git -c \"$X\" st")).toBe("hidden");
  });

  test("the walk records git's directories, then those of the code its config runs (walked after it)", () => {
    walk("git -C a -c alias.x='!cd q' -C b x");
    const s = p.script;
    const dirs: string[] = [];
    let cmds = "", scopes = "";
    for (let i = 0; i < s.cdWords.length; i++) dirs.push(text(s.cdWords.get(i), 0));
    for (let i = 0; i < s.cdCmds.length; i++) cmds += s.cdCmds.get(i).toString() + ",";
    for (let i = 0; i < s.cdTransient.length; i++) scopes += s.cdTransient.get(i).toString() + ",";
    // git (command 0) runs in a, then b relative to a (untracked); the alias's `cd q` is command 1's.
    expect(dirs.join(",") + " | " + cmds + " | " + scopes).toBe("a,b,q | 0,0,1, | 1,2,0,");
  });
});
