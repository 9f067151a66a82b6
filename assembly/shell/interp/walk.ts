// The walk after parsing: flattens each command's words into argv, redirections
// and assignments, turns each simple command into views (the command, and
// each command a wrapper runs: `sudo env nice rm` gives four views), and parses
// every payload it can see (sh -c '…', eval, trap, heredoc or echo piped into
// a shell, …) as a nested source whose commands are walked in turn. Commands
// added by a payload are appended to the table, so one pass reaches them.

import { ByteBuffer } from "../../util/bytes";
import { bytesStartLower, indexOf, isOptionWord, isStdinPath, wordIs } from "../expand/argv";
import { ProgramSink } from "./program-sink";
import { Cmd, Kind, cmdId, pathBase, pathInfo } from "../programs";
import { noteView } from "./view-summary";
import { CdScope, IntList, Script, ViewFlag, WORD_SHIFT, rowInfo, rowKind, rowLen, rowNext } from "../syntax/nodes";
import { Parser } from "../syntax/parser";
import { Attr, Ch, CmdFlag, MAX_PAYLOAD_DEPTH, ParseError, Redir, Subst, WordFlag, WordKind } from "../syntax/tokens";
import { FD_CLOSED, FD_UNKNOWN, NO_REDIRECT, compoundFeedsStdin, fdSource, producerPayload, stdinStage } from "./stdin";
import { writtenScript } from "./script-file";
import { unwrap } from "./wrappers";
import { addSubscriptArith } from "../syntax/arith";
import { npmCommand } from "../programs";
import { directoryOptions } from "./directory-options";
import { ProgramFacts, ProgramRow, rowOfId } from "../programs";
import { spend } from "../../util/budget";

/** Word flags of a word that may stand for other text than its own (Script#isStatic is false). */
const NOT_TEXT = WordFlag.DYNAMIC | WordFlag.GLOB | WordFlag.BRACE;

export class Walker extends ProgramSink {
  scratch: ByteBuffer = new ByteBuffer(64);
  /** Where flatten puts the words of a function definition's name. */
  private ignored: IntList = new IntList(8);

  constructor(p: Parser) {
    super(p);
  }

  run(): bool {
    const s = this.s;
    for (let i = 0; i < s.commandCount; i++) {
      if (!spend(1)) return true; // the caller sees the budget spent and denies
      const assign0 = s.assignFlat.length;
      const argc = this.flatten(i);
      for (let k = assign0, n = s.assignFlat.length; k < n; k++) {
        const w = s.assignFlat.get(k);
        s.addEnvWord(w, i);
        if (!this.literalCode(i, w) || !this.commandEnv(i, -1, w)) return false;
      }
      if (argc > 0) this.chain(i, 0, argc, -1);
      if (this.p.err != ParseError.NONE) return false;
    }
    return true;
  }

  /** Fill command i's argv, redirection and assignment ranges; returns its argc (0 for a function definition). */
  // @ts-ignore: decorator
  @inline flatten(i: i32): i32 {
    const s = this.s;
    // A function definition's words are its name: no argv.
    const argv = (s.cFlags(i) & CmdFlag.FUNCDEF) != 0 ? this.ignored : s.argvFlat;
    const redir = s.redirFlat, assign = s.assignFlat;
    const argv0 = s.argvFlat.length, redir0 = redir.length, assign0 = assign.length;
    // Most words are arguments: while they are and argv has room, the word table and argv's end stay in
    // locals (nothing writes them here, and no call spills them), where wordRow and push read them from
    // memory for every word. Same bounds check as wordRow.
    const rows = s.words.data, count = s.words.length;
    const data = argv.data, capacity = argv.capacity;
    let n = argv.length;
    let w = s.cFirst(i);
    while (w >= 0) {
      if (<u32>w >= <u32>count) unreachable();
      const r = rows + (<usize>w << WORD_SHIFT);
      if (rowKind(r) != WordKind.ARG || n >= capacity) break;
      store<i32>(data + (<usize>n << 2), w);
      n++;
      w = rowNext(r);
    }
    argv.length = n;
    // The rest, from a redirection, an assignment or a full argv on: one push each.
    while (w >= 0) {
      const r = s.wordRow(w);
      const k = rowKind(r);
      if (k == WordKind.ARG) argv.push(w);
      else if (k == WordKind.REDIR) redir.push(w);
      else if (k == WordKind.ASSIGN) assign.push(w);
      w = rowNext(r);
    }
    this.ignored.reset();
    const argc = s.argvFlat.length - argv0;
    s.setRanges(i, argv0, argc, redir0, redir.length - redir0, assign0, assign.length - assign0);
    return argc;
  }

