// The passport's file and web scopes bind what an allowed command does: a
// path a command reads is judged by data.file.read exactly as the file tools'
// paths are (file.ts: allowed_paths, blocked paths, the sensitive-file list),
// a path it writes, creates or deletes by data.file.write, and a host it
// contacts by web.fetch (web.ts: allowed/blocked domains, private and
// metadata addresses). What each program reads, writes and contacts comes
// from shell/interp/effects.ts; a scope the passport does not declare binds nothing.
//
// A command that reaches a whole tree (`rm -r`, `grep -r`, `find`) or a glob is also refused when a blocked
// place may lie inside it (scope-trees.ts).
//
// Fail closed: a path computed at run time, a relative path after a `cd` to a
// directory that is not known, a brace expansion, a write to a place no path
// names, a glob segment that may match `..` and a `..` in a command that makes
// a symbolic link (path-climbs.ts) are refused when the scope it falls under is declared.
//
// Not bound: what an interpreter does with the code it runs (`node x.js`,
// `npm run`, `make`, `bash script.sh`); `unbound_programs` sends such runs to
// ask or deny.

import { ByteBuffer } from "../../../util/bytes";
import { canonicalizeBytesInto, copyBytes, sameBytes } from "../../../util/path";
import { Code, Verdict } from "../../verdict";
import { FileLimits, FileInput, admitsCanonical, admitsPrepared, checkFile, prepareLimits } from "../file/file";
import { qualifyRule } from "../../rule-keys";
import { blockedInTree, globMayHitBlocked, treeHit } from "./scope-trees";
import { hasDotDot, isLinkCommand, makesLink } from "./path-climbs";
import { globMayClimb } from "../../../shell/expand/climbing-glob";
import { globReachBlock, reachRule, reachSegment, reachWhat } from "../file/file-glob-reach";
import { trace } from "../../trace";
import { WebLimits, WebInput, checkWeb, quote } from "../web/web";
import {
  CommandDirs, CwdTracker, DirFlow, EXACT_TOOL_CWD, ScopeEffectKind, EffectList, LoopReadings, Script, Wanted, WordFlag, collectEffects, showCommand,
  showWord,
  effectProgram, loaderOfPlace, loadersRun, writerOf,
} from "../../../shell";
import { rowInfo, rowStart } from "../../../shell/syntax/nodes";

export const enum Unbound { ALLOW = 0, ASK = 1, DENY = 2 }

/** The scopes that bind commands, linked from the passport's other limits blocks (passport.ts). */
export class CommandScopes {
  /** false: the passport's `bind_scopes: false` — the command-only reading. */
  enabled: bool = true;
  unbound: Unbound = Unbound.ALLOW;
  read: FileLimits | null = null;
  write: FileLimits | null = null;
  web: WebLimits | null = null;
  /** The JSON pointers of those limits blocks: a scope's deny names the rule of the block that made it. */
  readPointer: string = "";
  writePointer: string = "";
  webPointer: string = "";

  active(): bool {
    return this.enabled && (this.read !== null || this.write !== null || this.web !== null);
  }
}

const effects = new EffectList();
const fileInput = new FileInput();
const webInput = new WebInput();
const dirs = new CommandDirs();
/** A computed word whose only run-time parts are loop variables with listed values: each value in turn. */
const loops = new LoopReadings();
/** The tracker of the command being checked: where each cd went (CommandDirs.exactFor names one). */
let dirsTracker: CwdTracker | null = null;
/** The path as written when it is no word's (a fixed path of a row), the path resolved, and a glob's fixed directory. */
const textBuf = new ByteBuffer(64);
const resolvedBuf = new ByteBuffer(256);
const globBuf = new ByteBuffer(256);
/** The command makes a symbolic link or a bind mount (path-climbs.ts): a `..` in its paths cannot be resolved lexically. */
let linkMade = false;
/** The loaders (git, npm, make) the command runs: a write to a place one of them loads is code (loaded-places.ts). */
let loaders = 0;
/** The file block whose entries the trace names (set only while tracing). */
let tracedBlock = "";

/** Where the command runs and what `~` is, as checkScopes' caller knows them (canonical UTF-8 bytes). */
export class ScopePlace {
  cwdPtr: usize = 0;
  /** 0: the tool's working directory is not known. */
  cwdLen: i32 = 0;
  homePtr: usize = 0;
  /** 0: no home (none given, or the command assigns HOME). */
  homeLen: i32 = 0;
  /** CDPATH is set: a relative cd may go below any of its entries. */
  cdpath: bool = false;
  workspaceRoot: string = "";
  /** The host's home, for `~` in the passport's own path entries. */
  home: string = "";
}

