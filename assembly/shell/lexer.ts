// The lexer half of the shell parser: blanks, comments, here-documents and
// words (quote removal, escapes, ANSI-C strings, parameter/arithmetic
// expansions, command and process substitution). Like mvdan/sh's lexer it is
// methods on the one parser object; the grammar (parser.ts) extends it and
// supplies the nested-list entry points the word scanner calls for `$( )`.
//
// A word is built into a WordBuilder (text + per-byte Attr) for its nesting
// level, then copied into the Script arena. Run-time expansions keep their
// source text with Attr.EXPANSION so messages can show them and rules can tell
// `$HOME/` from `/`.

import { ByteBuffer } from "../util/bytes";
import { IntList, Script, WordBuilder } from "./nodes";
import { Attr, Ch, MAX_NESTING, ParseError, Redir, Subst, WordFlag, WordKind } from "./tokens";

/** Word-scanning modes. */
export const enum Mode {
  NORMAL = 0,
  ASSIGN_OK = 1, // a `NAME=(…)` array literal may follow
  REGEX = 2,     // right side of [[ x =~ … ]]: ( ) | are part of the word
}

// @ts-ignore: decorator
@inline export function isBlank(c: u32): bool {
  return c == Ch.SPACE || c == Ch.TAB;
}

// @ts-ignore: decorator
@inline export function isNameStart(c: u32): bool {
  return (c | 0x20) - 0x61 < 26 || c == Ch.UNDERSCORE;
}

// @ts-ignore: decorator
@inline export function isNameChar(c: u32): bool {
  return isNameStart(c) || c - Ch.ZERO < 10;
}

// @ts-ignore: decorator
@inline export function isDigit(c: u32): bool {
  return c - Ch.ZERO < 10;
}

// Character classes for the lexer, one byte per value: 1 = metacharacter
// (ends an unquoted word: blank, newline, ; & | ( ) < >), 2 = starts quoting
// or an expansion (' " \\ $ `). Everything else is a plain word byte.
// @ts-ignore: decorator
@lazy @inline const CLASS = memory.data<u8>([
  0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, // 0x00: \t \n
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  1, 0, 2, 0, 2, 0, 1, 2, 1, 1, 0, 0, 0, 0, 0, 0, // 0x20: space " $ & ' ( )
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 0, // 0x30: ; < >
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, // 0x50: backslash
  2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // 0x60: backtick
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, // 0x70: |
]);

/** Characters that end an unquoted word (the POSIX metacharacters). */
// @ts-ignore: decorator
@inline export function isMeta(c: u32): bool {
  return c < 128 && load<u8>(CLASS + <usize>c) == 1;
}

