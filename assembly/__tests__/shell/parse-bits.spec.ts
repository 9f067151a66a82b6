// The option parser's and the effects engine's bit-set paths against the code they replace, over every program
// row's calls, adversarial option spellings (clusters, attached values, `--`, bytes past ASCII, computed words)
// and thousands of random commands built from them:
// - parseArgs (each word's row read once, short letters in bit sets) against the parser before it
//   (parse-before.ts), in every field of ParsedArgs;
// - ParsedArgs.hasCompiled / findCompiled (bit sets of the options found) against the scan of the options
//   (scanCompiled) and the spelling text (find);
// - a rule's `when` read once (Condition) against the term-by-term reading it replaces;
// - an effects list reused between scripts against a new one;
// - ParsedArgs' option records (one block, one capacity check per option) read back field by field as pushed;
// - OptionGrammar.dashed (known without splitting the long options) against the split LongTable's.
import { Script } from "../../shell/syntax/nodes";
import { basenameOffset } from "../../shell/expand/argv";
import { EffectList, Wanted, collectEffects } from "../../shell/interp/effects";
import { Condition, assigns, conditionHolds, programIs } from "../../shell/interp/effect-condition";
import {
  OptionGrammar, ParsedArgs, ProgramRow, Spellings, cmdId, longTable, parseArgs, programRows, rowOf, rowOfId,
} from "../../shell/programs";
import { parseArgsBefore } from "./parse-before";
import { WalkedScripts } from "./random-command";

// ---- the replaced reading of `when`, term by term (EffectRule) ----

function holdsBefore(when: string, s: Script, parsed: ParsedArgs, p: usize, n: i32): bool {
  let plain = false, plainHeld = false;
  const parts = when.split(" ");
  for (let i = 0; i < parts.length; i++) {
    let t = parts[i];
    if (t.length == 0) continue;
    const negated = t.charCodeAt(0) == 0x21;
    if (negated) t = t.substring(1);
    const c = t.length > 0 ? t.charCodeAt(0) : 0;
    const eq = t.indexOf("=");
    const held = c == 0x40 ? programIs(p, n, t.substring(1)) : c == 0x24 ? assigns(s, t.substring(1)) :
      c == 0x23 ? operandTermHolds(t.substring(1), s, parsed) :
      c == 0x2d && eq > 1 ? valueTermHolds(t.substring(0, eq), t.substring(eq + 1).toLowerCase(), s, parsed) :
      parsed.count > 0 && parsed.scanCompiled(new Spellings(t)) >= 0;
    if (negated) { if (held) return false; continue; }
    plain = true;
    if (held) plainHeld = true;
  }
  return !plain || plainHeld;
}

/** `#N` (a digit: at least N operands) or `#word` (the first operand is the word, or computed at run time). */
function operandTermHolds(term: string, s: Script, parsed: ParsedArgs): bool {
  const ops = parsed.operands;
  if (term.length == 1 && term.charCodeAt(0) >= 0x30 && term.charCodeAt(0) <= 0x39) return ops.length >= term.charCodeAt(0) - 0x30;
  if (ops.length == 0) return false;
  const w = s.arg(parsed.cmd, ops.get(0));
  if (!s.isStatic(w)) return true;
  return String.UTF8.decodeUnsafe(s.wordPtr(w), <usize>s.wordLen(w), false) == term;
}

/** `--name=value`: the option given that value (any case), or one computed at run time. */
function valueTermHolds(option: string, value: string, s: Script, parsed: ParsedArgs): bool {
  for (let i = parsed.find(option); i >= 0; i = parsed.find(option, i + 1)) {
    const arg = parsed.valArg(i);
    if (arg < 0) continue;
    const w = s.arg(parsed.cmd, arg);
    if (!s.isStatic(w)) return true;
    const off = parsed.valOff(i);
    if (String.UTF8.decodeUnsafe(s.wordPtr(w) + <usize>off, <usize>(s.wordLen(w) - off), false).toLowerCase() == value) return true;
  }
  return false;
}

// ---- commands ----

