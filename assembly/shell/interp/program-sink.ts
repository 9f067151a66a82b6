// What program rules (wrappers.ts, sed-script.ts, awk-program.ts, stdin.ts, script-file.ts) hand back to the
// walk: nested code to parse, a directory a command alone runs in, a program read from stdin, the commands
// a wrapper runs. Rules take a ProgramSink, never the Walker, so no rule imports the walk (and each can be
// tested with any sink); the Walker is the one sink in production and supplies chain and readsStdin.

import { indexOf } from "../expand/argv";
import { OptScan } from "./opt-scan";
import { placeholderInCode } from "./placeholders";
import { inWordList } from "../../util/bytes";
import { Parser } from "../syntax/parser";
import { CdScope, Script, ViewFlag } from "../syntax/nodes";
import { Attr, Ch, MAX_PAYLOAD_DEPTH, ParseError, Subst, WordFlag, WordKind } from "../syntax/tokens";
import { ProgramFacts } from "../programs";

export class ProgramSink {
  p: Parser;
  s: Script;
  opts: OptScan = new OptScan();
  /** What a program rule (a row's describe hook, directory options) found, reused per call. */
  facts: ProgramFacts = new ProgramFacts();
  /** Set by unwrap when the inner command ends before argv does (find -exec … ;). */
  innerEnd: i32 = 0;
  /** Value found by optAnywhere (wrappers.ts). */
  valWord: i32 = -1;
  valOff: i32 = 0;

  constructor(p: Parser) {
    this.p = p;
    this.s = p.script;
  }

  /** Views of argv[start, end) of `cmd` run under view `parent` (the walk's). */
  chain(cmd: i32, start: i32, end: i32, parent: i32): void {
    unreachable();
  }

  /** View v reads its program from stdin; `shell`: what feeds it is parsed when it can be (the walk's). */
  readsStdin(cmd: i32, v: i32, shell: bool): void {
    unreachable();
  }

  /**
   * Command `cmd` (view v) runs in directory `dir` from byte `offset` (-1: a directory only known at run time),
   * and the shell stays where it is: `env -C dir`, `git -C dir`, `tar -C dir`. `nested`: relative to another
   * such directory of the same command (`git -C a -C b`), which is not tracked.
   */
  transientCd(cmd: i32, v: i32, dir: i32, offset: i32, nested: bool): void {
    const s = this.s;
    s.cdCmds.push(cmd);
    // No value (`xargs env -C` fills it in): a directory only known at run time.
    const computed = dir < 0 || !s.isStatic(dir);
    // find's `{}` (`find . -exec make -C {} \;`): some directory find reaches, named by nobody — an empty
    // word, which resolves nowhere (allowed_working_directories denies) and is any directory to patterns.
    const found = !computed && indexOf(s.wordPtr(dir), s.wordLen(dir), 0x7b) >= 0;
    // A whole word (`env -C "$d"`, `-C /e*`) is kept: its values and alternatives are the directory's.
    s.cdWords.push(computed && dir >= 0 && offset == 0 ? dir :
      computed ? s.commitRaw(0, 0, WordKind.ARG | WordFlag.DYNAMIC, Attr.UNQUOTED) :
      found ? s.commitRaw(0, 0, WordKind.ARG, Attr.UNQUOTED) :
      offset == 0 ? dir : s.commitRaw(s.wordPtr(dir) + <usize>offset, s.wordLen(dir) - offset, WordKind.ARG, Attr.UNQUOTED));
    // Inside a wrapper (`env -C .. env -C ..`) a relative directory is relative to one we do not track.
    s.cdTransient.push(found || nested || s.vParent(v) >= 0 ? CdScope.COMMAND_UNTRACKED : CdScope.COMMAND);
  }

  // ---- payloads ----

  /** The text of word `w` from byte `off` is code: parse it (or flag it when computed at run time). */
  payloadWord(cmd: i32, v: i32, w: i32, off: i32): bool {
    const s = this.s;
    if (!s.isStatic(w) || placeholderInCode(s, v, w, off)) { this.dynamicPayload(v); return true; }
    const buf = this.p.payloadBuffer();
    buf.append(s.wordPtr(w) + <usize>off, s.wordLen(w) - off);
    return this.parsePayload(cmd);
  }