/** True when every effect of the command is within the declared scopes; otherwise the verdict holds the deny (or ask). */
export function checkScopes(scopes: CommandScopes, s: Script, tracker: CwdTracker, flow: DirFlow, place: ScopePlace, verdict: Verdict): bool {
  admitted.reset();
  admittedCount = 0;
  admittedLengths = 0;
  preparedA = null;
  preparedB = null;
  collectEffects(s, effects, wantedBy(scopes));
  linkMade = makesLink(s);
  loaders = loadersRun(s);
  dirsTracker = tracker;
  dirs.run(s, tracker, flow, place.cwdLen, place.cdpath);
  for (let e = 0, n = effects.count; e < n; e++) {
    const kind = <ScopeEffectKind>effects.kind.get(e);
    if (kind == ScopeEffectKind.CONTACT) {
      if (!checkContact(scopes, s, e, place, verdict)) return scopeRule(verdict, scopes);
      continue;
    }
    if (kind != ScopeEffectKind.READ && scopes.web !== null && writesRegistryConfig(s, e)) {
      verdict.deny(Code.DOMAIN_NOT_ALLOWED, what(s, e, kind) + quote(effectText(s, e)) + ", a package manager's configuration, which can " +
        "name any registry, so web.fetch allowed_domains cannot check what later installs contact (set it with 'npm config set registry URL')");
      return scopeRule(verdict, scopes, scopes.webPointer);
    }
    const limits = kind == ScopeEffectKind.READ ? scopes.read : scopes.write;
    if (limits === null) continue;
    if (trace.on) tracedBlock = kind == ScopeEffectKind.READ ? scopes.readPointer : scopes.writePointer;
    if (!checkPath(limits!, kind, s, e, place, verdict)) {
      return scopeRule(verdict, scopes, kind == ScopeEffectKind.READ ? scopes.readPointer : scopes.writePointer);
    }
  }
  if (effects.unbound.length > 0 && scopes.unbound != Unbound.ALLOW) {
    const v = effects.unbound.get(0);
    const name = showWord(s, s.viewArg(v, 0));
    const why = "command '" + showCommand(s, s.vCmd(v)) + "' runs code whose reads, writes and connections cannot be known (" +
      name + " can run any code; the file and web scopes cannot bind it)";
    if (scopes.unbound == Unbound.DENY) return verdict.deny(Code.COMMAND_NOT_ALLOWED, why + ", and unbound_programs is 'deny'", "unbound_programs");
    return verdict.ask(Code.APPROVAL_REQUIRED, why + ", and unbound_programs is 'ask'", "unbound_programs");
  }
  // The file checks name the entry that admitted each path; the command's allow is its own block's.
  verdict.rule = "";
  return true;
}

/** Does effect e write npm's or yarn's configuration file (.npmrc, .yarnrc, .yarnrc.yml), other than by the package manager itself? */
function writesRegistryConfig(s: Script, e: i32): bool {
  // The name first, read in place: most writes are not to these files, and then no string is made.
  // Each of the names ends in 'c' or 'l': any other last byte rules them out without finding the name.
  const w = effects.word.get(e);
  let p: usize, n: i32;
  if (w < 0) {
    const fixed = effects.fixed[effects.fixedIndex.get(e)];
    const last = fixed.length > 0 ? fixed.charCodeAt(fixed.length - 1) : 0;
    if (last != 0x63 && last != 0x6c) return false;
    textBuf.reset();
    textBuf.appendString(fixed);
    p = textBuf.ptr; n = textBuf.length;
  } else {
    const start = effects.start.get(e);
    p = s.wordPtr(w) + <usize>start; n = effects.end.get(e) - start;
    const last = n > 0 ? <u32>load<u8>(p + <usize>(n - 1)) : 0;
    if (last != 0x63 && last != 0x6c) return false;
  }
  let b = n;
  while (b > 0 && load<u8>(p + <usize>(b - 1)) != 0x2f) b--;
  if (!bytesAre(p + <usize>b, n - b, ".npmrc") && !bytesAre(p + <usize>b, n - b, ".yarnrc") && !bytesAre(p + <usize>b, n - b, ".yarnrc.yml")) {
    return false;
  }
  const v = effects.view.get(e);
  if (v >= 0) {
    const program = effectProgram(s, v);
    if (program == "npm" || program == "pnpm" || program == "yarn") return false;
  }
  return true;
}

/** Are the bytes (p, n) exactly the ASCII `s`? */
function bytesAre(p: usize, n: i32, s: string): bool {
  if (n != s.length) return false;
  for (let i = 0; i < n; i++) if (<u32>load<u8>(p + <usize>i) != <u32>s.charCodeAt(i)) return false;
  return true;
}

/**
 * The effects these scopes judge: reads only with data.file.read, writes and deletes with data.file.write (or
 * web.fetch, for a write of .npmrc),
 * request methods only with web.fetch (allowed_methods), runs nobody can bind only when unbound_programs says
 * more than allow. Contacts always: a local path among them is judged by the file scopes.
 */
function wantedBy(scopes: CommandScopes): i32 {
  let w = Wanted.CONTACTS;
  if (scopes.read !== null) w |= Wanted.READS;
  if (scopes.write !== null) w |= Wanted.WRITES;
  // web.fetch also judges writes: one to a package manager's configuration can name any registry.
  if (scopes.web !== null) w |= Wanted.METHODS | Wanted.WRITES;
  if (scopes.unbound != Unbound.ALLOW) w |= Wanted.UNBOUND;
  return w;
}

