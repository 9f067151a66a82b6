// What a command reads, writes, deletes and contacts: each simple command run
// (every view: `sudo cat f` is checked as `cat f` too) is read by its program's
// row (programs/, found through the registry) with parseArgs over the row's own
// grammar, and the row's effects column picks operands and option values out
// of it; every output and input redirection of the parsed script adds a write
// or a read. The list is plain data: where each path resolves and whether it is
// allowed is the policy's business (policy/capabilities/command/command-scopes.ts).
//
// Operands nobody can know fail closed: a program run by xargs, find -exec,
// fd -x or parallel gets more operands at run time, so each operand effect of
// its row also names "a place no path names".
//
// Also found here: runs of programs whose effects cannot be known — an
// interpreter running a script or inline code, `npm run`, `make`, `npx` —
// which no scope can bind.

import { ByteBuffer, inWordList, toLowerAscii } from "../../util/bytes";
import { IntList, Script, ViewFlag, rowInfo, rowLen, rowStart } from "../syntax/nodes";
import { Redir, Subst, WordFlag } from "../syntax/tokens";
import { basenameOffset } from "../expand/argv";
import { Condition, assignmentValue, conditionHolds } from "./effect-condition";
import {
  Cmd, EffectFrom, EffectKind, EffectRule, NameTable, ParsedArgs, ProgramRow, SedFiles, Spellings, cmdId, longTable, parseArgs, rowOf,
  rowOfId, sedFiles,
} from "../programs";

export { EffectKind, EffectKind as ScopeEffectKind } from "../programs";

/** One effect: what (kind), done by which view (-1: a redirection of command `cmd`), on which text. */
export class EffectList {
  kind: IntList = new IntList(16);
  view: IntList = new IntList(16);
  cmd: IntList = new IntList(16);
  /** The word holding the text (-1: a fixed path, `fixed[fixedIndex]`), and the text's bytes [start, end) in it. */
  word: IntList = new IntList(16);
  start: IntList = new IntList(16);
  end: IntList = new IntList(16);
  fixedIndex: IntList = new IntList(16);
  fixed: Array<string> = [];
  /** For CONTACT: the subcommand named it (git push to a local path writes there). */
  sub: Array<string> = [];
  /** For CONTACT: the request method its program's options say ("" = the program's default, GET). */
  method: Array<string> = [];
  /** Views running code whose effects cannot be known (an interpreter and its script, npm run, make, npx). */
  unbound: IntList = new IntList(4);
  /** 1: the effect reaches everything under its path too (EffectRule.tree: `rm -r`, `grep -r`, `find`). */
  tree: IntList = new IntList(16);
  /**
   * How many of `fixed` are this list's. The string arrays keep their length between lists (only entries below
   * count, and fixed below fixedCount, are this list's): reuse overwrites them instead of growing them again.
   */
  private fixedCount: i32 = 0;

  /**
   * How many effects the eight columns have room for without growing (the least capacity among them): below
   * it, add writes each column in place, one check for the eight. The columns grow only through push.
   */
  private room: i32 = 0;

  reset(): void {
    this.kind.reset(); this.view.reset(); this.cmd.reset(); this.word.reset();
    this.start.reset(); this.end.reset(); this.fixedIndex.reset(); this.tree.reset();
    this.fixedCount = 0;
    this.unbound.reset();
  }

  // @ts-ignore: decorator
  @inline get count(): i32 {
    return this.kind.length;
  }

  add(kind: EffectKind, view: i32, cmd: i32, word: i32, start: i32, end: i32, sub: string): void {
    this.row(<i32>kind, view, cmd, word, start, end, -1, sub);
  }

  addFixed(kind: EffectKind, view: i32, cmd: i32, path: string, sub: string = ""): void {
    this.row(<i32>kind, view, cmd, -1, 0, 0, this.newFixed(path), sub);
  }

  /** One more effect (its tree flag 0): in place while there is room in every column, else pushed. */
  private row(kind: i32, view: i32, cmd: i32, word: i32, start: i32, end: i32, fixedIndex: i32, sub: string): void {
    const e = this.kind.length;
    if (e < this.room) {
      const at = <usize>e << 2;
      store<i32>(this.kind.data + at, kind); store<i32>(this.view.data + at, view); store<i32>(this.cmd.data + at, cmd);
      store<i32>(this.word.data + at, word); store<i32>(this.start.data + at, start); store<i32>(this.end.data + at, end);
      store<i32>(this.fixedIndex.data + at, fixedIndex); store<i32>(this.tree.data + at, 0);
      const n = e + 1;
      this.kind.length = n; this.view.length = n; this.cmd.length = n; this.word.length = n;
      this.start.length = n; this.end.length = n; this.fixedIndex.length = n; this.tree.length = n;
    } else {
      this.kind.push(kind); this.view.push(view); this.cmd.push(cmd);
      this.word.push(word); this.start.push(start); this.end.push(end); this.fixedIndex.push(fixedIndex); this.tree.push(0);
      this.room = leastCapacity(this);
    }
    this.strings(e, sub);
  }

  /** A new entry of `fixed` holding `path`: its index. */
  newFixed(path: string): i32 {
    const i = this.fixedCount++;
    if (i < this.fixed.length) setString(this.fixed, i, path);
    else this.fixed.push(path);
    return i;
  }

  /** Effect e's subcommand, and the program's default method. */
  // @ts-ignore: decorator
  @inline private strings(e: i32, sub: string): void {
    if (e < this.sub.length) {
      setString(this.sub, e, sub);
      setString(this.method, e, ""); // method grows with sub
    } else {
      this.sub.push(sub);
      this.method.push("");
    }
  }
}

/** The least capacity among the effect list's eight columns (they grow together, so all of them, in practice). */
function leastCapacity(list: EffectList): i32 {
  let c = list.kind.capacity;
  c = min(c, list.view.capacity); c = min(c, list.cmd.capacity); c = min(c, list.word.capacity);
  c = min(c, list.start.capacity); c = min(c, list.end.capacity); c = min(c, list.fixedIndex.capacity);
  return min(c, list.tree.capacity);
}

/**
 * a[i] = v for i < a.length, as Array's []= does it without its growth branch (which keeps it out of line):
 * the store, and the runtime's link of the array to the string.
 */
// @ts-ignore: decorator
@inline function setString(a: Array<string>, i: i32, v: string): void {
  if (<u32>i >= <u32>a.length) unreachable();
  store<usize>(a.dataStart + (<usize>i << alignof<usize>()), changetype<usize>(v));
  __link(changetype<usize>(a), changetype<usize>(v), true);
}

const parsed = new ParsedArgs();
const nameBuf = new ByteBuffer(32);

/** What one view's rules see: the view, its parsed words, and who runs it. */
class Call {
  v: i32 = 0;
  cmd: i32 = 0;
  /** The program's basename, as bytes in its word (any case). */
  programPtr: usize = 0;
  programLen: i32 = 0;
  sub: string = "";
  /** Run by xargs, find -exec, fd -x or parallel: more operands come at run time (0 no, 1 yes, -1 not asked yet). */
  fedState: i32 = -1;
  method: string = "";
}