  /** Views of argv[start, end) of `cmd`: the command, then what each wrapper runs. */
  chain(cmd: i32, start: i32, end: i32, parent: i32): void {
    const s = this.s;
    // Run by xargs through the wrappers above? Carried down the chain, not walked up per view: `env env … env`
    // would cost each view its depth (quadratic).
    let fed = parent >= 0 && fedByXargs(s, parent);
    while (start < end) {
      spend(1);
      const r = s.wordRow(s.arg(cmd, start)); // the name's row, read once for its text, length and flags
      const p = s.rowPtr(r), n = rowLen(r);
      let info = 0, flags = 0, slash = false;
      // `{}` is find/xargs's placeholder: a command name only known at run time.
      const dynamic = (rowInfo(r) & NOT_TEXT) != 0 || n == 0 || (n == 2 && load<u16>(p) == 0x7d7b);
      if (dynamic) {
        flags = ViewFlag.NAME_DYNAMIC;
        slash = indexOf(p, n, Ch.SLASH) >= 0;
      } else {
        info = pathInfo(p, n); // the basename's
        // A `/` before the basename, or a trailing one (which the basename keeps).
        slash = pathBase > 0 || load<u8>(p + <usize>(n - 1)) == Ch.SLASH;
        if ((info & Kind.INTERP) != 0) flags |= ViewFlag.INTERPRETER;
        // Only a word that is not its own text (a glob, a value computed at run time) can turn into an option:
        // when the script has none, no view asks.
        if ((s.wordFlagsSeen & NOT_TEXT) != 0 && globOptionRisk(s, cmd, start, end, info)) flags |= ViewFlag.GLOB_OPTION;
      }
      const v = s.newView(cmd, start, end, parent, flags, info);
      noteView(s, v, info, slash);
      if (cmdId(info) == Cmd.ALIAS) s.aliasGeneration = s.generation; // the built-in checks ask (danger.ts)
      if (dynamic) return;
      if (fed && optionsRunCode(info) && !optionsEnded(s, cmd, start + 1, end, info)) {
        // `echo 'X!=id' | xargs make`, `… | xargs sed` with a file named `-e1e id`: the words xargs appends
        // can be options or assignments that run code, unless a `--` ends the options first.
        s.setVFlags(v, s.vFlags(v) | ViewFlag.XARGS_OPTION);
      }
      // A name the table does not know sets nothing. (A gate on the ids bookkeeping has a case for saved no
      // measurable work per decision, so every named view goes in.)
      if (info != 0) this.bookkeeping(cmd, v, start, end, info);
      if (this.p.err != ParseError.NONE || (info & Kind.WRAPPER) == 0) return;
      this.innerEnd = end;
      const next = unwrap(this, v, cmd, start, end, info);
      if (this.p.err != ParseError.NONE || next < 0 || next >= this.innerEnd) return;
      end = this.innerEnd;
      parent = v;
      fed = fed || cmdId(info) == Cmd.XARGS || cmdId(info) == Cmd.PARALLEL;
      start = next;
    }
  }

