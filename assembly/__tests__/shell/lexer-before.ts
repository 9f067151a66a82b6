// The lexer's plain-word loop (Lexer#plainWordsOf) as it was before it kept its state in pointers and let the
// byte that ends a word settle what follows, kept here unchanged so lexer-differential.spec.ts can compare
// every table the new loop builds with the ones the old loop built. Helpers the change did not touch
// (scanPlainRun, startsPlainWord, the row helpers) are the shipped ones.
import { Parser } from "../../shell/syntax/parser";
import { WORD_SHIFT, fillWordRow, scanPatternFlags, setRowNext } from "../../shell/syntax/nodes";
import { WordKind } from "../../shell/syntax/tokens";
import { isBlank } from "../../shell/syntax/chars";
import { PLAIN_EQ, PLAIN_PATTERN, scanPlainRun, startsPlainWord } from "../../shell/syntax/plain";

/** A parser whose plain-word loop is the old one. */
export class ParserBefore extends Parser {
  plainWordsOf(cmd: i32, name: bool): i32 {
    const src = this.src, end = this.end;
    let pos = this.pos;
    while (pos < end && isBlank(<u32>load<u8>(src + <usize>pos))) pos++;
    if (!startsPlainWord(src, pos, end)) {
      this.pos = pos;
      return 0;
    }
    const s = this.script;
    const text = s.text, attr = s.attr, rows = s.words;
    const room = end - pos;
    text.ensure(room);
    attr.ensure(room + 8);
    rows.ensure((room >> 1) + 1, WORD_SHIFT);
    const tp = text.ptr;
    const at0 = text.length;
    let at = at0;
    const w0 = rows.length;
    let w = w0;
    const last = s.cLast(cmd);
    let prev: usize = last < 0 ? 0 : s.wordRow(last);
    let flags = 0;
    while (true) {
      const run = scanPlainRun(src + <usize>pos, tp + <usize>at, end - pos);
      if (run < 0) break;
      const seen = <u32>(run >>> 32);
      if (name && w == w0 && (seen & PLAIN_EQ) != 0) break;
      const n = <i32>run;
      pos += n;
      let info = WordKind.ARG;
      if ((seen & PLAIN_PATTERN) != 0) {
        const a = attr.ptr + <usize>at;
        for (let i = 0; i < n; i += 8) store<u64>(a + <usize>i, 0);
        info |= scanPatternFlags(tp + <usize>at, a, n);
      }
      const r = rows.data + (<usize>w << WORD_SHIFT);
      fillWordRow(r, at, n, info);
      if (prev != 0) setRowNext(prev, w);
      else s.setCFirst(cmd, w);
      prev = r;
      w++;
      at += n;
      flags |= info;
      while (pos < end && isBlank(<u32>load<u8>(src + <usize>pos))) pos++;
      if (!startsPlainWord(src, pos, end)) break;
    }
    this.pos = pos;
    if (w == w0) return 0;
    const ap = attr.ptr;
    for (let i = at0; i < at; i += 8) store<u64>(ap + <usize>i, 0);
    rows.length = w;
    text.length = at;
    attr.length = at;
    s.wordFlagsSeen |= flags;
    s.setCLast(cmd, w - 1);
    return w - w0;
  }
}
