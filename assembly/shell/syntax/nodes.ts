// The parse result as flat, reusable tables: words, commands and views as
// fixed-size rows (Rows), the smaller tables as one IntList per field. Nothing
// here is allocated per call: every table grows to the largest input seen and is
// reset, not freed, before the next command (the task's "memory stays flat").
//
// mvdan/sh builds a tree of Stmt/CallExpr/Word nodes; the policy only needs
// the simple commands, their words and how they are connected, so a "node"
// here is a row: a word row (Word/Lit/DblQuoted/ParamExp collapsed into one
// expanded text), a command row (CallExpr), a stage row (one side of a
// BinaryCmd with `|`), a function row (FuncDecl) and a view row (the command a
// wrapper such as `sudo` or `xargs` runs, or the wrapper itself).

import { Attr, WordFlag } from "./tokens";

/** How a top-level pipeline is joined to the one before it (Script.topLink); BANG is or'd in for a `!` prefix. */
export namespace TopLink {
  export const LIST: i32 = 0;  // first, or after `;`, `&` or a newline
  export const AND: i32 = 1;   // after &&
  export const OR: i32 = 2;    // after ||
  export const BANG: i32 = 4;  // `! pipeline`: its status is inverted
}

/** Whose directory a `cd` entry (Script.cdTransient) changes. */
export const enum CdScope {
  SHELL = 0,             // cd, pushd, popd: every later command runs there
  COMMAND = 1,           // `env -C dir cmd`, `tar -C dir`: that command alone
  COMMAND_UNTRACKED = 2, // that command alone, relative to a directory not tracked (inside a wrapper, find's `{}`)
}
import { Buf, IntList, Rows } from "./buffers";

export { Buf, IntList } from "./buffers";

// Row layouts (byte offsets of i32 fields; a row is 1 << shift bytes).
export const WORD_SHIFT: i32 = 5;
const W_START = 0, W_LEN = 4, W_INFO = 8, W_NEXT = 12, W_AUX = 16, W_AUX2 = 20;
const COMMAND_SHIFT: i32 = 6;
const C_FIRST = 0, C_LAST = 4, C_HOST = 8, C_SUBST = 12, C_FLAGS = 16, C_STAGE = 20, C_FUNC = 24, C_DEPTH = 28, C_ARGV = 32, C_ARGC = 36, C_REDIR = 40, C_REDIR_N = 44, C_ASSIGN = 48, C_ASSIGN_N = 52;
const VIEW_SHIFT: i32 = 5;
const V_CMD = 0, V_START = 4, V_END = 8, V_PARENT = 12, V_FLAGS = 16, V_INFO = 20;

/** A new word row's fields at `r`: text at `start` (n bytes), WordKind | WordFlag `info`, no next word. */
// @ts-ignore: decorator
@inline export function fillWordRow(r: usize, start: i32, n: i32, info: i32): void {
  // Field pairs side by side, one eight-byte store each (as Script#newCommand).
  store<u64>(r, pair(start, n), W_START); // W_LEN
  store<u64>(r, pair(info, -1), W_INFO); // W_NEXT
  store<u64>(r, pair(0, -1), W_AUX); // W_AUX2
}

/** Where the row at `r` keeps its next word (W_NEXT): the field a following word's row is stored in. */
// @ts-ignore: decorator
@inline export function rowNextField(r: usize): usize {
  return r + W_NEXT;
}

/** Two i32 fields at consecutive offsets as one u64 (`lo` at the lower address). */
// @ts-ignore: decorator
@inline function pair(lo: i32, hi: i32): u64 {
  return <u64><u32>lo | (<u64><u32>hi << 32);
}

/** vInfo of the view at row `r` (Script#viewRow). */
// @ts-ignore: decorator
@inline export function viewRowInfo(r: usize): i32 {
  return load<i32>(r, V_INFO);
}

/** viewArgc of the view at row `r` (Script#viewRow). */
// @ts-ignore: decorator
@inline export function viewRowArgc(r: usize): i32 {
  return load<i32>(r, V_END) - load<i32>(r, V_START);
}

