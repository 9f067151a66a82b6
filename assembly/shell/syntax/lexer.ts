// The lexer: blanks, comments, newlines and words (quote removal, escapes).
// Like mvdan/sh's lexer it is methods on the one parser object, split by role
// over a class chain: Lexer (this file) ← Expander (expand.ts: `$…`,
// backticks, process substitution) ← Heredocs (heredoc.ts) ← Grammar
// (grammar.ts: lists, pipelines, simple commands) ← Parser (parser.ts: entry
// points, compound commands). A method a lower class calls but a higher one
// implements is a stub here, overridden there.
//
// A word is built into a WordBuilder (text + per-byte Attr) for its nesting
// level, then copied into the Script arena. Run-time expansions keep their
// source text with Attr.EXPANSION so messages can show them and rules can tell
// `$HOME/` from `/`.

import { ByteBuffer } from "../../util/bytes";
import { firstByteFlag, notWordBytes } from "../../util/swar";
import { IntList, Script, WordBuilder, WORD_SHIFT, fillWordRow, rowNextField, scanPatternFlags } from "./nodes";
import { PLAIN_BLANK, PLAIN_BREAK, PLAIN_END, PLAIN_NO_START, PLAIN_EQ, PLAIN_PATTERN, plainBits, scanPlainRun, startsPlainAt } from "./plain";
import { Attr, Ch, MAX_NESTING, ParseError, Redir, Subst, WordFlag, WordKind } from "./tokens";
import { Mode, isBlank, isDigit, isNameChar, isNameStart, isWordBreak } from "./chars";

export { Mode, isBlank, isDigit, isMeta, isNameChar, isNameStart, isWordBreak } from "./chars";


export class Lexer {
  script: Script = new Script();
  src: usize = 0;
  end: i32 = 0;
  pos: i32 = 0;

  /** Recursion depth (compound commands, substitutions, expansions). */
  nest: i32 = 0;
  /** Index of the WordBuilder for the word being scanned. */
  wd: i32 = 0;
  builders: Array<WordBuilder> = [new WordBuilder()];
  /** Backtick bodies and payloads are copied into srcBufs[level] and parsed from there. */
  srcLevel: i32 = 0;
  srcBufs: Array<ByteBuffer> = [new ByteBuffer(16)];
  /** Scratch for here-document delimiters. */
  delim: ByteBuffer = new ByteBuffer(32);
  /**
   * Take the plain-word shortcut (commitPlainWord); off only in the spec that checks it against scanWord.
   * Read only in builds with the compile-time constant ORACLES (the oracle tier).
   */
  plainWords: bool = true;
  /** A quote was seen in the current word (so `''` is a word). */
  sawQuote: bool = false;
  /** A command or process substitution is in the current word (WordFlag.SUBST). */
  sawSubst: bool = false;
  /** An unquoted run-time expansion is in the current word (WordFlag.SPLITS). */
  sawSplit: bool = false;

  // The first error wins; the lexer then jumps to the end of input.
  err: i32 = ParseError.NONE;
  errMsg: string = "";

  // Pending here-documents: redirect word, owning command, <<- flag.
  hdWord: IntList = new IntList(4);
  hdCmd: IntList = new IntList(4);
  hdStrip: IntList = new IntList(4);
  hdRead: i32 = 0;

  // Where new commands hang: host command, how they are reached, pipeline
  // stage, function, payload depth, the command whose words are being read,
  // and the subshell scope.
  curHost: i32 = -1;
  curSubst: i32 = Subst.NONE;
  curStage: i32 = -1;
  curFunc: i32 = -1;
  curDepth: i32 = 0;
  curCmd: i32 = -1;
  curScope: i32 = 0;

  // ---- implemented by Expander (expand.ts) and Parser (parser.ts) ----

  /** `$…` at pos. */
  scanDollar(inDquote: bool): bool { return false; }
  /** `` `…` `` at pos. */
  scanBacktick(inDquote: bool): bool { return false; }
  /** `<(…)` / `>(…)` at pos. */
  scanProcSubst(c: u32): bool { return false; }

