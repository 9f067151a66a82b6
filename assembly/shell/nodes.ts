// The parse result as flat, reusable tables (struct of arrays). Nothing here
// is allocated per call: every table grows to the largest input seen and is
// reset, not freed, before the next command (the task's "memory stays flat").
//
// mvdan/sh builds a tree of Stmt/CallExpr/Word nodes; the policy only needs
// the simple commands, their words and how they are connected, so a "node"
// here is a row: a word row (Word/Lit/DblQuoted/ParamExp collapsed into one
// expanded text), a command row (CallExpr), a stage row (one side of a
// BinaryCmd with `|`), a function row (FuncDecl) and a view row (the command a
// wrapper such as `sudo` or `xargs` runs, or the wrapper itself).

import { Attr, WordFlag } from "./tokens";
import { Buf, IntList } from "./buffers";

export { Buf, IntList } from "./buffers";

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

  // Words.
  wStart: IntList = new IntList(128);
  wLen: IntList = new IntList(128);
  wInfo: IntList = new IntList(128); // WordKind | WordFlag
  wNext: IntList = new IntList(128); // next word of the same command, -1
  wAux: IntList = new IntList(128);  // REDIR: op | (fd + 1) << 8
  wAux2: IntList = new IntList(128); // REDIR heredoc: body word, -1

  // Commands.
  cFirst: IntList = new IntList(32);
  cLast: IntList = new IntList(32);
  cHost: IntList = new IntList(32);  // command whose word or payload contains this one, -1
  cSubst: IntList = new IntList(32); // Subst
  cFlags: IntList = new IntList(32); // CmdFlag
  cStage: IntList = new IntList(32); // innermost pipeline stage row, -1
  cFunc: IntList = new IntList(32);  // enclosing function row, -1
  cDepth: IntList = new IntList(32); // payload depth (0 = the command string itself)
  // Filled by the walk (walk.ts): ranges in argvFlat / redirFlat / assignFlat.
  cArgv: IntList = new IntList(32);
  cArgc: IntList = new IntList(32);
  cRedir: IntList = new IntList(32);
  cRedirN: IntList = new IntList(32);
  cAssign: IntList = new IntList(32);
  cAssignN: IntList = new IntList(32);
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

  // Views: argv[vStart, vEnd) of command vCmd is a command that runs.
  vCmd: IntList = new IntList(32);
  vStart: IntList = new IntList(32);
  vEnd: IntList = new IntList(32);
  vParent: IntList = new IntList(32); // the wrapper view that runs it, -1
  vFlags: IntList = new IntList(32);  // ViewFlag
  vInfo: IntList = new IntList(32);   // commandInfo of the name (names.ts), 0 if unknown or dynamic

  /** Words naming variables the script sets (ASSIGN, ENV_NAME or env/export operands). */
  envWords: IntList = new IntList(16);
  /** The command setting each envWords entry (-1: a loop variable or `${X:=…}` outside a command). */
  envCmds: IntList = new IntList(16);
  /** `cd`/`pushd`/`popd` in order: the command and its target word (-1: home, -2: popd or `cd -`). */
  cdCmds: IntList = new IntList(8);
  cdWords: IntList = new IntList(8);
  /** 1 when the directory change is for one command only (`env -C dir cmd`), not the shell. */
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
  /** Words naming `declare -n` namerefs: their value names the variable they stand for. */
  namerefs: IntList = new IntList(4);
  /** Words naming `declare -i` variables: every value assigned to them is evaluated as arithmetic. */
  intNames: IntList = new IntList(4);

  /** Bumped by each reset: caches over one script's words (expansion-text.ts) know when they are stale. */
  generation: i32 = 0;

  reset(): void {
    this.generation++;
    this.text.reset(); this.attr.reset();
    this.wStart.reset(); this.wLen.reset(); this.wInfo.reset();
    this.wNext.reset(); this.wAux.reset(); this.wAux2.reset();
    this.cFirst.reset(); this.cLast.reset(); this.cHost.reset(); this.cSubst.reset();
    this.cFlags.reset(); this.cStage.reset(); this.cFunc.reset(); this.cDepth.reset();
    this.cArgv.reset(); this.cArgc.reset(); this.cRedir.reset(); this.cRedirN.reset();
    this.cAssign.reset(); this.cAssignN.reset();
    this.argvFlat.reset(); this.redirFlat.reset(); this.assignFlat.reset();
    this.sPipe.reset(); this.sIndex.reset(); this.sParent.reset(); this.pipeCount = 0;
    this.fName.reset(); this.fFirst.reset(); this.fEnd.reset();
    this.vCmd.reset(); this.vStart.reset(); this.vEnd.reset(); this.vParent.reset(); this.vFlags.reset();
    this.vInfo.reset();
    this.envWords.reset(); this.envCmds.reset(); this.cdCmds.reset(); this.cdWords.reset(); this.cdTransient.reset();
    this.arithWords.reset(); this.dynNames.reset();
    this.intNames.reset(); this.valueNames.reset(); this.valueWords.reset(); this.loopWords.reset(); this.loopVars.reset(); this.namerefs.reset();
  }

  // ---- words ----

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

  /** A word of plain source bytes (commitPlainWord): all Attr.UNQUOTED; `mayPattern` when it holds * ? [ ] { } ~. */
  commitPlain(ptr: usize, n: i32, kind: i32, mayPattern: bool): i32 {
    const start = this.text.length;
    this.text.appendOutside(ptr, n);
    this.attr.appendZeros(n); // Attr.UNQUOTED
    const flags = mayPattern ? scanPatternFlags(this.text.ptr + <usize>start, this.attr.ptr + <usize>start, n) : 0;
    return this.addWordRow(start, n, kind | flags);
  }

  /** Change a committed word's kind (an ARG found to be an assignment). */
  // @ts-ignore: decorator
  @inline setKind(w: i32, kind: i32): void {
    this.wInfo.set(w, (this.wInfo.get(w) & ~WordFlag.KIND_MASK) | kind);
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
    this.wStart.push(start);
    this.wLen.push(n);
    this.wNext.push(-1);
    this.wAux.push(0);
    this.wAux2.push(-1);
    return this.wInfo.push(info);
  }

  // @ts-ignore: decorator
  @inline wordPtr(w: i32): usize {
    return this.text.ptr + <usize>this.wStart.get(w);
  }

  // @ts-ignore: decorator
  @inline attrPtr(w: i32): usize {
    return this.attr.ptr + <usize>this.wStart.get(w);
  }

  // @ts-ignore: decorator
  @inline wordLen(w: i32): i32 {
    return this.wLen.get(w);
  }

  // @ts-ignore: decorator
  @inline wordFlags(w: i32): i32 {
    return this.wInfo.get(w);
  }

  // @ts-ignore: decorator
  @inline wordKind(w: i32): i32 {
    return this.wInfo.get(w) & WordFlag.KIND_MASK;
  }

  /** Static: no expansion, glob or brace expansion can change it at run time. */
  // @ts-ignore: decorator
  @inline isStatic(w: i32): bool {
    return (this.wInfo.get(w) & (WordFlag.DYNAMIC | WordFlag.GLOB | WordFlag.BRACE)) == 0;
  }

  // ---- commands ----

  newCommand(host: i32, subst: i32, stage: i32, func: i32, depth: i32): i32 {
    this.cFirst.push(-1);
    this.cLast.push(-1);
    this.cHost.push(host);
    this.cSubst.push(subst);
    this.cFlags.push(0);
    this.cStage.push(stage);
    this.cFunc.push(func);
    this.cArgv.push(0); this.cArgc.push(0);
    this.cRedir.push(0); this.cRedirN.push(0);
    this.cAssign.push(0); this.cAssignN.push(0);
    return this.cDepth.push(depth);
  }

  // @ts-ignore: decorator
  @inline get commandCount(): i32 {
    return this.cDepth.length;
  }

  // @ts-ignore: decorator
  @inline linkWord(cmd: i32, w: i32): void {
    const last = this.cLast.get(cmd);
    if (last < 0) this.cFirst.set(cmd, w);
    else this.wNext.set(last, w);
    this.cLast.set(cmd, w);
  }

  /** argv word `k` of command `cmd` (after the walk flattened it). */
  // @ts-ignore: decorator
  @inline arg(cmd: i32, k: i32): i32 {
    return this.argvFlat.get(this.cArgv.get(cmd) + k);
  }

  // @ts-ignore: decorator
  @inline newStage(pipe: i32, index: i32, parent: i32): i32 {
    this.sPipe.push(pipe);
    this.sIndex.push(index);
    return this.sParent.push(parent);
  }

  // @ts-ignore: decorator
  @inline newView(cmd: i32, start: i32, end: i32, parent: i32, flags: i32, info: i32): i32 {
    this.vInfo.push(info);
    this.vCmd.push(cmd);
    this.vStart.push(start);
    this.vEnd.push(end);
    this.vParent.push(parent);
    return this.vFlags.push(flags);
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
    return this.vCmd.length;
  }

  /** Word row of argv[k] of view `v` (k relative to the view). */
  // @ts-ignore: decorator
  @inline viewArg(v: i32, k: i32): i32 {
    return this.arg(this.vCmd.get(v), this.vStart.get(v) + k);
  }

  // @ts-ignore: decorator
  @inline viewArgc(v: i32): i32 {
    return this.vEnd.get(v) - this.vStart.get(v);
  }
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

function scanPatternFlags(t: usize, a: usize, n: i32): i32 {
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
