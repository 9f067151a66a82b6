// The grammar: lists, and-or lists, pipelines, simple commands and their
// redirections, and the reserved words that start compound commands (the
// compound clauses themselves are in parser.ts). It records every simple
// command with its words, redirections and context; it builds no tree
// (nodes.ts). Where bash rejects the input we reject it too (fail closed):
// a parse error is a deny, never a best-effort allow. See lexer.ts for the
// class chain.

import { CmdFlag, Ch, Keyword, MAX_NESTING, ParseError, WordFlag, WordKind, Redir } from "./tokens";
import { IntList, Script, TopLink } from "./nodes";
import { wordIs } from "../expand/argv";
import { Mode, isDigit, isMeta, isWordBreak } from "./lexer";
import { notLowerBytes } from "./chars";
import { Heredocs } from "./heredoc";
import { isAssignment } from "./assign";

/** Bit k set when a reserved word starts with letter `a` + k: case/coproc, do/done, else/elif/esac, fi/for/function, if/in, select, then/time, until, while. */
const RESERVED_FIRST: u32 = (1 << 2) | (1 << 3) | (1 << 4) | (1 << 5) | (1 << 8) | (1 << 18) | (1 << 19) | (1 << 20) | (1 << 22);

export class Grammar extends Heredocs {
  /** End of the reserved word found by peekReserved. */
  kwEnd: i32 = 0;
  /** Subshell scopes: parent and whether it is a real subshell (else same shell). */
  scParent: IntList = new IntList(16);
  scOpaque: IntList = new IntList(16);