  /** Variables a command sets, directories it enters, interpreters reading stdin. */
  bookkeeping(cmd: i32, v: i32, start: i32, end: i32, info: i32): void {
    const s = this.s;
    const o = this.opts;
    // The builtins `test`/`[ -v`, `unset` and `wait -p NAME` evaluate `a[…]` subscripts as arithmetic,
    // which runs any `$( )` inside a quoted operand (red-team review): their operands are code.
    const isTest = cmdId(info) == Cmd.TEST;
    if (isTest || cmdId(info) == Cmd.UNSET || cmdId(info) == Cmd.WAIT) {
      if (!this.literalArgs(cmd, start + 1, end)) return;
      for (let k = start + 1; k < end; k++) {
        if (!isTest || (k > start + 1 && wordIs(s, s.arg(cmd, k - 1), "-v"))) addSubscriptArith(s, s.arg(cmd, k));
      }
    }
    switch (cmdId(info)) {
      case Cmd.NPM: {
        const name = s.arg(cmd, start);
        if (wordIs(s, name, "npm") || endsWithPath(s, name, "/npm")) this.npmCommand(cmd, start, end);
        break;
      }
      case Cmd.CHMOD:
        this.chmodMode(cmd, start, end);
        break;
      case Cmd.TAR: case Cmd.MAKE: {
        const facts = this.facts;
        facts.reset();
        directoryOptions(s, cmd, start, end, (rowOfId(cmdId(info)) as ProgramRow).grammar, facts);
        this.applyFacts(cmd, v, facts);
        break;
      }
      case Cmd.DECLARE: case Cmd.LET: {
        const isLet = cmdId(info) == Cmd.LET;
        let attrs = 0;
        for (let k = start + 1; k < end; k++) {
          const w = s.arg(cmd, k);
          if (isOptionWord(s, w, true)) { attrs |= declareAttrs(s, w); continue; }
          s.addEnvWord(w, cmd);
          if (isLet) s.addArith(w); // `let` evaluates each word
          if ((attrs & DECLARE_NAMEREF) != 0) { s.dynNames.push(w); s.namerefs.push(w); } // its value names another variable
          if ((attrs & DECLARE_INTEGER) != 0) s.intNames.push(w);
          if (!this.literalCode(cmd, w)) return;
          // `export GIT_EDITOR='…'`, `declare -x`, `local -x`, `readonly`: the value is a command line as in
          // `GIT_EDITOR='…' git commit` (and one already exported changes even without -x).
          if (!isLet && !this.commandEnv(cmd, v, w)) return;
        }
        break;
      }
      case Cmd.READ: {
        for (let k = o.scanRow(s, cmd, start + 1, end, rowOfId(Cmd.READ) as ProgramRow); k < end; k++) {
          s.addEnvWord(s.arg(cmd, k), cmd);
          s.dynNames.push(s.arg(cmd, k));
        }
        // `read 'a[$(id)]'` and `read x <<< 'a[$(id)]'; echo $((x))` run the `$( )`: names and input are code.
        if (!this.literalArgs(cmd, start + 1, end) || !this.literalRedirects(cmd)) return;
        break;
      }
      case Cmd.PRINTF: {
        const first = start + 1 < end ? s.arg(cmd, start + 1) : -1;
        if (start + 2 < end && wordIs(s, first, "-v")) {
          s.addEnvWord(s.arg(cmd, start + 2), cmd);
          s.dynNames.push(s.arg(cmd, start + 2));
          // `printf -v 'a[$(id)]' …`, or a value evaluated later as arithmetic.
          if (!this.literalArgs(cmd, start + 2, end)) return;
        } else if (first >= 0 && s.wordLen(first) > 2 && load<u16>(s.wordPtr(first)) == 0x762d) {
          // The name glued to the option (`printf -v'a[$(id)]' x`): the words are code as above.
          s.dynNames.push(first);
          if (!this.literalArgs(cmd, start + 1, end)) return;
        }
        break;
      }
      case Cmd.MAPFILE: {
        const k = o.scanRow(s, cmd, start + 1, end, rowOfId(Cmd.MAPFILE) as ProgramRow);
        if (k < end) {
          s.addEnvWord(s.arg(cmd, end - 1), cmd);
          s.dynNames.push(s.arg(cmd, end - 1));
        }
        const callback = o.value(0x43); // -C callback: code run every -c lines
        if (callback >= 0 && !this.payloadWord(cmd, v, callback, o.valueOffset(0x43))) return;
        if (!this.literalArgs(cmd, start + 1, end)) return;
        break;
      }
      case Cmd.GETOPTS:
        if (start + 2 < end) {
          s.addEnvWord(s.arg(cmd, start + 2), cmd);
          s.dynNames.push(s.arg(cmd, start + 2));
        }
        break;
      case Cmd.CD: case Cmd.PUSHD: {
        const k = o.scanRow(s, cmd, start + 1, end, rowOfId(cmdId(info)) as ProgramRow);
        s.cdCmds.push(cmd);
        // `pushd` alone, `pushd +N`/`-N` rotate the directory stack: somewhere this shell has been, but not
        // a path relative to anything we know.
        const pushd = cmdId(info) == Cmd.PUSHD;
        if (k < end && !(pushd && isStackIndex(s, s.arg(cmd, k)))) s.cdWords.push(s.arg(cmd, k));
        else s.cdWords.push(pushd || start + 1 < end ? -2 : -1);
        s.cdTransient.push(CdScope.SHELL);
        break;
      }
      case Cmd.POPD:
        s.cdCmds.push(cmd);
        s.cdWords.push(-2);
        s.cdTransient.push(CdScope.SHELL);
        break;
      case Cmd.SOURCE: {
        const k = start + 1;
        if (k < end && isStdinPath(s, s.arg(cmd, k))) this.readsStdin(cmd, v, true);
        else if (k < end && (s.wordFlags(s.arg(cmd, k)) & WordFlag.SUBST) != 0) this.dynamicPayload(v); // source <(…)
        else if (k < end) writtenScript(this, cmd, v, s.arg(cmd, k));
        break;
      }
      default:
        if ((info & Kind.INTERP) != 0 && (info & Kind.SHELL) == 0 && interpReadsStdin(s, cmd, start, end)) {
          s.setVFlags(v, s.vFlags(v) | ViewFlag.READS_STDIN);
        }
    }
  }