const ADVERSARIAL: string[] = [
  "sort -o out -rnf FILE", "sort -rno out x", "sort -ro out -- -o x", "git --output=FILE log", "git log --output=x a",
  "git log --out x", "git -C d log --output x", "git -c a.b=c push o", "tar xCf dir a.tar", "tar -xzvf a.tar -C /",
  "tar --directory=/ -x", "tar -C", "tar xC", "make -j4 -C d", "make -j -C d", "npm -cid x", "npm --registry -g i",
  "bash +e -c x", "echo -- -n", "find . -name x -delete", "find -L . -files0-from f", "curl -X PUT --data=@f u",
  "curl -Fa=@f\\;type=t u", "grep -rnf pats src", "grep -e x -- -r", "rm -rf --no-preserve-root /",
  "ls -\u00e9 x", "ls -a\u00ffb x", "sort -\u00e9o out", "ls -~ -z -Z -Q", "cp -t d a b", "cp --target-directory=d a",
  "ln -sr a b", "ln -s -t d a", "zip -TT 'x y' a.zip f", "zip -TTx a.zip", "cat $X -o", "sort $X out", "sort -$X out",
  "sort \"$@\"", "sort {-o,-r} f", "sort -* f", "sort * f", "git $SUB --output=f", "wget -O- u", "wget -Oout u",
  "dd if=/etc/shadow of=x", "sed -i -e 's/a/b/w out' f", "sed -n -f script.sed x", "xargs -I{} cp {} d/{}",
  "find . -exec grep -f {} x +", "less -o log f", "diff -r a b", "rsync -e 'ssh -p 2' a b", "tee -a log",
  "npm i -g x", "npm config set registry https://r.example", "npm run build -- --prod --config ./c.json",
  "npm_config_registry=https://x.example npm i", "YARN_REGISTRY=u yarn", "yarn", "pnpm add x --registry=u",
  "git push --force o", "git push o +main", "git clone -c core.x=y https://e.example d", "head -n 20", "head -n20 f",
  "ls -la src/components src/utils", "grep -rn \"TODO\" src", "git status", "unzip -d out a.zip", "curl -o - u",
];

function fragments(): string[] {
  const out = ADVERSARIAL.slice();
  const rows = programRows();
  // Each row by its first name (the grammar is the row's, whatever name calls it), each subcommand by its first.
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    addCalls(out, row.firstName, row);
    for (let k = 0; k < row.subcommands.length; k++) addCalls(out, row.firstName + " " + row.subcommands[k].firstName, row.subcommands[k]);
  }
  return out;
}

/** A call with each short option of the grammar (clustered, attached, apart), each long one, each effect's options. */
function addCalls(out: string[], call: string, row: ProgramRow): void {
  const g = row.grammar;
  out.push(call + " a b/c");
  const shorts = g.valueShorts + g.optionalShorts;
  for (let i = 0; i < shorts.length; i++) {
    const c = shorts.charAt(i);
    out.push(call + " -" + c + " v w");
    out.push(call + " -x" + c + "v w");
    out.push(call + " -" + c + "x -y w");
  }
  const t = longTable(g);
  for (let i = 0; i < t.names.length; i++) {
    const name = t.names[i];
    out.push(call + " --" + name + " v w");
    out.push(call + " --" + name + "=v w");
    if (name.length > 3) out.push(call + " --" + name.substring(0, name.length - 1) + " v");
    if (name.charCodeAt(0) == 0x2d) out.push(call + " " + name + " v");
  }
  for (let i = 0; i < row.effects.length; i++) {
    const spellings = (row.effects[i].option + " " + row.effects[i].when).split(" ");
    for (let k = 0; k < spellings.length; k++) {
      let sp = spellings[k];
      if (sp.startsWith("!")) sp = sp.substring(1);
      if (!sp.startsWith("-")) continue;
      out.push(call + " " + sp + " v.txt x");
      out.push(call + " -q" + sp.substring(1) + " x");
    }
  }
}

// ---- comparisons ----

const parsed = new ParsedArgs();
const before = new ParsedArgs();