/** The effect's text as written (a fixed path, or the part of its word). */
function effectText(s: Script, e: i32): string {
  const w = effects.word.get(e);
  if (w < 0) return effects.fixed[effects.fixedIndex.get(e)];
  const start = effects.start.get(e), end = effects.end.get(e);
  return String.UTF8.decodeUnsafe(s.wordPtr(w) + <usize>start, <usize>(end - start), false);
}

/** Who does it, for a message: `cat` or "a redirection of 'cmd'". */
function actor(s: Script, e: i32): string {
  const v = effects.view.get(e);
  if (v >= 0) return "'" + showWord(s, s.viewArg(v, 0)) + "'";
  const c = effects.cmd.get(e);
  return s.cArgc(c) == 0 ? "a redirection" : "a redirection of '" + showCommand(s, c) + "'";
}

function verb(kind: ScopeEffectKind): string {
  if (kind == ScopeEffectKind.READ) return "reads";
  if (kind == ScopeEffectKind.WRITE) return "writes";
  if (kind == ScopeEffectKind.DELETE) return "deletes";
  return "contacts";
}

function scopeName(kind: ScopeEffectKind): string {
  return kind == ScopeEffectKind.READ ? "data.file.read" : kind == ScopeEffectKind.CONTACT ? "web.fetch" : "data.file.write";
}

/** Paths that are not files: reading or writing them touches nothing the scopes protect. */
// @ts-ignore: decorator
@inline function isDevice(p: usize, n: i32): bool {
  return n >= 8 && load<u32>(p) == 0x7665642f && load<u8>(p + 4) == 0x2f && isDeviceName(p, n); // "/dev/"
}

/** isDevice for a path under /dev/: the name after it. */
function isDeviceName(p: usize, n: i32): bool {
  const name = String.UTF8.decodeUnsafe(p + 5, <usize>(n - 5), false);
  return name == "null" || name == "stdout" || name == "stderr" || name == "stdin" || name == "tty" || name == "zero" ||
    name == "fd/0" || name == "fd/1" || name == "fd/2" || name == "urandom" || name == "random";
}

/**
 * A scope's deny names the rule of the file or web block that made it
 * (`/passport/limits/data.file.read/allowed_paths/0`), not the command's
 * block. `block` "" picks it by the code: domain checks are web.fetch's.
 */
function scopeRule(verdict: Verdict, scopes: CommandScopes, block: string = ""): bool {
  if (block.length == 0) {
    const c = verdict.code;
    const web = c == Code.DOMAIN_NOT_ALLOWED || c == Code.DOMAIN_BLOCKED || c == Code.PRIVATE_IP_BLOCKED || c == Code.INVALID_URL || c == Code.METHOD_NOT_ALLOWED;
    block = web ? scopes.webPointer : verdict.message.indexOf(" writes ") >= 0 ? scopes.writePointer : scopes.readPointer;
  }
  qualifyRule(verdict, block);
  return false;
}

/** Has the word a part computed at run time in [start, end)? */
// @ts-ignore: decorator
@inline function computed(s: Script, w: i32, start: i32, end: i32): bool {
  return computedIn(s.wordFlags(w), s.attrPtr(w), start, end);
}

/** computed for a word whose flags and Attr bytes (at `a`) are read already. */
// @ts-ignore: decorator
@inline function computedIn(flags: i32, a: usize, start: i32, end: i32): bool {
  if ((flags & WordFlag.DYNAMIC) == 0) return false;
  for (let i = start; i < end; i++) if (load<u8>(a + <usize>i) == 2) return true; // Attr.EXPANSION
  return false;
}

/** "'cat' reads ": the start of a deny message (made only when one is). */
function what(s: Script, e: i32, kind: ScopeEffectKind): string {
  return actor(s, e) + " " + verb(kind) + " ";
}

/**
 * Judge the path of effect e under every directory its command may run in. Nothing is allocated while the
 * paths pass: the text is read from its word, resolved into a reused buffer and matched as bytes (file.ts
 * admitsCanonical); a path that does not pass is judged again by checkFile for its message.
 */