  /** Apply what a program rule found for command `cmd` (view v): the directories it runs in. */
  applyFacts(cmd: i32, v: i32, facts: ProgramFacts): void {
    for (let i = 0, n = facts.cdWord.length; i < n; i++) {
      this.transientCd(cmd, v, facts.cdWord[i], facts.cdOffset[i], facts.cdNested[i]);
    }
  }

  /** Rewrite npm's command word to the command npm resolves it to (npm-commands.ts). */
  npmCommand(cmd: i32, start: i32, end: i32): void {
    const s = this.s;
    const k = this.opts.scanRow(s, cmd, start + 1, end, rowOfId(Cmd.NPM) as ProgramRow);
    if (k >= end) return;
    const w = s.arg(cmd, k);
    if (!s.isStatic(w)) return;
    const canonical = npmCommand(s.wordPtr(w), s.wordLen(w));
    if (canonical.length == 0) return;
    s.argvFlat.set(s.cArgv(cmd) + k, s.commitString(canonical, WordKind.ARG, Attr.UNQUOTED));
  }

  /**
   * Rewrite chmod's mode to one spelling, so `blocked_patterns: ["chmod 777"]`
   * and the built-in check also see `0777`, `a+rwx` and `ugo=rwx` (red-team review).
   */
  chmodMode(cmd: i32, start: i32, end: i32): void {
    const s = this.s;
    for (let k = start + 1; k < end; k++) {
      const w = s.arg(cmd, k);
      if (!s.isStatic(w)) return;
      const p = s.wordPtr(w), n = s.wordLen(w);
      if (n >= 2 && load<u8>(p) == Ch.MINUS && load<u8>(p + 1) == Ch.MINUS) {
        if (n == 2 || bytesStartLower(p, n, "--reference")) return;
        continue;
      }
      if (n >= 2 && load<u8>(p) == Ch.MINUS && isChmodOptions(p, n)) continue;
      const mode = canonicalMode(p, n);
      if (mode.length > 0) s.argvFlat.set(s.cArgv(cmd) + k, s.commitString(mode, WordKind.ARG, Attr.UNQUOTED));
      return;
    }
  }