function sameList(a: ParsedArgs, b: ParsedArgs): bool {
  if (a.operands.length != b.operands.length || a.count != b.count) return false;
  for (let i = 0; i < a.operands.length; i++) if (a.operands.get(i) != b.operands.get(i)) return false;
  for (let i = 0; i < a.count; i++) {
    if (a.optArg(i) != b.optArg(i) || a.optLetter(i) != b.optLetter(i) || a.optLong(i) != b.optLong(i) ||
      a.optInSub(i) != b.optInSub(i) || a.valArg(i) != b.valArg(i) || a.valOff(i) != b.valOff(i)) return false;
  }
  return a.dynamic == b.dynamic && a.endMark == b.endMark && a.sub === b.sub && a.subArg == b.subArg && a.row === b.row;
}

const SPELLINGS: string[] = [
  "-t --target-directory", "-s --symbolic", "-r --relative", "-files0-from", "-o --output", "-\u00e9 -r", "-\u00ff",
  "-\u0000 --x", "-~ -z", "-Z -Q -? -@", "--directory -C", "-exec -delete", "-", "--", "x", "-r -R --recursive --dereference-recursive",
];
const WHENS: string[] = [
  "", " ", "!", "! - x @ $", "-r !-r", "!@grep -e", "@yarn !--registry !$npm_config_registry", "$HOME -v",
  "!$X !@cat", "-\u00e9 !-o", "--output !--out", "-rf", "!-f --file", "@", "$",
  "#set #2", "!#get -g", "--location=global -g", "!--location=project", "#", "#0", "!#2 #x",
];

/** Each row's spelling lists (its rules' options and `when`s, each long option alone and all together), made once. */
const rowSpellings = new Map<ProgramRow, Spellings[]>();
const rowSpellingTexts = new Map<ProgramRow, string[]>();
const rowWhens = new Map<ProgramRow, string[]>();
const rowConditions = new Map<ProgramRow, Condition[]>();

function prepare(row: ProgramRow): void {
  if (rowSpellings.has(row)) return;
  const texts: string[] = [];
  const effects = row.effects;
  for (let i = 0; i < effects.length; i++) { texts.push(effects[i].option); texts.push(effects[i].when); }
  const t = longTable(row.grammar);
  let all = "";
  for (let i = 0; i < t.names.length; i++) {
    const name = t.names[i];
    const spelt = name.charCodeAt(0) == 0x2d ? name : "--" + name;
    texts.push(spelt);
    texts.push("-" + name); // single-dash: a long name in SINGLE_DASH_LONG grammars
    all += " " + spelt;
  }
  texts.push(all);
  const sps: Spellings[] = [];
  for (let i = 0; i < texts.length; i++) sps.push(new Spellings(texts[i]));
  rowSpellings.set(row, sps);
  rowSpellingTexts.set(row, texts);
  const ws: string[] = [];
  for (let i = 0; i < effects.length; i++) {
    ws.push(effects[i].when);
    const tree = effects[i].treeWhen;
    if (tree !== null) ws.push(tree);
    const also = effects[i].alsoWhen;
    if (also !== null) ws.push(also);
  }
  const cs: Condition[] = [];
  for (let i = 0; i < ws.length; i++) cs.push(new Condition(ws[i]));
  rowWhens.set(row, ws);
  rowConditions.set(row, cs);
}

const fixedSpellings: Spellings[] = [];
const fixedConditions: Condition[] = [];
for (let i = 0; i < SPELLINGS.length; i++) fixedSpellings.push(new Spellings(SPELLINGS[i]));
for (let i = 0; i < WHENS.length; i++) fixedConditions.push(new Condition(WHENS[i]));

let asks = 0, found = 0, scanned = 0, conditions = 0, held = 0;
/** The first disagreement (the command and what differed), "" while none: one expect at the end keeps the spec fast. */
let firstMismatch = "";

function mismatch(cmd: string, what: string): void {
  if (firstMismatch.length == 0) firstMismatch = cmd + " / " + what;
}