  /** Parse a list up to `)` and consume it (the inside of `$( )`, `<( )`). */
  parseSubList(): bool { return false; }
  /** Parse a whole source (backtick body) up to its end. */
  parseSubSource(): bool { return false; }
  /** A new subshell scope under the current one. */
  newScope(opaque: bool): i32 { return 0; }

  // ---- errors and characters ----

  fail(kind: i32, msg: string): bool {
    if (this.err == ParseError.NONE) {
      this.err = kind;
      this.errMsg = msg;
    }
    this.pos = this.end;
    return false;
  }

  // @ts-ignore: decorator
  @inline ch(i: i32): u32 {
    return <u32>i < <u32>this.end ? <u32>load<u8>(this.src + <usize>i) : 0;
  }

  // @ts-ignore: decorator
  @inline atEnd(): bool {
    return this.pos >= this.end;
  }

  // @ts-ignore: decorator
  @inline b(): WordBuilder {
    return this.builders[this.wd];
  }

  /** One level deeper: a new builder and a nesting check. */
  enterLevel(): bool {
    this.wd++;
    this.nest++;
    if (this.wd >= this.builders.length) this.builders.push(new WordBuilder());
    if (this.nest > MAX_NESTING) return this.fail(ParseError.TOO_DEEP, "nesting too deep");
    this.builders[this.wd].reset();
    return true;
  }

  leaveLevel(): void {
    this.wd--;
    this.nest--;
  }

  // ---- blanks, comments, newlines ----

  /** Skip blanks, line continuations and a comment; stop before a newline. */
  // @ts-ignore: decorator
  @inline skipBlanks(): void {
    while (this.pos < this.end) {
      const c = this.ch(this.pos);
      if (isBlank(c)) { this.pos++; continue; }
      if (c == Ch.BACKSLASH && this.ch(this.pos + 1) == Ch.NL) { this.pos += 2; continue; }
      if (c == Ch.HASH) {
        while (this.pos < this.end && this.ch(this.pos) != Ch.NL) this.pos++;
      }
      return;
    }
  }

  /**
   * skipLinebreaks for the grammar's hot spots (between the commands of a list), inlined: blanks in a local
   * loop, and the call only when a newline, a comment or a line continuation follows them.
   */
  // @ts-ignore: decorator
  @inline skipBlanksAndLinebreaks(): bool {
    const src = this.src, end = this.end;
    let pos = this.pos;
    while (pos < end && isBlank(<u32>load<u8>(src + <usize>pos))) pos++;
    this.pos = pos;
    if (pos < end) {
      const c = <u32>load<u8>(src + <usize>pos);
      if (c == Ch.NL || c == Ch.HASH || c == Ch.BACKSLASH) return this.skipLinebreaks();
    }
    return this.err == ParseError.NONE;
  }

  /** Skip blanks, comments and newlines (reading here-documents after each newline). */
  skipLinebreaks(): bool {
    while (true) {
      this.skipBlanks();
      if (this.pos < this.end && this.ch(this.pos) == Ch.NL) {
        if (!this.consumeNewline()) return false;
        continue;
      }
      return this.err == ParseError.NONE;
    }
  }

  /** Consume a newline token; here-document bodies start right after it. */
  consumeNewline(): bool {
    this.pos++;
    if (this.hdRead < this.hdWord.length) return this.readHeredocs();
    return true;
  }

  // ---- here-documents ----

  queueHeredoc(word: i32, cmd: i32, strip: bool): void {
    this.hdWord.push(word);
    this.hdCmd.push(cmd);
    this.hdStrip.push(strip ? 1 : 0);
  }

  /** Read pending here-document bodies (heredoc.ts). */
  readHeredocs(): bool { return false; }

  // ---- words ----