function checkPath(limits: FileLimits, kind: ScopeEffectKind, s: Script, e: i32, place: ScopePlace, verdict: Verdict): bool {
  const w = effects.word.get(e);
  let tp: usize, tn: i32;
  if (w < 0) {
    textBuf.reset();
    textBuf.appendString(effects.fixed[effects.fixedIndex.get(e)]);
    tp = textBuf.ptr; tn = textBuf.length;
    if (tn == 0) {
      return verdict.deny(Code.PATH_NOT_ALLOWED, what(s, e, kind) + "files in a place no path names (" + showCommand(s, effects.cmd.get(e)) +
        "), so " + scopeName(kind) + " allowed_paths cannot be checked");
    }
  } else {
    const start = effects.start.get(e), end = effects.end.get(e);
    // The word's row read once: its flags and where its bytes and their Attr are.
    const r = s.wordRow(w);
    const flags = rowInfo(r), at = <usize>rowStart(r);
    tp = s.text.ptr + at + <usize>start; tn = end - start;
    if (computedIn(flags, s.attr.ptr + at, start, end)) {
      if (loops.read(s, effects.cmd.get(e), w, start, end)) {
        const glob = loops.glob || (s.wordFlags(w) & WordFlag.GLOB) != 0;
        for (let i = 0, n = loops.count; i < n; i++) {
          if (!checkText(limits, kind, s, e, loops.text.ptr + <usize>loops.start.get(i), loops.len.get(i), glob, place, verdict)) return false;
        }
        return true;
      }
      return verdict.deny(Code.PATH_NOT_ALLOWED, what(s, e, kind) + quote(showWord(s, w)) + ", a path computed at run time, so " + scopeName(kind) +
        " allowed_paths cannot be checked (write the path out)");
    }
    if ((flags & WordFlag.BRACE) != 0) {
      return verdict.deny(Code.PATH_NOT_ALLOWED, what(s, e, kind) + quote(effectText(s, e)) + ", a brace expansion, so " + scopeName(kind) +
        " allowed_paths cannot be checked (write each path out)");
    }
    return checkText(limits, kind, s, e, tp, tn, (flags & WordFlag.GLOB) != 0, place, verdict);
  }
  return checkText(limits, kind, s, e, tp, tn, hasGlobByte(tp, tn), place, verdict);
}

/** A fixed path with `*`, `?` or `[` (a source's name joined under a target, `cp src/*.ts out/`): judged as a glob. */
function hasGlobByte(p: usize, n: i32): bool {
  for (let i = 0; i < n; i++) {
    const c = load<u8>(p + <usize>i);
    if (c == 0x2a || c == 0x3f || c == 0x5b) return true;
  }
  return false;
}

/** The path (tp, tn) of effect e, as written or as one reading of its word, under every directory its command may run in. */
function checkText(limits: FileLimits, kind: ScopeEffectKind, s: Script, e: i32, tp: usize, tn: i32, glob: bool, place: ScopePlace,
  verdict: Verdict): bool {
  if (linkMade && hasDotDot(tp, tn) && !isLinkCommand(s, effects.cmd.get(e))) {
    return verdict.deny(Code.PATH_NOT_ALLOWED, what(s, e, kind) + quote(effectText(s, e)) + ", a path with '..' in a command that makes a " +
      "symbolic link; the kernel resolves '..' from where a link points, so " + scopeName(kind) + " allowed_paths cannot be checked");
  }
  const c0 = tn > 0 ? <u32>load<u8>(tp) : 0;
  // One directory (none for `/` and `~`) is judged below by the one call of checkResolved, inlined there.
  // The home is canonical (run.ts placeOf: canonicalizePathInto), or empty.
  let bp: usize = 0, bn = 0, canonical = true;
  if (c0 != 0x2f && c0 != 0x7e) {
    const exact = dirs.exactFor(effects.cmd.get(e));
    if (exact >= 0) {
      const t = dirsTracker!;
      bp = t.text.ptr + <usize>t.cdStart.get(exact);
      bn = t.cdLen.get(exact);
      canonical = false;
    } else if (exact == EXACT_TOOL_CWD && place.cwdLen > 0) {
      // The tool's cwd is canonical (run.ts placeOf: canonicalizePathInto), and so is the home.
      bp = place.cwdPtr;
      bn = place.cwdLen;
    } else return checkUnderAll(limits, kind, s, e, tp, tn, glob, place, verdict);
  }
  return checkResolved(limits, kind, s, e, tp, tn, bp, bn, canonical, glob, place, verdict);
}

/** checkText's path under each directory of the closure the command may run in (or refused when that is not known). */
function checkUnderAll(limits: FileLimits, kind: ScopeEffectKind, s: Script, e: i32, tp: usize, tn: i32, glob: bool, place: ScopePlace,
  verdict: Verdict): bool {
  if (!dirs.known) {
    const text = effectText(s, e);
    if (place.cwdLen == 0) {
      return verdict.deny(Code.PATH_NOT_ALLOWED, what(s, e, kind) + quote(text) + ", a relative path, and the working directory is not known " +
        "(the call has no cwd and the context no workspace_root), so " + scopeName(kind) + " allowed_paths cannot be checked");
    }
    return verdict.deny(Code.PATH_NOT_ALLOWED, what(s, e, kind) + quote(text) + ", a relative path after a change to a directory that is not known, so " +
      scopeName(kind) + " allowed_paths cannot be checked");
  }
  const all = dirs.all;
  for (let i = 0, n = all.count; i < n; i++) {
    if (!checkResolvedOut(limits, kind, s, e, tp, tn, all.text.ptr + <usize>all.start.get(i), all.len.get(i), false, glob, place, verdict)) return false;
  }
  return true;
}

