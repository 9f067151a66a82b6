// The effects engine's allocation-free paths against the string code they replace, over every program row and
// thousands of random commands built from them:
// - rowOf (a name's bytes, any case, in a hash table) against a Map<string> of the lower-cased names;
// - subcommand lookup (a byte table per row) against a scan of each subcommand's space-separated names;
// - compiled option spellings (ParsedArgs.findCompiled) against ParsedArgs.find over the spelling text;
// - the runs nobody can bind (a name table) against the lists compared as lower-cased strings;
// - collectEffects asked for some kinds against the same call asked for all, filtered.
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
import { Script, ViewFlag } from "../../shell/syntax/nodes";
import { Redir } from "../../shell/syntax/tokens";
import { basenameOffset } from "../../shell/expand/argv";
import { EffectList, Wanted, collectEffects } from "../../shell/interp/effects";
import {
  EffectKind, ParsedArgs, ProgramRow, Spellings, cmdId, parseArgs, programRows, rowOf, rowOfId,
} from "../../shell/programs";
import { WalkedScripts } from "./random-command";

// ---- the replaced code, kept here as the reference ----

let refNames: Map<string, ProgramRow> | null = null;

function refRowOf(name: string): ProgramRow | null {
  let m = refNames;
  if (m === null) {
    m = new Map<string, ProgramRow>();
    const rows = programRows();
    for (let i = 0; i < rows.length; i++) {
      const parts = rows[i].names.split(" ");
      for (let j = 0; j < parts.length; j++) if (parts[j].length > 0) m.set(parts[j].toLowerCase(), rows[i]);
    }
    refNames = m;
  }
  const key = name.toLowerCase();
  return m.has(key) ? m.get(key) : null;
}

function refNamesInclude(names: string, p: usize, n: i32): bool {
  const total = names.length;
  let a = 0;
  while (a < total) {
    let b = a;
    while (b < total && names.charCodeAt(b) != 0x20) b++;
    if (b - a == n) {
      let k = 0;
      while (k < n && <u32>load<u8>(p + <usize>k) == <u32>names.charCodeAt(a + k)) k++;
      if (k == n) return true;
    }
    a = b + 1;
  }
  return false;
}

function refSubcommandOf(row: ProgramRow, s: Script, w: i32): ProgramRow | null {
  if (!s.isStatic(w)) return null;
  for (let i = 0; i < row.subcommands.length; i++) {
    if (refNamesInclude(row.subcommands[i].names, s.wordPtr(w), s.wordLen(w))) return row.subcommands[i];
  }
  return null;
}