  /** A shell (or `source`) reads its program from stdin: find what feeds it. */
  readsStdin(cmd: i32, v: i32, shell: bool): void {
    const s = this.s;
    s.setVFlags(v, s.vFlags(v) | ViewFlag.READS_STDIN);
    if (!shell) return;
    const base = s.cRedir(cmd);
    // The redirection that leaves fd 0 open on something: the last one to fd 0, followed through `<&N` to N's.
    const r = fdSource(s, base, s.cRedirN(cmd), 0);
    if (r == NO_REDIRECT) {
      if (!producerPayload(this, cmd, v)) { s.setVFlags(v, s.vFlags(v) | ViewFlag.STDIN_UNKNOWN); return; }
      // `{ bash; } < f`, `(bash) <&3`: a compound command's redirection may feed it, and which one is not tracked.
      if (stdinStage(s, cmd) < 0 && compoundFeedsStdin(s)) s.setVFlags(v, s.vFlags(v) | ViewFlag.STDIN_UNKNOWN);
      return;
    }
    if (r == FD_CLOSED) return; // `bash <&-`: reads nothing
    if (r == FD_UNKNOWN) { s.setVFlags(v, s.vFlags(v) | ViewFlag.STDIN_UNKNOWN); return; }
    const op = s.wAux(r) & 0xff;
    if (op == Redir.HEREDOC || op == Redir.HEREDOC_TABS) {
      const body = s.wAux2(r);
      if (body >= 0) this.payloadWord(cmd, v, body, 0);
      return;
    }
    if (op == Redir.HERESTRING) { this.payloadWord(cmd, v, r, 0); return; }
    // A script file, as `bash f` runs one; but `sh < <(…)` is code we cannot see.
    if ((s.wordFlags(r) & WordFlag.SUBST) != 0) { s.setVFlags(v, s.vFlags(v) | ViewFlag.STDIN_UNKNOWN); return; }
    if (writtenScript(this, cmd, v, r)) return;
    s.setVFlags(v, s.vFlags(v) | ViewFlag.STDIN_FILE);
    s.stdinViews.push(v);
    s.stdinFiles.push(r);
  }

  /** literalCode over argv[from, to). */
  literalArgs(cmd: i32, from: i32, to: i32): bool {
    for (let k = from; k < to; k++) if (!this.literalCode(cmd, this.s.arg(cmd, k))) return false;
    return true;
  }

  /** literalCode over the command's redirection words (here-strings feeding `read`). */
  literalRedirects(cmd: i32): bool {
    const s = this.s;
    for (let k = 0, n = s.cRedirN(cmd); k < n; k++) {
      if (!this.literalCode(cmd, s.redirFlat.get(s.cRedir(cmd) + k))) return false;
    }
    return true;
  }

  /**
   * A literal `$( )` or backtick inside an assignment value (`x='a[$(id)]'`)
   * runs if the value is later evaluated (arithmetic, `${!x}`, eval): treat
   * its inside as code of this command.
   */
  literalCode(cmd: i32, w: i32): bool {
    const s = this.s;
    let i = 0;
    while (true) {
      const t = s.wordPtr(w), a = s.attrPtr(w), n = s.wordLen(w);
      let open = -1, tick = false;
      for (; i < n; i++) {
        if (load<u8>(a + <usize>i) == Attr.EXPANSION) continue;
        const c = <u32>load<u8>(t + <usize>i);
        if (c == Ch.BACKTICK) { open = i + 1; tick = true; break; }
        if (c == Ch.DOLLAR && i + 1 < n && <u32>load<u8>(t + <usize>i + 1) == Ch.LPAREN) { open = i + 2; break; }
      }
      if (open < 0) return true;
      let close = -1, depth = 0;
      for (let j = open; j < n; j++) {
        const c = <u32>load<u8>(t + <usize>j);
        if (tick) { if (c == Ch.BACKTICK) { close = j; break; } continue; }
        if (c == Ch.LPAREN) depth++;
        else if (c == Ch.RPAREN) { if (depth == 0) { close = j; break; } depth--; }
      }
      if (close < 0) return true;
      const buf = this.p.payloadBuffer();
      buf.append(t + <usize>open, close - open);
      if (!this.parsePayload(cmd)) return false;
      i = close + 1;
    }
  }
}