/** hasCompiled and findCompiled (from every entry) against the scan and the spelling text. */
function sameAnswers(sp: Spellings, text: string, cmd: string): void {
  const has = parsed.hasCompiled(sp);
  if (has != (parsed.scanCompiled(sp) >= 0) || has != (parsed.find(text) >= 0)) mismatch(cmd, "hasCompiled " + text);
  for (let from = 0; from <= parsed.count; from++) {
    const at = parsed.findCompiled(sp, from);
    if (at != parsed.scanCompiled(sp, from) || at != parsed.find(text, from)) mismatch(cmd, "findCompiled " + text);
  }
  asks++;
  if (has) found++;
  if (sp.wide) scanned++;
}

function sameHolds(c: Condition, when: string, s: Script, p: usize, n: i32, cmd: string): void {
  const got = conditionHolds(c, s, parsed, p, n);
  if (got != holdsBefore(when, s, parsed, p, n)) mismatch(cmd, "when " + when);
  conditions++;
  if (got) held++;
}

function askRow(row: ProgramRow, s: Script, p: usize, n: i32, cmd: string): void {
  prepare(row);
  const sps = rowSpellings.get(row), texts = rowSpellingTexts.get(row);
  for (let i = 0; i < sps.length; i++) sameAnswers(sps[i], texts[i], cmd);
  const cs = rowConditions.get(row), ws = rowWhens.get(row);
  for (let i = 0; i < cs.length; i++) sameHolds(cs[i], ws[i], s, p, n, cmd);
}

describe("parseArgs and the effects engine's bit sets", () => {
  test("agree with the code they replace (every row's options, adversarial spellings, 3,000 random commands)", () => {
    const all = fragments();
    const scripts = new WalkedScripts(all, 0x6a09e667, all.length + 3000);
    let views = 0;
    while (scripts.next()) {
      const s = scripts.p.script;
      for (let v = 0; v < s.viewCount; v++) {
        if (s.viewArgc(v) == 0) continue;
        const w0 = s.viewArg(v, 0);
        const b = basenameOffset(s.wordPtr(w0), s.wordLen(w0));
        const id = cmdId(s.vInfo(v));
        const row = id != 0 ? rowOfId(id) : rowOf(s.wordPtr(w0) + <usize>b, s.wordLen(w0) - b);
        if (row === null) continue;
        const cmd = s.vCmd(v);
        // Every start the walk's checks parse from: the view, and each later word (a subcommand's own check).
        for (let start = s.vStart(v); start < s.vEnd(v); start++) {
          parseArgs(row, s, cmd, start, s.vEnd(v), parsed);
          parseArgsBefore(row, s, cmd, start, s.vEnd(v), before);
          if (!sameList(parsed, before)) mismatch(scripts.cmd, "parseArgs from " + start.toString());
        }
        parseArgs(row, s, cmd, s.vStart(v), s.vEnd(v), parsed);
        views++;
        const p = s.wordPtr(w0) + <usize>b, n = s.wordLen(w0) - b;
        for (let i = 0; i < fixedSpellings.length; i++) sameAnswers(fixedSpellings[i], SPELLINGS[i], scripts.cmd);
        for (let i = 0; i < fixedConditions.length; i++) sameHolds(fixedConditions[i], WHENS[i], s, p, n, scripts.cmd);
        askRow(row, s, p, n, scripts.cmd);
        const sub = parsed.sub;
        if (sub !== null) askRow(sub, s, p, n, scripts.cmd);
      }
    }
    expect(firstMismatch).toBe("");
    expect(views).toBeGreaterThan(3000);
    expect(asks).toBeGreaterThan(50000);
    expect(found).toBeGreaterThan(5000);
    expect(scanned).toBeGreaterThan(1000);
    expect(conditions).toBeGreaterThan(30000);
    expect(held).toBeGreaterThan(5000);
    expect(conditions - held).toBeGreaterThan(5000);
  });
});

const reused = new EffectList();