const REF_INTERPRETERS: StaticArray<string> = [
  "node", "nodejs", "deno", "bun", "python", "python2", "python3", "perl", "ruby", "php", "lua", "tsx", "ts-node", "make",
  "gmake", "npx", "pnpx", "bunx", "source", ".",
  "pypy", "pypy3", "ipython", "ipython3", "jython", "irb", "luajit", "rscript", "julia", "java", "jshell", "kotlin",
  "scala", "groovy", "dotnet", "elixir", "iex", "erl", "escript", "swift", "osascript", "pwsh", "powershell",
  "ghci", "runghc", "runhaskell", "ocaml", "racket", "guile", "sbcl", "clojure", "clj", "tclsh", "wish", "nodemon",
  "pytest", "py.test", "tox", "nox", "pip", "pip3", "pipx", "uv", "uvx", "poetry", "pipenv", "conda", "mamba",
  "hatch", "pdm", "jest", "vitest", "mocha", "ava", "karma", "playwright", "cypress", "rspec", "rake", "bundle",
  "gem", "mvn", "mvnw", "gradle", "gradlew", "ant", "sbt", "lein", "cmake", "ninja", "bazel", "bazelisk", "meson",
  "just", "task", "webpack", "vite", "rollup", "next", "nuxt", "turbo", "nx", "lerna", "eslint", "prettier", "babel",
  "ts-jest", "composer", "phpunit", "mix", "stack", "cabal",
  "vi", "vim", "nvim", "ex", "view", "vimdiff", "emacs", "nano",
];
const REF_SHELLS: StaticArray<string> = ["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "busybox", "fish", "csh", "tcsh", "yash"];
const REF_NPM_RUNS: StaticArray<string> = [
  "run", "run-script", "rum", "urn", "test", "t", "tst", "start", "stop", "restart", "exec", "x", "explore", "rebuild", "rb",
  "install", "i", "in", "ins", "add", "ci", "clean-install", "install-test", "it", "cit", "install-ci-test", "pack", "publish",
];
const REF_VERSIONED: StaticArray<string> = ["python", "pypy", "ruby", "perl", "php", "lua", "node", "pip", "java"];
const REF_GO_RUNS: StaticArray<string> = ["run", "test", "generate", "tool"];
const REF_CARGO_INERT: StaticArray<string> = [
  "version", "help", "tree", "metadata", "search", "fmt", "locate-project", "pkgid", "verify-project", "login", "logout", "owner", "yank",
];

/** python3.12, pypy3, node20: a prefix, then only digits, `.`, `-` and `_`. */
function refVersioned(name: string): bool {
  for (let i = 0; i < REF_VERSIONED.length; i++) {
    const pre = REF_VERSIONED[i];
    if (name.length <= pre.length || !name.startsWith(pre)) continue;
    let ok = true;
    for (let j = pre.length; j < name.length && ok; j++) {
      const c = name.charCodeAt(j);
      ok = (c >= 0x30 && c <= 0x39) || c == 0x2e || c == 0x2d || c == 0x5f;
    }
    if (ok) return true;
  }
  return false;
}

function refWord(s: Script, w: i32): string {
  return String.UTF8.decodeUnsafe(s.wordPtr(w), <usize>s.wordLen(w), false);
}

function refLowerBasename(s: Script, w: i32): string {
  const p = s.wordPtr(w), n = s.wordLen(w);
  const b = basenameOffset(p, n);
  const out = new Uint8Array(n - b);
  for (let i = b; i < n; i++) {
    const c = load<u8>(p + <usize>i);
    out[i - b] = c - 0x41 < 26 ? c | 0x20 : c;
  }
  return String.UTF8.decode(out.buffer, false);
}

function refIsUnbound(s: Script, v: i32, name: string, argc: i32): bool {
  if (REF_INTERPRETERS.includes(name) || refVersioned(name)) return true;
  if (REF_SHELLS.includes(name)) {
    if ((s.vFlags(v) & ViewFlag.STDIN_FILE) != 0) return true;
    for (let k = 1; k < argc; k++) {
      const w = s.viewArg(v, k);
      const p = s.wordPtr(w), n = s.wordLen(w);
      if (n > 1 && load<u8>(p) == 0x2d) {
        if (load<u8>(p + 1) != 0x2d) {
          for (let i = 0; i < n; i++) if (load<u8>(p + <usize>i) == 0x63) return false;
        }
        continue;
      }
      return true;
    }
    // No script operand: a file on stdin (`<`, `<>`, `<&`) is code nobody reads.
    const c = s.vCmd(v);
    for (let k = 0, m = s.cRedirN(c); k < m; k++) {
      const op = s.wAux(s.redirFlat.get(s.cRedir(c) + k)) & 0xff;
      if (op == Redir.IN || op == Redir.READ_WRITE || op == Redir.DUP_IN) return true;
    }
    return false;
  }
  if (name == "go" || name == "cargo") {
    for (let k = 1; k < argc; k++) {
      const w = s.viewArg(v, k);
      if (!s.isStatic(w)) return true;
      const word = refWord(s, w);
      if (word.startsWith("-")) continue;
      return name == "go" ? REF_GO_RUNS.includes(word) : !REF_CARGO_INERT.includes(word);
    }
    return false;
  }
  if (name == "npm" || name == "pnpm" || name == "yarn") {
    for (let k = 1; k < argc; k++) {
      const w = s.viewArg(v, k);
      const p = s.wordPtr(w), n = s.wordLen(w);
      if (n > 0 && load<u8>(p) == 0x2d) continue;
      return REF_NPM_RUNS.includes(String.UTF8.decodeUnsafe(p, <usize>n, false)) || name != "npm";
    }
    return name == "yarn";
  }
  // A program named by a path that no row knows runs what its file holds.
  const w0 = s.viewArg(v, 0);
  if (s.vInfo(v) != 0 || !s.isStatic(w0) || !refWord(s, w0).includes("/")) return false;
  return refRowOf(name) === null;
}

// ---- commands from the rows ----

/** Every name of every row, called with each of its effects' options and a few operands; subcommands too. */
function rowFragments(): string[] {
  const out: string[] = [
    "bash -c 'cat /etc/passwd'", "bash script.sh", "sh -lc x", "zsh -- x", "npm run build", "npm install", "npm ls",
    "pnpm why x", "yarn", "yarn add x", "/usr/bin/Node x.js", "PYTHON3 -c 1", "CAT /etc/hosts", "./cat f", "ln -s a b",
    "ln -sr ../a d/b", "ln -t dir -s a b", "find . -name x -exec cat {} +", "xargs cat", "ls | xargs -n1 grep x",
    "npm_config_registry=https://x.example npm i", "git -c remote.o.url=https://e.example push o", "sudo cat f",
    "cat -- -f", "cat - f", "tee >(cat) f", "dd if=/etc/shadow of=x", "curl -d @f -X PUT https://a.example",
  ];
  const rows = programRows();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const names = row.names.split(" ");
    for (let j = 0; j < names.length; j++) {
      if (names[j].length == 0) continue;
      addRow(out, names[j], row);
      for (let k = 0; k < row.subcommands.length; k++) {
        const subNames = row.subcommands[k].names.split(" ");
        for (let m = 0; m < subNames.length; m++) if (subNames[m].length > 0) addRow(out, names[j] + " " + subNames[m], row.subcommands[k]);
      }
    }
  }
  return out;
}