const call = new Call();

/** Which effects a caller needs (bits for collectEffects' `wanted`): the policy asks only for what its scopes judge. */
export const enum Wanted {
  READS = 1,
  /** Writes and deletes (data.file.write judges both). */
  WRITES = 2,
  /** Contacts (a local path among them is judged as a read or a write) and their request methods. */
  CONTACTS = 4,
  /** Request methods: only web.fetch's allowed_methods reads them. */
  METHODS = 8,
  /** Views running code whose effects cannot be known (EffectList.unbound). */
  UNBOUND = 16,
  ALL = 31,
}

/** The bit of `wanted` an effect of this kind needs. */
function wantedBit(kind: EffectKind): i32 {
  if (kind == EffectKind.READ) return Wanted.READS;
  if (kind == EffectKind.CONTACT) return Wanted.CONTACTS;
  if (kind == EffectKind.METHOD) return Wanted.METHODS;
  return Wanted.WRITES;
}

let wantedNow: i32 = Wanted.ALL;

/**
 * Fill `out` with the effects of script s: those `wanted` asks for (Wanted bits). Nothing is allocated on the
 * common path: the program's row is found by its name's bytes, options are matched by compiled spellings, and
 * texts stay (word, start, end) references until a caller needs one as a string.
 */
export function collectEffects(s: Script, out: EffectList, wanted: i32 = Wanted.ALL): void {
  out.reset();
  findViews.reset(); findStartEnd.reset(); findStartWords.reset();
  wantedNow = wanted;
  runnerSeen = !fastPaths || hasRunner(s);
  if ((wanted & (Wanted.READS | Wanted.WRITES)) != 0) {
    for (let c = 0, n = s.commandCount; c < n; c++) if (s.cRedirN(c) > 0) addRedirections(s, c, out);
  }
  for (let v = 0, n = s.viewCount; v < n; v++) {
    // The view's row read once.
    const cmd = s.vCmd(v), start = s.vStart(v), end = s.vEnd(v);
    const argc = end - start;
    if (argc == 0) continue;
    // The name word's row read once: its flags, length and where its bytes are.
    const nameRow = s.wordRow(s.arg(cmd, start));
    // Not static (Script.isStatic): a name computed at run time is denied by allowed_commands.
    if ((rowInfo(nameRow) & (WordFlag.DYNAMIC | WordFlag.GLOB | WordFlag.BRACE)) != 0) continue;
    const np = s.text.ptr + <usize>rowStart(nameRow), nn = rowLen(nameRow);
    const b = basenameOffset(np, nn);
    call.programPtr = np + <usize>b;
    call.programLen = nn - b;
    if ((wanted & Wanted.UNBOUND) != 0 && isUnbound(s, v, argc)) out.unbound.push(v);
    const id = cmdId(s.vInfo(v));
    const row = id != 0 ? rowOfId(id) : rowOf(call.programPtr, call.programLen);
    if (row === null || (row.effects.length == 0 && row.subcommands.length == 0)) continue;
    const isFind = id == Cmd.FIND;
    // A row none of whose rules (nor its subcommands') gives a wanted kind adds nothing: not even parsed.
    // find's starting points are recorded whatever is wanted: a later `-exec` view's `{}` names them.
    if (fastPaths && (wantsOf(row) & wanted) == 0 && !isFind) continue;
    parseArgs(row, s, cmd, start, end, parsed);
    call.v = v;
    call.cmd = cmd;
    const sub = parsed.sub;
    call.sub = sub !== null ? sub.firstName : "";
    call.fedState = -1;
    call.method = "";
    if (isFind) recordFindStarts(s, v);
    const first = out.count;
    // What the call has that a rule's gate may ask for: options, assignments.
    const has = (parsed.count > 0 ? Gate.OPTIONS : 0) | (s.envWords.length > 0 ? Gate.ASSIGNMENTS : 0);
    const effects = row.effects;
    for (let i = 0, m = effects.length; i < m; i++) {
      const rule = unchecked(effects[i]); // i < length
      if (!fastPaths || mayApply(rule, has)) applyRule(s, rule, out);
    }
    if (sub !== null) {
      const subEffects = sub.effects;
      for (let i = 0, m = subEffects.length; i < m; i++) {
        const rule = unchecked(subEffects[i]); // i < length
        if (!fastPaths || mayApply(rule, has)) applyRule(s, rule, out);
      }
    }
    // A `{}` names a runner's operands only in a call a runner feeds (placeholders asks isFed of each).
    if (out.count > first && (runnerSeen || isFed(s))) placeholders(s, first, out);
    if (call.method.length > 0) {
      for (let e = first, m = out.count; e < m; e++) if (out.kind.get(e) == <i32>EffectKind.CONTACT) out.method[e] = call.method;
    }
  }
}

/**
 * What a rule needs of a call before it can add anything (EffectRule.gate): ALL_* bits it needs every one of,
 * ANY_* bits (when any is set) it needs one of. An option's value needs an option; an assigned variable's value
 * needs an assignment; a `when` of option and `$NAME` terms only (no `@name`) holds only when one of them does.
 */
const enum Gate {
  OPTIONS = 1,
  ASSIGNMENTS = 2,
  ALL_SHIFT = 0,
  ANY_SHIFT = 2,
}

/** Rule's gate (EffectRule.gate), read from its form and its compiled `when` on first use. */
function gateOf(rule: EffectRule): i32 {
  const from = rule.from;
  let all = 0, any = 0;
  if (from == EffectFrom.OPTION_VALUE || from == EffectFrom.OPTION_AT_FILE || from == EffectFrom.OPTION_SETTING ||
    from == EffectFrom.HEADER_METHOD || from == EffectFrom.BACKUPS) all |= Gate.OPTIONS;
  // (A METHOD rule's method is its `path`, whatever its form: addEffects sets it before it reads the environment.)
  if ((from == EffectFrom.ENV_VALUE || from == EffectFrom.ENV_PATH) && rule.kind != EffectKind.METHOD) all |= Gate.ASSIGNMENTS;
  const when = compiledOf(rule).when;
  if (when !== null && when.anyPlain && when.plainNames.length == 0 && !when.plainOperandTerms) {
    if (when.plainOptions !== null) any |= Gate.OPTIONS;
    if (when.plainVars.length > 0) any |= Gate.ASSIGNMENTS;
  }
  const gate = (all << Gate.ALL_SHIFT) | (any << Gate.ANY_SHIFT);
  rule.gate = gate;
  return gate;
}

/**
 * Can rule add an effect the caller wants to a call that `has` (Gate bits)? False only when applyRule would
 * add nothing: its kind is not wanted, or the call lacks what its gate needs.
 */
