// The grammar half of the shell parser: lists, and-or lists, pipelines,
// simple commands, compound commands (subshell, group, if, while, until, for,
// select, case, [[ ]], (( )), coproc) and function definitions. It records
// every simple command with its words, redirections and context; it does not
// build a tree (nodes.ts).
//
// Where bash would reject the input we reject it too (fail closed): a parse
// error is a deny, never a best-effort allow.

import { IntList } from "./nodes";
import { ByteBuffer } from "../util/bytes";
import { CmdFlag, Ch, Keyword, MAX_NESTING, ParseError, Redir, Subst, WordFlag, WordKind } from "./tokens";
import { Lexer, Mode, isBlank, isDigit, isMeta, isNameChar, isNameStart, isWordBreak } from "./lexer";

export class Parser extends Lexer {
  /** End of the reserved word found by peekReserved. */
  kwEnd: i32 = 0;
  /** Subshell scopes: parent and whether it is a real subshell (else same shell). */
  scParent: IntList = new IntList(16);
  scOpaque: IntList = new IntList(16);

  /** Parse a whole command string. Resets every table. */
  parseTop(ptr: usize, len: i32): bool {
    this.script.reset();
    this.scParent.reset();
    this.scOpaque.reset();
    this.err = ParseError.NONE;
    this.errMsg = "";
    this.nest = 0;
    this.wd = 0;
    this.srcLevel = 0;
    this.hdWord.reset(); this.hdCmd.reset(); this.hdStrip.reset(); this.hdRead = 0;
    this.cScope.reset();
    this.scParent.push(-1);
    this.scOpaque.push(1);
    return this.parseSource(ptr, len, -1, Subst.NONE, 0, -1, -1, 0);
  }

  /**
   * Parse (ptr, len) as a script whose commands hang under `host` (a payload
   * such as `sh -c '…'`). The bytes must stay put while parsing: top-level
   * input, or srcBufs[srcLevel + 1].
   */
  parseSource(ptr: usize, len: i32, host: i32, subst: i32, depth: i32, stage: i32, func: i32, scope: i32): bool {
    for (let i = 0; i < len; i++) {
      if (load<u8>(ptr + <usize>i) == 0) return this.fail(ParseError.SYNTAX, "NUL byte in payload");
    }
    const src = this.src, end = this.end, pos = this.pos;
    const hdRead = this.hdRead, hdLen = this.hdWord.length;
    this.src = ptr; this.end = len; this.pos = 0;
    this.peekPos = -1;
    this.curHost = host; this.curSubst = subst; this.curDepth = depth;
    this.curStage = stage; this.curFunc = func; this.curCmd = -1;
    this.hdRead = hdLen;
    this.srcLevel++;
    this.curScope = scope;
    if (host >= 0) this.curScope = this.newScope(true);
    let ok = this.parseSubSource();
    this.srcLevel--;
    this.hdRead = hdRead;
    this.hdWord.length = hdLen; this.hdCmd.length = hdLen; this.hdStrip.length = hdLen;
    this.src = src; this.end = end; this.pos = pos;
    this.peekPos = -1;
    this.curHost = -1; this.curSubst = Subst.NONE; this.curDepth = 0;
    this.curStage = -1; this.curFunc = -1; this.curScope = 0;
    return ok && this.err == ParseError.NONE;
  }

  /** The buffer a payload must be copied into before parseSource (stays put while parsing). */
  payloadBuffer(): ByteBuffer {
    while (this.srcBufs.length < 2) this.srcBufs.push(new ByteBuffer(64));
    const b = this.srcBufs[1];
    b.reset();
    return b;
  }

  newScope(opaque: bool): i32 {
    this.scParent.push(this.curScope);
    return this.scOpaque.push(opaque ? 1 : 0);
  }

  parseSubList(): bool {
    if (!this.list()) return false;
    if (this.ch(this.pos) != Ch.RPAREN) return this.unexpected("expected )");
    this.pos++;
    return true;
  }