/** `-R`, `-v`, `-Rf`, …: chmod's own short options (a mode such as `-x` is not one). */
function isChmodOptions(p: usize, n: i32): bool {
  for (let i = 1; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c != 0x52 && c != 0x76 && c != 0x63 && c != 0x66) return false; // R v c f
  }
  return true;
}

/**
 * One spelling for a chmod mode, or "" to keep it: octal without leading
 * zeros (`0777` → `777`), and `777` for a symbolic mode that grants read,
 * write and execute to user, group and others (`a+rwx`, `ugo=rwx`, `+rwx`).
 */
function canonicalMode(p: usize, n: i32): string {
  let i = 0;
  while (i < n && <u32>load<u8>(p + <usize>i) - 0x30 < 8) i++;
  if (i == n) {
    // Octal: 0777, 1777 and 4777 all give everyone rwx (the special bits only add to it).
    if (n >= 3 && n <= 5 && load<u8>(p + <usize>n - 1) == 0x37 && load<u8>(p + <usize>n - 2) == 0x37 &&
        load<u8>(p + <usize>n - 3) == 0x37) return n == 3 ? "" : "777";
    let z = 0;
    while (z < n - 3 && load<u8>(p + <usize>z) == 0x30) z++;
    return z > 0 ? String.UTF8.decodeUnsafe(p + <usize>z, <usize>(n - z), false) : "";
  }
  let granted = 0; // 9 bits: rwx for u, g, o
  let j = 0;
  while (j < n) {
    let who = 0;
    while (j < n) {
      const c = <u32>load<u8>(p + <usize>j);
      if (c == 0x75) who |= 0x1c0; else if (c == 0x67) who |= 0x38; else if (c == 0x6f) who |= 0x7; else if (c == 0x61) who |= 0x1ff; else break;
      j++;
    }
    if (who == 0) who = 0x1ff;
    if (j >= n) return "";
    const op = <u32>load<u8>(p + <usize>j);
    if (op != Ch.PLUS && op != Ch.EQ && op != Ch.MINUS) return "";
    j++;
    let perms = 0;
    while (j < n && <u32>load<u8>(p + <usize>j) != 0x2c) {
      const c = <u32>load<u8>(p + <usize>j);
      if (c == 0x72) perms |= 0x124; else if (c == 0x77) perms |= 0x92; else if (c == 0x78 || c == 0x58) perms |= 0x49;
      // g=u, o=u: copy a class's bits (as granted so far) to every class.
      else if (c == 0x75) perms |= spread((granted >> 6) & 7);
      else if (c == 0x67) perms |= spread((granted >> 3) & 7);
      else if (c == 0x6f) perms |= spread(granted & 7);
      j++;
    }
    if (op == Ch.MINUS) granted &= ~(perms & who);
    else if (op == Ch.EQ) granted = (granted & ~who) | (perms & who);
    else granted |= perms & who;
    if (j < n) j++; // ,
  }
  return granted == 0x1ff ? "777" : "";
}

/** rwx bits for one class, repeated for user, group and others. */
function spread(bits: i32): i32 {
  return (bits << 6) | (bits << 3) | bits;
}