/** The WordKind of the word at row `r`. */
// @ts-ignore: decorator
@inline export function rowKind(r: usize): i32 {
  return load<i32>(r, W_INFO) & WordFlag.KIND_MASK;
}

/** The next word of the word at row `r` (-1: the last of its command). */
// @ts-ignore: decorator
@inline export function rowNext(r: usize): i32 {
  return load<i32>(r, W_NEXT);
}

/** Set the next word of the word at row `r`. */
// @ts-ignore: decorator
@inline export function setRowNext(r: usize, w: i32): void {
  store<i32>(r, w, W_NEXT);
}

/** Length of the word at row `r`. */
// @ts-ignore: decorator
@inline export function rowLen(r: usize): i32 {
  return load<i32>(r, W_LEN);
}

/** WordKind | WordFlag of the word at row `r`. */
// @ts-ignore: decorator
@inline export function rowInfo(r: usize): i32 {
  return load<i32>(r, W_INFO);
}

/** Offset of the word at row `r` in the text and attr arenas (Script#rowPtr). */
// @ts-ignore: decorator
@inline export function rowStart(r: usize): i32 {
  return load<i32>(r, W_START);
}

/** The word being built at one nesting level: expanded text plus per-byte Attr. */
@final export class WordBuilder {
  text: Buf = new Buf(64);
  attr: Buf = new Buf(64);

  // @ts-ignore: decorator
  @inline reset(): void {
    this.text.reset();
    this.attr.reset();
  }

  // @ts-ignore: decorator
  @inline push(b: u32, a: Attr): void {
    this.text.push(b);
    this.attr.push(<u32>a);
  }

  // @ts-ignore: decorator
  @inline append(ptr: usize, len: i32, a: Attr): void {
    this.text.append(ptr, len);
    this.attr.fill(<u32>a, len);
  }

  appendString(s: string, a: Attr): void {
    const before = this.text.length;
    this.text.appendString(s);
    this.attr.fill(<u32>a, this.text.length - before);
  }

  // @ts-ignore: decorator
  @inline get length(): i32 {
    return this.text.length;
  }
}

/** All simple commands found in one command string (including nested payloads). */
@final export class Script {
  // Word text and Attr bytes, one arena for every word.
  text: Buf = new Buf(1024);
  attr: Buf = new Buf(1024);

  // Words, commands and views: one row each (buffers.ts Rows), read and written through the accessors
  // at the end of this class.
  words: Rows = new Rows(WORD_SHIFT, 128);
  /** Every word's WordFlag bits OR'd together (only a word's kind changes after it is added: setKind). */
  wordFlagsSeen: i32 = 0;
  commands: Rows = new Rows(COMMAND_SHIFT, 32);
  views: Rows = new Rows(VIEW_SHIFT, 32);
  // Filled by the walk (walk.ts): the flattened argv, redirection and assignment words each command's
  // cArgv/cRedir/cAssign ranges point into.
  argvFlat: IntList = new IntList(128);
  redirFlat: IntList = new IntList(32);
  assignFlat: IntList = new IntList(32);

  // Pipeline stages: stage `sIndex` of pipeline `sPipe`, inside stage `sParent`.
  sPipe: IntList = new IntList(32);
  sIndex: IntList = new IntList(32);
  sParent: IntList = new IntList(32);
  pipeCount: i32 = 0;

  // Function definitions: name word and the command rows of the body.
  fName: IntList = new IntList(8);
  fFirst: IntList = new IntList(8);
  fEnd: IntList = new IntList(8);

