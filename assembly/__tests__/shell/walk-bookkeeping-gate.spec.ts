// The walk calls bookkeeping only for names it has a case for (BOOKKEEPING in
// walk.ts, and interpreters). A walk that calls it for every view with name
// info must leave the same tables: views, argv (npm and chmod rewrite words),
// variables set, directories entered, arithmetic words and names.
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
import { IntList, Script } from "../../shell/syntax/nodes";
import { WalkedScripts } from "./random-command";

const FRAGMENTS = [
  "test -v 'a[$(id)]'", "[ -v x ]", "unset 'a[$(id)]'", "npm run build", "npm i x", "/usr/bin/npm pub", "pnpm t",
  "chmod 0777 f", "chmod a+rwx f", "tar -C /tmp -xf a.tar", "make -C sub all", "declare -n r=x", "local -i n=1",
  "export A=1", "let 'x = 1'", "read -r a b", "read x <<< 'a[$(id)]'", "printf -v v '%s' 1", "mapfile -C cb -c 1 arr",
  "getopts ab opt", "cd /tmp", "pushd +1", "pushd /x", "popd", "source /dev/stdin", "source <(echo id)", ". f",
  "python3", "python3 -c 1", "perl -", "node x.js", "bash -s", "git status", "git -C /x log", "echo hi", "tee f",
  "ls -la", "grep -rn x src", "sudo npm run x", "env cd /", "xargs chmod 777", "find . -exec chmod 777 {} ;",
  "timeout 5 read x", "nice make -C d", "eval 'cd /etc'", "sh -c 'export X=1'", "x=1 y=2", "cat f | python3",
  "sed -n p f", "awk 1 f", "rm -rf x", "cp a b", "curl -s u", "env -C /tmp ls",
];

function list(l: IntList): string {
  let out = "";
  for (let i = 0; i < l.length; i++) out += l.get(i).toString() + ",";
  return out + ";";
}

function text(s: Script, w: i32): string {
  return w < 0 ? w.toString() : String.UTF8.decodeUnsafe(s.wordPtr(w), <usize>s.wordLen(w), false);
}

/** The tables the walk fills, as text. */
function digest(s: Script): string {
  let out = s.commandCount.toString() + "/" + s.wordCount.toString() + "/" + s.viewCount.toString() + ":";
  for (let v = 0; v < s.viewCount; v++) {
    out += s.vCmd(v).toString() + " " + s.vStart(v).toString() + " " + s.vEnd(v).toString() + " " +
      s.vParent(v).toString() + " " + s.vFlags(v).toString() + " " + s.vInfo(v).toString() + "|";
  }
  for (let i = 0; i < s.argvFlat.length; i++) out += text(s, s.argvFlat.get(i)) + " ";
  out += list(s.envWords) + list(s.envCmds) + list(s.cdCmds) + list(s.cdTransient) + list(s.arithWords) +
    list(s.dynNames) + list(s.intNames) + list(s.namerefs);
  for (let i = 0; i < s.cdWords.length; i++) out += text(s, s.cdWords.get(i)) + ",";
  return out;
}

describe("the oracle build", () => {
  test("reads the toggle (compiled with ORACLES: npm run test:oracles)", () => {
    // Without ORACLES the core never reads gated, and both runs below would be the same code.
    expect(isDefined(ORACLES)).toBe(true);
  });
});

describe("the walk's bookkeeping gate", () => {
  test("leaves the tables a walk with bookkeeping for every named view leaves (3,000 scripts)", () => {
    const scripts = new WalkedScripts(FRAGMENTS, 0x2545f491);
    const p = new Parser();
    const full = new Walker(p);
    full.gated = false;
    let changed = 0;
    while (scripts.next()) {
      const cmd = scripts.cmd, b = scripts.bytes;
      expect(p.parseTop(changetype<usize>(b), b.byteLength) && full.run()).toBe(true, cmd);
      const want = digest(p.script);
      expect(digest(scripts.p.script)).toBe(want, cmd);
      // Scripts where bookkeeping did something: a variable, a directory, a rewritten word or arithmetic.
      if (p.script.envWords.length + p.script.cdCmds.length + p.script.arithWords.length > 0) changed++;
    }
    expect(changed).toBeGreaterThan(1500);
  });
});