  parseSubSource(): bool {
    if (!this.list()) return false;
    if (this.pos < this.end) return this.unexpected("unexpected token");
    // Here-documents still pending at the end have empty bodies.
    if (this.hdRead < this.hdWord.length) return this.readHeredocs();
    return true;
  }

  unexpected(what: string): bool {
    if (this.pos >= this.end) return this.fail(ParseError.SYNTAX, what + " at end of input");
    const c = this.ch(this.pos);
    const shown = c >= 0x21 && c < 0x7f ? String.fromCharCode(c) : "\\x" + c.toString(16);
    return this.fail(ParseError.SYNTAX, what + " near '" + shown + "'");
  }

  // ---- reserved words ----

  /** The reserved word at pos (command position), or NONE. Sets kwEnd. Cached per position. */
  peekReserved(): i32 {
    if (this.pos == this.peekPos && this.src == this.peekSrc) return this.peekKw;
    const kw = this.readReserved();
    this.peekPos = this.pos;
    this.peekSrc = this.src;
    this.peekKw = kw;
    return kw;
  }

  private readReserved(): i32 {
    const c0 = this.ch(this.pos);
    // Reserved words start with a lowercase letter, `{`, `}`, `!` or `[`.
    if (!((c0 - 0x61) < 26 || c0 == Ch.LBRACE || c0 == Ch.RBRACE || c0 == Ch.BANG || c0 == Ch.LBRACKET)) return Keyword.NONE;
    let p = this.pos + 1;
    while (p < this.end && p - this.pos <= 8 && !isWordBreak(this.ch(p))) p++;
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
    // Compare whole words as little-endian integers.
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

  expectKeyword(kw: i32, what: string): bool {
    this.skipLinebreaks();
    if (this.err != ParseError.NONE) return false;
    if (this.peekReserved() != kw) return this.unexpected("expected '" + what + "'");
    this.pos = this.kwEnd;
    return true;
  }

  /** Does the current list end here (`)`, `;;`, `}`, `then`, `fi`, `done`, …)? */
  atListEnd(): bool {
    if (this.pos >= this.end) return true;
    const c = this.ch(this.pos);
    if (c == Ch.RPAREN) return true;
    if (c == Ch.SEMI) {
      const n = this.ch(this.pos + 1);
      return n == Ch.SEMI || n == Ch.AMP;
    }
    const kw = this.peekReserved();
    return kw == Keyword.RBRACE || kw == Keyword.THEN || kw == Keyword.ELSE || kw == Keyword.ELIF ||
      kw == Keyword.FI || kw == Keyword.DO || kw == Keyword.DONE || kw == Keyword.ESAC;
  }

  // ---- lists ----

  /** A list of and-or lists separated by `;`, `&` or newlines. Returns the count in listCount. */
  listCount: i32 = 0;

  list(): bool {
    let count = 0;
    while (true) {
      if (!this.skipLinebreaks()) return false;
      if (this.atListEnd()) break;
      const first = this.script.commandCount;
      if (!this.andOr()) return false;
      count++;
      this.skipBlanks();
      const c = this.ch(this.pos);
      if (this.pos >= this.end) break;
      if (c == Ch.SEMI) {
        const n = this.ch(this.pos + 1);
        if (n == Ch.SEMI || n == Ch.AMP) break;
        this.pos++;
        continue;
      }
      if (c == Ch.AMP) {
        this.pos++;
        const flags = this.script.cFlags;
        for (let i = first, n = this.script.commandCount; i < n; i++) flags.set(i, flags.get(i) | CmdFlag.ASYNC);
        continue;
      }
      if (c == Ch.NL) {
        if (!this.consumeNewline()) return false;
        continue;
      }
      break;
    }
    this.listCount = count;
    return this.err == ParseError.NONE;
  }

  /** A non-empty list, for compound command bodies. */
  body(what: string): bool {
    if (!this.list()) return false;
    if (this.listCount == 0) return this.unexpected("empty " + what);
    return true;
  }

  andOr(): bool {
    if (!this.pipeline()) return false;
    while (true) {
      this.skipBlanks();
      const c = this.ch(this.pos), n = this.ch(this.pos + 1);
      if ((c == Ch.AMP && n == Ch.AMP) || (c == Ch.PIPE && n == Ch.PIPE)) {
        this.pos += 2;
        if (!this.skipLinebreaks()) return false;
        if (this.atListEnd()) return this.unexpected("expected a command after && or ||");
        if (!this.pipeline()) return false;
        continue;
      }
      return this.err == ParseError.NONE;
    }
  }

  pipeline(): bool {
    // `!` and `time [-p]` prefixes.
    let prefixed = false;
    while (true) {
      this.skipBlanks();
      const kw = this.peekReserved();
      if (kw == Keyword.BANG) { this.pos = this.kwEnd; prefixed = true; continue; }
      if (kw == Keyword.TIME) {
        prefixed = true;
        this.pos = this.kwEnd;
        this.skipBlanks();
        if (this.ch(this.pos) == Ch.MINUS && this.ch(this.pos + 1) == 0x70 && isMeta(this.ch(this.pos + 2))) this.pos += 2;
        continue;
      }
      break;
    }
    if (this.atListEnd() || this.atSeparator()) return prefixed ? true : this.unexpected("expected a command");
    const s = this.script;
    const pipe = s.pipeCount++;
    const parentStage = this.curStage, parentScope = this.curScope;
    this.curStage = s.newStage(pipe, 0, parentStage);
    const firstScope = this.newScope(false);
    this.curScope = firstScope;
    let ok = this.command();
    let index = 0;
    while (ok) {
      this.skipBlanks();
      const c = this.ch(this.pos), n = this.ch(this.pos + 1);
      if (c != Ch.PIPE || n == Ch.PIPE) break;
      this.pos += n == Ch.AMP ? 2 : 1;
      if (!this.skipLinebreaks()) { ok = false; break; }
      if (this.atListEnd() || this.atSeparator()) { ok = this.unexpected("expected a command after |"); break; }
      // Every stage of a multi-command pipeline runs in a subshell.
      this.scOpaque.set(firstScope, 1);
      index++;
      this.curStage = s.newStage(pipe, index, parentStage);
      this.curScope = parentScope;
      this.curScope = this.newScope(true);
      ok = this.command();
    }
    this.curStage = parentStage;
    this.curScope = parentScope;
    return ok;
  }

  atSeparator(): bool {
    const c = this.ch(this.pos);
    return c == Ch.SEMI || c == Ch.AMP || c == Ch.PIPE || c == Ch.NL;
  }

  // ---- commands ----

  command(): bool {
    this.skipBlanks();
    if (this.atSeparator()) return this.unexpected("expected a command");
    this.nest++;
    if (this.nest > MAX_NESTING) { this.nest--; return this.fail(ParseError.TOO_DEEP, "nesting too deep"); }
    let ok: bool;
    const c = this.ch(this.pos);
    if (c == Ch.LPAREN) {
      if (this.ch(this.pos + 1) == Ch.LPAREN && this.arithPrescan(this.pos + 2)) {
        this.pos += 2;
        ok = this.scanArith();
      } else {
        ok = this.subshell();
      }
      ok = ok && this.compoundTail();
    } else {
      const kw = this.peekReserved();
      switch (kw) {
        case Keyword.LBRACE: ok = this.group() && this.compoundTail(); break;
        case Keyword.IF: ok = this.ifClause() && this.compoundTail(); break;
        case Keyword.WHILE: case Keyword.UNTIL: ok = this.whileClause() && this.compoundTail(); break;
        case Keyword.FOR: case Keyword.SELECT: ok = this.forClause() && this.compoundTail(); break;
        case Keyword.CASE: ok = this.caseClause() && this.compoundTail(); break;
        case Keyword.DBRACKET: ok = this.testClause() && this.compoundTail(); break;
        case Keyword.FUNCTION: ok = this.functionKeyword(); break;
        case Keyword.COPROC: ok = this.coproc(); break;
        case Keyword.RBRACE: case Keyword.THEN: case Keyword.ELSE: case Keyword.ELIF:
        case Keyword.FI: case Keyword.DO: case Keyword.DONE: case Keyword.ESAC:
          ok = this.unexpected("unexpected reserved word");
          break;
        default:
          ok = this.simple();
      }
    }
    this.nest--;
    return ok && this.err == ParseError.NONE;
  }

  /** Redirections after a compound command, then a separator must follow. */
  compoundTail(): bool {
    let cmd = -1;
    while (true) {
      this.skipBlanks();
      if (!this.atRedirect()) break;
      if (cmd < 0) {
        cmd = this.newCommand();
        this.script.cFlags.set(cmd, CmdFlag.COMPOUND);
      }
      if (!this.redirect(cmd)) return false;
    }
    if (this.pos >= this.end || this.atSeparator() || this.atListEnd()) return true;
    return this.unexpected("unexpected word after compound command");
  }

  newCommand(): i32 {
    const c = this.script.newCommand(this.curHost, this.curSubst, this.curStage, this.curFunc, this.curDepth);
    this.cScope.push(this.curScope);
    return c;
  }

  /** Scope row of each command (parallel to the command table). */
  cScope: IntList = new IntList(32);

  simple(): bool {
    const s = this.script;
    const cmd = this.newCommand();
    const savedCmd = this.curCmd;
    this.curCmd = cmd;
    let sawName = false;
    let nameWord = -1;
    let words = 0, assigns = 0;
    let ok = true;
    while (ok) {
      this.skipBlanks();
      if (this.pos >= this.end) break;
      const c = this.ch(this.pos);
      if (c == Ch.NL || c == Ch.SEMI || c == Ch.PIPE || c == Ch.RPAREN) break;
      if (c == Ch.AMP && this.ch(this.pos + 1) != Ch.GT) break;
      if (c == Ch.LPAREN) {
        if (words == 1 && assigns == 0 && s.isStatic(nameWord) && s.wordLen(nameWord) > 0) {
          ok = this.functionBody(cmd, nameWord);
          break;
        }
        ok = this.unexpected("unexpected (");
        break;
      }
      if (this.atRedirect()) { ok = this.redirect(cmd); continue; }
      const start = this.pos;
      ok = this.scanWord(sawName ? Mode.NORMAL : Mode.ASSIGN_OK);
      if (!ok) break;
      if (this.pos == start) { ok = this.unexpected("unexpected character"); break; }
      const extra = (this.sawQuote ? WordFlag.QUOTED : 0) | (this.sawSubst ? WordFlag.SUBST : 0);
      if (!sawName && isAssignment(this.b().text.ptr, this.b().attr.ptr, this.b().length)) {
        s.linkWord(cmd, s.commitWord(this.b(), WordKind.ASSIGN, extra));
        assigns++;
      } else {
        const w = s.commitWord(this.b(), WordKind.ARG, extra);
        s.linkWord(cmd, w);
        if (!sawName) { sawName = true; nameWord = w; }
        words++;
      }
    }
    this.curCmd = savedCmd;
    return ok && this.err == ParseError.NONE;
  }

  redirect(cmd: i32): bool {
    let fd = -1;
    const c = this.ch(this.pos);
    if (isDigit(c)) {
      fd = 0;
      while (isDigit(this.ch(this.pos))) {
        if (fd < 100000) fd = fd * 10 + <i32>(this.ch(this.pos) - Ch.ZERO);
        this.pos++;
      }
    } else if (c == Ch.LBRACE) { // {varname}>
      while (this.ch(this.pos) != Ch.RBRACE) this.pos++;
      this.pos++;
      fd = 100000;
    }
    const op = this.scanRedirOp();
    if (op == 0) return this.unexpected("bad redirection");
    this.skipBlanks();
    const start = this.pos;
    if (!this.scanWord(Mode.NORMAL)) return false;
    if (this.pos == start) return this.unexpected("expected a redirection target");
    const s = this.script;
    const w = s.commitWord(this.b(), WordKind.REDIR, (this.sawQuote ? WordFlag.QUOTED : 0) | (this.sawSubst ? WordFlag.SUBST : 0));
    s.wAux.set(w, op | ((fd + 1) << 8));
    s.linkWord(cmd, w);
    if (op == Redir.HEREDOC || op == Redir.HEREDOC_TABS) this.queueHeredoc(w, cmd, op == Redir.HEREDOC_TABS);
    return true;
  }

  // ---- compound commands ----

  subshell(): bool {
    this.pos++;
    const scope = this.curScope;
    this.curScope = this.newScope(true);
    const ok = this.body("subshell") && this.ch(this.pos) == Ch.RPAREN;
    this.curScope = scope;
    if (!ok) return this.err != ParseError.NONE ? false : this.unexpected("expected )");
    this.pos++;
    return true;
  }

  group(): bool {
    this.pos = this.kwEnd;
    return this.body("{ }") && this.expectKeyword(Keyword.RBRACE, "}");
  }

  ifClause(): bool {
    this.pos = this.kwEnd;
    if (!this.body("if condition") || !this.expectKeyword(Keyword.THEN, "then") || !this.body("then")) return false;
    while (true) {
      const kw = this.peekReserved();
      if (kw == Keyword.ELIF) {
        this.pos = this.kwEnd;
        if (!this.body("elif condition") || !this.expectKeyword(Keyword.THEN, "then") || !this.body("then")) return false;
        continue;
      }
      if (kw == Keyword.ELSE) {
        this.pos = this.kwEnd;
        if (!this.body("else")) return false;
      }
      return this.expectKeyword(Keyword.FI, "fi");
    }
  }

  whileClause(): bool {
    this.pos = this.kwEnd;
    return this.body("loop condition") && this.doGroup();
  }

  /** `do list done`, or bash's `{ list }` loop body. */
  doGroup(): bool {
    if (!this.skipLinebreaks()) return false;
    const kw = this.peekReserved();
    if (kw == Keyword.LBRACE) return this.group();
    return this.expectKeyword(Keyword.DO, "do") && this.body("do") && this.expectKeyword(Keyword.DONE, "done");
  }

  forClause(): bool {
    const s = this.script;
    this.pos = this.kwEnd;
    this.skipBlanks();
    if (this.ch(this.pos) == Ch.LPAREN && this.ch(this.pos + 1) == Ch.LPAREN) {
      this.pos += 2;
      if (!this.scanArith()) return false;
      this.skipBlanks();
      if (this.ch(this.pos) == Ch.SEMI) this.pos++;
      return this.doGroup();
    }
    const start = this.pos;
    if (!this.scanWord(Mode.NORMAL)) return false;
    if (this.pos == start) return this.unexpected("expected a loop variable");
    // The loop variable is assigned: it feeds blocked_env_vars (`for PATH in …`).
    s.addEnvWord(s.commitWord(this.b(), WordKind.ENV_NAME, 0), -1);
    if (!this.skipLinebreaks()) return false;
    if (this.peekReserved() == Keyword.IN) {
      this.pos = this.kwEnd;
      if (!this.otherWords()) return false;
    }
    this.skipBlanks();
    if (this.ch(this.pos) == Ch.SEMI) this.pos++;
    return this.doGroup();
  }

  /** Words up to `;` or a newline that are parsed (their substitutions run) but never run. */
  otherWords(): bool {
    const savedCmd = this.curCmd;
    this.curCmd = -1;
    let ok = true;
    while (ok) {
      this.skipBlanks();
      const c = this.ch(this.pos);
      if (this.pos >= this.end || c == Ch.SEMI || c == Ch.NL) break;
      const start = this.pos;
      ok = this.scanWord(Mode.NORMAL);
      if (ok && this.pos == start) ok = this.unexpected("unexpected character");
      if (ok) this.script.commitWord(this.b(), WordKind.OTHER, 0);
    }
    this.curCmd = savedCmd;
    return ok;
  }

  /** One word that is parsed but never run (case subject and patterns, [[ ]] operands). */
  otherWord(mode: Mode): bool {
    const savedCmd = this.curCmd;
    this.curCmd = -1;
    const start = this.pos;
    let ok = this.scanWord(mode);
    if (ok && this.pos == start) ok = this.unexpected("expected a word");
    if (ok) this.script.commitWord(this.b(), WordKind.OTHER, 0);
    this.curCmd = savedCmd;
    return ok;
  }

  caseClause(): bool {
    this.pos = this.kwEnd;
    this.skipBlanks();
    if (!this.otherWord(Mode.NORMAL)) return false;
    if (!this.expectKeyword(Keyword.IN, "in")) return false;
    while (true) {
      if (!this.skipLinebreaks()) return false;
      if (this.peekReserved() == Keyword.ESAC) { this.pos = this.kwEnd; return true; }
      if (this.pos >= this.end) return this.unexpected("expected esac");
      if (this.ch(this.pos) == Ch.LPAREN) this.pos++;
      while (true) { // pattern [| pattern]… )
        this.skipBlanks();
        if (!this.otherWord(Mode.NORMAL)) return false;
        this.skipBlanks();
        const c = this.ch(this.pos);
        if (c == Ch.PIPE) { this.pos++; continue; }
        if (c == Ch.RPAREN) { this.pos++; break; }
        return this.unexpected("expected ) in case pattern");
      }
      if (!this.list()) return false;
      this.skipBlanks();
      const c = this.ch(this.pos), n = this.ch(this.pos + 1);
      if (c == Ch.SEMI && n == Ch.SEMI) this.pos += this.ch(this.pos + 2) == Ch.AMP ? 3 : 2;
      else if (c == Ch.SEMI && n == Ch.AMP) this.pos += 2;
      else {
        this.skipLinebreaks();
        if (this.peekReserved() != Keyword.ESAC) return this.unexpected("expected ;; or esac");
      }
    }
  }

  /** `[[ … ]]`: operands are words (substitutions in them run); operators are skipped. */
  testClause(): bool {
    this.pos = this.kwEnd;
    let regexNext = false;
    while (true) {
      if (!this.skipLinebreaks()) return false;
      if (this.pos >= this.end) return this.unexpected("expected ]]");
      const c = this.ch(this.pos), n = this.ch(this.pos + 1);
      if (c == Ch.RBRACKET && n == Ch.RBRACKET && (this.pos + 2 >= this.end || isMeta(this.ch(this.pos + 2)))) {
        this.pos += 2;
        return true;
      }
      if ((c == Ch.AMP && n == Ch.AMP) || (c == Ch.PIPE && n == Ch.PIPE)) { this.pos += 2; continue; }
      if (c == Ch.LPAREN || c == Ch.RPAREN || c == Ch.LT || c == Ch.GT) {
        if ((c == Ch.LT || c == Ch.GT) && this.ch(this.pos + 1) == Ch.LPAREN) { // <( ) operand
          if (!this.otherWord(Mode.NORMAL)) return false;
          continue;
        }
        this.pos++;
        continue;
      }
      if (c == Ch.SEMI || c == Ch.AMP || c == Ch.PIPE) return this.unexpected("unexpected operator in [[ ]]");
      if (!this.otherWord(regexNext ? Mode.REGEX : Mode.NORMAL)) return false;
      const s = this.script;
      const w = s.wStart.length - 1;
      regexNext = !regexNext && s.wordLen(w) == 2 && load<u8>(s.wordPtr(w)) == Ch.EQ &&
        load<u8>(s.wordPtr(w) + 1) == 0x7e && s.isStatic(w);
    }
  }

  functionKeyword(): bool {
    this.pos = this.kwEnd;
    this.skipBlanks();
    const s = this.script;
    const start = this.pos;
    if (!this.scanWord(Mode.NORMAL)) return false;
    if (this.pos == start || this.b().length == 0) return this.unexpected("expected a function name");
    const cmd = this.newCommand();
    s.cFlags.set(cmd, CmdFlag.FUNCDEF);
    const nameWord = s.commitWord(this.b(), WordKind.ARG, 0);
    s.linkWord(cmd, nameWord);
    this.skipBlanks();
    if (this.ch(this.pos) == Ch.LPAREN) return this.functionBody(cmd, nameWord);
    return this.functionRest(cmd, nameWord);
  }

  /** After a function name: `()` then a compound command. */
  functionBody(cmd: i32, nameWord: i32): bool {
    this.pos++; // (
    this.skipBlanks();
    if (this.ch(this.pos) != Ch.RPAREN) return this.unexpected("expected ) in function definition");
    this.pos++;
    return this.functionRest(cmd, nameWord);
  }

  functionRest(cmd: i32, nameWord: i32): bool {
    const s = this.script;
    s.cFlags.set(cmd, s.cFlags.get(cmd) | CmdFlag.FUNCDEF);
    if (!this.skipLinebreaks()) return false;
    const c = this.ch(this.pos);
    const kw = this.peekReserved();
    const compound = c == Ch.LPAREN || kw == Keyword.LBRACE || kw == Keyword.IF || kw == Keyword.WHILE ||
      kw == Keyword.UNTIL || kw == Keyword.FOR || kw == Keyword.SELECT || kw == Keyword.CASE ||
      kw == Keyword.DBRACKET;
    if (!compound) return this.unexpected("function body must be a compound command");
    const f = s.fName.push(nameWord);
    s.fFirst.push(s.commandCount);
    s.fEnd.push(0);
    const savedFunc = this.curFunc;
    this.curFunc = f;
    const ok = this.command();
    this.curFunc = savedFunc;
    s.fEnd.set(f, s.commandCount);
    return ok;
  }

  coproc(): bool {
    this.pos = this.kwEnd;
    this.skipBlanks();
    // `coproc NAME compound`: skip NAME when a compound command follows it.
    let p = this.pos;
    while (p < this.end && isNameChar(this.ch(p))) p++;
    if (p > this.pos && isNameStart(this.ch(this.pos)) && isBlank(this.ch(p))) {
      let q = p;
      while (isBlank(this.ch(q))) q++;
      const d = this.ch(q);
      if (d == Ch.LBRACE || d == Ch.LPAREN) this.pos = q;
    }
    return this.command();
  }
}

/** `NAME=…`, `NAME+=…` or `NAME[…]=…` with the name part unquoted. */
export function isAssignment(t: usize, a: usize, n: i32): bool {
  if (n < 2 || !isNameStart(<u32>load<u8>(t)) || load<u8>(a) != 0) return false;
  let i = 1;
  while (i < n && load<u8>(a + <usize>i) == 0 && isNameChar(<u32>load<u8>(t + <usize>i))) i++;
  if (i >= n || load<u8>(a + <usize>i) != 0) return false;
  let c = <u32>load<u8>(t + <usize>i);
  if (c == Ch.LBRACKET) {
    while (i < n && <u32>load<u8>(t + <usize>i) != Ch.RBRACKET) i++;
    i++;
    if (i >= n) return false;
    c = <u32>load<u8>(t + <usize>i);
  }
  if (c == Ch.PLUS && i + 1 < n && <u32>load<u8>(t + <usize>i + 1) == Ch.EQ) return true;
  return c == Ch.EQ;
}