describe("an effects list reused between scripts", () => {
  test("holds what a new list holds, in every field (every row's calls, 3,000 random commands)", () => {
    const all = fragments();
    const scripts = new WalkedScripts(all, 0xbb67ae85, all.length + 3000);
    let effects = 0, fixed = 0;
    while (scripts.next()) {
      const s = scripts.p.script;
      const fresh = new EffectList();
      collectEffects(s, fresh, Wanted.ALL);
      collectEffects(s, reused, Wanted.ALL);
      let same = reused.count == fresh.count && reused.unbound.length == fresh.unbound.length;
      for (let e = 0; same && e < fresh.count; e++) {
        same = reused.kind.get(e) == fresh.kind.get(e) && reused.view.get(e) == fresh.view.get(e) &&
          reused.cmd.get(e) == fresh.cmd.get(e) && reused.word.get(e) == fresh.word.get(e) &&
          reused.start.get(e) == fresh.start.get(e) && reused.end.get(e) == fresh.end.get(e) &&
          reused.tree.get(e) == fresh.tree.get(e) && reused.fixedIndex.get(e) == fresh.fixedIndex.get(e) &&
          reused.sub[e] == fresh.sub[e] && reused.method[e] == fresh.method[e];
        if (same && fresh.word.get(e) < 0) {
          same = reused.fixed[reused.fixedIndex.get(e)] == fresh.fixed[fresh.fixedIndex.get(e)];
          fixed++;
        }
        effects++;
      }
      for (let i = 0; same && i < fresh.unbound.length; i++) same = reused.unbound.get(i) == fresh.unbound.get(i);
      if (!same) expect(scripts.cmd).toBe("", "a reused list differs from a new one");
    }
    expect(effects).toBeGreaterThan(10000);
    expect(fixed).toBeGreaterThan(500);
  });
});

describe("ParsedArgs' option records", () => {
  test("give back every field of every option pushed, past the first block's capacity and after a reset", () => {
    const rows = programRows();
    const a = new ParsedArgs();
    for (let round = 0; round < 3; round++) {
      a.reset(rows[round]);
      const n = 40 + round * 50; // the block starts with room for 8: it grows
      for (let i = 0; i < n; i++) {
        a.push(i * 7 + round, <u32>(0x41 + (i % 60) + round), i % 5 == 0 ? -1 : i + round, (i & 1) != 0, i % 3 == 0 ? -1 : i + 100, i * 3 + round);
      }
      expect(a.count).toBe(n);
      for (let i = 0; i < n; i++) {
        expect(a.optArg(i)).toBe(i * 7 + round);
        expect(a.optLetter(i)).toBe(0x41 + (i % 60) + round);
        expect(a.optLong(i)).toBe(i % 5 == 0 ? -1 : i + round);
        expect(a.optInSub(i)).toBe(i & 1);
        expect(a.valArg(i)).toBe(i % 3 == 0 ? -1 : i + 100);
        expect(a.valOff(i)).toBe(i * 3 + round);
      }
    }
    a.reset(rows[0]);
    expect(a.count).toBe(0);
  });
});

describe("OptionGrammar.dashed", () => {
  test("says what the split long options say (every row's and subcommand's grammar, and spellings around a dash)", () => {
    const rows = programRows();
    let grammars = 0, dashed = 0;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      expect(row.grammar.dashed).toBe(longTable(row.grammar).dashed, row.firstName);
      if (row.grammar.dashed) dashed++;
      grammars++;
      for (let k = 0; k < row.subcommands.length; k++) {
        const g = row.subcommands[k].grammar;
        expect(g.dashed).toBe(longTable(g).dashed, row.firstName + " " + row.subcommands[k].firstName);
        grammars++;
      }
    }
    expect(grammars).toBeGreaterThan(150);
    expect(dashed).toBeGreaterThan(0);
    const LONGS: string[] = ["", "-", " -", "-TT=", "a -b", "a  -b", "a- b", "a-b", "/-x", "x/- y", " ", "a=/- b?", "-=", "a -"];
    for (let i = 0; i < LONGS.length; i++) {
      const g = new OptionGrammar("", "", LONGS[i], 0);
      expect(g.dashed).toBe(longTable(g).dashed, LONGS[i]);
    }
  });
});
