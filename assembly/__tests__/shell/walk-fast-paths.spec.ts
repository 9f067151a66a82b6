// The walker's fast paths answer as the code they replace (walk-before.ts):
// the state builtins tested by length and first byte, writes-then-runs that
// compares a written file only with the views that could run or load it, and
// the name table probed by whole hash. Random scripts of fragments that hit
// every rule and many near misses, and every name of every program row.
import { isStateBuiltin } from "../../shell/interp/state-builtins";
import { summaryOfViews, writtenThenRun } from "../../shell/interp/writes-then-runs";
import { viewBits } from "../../shell/interp/view-summary";
import { commandInfo, pathInfo } from "../../shell/programs/names";
import { basenameOffset, indexOf } from "../../shell/expand/argv";
import { programRows, rowOf } from "../../shell/programs";
import { resetWork, workSpent } from "../../util/budget";
import {
  basenameOffsetBefore, commandInfoBefore, indexOfBefore, isStateBuiltinBefore, rowIndexBefore, viewBitsBefore,
  writtenThenRunBefore,
} from "./walk-before";
import { WalkedScripts } from "./random-command";
import { XorShift } from "../xorshift";

const BUILTINS = [
  "cd", "cd /tmp", "set -e", "set -euo pipefail", "set +x", "set -o posix", "set -o", "set", "set -- a", "wait", "wait -n",
  "wait -p X", "wait %1 12", "test -f x", "[ -d x ]", "true", "false", ":", "exit 1", "return", "shift", "popd", "pushd x",
  "unset X", "unset -v a", "unset 'a[$(id)]'", "export A=1", "export -n A", "export \"$X\"", "export A[1]=x", "CD x", "Cd x",
  "TRUE", "./cd x", "/bin/true", "\"$c\" x", "c\\d x", "ec x", "exi", "expor A", "setx", "tests", "retur", "returns", "echo x",
  "ls", "git status", "{cd,x}", "t* x", "[[ -f x ]]", "exit", "popdx", "pushd", "unseT X", "exporT A", "Wait", "shifts", "sets -e",
  "e", "p", "t", "s", "  ", "'' x", "\"\" x", "[", "]", "::", "wai", "wait -pX", "sudo cd x", "env true", "xargs -n1 exit",
];

const WRITES = [
  "echo x > f", "bash f", "sh ./f", ". f", "source ./f", "./f", "/tmp/f", "echo > /tmp/f", "echo > .git/config", "git log",
  "echo > package.json", "npm test", "npx x", "tee Makefile", "make", "cp a GNUmakefile", "mv a .npmrc", "npm pkg set scripts.t=x",
  "npm pkg get name", "npm set-script x y", "npm ci", "echo > .gitattributes", "echo >> ~/.config/git/config", "tee -a .yarnrc.yml",
  "echo > notes/todo.txt", "ls -la", "grep x src | head", "echo x > \"$F\"", "sh -c 'x'", "echo > a/git/x", "echo > git/configx",
  "echo > xgit/config", "echo > git/confi", "bash -x f", "echo > ./f", "tee ././f", "cp x ./f", "echo > .gitmodules",
  "echo > .gitconfig", "echo > pkg/package.json", "echo > .pnpmfile.cjs", "echo > .yarnrc", "echo > makefile", "tee mAkefile",
  "echo > .git/hooks/pre-commit", "git commit", "sudo ./f", "env sh f", "echo > Package.json", "tee -a log", "echo 2> f",
  "echo &> f", "echo &>> f", "echo <> f", "echo >| f", "echo >> f", "x/./f", "sh -c f", "echo > '.git/'", "cat f | sh",
  "echo > a.git/x", "echo >.gitconfigs", "echo > G", "echo > .yarnrc.ymlx", "time bash ./f", "echo > /x/.npmrc",
  // Several redirections to a command, and on compound commands (redirFlat read in one pass), writers among others.
  "echo > a 2>> ./f", "cat < f > g", "{ echo; } > ./f", "( echo ) >> .npmrc", "f() { echo; } > Makefile", "mv a b f",
  "cp -t d f", "tee", "echo $(echo > f) > g", "sh -c 'echo > f'",
];

describe("isStateBuiltin by length and first byte", () => {
  test("answers as before for every view (3,000 scripts)", () => {
    const scripts = new WalkedScripts(BUILTINS, 0x2545f491);
    let yes = 0, no = 0;
    while (scripts.next()) {
      const s = scripts.p.script;
      for (let v = 0; v < s.viewCount; v++) {
        const want = isStateBuiltinBefore(s, v);
        expect(isStateBuiltin(s, v)).toBe(want, scripts.cmd);
        if (want) yes++; else no++;
      }
    }
    expect(yes).toBeGreaterThan(2000);
    expect(no).toBeGreaterThan(2000);
  });
});