/** checkResolved, not inlined: the closure's loop. */
function checkResolvedOut(limits: FileLimits, kind: ScopeEffectKind, s: Script, e: i32, tp: usize, tn: i32, bp: usize, bn: i32, canonical: bool,
  glob: bool, place: ScopePlace, verdict: Verdict): bool {
  return checkResolved(limits, kind, s, e, tp, tn, bp, bn, canonical, glob, place, verdict);
}

/**
 * The path (tp, tn) resolved under the directory (bp, bn) — or from `/` or `~` — judged as itself and, for a glob,
 * its fixed directory. `canonical`: the directory and the home are known canonical, so they are copied whole.
 */
// @ts-ignore: decorator
@inline function checkResolved(limits: FileLimits, kind: ScopeEffectKind, s: Script, e: i32, tp: usize, tn: i32, bp: usize, bn: i32, canonical: bool,
  glob: bool, place: ScopePlace, verdict: Verdict): bool {
  const resolved = canonicalizeBytesInto(resolvedBuf, tp, tn, bp, bn, place.homePtr, place.homeLen, canonical);
  if (!resolved) {
    return verdict.deny(Code.PATH_NOT_ALLOWED, what(s, e, kind) + quote(effectText(s, e)) +
      ", which cannot be resolved (no home is known for '~', or '~user'), so " + scopeName(kind) + " allowed_paths cannot be checked");
  }
  if (isDevice(resolvedBuf.ptr, resolvedBuf.length)) return true;
  const tree = effects.tree.get(e) != 0;
  // A glob may match anything in its fixed directory: both that directory and the pattern as a name must pass,
  // and it may not be able to match a blocked place (for a tree, a directory above one either).
  if (glob) {
    globDirectory(resolvedBuf, globBuf);
    // While tracing, the reference check runs (it names the entry that admits the path).
    if (!(!trace.on && admits(limits, globBuf, true, place, verdict)) &&
      !checkOne(limits, kind, what(s, e, kind), effectText(s, e), globBuf.toString(), true, place, verdict)) return false;
    if (globMayHitBlocked(limits, resolvedBuf, tree)) return treeDeny(s, e, kind, resolvedBuf, tree ? ", which may match a directory above " : ", which may match ", verdict);
    if (tree && blockedInTree(limits, globBuf, place.homePtr, place.homeLen)) return treeDeny(s, e, kind, globBuf, INSIDE, verdict);
    // A wildcard segment spelling part of a blocked name (`cat .e?v`, `cp x .npmr?`, `cat key.pe?`).
    const resolved = resolvedBuf.toString();
    if (globReachBlock(limits, resolved)) {
      const text = effectText(s, e);
      return verdict.deny(Code.PATH_BLOCKED, what(s, e, kind) + (text == resolved ? quote(text) : quote(text) + " (" + resolved + ")") +
        ", a glob that could name a file " + reachWhat + " blocks (its segment " + quote(reachSegment) + "), outside the passport's " +
        scopeName(kind) + " limits", reachRule);
    }
    if (globMayClimb(tp, tn)) {
      return verdict.deny(Code.PATH_NOT_ALLOWED, what(s, e, kind) + quote(effectText(s, e)) + ", a glob with a segment that may match '..' " +
        "(bash 5.1 and older, or with globskipdots off, match '.?', '.*' and '.[.]' to it), so " + scopeName(kind) + " allowed_paths cannot be checked");
    }
  }
  if (!(!trace.on && admits(limits, resolvedBuf, kind != ScopeEffectKind.READ, place, verdict)) &&
    !checkOne(limits, kind, what(s, e, kind), effectText(s, e), resolvedBuf.toString(), false, place, verdict)) return false;
  if (tree && !glob && blockedInTree(limits, resolvedBuf, place.homePtr, place.homeLen)) return treeDeny(s, e, kind, resolvedBuf, INSIDE, verdict);
  if (kind == ScopeEffectKind.WRITE && loaders != 0) {
    const loader = loaderOfPlace(resolvedBuf.ptr, resolvedBuf.length, glob, loaders, writerOf(s, effects.view.get(e)));
    if (loader.length > 0) return loadedDeny(s, e, loader, verdict);
  }
  return true;
}

/** Effect e writes (resolvedBuf) a place `loader` loads code or configuration from, and the command runs it. */
function loadedDeny(s: Script, e: i32, loader: string, verdict: Verdict): bool {
  const text = effectText(s, e), resolved = resolvedBuf.toString();
  const shown = text == resolved ? quote(text) : quote(text) + " (" + resolved + ")";
  return verdict.deny(Code.COMMAND_INJECTION_DETECTED, what(s, e, ScopeEffectKind.WRITE) + shown + ", which " + loader +
    " then loads (configuration, hooks or scripts that run commands), so what runs cannot be checked");
}

const INSIDE = " and everything under it, which holds ";

/**
 * The paths admitsCanonical allowed in this decision, so a path two effects name (`cp a b && cat b`, a glob's
 * directory and a plain path in it) is judged once. Each record: the limits' address (u32), the directory
 * flag (u8), the length (i32) and the canonical bytes. Only allows are remembered: a deny is judged again
 * by checkFile for its message. At most MAX_ADMITTED, so the lookups stay linear in the command's paths.
 */