// @ts-ignore: decorator
@inline function mayApply(rule: EffectRule, has: i32): bool {
  if ((wantedNow & wantedBit(rule.kind)) == 0) return false;
  let gate = rule.gate;
  if (gate < 0) gate = gateOf(rule);
  const all = (gate >> Gate.ALL_SHIFT) & 3, any = (gate >> Gate.ANY_SHIFT) & 3;
  return (all & ~has) == 0 && (any == 0 || (any & has) != 0);
}

/** The Wanted bits of the effects row's rules and its subcommands' rules can give, found once per row. */
// @ts-ignore: decorator
@inline function wantsOf(row: ProgramRow): i32 {
  const bits = row.effectWants;
  return bits >= 0 ? bits : findWants(row);
}

/** wantsOf the first time a row is asked. */
function findWants(row: ProgramRow): i32 {
  let bits = 0;
  for (let i = 0; i < row.effects.length; i++) bits |= wantedBit(row.effects[i].kind);
  for (let k = 0; k < row.subcommands.length; k++) {
    const sub = row.subcommands[k];
    for (let i = 0; i < sub.effects.length; i++) bits |= wantedBit(sub.effects[i].kind);
  }
  row.effectWants = bits;
  return bits;
}

/**
 * The shortcuts (rows with no wanted kind, scripts with no runner, option rules of a call without options) are
 * on; the differential spec turns them off to compare the effects with and without them.
 */
let fastPaths = true;

export function setEffectsFastPaths(on: bool): void {
  fastPaths = on;
}

/** Does script s have a view run by xargs, find, fd or parallel (false: no call is fed operands at run time)? */
let runnerSeen = true;

function hasRunner(s: Script): bool {
  for (let u = 0, n = s.viewCount; u < n; u++) {
    const id = cmdId(s.vInfo(u));
    if (id == Cmd.XARGS || id == Cmd.FIND || id == Cmd.FD || id == Cmd.PARALLEL) return true;
  }
  return false;
}

/** Is the call fed operands at run time (fedByRunner), asked once per call and only when a rule needs it? */
// @ts-ignore: decorator
@inline function isFed(s: Script): bool {
  const state = call.fedState;
  return state >= 0 ? state != 0 : findFed(s);
}

/** isFed the first time a call is asked. */
function findFed(s: Script): bool {
  // With no runner in the script, a command that is no substitution's payload is fed by none (fedByRunner's
  // first step), asked without the call.
  call.fedState = !runnerSeen && s.cSubst(call.cmd) != Subst.PAYLOAD ? 0 : fedByRunner(s, call.v) ? 1 : 0;
  return call.fedState != 0;
}

/**
 * Is view v run by a program that hands it operands at run time (xargs, find -exec, fd -x, parallel)? Such a
 * program wraps it in the same command, or (parallel) runs it as code it was given: a command hosted by it.
 */
function fedByRunner(s: Script, v: i32): bool {
  let cmd = s.vCmd(v), start = s.vStart(v);
  for (let depth = 0; depth < 16; depth++) {
    // With no runner in the script only the nesting is followed (too deep still fails closed).
    if (runnerSeen) for (let u = 0, n = s.viewCount; u < n; u++) {
      if (s.vCmd(u) != cmd || s.vStart(u) >= start) continue;
      const id = cmdId(s.vInfo(u));
      if (id == Cmd.XARGS || id == Cmd.FIND || id == Cmd.FD || id == Cmd.PARALLEL) return true;
    }
    if (s.cSubst(cmd) != Subst.PAYLOAD || s.cHost(cmd) < 0) return false;
    cmd = s.cHost(cmd);
    start = i32.MAX_VALUE; // every view of the host runs it
  }
  return true; // nested too deep to tell: fail closed
}

function addRedirections(s: Script, c: i32, out: EffectList): void {
  for (let k = 0, m = s.cRedirN(c); k < m; k++) {
    const r = s.redirFlat.get(s.cRedir(c) + k);
    const op = s.wAux(r) & 0xff;
    const n = s.wordLen(r);
    if (op == Redir.DUP_IN || op == Redir.DUP_OUT) {
      // `>&2`, `<&0`, `>&-`: a file descriptor, not a file (`>& file` is a file, as `&>` is).
      if (n == 0 || isDigitsOrDash(s, r)) continue;
    }
    if (op == Redir.IN || op == Redir.READ_WRITE || op == Redir.DUP_IN) out.add(EffectKind.READ, -1, c, r, 0, n, "");
    if (op == Redir.OUT || op == Redir.APPEND || op == Redir.CLOBBER || op == Redir.ALL_OUT || op == Redir.ALL_APPEND ||
      op == Redir.READ_WRITE || op == Redir.DUP_OUT) out.add(EffectKind.WRITE, -1, c, r, 0, n, "");
  }
}

function isDigitsOrDash(s: Script, w: i32): bool {
  if (!s.isStatic(w)) return false;
  const p = s.wordPtr(w), n = s.wordLen(w);
  for (let i = 0; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if (!(c - 0x30 < 10 || (c == 0x2d && i == n - 1))) return false;
  }
  return true;
}

function lowerBasename(s: Script, w: i32): string {
  const p = s.wordPtr(w), n = s.wordLen(w);
  const b = basenameOffset(p, n);
  nameBuf.reset();
  for (let i = b; i < n; i++) nameBuf.push(<u8>toLowerAscii(<u32>load<u8>(p + <usize>i)));
  return nameBuf.toString();
}

function wordText(s: Script, w: i32, from: i32): string {
  return String.UTF8.decodeUnsafe(s.wordPtr(w) + <usize>from, <usize>(s.wordLen(w) - from), false);
}

/** A rule's option spellings and `when`, compiled on its first use (EffectRule.compiled indexes this). */
class CompiledRule {
  option: Spellings;
  /** null: no term, the rule always applies. */
  when: Condition | null = null;
  /** The effect reaches everything under its paths (EffectRule.tree): always (treeWhen null), or when treeWhen holds. */
  tree: bool = false;
  treeWhen: Condition | null = null;
  /** EffectRule.also: null when there is none. */
  also: Condition | null = null;
  constructor(rule: EffectRule) {
    this.option = new Spellings(rule.option);
    const when = new Condition(rule.when);
    if (!when.empty) this.when = when;
    const also = rule.alsoWhen;
    if (also !== null) {
      const c = new Condition(also);
      if (!c.empty) this.also = c;
    }
    const tree = rule.treeWhen;
    if (tree !== null) {
      this.tree = true;
      const c = new Condition(tree);
      if (!c.empty) this.treeWhen = c;
    }
  }
}

const compiledRules: CompiledRule[] = [];

// @ts-ignore: decorator
@inline function compiledOf(rule: EffectRule): CompiledRule {
  let i = rule.compiled;
  if (i < 0) {
    i = compiledRules.length;
    compiledRules.push(new CompiledRule(rule));
    rule.compiled = i;
  }
  return unchecked(compiledRules[i]); // set above
}