/** Is the view run by xargs (or parallel), directly or through wrappers (`xargs env nice sed`)? Their words read at run time end up on its command line. */
export function fedByXargs(s: Script, parent: i32): bool {
  for (let p = parent; p >= 0; p = s.vParent(p)) {
    const id = cmdId(s.vInfo(p));
    if (id == Cmd.XARGS || id == Cmd.PARALLEL) return true;
  }
  return false;
}

/**
 * `tar cf x.tar *` with a file named `--checkpoint-action=exec=sh x.sh`, `sed -i 's/a/b/' *.txt` with one
 * named `-e1e id.txt`: a glob that can expand to an option of argv[start, end), where options run code (the
 * view's GLOB_OPTION).
 */
export function globOptionRisk(s: Script, cmd: i32, start: i32, end: i32, info: i32): bool {
  if (globsOptions(info) && globMayBeOption(s, cmd, start + 1, end) &&
      (cmdId(info) != Cmd.GIT || gitRunsPrograms(s, cmd, start + 1, end))) return true;
  return cmdId(info) == Cmd.SED && computedOperandMayBeOption(s, cmd, start + 1, end);
}

/** Commands whose options or operands can name code to run (sed -e, make X!=, npm --call, git --exec, …). */
function optionsRunCode(info: i32): bool {
  const id = cmdId(info);
  return id == Cmd.SED || id == Cmd.AWK || id == Cmd.MAKE || id == Cmd.NPM || id == Cmd.NPX || id == Cmd.TAR ||
    id == Cmd.SORT || id == Cmd.RG || id == Cmd.GIT || id == Cmd.GO || id == Cmd.ENV || (info & Kind.INTERP) != 0;
}

/** Commands that read options after operands (GNU getopt permutes) and have options that run code. */
function globsOptions(info: i32): bool {
  const id = cmdId(info);
  return id == Cmd.SED || id == Cmd.MAKE || id == Cmd.NPM || id == Cmd.TAR || id == Cmd.SORT || id == Cmd.RG ||
    id == Cmd.GIT || id == Cmd.RSYNC || id == Cmd.ZIP;
}

/** A git subcommand with options that name a program (grep -O, push/fetch/clone/ls-remote --upload-pack/--exec, …). */
function gitRunsPrograms(s: Script, cmd: i32, from: i32, to: i32): bool {
  for (let k = from; k < to; k++) {
    const w = s.arg(cmd, k);
    if (wordIs(s, w, "grep") || wordIs(s, w, "push") || wordIs(s, w, "fetch") || wordIs(s, w, "pull") ||
        wordIs(s, w, "clone") || wordIs(s, w, "ls-remote") || wordIs(s, w, "archive") || wordIs(s, w, "fetch-pack") ||
        wordIs(s, w, "send-pack") || wordIs(s, w, "rebase") || wordIs(s, w, "difftool") || wordIs(s, w, "mergetool")) return true;
  }
  return false;
}

/** A glob operand before any `--` whose first byte is a pattern (`*`, `?`, `[`): it can expand to `-…`. */
function globMayBeOption(s: Script, cmd: i32, from: i32, to: i32): bool {
  for (let k = from; k < to; k++) {
    const w = s.arg(cmd, k);
    if (wordIs(s, w, "--")) return false;
    if ((s.wordFlags(w) & WordFlag.GLOB) == 0 || s.wordLen(w) == 0 || load<u8>(s.attrPtr(w)) != Attr.UNQUOTED) continue;
    const c = <u32>load<u8>(s.wordPtr(w));
    if (c == 0x2a || c == 0x3f || c == Ch.LBRACKET) return true;
  }
  return false;
}

/** sed also reads options among its operands: a value computed at run time (`sed -i … "$f"`) may be `-e1e cmd`. */
function computedOperandMayBeOption(s: Script, cmd: i32, from: i32, to: i32): bool {
  for (let k = from; k < to; k++) {
    const w = s.arg(cmd, k);
    if (wordIs(s, w, "--")) return false;
    if (!s.isStatic(w) && s.wordLen(w) > 0 && load<u8>(s.attrPtr(w)) == Attr.EXPANSION) return true;
  }
  return false;
}