function addRow(out: string[], call: string, row: ProgramRow): void {
  out.push(call + " a b/c");
  for (let i = 0; i < row.effects.length; i++) {
    const r = row.effects[i];
    const spellings = (r.option + " " + r.when).split(" ");
    for (let k = 0; k < spellings.length; k++) {
      let sp = spellings[k];
      if (sp.startsWith("!")) sp = sp.substring(1);
      if (!sp.startsWith("-")) continue;
      out.push(call + " " + sp + " v.txt x y");
      out.push(call + " " + sp + "=w.txt z");
    }
  }
}

// ---- the specs ----

const list = new EffectList();
const some = new EffectList();
const parsed = new ParsedArgs();
const reference = new ParsedArgs();

function bytes(s: string): ArrayBuffer {
  return String.UTF8.encode(s, false);
}

describe("rowOf by bytes", () => {
  test("finds every row name in any ASCII case as the Map of lower-cased names does", () => {
    const rows = programRows();
    let checked = 0;
    for (let i = 0; i < rows.length; i++) {
      const parts = rows[i].names.split(" ");
      for (let j = 0; j < parts.length; j++) {
        const forms = [parts[j], parts[j].toUpperCase(), parts[j].charAt(0).toUpperCase() + parts[j].substring(1), parts[j] + "x", "x" + parts[j]];
        for (let k = 0; k < forms.length; k++) {
          const b = bytes(forms[k]);
          expect(rowOf(changetype<usize>(b), b.byteLength) === refRowOf(forms[k])).toBe(true, forms[k]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  test("finds nothing for names no row has, empty or too long ones, or bytes outside ASCII", () => {
    const names = ["", "zzz", "ca", "catt", "c\u00e1t", "\u212aill", "x".repeat(65), "git\0", "GIT ", " git"];
    for (let i = 0; i < names.length; i++) {
      const b = bytes(names[i]);
      expect(rowOf(changetype<usize>(b), b.byteLength) === null).toBe(true, names[i]);
    }
  });
});

describe("the effects engine's fast paths against the string code they replace", () => {
  test("subcommands, option spellings, unbound runs and wanted kinds agree (every row, 4,000 commands)", () => {
    const scripts = new WalkedScripts(rowFragments(), 0x9e3779b9, 1000);
    let views = 0, finds = 0, subs = 0, unbound = 0;
    while (scripts.next()) {
      const s = scripts.p.script;
      collectEffects(s, list);
      // Unbound runs.
      let u = 0;
      for (let v = 0; v < s.viewCount; v++) {
        const argc = s.viewArgc(v);
        if (argc == 0 || !s.isStatic(s.viewArg(v, 0))) continue;
        const want = refIsUnbound(s, v, refLowerBasename(s, s.viewArg(v, 0)), argc);
        const got = u < list.unbound.length && list.unbound.get(u) == v;
        expect(got).toBe(want, scripts.cmd);
        if (got) { u++; unbound++; }
        // The row by name, where the walk gave no Cmd id.
        const name = refLowerBasename(s, s.viewArg(v, 0));
        const w0 = s.viewArg(v, 0);
        const b = basenameOffset(s.wordPtr(w0), s.wordLen(w0));
        expect(rowOf(s.wordPtr(w0) + <usize>b, s.wordLen(w0) - b) === refRowOf(name)).toBe(true, scripts.cmd);
        const id = cmdId(s.vInfo(v));
        const row = id != 0 ? rowOfId(id) : refRowOf(name);
        if (row === null) continue;
        views++;
        const cmd = s.vCmd(v);
        parseArgs(row, s, cmd, s.vStart(v), s.vEnd(v), parsed);
        // Subcommand: the first operand word the reference names, found the same.
        if (row.subcommands.length > 0 && parsed.subArg >= 0) {
          expect(parsed.sub === refSubcommandOf(row, s, s.arg(cmd, parsed.subArg))).toBe(true, scripts.cmd);
          subs++;
        }
        if (row.subcommands.length > 0 && parsed.subArg < 0 && parsed.operands.length > 0) {
          expect(refSubcommandOf(row, s, s.arg(cmd, parsed.operands.get(0))) === null).toBe(true, scripts.cmd);
        }
        // Every spelling the row and its subcommand use, compiled and as text, from every entry.
        finds += sameFinds(row, scripts.cmd);
        const sub = parsed.sub;
        if (sub !== null) finds += sameFinds(sub, scripts.cmd);
      }
      expect(u).toBe(list.unbound.length, scripts.cmd);
      // Asked for some kinds, the engine gives the same effects of those kinds, in the same order.
      // The masks the command scopes ask for (contacts always), one kind added at a time, and all.
      sameWanted(s, Wanted.CONTACTS, scripts.cmd);
      sameWanted(s, Wanted.CONTACTS | Wanted.READS, scripts.cmd);
      sameWanted(s, Wanted.CONTACTS | Wanted.WRITES | Wanted.METHODS, scripts.cmd);
      sameWanted(s, Wanted.CONTACTS | Wanted.UNBOUND, scripts.cmd);
      sameWanted(s, Wanted.ALL, scripts.cmd);
    }
    expect(views).toBeGreaterThan(750);
    expect(finds).toBeGreaterThan(5000);
    expect(subs).toBeGreaterThan(50);
    expect(unbound).toBeGreaterThan(100);
  });
});

/** findCompiled equals find for each of the row's option and `when` spellings, from each entry. Returns the checks. */
function sameFinds(row: ProgramRow, cmd: string): i32 {
  let n = 0;
  for (let i = 0; i < row.effects.length; i++) {
    const texts = [row.effects[i].option, row.effects[i].when, "-t --target-directory", "-s --symbolic", "-r --relative"];
    for (let t = 0; t < texts.length; t++) {
      const sp = new Spellings(texts[t]);
      for (let from = 0; from <= parsed.count; from++) {
        expect(parsed.findCompiled(sp, from)).toBe(parsed.find(texts[t], from), cmd + " / " + texts[t]);
        n++;
      }
    }
  }
  return n;
}

function sameWanted(s: Script, wanted: i32, cmd: string): void {
  collectEffects(s, some, wanted);
  let k = 0;
  for (let e = 0; e < list.count; e++) {
    const kind = list.kind.get(e);
    const bit = kind == <i32>EffectKind.READ ? Wanted.READS : kind == <i32>EffectKind.CONTACT ? Wanted.CONTACTS : Wanted.WRITES;
    if ((wanted & bit) == 0) continue;
    expect(k < some.count).toBe(true, cmd);
    expect(some.kind.get(k)).toBe(kind, cmd);
    expect(some.word.get(k)).toBe(list.word.get(e), cmd);
    expect(some.start.get(k)).toBe(list.start.get(e), cmd);
    expect(some.end.get(k)).toBe(list.end.get(e), cmd);
    expect(some.view.get(k)).toBe(list.view.get(e), cmd);
    const fixedA = list.word.get(e) < 0 ? list.fixed[list.fixedIndex.get(e)] : "";
    const fixedB = some.word.get(k) < 0 ? some.fixed[some.fixedIndex.get(k)] : "";
    expect(fixedB).toBe(fixedA, cmd);
    expect(some.sub[k]).toBe(list.sub[e], cmd);
    // Methods are asked for on their own: without them a contact has the program's default.
    expect(some.method[k]).toBe((wanted & Wanted.METHODS) != 0 ? list.method[e] : "", cmd);
    k++;
  }
  expect(k).toBe(some.count, cmd);
  expect(some.unbound.length).toBe((wanted & Wanted.UNBOUND) != 0 ? list.unbound.length : 0, cmd);
}