const admitted = new ByteBuffer(512);
let admittedCount = 0;
/** Bit min(length, 63) of each record's path: a path of a length no record has is not looked for. */
let admittedLengths: u64 = 0;
const MAX_ADMITTED = 32;

/**
 * The limits prepared for this decision's place (file.ts prepareLimits, asked once per limits, not per path) and
 * whether they are valid. A decision judges by two at most (data.file.read and data.file.write); nothing else
 * resolves them for another place while it runs (checkOne asks checkFile for the same place).
 */
let preparedA: FileLimits | null = null;
let preparedB: FileLimits | null = null;
let validA = false;
let validB = false;

/** Are the limits valid, prepared for this decision's place? admitsCanonical's first steps, taken once per decision. */
// @ts-ignore: decorator
@inline function prepared(limits: FileLimits, place: ScopePlace): bool {
  if (limits === preparedA) return validA;
  if (limits === preparedB) return validB;
  return prepareSlot(limits, place);
}

/** prepared for limits not yet in a slot: prepare them, and keep the answer in a free slot. */
function prepareSlot(limits: FileLimits, place: ScopePlace): bool {
  const valid = prepareLimits(limits, place.workspaceRoot, place.home);
  if (preparedA === null) { preparedA = limits; validA = valid; }
  else if (preparedB === null) { preparedB = limits; validB = valid; }
  return valid;
}

/**
 * Judge each path by admitsCanonical itself, with no record of the paths allowed before (the reference of the
 * scope-checks spec): set by that spec, read only in builds with the compile-time constant ORACLES.
 */
let plainAdmits = false;

export function setPlainAdmits(on: bool): void {
  plainAdmits = on;
}

/** admitsCanonical for this decision's place, answered from `admitted` when the same check allowed before. */
function admits(limits: FileLimits, path: ByteBuffer, directory: bool, place: ScopePlace, verdict: Verdict): bool {
  if (isDefined(ORACLES) && plainAdmits) return admitsCanonical(limits, path, place.workspaceRoot, place.home, directory, verdict);
  const key = <u32>changetype<usize>(limits), flag = <u8>(directory ? 1 : 0), n = path.length;
  const base = admitted.ptr, end = ((admittedLengths >> <u64>(n < 63 ? n : 63)) & 1) != 0 ? admitted.length : 0;
  for (let at = 0; at < end;) {
    const len = load<i32>(base + <usize>at + 5);
    if (len == n && load<u32>(base + <usize>at) == key && load<u8>(base + <usize>at + 4) == flag &&
      sameBytes(base + <usize>at + 9, path.ptr, n)) return true;
    at += 9 + len;
  }
  if (!prepared(limits, place) || !admitsPrepared(limits, path, directory, verdict)) return false;
  if (admittedCount < MAX_ADMITTED) {
    if (admitted.length + 9 + n > admitted.data.length) admitted.ensure(9 + n);
    const at = admitted.ptr + <usize>admitted.length;
    store<u32>(at, key);
    store<u8>(at + 4, flag);
    store<i32>(at + 5, n);
    copyBytes(at + 9, path.ptr, n);
    admitted.length += 9 + n;
    admittedCount++;
    admittedLengths |= <u64>1 << <u64>(n < 63 ? n : 63);
  }
  return true;
}

/** Effect e reaches a blocked place (scope-trees.ts treeHit) through its tree or its glob at `path`. */
function treeDeny(s: Script, e: i32, kind: ScopeEffectKind, path: ByteBuffer, how: string, verdict: Verdict): bool {
  const text = effectText(s, e), resolved = path.toString();
  const shown = text == resolved ? quote(text) : quote(text) + " (" + resolved + ")";
  return verdict.deny(Code.PATH_BLOCKED, what(s, e, kind) + shown + how + treeHit.label + ", outside the passport's " + scopeName(kind) + " limits",
    treeHit.rule);
}

/** The directory part of a resolved glob in `path` before its first segment with * ? or [, into `out`. */
function globDirectory(path: ByteBuffer, out: ByteBuffer): void {
  const p = path.ptr, n = path.length;
  let cut = n;
  for (let i = 0; i < n; i++) {
    const c = load<u8>(p + <usize>i);
    if (c == 0x2a || c == 0x3f || c == 0x5b) { cut = i; break; }
  }
  let slash = cut < n ? cut : n - 1;
  while (slash > 0 && load<u8>(p + <usize>slash) != 0x2f) slash--;
  out.reset();
  if (slash <= 0) out.push(0x2f);
  else out.append(p, slash);
}

function checkOne(limits: FileLimits, kind: ScopeEffectKind, what: string, text: string, path: string, directory: bool,
  place: ScopePlace, verdict: Verdict): bool {
  fileInput.path = path;
  fileInput.workspaceRoot = place.workspaceRoot;
  fileInput.home = place.home;
  fileInput.writeBytes = NaN;
  fileInput.directory = directory || kind != ScopeEffectKind.READ; // allowed_extensions: for the file tools' own files
  if (checkFile(limits, fileInput, kind != ScopeEffectKind.READ, verdict)) {
    if (trace.on) trace.note(tracedBlock + "/" + verdict.rule + " allows " + path);
    return true;
  }
  const shown = text == path ? quote(path) : quote(text) + " (" + path + ")";
  return verdict.deny(verdict.code, what + shown + ", outside the passport's " + scopeName(kind) + " limits: " + verdict.message, verdict.rule);
}