  // @ts-ignore: decorator
  @inline newScope(opaque: bool): i32 {
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

  /** The reserved word at pos (command position), or NONE. Sets kwEnd. */
  // @ts-ignore: decorator
  @inline peekReserved(): i32 {
    // Reserved words start with one of c d e f i s t u w, `{`, `}`, `!` or `[` (most command names do not).
    const c0 = this.ch(this.pos);
    if (!((c0 - 0x61) < 26 ? ((RESERVED_FIRST >> (c0 - 0x61)) & 1) != 0 :
      c0 == Ch.LBRACE || c0 == Ch.RBRACE || c0 == Ch.BANG || c0 == Ch.LBRACKET)) return Keyword.NONE;
    return this.readReserved();
  }

  /**
   * peekReserved's look, once the first byte can start a reserved word. Public for the differential spec,
   * which checks it against the byte loop it replaced.
   */
  readReserved(): i32 {
    const pos = this.pos, end = this.end, src = this.src;
    const c0 = this.ch(pos);
    if (c0 - 0x61 < 26 && pos + 8 <= end) {
      // A reserved word of letters is the run of lower-case letters at pos, when a metacharacter or the end
      // follows it: any other byte there (a ninth letter, a capital, a digit, a quote, `$`) makes a longer
      // word or one with more than letters, which no reserved word is.
      const n = <i32>(ctz(notLowerBytes(load<u64>(src + <usize>pos))) >> 3);
      const p = pos + n;
      if (p < end && !isMeta(<u32>load<u8>(src + <usize>p))) return Keyword.NONE;
      this.kwEnd = p;
      return reservedWord(src + <usize>pos, n);
    }
    let p = pos + 1;
    const limit = pos + 9;
    while (p < end && p < limit && !isWordBreak(<u32>load<u8>(src + <usize>p))) p++;
    const n = p - pos;
    if (n > 8) return Keyword.NONE;
    if (p < end && !isMeta(this.ch(p))) return Keyword.NONE;
    this.kwEnd = p;
    return reservedWord(src + <usize>pos, n);
  }

  expectKeyword(kw: i32, what: string): bool {
    this.skipLinebreaks();
    if (this.err != ParseError.NONE) return false;
    if (this.peekReserved() != kw) return this.unexpected("expected '" + what + "'");
    this.pos = this.kwEnd;
    return true;
  }

  /** Does the current list end here (`)`, `;;`, `}`, `then`, `fi`, `done`, …)? Inlined up to the keyword look. */
  // @ts-ignore: decorator
  @inline atListEnd(): bool {
    const pos = this.pos;
    if (pos >= this.end) return true;
    const c = <u32>load<u8>(this.src + <usize>pos);
    if (c == Ch.RPAREN) return true;
    if (c == Ch.SEMI) {
      const n = this.ch(pos + 1);
      return n == Ch.SEMI || n == Ch.AMP;
    }
    // The reserved words below start with `}`, d, e, f or t; most command names do not.
    if (c != Ch.RBRACE && c != 0x64 && c != 0x65 && c != 0x66 && c != 0x74) return false;
    return this.atListEndWord();
  }

  /** atListEnd at a byte that may start a reserved word ending a list. */
  private atListEndWord(): bool {
    const kw = this.peekReserved();
    return kw == Keyword.RBRACE || kw == Keyword.THEN || kw == Keyword.ELSE || kw == Keyword.ELIF ||
      kw == Keyword.FI || kw == Keyword.DO || kw == Keyword.DONE || kw == Keyword.ESAC;
  }

  // ---- lists ----

  /** A list of and-or lists separated by `;`, `&` or newlines. Returns the count in listCount. */
  listCount: i32 = 0;
  /** Something other than blanks and comments was parsed (`[[ … ]]` alone runs no simple command). */
  contentSeen: bool = false;

  list(): bool {
    let count = 0;
    while (true) {
      if (!this.skipBlanksAndLinebreaks()) return false;
      if (this.atListEnd()) break;
      const first = this.script.commandCount;
      // The command string's own list (not a body, a substitution or a payload): where each command runs
      // depends on how its pipelines are joined (command-dirs.ts).
      const top = this.nest == 0 && this.curHost < 0 && this.srcLevel == 1;
      if (top) this.noteTopPipeline(TopLink.LIST);
      // An and-or list: pipelines joined by && and ||. pipeline() returns with the blanks after it skipped.
      let simple = this.ch(this.pos) != Ch.BANG; // the pipeline is one simple command, not `!`-inverted
      if (!this.pipeline()) return false;
      simple = simple && this.onlySimple(first);
      let c = this.ch(this.pos);
      while ((c == Ch.AMP || c == Ch.PIPE) && this.ch(this.pos + 1) == c) {
        this.pos += 2;
        if (!this.skipBlanksAndLinebreaks()) return false;
        if (this.atListEnd()) return this.unexpected("expected a command after && or ||");
        if (top) this.noteTopPipeline(c == Ch.AMP ? TopLink.AND : TopLink.OR);
        const s = this.script, at = s.commandCount;
        const afterSimple = simple && c == Ch.AMP;
        simple = this.ch(this.pos) != Ch.BANG;
        if (!this.pipeline()) return false;
        if (afterSimple && s.commandCount > at) s.setCFlags(at, s.cFlags(at) | CmdFlag.AFTER_AND_SIMPLE);
        simple = simple && this.onlySimple(at);
        c = this.ch(this.pos);
      }
      if (top) this.script.topEnd = this.script.commandCount;
      if (this.err != ParseError.NONE) return false;
      count++;
      this.contentSeen = true;
      if (this.pos >= this.end) break;
      if (c == Ch.SEMI) {
        const n = this.ch(this.pos + 1);
        if (n == Ch.SEMI || n == Ch.AMP) break;
        this.pos++;
        continue;
      }
      if (c == Ch.AMP) {
        this.pos++;
        const s = this.script;
        for (let i = first, n = s.commandCount; i < n; i++) s.setCFlags(i, s.cFlags(i) | CmdFlag.ASYNC);
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

  /** Is the pipeline just parsed from command row `first` one simple command of this list (not inside `{ }` or `if`)? */
  private onlySimple(first: i32): bool {
    const s = this.script;
    return s.commandCount == first + 1 && s.sParent.get(s.cStage(first)) == this.curStage;
  }

  /** A top-level pipeline starts here (blanks skipped): its first command row and how it is joined. */
  private noteTopPipeline(link: i32): void {
    const s = this.script;
    s.topFirst.push(s.commandCount);
    s.topLink.push(this.ch(this.pos) == Ch.BANG ? link | TopLink.BANG : link);
  }

  /** A non-empty list, for compound command bodies. */
  body(what: string): bool {
    if (!this.list()) return false;
    if (this.listCount == 0) return this.unexpected("empty " + what);
    return true;
  }

  pipeline(): bool {
    // `!` and `time [-p]` prefixes. The caller (list) has skipped blanks and line breaks.
    let prefixed = false;
    // Only `!` and `time` are prefixes; most commands start with another byte.
    for (let c = this.ch(this.pos); c == Ch.BANG || c == 0x74; c = this.ch(this.pos)) {
      const kw = this.peekReserved();
      if (kw == Keyword.BANG) {
        this.pos = this.kwEnd;
      } else if (kw == Keyword.TIME) {
        this.pos = this.kwEnd;
        this.skipBlanks();
        if (this.ch(this.pos) == Ch.MINUS && this.ch(this.pos + 1) == 0x70 && isMeta(this.ch(this.pos + 2))) this.pos += 2;
      } else {
        break;
      }
      prefixed = true;
      this.skipBlanks();
    }
    // list saw no list end here; only a `!` or `time` prefix can have moved onto one.
    if ((prefixed && this.atListEnd()) || this.atSeparator()) return prefixed ? true : this.unexpected("expected a command");
    const s = this.script;
    const pipe = s.pipeCount++;
    const parentStage = this.curStage, parentScope = this.curScope;
    this.curStage = s.newStage(pipe, 0, parentStage);
    const firstScope = this.newScope(false);
    this.curScope = firstScope;
    let ok = this.commandHere();
    let index = 0;
    while (ok) {
      this.skipBlanks();
      const c = this.ch(this.pos), n = this.ch(this.pos + 1);
      if (c != Ch.PIPE || n == Ch.PIPE) break;
      this.pos += n == Ch.AMP ? 2 : 1;
      if (!this.skipBlanksAndLinebreaks()) { ok = false; break; }
      if (this.atListEnd() || this.atSeparator()) { ok = this.unexpected("expected a command after |"); break; }
      // Every stage of a multi-command pipeline runs in a subshell.
      this.scOpaque.set(firstScope, 1);
      index++;
      this.curStage = s.newStage(pipe, index, parentStage);
      this.curScope = parentScope;
      this.curScope = this.newScope(true);
      ok = this.commandHere();
    }
    this.curStage = parentStage;
    this.curScope = parentScope;
    return ok;
  }

  // @ts-ignore: decorator
  @inline atSeparator(): bool {
    const c = this.ch(this.pos);
    return c == Ch.SEMI || c == Ch.AMP || c == Ch.PIPE || c == Ch.NL;
  }

  // ---- commands ----

  command(): bool {
    this.skipBlanks();
    if (this.atSeparator()) return this.unexpected("expected a command");
    return this.commandHere();
  }

  /** command() where pipeline() has just skipped blanks and seen no separator. */
  private commandHere(): bool {
    this.nest++;
    if (this.nest > MAX_NESTING) { this.nest--; return this.fail(ParseError.TOO_DEEP, "nesting too deep"); }
    let ok: bool;
    const c = this.ch(this.pos);
    if (c == Ch.LPAREN) {
      if (this.ch(this.pos + 1) == Ch.LPAREN && this.arithPrescan(this.pos + 2)) {
        this.pos += 2;
        const from = this.pos;
        ok = this.scanArith();
        if (ok) this.noteArith(from, this.pos - 2);
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
        this.script.setCFlags(cmd, this.script.cFlags(cmd) | CmdFlag.COMPOUND);
      }
      if (!this.redirect(cmd)) return false;
    }
    if (this.pos >= this.end || this.atSeparator() || this.atListEnd()) return true;
    return this.unexpected("unexpected word after compound command");
  }

  newCommand(): i32 {
    const flags = this.loopDepth > 0 ? CmdFlag.IN_LOOP : 0;
    const c = this.script.newCommand(this.curHost, this.curSubst, this.curStage, this.curFunc, this.curDepth, flags);
    this.cScope.push(this.curScope);
    return c;
  }

  /** Loops around the command being parsed (a payload inherits its host's). */
  loopDepth: i32 = 0;

  /** Scope row of each command (parallel to the command table). */
  cScope: IntList = new IntList(32);

  simple(): bool {
    const s = this.script;
    const cmd = this.newCommand();
    const savedCmd = this.curCmd;
    this.curCmd = cmd;
    let sawName = false;
    let declaration = false;
    let nameWord = -1;
    let words = 0, assigns = 0;
    let ok = true;
    while (ok) {
      // A plain word first: it never starts with an operator, and a redirection's `2>` or `{fd}>` is no
      // plain word (the run ends at `>`, which commitPlainWord does not take as a word's end). From the
      // name on, plainCommand and plainArgs take the plain words that follow in one loop.
      let w = -1;
      if (sawName) {
        words += this.plainArgs(cmd);
      } else {
        // Most names are plain words: the name and the plain words after it in one loop.
        const k = this.plainCommand(cmd);
        if (k > 0) {
          sawName = true;
          nameWord = s.wordCount - k; // plainCommand's words are the last k, the name first
          declaration = isDeclaration(s, nameWord);
          words += k;
        } else {
          w = this.blanksThenPlainWord(WordKind.ARG);
        }
      }
      if (w < 0) {
        // Past a comment or a line continuation, a plain word may follow after all.
        if (this.pos >= this.end) break;
        const c = this.ch(this.pos);
        if (c == Ch.HASH || c == Ch.BACKSLASH) {
          this.skipBlanks();
          if (this.pos >= this.end) break;
          w = this.commitPlainWord(WordKind.ARG);
        }
      }
      const mayAssign = w < 0 || this.plainHasEq;
      if (w < 0) {
        const c = this.ch(this.pos);
        if (c == Ch.NL || c == Ch.SEMI || c == Ch.PIPE || c == Ch.RPAREN) break;
        if (c == Ch.AMP && this.ch(this.pos + 1) != Ch.GT) break;
        if (c == Ch.LPAREN) {
          if (words == 1 && assigns == 0 && s.isStatic(nameWord) && s.wordLen(nameWord) > 0) {
            // bash does not define a function whose name is quoted or escaped (`evi\l() {…}` is an error at
            // run time and a later `evil` runs the program): which name is defined cannot be read here.
            if ((s.wordFlags(nameWord) & WordFlag.QUOTED) != 0) {
              ok = this.fail(ParseError.UNSUPPORTED, "a function name with quotes or backslashes is not supported");
              break;
            }
            ok = this.functionBody(cmd, nameWord);
            break;
          }
          ok = this.unexpected("unexpected (");
          break;
        }
        if (this.atRedirect()) { ok = this.redirect(cmd); continue; }
        w = this.commitQuotedWord(WordKind.ARG);
        if (w < 0) {
          const start = this.pos;
          ok = this.scanWord(sawName && !declaration ? Mode.NORMAL : Mode.ASSIGN_OK);
          if (!ok) break;
          if (this.pos == start) { ok = this.unexpected("unexpected character"); break; }
          w = s.commitWord(this.b(), WordKind.ARG, this.seenFlags());
        }
      }
      s.linkWord(cmd, w);
      if (!sawName && mayAssign && isAssignment(s.wordPtr(w), s.attrPtr(w), s.wordLen(w))) {
        s.setKind(w, WordKind.ASSIGN);
        assigns++;
      } else {
        if (!sawName) {
          sawName = true;
          nameWord = w;
          // `declare -A h=(…)`, `local a=(…)`: declaration builtins take array literals as bash does.
          declaration = isDeclaration(s, w);
        }
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
    const s = this.script;
    let w = this.commitPlainWord(WordKind.REDIR);
    if (w < 0) {
      const start = this.pos;
      if (!this.scanWord(Mode.NORMAL)) return false;
      if (this.pos == start) return this.unexpected("expected a redirection target");
      w = s.commitWord(this.b(), WordKind.REDIR, this.seenFlags());
    }
    s.setWAux(w, op | ((fd + 1) << 8));
    s.linkWord(cmd, w);
    if (op == Redir.HEREDOC || op == Redir.HEREDOC_TABS) this.queueHeredoc(w, cmd, op == Redir.HEREDOC_TABS);
    return true;
  }

  // ---- implemented by Parser (parser.ts) ----

  subshell(): bool { return false; }
  group(): bool { return false; }
  ifClause(): bool { return false; }
  whileClause(): bool { return false; }
  forClause(): bool { return false; }
  caseClause(): bool { return false; }
  testClause(): bool { return false; }
  functionKeyword(): bool { return false; }
  functionBody(cmd: i32, nameWord: i32): bool { return false; }
  coproc(): bool { return false; }
}

/** declare, local, typeset, readonly or export. */
// @ts-ignore: decorator
@inline function isDeclaration(s: Script, w: i32): bool {
  const n = s.wordLen(w);
  return n >= 5 && n <= 8 && isDeclarationWord(s, w);
}

function isDeclarationWord(s: Script, w: i32): bool {
  return s.isStatic(w) && (wordIs(s, w, "declare") || wordIs(s, w, "local") || wordIs(s, w, "typeset") ||
    wordIs(s, w, "readonly") || wordIs(s, w, "export"));
}

/** The reserved word of the n bytes at s (1 to 8; the word's end checked by the caller), or NONE. */
function reservedWord(s: usize, n: i32): i32 {
  if (n == 1) {
    const c0 = <u32>load<u8>(s);
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