  /**
   * Scan one word at pos into the current builder. Returns false on error;
   * the caller checks that pos moved (no word at a metacharacter).
   */
  scanWord(mode: Mode): bool {
    const b = this.b();
    b.reset();
    this.sawQuote = false;
    this.sawSubst = false;
    this.sawSplit = false;
    let regexDepth = 0;
    while (this.pos < this.end) {
      const c = this.ch(this.pos);
      // Note: every branch ends in `continue` or `return`; a byte kept
      // literally is pushed where it is decided (no code after a switch:
      // asc 0.28 treats it as unreachable when all cases end in a jump).
      if (c == Ch.SPACE || c == Ch.TAB || c == Ch.NL) {
        if (mode != Mode.REGEX || regexDepth == 0 || c == Ch.NL) return true;
      } else if (c == Ch.SEMI || c == Ch.AMP || c == Ch.PIPE) {
        if (mode != Mode.REGEX || (regexDepth == 0 && c != Ch.PIPE)) return true;
      } else if (c == Ch.RPAREN) {
        if (mode != Mode.REGEX || regexDepth == 0) return true;
        regexDepth--;
      } else if (c == Ch.LPAREN) {
        if (mode == Mode.REGEX) regexDepth++;
        else if (mode == Mode.ASSIGN_OK && this.isAssignPrefix(b)) {
          if (!this.scanArrayLiteral()) return false;
          continue;
        } else return true;
      } else if (c == Ch.LT || c == Ch.GT) {
        if (this.ch(this.pos + 1) == Ch.LPAREN) {
          if (!this.scanProcSubst(c)) return false;
          continue;
        }
        if (mode != Mode.REGEX || regexDepth == 0) return true;
      } else if (c == Ch.BACKSLASH) {
        const n = this.ch(this.pos + 1);
        // A line continuation is removed before words are read: it quotes nothing, so `<<E\` + newline
        // is an unquoted delimiter whose body is expanded.
        if (n == Ch.NL && this.pos + 1 < this.end) { this.pos += 2; continue; }
        if (this.pos + 1 >= this.end) { b.push(c, Attr.QUOTED); this.pos++; }
        else { b.push(n, Attr.QUOTED); this.pos += 2; }
        this.sawQuote = true;
        continue;
      } else if (c == Ch.SQUOTE) {
        if (!this.scanSingle()) return false;
        continue;
      } else if (c == Ch.DQUOTE) {
        if (!this.scanDouble()) return false;
        continue;
      } else if (c == Ch.DOLLAR) {
        const from = b.length;
        if (!this.scanDollar(false)) return false;
        if (!this.sawSplit) this.sawSplit = hasExpansion(b, from);
        continue;
      } else if (c == Ch.BACKTICK) {
        if (!this.scanBacktick(false)) return false;
        this.sawSplit = true;
        continue;
      } else {
        // A run of plain bytes in one copy.
        let j = this.pos + 1;
        while (j < this.end && !isWordBreak(<u32>load<u8>(this.src + <usize>j))) j++;
        b.append(this.src + <usize>this.pos, j - this.pos, Attr.UNQUOTED);
        this.pos = j;
        continue;
      }
      b.push(c, Attr.UNQUOTED);
      this.pos++;
    }
    return true;
  }

  /**
   * The common word, straight into the arena: a run of plain bytes (no quote,
   * escape, expansion or metacharacter) that a blank, a newline, `;`, `&`,
   * `|`, `)` or the end of input ends. The row is what scanWord + commitWord
   * would make of it (text as is, all Attr.UNQUOTED; measured ~750 → ~200
   * instructions a word). Returns -1 with pos unchanged for any other word.
   */
  commitPlainWord(kind: i32): i32 {
    return this.placePlain(this.pos, kind);
  }

  /**
   * Blanks, then a plain word: a simple command's common step, inlined there with the position in locals.
   * Returns -1 with pos past the blanks when no plain word follows them, and also before a comment, a line
   * continuation or the end, which skipBlanks handles.
   */
  // @ts-ignore: decorator
  @inline blanksThenPlainWord(kind: i32): i32 {
    const src = this.src, end = this.end;
    let pos = this.pos;
    while (pos < end && isBlank(<u32>load<u8>(src + <usize>pos))) pos++;
    this.pos = pos;
    if (pos >= end || <u32>load<u8>(src + <usize>pos) == Ch.HASH) return -1;
    return this.placePlain(pos, kind);
  }