/**
 * Did a `--` end the options before xargs' words? Interpreters, npx, awk and
 * env also stop at their first operand (a script, a package, a program, a
 * command); sed, make, npm, tar, sort, rg and git read options anywhere.
 */
function optionsEnded(s: Script, cmd: i32, from: i32, to: i32, info: i32): bool {
  const id = cmdId(info);
  const stopsAtOperand = (info & Kind.INTERP) != 0 || id == Cmd.NPX || id == Cmd.AWK || id == Cmd.ENV;
  for (let k = from; k < to; k++) {
    const w = s.arg(cmd, k);
    if (wordIs(s, w, "--")) return true;
    if (stopsAtOperand && s.isStatic(w) && s.wordLen(w) > 0 && load<u8>(s.wordPtr(w)) != Ch.MINUS) return true;
  }
  return false;
}

/** `+N` or `-N`: a position in the directory stack. */
function isStackIndex(s: Script, w: i32): bool {
  const p = s.wordPtr(w), n = s.wordLen(w);
  if (n < 2 || !s.isStatic(w)) return false;
  const c = load<u8>(p);
  if (c != Ch.PLUS && c != Ch.MINUS) return false;
  for (let i = 1; i < n; i++) if (<u32>load<u8>(p + <usize>i) - 0x30 >= 10) return false;
  return true;
}

/** Does word `w` end with `suffix` (`/usr/bin/npm`)? */
function endsWithPath(s: Script, w: i32, suffix: string): bool {
  const n = s.wordLen(w), m = suffix.length;
  if (n < m) return false;
  const p = s.wordPtr(w) + <usize>(n - m);
  for (let i = 0; i < m; i++) if (<u32>load<u8>(p + <usize>i) != <u32>suffix.charCodeAt(i)) return false;
  return true;
}

const DECLARE_NAMEREF = 1, DECLARE_INTEGER = 2;

/** Attributes an option word of `declare`/`local`/`typeset` gives: -n, -i. */
function declareAttrs(s: Script, w: i32): i32 {
  const p = s.wordPtr(w), n = s.wordLen(w);
  if (n < 2 || load<u8>(p) != Ch.MINUS) return 0; // +i removes an attribute
  let attrs = 0;
  for (let i = 1; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c == 0x6e) attrs |= DECLARE_NAMEREF;
    else if (c == 0x69) attrs |= DECLARE_INTEGER;
  }
  return attrs;
}

export { isStdinPath } from "../expand/argv";

/**
 * Does an interpreter (python, perl, node, …) read its program from stdin?
 * Yes unless code is given inline (-c/-e/-m/-r/-p, --eval) or a script operand.
 */
export function interpReadsStdin(s: Script, cmd: i32, start: i32, end: i32): bool {
  for (let k = start + 1; k < end; k++) {
    const w = s.arg(cmd, k);
    if (!s.isStatic(w)) return false;
    const p = s.wordPtr(w), n = s.wordLen(w);
    if (n == 1 && <u32>load<u8>(p) == Ch.MINUS) return true;
    if (n < 2 || <u32>load<u8>(p) != Ch.MINUS) return isStdinPath(s, w);
    if (<u32>load<u8>(p + 1) == Ch.MINUS) {
      if (indexOf(p, n, 0x65) == 2 || indexOf(p, n, 0x70) == 2 || indexOf(p, n, 0x63) == 2) return false; // --eval --print --command
      continue;
    }
    for (let j = 1; j < n; j++) {
      const c = <u32>load<u8>(p + <usize>j);
      if (c == 0x63 || c == 0x65 || c == 0x45 || c == 0x6d || c == 0x72 || c == 0x70) return false; // c e E m r p
      if (c == 0x43 && j == 1) return false; // pwsh -Command
    }
    const c1 = <u32>load<u8>(p + 1);
    if (n == 2 && (c1 == 0x57 || c1 == 0x58 || c1 == 0x49)) k++; // python -W x, -X x, ruby/perl -I dir
  }
  return true;
}