function applyRule(s: Script, rule: EffectRule, out: EffectList): void {
  if ((wantedNow & wantedBit(rule.kind)) == 0) return;
  const from = rule.from;
  // An option's value with no option given adds nothing, whatever `when` says (holds has no side effects).
  if (fastPaths && parsed.count == 0 &&
    (from == EffectFrom.OPTION_VALUE || from == EffectFrom.OPTION_AT_FILE || from == EffectFrom.OPTION_SETTING ||
      from == EffectFrom.HEADER_METHOD || from == EffectFrom.BACKUPS)) return;
  const compiled = compiledOf(rule);
  const when = compiled.when;
  if (when !== null && !conditionHolds(when, s, parsed, call.programPtr, call.programLen)) return;
  const also = compiled.also;
  if (also !== null && !conditionHolds(also, s, parsed, call.programPtr, call.programLen)) return;
  const first = out.count;
  addEffects(s, rule, compiled, out);
  if (!compiled.tree || first == out.count) return;
  const tree = compiled.treeWhen;
  if (tree === null || conditionHolds(tree, s, parsed, call.programPtr, call.programLen)) {
    for (let e = first, n = out.count; e < n; e++) out.tree.set(e, 1);
  }
}

function addEffects(s: Script, rule: EffectRule, compiled: CompiledRule, out: EffectList): void {
  const kind = rule.kind;
  const from = rule.from;
  const v = call.v, cmd = call.cmd;
  if (from == EffectFrom.HEADER_METHOD) { headerMethods(s, rule); return; }
  if (from == EffectFrom.SED_SCRIPT_FILES) { sedScriptFiles(s, kind, out); return; }
  if (from == EffectFrom.CONFIG_VALUE) { configValues(s, rule, out); return; }
  if (from == EffectFrom.BACKUPS) { backups(s, kind, compiled, out); return; }
  if (from == EffectFrom.OPTION_VALUE || from == EffectFrom.OPTION_AT_FILE || from == EffectFrom.OPTION_SETTING) {
    if (parsed.count == 0) return;
    for (let i = parsed.findCompiled(compiled.option); i >= 0; i = parsed.findCompiled(compiled.option, i + 1)) {
      const arg = parsed.valArg(i);
      if (arg < 0) continue;
      const w = s.arg(cmd, arg);
      let start = parsed.valOff(i), end = s.wordLen(w);
      if (from == EffectFrom.OPTION_AT_FILE) {
        start = atFileStart(s, w, start);
        if (start < 0) continue;
        end = atFileEnd(s, w, start);
      } else if (from == EffectFrom.OPTION_SETTING) {
        start = settingStart(s, w, start);
        if (start < 0) continue;
      }
      if (kind == EffectKind.METHOD) call.method = String.UTF8.decodeUnsafe(s.wordPtr(w) + <usize>start, <usize>(end - start), false);
      else if (!isDash(s, w, start, end)) out.add(kind, v, cmd, w, start, end, call.sub);
    }
    return;
  }
  if (kind == EffectKind.METHOD) { call.method = rule.path; return; }
  if (from == EffectFrom.ALWAYS) { out.addFixed(kind, v, cmd, rule.path, call.sub); return; }
  if (from == EffectFrom.WITHOUT_OPERANDS) {
    if (parsed.operands.length == 0 && parsed.sub === null) out.addFixed(kind, v, cmd, rule.path, call.sub);
    return;
  }
  if (from == EffectFrom.ENV_VALUE || from == EffectFrom.ENV_PATH) {
    for (let i = 0, n = s.envWords.length; i < n; i++) {
      const w = s.envWords.get(i);
      const at = assignmentValue(s, w, rule.option);
      if (at < 0) continue;
      // ENV_PATH: a written value that does not start as a path does (`1`, `true`, a file descriptor) names no file.
      if (from == EffectFrom.ENV_PATH && s.isStatic(w) && !startsAsPath(s.wordPtr(w) + <usize>at, s.wordLen(w) - at)) continue;
      out.add(kind, v, cmd, w, at, s.wordLen(w), call.sub);
    }
    return;
  }
  // The rest pick operands: a runner's extra operands are files nobody knows.
  const fed = isFed(s);
  // xargs, fd and parallel add operands at run time; find hands over only where its `{}` is (placeholders()).
  if (fed && feedingFind(s, call.v) < 0) out.addFixed(kind, v, cmd, "", call.sub);
  const ops = parsed.operands;
  const n = ops.length;
  if (from == EffectFrom.OPERANDS_OR_CWD && n == 0) { if (!fed) out.addFixed(kind, v, cmd, ".", call.sub); return; }
  if (from == EffectFrom.OPERAND_SETTING) { operandSettings(s, rule, out); return; }
  if (from == EffectFrom.LINK_TARGETS) { linkTargets(s, kind, out); return; }
  if (from == EffectFrom.INTO_TARGET) { intoTarget(s, kind, out); return; }
  if (from == EffectFrom.NEW_TARGET) {
    if (n >= 2 && !existingDirectory(s, s.arg(cmd, ops.get(n - 1)))) addOperand(s, kind, s.arg(cmd, ops.get(n - 1)), out);
    return;
  }
  let lo = 0, hi = n;
  if (from == EffectFrom.OPERANDS_BUT_LAST) hi = n - 1;
  else if (from == EffectFrom.LAST_OPERAND) { if (n < 2) return; lo = n - 1; }
  else if (from == EffectFrom.FIRST_OPERAND) hi = n > 0 ? 1 : 0;
  else if (from == EffectFrom.SECOND_OPERAND) { lo = 1; hi = n > 1 ? 2 : 1; }
  else if (from == EffectFrom.OPERANDS_AFTER_FIRST) lo = 1;
  else if (from == EffectFrom.FILES_AFTER_PATTERN || from == EffectFrom.FILES_AFTER_PATTERN_OR_CWD) {
    lo = parsed.hasCompiled(compiled.option) ? 0 : 1;
    if (from == EffectFrom.FILES_AFTER_PATTERN_OR_CWD && lo >= n && !fed) { out.addFixed(kind, v, cmd, ".", call.sub); return; }
  }
  else if (from == EffectFrom.LEADING_OPERANDS) {
    hi = leadingOperands(s);
    if (hi == 0 && !fed) out.addFixed(kind, v, cmd, ".", call.sub); // find with no starting point searches `.`
  }
  for (let i = lo; i < hi; i++) addOperand(s, kind, s.arg(cmd, ops.get(i)), out);
}

/**
 * Headers that override the request's method (servers that honour them act on that method): the overriding
 * method for each value of the rule's option; `@file` (headers read from a file) and a header computed at run
 * time name one nobody can know, "?" (no method list admits it).
 */
function headerMethods(s: Script, rule: EffectRule): void {
  if (parsed.count == 0) return;
  for (let i = parsed.find(rule.option); i >= 0; i = parsed.find(rule.option, i + 1)) {
    const arg = parsed.valArg(i);
    if (arg < 0) continue;
    const w = s.arg(call.cmd, arg);
    const from = parsed.valOff(i);
    const value = String.UTF8.decodeUnsafe(s.wordPtr(w) + <usize>from, <usize>(s.wordLen(w) - from), false);
    if (!s.isStatic(w) || value.startsWith("@")) { call.method = "?"; continue; }
    const colon = value.indexOf(":");
    if (colon < 0) continue;
    const name = value.substring(0, colon).trim().toLowerCase();
    if (name != "x-http-method-override" && name != "x-method-override" && name != "x-http-method") continue;
    const method = value.substring(colon + 1).trim();
    call.method = method.length > 0 ? method.toUpperCase() : "?";
  }
}