function checkContact(scopes: CommandScopes, s: Script, e: i32, place: ScopePlace, verdict: Verdict): bool {
  const w = effects.word.get(e);
  // Without web.fetch limits only a local path (git clone /x, git push ../x) is judged: no URL is parsed.
  if (scopes.web === null && !localPathLike(s, e)) return true;
  const text = effectText(s, e);
  const v = effects.view.get(e);
  const program = v >= 0 ? effectProgram(s, v) : "";
  if (w >= 0 && computed(s, w, effects.start.get(e), effects.end.get(e))) {
    if (loops.read(s, effects.cmd.get(e), w, effects.start.get(e), effects.end.get(e))) {
      // Copied out: a local path's check (checkPath) reads the loop values again.
      const n = loops.count;
      const values = new Array<string>(n);
      for (let i = 0; i < n; i++) values[i] = String.UTF8.decodeUnsafe(loops.text.ptr + <usize>loops.start.get(i), <usize>loops.len.get(i), false);
      for (let i = 0; i < n; i++) if (!checkContactText(scopes, s, e, values[i], program, place, verdict)) return false;
      return true;
    }
    if (scopes.web === null) return true;
    return verdict.deny(Code.DOMAIN_NOT_ALLOWED, actor(s, e) + " contacts " + quote(showWord(s, w)) +
      ", an address computed at run time, so web.fetch allowed_domains cannot be checked (write the URL out)");
  }
  if (text.length == 0) {
    // A contact whose addresses the command does not write out: `wget -i list`, `curl -K config`, `xargs curl`.
    if (scopes.web === null) return true;
    return verdict.deny(Code.DOMAIN_NOT_ALLOWED, actor(s, e) + " contacts addresses the command does not write out " +
      "(from a list or config file, or from standard input), so web.fetch allowed_domains cannot be checked (write the URLs out)");
  }
  return checkContactText(scopes, s, e, text, program, place, verdict);
}

/** Effect e's address `text` (as written, or one reading of its word), judged by web.fetch, or as a local path. */
function checkContactText(scopes: CommandScopes, s: Script, e: i32, text: string, program: string, place: ScopePlace, verdict: Verdict): bool {
  if (isFileUrl(text)) return checkFileUrl(scopes, s, e, text, place, verdict);
  const url = urlOf(text, program);
  if (url.length == 0) {
    // Not an address: a local repository or package path (git clone /x, npm install ../x), or a remote's name.
    if (!looksLikePath(text)) return true;
    const kind = effects.sub[e] == "push" ? ScopeEffectKind.WRITE : ScopeEffectKind.READ;
    const limits = kind == ScopeEffectKind.READ ? scopes.read : scopes.write;
    if (limits === null) return true;
    if (trace.on) tracedBlock = kind == ScopeEffectKind.READ ? scopes.readPointer : scopes.writePointer;
    return checkPath(limits!, kind, s, e, place, verdict);
  }
  const web = scopes.web;
  if (web === null) return true;
  webInput.url = url;
  // The request method its options say (curl -X, a body makes POST); "" is the program's default, GET.
  webInput.method = effects.method[e];
  if (checkWeb(web!, webInput, verdict)) return true;
  const shown = url == text ? quote(text) : quote(text) + " (" + url + ")";
  return verdict.deny(verdict.code, actor(s, e) + " contacts " + shown + ", outside the passport's web.fetch limits: " + verdict.message, verdict.rule);
}

/** Does effect e's text start as looksLikePath's does (`/`, `.`, `~`), or as a `file:` URL? Read in place. */
function localPathLike(s: Script, e: i32): bool {
  const w = effects.word.get(e);
  if (w < 0) return looksLikePath(effects.fixed[effects.fixedIndex.get(e)]) || isFileUrl(effects.fixed[effects.fixedIndex.get(e)]);
  const start = effects.start.get(e), end = effects.end.get(e);
  if (end <= start) return false;
  const p = s.wordPtr(w) + <usize>start;
  const c = load<u8>(p);
  if (c == 0x2f || c == 0x2e || c == 0x7e) return true;
  return end - start >= 5 && (c | 0x20) == 0x66 && (load<u8>(p + 1) | 0x20) == 0x69 && (load<u8>(p + 2) | 0x20) == 0x6c &&
    (load<u8>(p + 3) | 0x20) == 0x65 && load<u8>(p + 4) == 0x3a;
}

/** `file:///x`, `FILE://localhost/x`, `file:/x`, npm's `file:../x` (and git's `git+file:`): a local path, not an address. */
function isFileUrl(text: string): bool {
  const t = text.startsWith("git+") ? text.substring(4) : text;
  return t.length >= 5 && t.substring(0, 5).toLowerCase() == "file:";
}