  /** Words naming variables the script sets (ASSIGN, ENV_NAME or env/export operands). */
  envWords: IntList = new IntList(16);
  /** The command setting each envWords entry (-1: a loop variable or `${X:=…}` outside a command). */
  envCmds: IntList = new IntList(16);
  /** `cd`/`pushd`/`popd` in order: the command and its target word (-1: home, -2: popd or `cd -`). */
  cdCmds: IntList = new IntList(8);
  cdWords: IntList = new IntList(8);
  /** Whose directory each change is (CdScope): the shell's, or one command's only (`env -C dir cmd`). */
  cdTransient: IntList = new IntList(8);
  /**
   * Text that bash evaluates as arithmetic (`$(( ))`, `(( ))`, `let`, array
   * subscripts, `${x:offset}`, `[[ -eq ]]` operands; arith.ts), one word each.
   */
  arithWords: IntList = new IntList(8);
  /** Words naming variables given a value from outside the command string (`read x`, `for x in $(…)`). */
  dynNames: IntList = new IntList(8);
  /** Values written in the command for a name that has no `=` of its own (`for i in 1 2 3`): name and value words. */
  valueNames: IntList = new IntList(8);
  valueWords: IntList = new IntList(8);
  /** Every word of every `for … in` list: values that become arguments where the variable is used. */
  loopWords: IntList = new IntList(8);
  /** The loop variable of each of loopWords (its name word). */
  loopVars: IntList = new IntList(8);
  /**
   * Each `for`/`select NAME in …` loop: its variable's word and the command rows of its body [first, end)
   * (a payload parsed later, `sh -c '…'` in the body, is appended after them and is not in the range).
   */
  forVar: IntList = new IntList(4);
  forFirst: IntList = new IntList(4);
  forEnd: IntList = new IntList(4);
  /** Words naming `declare -n` namerefs: their value names the variable they stand for. */
  namerefs: IntList = new IntList(4);
  /** Words naming `declare -i` variables: every value assigned to them is evaluated as arithmetic. */
  intNames: IntList = new IntList(4);
  /** Output redirections whose written text was parsed as the script a later shell runs (script-file.ts). */
  checkedWrites: IntList = new IntList(2);
  /** Shells (and `source`) that read their program from a file on stdin (`bash < f`, `bash 3< f <&3`): view and file word. */
  stdinViews: IntList = new IntList(2);
  stdinFiles: IntList = new IntList(2);
  /**
   * The pipelines of the command string's own top-level list, in order (command-dirs.ts): the first command row
   * of each (its rows run to the next one's first, the last one's to topEnd), and how it is joined to the one
   * before (TopLink). Commands of payloads parsed later (`sh -c '…'`) are at topEnd or after.
   */
  topFirst: IntList = new IntList(8);
  topLink: IntList = new IntList(8);
  topEnd: i32 = 0;

  /** Bumped by each reset: caches over one script's words (expansion-text.ts) know when they are stale. */
  generation: i32 = 0;
  /** The generation whose walk made an `alias` view (walk.ts): the script has one when this is `generation`. */
  aliasGeneration: i32 = -1;

  reset(): void {
    this.generation++;
    this.text.reset(); this.attr.reset();
    this.words.reset(); this.commands.reset(); this.views.reset(); this.wordFlagsSeen = 0;
    this.argvFlat.reset(); this.redirFlat.reset(); this.assignFlat.reset();
    this.sPipe.reset(); this.sIndex.reset(); this.sParent.reset(); this.pipeCount = 0;
    this.fName.reset(); this.fFirst.reset(); this.fEnd.reset();
    this.envWords.reset(); this.envCmds.reset(); this.cdCmds.reset(); this.cdWords.reset(); this.cdTransient.reset();
    this.arithWords.reset(); this.dynNames.reset();
    this.intNames.reset(); this.valueNames.reset(); this.valueWords.reset(); this.loopWords.reset(); this.loopVars.reset(); this.namerefs.reset();
    this.forVar.reset(); this.forFirst.reset(); this.forEnd.reset();
    this.checkedWrites.reset(); this.stdinViews.reset(); this.stdinFiles.reset();
    this.topFirst.reset(); this.topLink.reset(); this.topEnd = 0;
  }

  // ---- words ----

  // @ts-ignore: decorator
  @inline get wordCount(): i32 {
    return this.words.length;
  }