/** A metacharacter, a quote, `\\`, `$` or a backtick: ends a run of plain word bytes. */
// @ts-ignore: decorator
@inline export function isWordBreak(c: u32): bool {
  return c < 128 && load<u8>(CLASS + <usize>c) != 0;
}

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
  /** Cache of Parser.peekReserved: position, source and result (-1: none). */
  peekPos: i32 = -1;
  peekSrc: usize = 0;
  peekKw: i32 = 0;
  /** A quote was seen in the current word (so `''` is a word). */
  sawQuote: bool = false;
  /** A command or process substitution is in the current word (WordFlag.SUBST). */
  sawSubst: bool = false;

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

  // ---- overridden by Parser ----

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
  skipBlanks(): void {
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

  /** Read the bodies of all pending here-documents, starting at pos. */
  readHeredocs(): bool {
    const s = this.script;
    while (this.hdRead < this.hdWord.length) {
      const i = this.hdRead++;
      const rw = this.hdWord.get(i);
      const strip = this.hdStrip.get(i) != 0;
      const quoted = (s.wordFlags(rw) & WordFlag.QUOTED) != 0;
      this.delim.reset();
      this.delim.append(s.wordPtr(rw), s.wordLen(rw));
      const dl = this.delim.length;
      // Find the delimiter line (or end of input: bash accepts that too).
      const bodyStart = this.pos;
      let line = this.pos;
      let bodyEnd = this.end;
      let after = this.end;
      while (line < this.end) {
        let eol = line;
        while (eol < this.end && this.ch(eol) != Ch.NL) eol++;
        let ls = line;
        if (strip) while (ls < eol && this.ch(ls) == Ch.TAB) ls++;
        if (eol - ls == dl && memory.compare(this.src + <usize>ls, this.delim.ptr, <usize>dl) == 0) {
          bodyEnd = line;
          after = eol < this.end ? eol + 1 : eol;
          break;
        }
        line = eol + 1;
      }
      if (!this.enterLevel()) return false;
      const savedEnd = this.end;
      const savedCmd = this.curCmd;
      this.curCmd = this.hdCmd.get(i);
      this.end = bodyEnd;
      this.pos = bodyStart;
      const ok = this.scanHeredocBody(strip, quoted);
      this.end = savedEnd;
      this.curCmd = savedCmd;
      this.peekPos = -1;
      if (!ok) return false;
      const body = s.commitWord(this.b(), WordKind.HEREDOC_BODY, 0);
      this.leaveLevel();
      s.wAux2.set(rw, body);
      this.pos = after;
    }
    return true;
  }

  /** Body of a here-document: literal when the delimiter was quoted, else like "…" without the quotes. */
  scanHeredocBody(strip: bool, quoted: bool): bool {
    const b = this.b();
    let lineStart = true;
    while (this.pos < this.end) {
      if (lineStart && strip) {
        while (this.pos < this.end && this.ch(this.pos) == Ch.TAB) this.pos++;
        if (this.pos >= this.end) break;
      }
      lineStart = false;
      const c = this.ch(this.pos);
      if (c == Ch.NL) {
        b.push(c, Attr.QUOTED);
        this.pos++;
        lineStart = true;
        continue;
      }
      if (quoted) { b.push(c, Attr.QUOTED); this.pos++; continue; }
      if (c == Ch.BACKSLASH) {
        const n = this.ch(this.pos + 1);
        if (n == Ch.DOLLAR || n == Ch.BACKTICK || n == Ch.BACKSLASH) {
          b.push(n, Attr.QUOTED);
          this.pos += 2;
        } else if (n == Ch.NL) {
          this.pos += 2;
        } else {
          b.push(c, Attr.QUOTED);
          this.pos++;
        }
        continue;
      }
      if (c == Ch.DOLLAR) { if (!this.scanDollar(true)) return false; continue; }
      if (c == Ch.BACKTICK) { if (!this.scanBacktick(false)) return false; continue; }
      b.push(c, Attr.QUOTED);
      this.pos++;
    }
    return true;
  }

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
    let regexDepth = 0;
    while (this.pos < this.end) {
      const c = this.ch(this.pos);
      switch (c) {
        case Ch.SPACE: case Ch.TAB: case Ch.NL:
          if (mode == Mode.REGEX && regexDepth > 0 && c != Ch.NL) break;
          return true;
        case Ch.SEMI: case Ch.AMP: case Ch.PIPE:
          if (mode == Mode.REGEX && (regexDepth > 0 || c == Ch.PIPE)) break;
          return true;
        case Ch.RPAREN:
          if (mode == Mode.REGEX && regexDepth > 0) { regexDepth--; break; }
          return true;
        case Ch.LPAREN:
          if (mode == Mode.REGEX) { regexDepth++; break; }
          if (mode == Mode.ASSIGN_OK && this.isAssignPrefix(b)) {
            if (!this.scanArrayLiteral()) return false;
            continue;
          }
          return true;
        case Ch.LT: case Ch.GT:
          if (this.ch(this.pos + 1) == Ch.LPAREN) {
            if (!this.scanProcSubst(c)) return false;
            continue;
          }
          if (mode == Mode.REGEX && regexDepth > 0) break;
          return true;
        case Ch.BACKSLASH: {
          const n = this.ch(this.pos + 1);
          if (this.pos + 1 >= this.end) { b.push(c, Attr.QUOTED); this.pos++; }
          else if (n == Ch.NL) this.pos += 2;
          else { b.push(n, Attr.QUOTED); this.pos += 2; }
          this.sawQuote = true;
          continue;
        }
        case Ch.SQUOTE:
          if (!this.scanSingle()) return false;
          continue;
        case Ch.DQUOTE:
          if (!this.scanDouble()) return false;
          continue;
        case Ch.DOLLAR:
          if (!this.scanDollar(false)) return false;
          continue;
        case Ch.BACKTICK:
          if (!this.scanBacktick(false)) return false;
          continue;
        default: {
          // A run of plain bytes in one copy.
          let j = this.pos + 1;
          while (j < this.end && !isWordBreak(<u32>load<u8>(this.src + <usize>j))) j++;
          b.append(this.src + <usize>this.pos, j - this.pos, Attr.UNQUOTED);
          this.pos = j;
          continue;
        }
      }
      b.push(c, Attr.UNQUOTED);
      this.pos++;
    }
    return true;
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

  scanDouble(): bool {
    const b = this.b();
    this.pos++;
    this.sawQuote = true;
    while (true) {
      if (this.pos >= this.end) return this.fail(ParseError.SYNTAX, "unterminated double quote");
      const c = this.ch(this.pos);
      if (c == Ch.DQUOTE) { this.pos++; return true; }
      if (c == Ch.BACKSLASH) {
        const n = this.ch(this.pos + 1);
        if (n == Ch.DOLLAR || n == Ch.BACKTICK || n == Ch.DQUOTE || n == Ch.BACKSLASH) {
          b.push(n, Attr.QUOTED);
          this.pos += 2;
        } else if (n == Ch.NL) {
          this.pos += 2;
        } else {
          b.push(c, Attr.QUOTED);
          this.pos++;
        }
        continue;
      }
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

  /** `$…` at pos: ANSI-C and locale strings, `$(( ))`, `$( )`, `${ }`, `$[ ]`, `$name`, or a literal `$`. */
  scanDollar(inDquote: bool): bool {
    const b = this.b();
    const n = this.ch(this.pos + 1);
    if (n == Ch.SQUOTE && !inDquote) return this.scanAnsiC();
    if (n == Ch.DQUOTE && !inDquote) { this.pos++; return this.scanDouble(); }
    if (n == Ch.LPAREN) {
      if (this.ch(this.pos + 2) == Ch.LPAREN && this.arithPrescan(this.pos + 3)) {
        const start = this.pos;
        this.pos += 3;
        if (!this.scanArith()) return false;
        b.append(this.src + <usize>start, this.pos - start, Attr.EXPANSION);
        return true;
      }
      this.pos += 2;
      if (!this.parseNested(Subst.COMMAND)) return false;
      b.appendString("$(…)", Attr.EXPANSION);
      return true;
    }
    if (n == Ch.LBRACE) return this.scanParam();
    if (n == Ch.LBRACKET) return this.scanOldArith();
    if (isNameStart(n)) {
      let j = this.pos + 2;
      while (j < this.end && isNameChar(this.ch(j))) j++;
      b.append(this.src + <usize>this.pos, j - this.pos, Attr.EXPANSION);
      this.pos = j;
      return true;
    }
    if (isDigit(n) || n == Ch.AT || n == Ch.STAR || n == Ch.HASH || n == Ch.QUESTION ||
        n == Ch.MINUS || n == Ch.DOLLAR || n == Ch.BANG) {
      b.append(this.src + <usize>this.pos, 2, Attr.EXPANSION);
      this.pos += 2;
      return true;
    }
    b.push(Ch.DOLLAR, inDquote ? Attr.QUOTED : Attr.UNQUOTED);
    this.pos++;
    return true;
  }

  /** `${…}`: a bare name is kept as `$name`; anything else keeps its source text. */
  scanParam(): bool {
    const b = this.b();
    const start = this.pos;
    let j = this.pos + 2;
    if (isNameStart(this.ch(j))) {
      while (j < this.end && isNameChar(this.ch(j))) j++;
      if (this.ch(j) == Ch.RBRACE) {
        b.push(Ch.DOLLAR, Attr.EXPANSION);
        b.append(this.src + <usize>start + 2, j - start - 2, Attr.EXPANSION);
        this.pos = j + 1;
        return true;
      }
      // ${NAME:=…} and ${NAME=…} assign NAME.
      const c = this.ch(j);
      if (c == Ch.EQ || (c == Ch.COLON && this.ch(j + 1) == Ch.EQ)) {
        this.script.addEnvWord(
          this.script.commitRaw(this.src + <usize>start + 2, j - start - 2, WordKind.ENV_NAME, Attr.UNQUOTED), this.curCmd);
      }
    }
    this.pos += 2;
    if (!this.enterLevel()) return false;
    while (true) {
      if (this.pos >= this.end) return this.fail(ParseError.SYNTAX, "unterminated ${");
      const c = this.ch(this.pos);
      if (c == Ch.RBRACE) break;
      if (c == Ch.BACKSLASH) { this.pos += 2; continue; }
      if (c == Ch.SQUOTE) {
        if (!this.scanSingle()) return false;
        continue;
      }
      if (c == Ch.DQUOTE) { if (!this.scanDouble()) return false; continue; }
      if (c == Ch.DOLLAR) { if (!this.scanDollar(false)) return false; continue; }
      if (c == Ch.BACKTICK) { if (!this.scanBacktick(false)) return false; continue; }
      this.pos++;
    }
    this.leaveLevel();
    // ${x@P} expands a prompt string, which runs any $( ) stored in x.
    if (this.pos - start >= 4 && this.ch(this.pos - 1) == 0x50 && this.ch(this.pos - 2) == Ch.AT) {
      return this.fail(ParseError.UNSUPPORTED, "${…@P} prompt expansion is not supported");
    }
    this.pos++;
    b.append(this.src + <usize>start, this.pos - start, Attr.EXPANSION);
    return true;
  }

  /** Does `((` at p-2 close with `))` (arithmetic) rather than `) )` (nested subshell)? */
  arithPrescan(p: i32): bool {
    let depth = 0;
    while (p < this.end) {
      const c = this.ch(p);
      if (c == Ch.LPAREN) depth++;
      else if (c == Ch.RPAREN) {
        if (depth == 0) return this.ch(p + 1) == Ch.RPAREN;
        depth--;
      } else if (c == Ch.BACKSLASH) p++;
      else if (c == Ch.SQUOTE || c == Ch.DQUOTE || c == Ch.BACKTICK) {
        p++;
        while (p < this.end && this.ch(p) != c) {
          if (c != Ch.SQUOTE && this.ch(p) == Ch.BACKSLASH) p++;
          p++;
        }
        if (p >= this.end) return false;
      }
      p++;
    }
    return false;
  }

  /** Body of `$(( ))` / `(( ))` after the opening parens, through the closing `))`. */
  scanArith(): bool {
    if (!this.enterLevel()) return false;
    let depth = 0;
    while (true) {
      if (this.pos >= this.end) return this.fail(ParseError.SYNTAX, "unterminated arithmetic expression");
      const c = this.ch(this.pos);
      if (c == Ch.LPAREN) { depth++; this.pos++; continue; }
      if (c == Ch.RPAREN) {
        if (depth == 0) {
          if (this.ch(this.pos + 1) != Ch.RPAREN) return this.fail(ParseError.SYNTAX, "expected ))");
          this.pos += 2;
          break;
        }
        depth--;
        this.pos++;
        continue;
      }
      if (c == Ch.DOLLAR) { if (!this.scanDollar(false)) return false; continue; }
      if (c == Ch.BACKTICK) { if (!this.scanBacktick(false)) return false; continue; }
      if (c == Ch.DQUOTE) { if (!this.scanDouble()) return false; continue; }
      if (c == Ch.SQUOTE) { if (!this.scanSingle()) return false; continue; }
      if (c == Ch.BACKSLASH) { this.pos += 2; continue; }
      this.pos++;
    }
    this.leaveLevel();
    return true;
  }

  /** `$[ expr ]`, bash's old arithmetic form. */
  scanOldArith(): bool {
    const start = this.pos;
    this.pos += 2;
    if (!this.enterLevel()) return false;
    let depth = 0;
    while (true) {
      if (this.pos >= this.end) return this.fail(ParseError.SYNTAX, "unterminated $[");
      const c = this.ch(this.pos);
      if (c == Ch.LBRACKET) depth++;
      else if (c == Ch.RBRACKET) {
        if (depth == 0) { this.pos++; break; }
        depth--;
      } else if (c == Ch.DOLLAR) { if (!this.scanDollar(false)) return false; continue; }
      else if (c == Ch.BACKTICK) { if (!this.scanBacktick(false)) return false; continue; }
      else if (c == Ch.DQUOTE) { if (!this.scanDouble()) return false; continue; }
      else if (c == Ch.BACKSLASH) this.pos++;
      this.pos++;
    }
    this.leaveLevel();
    this.b().append(this.src + <usize>start, this.pos - start, Attr.EXPANSION);
    return true;
  }

  /** `$'…'`: escapes decoded; a NUL ends the string, as in bash. */
  scanAnsiC(): bool {
    const b = this.b();
    this.pos += 2;
    this.sawQuote = true;
    let cut = false;
    while (true) {
      if (this.pos >= this.end) return this.fail(ParseError.SYNTAX, "unterminated $'");
      const c = this.ch(this.pos);
      if (c == Ch.SQUOTE) { this.pos++; return true; }
      if (c != Ch.BACKSLASH) {
        if (!cut) b.push(c, Attr.QUOTED);
        this.pos++;
        continue;
      }
      const e = this.ch(this.pos + 1);
      this.pos += 2;
      let v: i32 = -1;   // a byte
      let cp: i32 = -1;  // a code point
      switch (e) {
        case 0x61: v = 7; break;   // a
        case 0x62: v = 8; break;   // b
        case 0x65: case 0x45: v = 27; break; // e E
        case 0x66: v = 12; break;  // f
        case 0x6e: v = 10; break;  // n
        case 0x72: v = 13; break;  // r
        case 0x74: v = 9; break;   // t
        case 0x76: v = 11; break;  // v
        case Ch.BACKSLASH: case Ch.SQUOTE: case Ch.DQUOTE: case Ch.QUESTION: v = <i32>e; break;
        case 0x63: { // \cX
          const x = this.ch(this.pos);
          if (this.pos < this.end) { v = <i32>(x & 0x1f); this.pos++; }
          break;
        }
        case 0x78: v = this.readHex(2); if (v < 0) { v = -2; } break; // \xHH
        case 0x75: cp = this.readHex(4); if (cp < 0) v = -2; break;  // \uHHHH
        case 0x55: cp = this.readHex(8); if (cp < 0) v = -2; break;  // \UHHHHHHHH
        default:
          if (e - Ch.ZERO < 8) { // octal, up to 3 digits
            let o = <i32>(e - Ch.ZERO);
            for (let k = 0; k < 2; k++) {
              const d = this.ch(this.pos);
              if (this.pos < this.end && d - Ch.ZERO < 8) { o = o * 8 + <i32>(d - Ch.ZERO); this.pos++; } else break;
            }
            v = o & 0xff;
          }
      }
      if (cut) continue;
      if (v == -2) { // \x or \u with no digits: kept literally
        b.push(Ch.BACKSLASH, Attr.QUOTED);
        b.push(e, Attr.QUOTED);
      } else if (cp >= 0) {
        if (cp == 0) cut = true;
        else if (cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000)) b.appendString("\uFFFD", Attr.QUOTED);
        else {
          const at = b.text.length;
          b.text.appendCodePoint(<u32>cp);
          b.attr.fill(<u32>Attr.QUOTED, b.text.length - at);
        }
      } else if (v >= 0) {
        if (v == 0) cut = true;
        else b.push(<u32>v, Attr.QUOTED);
      } else {
        b.push(Ch.BACKSLASH, Attr.QUOTED);
        if (this.pos - 1 < this.end) b.push(e, Attr.QUOTED);
      }
    }
  }

  /** Up to `max` hex digits at pos; -1 if there are none. */
  readHex(max: i32): i32 {
    let v = 0, k = 0;
    while (k < max && this.pos < this.end) {
      const c = this.ch(this.pos);
      let d: i32 = 0;
      if (c - Ch.ZERO < 10) d = <i32>(c - Ch.ZERO);
      else if ((c | 0x20) - 0x61 < 6) d = <i32>((c | 0x20) - 0x61 + 10);
      else break;
      v = (v << 4) | d;
      if (v > 0x10ffff) v = 0x110000; // keep it bounded
      this.pos++;
      k++;
    }
    return k == 0 ? -1 : v;
  }

  /** `` `…` ``: undo the backslash escaping, then parse the body as its own source. */
  scanBacktick(inDquote: bool): bool {
    const level = this.srcLevel + 1;
    while (level >= this.srcBufs.length) this.srcBufs.push(new ByteBuffer(64));
    const buf = this.srcBufs[level];
    buf.reset();
    this.pos++;
    while (true) {
      if (this.pos >= this.end) return this.fail(ParseError.SYNTAX, "unterminated backtick");
      const c = this.ch(this.pos);
      if (c == Ch.BACKTICK) { this.pos++; break; }
      if (c == Ch.BACKSLASH) {
        const n = this.ch(this.pos + 1);
        if (n == Ch.BACKSLASH || n == Ch.BACKTICK || n == Ch.DOLLAR || (inDquote && n == Ch.DQUOTE)) {
          buf.push(<u8>n);
          this.pos += 2;
          continue;
        }
        if (n == Ch.NL) { this.pos += 2; continue; }
      }
      buf.push(<u8>c);
      this.pos++;
    }
    if (!this.parseNestedSource(buf.ptr, buf.length, Subst.COMMAND)) return false;
    this.b().appendString("`…`", Attr.EXPANSION);
    return true;
  }

  /** `<(…)` / `>(…)` at pos. */
  scanProcSubst(c: u32): bool {
    this.pos += 2;
    if (!this.parseNested(c == Ch.LT ? Subst.PROC_IN : Subst.PROC_OUT)) return false;
    this.b().appendString(c == Ch.LT ? "<(…)" : ">(…)", Attr.EXPANSION);
    return true;
  }

  /** Commands inside `$( )`, `<( )`, `>( )` of the current command (pos is after the `(`). */
  parseNested(kind: i32): bool {
    const host = this.curHost, subst = this.curSubst, scope = this.curScope;
    const quote = this.sawQuote;
    this.curHost = this.curCmd;
    this.curSubst = kind;
    if (!this.enterLevel()) return false;
    this.curScope = this.newScope(true);
    const ok = this.parseSubList();
    this.leaveLevel();
    this.curHost = host;
    this.curSubst = subst;
    this.curScope = scope;
    this.sawQuote = quote;
    this.sawSubst = true;
    return ok;
  }

  /** Parse (ptr, len), which lives in srcBufs[srcLevel + 1], as a nested source. */
  parseNestedSource(ptr: usize, len: i32, kind: i32): bool {
    const src = this.src, end = this.end, pos = this.pos;
    const host = this.curHost, subst = this.curSubst, scope = this.curScope;
    const hdRead = this.hdRead, hdLen = this.hdWord.length;
    const quote = this.sawQuote;
    this.src = ptr;
    this.end = len;
    this.pos = 0;
    this.peekPos = -1;
    this.srcLevel++;
    this.hdRead = hdLen;
    this.curHost = this.curCmd;
    this.curSubst = kind;
    let ok = this.enterLevel();
    if (ok) {
      this.curScope = this.newScope(true);
      ok = this.parseSubSource();
      this.leaveLevel();
    }
    this.srcLevel--;
    this.hdRead = hdRead;
    this.hdWord.length = hdLen;
    this.hdCmd.length = hdLen;
    this.hdStrip.length = hdLen;
    this.curHost = host;
    this.curSubst = subst;
    this.curScope = scope;
    this.sawQuote = quote;
    this.sawSubst = true;
    this.src = src;
    this.end = end;
    this.pos = ok ? pos : end;
    this.peekPos = -1;
    return ok;
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
  atRedirect(): bool {
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