/** `KEY VALUE` and `KEY=VALUE` operands whose key ends with the rule's option (any case): the value. */
function configValues(s: Script, rule: EffectRule, out: EffectList): void {
  const ops = parsed.operands;
  const suffix = rule.option;
  for (let i = 0, n = ops.length; i < n; i++) {
    const w = s.arg(call.cmd, ops.get(i));
    if (!s.isStatic(w)) {
      // A key computed at run time may be the one: its value, or the next operand, goes where nobody knows.
      if ((s.wordFlags(w) & WordFlag.DYNAMIC) != 0) out.addFixed(rule.kind, call.v, call.cmd, "", call.sub);
      continue;
    }
    const p = s.wordPtr(w), len = s.wordLen(w);
    let eq = -1;
    for (let k = 0; k < len; k++) if (load<u8>(p + <usize>k) == 0x3d) { eq = k; break; }
    const keyEnd = eq >= 0 ? eq : len;
    if (!endsWithLower(p, keyEnd, suffix)) continue;
    if (eq >= 0) out.add(rule.kind, call.v, call.cmd, w, eq + 1, len, call.sub);
    else if (i + 1 < n) { const v = s.arg(call.cmd, ops.get(i + 1)); out.add(rule.kind, call.v, call.cmd, v, 0, s.wordLen(v), call.sub); i++; }
  }
}

/** Does the text (p, n) start with `/` or `~`, as an absolute path or one under a home does? */
function startsAsPath(p: usize, n: i32): bool {
  if (n == 0) return false;
  const c = load<u8>(p);
  return c == 0x2f || c == 0x7e;
}

function endsWithLower(p: usize, n: i32, suffix: string): bool {
  const m = suffix.length;
  if (n < m) return false;
  for (let k = 0; k < m; k++) {
    if (toLowerAscii(<u32>load<u8>(p + <usize>(n - m + k))) != <u32>suffix.charCodeAt(k)) return false;
  }
  return true;
}

const sedNamed = new SedFiles();

/** The files of kind `kind` sed's script names; a script that cannot be read may name any (a place no path names). */
function sedScriptFiles(s: Script, kind: EffectKind, out: EffectList): void {
  sedFiles(s, call.cmd, s.vStart(call.v), s.vEnd(call.v), sedNamed);
  if (sedNamed.unknown) { out.addFixed(kind, call.v, call.cmd, "", call.sub); return; }
  for (let i = 0; i < sedNamed.word.length; i++) {
    if (sedNamed.writes[i] != (kind == EffectKind.WRITE)) continue;
    out.add(kind, call.v, call.cmd, sedNamed.word[i], sedNamed.start[i], sedNamed.end[i], call.sub);
  }
}

/** `-` (standard input or output, not a file) in word w's bytes [start, end). */
// @ts-ignore: decorator
@inline function isDash(s: Script, w: i32, start: i32, end: i32): bool {
  return end - start == 1 && load<u8>(s.wordPtr(w) + <usize>start) == 0x2d && s.isStatic(w);
}

// @ts-ignore: decorator
@inline function addOperand(s: Script, kind: EffectKind, w: i32, out: EffectList): void {
  // The word's row read once (isDash's test: a static `-`).
  const r = s.wordRow(w);
  const n = rowLen(r);
  if (n == 1 && load<u8>(s.text.ptr + <usize>rowStart(r)) == 0x2d && (rowInfo(r) & (WordFlag.DYNAMIC | WordFlag.GLOB | WordFlag.BRACE)) == 0) return;
  out.add(kind, call.v, call.cmd, w, 0, n, call.sub);
}

/** Each find view's starting points (words; none: `.`), recorded as the view is read: what its `{}` can name. */
const findViews = new IntList(2);
const findStartEnd = new IntList(2);
const findStartWords = new IntList(4);

const FILES0_FROM = new Spellings("-files0-from");

function recordFindStarts(s: Script, v: i32): void {
  if (parsed.hasCompiled(FILES0_FROM)) {
    findStartWords.push(-1); // starting points read from a file: a place no path names
  } else {
    const n = leadingOperands(s);
    for (let i = 0; i < n; i++) findStartWords.push(s.arg(call.cmd, parsed.operands.get(i)));
  }
  findViews.push(v);
  findStartEnd.push(findStartWords.length);
}

/**
 * A runner's `{}` in the effects [first, count) of the call: a path that starts with it names a file the runner
 * hands over, not a file named `{}`. find's names files under its starting points, so such a path is judged as
 * each starting point with everything under it (`find src -name '*.ts' -exec grep -l x {} +` reads the tree of
 * `src`, `-exec grep -f {} x` too); what xargs -I, fd or parallel put there is a place no path names.
 */
function placeholders(s: Script, first: i32, out: EffectList): void {
  for (let e = first, n = out.count; e < n; e++) {
    const w = out.word.get(e), at = out.start.get(e);
    if (w < 0 || out.end.get(e) - at < 2 || load<u16>(s.wordPtr(w) + <usize>at) != 0x7d7b || !isFed(s)) continue;
    // An address made from a file's name is one nobody knows.
    const u = out.kind.get(e) == <i32>EffectKind.CONTACT ? -1 : feedingFind(s, call.v);
    let k = 0;
    if (u >= 0) while (findViews.get(k) != u) k++;
    const from = u < 0 ? 0 : k > 0 ? findStartEnd.get(k - 1) : 0, to = u < 0 ? 0 : findStartEnd.get(k);
    // What follows `{}` in the word (`{}/.env`, `{}.pem`) keeps its names: judged after each starting point too.
    const suffix = u < 0 || out.end.get(e) - at == 2 ? "" :
      String.UTF8.decodeUnsafe(s.wordPtr(w) + <usize>(at + 2), <usize>(out.end.get(e) - at - 2), false);
    if (u < 0 || from == to) {
      // No starting point: find searches `.`; another runner: nobody knows.
      replaceWithFixed(out, e, u < 0 ? "" : ".");
      if (suffix.length > 0) addLike(out, e, "." + suffix);
      continue;
    }
    for (let i = from; i < to; i++) {
      const start = findStartWords.get(i);
      let at2 = e;
      if (i > from) { addLike(out, e, ""); at2 = out.count - 1; }
      if (start < 0) { replaceWithFixed(out, at2, ""); continue; }
      out.word.set(at2, start); out.start.set(at2, 0); out.end.set(at2, s.wordLen(start));
      out.tree.set(at2, 1);
      if (suffix.length > 0 && s.isStatic(start)) addLike(out, e, wordText(s, start, 0) + suffix);
    }
  }
}