  /** Copy a finished word from `b` into the arena; returns its row. */
  // @ts-ignore: decorator
  @inline commitWord(b: WordBuilder, kind: i32, extraFlags: i32): i32 {
    const start = this.text.length;
    const n = b.text.length;
    this.text.append(b.text.ptr, n);
    this.attr.append(b.attr.ptr, n);
    const flags = scanWordFlags(b.text.ptr, b.attr.ptr, n) | extraFlags;
    return this.addWordRow(start, n, kind | flags);
  }

  /**
   * A word of plain source bytes that commitPlainWord already placed at the arena's end: all
   * Attr.UNQUOTED; `mayPattern` when it holds * ? [ ] { } ~.
   */
  // @ts-ignore: decorator
  @inline commitPlacedPlain(n: i32, kind: i32, mayPattern: bool): i32 {
    const start = this.text.length;
    this.text.length = start + n;
    this.attr.appendZeros(n); // Attr.UNQUOTED
    const flags = mayPattern ? scanPatternFlags(this.text.ptr + <usize>start, this.attr.ptr + <usize>start, n) : 0;
    return this.addWordRow(start, n, kind | flags);
  }

  /** Change a committed word's kind (an ARG found to be an assignment). */
  // @ts-ignore: decorator
  @inline setKind(w: i32, kind: i32): void {
    this.setWInfo(w, (this.wInfo(w) & ~WordFlag.KIND_MASK) | kind);
  }

  /** A word holding `text` (all one Attr). */
  commitString(text: string, kind: i32, a: Attr): i32 {
    const start = this.text.length;
    this.text.appendString(text);
    this.attr.fill(<u32>a, this.text.length - start);
    return this.addWordRow(start, this.text.length - start, kind);
  }

  /** A word from raw bytes (all one Attr). */
  commitRaw(ptr: usize, n: i32, kind: i32, a: Attr): i32 {
    const start = this.text.length;
    this.text.append(ptr, n);
    this.attr.fill(<u32>a, n);
    return this.addWordRow(start, n, kind);
  }

  // @ts-ignore: decorator
  @inline addWordRow(start: i32, n: i32, info: i32): i32 {
    this.wordFlagsSeen |= info;
    const w = this.words.length;
    fillWordRow(this.words.add(WORD_SHIFT), start, n, info);
    return w;
  }

  /** Word w's row (checked: a logic error traps), for reading several of its fields (rowKind, rowNext). */
  // @ts-ignore: decorator
  @inline wordRow(w: i32): usize {
    return this.words.row(w, WORD_SHIFT);
  }

  // @ts-ignore: decorator
  @inline wordPtr(w: i32): usize {
    return this.text.ptr + <usize>this.wStart(w);
  }

  // @ts-ignore: decorator
  @inline attrPtr(w: i32): usize {
    return this.attr.ptr + <usize>this.wStart(w);
  }

  // @ts-ignore: decorator
  @inline wordLen(w: i32): i32 {
    return this.wLen(w);
  }

  // @ts-ignore: decorator
  @inline wordFlags(w: i32): i32 {
    return this.wInfo(w);
  }

  // @ts-ignore: decorator
  @inline wordKind(w: i32): i32 {
    return this.wInfo(w) & WordFlag.KIND_MASK;
  }

  /** Static: no expansion, glob or brace expansion can change it at run time. */
  // @ts-ignore: decorator
  @inline isStatic(w: i32): bool {
    return (this.wInfo(w) & (WordFlag.DYNAMIC | WordFlag.GLOB | WordFlag.BRACE)) == 0;
  }

  // ---- commands ----

  /** A new command row: no words yet, CmdFlag `flags`, in the given host, substitution, stage, function and depth. */
  // @ts-ignore: decorator
  @inline newCommand(host: i32, subst: i32, stage: i32, func: i32, depth: i32, flags: i32): i32 {
    const c = this.commands.length;
    const r = this.commands.add(COMMAND_SHIFT);
    // Field pairs side by side, one eight-byte store each (little-endian: the first field is the low half).
    store<u64>(r, pair(-1, -1), C_FIRST); // C_LAST
    store<u64>(r, pair(host, subst), C_HOST); // C_SUBST
    store<u64>(r, pair(flags, stage), C_FLAGS); // C_STAGE
    store<u64>(r, pair(func, depth), C_FUNC); // C_DEPTH
    store<u64>(r, 0, C_ARGV); // C_ARGC
    store<u64>(r, 0, C_REDIR); // C_REDIR_N
    store<u64>(r, 0, C_ASSIGN); // C_ASSIGN_N
    return c;
  }

