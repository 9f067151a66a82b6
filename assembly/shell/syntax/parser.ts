// The parser's entry points (a command string, a payload such as the code of
// `sh -c`) and the compound commands: subshell, group, if, while, until, for,
// select, case, [[ ]], (( )), coproc and function definitions. See lexer.ts
// for the class chain (Lexer ← Expander ← Grammar ← Parser).

import { resetWork, spend } from "../../util/budget";
import { ByteBuffer } from "../../util/bytes";
import { containsZeroByte } from "../../util/swar";
import { Attr, CmdFlag, Ch, Keyword, ParseError, Subst, WordKind } from "./tokens";
import { Mode, isBlank, isMeta, isNameChar, isNameStart } from "./lexer";
import { Grammar } from "./grammar";
import { Script } from "./nodes";
import { wordIs } from "../expand/argv";
import { addSubscriptArith } from "./arith";

export class Parser extends Grammar {

  /** Parse a whole command string. Resets every table. `nulFree`: the caller has already refused NUL bytes. */
  parseTop(ptr: usize, len: i32, nulFree: bool = false): bool {
    resetWork(); // a new command: its analysis starts with the whole work budget (util/budget.ts)
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
    this.contentSeen = false;
    this.loopDepth = 0;
    this.scParent.push(-1);
    this.scOpaque.push(1);
    this.nulFree = nulFree;
    return this.parseSource(ptr, len, -1, Subst.NONE, 0, -1, -1, 0);
  }

  /** Set by parseTop for its own source only: every payload is checked for NUL bytes. */
  private nulFree: bool = false;

  /**
   * Parse (ptr, len) as a script whose commands hang under `host` (a payload
   * such as `sh -c '…'`). The bytes must stay put while parsing: top-level
   * input, or srcBufs[srcLevel + 1].
   */
  parseSource(ptr: usize, len: i32, host: i32, subst: i32, depth: i32, stage: i32, func: i32, scope: i32): bool {
    const nulFree = this.nulFree;
    this.nulFree = false;
    spend(<i64>len); // the lexer and parser are linear in the source: one unit a byte (util/budget.ts)
    if (!nulFree && containsZeroByte(ptr, len)) return this.fail(ParseError.SYNTAX, "NUL byte in payload");
    const src = this.src, end = this.end, pos = this.pos;
    const hdRead = this.hdRead, hdLen = this.hdWord.length;
    this.src = ptr; this.end = len; this.pos = 0;
    this.curHost = host; this.curSubst = subst; this.curDepth = depth;
    this.curStage = stage; this.curFunc = func; this.curCmd = -1;
    this.hdRead = hdLen;
    this.srcLevel++;
    this.curScope = scope;
    if (host >= 0) this.curScope = this.newScope(true);
    const loops = this.loopDepth;
    this.loopDepth = host >= 0 && (this.script.cFlags(host) & CmdFlag.IN_LOOP) != 0 ? 1 : 0;
    let ok = this.parseSubSource();
    this.loopDepth = loops;
    this.srcLevel--;
    this.hdRead = hdRead;
    this.hdWord.length = hdLen; this.hdCmd.length = hdLen; this.hdStrip.length = hdLen;
    this.src = src; this.end = end; this.pos = pos;
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
    this.loopDepth++;
    const ok = this.body("loop condition") && this.doGroup();
    this.loopDepth--;
    return ok;
  }

  /** `do list done`, or bash's `{ list }` loop body. */
  doGroup(): bool {
    if (!this.skipLinebreaks()) return false;
    const kw = this.peekReserved();
    if (kw == Keyword.LBRACE) return this.group();
    return this.expectKeyword(Keyword.DO, "do") && this.body("do") && this.expectKeyword(Keyword.DONE, "done");
  }

  forClause(): bool {
    this.loopDepth++;
    const ok = this.forRest();
    this.loopDepth--;
    return ok;
  }

