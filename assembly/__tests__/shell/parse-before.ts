// The option parser's main loop, short-option clusters and subcommand lookup as they were before parseArgs read
// each word's row once and tested short letters against bit sets (programs/parse.ts): the reference
// parse-bits.spec.ts compares parseArgs with. The unchanged helpers (long options, the long table) are imported.
import { Script } from "../../shell/syntax/nodes";
import { Attr, Ch, WordFlag } from "../../shell/syntax/tokens";
import { OptionGrammar, ParsedArgs, ProgramRow, Style, longTable } from "../../shell/programs";
import { longOption } from "../../shell/programs/parse";
import { SubcommandTable } from "../../shell/programs/spec";

function hasChar(list: string, c: u32): bool {
  for (let i = 0, n = list.length; i < n; i++) if (<u32>list.charCodeAt(i) == c) return true;
  return false;
}

function mayBeOption(s: Script, w: i32): bool {
  const n = s.wordLen(w);
  if (n == 0) return false;
  const flags = s.wordFlags(w);
  if ((flags & (WordFlag.SPLITS | WordFlag.BRACE)) != 0) return true;
  if (load<u8>(s.attrPtr(w)) == Attr.EXPANSION) return true;
  const c = <u32>load<u8>(s.wordPtr(w));
  return (flags & WordFlag.GLOB) != 0 && load<u8>(s.attrPtr(w)) == Attr.UNQUOTED &&
    (c == Ch.STAR || c == Ch.QUESTION || c == Ch.LBRACKET);
}

function optionStart(s: Script, w: i32, plus: bool): bool {
  if (s.wordLen(w) < 2 || load<u8>(s.attrPtr(w)) == Attr.EXPANSION) return false;
  const c = <u32>load<u8>(s.wordPtr(w));
  return c == Ch.MINUS || (plus && c == Ch.PLUS);
}

export function parseArgsBefore(row: ProgramRow, s: Script, cmd: i32, start: i32, end: i32, out: ParsedArgs): ParsedArgs {
  out.reset(row);
  let g = row.grammar;
  let inSub = false;
  let t = longTable(g);
  let k = start + 1;
  let optionsOver = false;
  if ((g.style & Style.OLD_STYLE) != 0 && k < end) k = oldStyle(g, s, cmd, k, end, out);
  for (; k < end; k++) {
    const w = s.arg(cmd, k);
    const plus = (g.style & Style.PLUS) != 0;
    if (!optionsOver && optionStart(s, w, plus)) {
      if (!s.isStatic(w)) out.dynamic = true;
      const p = s.wordPtr(w), n = s.wordLen(w);
      const c1 = <u32>load<u8>(p + 1);
      if (c1 == Ch.MINUS && <u32>load<u8>(p) == Ch.MINUS) {
        if (n == 2 && (g.style & Style.NO_END_MARK) == 0) { out.endMark = k; optionsOver = true; continue; }
        k = longOption(g, t, s, cmd, k, end, p + 2, n - 2, inSub, out, (g.style & Style.EXACT_LONG) != 0);
        continue;
      }
      if ((g.style & Style.SINGLE_DASH_LONG) != 0) {
        k = longOption(g, t, s, cmd, k, end, p + 1, n - 1, inSub, out, true);
        continue;
      }
      if (t.dashed) {
        let m = 0;
        while (m < n && <u32>load<u8>(p + <usize>m) != Ch.EQ) m++;
        const idx = t.find(p, m, true);
        if (idx >= 0) { k = longOption(g, t, s, cmd, k, end, p, n, inSub, out, true); continue; }
      }
      k = cluster(g, s, cmd, k, end, 1, inSub, out);
      continue;
    }
    if (!optionsOver && !s.isStatic(w) && mayBeOption(s, w)) out.dynamic = true;
    if (!inSub && out.subArg < 0 && row.subcommands.length > 0 && out.operands.length == 0) {
      const sub = subcommandOf(row, s, w);
      if (sub !== null) {
        out.sub = sub;
        out.subArg = k;
        inSub = true;
        g = sub.grammar;
        t = longTable(g);
        optionsOver = false;
        continue;
      }
    }
    out.operands.push(k);
    if ((g.style & Style.PERMUTE) == 0) optionsOver = true;
  }
  return out;
}

function subcommandOf(row: ProgramRow, s: Script, w: i32): ProgramRow | null {
  if (!s.isStatic(w)) return null;
  const p = s.wordPtr(w), n = s.wordLen(w);
  if (n == 0) return null;
  let t = row.subTable;
  if (t === null) { t = new SubcommandTable(row); row.subTable = t; }
  const c0 = <i32>load<u8>(p);
  const names = t.names;
  for (let i = t.start[c0], m = t.start[c0 + 1]; i < m; i++) {
    const name = names[i];
    if (name.length == n && memory.compare(changetype<usize>(name), p, <usize>n) == 0) return t.rows[i];
  }
  return null;
}

function cluster(g: OptionGrammar, s: Script, cmd: i32, k: i32, end: i32, from: i32, inSub: bool, out: ParsedArgs): i32 {
  const w = s.arg(cmd, k);
  const p = s.wordPtr(w), n = s.wordLen(w);
  const separate = (g.style & Style.SEPARATE_VALUES) != 0;
  for (let j = from; j < n; j++) {
    const c = <u32>load<u8>(p + <usize>j);
    if (separate && j + 1 < n) { out.push(k, c, -1, inSub, -1, 0); continue; }
    if (hasChar(g.valueShorts, c)) {
      if (j + 1 < n) { out.push(k, c, -1, inSub, k, j + 1); return k; }
      out.push(k, c, -1, inSub, k + 1 < end ? k + 1 : -1, 0);
      return k + 1 < end ? k + 1 : k;
    }
    if (hasChar(g.optionalShorts, c)) {
      out.push(k, c, -1, inSub, j + 1 < n ? k : -1, j + 1 < n ? j + 1 : 0);
      return k;
    }
    out.push(k, c, -1, inSub, -1, 0);
  }
  return k;
}

function oldStyle(g: OptionGrammar, s: Script, cmd: i32, k: i32, end: i32, out: ParsedArgs): i32 {
  const w = s.arg(cmd, k);
  const n = s.wordLen(w);
  if (n == 0 || load<u8>(s.attrPtr(w)) == Attr.EXPANSION || <u32>load<u8>(s.wordPtr(w)) == Ch.MINUS) return k;
  if (!s.isStatic(w)) out.dynamic = true;
  const p = s.wordPtr(w);
  let next = k + 1;
  for (let j = 0; j < n; j++) {
    const c = <u32>load<u8>(p + <usize>j);
    if (hasChar(g.valueShorts, c)) {
      out.push(k, c, -1, false, next < end ? next : -1, 0);
      next++;
    } else out.push(k, c, -1, false, -1, 0);
  }
  return next > end ? end : next;
}