  // @ts-ignore: decorator
  @inline get commandCount(): i32 {
    return this.commands.length;
  }

  // @ts-ignore: decorator
  @inline linkWord(cmd: i32, w: i32): void {
    const last = this.cLast(cmd);
    if (last < 0) this.setCFirst(cmd, w);
    else this.setWNext(last, w);
    this.setCLast(cmd, w);
  }

  /** argv word `k` of command `cmd` (after the walk flattened it). */
  // @ts-ignore: decorator
  @inline arg(cmd: i32, k: i32): i32 {
    return this.argvFlat.get(this.cArgv(cmd) + k);
  }

  // @ts-ignore: decorator
  @inline newStage(pipe: i32, index: i32, parent: i32): i32 {
    this.sPipe.push(pipe);
    this.sIndex.push(index);
    return this.sParent.push(parent);
  }

  // @ts-ignore: decorator
  @inline newView(cmd: i32, start: i32, end: i32, parent: i32, flags: i32, info: i32): i32 {
    const v = this.views.length;
    const r = this.views.add(VIEW_SHIFT);
    store<i32>(r, cmd, V_CMD);
    store<i32>(r, start, V_START);
    store<i32>(r, end, V_END);
    store<i32>(r, parent, V_PARENT);
    store<i32>(r, flags, V_FLAGS);
    store<i32>(r, info, V_INFO);
    return v;
  }

  /** Record word `w` as arithmetic text. */
  addArith(w: i32): void {
    this.arithWords.push(w);
  }

  addAssignment(name: i32, value: i32): void {
    this.valueNames.push(name);
    this.valueWords.push(value);
  }

  addEnvWord(w: i32, cmd: i32): void {
    this.envWords.push(w);
    this.envCmds.push(cmd);
  }

  // @ts-ignore: decorator
  @inline get viewCount(): i32 {
    return this.views.length;
  }

  /** Word row of argv[k] of view `v` (k relative to the view). */
  // @ts-ignore: decorator
  @inline viewArg(v: i32, k: i32): i32 {
    return this.arg(this.vCmd(v), this.vStart(v) + k);
  }

  // @ts-ignore: decorator
  @inline viewArgc(v: i32): i32 {
    return this.vEnd(v) - this.vStart(v);
  }
  // ---- row fields (the layouts at the top of this file) ----

