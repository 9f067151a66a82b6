// Expansions inside words: `$name`, `${…}`, `$(( ))`, `$[ ]`, ANSI-C `$'…'`,
// locale `$"…"`, command substitution `$( )` and backticks, process
// substitution `<( )` `>( )`. Substitutions are parsed in place as nested
// lists (their commands run); expansions keep their source text with
// Attr.EXPANSION so rules can tell `$HOME/` from `/`. See lexer.ts for the
// class chain.

import { ByteBuffer } from "../../util/bytes";
import { Attr, Ch, ParseError, Subst, WordKind } from "./tokens";
import { Lexer, isDigit, isNameChar, isNameStart } from "./lexer";
import { wordIs } from "../expand/argv";

export class Expander extends Lexer {
  /** `$…` at pos: ANSI-C and locale strings, `$(( ))`, `$( )`, `${ }`, `$[ ]`, `$name`, or a literal `$`. */
  scanDollar(inDquote: bool): bool {
    const b = this.b();
    const n = this.ch(this.pos + 1);
    // In the word of a double-quoted `${x-…}`, bash pairs the quotes, then expands the word as if double-quoted
    // with the quote characters gone: `"${y-"$""(id)"}"` runs id. Refused.
    if (n == Ch.DQUOTE && this.dqParams > 0) {
      return this.fail(ParseError.UNSUPPORTED, "a $ before a double quote inside a double-quoted ${…} runs what follows in bash; it is not supported");
    }
    // bash removes a line continuation before it reads an expansion: `"$\<newline>(cmd)"` is `$(cmd)` and
    // `$a\<newline>b` is `$ab`. Reading the joined text is not modelled: refused.
    if (n == Ch.BACKSLASH && this.ch(this.pos + 2) == Ch.NL) return this.continuationInExpansion();
    if (n == Ch.SQUOTE && !inDquote) return this.scanAnsiC();
    if (n == Ch.DQUOTE && !inDquote) { this.pos++; return this.scanDouble(); }
    if (n == Ch.LPAREN) {
      if (this.ch(this.pos + 2) == Ch.LPAREN && this.arithPrescan(this.pos + 3)) {
        const start = this.pos;
        const keep = b.length;
        this.pos += 3;
        if (!this.scanArith()) return false;
        // The word shows the source text, not what nested expansions appended.
        b.text.length = keep;
        b.attr.length = keep;
        this.noteArith(start + 3, this.pos - 2);
        b.append(this.src + <usize>start, this.pos - start, Attr.EXPANSION);
        return true;
      }
      this.pos += 2;
      const first = this.script.commandCount;
      if (!this.parseNested(Subst.COMMAND)) return false;
      b.appendString(this.isPlainMktemp(first) ? "$(mktemp)" : "$(…)", Attr.EXPANSION);
      return true;
    }
    if (n == Ch.LBRACE) return this.scanParam(inDquote);
    if (n == Ch.LBRACKET) return this.scanOldArith();
    if (isNameStart(n)) {
      let j = this.pos + 2;
      while (j < this.end && isNameChar(this.ch(j))) j++;
      if (this.ch(j) == Ch.BACKSLASH && this.ch(j + 1) == Ch.NL) return this.continuationInExpansion();
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

  continuationInExpansion(): bool {
    return this.fail(ParseError.UNSUPPORTED, "a line continuation inside a $ expansion is not supported");
  }

  /**
   * `${…}`: a bare name is kept as `$name`; anything else keeps its source text.
   * `inDquote`: the expansion is inside double quotes, `$"…"` or an unquoted
   * here-document body, where quoting inside the braces follows other rules
   * (quoteIsLiteral).
   */
  /** How many double-quoted `${…}` enclose the position (scanDollar). */
  dqParams: i32 = 0;

  scanParam(inDquote: bool): bool {
    const saved = this.dqParams;
    if (inDquote) this.dqParams = saved + 1;
    const ok = this.scanParamWord(inDquote);
    this.dqParams = saved;
    return ok;
  }

  private scanParamWord(inDquote: bool): bool {
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
      // ${NAME:=…} and ${NAME=…} assign NAME, a value that may come from the environment.
      const c = this.ch(j);
      if (c == Ch.EQ || (c == Ch.COLON && this.ch(j + 1) == Ch.EQ)) {
        const w = this.script.commitRaw(this.src + <usize>start + 2, j - start - 2, WordKind.ENV_NAME, Attr.UNQUOTED);
        this.script.addEnvWord(w, this.curCmd);
        this.script.dynNames.push(w);
      }
    }
    // `${(e)x}`, `${=x}`, `${~x}`, `${^x}`: zsh parameter flags (`(e)` evaluates the value as code). bash
    // refuses them as bad substitutions; a zsh payload (`zsh -c`) would run them, so they are refused here.
    const flag = this.ch(start + 2);
    if (flag == Ch.LPAREN || flag == Ch.EQ || flag == 0x7e || flag == Ch.CARET) {
      return this.fail(ParseError.UNSUPPORTED, "zsh parameter flags (${(…)x}, ${=x}, ${~x}, ${^x}) are not supported");
    }
    const literalQuotes = inDquote && quoteIsLiteral(this, start + 2);
    this.pos += 2;
    if (!this.enterLevel()) return false;
    while (true) {
      if (this.pos >= this.end) return this.fail(ParseError.SYNTAX, "unterminated ${");
      const c = this.ch(this.pos);
      if (c == Ch.RBRACE) break;
      if (c == Ch.BACKSLASH) {
        if (this.ch(this.pos + 1) == Ch.NL) return this.continuationInExpansion();
        this.pos += 2;
        continue;
      }
      if (c == Ch.SQUOTE) {
        if (literalQuotes) { if (!this.scanLiteralQuotes(this.pos, false)) return false; continue; }
        if (!this.scanSingle()) return false;
        continue;
      }
      if (c == Ch.DQUOTE) { if (!this.scanDouble()) return false; continue; }
      if (c == Ch.DOLLAR) {
        // Nested `${…}` inherit the quoting context; `$'…'` in a literal-quote
        // word is paired with escapes (bash's P_ALLOWESC) but not decoded.
        const n = this.ch(this.pos + 1);
        if (literalQuotes && n == Ch.SQUOTE) { if (!this.scanLiteralQuotes(this.pos + 1, true)) return false; continue; }
        if (!this.scanDollar(n == Ch.SQUOTE || n == Ch.DQUOTE ? false : inDquote)) return false;
        continue;
      }
      if (c == Ch.BACKTICK) { if (!this.scanBacktick(inDquote)) return false; continue; }
      // Unquoted, `${x-<(cmd)}` runs cmd as a process substitution.
      if ((c == Ch.LT || c == Ch.GT) && !inDquote && this.ch(this.pos + 1) == Ch.LPAREN) {
        if (!this.scanProcSubst(c)) return false;
        continue;
      }
      this.pos++;
    }
    this.leaveLevel();
    // ${x@P} expands a prompt string, which runs any $( ) stored in x.
    if (this.pos - start >= 4 && this.ch(this.pos - 1) == 0x50 && this.ch(this.pos - 2) == Ch.AT) {
      return this.fail(ParseError.UNSUPPORTED, "${…@P} prompt expansion is not supported");
    }
    this.paramArith(start + 2, this.pos);
    this.pos++;
    b.append(this.src + <usize>start, this.pos - start, Attr.EXPANSION);
    return true;
  }

  /**
   * A `'…'` (from: the quote) in the word of a double-quoted `${x:-…}`-type
   * expansion, or in arithmetic (`$(( ))`, `(( ))`, `$[ ]`), which is
   * expanded as if double-quoted. bash pairs the quotes to find the closing brace, but then
   * expands the word as if double-quoted: the quotes stay literal and a `$( )`,
   * backtick or `${…}` between them runs (`"${x:-'$(id)'}"` runs id). Where
   * such a substitution ends is read differently by those two passes, so it
   * is refused; plain `$name` is kept. `escapes`: a `$'…'` region, where bash
   * pairs past `\'`.
   */
  scanLiteralQuotes(from: i32, escapes: bool): bool {
    const b = this.b();
    let i = from + 1;
    while (i < this.end) {
      const c = this.ch(i);
      if (c == Ch.SQUOTE) break;
      if (c == Ch.BACKSLASH && escapes) { i += 2; continue; }
      if (c == Ch.BACKTICK) return this.literalQuoteSubst();
      if (c == Ch.DOLLAR) {
        const n = this.ch(i + 1);
        // `$"` too: bash drops it there, so `'$"(id)'` and `'$""(id)'` run id.
        if (n == Ch.LPAREN || n == Ch.LBRACE || n == Ch.LBRACKET || n == Ch.DQUOTE) return this.literalQuoteSubst();
      }
      i++;
    }
    if (i >= this.end) return this.fail(ParseError.SYNTAX, "unterminated single quote");
    b.append(this.src + <usize>this.pos, i + 1 - this.pos, Attr.QUOTED);
    this.pos = i + 1;
    this.sawQuote = true;
    return true;
  }

  literalQuoteSubst(): bool {
    return this.fail(ParseError.UNSUPPORTED,
      "a substitution between single quotes that bash does not read as quotes here (a double-quoted ${x:-…}, " +
      "arithmetic) runs in bash; it is not supported");
  }

  /**
   * The arithmetic inside `${…}` (from, to: between the braces): a subscript
   * `${a[i]}`, an offset and length `${x:i:n}`, and the name behind `${!x}`,
   * whose value bash reads as a name with a subscript.
   */
  paramArith(from: i32, to: i32): void {
    let i = from;
    const bang = this.ch(i) == Ch.BANG;
    if (bang || this.ch(i) == Ch.HASH) i++;
    const nameStart = i;
    if (isNameStart(this.ch(i))) { while (i < to && isNameChar(this.ch(i))) i++; }
    else if (isDigit(this.ch(i))) { while (i < to && isDigit(this.ch(i))) i++; }
    else if (i < to) i++;
    const nameEnd = i;
    if (nameEnd == nameStart) return;
    if (this.ch(i) == Ch.LBRACKET) {
      const close = this.closeBracket(i + 1, to);
      if (close < 0) return;
      const keys = close == i + 2 && (this.ch(i + 1) == Ch.AT || this.ch(i + 1) == Ch.STAR);
      if (!keys) {
        this.noteArith(i + 1, close);
      } else if (bang && close + 1 == to) {
        return; // ${!a[@]}: the keys, nothing evaluated
      }
      i = close + 1;
    }
    if (bang) {
      // ${!prefix@} and ${!prefix*} list names; any other ${!x…} reads x's value as a name.
      const c = this.ch(i);
      if (!(i + 1 == to && (c == Ch.AT || c == Ch.STAR))) this.noteArith(nameStart, nameEnd);
    }
    if (i < to && this.ch(i) == Ch.COLON) {
      const n = this.ch(i + 1);
      if (n != Ch.MINUS && n != Ch.EQ && n != Ch.PLUS && n != Ch.QUESTION) this.noteArith(i + 1, to);
    }
  }

  /** The `]` closing a subscript opened before p, or -1. */
  closeBracket(p: i32, to: i32): i32 {
    let depth = 0;
    for (; p < to; p++) {
      const c = this.ch(p);
      if (c == Ch.LBRACKET) depth++;
      else if (c == Ch.RBRACKET) { if (depth == 0) return p; depth--; }
      else if (c == Ch.BACKSLASH) p++;
    }
    return -1;
  }

  /** Source bytes [from, to) are evaluated as arithmetic: keep them for the taint check (arith.ts). */
  noteArith(from: i32, to: i32): void {
    const s = this.script;
    s.addArith(s.commitRaw(this.src + <usize>from, to - from, WordKind.OTHER, Attr.UNQUOTED));
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
      else if (c == Ch.SQUOTE || c == Ch.DQUOTE || c == Ch.BACKTICK || (c == Ch.DOLLAR && this.ch(p + 1) == Ch.SQUOTE)) {
        // `$'…'` is paired past its `\'`, as bash pairs it.
        const escapes = c != Ch.SQUOTE;
        const q = c == Ch.DOLLAR ? Ch.SQUOTE : c;
        p += c == Ch.DOLLAR ? 2 : 1;
        while (p < this.end && this.ch(p) != q) {
          if (escapes && this.ch(p) == Ch.BACKSLASH) p++;
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
      // The expression is expanded as if double-quoted: `'` is literal and `$'` is no ANSI-C string, so
      // a `$( )` between quotes runs (`$(( '$(id)' ))`); scanLiteralQuotes refuses it.
      if (c == Ch.DOLLAR) {
        if (this.ch(this.pos + 1) == Ch.SQUOTE) { if (!this.scanLiteralQuotes(this.pos + 1, true)) return false; continue; }
        if (!this.scanDollar(true)) return false;
        continue;
      }
      if (c == Ch.BACKTICK) { if (!this.scanBacktick(false)) return false; continue; }
      if (c == Ch.DQUOTE) { if (!this.scanDouble()) return false; continue; }
      if (c == Ch.SQUOTE) { if (!this.scanLiteralQuotes(this.pos, false)) return false; continue; }
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
      } else if (c == Ch.DOLLAR) {
        // As in $(( )): `'` and `$'` are literal, and what they enclose is expanded.
        if (this.ch(this.pos + 1) == Ch.SQUOTE) { if (!this.scanLiteralQuotes(this.pos + 1, true)) return false; continue; }
        if (!this.scanDollar(true)) return false;
        continue;
      }
      else if (c == Ch.SQUOTE) { if (!this.scanLiteralQuotes(this.pos, false)) return false; continue; }
      else if (c == Ch.BACKTICK) { if (!this.scanBacktick(false)) return false; continue; }
      else if (c == Ch.DQUOTE) { if (!this.scanDouble()) return false; continue; }
      else if (c == Ch.BACKSLASH) this.pos++;
      this.pos++;
    }
    this.leaveLevel();
    this.noteArith(start + 2, this.pos - 1);
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

  /**
   * Is the substitution just parsed (its commands from `first` on) one `mktemp` with plain words? It
   * prints a path it has just created, which the built-in checks need not fear (shell/expand/target.ts).
   */
  isPlainMktemp(first: i32): bool {
    const s = this.script;
    if (s.commandCount != first + 1) return false;
    let w = s.cFirst(first);
    if (w < 0 || !s.isStatic(w) || s.wordKind(w) != WordKind.ARG || !wordIs(s, w, "mktemp")) return false;
    for (w = s.wNext(w); w >= 0; w = s.wNext(w)) {
      if (s.wordKind(w) != WordKind.ARG || !s.isStatic(w)) return false;
      const q = s.wordPtr(w);
      for (let i = 0, n = s.wordLen(w); i < n; i++) {
        const c = <u32>load<u8>(q + <usize>i);
        if (!(isNameChar(c) || c == Ch.MINUS || c == 0x2e || c == Ch.SLASH || c == Ch.EQ)) return false;
      }
    }
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
    return ok;
  }
}

/**
 * Inside double quotes (and unquoted here-document bodies), is `'` literal in
 * the word of the `${…}` whose inside starts at p? bash quotes with `'` only
 * in the pattern operators (`#` `%` `/` `^` `,` `@`); in `-` `=` `+` `?` (with
 * or without `:`) and in `${x:offset:length}` the quotes are literal and what
 * is between them is expanded. Anything not recognised counts as literal,
 * the reading that sees more.
 */
function quoteIsLiteral(lexer: Lexer, p: i32): bool {
  let c = lexer.ch(p);
  // `${#x}` / `${!x}` prefixes (a lone `${#}` or `${!}` is the parameter itself).
  if (c == Ch.HASH || c == Ch.BANG) {
    const n = lexer.ch(p + 1);
    if (isNameStart(n) || isDigit(n) || n == Ch.AT || n == Ch.STAR) { p++; c = n; }
  }
  if (isNameStart(c)) { while (isNameChar(lexer.ch(p))) p++; }
  else if (isDigit(c)) { while (isDigit(lexer.ch(p))) p++; }
  else p++; // a special parameter: @ * # ? $ ! - 0
  if (lexer.ch(p) == Ch.LBRACKET) {
    let depth = 0;
    for (; p < lexer.end; p++) {
      const d = lexer.ch(p);
      if (d == Ch.LBRACKET) depth++;
      else if (d == Ch.RBRACKET) { if (--depth == 0) { p++; break; } }
    }
  }
  const op = lexer.ch(p);
  return !(op == Ch.HASH || op == Ch.PERCENT || op == Ch.SLASH || op == Ch.CARET || op == Ch.COMMA || op == Ch.AT);
}