  forRest(): bool {
    const s = this.script;
    this.pos = this.kwEnd;
    this.skipBlanks();
    if (this.ch(this.pos) == Ch.LPAREN && this.ch(this.pos + 1) == Ch.LPAREN) {
      this.pos += 2;
      const from = this.pos;
      if (!this.scanArith()) return false;
      this.noteArith(from, this.pos - 2);
      this.skipBlanks();
      if (this.ch(this.pos) == Ch.SEMI) this.pos++;
      return this.doGroup();
    }
    const start = this.pos;
    if (!this.scanWord(Mode.NORMAL)) return false;
    if (this.pos == start) return this.unexpected("expected a loop variable");
    // The loop variable is assigned: it feeds blocked_env_vars (`for PATH in …`).
    const variable = s.commitWord(this.b(), WordKind.ENV_NAME, 0);
    s.addEnvWord(variable, -1);
    if (!this.skipLinebreaks()) return false;
    const listed = this.peekReserved() == Keyword.IN;
    if (listed) {
      this.pos = this.kwEnd;
      if (!this.otherWords(variable)) return false;
    } else {
      s.dynNames.push(variable); // `for x; do`: the positional parameters
    }
    this.skipBlanks();
    if (this.ch(this.pos) == Ch.SEMI) this.pos++;
    const first = s.commandCount;
    if (!this.doGroup()) return false;
    // The body's commands, where the variable holds one of the listed words (loop-values.ts).
    if (listed) { s.forVar.push(variable); s.forFirst.push(first); s.forEnd.push(s.commandCount); }
    return true;
  }

  /** Words up to `;` or a newline that are parsed (their substitutions run) but never run. */
  otherWords(loopVariable: i32): bool {
    const s = this.script;
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
      if (!ok) break;
      const w = s.commitWord(this.b(), WordKind.OTHER, 0);
      s.loopWords.push(w);
      s.loopVars.push(loopVariable);
      // The loop variable's values, for the arithmetic taint check (arith.ts).
      if (s.isStatic(w)) s.addAssignment(loopVariable, w);
      else s.dynNames.push(loopVariable);
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
    let prev = -1, arithNext = false, subscriptNext = false;
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
      const w = s.wordCount - 1;
      // `[[ -v 'a[$(id)]' ]]` and arithmetic operands evaluate `a[…]` subscripts, running a quoted `$( )`
      // no command row holds (red-team review): refuse such an operand.
      if (subscriptHidesCode(s.wordPtr(w), s.attrPtr(w), s.wordLen(w))) {
        return this.fail(ParseError.UNSUPPORTED, "a [[ ]] operand with $( ) or a backtick inside [ ] can run it as an array subscript");
      }
      regexNext = !regexNext && s.wordLen(w) == 2 && load<u8>(s.wordPtr(w)) == Ch.EQ &&
        load<u8>(s.wordPtr(w) + 1) == 0x7e && s.isStatic(w);
      // Operands of -eq … -ge are arithmetic; `-v a[i]` evaluates the subscript (arith.ts).
      if (arithNext) s.addArith(w);
      if (subscriptNext) addSubscriptArith(s, w);
      arithNext = isArithTest(s, w);
      subscriptNext = s.isStatic(w) && wordIs(s, w, "-v");
      if (arithNext && prev >= 0) s.addArith(prev);
      prev = w;
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
    s.setCFlags(cmd, CmdFlag.FUNCDEF);
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
    s.setCFlags(cmd, s.cFlags(cmd) | CmdFlag.FUNCDEF);
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
  }}

/** `-eq`, `-ne`, `-lt`, `-le`, `-gt` or `-ge`: compares its operands as arithmetic. */
function isArithTest(s: Script, w: i32): bool {
  if (s.wordLen(w) != 3 || !s.isStatic(w)) return false;
  const p = s.wordPtr(w);
  if (load<u8>(p) != Ch.MINUS) return false;
  const a = <u32>load<u8>(p + 1), b = <u32>load<u8>(p + 2);
  return (a == 0x65 && b == 0x71) || (a == 0x6e && b == 0x65) || ((a == 0x6c || a == 0x67) && (b == 0x74 || b == 0x65));
}

/** A `[` and, in literal (not expanded) bytes, `$(` or a backtick. */
function subscriptHidesCode(t: usize, a: usize, n: i32): bool {
  let bracket = false, code = false;
  for (let i = 0; i < n; i++) {
    if (load<u8>(a + <usize>i) == Attr.EXPANSION) continue;
    const c = <u32>load<u8>(t + <usize>i);
    if (c == Ch.LBRACKET) bracket = true;
    else if (c == Ch.BACKTICK || (c == Ch.DOLLAR && i + 1 < n && <u32>load<u8>(t + <usize>i + 1) == Ch.LPAREN)) code = true;
  }
  return bracket && code;
}