describe("writtenThenRun, comparing only with views that run or load", () => {
  test("answers as before, message and budget charge alike (4,000 scripts)", () => {
    const scripts = new WalkedScripts(WRITES, 0x9e3779b9, 4000);
    let found = 0, none = 0;
    while (scripts.next()) {
      const s = scripts.p.script;
      resetWork();
      const want = writtenThenRunBefore(s);
      const charged = workSpent();
      resetWork();
      expect(writtenThenRun(s)).toBe(want, scripts.cmd);
      expect(workSpent()).toBe(charged, scripts.cmd); // the same work charged to the budget
      if (want.length > 0) found++; else none++;
    }
    expect(found).toBeGreaterThan(1000);
    expect(none).toBeGreaterThan(500);
  });
});

/** `name` with each ASCII letter's case flipped where the generator says so. */
function flipCase(random: XorShift, name: string): string {
  let out = "";
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const letter = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
    out += String.fromCharCode(letter && (random.next() & 1) != 0 ? c ^ 0x20 : c);
  }
  return out;
}

function infoOf(name: string, fast: bool): i32 {
  const b = String.UTF8.encode(name, false);
  return fast ? commandInfo(changetype<usize>(b), b.byteLength) : commandInfoBefore(changetype<usize>(b), b.byteLength);
}

describe("commandInfo's table", () => {
  test("answers as before for every row name, in any case, and near misses", () => {
    const random = new XorShift(0x1b873593);
    const rows = programRows();
    let known = 0, checked = 0;
    for (let r = 0; r < rows.length; r++) {
      const names = rows[r].names.split(" ");
      for (let i = 0; i < names.length; i++) {
        const name = names[i];
        if (name.length == 0) continue;
        const variants = [name, flipCase(random, name), name.toUpperCase(), name + "x", name.slice(1), name.slice(0, name.length - 1),
          name + "3", name + ".", "x" + name, name + name];
        for (let k = 0; k < variants.length; k++) {
          const want = infoOf(variants[k], false);
          expect(infoOf(variants[k], true)).toBe(want, variants[k]);
          if (want != 0) known++;
          checked++;
        }
      }
    }
    expect(known).toBeGreaterThan(500);
    expect(checked).toBeGreaterThan(2000);
  });

  test("answers as before for versioned names and random bytes", () => {
    const fixed = ["python3.12", "pypy3", "perl5.36", "ruby3.2", "php8.2", "lua5.4", "node20", "mkfs.ext4", "MKFS", "python",
      "python.", "node20x", "lua", "phpx1", "", "a", "-", "/", ".", "..", "git", "GIT", "Git"];
    for (let i = 0; i < fixed.length; i++) expect(infoOf(fixed[i], true)).toBe(infoOf(fixed[i], false), fixed[i]);
    const random = new XorShift(0xcc9e2d51);
    const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_+\u00e9";
    for (let round = 0; round < 20000; round++) {
      const n = 1 + <i32>(random.next() % 9);
      let name = "";
      for (let i = 0; i < n; i++) name += alphabet.charAt(<i32>(random.next() % <u32>alphabet.length));
      expect(infoOf(name, true)).toBe(infoOf(name, false), name);
    }
  });

  test("pathInfo, in one backward pass, is the basename's info as before", () => {
    const random = new XorShift(0x27d4eb2f);
    const parts = ["/", "//", "bin", "usr", ".", "..", "sh", "rm", "SUDO", "python3.12", "git", "x", "mkfs.ext4", "node20", "env", ""];
    let paths = 0, known = 0;
    for (let round = 0; round < 20000; round++) {
      const n = 1 + <i32>(random.next() % 5);
      let path = "";
      for (let i = 0; i < n; i++) path += parts[<i32>(random.next() % <u32>parts.length)];
      const b = String.UTF8.encode(path, false);
      const p = changetype<usize>(b), len = b.byteLength;
      const base = basenameOffset(p, len);
      const want = commandInfoBefore(p + <usize>base, len - base);
      expect(pathInfo(p, len)).toBe(want, path);
      if (base > 0) paths++;
      if (want != 0) known++;
    }
    expect(paths).toBeGreaterThan(5000);
    expect(known).toBeGreaterThan(3000);
  });
});