/** One more effect like e's (kind, view, command), on the fixed path `path`. */
function addLike(out: EffectList, e: i32, path: string): void {
  out.addFixed(<EffectKind>out.kind.get(e), out.view.get(e), out.cmd.get(e), path, out.sub[e]);
}

/** Effect e's text becomes the fixed path `path` (a tree when it is a directory find searches). */
function replaceWithFixed(out: EffectList, e: i32, path: string): void {
  out.word.set(e, -1); out.start.set(e, 0); out.end.set(e, 0);
  out.fixedIndex.set(e, out.newFixed(path));
  out.tree.set(e, path.length > 0 ? 1 : 0);
}

/** The find view whose -exec runs view v directly (the nearest before it in the same command), or -1 when another runner or code is between. */
function feedingFind(s: Script, v: i32): i32 {
  const cmd = s.vCmd(v), start = s.vStart(v);
  let best = -1, bestStart = -1;
  for (let u = 0, n = s.viewCount; u < n; u++) {
    if (s.vCmd(u) != cmd || s.vStart(u) >= start) continue;
    const id = cmdId(s.vInfo(u));
    if (id == Cmd.XARGS || id == Cmd.FD || id == Cmd.PARALLEL) return -1;
    if (id == Cmd.FIND && s.vStart(u) > bestStart) { best = u; bestStart = s.vStart(u); }
  }
  if (best < 0) return -1;
  for (let k = 0, n = findViews.length; k < n; k++) if (findViews.get(k) == best) return best;
  return -1;
}

/** find's starting points: how many operands come before its expression (the first test, `(` or `!`). */
function leadingOperands(s: Script): i32 {
  let limit = i32.MAX_VALUE;
  const row = parsed.row;
  for (let i = 0, m = parsed.count; i < m; i++) {
    const long = parsed.optLong(i);
    if (row !== null && long >= 0) {
      const name = longTable(row.grammar).names[long];
      if (name == "H" || name == "L" || name == "P" || name == "D") continue; // options before the starting points
    }
    const w = s.arg(call.cmd, parsed.optArg(i));
    if (s.wordLen(w) > 2 && load<u8>(s.wordPtr(w) + 1) == 0x4f) continue; // -O3
    limit = parsed.optArg(i);
    break;
  }
  let count = 0;
  for (let i = 0, n = parsed.operands.length; i < n; i++) {
    const arg = parsed.operands.get(i);
    if (arg > limit) break;
    const w = s.arg(call.cmd, arg);
    const c = s.wordLen(w) > 0 ? <u32>load<u8>(s.wordPtr(w)) : 0;
    if ((c == 0x28 || c == 0x21) && s.isStatic(w)) break; // ( !
    count++;
  }
  return count;
}

/** `dd if=FILE`: operands spelt with the rule's prefix, the text after it. */
function operandSettings(s: Script, rule: EffectRule, out: EffectList): void {
  const prefix = rule.option;
  const m = prefix.length;
  for (let i = 0, n = parsed.operands.length; i < n; i++) {
    const w = s.arg(call.cmd, parsed.operands.get(i));
    const p = s.wordPtr(w), len = s.wordLen(w);
    if (len < m) continue;
    let same = true;
    for (let k = 0; k < m && same; k++) same = <u32>load<u8>(p + <usize>k) == <u32>prefix.charCodeAt(k);
    if (same) out.add(rule.kind, call.v, call.cmd, w, m, len, call.sub);
  }
}

const TARGET_DIRECTORY = new Spellings("-t --target-directory");
const SYMBOLIC = new Spellings("-s --symbolic");
const RELATIVE = new Spellings("-r --relative");

/**
 * ln's targets. A symbolic link's relative target is resolved from the directory the link is made in: the
 * -t directory, or the last operand (a directory the link goes into, or the link's own name, whose directory
 * it is in; both are judged), or the working directory for `ln -s TARGET`. With -r ln makes the target
 * relative itself from the working directory, so it is judged from there, as a hard link's target is.
 */
function linkTargets(s: Script, kind: EffectKind, out: EffectList): void {
  const ops = parsed.operands;
  const n = ops.length;
  const t = parsed.findCompiled(TARGET_DIRECTORY);
  const hi = t >= 0 ? n : n > 1 ? n - 1 : n;
  const symbolic = parsed.hasCompiled(SYMBOLIC) && !parsed.hasCompiled(RELATIVE);
  for (let i = 0; i < hi; i++) {
    const target = s.arg(call.cmd, ops.get(i));
    if (!symbolic || !s.isStatic(target) || absoluteWord(s, target) || (t < 0 && n == 1)) {
      addOperand(s, kind, target, out);
      continue;
    }
    const text = wordText(s, target, 0);
    if (t >= 0) {
      for (let j = t; j >= 0; j = parsed.findCompiled(TARGET_DIRECTORY, j + 1)) {
        const arg = parsed.valArg(j);
        if (arg < 0) continue;
        linkFrom(s, kind, s.arg(call.cmd, arg), parsed.valOff(j), false, text, out);
      }
    } else {
      const link = s.arg(call.cmd, ops.get(n - 1));
      linkFrom(s, kind, link, 0, false, text, out); // LINK is a directory: the link is made inside it
      linkFrom(s, kind, link, 0, true, text, out);  // LINK names the link: it is made in LINK's directory
    }
  }
}

/** Judge `target` from the directory word w (from byte `off`) names, or (parent) the directory w is in. */
function linkFrom(s: Script, kind: EffectKind, w: i32, off: i32, parent: bool, target: string, out: EffectList): void {
  if (!s.isStatic(w)) { out.add(kind, call.v, call.cmd, w, off, s.wordLen(w), call.sub); return; } // computed: refused
  let dir = wordText(s, w, off);
  if (parent) {
    while (dir.length > 1 && dir.endsWith("/")) dir = dir.substring(0, dir.length - 1);
    const slash = dir.lastIndexOf("/");
    dir = slash < 0 ? "." : slash == 0 ? "/" : dir.substring(0, slash);
  }
  out.addFixed(kind, call.v, call.cmd, dir + (dir.endsWith("/") ? "" : "/") + target, call.sub);
}

/**
 * Where cp, mv, install and ln put each source when the target is a directory: TARGET/SOURCE's last segment
 * (`cp hooks .git/` writes .git/hooks). Without -t, only with at least two operands (the last is the target).
 * A source or target computed at run time is added as itself (refused as computed).
 */
function intoTarget(s: Script, kind: EffectKind, out: EffectList): void {
  const ops = parsed.operands;
  const n = ops.length;
  const t = parsed.findCompiled(TARGET_DIRECTORY);
  const hi = t >= 0 ? n : n - 1;
  for (let i = 0; i < hi; i++) {
    const source = s.arg(call.cmd, ops.get(i));
    if (!s.isStatic(source)) { out.add(kind, call.v, call.cmd, source, 0, s.wordLen(source), call.sub); continue; }
    const name = lastSegment(wordText(s, source, 0));
    if (t >= 0) {
      for (let j = t; j >= 0; j = parsed.findCompiled(TARGET_DIRECTORY, j + 1)) {
        const arg = parsed.valArg(j);
        if (arg >= 0) joinUnder(s, kind, s.arg(call.cmd, arg), parsed.valOff(j), name, out);
      }
    } else {
      joinUnder(s, kind, s.arg(call.cmd, ops.get(n - 1)), 0, name, out);
    }
  }
}