  /** A word: where its text starts in the arena. */
  // @ts-ignore: decorator
  @inline wStart(i: i32): i32 { return load<i32>(this.words.row(i, WORD_SHIFT), W_START); }
  /** A word: its length in bytes. */
  // @ts-ignore: decorator
  @inline wLen(i: i32): i32 { return load<i32>(this.words.row(i, WORD_SHIFT), W_LEN); }
  /** A word: WordKind | WordFlag. */
  // @ts-ignore: decorator
  @inline wInfo(i: i32): i32 { return load<i32>(this.words.row(i, WORD_SHIFT), W_INFO); }
  // @ts-ignore: decorator
  @inline setWInfo(i: i32, v: i32): void { store<i32>(this.words.row(i, WORD_SHIFT), v, W_INFO); }
  /** A word: next word of the same command, -1. */
  // @ts-ignore: decorator
  @inline wNext(i: i32): i32 { return load<i32>(this.words.row(i, WORD_SHIFT), W_NEXT); }
  // @ts-ignore: decorator
  @inline setWNext(i: i32, v: i32): void { store<i32>(this.words.row(i, WORD_SHIFT), v, W_NEXT); }
  /** A word: REDIR: op | (fd + 1) << 8. */
  // @ts-ignore: decorator
  @inline wAux(i: i32): i32 { return load<i32>(this.words.row(i, WORD_SHIFT), W_AUX); }
  // @ts-ignore: decorator
  @inline setWAux(i: i32, v: i32): void { store<i32>(this.words.row(i, WORD_SHIFT), v, W_AUX); }
  /** A word: REDIR heredoc: body word, -1. */
  // @ts-ignore: decorator
  @inline wAux2(i: i32): i32 { return load<i32>(this.words.row(i, WORD_SHIFT), W_AUX2); }
  // @ts-ignore: decorator
  @inline setWAux2(i: i32, v: i32): void { store<i32>(this.words.row(i, WORD_SHIFT), v, W_AUX2); }
  /** A command: first word, -1. */
  // @ts-ignore: decorator
  @inline cFirst(i: i32): i32 { return load<i32>(this.commands.row(i, COMMAND_SHIFT), C_FIRST); }
  /** Where command i keeps its first word (C_FIRST), for a loop that links words through one field address. */
  // @ts-ignore: decorator
  @inline cFirstField(i: i32): usize { return this.commands.row(i, COMMAND_SHIFT) + C_FIRST; }
  // @ts-ignore: decorator
  @inline setCFirst(i: i32, v: i32): void { store<i32>(this.commands.row(i, COMMAND_SHIFT), v, C_FIRST); }
  /** A command: last word, -1. */
  // @ts-ignore: decorator
  @inline cLast(i: i32): i32 { return load<i32>(this.commands.row(i, COMMAND_SHIFT), C_LAST); }
  // @ts-ignore: decorator
  @inline setCLast(i: i32, v: i32): void { store<i32>(this.commands.row(i, COMMAND_SHIFT), v, C_LAST); }
  /** A command: command whose word or payload contains this one, -1. */
  // @ts-ignore: decorator
  @inline cHost(i: i32): i32 { return load<i32>(this.commands.row(i, COMMAND_SHIFT), C_HOST); }
  /** A command: Subst. */
  // @ts-ignore: decorator
  @inline cSubst(i: i32): i32 { return load<i32>(this.commands.row(i, COMMAND_SHIFT), C_SUBST); }
  /** A command: CmdFlag. */
  // @ts-ignore: decorator
  @inline cFlags(i: i32): i32 { return load<i32>(this.commands.row(i, COMMAND_SHIFT), C_FLAGS); }
  // @ts-ignore: decorator
  @inline setCFlags(i: i32, v: i32): void { store<i32>(this.commands.row(i, COMMAND_SHIFT), v, C_FLAGS); }
  /** A command: innermost pipeline stage row, -1. */
  // @ts-ignore: decorator
  @inline cStage(i: i32): i32 { return load<i32>(this.commands.row(i, COMMAND_SHIFT), C_STAGE); }
  /** A command: enclosing function row, -1. */
  // @ts-ignore: decorator
  @inline cFunc(i: i32): i32 { return load<i32>(this.commands.row(i, COMMAND_SHIFT), C_FUNC); }
  /** A command: payload depth (0 = the command string itself). */
  // @ts-ignore: decorator
  @inline cDepth(i: i32): i32 { return load<i32>(this.commands.row(i, COMMAND_SHIFT), C_DEPTH); }
  /** A command: start of its argv in argvFlat (walk.ts). */
  // @ts-ignore: decorator
  @inline cArgv(i: i32): i32 { return load<i32>(this.commands.row(i, COMMAND_SHIFT), C_ARGV); }
  /** Command i's argv, redirection and assignment ranges (set by the walk's flatten), in one row access. */
  setRanges(i: i32, argv: i32, argc: i32, redir: i32, redirN: i32, assign: i32, assignN: i32): void {
    const r = this.commands.row(i, COMMAND_SHIFT);
    store<i32>(r, argv, C_ARGV); store<i32>(r, argc, C_ARGC);
    store<i32>(r, redir, C_REDIR); store<i32>(r, redirN, C_REDIR_N);
    store<i32>(r, assign, C_ASSIGN); store<i32>(r, assignN, C_ASSIGN_N);
  }