describe("basenameOffset and indexOf, eight bytes a load", () => {
  test("answer as the byte loops for random bytes of every length up to 40", () => {
    const random = new XorShift(0x85ebca6b);
    // `/` and the bytes either side of it (borrows), `=`, NUL, and bytes with the high bit set.
    const alphabet: u8[] = [0x2f, 0x2f, 0x2e, 0x30, 0x3d, 0x00, 0x61, 0x65, 0x80, 0xaf, 0xff, 0x01, 0x7f];
    const wanted: u32[] = [0x2f, 0x3d, 0x65, 0x00, 0x61, 0x2e, 0x30, 0x7f];
    const buf = new ArrayBuffer(64);
    const p = changetype<usize>(buf);
    let slashes = 0, found = 0, missing = 0;
    for (let round = 0; round < 40000; round++) {
      const n = <i32>(random.next() % 41);
      // Some rounds have one byte kind only, or none of the searched one: long runs without a match.
      const kinds = 1 + <i32>(random.next() % <u32>alphabet.length);
      const from = <i32>(random.next() % <u32>alphabet.length);
      for (let i = 0; i < 64; i++) store<u8>(p + <usize>i, alphabet[(from + <i32>(random.next() % <u32>kinds)) % alphabet.length]);
      const b = basenameOffsetBefore(p, n);
      expect(basenameOffset(p, n)).toBe(b, n.toString());
      if (b > 0) slashes++;
      const c = wanted[<i32>(random.next() % <u32>wanted.length)];
      const want = indexOfBefore(p, n, c);
      expect(indexOf(p, n, c)).toBe(want, n.toString());
      if (want >= 0) found++; else missing++;
    }
    expect(slashes).toBeGreaterThan(10000);
    expect(found).toBeGreaterThan(10000);
    expect(missing).toBeGreaterThan(5000);
  });
});

describe("rowOf's table, whole words first", () => {
  test("answers as a search of the rows for every row name, in any case, and near misses", () => {
    const random = new XorShift(0x165667b1);
    const rows = programRows();
    let known = 0, checked = 0;
    for (let r = 0; r < rows.length; r++) {
      const names = rows[r].names.split(" ");
      for (let i = 0; i < names.length; i++) {
        const name = names[i];
        if (name.length == 0) continue;
        const variants = [name, flipCase(random, name), name.toUpperCase(), name + "x", name.slice(1), name.slice(0, name.length - 1),
          "x" + name, name + name, name + "-" + name + name];
        for (let k = 0; k < variants.length; k++) {
          const b = String.UTF8.encode(variants[k], false);
          const want = rowIndexBefore(changetype<usize>(b), b.byteLength);
          const row = rowOf(changetype<usize>(b), b.byteLength);
          expect(row === null ? -1 : rows.indexOf(row)).toBe(want, variants[k]);
          if (want >= 0) known++;
          checked++;
        }
      }
    }
    expect(known).toBeGreaterThan(500);
    expect(checked).toBeGreaterThan(2000);
  });
});

const VIEW_NAMES = [
  "git log", "npm test", "npx x", "make", "bash f", "sh -c x", ". f", "source f", "./f", "/bin/ls", "sh/ x", "a/ x", "/ x",
  "ln -s / x", "cp -s a b", "mount --bind / x", "LN -s a b", "/bin/cp a b", "\"$d\"/f", "$x/y z", "{} x", "x{a,b}/c",
  "*/x", "'' x", "ls", "echo a/b", "sudo ./f", "env sh x", "xargs ln -s", "timeout 1 /usr/bin/make", "nice -n1 git x",
  "command -v git", "sudo -u x npm t", "f() { ./g; }", "x=1", "bash -c 'cp a b; ./c'", "eval 'mount x'", "GIT x", "nPx y",
];

describe("the walk's view bits", () => {
  test("are the bits read from every view, for scripts that write, link and run (4,000 scripts)", () => {
    const scripts = new WalkedScripts(VIEW_NAMES.concat(WRITES), 0x61c88647, 4000);
    const seen = new StaticArray<i32>(64);
    while (scripts.next()) {
      const s = scripts.p.script;
      const want = viewBitsBefore(s);
      expect(viewBits(s)).toBe(want, scripts.cmd);
      expect(summaryOfViews(s)).toBe(want & 31, scripts.cmd);
      seen[want & 63]++;
    }
    // Each bit both set and clear in many scripts.
    for (let bit = 2; bit < 64; bit <<= 1) {
      let on = 0, off = 0;
      for (let i = 0; i < 64; i++) if ((i & bit) != 0) on += seen[i]; else off += seen[i];
      expect(on).toBeGreaterThan(300, bit.toString());
      expect(off).toBeGreaterThan(300, bit.toString());
    }
  });

  test("are unknown for a script parsed again and not walked, and after views the walk did not note", () => {
    const scripts = new WalkedScripts(["ls", "git x; ./f"], 0x2545f491, 2);
    expect(scripts.next()).toBe(true);
    const s = scripts.p.script;
    expect(viewBits(s)).toBe(0);
    const b = String.UTF8.encode("ln -s / x", false);
    expect(scripts.p.parseTop(changetype<usize>(b), b.byteLength)).toBe(true);
    expect(viewBits(s)).toBe(0); // parsed, not walked: no views
    s.newView(0, 0, 1, -1, 0, 0); // as many views as `ls` had, made by other code than the walk
    expect(viewBits(s)).toBe(-1); // the bits of `ls` must not stand for them
    expect(scripts.p.parseTop(changetype<usize>(b), b.byteLength)).toBe(true);
    expect(scripts.w.run()).toBe(true);
    expect(viewBits(s)).toBe(32);
    s.newView(0, 0, 1, -1, 0, 0);
    expect(viewBits(s)).toBe(-1);
  });
});