/** EffectFrom.BACKUPS: each destination with each suffix the rule's option gives. */
function backups(s: Script, kind: EffectKind, compiled: CompiledRule, out: EffectList): void {
  if (parsed.count == 0) return;
  const ops = parsed.operands;
  const n = ops.length;
  const t = parsed.findCompiled(TARGET_DIRECTORY);
  for (let i = parsed.findCompiled(compiled.option); i >= 0; i = parsed.findCompiled(compiled.option, i + 1)) {
    const arg = parsed.valArg(i);
    if (arg < 0) continue;
    const w = s.arg(call.cmd, arg);
    if (!s.isStatic(w)) { out.addFixed(kind, call.v, call.cmd, "", call.sub); continue; }
    const suffix = wordText(s, w, parsed.valOff(i));
    if (t < 0 && n >= 2) suffixed(s, kind, s.arg(call.cmd, ops.get(n - 1)), 0, "", suffix, out);
    const sources = t >= 0 ? n : n - 1;
    for (let k = 0; k < sources; k++) {
      const source = s.arg(call.cmd, ops.get(k));
      if (!s.isStatic(source)) { out.addFixed(kind, call.v, call.cmd, "", call.sub); continue; }
      const name = "/" + lastSegment(wordText(s, source, 0));
      if (t < 0) { suffixed(s, kind, s.arg(call.cmd, ops.get(n - 1)), 0, name, suffix, out); continue; }
      for (let j = t; j >= 0; j = parsed.findCompiled(TARGET_DIRECTORY, j + 1)) {
        const dir = parsed.valArg(j);
        if (dir >= 0) suffixed(s, kind, s.arg(call.cmd, dir), parsed.valOff(j), name, suffix, out);
      }
    }
  }
}

/** The path word w names (from byte `off`), then `name` and `suffix`; a computed path is a place nobody can know. */
function suffixed(s: Script, kind: EffectKind, w: i32, off: i32, name: string, suffix: string, out: EffectList): void {
  if (!s.isStatic(w)) { out.addFixed(kind, call.v, call.cmd, "", call.sub); return; }
  let path = wordText(s, w, off);
  if (name.length > 0 && path.endsWith("/")) path = path.substring(0, path.length - 1);
  out.addFixed(kind, call.v, call.cmd, path + name + suffix, call.sub);
}

/** `dir/name` for the directory word w names (from byte `off`); a computed directory is added as itself. */
function joinUnder(s: Script, kind: EffectKind, w: i32, off: i32, name: string, out: EffectList): void {
  if (!s.isStatic(w)) { out.add(kind, call.v, call.cmd, w, off, s.wordLen(w), call.sub); return; }
  const dir = wordText(s, w, off);
  out.addFixed(kind, call.v, call.cmd, dir + (dir.endsWith("/") ? "" : "/") + name, call.sub);
}

/** Does static word w name a directory that exists whatever the file system holds: `.`, `..`, `~`, `x/`, `x/.`, `x/..`? */
function existingDirectory(s: Script, w: i32): bool {
  if (!s.isStatic(w)) return false;
  const t = wordText(s, w, 0);
  return t == "." || t == ".." || t == "~" || t.endsWith("/") || t.endsWith("/.") || t.endsWith("/..");
}

/** A path's last segment, trailing slashes ignored (`a/b/` → `b`; `/` → `.`). */
function lastSegment(path: string): string {
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) == 0x2f) end--;
  const slash = path.lastIndexOf("/", end - 1);
  const name = path.substring(slash + 1, end);
  return name.length == 0 || name == "/" ? "." : name;
}

function absoluteWord(s: Script, w: i32): bool {
  if (s.wordLen(w) == 0) return false;
  const c = <u32>load<u8>(s.wordPtr(w));
  return c == 0x2f || c == 0x7e;
}

/** Where the file starts in a value that names one: `@file`, `name=@file`, `name=<file`; -1 when it names none. */
function atFileStart(s: Script, w: i32, from: i32): i32 {
  const p = s.wordPtr(w), n = s.wordLen(w);
  if (from < n && load<u8>(p + <usize>from) == 0x40) return from + 1;
  // `name@file` (curl --data-urlencode, --variable): a name of word characters, then `@`.
  for (let i = from; i < n; i++) {
    const c = load<u8>(p + <usize>i);
    if (c == 0x40) return i + 1;
    if (!isNameChar(c)) break;
  }
  for (let i = from; i + 1 < n; i++) {
    if (load<u8>(p + <usize>i) != 0x3d) continue;
    const c = load<u8>(p + <usize>(i + 1));
    if (c == 0x40 || c == 0x3c) return i + 2;
  }
  return -1;
}

/** A letter, digit, `_`, `-` or `.`: what a curl form or variable name is spelt with. */
function isNameChar(c: u8): bool {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) || c == 0x5f || c == 0x2d || c == 0x2e;
}

/** curl -F `name=@file;type=text/plain`: the file ends at `;`. */
function atFileEnd(s: Script, w: i32, start: i32): i32 {
  const p = s.wordPtr(w), n = s.wordLen(w);
  for (let i = start; i < n; i++) if (load<u8>(p + <usize>i) == 0x3b) return i;
  return n;
}

/** `key=value`: where the value starts; -1 without `=`. */
function settingStart(s: Script, w: i32, from: i32): i32 {
  const p = s.wordPtr(w), n = s.wordLen(w);
  for (let i = from; i < n; i++) if (load<u8>(p + <usize>i) == 0x3d) return i + 1;
  return -1;
}