  /** commitPlainWord at `start` (== pos). */
  // @ts-ignore: decorator
  @inline private placePlain(start: i32, kind: i32): i32 {
    if ((isDefined(ORACLES) && !this.plainWords)) return -1;
    const room = this.end - start;
    const script = this.script;
    const text = script.text;
    text.ensure(room);
    const run = scanPlainRun(this.src + <usize>start, text.ptr + <usize>text.length, room);
    if (run < 0) return -1;
    const n = <i32>run, seen = <u32>(run >>> 32);
    this.pos = start + n;
    this.plainHasEq = (seen & PLAIN_EQ) != 0;
    return script.commitPlacedPlain(n, kind, (seen & PLAIN_PATTERN) != 0);
  }

  /**
   * The plain words after a command's name — its arguments, most of a command — in one tight loop: blanks,
   * then each word's bytes, row and link to `cmd`, with the position in a local. Stops with pos past the
   * blanks before anything else (as blanksThenPlainWord does); returns how many words it added. Only after
   * the name: before it a word may be an assignment, which simple() checks word by word.
   */
  plainArgs(cmd: i32): i32 {
    return this.plainWordsOf(cmd, false);
  }

  /**
   * plainArgs from the command's name on: the name and the plain words after it. Returns 0 with nothing
   * added when the first word is no plain word or holds `=` (an assignment, perhaps: simple() decides).
   */
  plainCommand(cmd: i32): i32 {
    return this.plainWordsOf(cmd, true);
  }