  // @ts-ignore: decorator
  @inline setCArgv(i: i32, v: i32): void { store<i32>(this.commands.row(i, COMMAND_SHIFT), v, C_ARGV); }
  /** A command: argv length. */
  // @ts-ignore: decorator
  @inline cArgc(i: i32): i32 { return load<i32>(this.commands.row(i, COMMAND_SHIFT), C_ARGC); }
  // @ts-ignore: decorator
  @inline setCArgc(i: i32, v: i32): void { store<i32>(this.commands.row(i, COMMAND_SHIFT), v, C_ARGC); }
  /** A command: start of its redirections in redirFlat. */
  // @ts-ignore: decorator
  @inline cRedir(i: i32): i32 { return load<i32>(this.commands.row(i, COMMAND_SHIFT), C_REDIR); }
  // @ts-ignore: decorator
  @inline setCRedir(i: i32, v: i32): void { store<i32>(this.commands.row(i, COMMAND_SHIFT), v, C_REDIR); }
  /** A command: redirection count. */
  // @ts-ignore: decorator
  @inline cRedirN(i: i32): i32 { return load<i32>(this.commands.row(i, COMMAND_SHIFT), C_REDIR_N); }
  // @ts-ignore: decorator
  @inline setCRedirN(i: i32, v: i32): void { store<i32>(this.commands.row(i, COMMAND_SHIFT), v, C_REDIR_N); }
  /** A command: start of its assignments in assignFlat. */
  // @ts-ignore: decorator
  @inline cAssign(i: i32): i32 { return load<i32>(this.commands.row(i, COMMAND_SHIFT), C_ASSIGN); }
  // @ts-ignore: decorator
  @inline setCAssign(i: i32, v: i32): void { store<i32>(this.commands.row(i, COMMAND_SHIFT), v, C_ASSIGN); }
  /** A command: assignment count. */
  // @ts-ignore: decorator
  @inline cAssignN(i: i32): i32 { return load<i32>(this.commands.row(i, COMMAND_SHIFT), C_ASSIGN_N); }
  // @ts-ignore: decorator
  @inline setCAssignN(i: i32, v: i32): void { store<i32>(this.commands.row(i, COMMAND_SHIFT), v, C_ASSIGN_N); }
  /** A view: the command whose argv[vStart, vEnd) runs. */
  // @ts-ignore: decorator
  @inline vCmd(i: i32): i32 { return load<i32>(this.views.row(i, VIEW_SHIFT), V_CMD); }
  /** A view: first argv index. */
  // @ts-ignore: decorator
  @inline vStart(i: i32): i32 { return load<i32>(this.views.row(i, VIEW_SHIFT), V_START); }
  /** A view: argv end. */
  // @ts-ignore: decorator
  @inline vEnd(i: i32): i32 { return load<i32>(this.views.row(i, VIEW_SHIFT), V_END); }
  /** A view: the wrapper view that runs it, -1. */
  // @ts-ignore: decorator
  @inline vParent(i: i32): i32 { return load<i32>(this.views.row(i, VIEW_SHIFT), V_PARENT); }
  /** A view: ViewFlag. */
  // @ts-ignore: decorator
  @inline vFlags(i: i32): i32 { return load<i32>(this.views.row(i, VIEW_SHIFT), V_FLAGS); }
  // @ts-ignore: decorator
  @inline setVFlags(i: i32, v: i32): void { store<i32>(this.views.row(i, VIEW_SHIFT), v, V_FLAGS); }
  /** A view: commandInfo of the name (names.ts), 0 if unknown or dynamic. */
  // @ts-ignore: decorator
  @inline vInfo(i: i32): i32 { return load<i32>(this.views.row(i, VIEW_SHIFT), V_INFO); }
  /** View i's row (checked: a logic error traps), for reading several of its fields (viewRowInfo, viewRowArgc). */
  // @ts-ignore: decorator
  @inline viewRow(i: i32): usize { return this.views.row(i, VIEW_SHIFT); }
  /** A view's name word, argv[vStart] of vCmd: one check of the view row where vCmd and vStart took two. */
  // @ts-ignore: decorator
  @inline viewName(i: i32): i32 {
    const r = this.views.row(i, VIEW_SHIFT);
    return this.arg(load<i32>(r, V_CMD), load<i32>(r, V_START));
  }
  /** Text of the word at row `r` (wordRow): wordPtr with its row read once. */
  // @ts-ignore: decorator
  @inline rowPtr(r: usize): usize { return this.text.ptr + <usize>load<i32>(r, W_START); }
}

