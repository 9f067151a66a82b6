// The lexer's plain-word loop (Lexer#plainWordsOf) as it was before it kept its state in pointers and let the
// byte that ends a word settle what follows, the quoted-word shortcut (Lexer#commitQuotedWord) as a byte loop
// (without its eight-byte scan for the closing quote), and the grammar's reserved-word look (Grammar#readReserved) as it
// was before it read a word of letters eight bytes at a time, kept here unchanged so lexer-differential.spec.ts
// can compare every table the new code builds with the ones the old code built. Helpers the changes did not
// touch (scanPlainRun, startsPlainWord, the row helpers, the byte classes) are the shipped ones.
import { Parser } from "../../shell/syntax/parser";
import { WORD_SHIFT, fillWordRow, scanPatternFlags, setRowNext } from "../../shell/syntax/nodes";
import { Attr, Ch, Keyword, WordFlag, WordKind } from "../../shell/syntax/tokens";
import { isBlank, isMeta, isWordBreak } from "../../shell/syntax/chars";
import { PLAIN_END, PLAIN_EQ, PLAIN_PATTERN, plainBits, scanPlainRun, startsPlainWord } from "../../shell/syntax/plain";

/** A parser whose plain-word loop and reserved-word look are the old ones. */
export class ParserBefore extends Parser {
  readReserved(): i32 {
    const c0 = this.ch(this.pos);
    let p = this.pos + 1;
    const src = this.src, end = this.end, limit = this.pos + 9;
    while (p < end && p < limit && !isWordBreak(<u32>load<u8>(src + <usize>p))) p++;
    const n = p - this.pos;
    if (n > 8) return Keyword.NONE;
    if (p < this.end && !isMeta(this.ch(p))) return Keyword.NONE;
    this.kwEnd = p;
    const s = this.src + <usize>this.pos;
    if (n == 1) {
      if (c0 == Ch.LBRACE) return Keyword.LBRACE;
      if (c0 == Ch.RBRACE) return Keyword.RBRACE;
      if (c0 == Ch.BANG) return Keyword.BANG;
      return Keyword.NONE;
    }
    if (n == 2) {
      const v = <u32>load<u16>(s);
      if (v == 0x6669) return Keyword.IF;
      if (v == 0x6966) return Keyword.FI;
      if (v == 0x6f64) return Keyword.DO;
      if (v == 0x6e69) return Keyword.IN;
      if (v == 0x5b5b) return Keyword.DBRACKET;
      return Keyword.NONE;
    }
    if (n == 3) return load<u16>(s) == 0x6f66 && load<u8>(s + 2) == 0x72 ? Keyword.FOR : Keyword.NONE;
    const v = load<u32>(s);
    if (n == 4) {
      if (v == 0x6e656874) return Keyword.THEN;
      if (v == 0x65736c65) return Keyword.ELSE;
      if (v == 0x66696c65) return Keyword.ELIF;
      if (v == 0x656e6f64) return Keyword.DONE;
      if (v == 0x65736163) return Keyword.CASE;
      if (v == 0x63617365) return Keyword.ESAC;
      if (v == 0x656d6974) return Keyword.TIME;
      return Keyword.NONE;
    }
    if (n == 5) {
      const c4 = load<u8>(s + 4);
      if (v == 0x6c696877 && c4 == 0x65) return Keyword.WHILE;
      if (v == 0x69746e75 && c4 == 0x6c) return Keyword.UNTIL;
      return Keyword.NONE;
    }
    if (n == 6) {
      const w = load<u16>(s + 4);
      if (v == 0x656c6573 && w == 0x7463) return Keyword.SELECT;
      if (v == 0x72706f63 && w == 0x636f) return Keyword.COPROC;
      return Keyword.NONE;
    }
    if (n == 8 && load<u64>(s) == 0x6e6f6974636e7566) return Keyword.FUNCTION;
    return Keyword.NONE;
  }

  /** commitQuotedWord without its eight-byte scan: the closing quote found byte by byte. */
  commitQuotedWord(kind: i32): i32 {
    if (this.pos >= this.end) return -1;
    const src = this.src, end = this.end, start = this.pos;
    const q = <u32>load<u8>(src + <usize>start);
    if (q != Ch.SQUOTE && q != Ch.DQUOTE) return -1;
    let i = start + 1;
    const double = q == Ch.DQUOTE;
    if (!double) {
      while (i < end && <u32>load<u8>(src + <usize>i) != Ch.SQUOTE) i++;
    } else {
      while (i < end) {
        const c = <u32>load<u8>(src + <usize>i);
        if (c == Ch.DQUOTE) break;
        if (c == Ch.BACKSLASH || c == Ch.DOLLAR || c == Ch.BACKTICK) return -1;
        i++;
      }
    }
    if (i >= end) return -1;
    if (i + 1 < end && (plainBits(<u32>load<u8>(src + <usize>(i + 1))) & PLAIN_END) == 0) return -1;
    this.pos = i + 1;
    return this.script.commitRaw(src + <usize>(start + 1), i - start - 1, kind | WordFlag.QUOTED, Attr.QUOTED);
  }

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