/**
 * A `file:` URL names a file on this machine: curl prints it, git clones or fetches from it (a push writes it),
 * npm installs it. Judged as that path by data.file.read (a push: data.file.write). A URL whose path we cannot
 * read for certain — another host, `%` escapes, a query or fragment, curl's `{a,b}` and `[1-3]` lists — is refused.
 */
function checkFileUrl(scopes: CommandScopes, s: Script, e: i32, text: string, place: ScopePlace, verdict: Verdict): bool {
  const kind = effects.sub[e] == "push" ? ScopeEffectKind.WRITE : ScopeEffectKind.READ;
  const limits = kind == ScopeEffectKind.READ ? scopes.read : scopes.write;
  if (limits === null) return true;
  let path = (text.startsWith("git+") ? text.substring(4) : text).substring(5);
  if (path.startsWith("//")) {
    const rest = path.substring(2);
    const slash = rest.indexOf("/");
    const host = slash < 0 ? rest : rest.substring(0, slash);
    if (host.length > 0 && host.toLowerCase() != "localhost") path = "";
    else path = slash < 0 ? "" : rest.substring(slash);
  }
  let plain = path.length > 0;
  for (let i = 0; i < path.length && plain; i++) {
    const c = path.charCodeAt(i);
    plain = c != 0x25 && c != 0x3f && c != 0x23 && c != 0x7b && c != 0x5b;
  }
  if (!plain) {
    return verdict.deny(Code.PATH_NOT_ALLOWED, actor(s, e) + " reaches " + quote(text) + ", a file: URL whose path cannot be read for certain " +
      "(another host, % escapes, a query, or a list), so " + scopeName(kind) + " allowed_paths cannot be checked (name the file as a path)");
  }
  if (trace.on) tracedBlock = kind == ScopeEffectKind.READ ? scopes.readPointer : scopes.writePointer;
  textBuf.reset();
  textBuf.appendString(path);
  return checkText(limits!, kind, s, e, textBuf.ptr, textBuf.length, hasGlobByte(textBuf.ptr, textBuf.length), place, verdict);
}

/** A local path, not a remote's or branch's name (`origin`, `feature/x`). */
function looksLikePath(text: string): bool {
  return text.startsWith("/") || text.startsWith(".") || text.startsWith("~");
}

/**
 * The URL a program's operand contacts, for the web.fetch check, or "" when it names no host. curl and wget take
 * a bare host as http://host; git's ssh forms (`git@host:path`, `ssh://user@host/path`) and npm's shorthands
 * (`github:user/repo`, `user/repo`) are judged by their host as https URLs.
 */
function urlOf(text: string, program: string): string {
  const t = text.startsWith("git+") ? text.substring(4) : text;
  const scheme = t.indexOf("://");
  if (scheme > 0) {
    const name = t.substring(0, scheme).toLowerCase();
    if (name == "http" || name == "https") return t;
    // ssh://git@host/x, git://host/x: the host is what is judged; the user name is not a credential here.
    let rest = t.substring(scheme + 3);
    const slash = rest.indexOf("/");
    const at = rest.lastIndexOf("@", slash < 0 ? rest.length : slash);
    if (at >= 0) rest = rest.substring(at + 1);
    if (name == "file") return "";
    return "https://" + rest;
  }
  if (program == "curl" || program == "wget") return t.length > 0 ? "http://" + t : "";
  if (program == "git") {
    // scp-like `user@host:path` (a colon before any slash).
    const colon = t.indexOf(":");
    const slash = t.indexOf("/");
    if (colon > 0 && (slash < 0 || colon < slash)) {
      const at = t.lastIndexOf("@", colon);
      return "https://" + t.substring(at + 1, colon) + "/" + t.substring(colon + 1);
    }
    return "";
  }
  if (program == "npm" || program == "pnpm" || program == "yarn") {
    if (t.startsWith("github:")) return "https://github.com/" + t.substring(7);
    if (t.startsWith("gitlab:")) return "https://gitlab.com/" + t.substring(7);
    if (t.startsWith("bitbucket:")) return "https://bitbucket.org/" + t.substring(10);
    if (t.startsWith("gist:")) return "https://gist.github.com/" + t.substring(5);
    const colon = t.indexOf(":");
    const slash = t.indexOf("/");
    if (colon > 0 && (slash < 0 || colon < slash) && t.indexOf("@") >= 0 && t.indexOf("@") < colon && !t.startsWith("@")) {
      const at = t.lastIndexOf("@", colon);
      return "https://" + t.substring(at + 1, colon) + "/" + t.substring(colon + 1); // git@host:user/repo
    }
    // `user/repo` (not `@scope/name`, not a path): GitHub.
    if (!t.startsWith("@") && !t.startsWith(".") && !t.startsWith("/") && !t.startsWith("~") && slash > 0 && t.indexOf("/", slash + 1) < 0) {
      return "https://github.com/" + t;
    }
    return "";
  }
  return "";
}
