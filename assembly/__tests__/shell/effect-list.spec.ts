// EffectList.add and addFixed write the eight columns in place while every column has room (one check for the
// eight), and set the subcommand and method strings without Array's out-of-line []=. Against a model of the
// columns as plain arrays, over random runs of adds, fixed adds, resets, tree and method marks and fixed
// replacements that cross the columns' growth many times: every column, fixed path, subcommand and method.
import { EffectKind, EffectList } from "../../shell/interp/effects";
import { rowInfo, rowLen, rowStart } from "../../shell/syntax/nodes";
import { WordFlag } from "../../shell/syntax/tokens";
import { XorShift } from "../xorshift";
import { WalkedScripts } from "./random-command";

const SUBS: StaticArray<string> = ["", "push", "clone", "install", "config"];
const PATHS: StaticArray<string> = ["", ".", "/tmp/x", "a/b", "~/.npmrc"];

class Model {
  kind: i32[] = [];
  view: i32[] = [];
  cmd: i32[] = [];
  word: i32[] = [];
  start: i32[] = [];
  end: i32[] = [];
  fixed: string[] = [];
  tree: i32[] = [];
  sub: string[] = [];
  method: string[] = [];
}

function same(list: EffectList, m: Model, step: i32): void {
  if (list.count != m.kind.length) expect(list.count).toBe(m.kind.length, "count at step " + step.toString());
  for (let e = 0; e < list.count; e++) {
    let ok = list.kind.get(e) == m.kind[e] && list.view.get(e) == m.view[e] && list.cmd.get(e) == m.cmd[e] &&
      list.word.get(e) == m.word[e] && list.start.get(e) == m.start[e] && list.end.get(e) == m.end[e] &&
      list.tree.get(e) == m.tree[e] && list.sub[e] == m.sub[e] && list.method[e] == m.method[e];
    ok = ok && (m.word[e] < 0 ? list.fixed[list.fixedIndex.get(e)] == m.fixed[e] : list.fixedIndex.get(e) == -1);
    if (!ok) expect("effect " + e.toString() + " differs").toBe("the same", "at step " + step.toString());
  }
}

describe("EffectList: columns written in place", () => {
  test("the same columns and strings as a model, across resets and growth", () => {
    const rng = new XorShift(0xe77ec7);
    let list = new EffectList();
    let m = new Model();
    let grown = 0;
    for (let step = 0; step < 20000; step++) {
      const r = rng.next() % 100;
      if (r < 2) {
        list.reset();
        m = new Model();
      } else if (r < 3) {
        // A fresh list now and then: its first adds find no room yet.
        list = new EffectList();
        m = new Model();
      } else if (r < 6 && list.count > 0) {
        const e = <i32>(rng.next() % <u32>list.count);
        list.tree.set(e, 1);
        m.tree[e] = 1;
        const method = (rng.next() & 1) == 0 ? "POST" : "";
        list.method[e] = method;
        m.method[e] = method;
      } else {
        const kind = <EffectKind>(rng.next() % 5);
        const view = <i32>(rng.next() % 9) - 1, cmd = <i32>(rng.next() % 7);
        const sub = SUBS[rng.next() % <u32>SUBS.length];
        m.kind.push(<i32>kind); m.view.push(view); m.cmd.push(cmd); m.tree.push(0); m.sub.push(sub); m.method.push("");
        if ((rng.next() & 3) == 0) {
          const path = PATHS[rng.next() % <u32>PATHS.length];
          list.addFixed(kind, view, cmd, path, sub);
          m.word.push(-1); m.start.push(0); m.end.push(0); m.fixed.push(path);
        } else {
          const word = <i32>(rng.next() % 50), start = <i32>(rng.next() % 8), end = start + <i32>(rng.next() % 30);
          list.add(kind, view, cmd, word, start, end, sub);
          m.word.push(word); m.start.push(start); m.end.push(end); m.fixed.push("");
        }
        if (list.count > 16) grown++;
      }
      if ((step & 7) == 0 || list.count > 30) same(list, m, step);
    }
    expect(grown).toBeGreaterThan(1000);
  });
});

// collectEffects and the scopes read a word's row once (Script.wordRow with rowInfo, rowLen and rowStart) where
// they asked isStatic, wordPtr, wordLen, wordFlags and attrPtr one by one: the same answers for every word of
// seeded walked scripts, quoted, expanded, globbed and braced ones among them.
const FRAGMENTS = [
  "cat a 'b c' \"$X\" *.ts {a,b}", "ls -la src/components src/utils", "grep -rn \"TODO\" src", "tee build-log.txt",
  "echo ${A:-x} $(pwd) `id` ~/x", "cp -r src/* out/", "sed -i s/a/b/ f", "- -- --x=1", "find . -name '*.md' -exec grep -l x {} +",
];

describe("word rows read once", () => {
  test("the row's flags, length and start give isStatic, wordPtr, wordLen, wordFlags and attrPtr", () => {
    const scripts = new WalkedScripts(FRAGMENTS, 0x40d5);
    let words = 0, dynamic = 0;
    while (scripts.next()) {
      const s = scripts.p.script;
      for (let w = 0; w < s.wordCount; w++) {
        const r = s.wordRow(w);
        const isStatic = (rowInfo(r) & (WordFlag.DYNAMIC | WordFlag.GLOB | WordFlag.BRACE)) == 0;
        const same = isStatic == s.isStatic(w) && s.text.ptr + <usize>rowStart(r) == s.wordPtr(w) && rowLen(r) == s.wordLen(w) &&
          rowInfo(r) == s.wordFlags(w) && s.attr.ptr + <usize>rowStart(r) == s.attrPtr(w);
        if (!same) expect(scripts.cmd + ": word " + w.toString()).toBe("the same");
        words++;
        if (!isStatic) dynamic++;
      }
    }
    expect(words).toBeGreaterThan(10000);
    expect(dynamic).toBeGreaterThan(1000);
  });
});