const INTERPRETERS: StaticArray<string> = [
  "node", "nodejs", "deno", "bun", "python", "python2", "python3", "perl", "ruby", "php", "lua", "tsx", "ts-node", "make",
  "gmake", "npx", "pnpx", "bunx", "source", ".",
  // Interpreters and REPLs under other names.
  "pypy", "pypy3", "ipython", "ipython3", "jython", "irb", "luajit", "rscript", "julia", "java", "jshell", "kotlin",
  "scala", "groovy", "dotnet", "elixir", "iex", "erl", "escript", "swift", "osascript", "pwsh", "powershell",
  "ghci", "runghc", "runhaskell", "ocaml", "racket", "guile", "sbcl", "clojure", "clj", "tclsh", "wish", "nodemon",
  // Test runners, package managers and build tools that import or run the project's code (conftest.py, test
  // files, setup.py, build.rs, a JS config file).
  "pytest", "py.test", "tox", "nox", "pip", "pip3", "pipx", "uv", "uvx", "poetry", "pipenv", "conda", "mamba",
  "hatch", "pdm", "jest", "vitest", "mocha", "ava", "karma", "playwright", "cypress", "rspec", "rake", "bundle",
  "gem", "mvn", "mvnw", "gradle", "gradlew", "ant", "sbt", "lein", "cmake", "ninja", "bazel", "bazelisk", "meson",
  "just", "task", "webpack", "vite", "rollup", "next", "nuxt", "turbo", "nx", "lerna", "eslint", "prettier", "babel",
  "ts-jest", "composer", "phpunit", "mix", "stack", "cabal",
  // Editors run commands (`vim -c '!id'`, `:!`, an rc file) and their own scripts.
  "vi", "vim", "nvim", "ex", "view", "vimdiff", "emacs", "nano",
];
const SHELLS: StaticArray<string> = ["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "busybox", "fish", "csh", "tcsh", "yash"];
/** npm's words that run package scripts or install (which runs install scripts), compared exactly. */
const NPM_RUNS = "run run-script rum urn test t tst start stop restart exec x explore rebuild rb " +
  "install i in ins add ci clean-install install-test it cit install-ci-test pack publish";

/** What isUnbound knows of a program name. */
const enum Runner { OTHER = -1, INTERPRETER = 0, SHELL = 1, NPM = 2, PNPM = 3, YARN = 4, SUBCOMMAND = 5 }

let runnerTable: NameTable | null = null;

function runners(): NameTable {
  let t = runnerTable;
  if (t === null) {
    t = new NameTable(512);
    for (let i = 0; i < INTERPRETERS.length; i++) t.set(INTERPRETERS[i], Runner.INTERPRETER);
    for (let i = 0; i < SHELLS.length; i++) t.set(SHELLS[i], Runner.SHELL);
    t.set("npm", Runner.NPM);
    t.set("pnpm", Runner.PNPM);
    t.set("yarn", Runner.YARN);
    t.set("go", Runner.SUBCOMMAND);
    t.set("cargo", Runner.SUBCOMMAND);
    runnerTable = t;
  }
  return t;
}

/** Does view v (whose basename is call.program*) run code whose effects cannot be known? */
function isUnbound(s: Script, v: i32, argc: i32): bool {
  let kind = runners().get(call.programPtr, call.programLen, Runner.OTHER);
  if (kind == Runner.OTHER) kind = versionedInterpreter(call.programPtr, call.programLen) ? Runner.INTERPRETER : Runner.OTHER;
  if (kind == Runner.OTHER) {
    // `./x.sh`, `./node_modules/.bin/jest`, `/opt/tool`: a program by its path that no row knows runs what
    // its file holds (`/usr/bin/ls` is ls).
    const name = s.viewArg(v, 0);
    if (s.vInfo(v) != 0 || !s.isStatic(name) || !hasByte(s.wordPtr(name), s.wordLen(name), 0x2f)) return false;
    return rowOf(call.programPtr, call.programLen) === null;
  }
  if (kind == Runner.INTERPRETER) return true;
  if (kind == Runner.SUBCOMMAND) return runsProjectCode(s, v, argc);
  if (kind == Runner.SHELL) {
    // `bash -c '…'` and a shell reading a here-document: the code is parsed and its commands checked.
    // `bash script.sh` and `bash < script.sh`: the script is not.
    if ((s.vFlags(v) & ViewFlag.STDIN_FILE) != 0) return true;
    for (let k = 1; k < argc; k++) {
      const w = s.viewArg(v, k);
      const p = s.wordPtr(w), n = s.wordLen(w);
      if (n > 1 && load<u8>(p) == 0x2d) {
        if (load<u8>(p + 1) != 0x2d && hasByte(p, n, 0x63)) return false; // -c, -lc, -ec
        continue;
      }
      return true;
    }
    // No script operand: the program is stdin, which a here-document or here-string gives as text the walk
    // parses; a file (`bash < build.sh`, `bash -s < f`) gives code nobody reads.
    return stdinFromFile(s, s.vCmd(v));
  }
  for (let k = 1; k < argc; k++) {
    const w = s.viewArg(v, k);
    const p = s.wordPtr(w), n = s.wordLen(w);
    if (n > 0 && load<u8>(p) == 0x2d) continue;
    return inWordList(NPM_RUNS, p, n) || kind != Runner.NPM;
  }
  return kind == Runner.YARN; // bare `yarn` installs
}

/** Does command c read a file (or a descriptor duplicated from one) on an input redirection? */
function stdinFromFile(s: Script, c: i32): bool {
  for (let k = 0, m = s.cRedirN(c); k < m; k++) {
    const op = s.wAux(s.redirFlat.get(s.cRedir(c) + k)) & 0xff;
    if (op == Redir.IN || op == Redir.READ_WRITE || op == Redir.DUP_IN) return true;
  }
  return false;
}

/** `go run|test|generate`, `cargo` building or running (build scripts and proc macros run at build): code. */
function runsProjectCode(s: Script, v: i32, argc: i32): bool {
  for (let k = 1; k < argc; k++) {
    const w = s.viewArg(v, k);
    if (!s.isStatic(w)) return true;
    const p = s.wordPtr(w), n = s.wordLen(w);
    if (n > 0 && load<u8>(p) == 0x2d) continue;
    const go = call.programLen == 2;
    return go ? inWordList(GO_RUNS, p, n) : !inWordList(CARGO_INERT, p, n);
  }
  return false;
}

/**
 * python3.12, pypy3, ruby3.2, perl5.36, php8.2, lua5.4, node20: an interpreter by a versioned name. The prefix,
 * then only digits, dots, `-` and `_`.
 */
function versionedInterpreter(p: usize, n: i32): bool {
  for (let i = 0; i < VERSIONED.length; i++) {
    const pre = VERSIONED[i];
    const m = pre.length;
    if (n <= m || !bytesIsLowerPrefix(p, n, pre)) continue;
    let ok = true;
    for (let j = m; j < n && ok; j++) {
      const c = load<u8>(p + <usize>j);
      ok = (c >= 0x30 && c <= 0x39) || c == 0x2e || c == 0x2d || c == 0x5f;
    }
    if (ok) return true;
  }
  return false;
}

function bytesIsLowerPrefix(p: usize, n: i32, pre: string): bool {
  if (n < pre.length) return false;
  for (let i = 0; i < pre.length; i++) if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != <u32>pre.charCodeAt(i)) return false;
  return true;
}

const VERSIONED: StaticArray<string> = ["python", "pypy", "ruby", "perl", "php", "lua", "node", "pip", "java"];
const GO_RUNS = "run test generate tool";
const CARGO_INERT = "version help tree metadata search fmt locate-project pkgid verify-project login logout owner yank";

function hasByte(p: usize, n: i32, c: u8): bool {
  for (let i = 0; i < n; i++) if (load<u8>(p + <usize>i) == c) return true;
  return false;
}

/** The program view v runs: its name's lower-case basename. */
export function effectProgram(s: Script, v: i32): string {
  return lowerBasename(s, s.viewArg(v, 0));
}