  /**
   * plainArgs and plainCommand: blanks, then plain words, each copied into the arena as it is scanned and
   * given its row, linked to `cmd`. Pointers, not offsets, and one field address to link the next word
   * through (the command's first-word field, then each row's next-word field) keep the loop's state in
   * registers; the byte that ends a word settles what follows it (a blank: another word may; `;` `&` `|`
   * `)` or a newline: the run is over; anything else: that word is not plain and stays for the caller).
   * Public for the differential spec, which checks it against the loop it replaced.
   */
  plainWordsOf(cmd: i32, name: bool): i32 {
    const src = this.src;
    const e = src + <usize>this.end;
    let p = src + <usize>this.pos;
    while (p < e && isBlank(<u32>load<u8>(p))) p++;
    // Most commands end, or reach a word that is not plain, at an operator, a quote or a `$`: one look-up
    // settles that before any set-up.
    if (!startsPlainAt(p, e) || (isDefined(ORACLES) && !this.plainWords)) {
      this.pos = <i32>(p - src);
      return 0;
    }
    const s = this.script;
    const text = s.text, attr = s.attr, rows = s.words;
    // Room for the rest of the input (and eight-byte stores past it) in the arena, and for a row per word
    // (a word and its blank take two bytes), so the buffers stay put and the loop checks no capacity.
    const room = <i32>(e - p);
    text.ensure(room);
    attr.ensure(room + 8);
    rows.ensure((room >> 1) + 1, WORD_SHIFT);
    const tp = text.ptr;
    const at0 = text.length; // == attr.length: a word's text and Attr bytes share one offset
    let q = tp + <usize>at0; // where the next word's bytes go
    const w0 = rows.length;
    let w = w0;
    let r = rows.data + (<usize>w0 << WORD_SHIFT); // the next word's row (within the room ensured above)
    const last = s.cLast(cmd);
    let link = last < 0 ? s.cFirstField(cmd) : rowNextField(s.wordRow(last));
    let flags = 0;
    while (true) {
      const ws = p, qs = q;
      let seen: u32 = 0;
      let k: u32 = 0;
      while (true) {
        // Letters, digits, - . / _ (most of a word) need no table look-up and set no bit: eight at a time.
        // The copy may run past the word, within room: the arena's length does not cover those bytes.
        if (p + 8 <= e) {
          const x = load<u64>(p);
          store<u64>(q, x);
          const other = notWordBytes(x);
          if (other == 0) {
            p += 8;
            q += 8;
            continue;
          }
          const t = <usize>(ctz(other) >> 3); // the byte at p + t is in the window: before e
          p += t;
          q += t;
        } else if (p >= e) break;
        const c = <u32>load<u8>(p);
        k = plainBits(c);
        if ((k & PLAIN_BREAK) != 0) break;
        seen |= k;
        store<u8>(q, <u8>c);
        p++;
        q++;
      }
      // At the end of input the word ends there; else k is the byte that ended it. A word starts with a
      // byte that is no PLAIN_BREAK, so it is never empty.
      if (p < e && (k & PLAIN_END) == 0) { p = ws; q = qs; break; }
      let info = WordKind.ARG;
      if ((seen & (PLAIN_EQ | PLAIN_PATTERN)) != 0) {
        // The name may be an assignment: simple() decides, word by word.
        if (name && w == w0 && (seen & PLAIN_EQ) != 0) { p = ws; q = qs; break; }
        if ((seen & PLAIN_PATTERN) != 0) {
          // scanPatternFlags reads the word's Attr bytes, which the loop below writes only after the last word.
          const a = attr.ptr + (qs - tp);
          const n = <i32>(q - qs);
          for (let i = 0; i < n; i += 8) store<u64>(a + <usize>i, 0);
          info |= scanPatternFlags(qs, a, n);
        }
      }
      fillWordRow(r, <i32>(qs - tp), <i32>(q - qs), info);
      store<i32>(link, w);
      link = rowNextField(r);
      r += 1 << WORD_SHIFT;
      w++;
      flags |= info;
      // A blank after the word (k is that byte's, before the end): perhaps another plain word. `;` `&` `|`
      // `)`, a newline or the end: done.
      if (p >= e || (k & PLAIN_BLANK) == 0) break;
      let b: u32;
      do {
        p++;
        b = p < e ? plainBits(<u32>load<u8>(p)) : PLAIN_NO_START;
      } while ((b & PLAIN_BLANK) != 0);
      if ((b & PLAIN_NO_START) != 0) break;
    }
    this.pos = <i32>(p - src);
    if (w == w0) return 0;
    // Attr.UNQUOTED for every byte of the words (they sit side by side in the arena), eight a store.
    const at = <i32>(q - tp);
    const ap = attr.ptr;
    for (let i = at0; i < at; i += 8) store<u64>(ap + <usize>i, 0);
    rows.length = w;
    text.length = at;
    attr.length = at;
    s.wordFlagsSeen |= flags;
    s.setCLast(cmd, w - 1);
    return w - w0;
  }