  /** argv[from, to) joined by spaces is code (eval, watch, ssh, …), after word `first` from `off` if >= 0. */
  payloadJoin(cmd: i32, v: i32, from: i32, to: i32, first: i32 = -1, off: i32 = 0): bool {
    const s = this.s;
    const buf = this.p.payloadBuffer();
    if (first >= 0) {
      if (!s.isStatic(first) || placeholderInCode(s, v, first, off)) { this.dynamicPayload(v); return true; }
      buf.append(s.wordPtr(first) + <usize>off, s.wordLen(first) - off);
    }
    for (let k = from; k < to; k++) {
      const w = s.arg(cmd, k);
      if (!s.isStatic(w) || placeholderInCode(s, v, w, 0)) { this.dynamicPayload(v); return true; }
      if (buf.length > 0) buf.push(<u8>Ch.SPACE);
      buf.append(s.wordPtr(w), s.wordLen(w));
    }
    return this.parsePayload(cmd);
  }

  /**
   * Apply what a row's describe hook found for command `cmd` (view v), in the order it found it: record each
   * directory the command runs in, parse each text of code, mark the hidden.
   */
  describedCode(cmd: i32, v: i32, facts: ProgramFacts): void {
    const s = this.s;
    for (let k = 0, m = facts.order.length; k < m; k++) {
      const i = facts.order[k] >> 1;
      if ((facts.order[k] & 1) != 0) {
        this.transientCd(cmd, v, facts.cdWord[i], facts.cdOffset[i], facts.cdNested[i]);
        continue;
      }
      const w = facts.codeWord[i], off = facts.codeOffset[i], len = facts.codeLength[i];
      if (!s.isStatic(w)) { this.dynamicPayload(v); continue; }
      // Re-read the word's address each time: parsing a payload may move the word arena.
      const buf = this.p.payloadBuffer();
      buf.append(s.wordPtr(w) + <usize>off, len < 0 ? s.wordLen(w) - off : len);
      if (!this.parsePayload(cmd)) return;
    }
    if (facts.hiddenCode) this.dynamicPayload(v);
  }

  dynamicPayload(v: i32): void {
    if (v >= 0) this.s.setVFlags(v, this.s.vFlags(v) | ViewFlag.PAYLOAD_DYNAMIC);
  }

  /** Parse p.payloadBuffer() as a script run by `cmd`. */
  parsePayload(cmd: i32): bool {
    const s = this.s;
    const depth = s.cDepth(cmd) + 1;
    if (depth > MAX_PAYLOAD_DEPTH) return this.p.fail(ParseError.TOO_DEEP, "code nested too deep (sh -c / eval inside each other)");
    const buf = this.p.srcBufs[1];
    if (buf.length == 0) return true;
    return this.p.parseSource(buf.ptr, buf.length, cmd, Subst.PAYLOAD, depth,
      s.cStage(cmd), s.cFunc(cmd), this.p.cScope.get(cmd));
  }

  /** `GIT_SSH_COMMAND=…`, `EDITOR=…`, `PAGER=…`: variables whose value a program runs as a command. */
  commandEnv(cmd: i32, v: i32, w: i32): bool {
    const s = this.s;
    const p = s.wordPtr(w), n = s.wordLen(w);
    const eq = indexOf(p, n, Ch.EQ);
    if (eq <= 0) return true;
    if (!isCommandVariable(p, eq)) return true;
    return this.payloadWord(cmd, v, w, eq + 1);
  }
}

const COMMAND_VARIABLES = "GIT_SSH_COMMAND GIT_SSH GIT_EDITOR GIT_PAGER GIT_SEQUENCE_EDITOR GIT_ASKPASS " +
  "GIT_EXTERNAL_DIFF EDITOR VISUAL PAGER MANPAGER SYSTEMD_PAGER SSH_ASKPASS SUDO_ASKPASS LESSOPEN LESSCLOSE " +
  "PROMPT_COMMAND RSYNC_RSH GIT_PROXY_COMMAND BROWSER";

/** Is (p, n) one of COMMAND_VARIABLES? */
function isCommandVariable(p: usize, n: i32): bool {
  return inWordList(COMMAND_VARIABLES, p, n);
}