/** View flags. */
export namespace ViewFlag {
  export const NAME_DYNAMIC: i32 = 1;     // the command name is computed at run time
  export const PAYLOAD_DYNAMIC: i32 = 2;  // sh -c "$X", eval "$X": code we cannot see
  export const READS_STDIN: i32 = 4;      // a shell/interpreter reading its program from stdin
  export const STDIN_UNKNOWN: i32 = 8;    // …and that stdin is a pipe we cannot inspect
  export const INTERPRETER: i32 = 16;     // a shell or language interpreter
  export const GLOB_OPTION: i32 = 32;     // a glob could expand to one of its code-running options (wildcard injection)
  export const XARGS_OPTION: i32 = 64;    // xargs appends words that could be such options
  export const STDIN_FILE: i32 = 128;     // a shell reading its program from a file on stdin (`bash < f`)
}

// Bytes that can make an unquoted word a glob, a brace expansion or a tilde
// prefix: * ? [ ] { } ~ (256 entries, so any byte indexes it).
// @ts-ignore: decorator
@lazy @inline const PATTERN_BYTE = memory.data<u8>([
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
]);

/** Flags of a finished word from its text and Attr bytes. */
export function scanWordFlags(t: usize, a: usize, n: i32): i32 {
  // Most words hold none of * ? [ ] { } ~: one branch-free pass settles them
  // (the full scan below was a fifth of the parse).
  let attrs: u32 = 0;
  let pattern: u32 = 0;
  for (let i = 0; i < n; i++) {
    attrs |= <u32>load<u8>(a + <usize>i);
    pattern |= <u32>load<u8>(PATTERN_BYTE + <usize>load<u8>(t + <usize>i));
  }
  if (pattern == 0) {
    return ((attrs & Attr.EXPANSION) != 0 ? WordFlag.DYNAMIC : 0) | ((attrs & Attr.QUOTED) != 0 ? WordFlag.QUOTED : 0);
  }
  return scanPatternFlags(t, a, n);
}

export function scanPatternFlags(t: usize, a: usize, n: i32): i32 {
  let flags = 0;
  let braceOpen = -1;
  let bracketOpen = false;
  for (let i = 0; i < n; i++) {
    const at = <u32>load<u8>(a + <usize>i);
    if (at == Attr.EXPANSION) { flags |= WordFlag.DYNAMIC; continue; }
    if (at == Attr.QUOTED) { flags |= WordFlag.QUOTED; continue; }
    const c = <u32>load<u8>(t + <usize>i);
    if (c == 0x2a || c == 0x3f) flags |= WordFlag.GLOB; // * ?
    else if (c == 0x5b) bracketOpen = true; // [
    else if (c == 0x5d && bracketOpen) flags |= WordFlag.GLOB;
    else if (c == 0x7b) braceOpen = i; // {
    else if (c == 0x7d && braceOpen >= 0) { // }
      if (braceHasAlternatives(t, a, braceOpen + 1, i)) flags |= WordFlag.BRACE;
    } else if (c == 0x7e && i == 0) flags |= WordFlag.TILDE;
  }
  return flags;
}

/** An unquoted `,` or `..` between braces makes it a brace expansion. */
function braceHasAlternatives(t: usize, a: usize, from: i32, to: i32): bool {
  for (let i = from; i < to; i++) {
    if (<u32>load<u8>(a + <usize>i) != Attr.UNQUOTED) continue;
    const c = <u32>load<u8>(t + <usize>i);
    if (c == 0x2c) return true;
    if (c == 0x2e && i + 1 < to && <u32>load<u8>(t + <usize>i + 1) == 0x2e) return true;
  }
  return false;
}