  /**
   * A word that is one quoted string — `'…'`, or `"…"` without `$`, a backtick or `\\` — and ends where a
   * plain word does, straight into the arena: what scanWord + commitWord make of it (the text between the
   * quotes, all Attr.QUOTED, WordFlag.QUOTED). Returns -1 with pos unchanged for any other word, and for an
   * unterminated quote, which scanWord reports.
   */
  commitQuotedWord(kind: i32): i32 {
    if ((isDefined(ORACLES) && !this.plainWords) || this.pos >= this.end) return -1;
    const src = this.src, end = this.end, start = this.pos;
    const q = <u32>load<u8>(src + <usize>start);
    if (q != Ch.SQUOTE && q != Ch.DQUOTE) return -1;
    // Eight bytes a step up to the first byte that may end the quote or need a look; the loops below go on
    // from there byte by byte (the lowest flag is exact, so no byte that matters is stepped over).
    let i = start + 1;
    const double = q == Ch.DQUOTE;
    for (const last8 = end - 8; i <= last8; i += 8) {
      const x = load<u64>(src + <usize>i);
      const m = double
        ? firstByteFlag(x, Ch.DQUOTE) | firstByteFlag(x, Ch.BACKSLASH) | firstByteFlag(x, Ch.DOLLAR) | firstByteFlag(x, Ch.BACKTICK)
        : firstByteFlag(x, Ch.SQUOTE);
      if (m != 0) {
        i += <i32>(ctz(m) >> 3);
        break;
      }
    }
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

  /** The last commitPlainWord word holds `=` (else it is no assignment). */
  plainHasEq: bool = false;

  /** The word's flags from what scanWord saw beyond its bytes (quotes, substitutions, unquoted expansions). */
  // @ts-ignore: decorator
  @inline seenFlags(): i32 {
    return (this.sawQuote ? WordFlag.QUOTED : 0) | (this.sawSubst ? WordFlag.SUBST : 0) | (this.sawSplit ? WordFlag.SPLITS : 0);
  }

  /** `NAME=` or `NAME+=` (unquoted) so far: an array literal may follow. */
  isAssignPrefix(b: WordBuilder): bool {
    const n = b.length;
    if (n < 2) return false;
    const t = b.text.ptr, a = b.attr.ptr;
    for (let i = 0; i < n; i++) if (load<u8>(a + <usize>i) != Attr.UNQUOTED) return false;
    if (<u32>load<u8>(t + <usize>n - 1) != Ch.EQ) return false;
    let m = n - 1;
    if (m > 0 && <u32>load<u8>(t + <usize>m - 1) == Ch.PLUS) m--;
    if (m == 0 || !isNameStart(<u32>load<u8>(t))) return false;
    for (let i = 1; i < m; i++) if (!isNameChar(<u32>load<u8>(t + <usize>i))) return false;
    return true;
  }

  /** `NAME=(a b $(c))`: elements are words (their substitutions run), kept as one text. */
  scanArrayLiteral(): bool {
    const outer = this.b();
    outer.push(Ch.LPAREN, Attr.UNQUOTED);
    this.pos++;
    if (!this.enterLevel()) return false;
    while (true) {
      while (this.pos < this.end) {
        const c = this.ch(this.pos);
        if (isBlank(c) || c == Ch.NL) { this.pos++; continue; }
        if (c == Ch.BACKSLASH && this.ch(this.pos + 1) == Ch.NL) { this.pos += 2; continue; }
        if (c == Ch.HASH) { while (this.pos < this.end && this.ch(this.pos) != Ch.NL) this.pos++; continue; }
        break;
      }
      if (this.pos >= this.end) return this.fail(ParseError.SYNTAX, "unterminated array literal");
      if (this.ch(this.pos) == Ch.RPAREN) { this.pos++; break; }
      const start = this.pos;
      if (!this.scanWord(Mode.NORMAL)) return false;
      if (this.pos == start) return this.fail(ParseError.SYNTAX, "unexpected character in array literal");
      const inner = this.b();
      outer.text.append(inner.text.ptr, inner.length);
      outer.attr.append(inner.attr.ptr, inner.length);
      outer.push(Ch.SPACE, Attr.UNQUOTED);
    }
    this.leaveLevel();
    outer.push(Ch.RPAREN, Attr.UNQUOTED);
    return true;
  }

  scanSingle(): bool {
    const start = this.pos + 1;
    let i = start;
    while (i < this.end && this.ch(i) != Ch.SQUOTE) i++;
    if (i >= this.end) return this.fail(ParseError.SYNTAX, "unterminated single quote");
    this.b().append(this.src + <usize>start, i - start, Attr.QUOTED);
    this.pos = i + 1;
    this.sawQuote = true;
    return true;
  }

  /**
   * A backslash at pos inside double quotes (`inDquote`) or an unquoted
   * here-document body: it escapes only `$`, a backtick, `\\` and, in double
   * quotes, `"`; before a newline it joins the lines; otherwise it is literal.
   */
  scanQuotedEscape(inDquote: bool): void {
    const b = this.b();
    const n = this.ch(this.pos + 1);
    if (n == Ch.DOLLAR || n == Ch.BACKTICK || n == Ch.BACKSLASH || (inDquote && n == Ch.DQUOTE)) {
      b.push(n, Attr.QUOTED);
      this.pos += 2;
    } else if (n == Ch.NL) {
      this.pos += 2;
    } else {
      b.push(Ch.BACKSLASH, Attr.QUOTED);
      this.pos++;
    }
  }

  scanDouble(): bool {
    const b = this.b();
    this.pos++;
    this.sawQuote = true;
    while (true) {
      if (this.pos >= this.end) return this.fail(ParseError.SYNTAX, "unterminated double quote");
      const c = this.ch(this.pos);
      if (c == Ch.DQUOTE) { this.pos++; return true; }
      if (c == Ch.BACKSLASH) { this.scanQuotedEscape(true); continue; }
      if (c == Ch.DOLLAR) { if (!this.scanDollar(true)) return false; continue; }
      if (c == Ch.BACKTICK) { if (!this.scanBacktick(true)) return false; continue; }
      let j = this.pos + 1;
      while (j < this.end) {
        const d = <u32>load<u8>(this.src + <usize>j);
        if (d == Ch.DQUOTE || d == Ch.BACKSLASH || d == Ch.DOLLAR || d == Ch.BACKTICK) break;
        j++;
      }
      b.append(this.src + <usize>this.pos, j - this.pos, Attr.QUOTED);
      this.pos = j;
    }
    return false; // not reached: the loop returns
  }

  /** Redirection operator at pos (after any fd number); 0 if none. Advances pos. */
  scanRedirOp(): i32 {
    const c = this.ch(this.pos), n = this.ch(this.pos + 1), m = this.ch(this.pos + 2);
    if (c == Ch.AMP && n == Ch.GT) {
      if (m == Ch.GT) { this.pos += 3; return Redir.ALL_APPEND; }
      this.pos += 2;
      return Redir.ALL_OUT;
    }
    if (c == Ch.LT) {
      if (n == Ch.LT) {
        if (m == Ch.LT) { this.pos += 3; return Redir.HERESTRING; }
        if (m == Ch.MINUS) { this.pos += 3; return Redir.HEREDOC_TABS; }
        this.pos += 2;
        return Redir.HEREDOC;
      }
      if (n == Ch.GT) { this.pos += 2; return Redir.READ_WRITE; }
      if (n == Ch.AMP) { this.pos += 2; return Redir.DUP_IN; }
      this.pos++;
      return Redir.IN;
    }
    if (c == Ch.GT) {
      if (n == Ch.GT) { this.pos += 2; return Redir.APPEND; }
      if (n == Ch.PIPE) { this.pos += 2; return Redir.CLOBBER; }
      if (n == Ch.AMP) { this.pos += 2; return Redir.DUP_OUT; }
      this.pos++;
      return Redir.OUT;
    }
    return 0;
  }

  /** Is a redirection next (`<`, `>`, `&>`, `2>`, `{fd}>`), not a process substitution? */
  // @ts-ignore: decorator
  @inline atRedirect(): bool {
    const c = this.ch(this.pos);
    if (c == Ch.LT || c == Ch.GT) return this.ch(this.pos + 1) != Ch.LPAREN;
    if (c == Ch.AMP) return this.ch(this.pos + 1) == Ch.GT;
    if (isDigit(c)) {
      let p = this.pos;
      while (p < this.end && isDigit(this.ch(p))) p++;
      const d = this.ch(p);
      return (d == Ch.LT || d == Ch.GT) && this.ch(p + 1) != Ch.LPAREN;
    }
    if (c == Ch.LBRACE && isNameStart(this.ch(this.pos + 1))) {
      let p = this.pos + 1;
      while (p < this.end && isNameChar(this.ch(p))) p++;
      if (this.ch(p) != Ch.RBRACE) return false;
      const d = this.ch(p + 1);
      return d == Ch.LT || d == Ch.GT;
    }
    return false;
  }
}

/** Did bytes from `from` on get Attr.EXPANSION (`$x`, not `$'…'` or a lone `$`)? */
function hasExpansion(b: WordBuilder, from: i32): bool {
  const a = b.attr.ptr;
  for (let i = from, n = b.length; i < n; i++) if (<u32>load<u8>(a + <usize>i) == Attr.EXPANSION) return true;
  return false;
}
