// Built-in catastrophic checks (oap.dangerous_operation), over every view and
// command, after quote removal, brace expansion and flag normalisation, so the
// spellings APort's regexes miss (`rm -fr /`, `rm -r -f /*`, `rm -Rf ~/`,
// `rm --recursive --force "$HOME"`, `{rm,-rf,/}`) are the same operation:
//   recursive delete (rm, find -delete) of /, /*, ~, $HOME, a system dir;
//   recursive chmod/chown of them; mkfs*; dd of=/dev/<disk>; writes or
//   redirects into disk devices; fork bombs; a download or decoded data piped
//   (or process/command-substituted) into an interpreter; reverse shells
//   (/dev/tcp, nc -e, socat exec:); kill -1; shutdown/reboot.

import { ByteBuffer, Bytes, utf8 } from "../util/bytes";
import { canonicalizeAbsoluteInto, canonicalizeBytesInto } from "../util/path";
import { bytesIsLower, bytesStartLower, basenameOffset, indexOf, wordIs } from "./expand/argv";
import { FlagSet, collectFlags, isFlagWord } from "./programs";
import { Cmd, Kind, cmdId, commandInfo, inCmdSet } from "./programs";
import { Rule, ruleSet } from "./programs";
import { IntList, Script, ViewFlag } from "./syntax/nodes";
import { BraceExpander, Computed, Target, TargetClassifier, isCatastrophic, isProcLink } from "./expand/target";
import { fedByXargs } from "./interp/walk";
import { ViewBits, viewBits } from "./interp/view-summary";
import { Attr, CmdFlag, Redir, Subst, WordFlag, WordKind, writesFile } from "./syntax/tokens";
import { showArgv, showWord } from "./message";
import { MAX_READINGS, WrittenReading } from "./expand/expansion-text";
import { spend } from "../util/budget";

const HOME_MARKER = utf8("~");
const ROOT = utf8("/");
const DOT = utf8(".");
const UNQUOTED = utf8("\0");
const MAX_CWDS: i32 = 64;
const TOO_MANY = "uses variables with more written values than can be tried (" + MAX_READINGS.toString() + ", or a chain of over 16 variables, or a value over 64 KiB)";

export class DangerChecker {
  cls: TargetClassifier = new TargetClassifier();
  braces: BraceExpander = new BraceExpander();
  flags: FlagSet = new FlagSet();
  path: ByteBuffer = new ByteBuffer(64);
  /** A home-marker candidate made absolute (`/~/src`), to resolve a path from it. */
  private marked: ByteBuffer = new ByteBuffer(64);
  /** Candidate working directories (canonical): tool cwd and static cd targets. */
  cwdText: ByteBuffer = new ByteBuffer(128);
  cwdStart: IntList = new IntList(8);
  cwdLen: IntList = new IntList(8);
  message: string = "";
  /** A word's second reading, with the values the command writes (`rm -rf ${x:-/}`, `d=/dev/sda; dd of=$d`). */
  written: WrittenReading = new WrittenReading();

  /** The script sets IFS for the shell: a value read into an unquoted word splits at bytes we do not know. */
  private ifsWritten: bool = false;

  /** The worst target the script makes a symlink to (`ln -s / x`): a path below the link is below it. */
  private linkedTo: i32 = Target.OTHER;

  /** The reading `select` chose: text, Attr and length. */
  private rp: usize = 0;
  private ra: usize = 0;
  private rn: i32 = 0;

  /**
   * How many readings word w has: 1 (as written), 1 + the readings with written values, or -1 when those
   * are more than MAX_READINGS (the caller fails closed).
   */
  private readings(s: Script, w: i32): i32 {
    if ((s.wordFlags(w) & WordFlag.DYNAMIC) == 0 || !this.written.read(s, s.wordPtr(w), s.attrPtr(w), s.wordLen(w))) return 1;
    const n = this.written.readings;
    return n > MAX_READINGS ? -1 : n + 1;
  }

  /** Make reading r (of `readings`) of word w the current one (rp, ra, rn). */
  private select(s: Script, w: i32, r: i32): void {
    if (r == 0) { this.rp = s.wordPtr(w); this.ra = s.attrPtr(w); this.rn = s.wordLen(w); return; }
    const b = this.written.word;
    this.written.read(s, s.wordPtr(w), s.attrPtr(w), s.wordLen(w), r - 1);
    this.rp = b.text.ptr; this.ra = b.attr.ptr; this.rn = b.length;
  }

  resetCwds(): void {
    this.cwdText.reset(); this.cwdStart.reset(); this.cwdLen.reset();
  }

  addCwd(p: usize, n: i32): void {
    spend(<i64>n + 1);
    // Below a link the kernel keeps (`cd /proc/self/root`, which is /): from `/`, after the last one.
    let r = 0;
    for (let j = 1; j <= n; j++) {
      if (j < n && load<u8>(p + <usize>j) != 0x2f) continue;
      // Only a path from /proc or /dev can be such a link: one test, not one per `/` (a deep cd chain).
      if (!underProcOrDev(p + <usize>r, n - r)) break;
      if (isProcLink(p + <usize>r, j - r)) r = j;
    }
    if (r > 0) { if (r == n) { p = changetype<usize>(ROOT); n = 1; } else { p += <usize>r; n -= r; } }
    this.cwdStart.push(this.cwdText.length);
    this.cwdLen.push(n);
    this.cwdText.append(p, n);
  }

  /**
   * A `cd` to a word that is not static: a glob, brace alternatives, or a computed word, which with a written
   * value (`${x:-/}`, `d=/; cd $d`) may go there, a candidate working directory too (`cd ${x:-/} && rm -rf *`).
   * Each target goes through addTarget (`~`, `-`, relative under every candidate so far).
   */
  addWrittenCwds(s: Script, w: i32, home: usize, homeLen: i32): void {
    if (w < 0) return;
    // Called before check: the trust must be this script's, not the last one checked (`mktemp() { echo /; }`).
    this.cls.trustMktemp = mktempTrusted(s);
    const f = s.wordFlags(w);
    // No text: a directory only known at run time (`xargs env -C`, `-C$d` past a prefix).
    if (s.wordLen(w) == 0) { this.addCwd(changetype<usize>(ROOT), 1); return; }
    // `cd /e*` enters /etc when one name matches, `cd /[e]tc/..` enters /: any directory (fail closed).
    if ((f & WordFlag.GLOB) != 0) { this.addCwd(changetype<usize>(ROOT), 1); return; }
    // `cd {,/}` is `cd /` (an empty alternative makes no word): every alternative is a target.
    if ((f & WordFlag.BRACE) != 0) {
      const b = this.braces, m = b.expand(s.wordPtr(w), s.attrPtr(w), s.wordLen(w));
      // With a value in it (`{$d,}`), or past the alternatives we expand: any directory.
      if (b.truncated || (f & WordFlag.DYNAMIC) != 0) { this.addCwd(changetype<usize>(ROOT), 1); return; }
      let words = 0;
      for (let i = 0; i < m; i++) {
        const at = b.start.get(i), len = b.len.get(i);
        if (len > 0) words++;
        this.addTarget(b.text.ptr + <usize>at, b.attr.ptr + <usize>at, len, home, homeLen);
      }
      // `cd {,}` is a bare cd: home.
      if (words == 0) this.addHome(home, homeLen);
      return;
    }
    const mode = (f & WordFlag.SPLITS) != 0 ? Computed.SPLITS : Computed.FINAL;
    // With IFS written, an unquoted value splits at bytes we do not know: `IFS=x; d=/x; cd $d` enters `/`
    // (a trailing delimiter makes no empty field). Fail closed, as word() does for a delete's operands.
    if (mode == Computed.SPLITS && writesIfs(s)) { this.addCwd(changetype<usize>(ROOT), 1); return; }
    const m = this.readings(s, w);
    if (m < 0) { this.addCwd(changetype<usize>(ROOT), 1); return; } // too many to try: fail closed
    // As written, read as a recursive delete's target would be (`cd "$X"`, `cd $(…)` may be `/`: then
    // `rm -rf *` there is everything in /, the same reading as `$X/*`).
    if (m == 1 || this.written.unresolved) this.addComputed(s.wordPtr(w), s.attrPtr(w), s.wordLen(w), mode, home, homeLen);
    for (let r = 1; r < m; r++) {
      this.select(s, w, r);
      const p = this.rp, n = this.rn;
      const homeWord = (n == 1 && load<u8>(p) == 0x7e) || (n == 5 && bytesIsLower(p, n, "$home"));
      if ((this.written.flags & WordFlag.DYNAMIC) != 0 && !homeWord) {
        this.addComputed(p, this.ra, n, mode, home, homeLen);
        continue;
      }
      if (homeWord) this.addHome(home, homeLen);
      else this.addTarget(p, this.ra, n, home, homeLen);
    }
  }

  /** A bare `cd` (or to `~`, `$HOME`): the home directory. */
  addHome(home: usize, homeLen: i32): void {
    this.addTarget(changetype<usize>(HOME_MARKER), changetype<usize>(UNQUOTED), 1, home, homeLen);
  }

  /**
   * A `cd` to (p, a, n) with parts computed at run time: any directory (`/`) when they may be its last
   * component (`cd "$X"`), else the path as classify reads it (TargetClassifier.plainPath: `cd "$X/etc"`
   * is /etc, `cd "$PWD/../.."` two above the current directory).
   */
  private addComputed(p: usize, a: usize, n: i32, mode: i32, home: usize, homeLen: i32): void {
    if (this.cls.isComputed(p, a, n, mode)) { this.addCwd(changetype<usize>(ROOT), 1); return; }
    const b = this.cls.plain;
    if (this.cls.plainPath(p, a, n)) this.addTarget(b.ptr, changetype<usize>(UNQUOTED), b.length, home, homeLen);
    else this.addTarget(p, a, n, home, homeLen);
  }

  /**
   * A `cd` to the path (p, a, n) after quote removal, which the tracker could not resolve: `/…`; `-` or
   * `~-` ($OLDPWD); `~…` (home, `~user`, `~+` the directory it is in); or relative, under every candidate so far.
   */
  addTarget(p: usize, a: usize, n: i32, home: usize, homeLen: i32): void {
    if (n <= 0) return;
    const c = load<u8>(p);
    if (n == 1 && c == 0x2d) { this.addCwd(changetype<usize>(ROOT), 1); return; } // `cd -`: $OLDPWD, see ~-
    if (c == 0x7e && load<u8>(a) == Attr.UNQUOTED) {
      let j = 1;
      while (j < n && load<u8>(p + <usize>j) != 0x2f) j++;
      // What follows the tilde prefix, relative to it (`.` for nothing).
      let k = j;
      while (k < n && load<u8>(p + <usize>k) == 0x2f) k++;
      const rp = k < n ? p + <usize>k : changetype<usize>(DOT), rn = k < n ? n - k : 1;
      if (j == 2 && load<u8>(p + 1) == 0x2b) { // `~+/..` is `./..`: $PWD
        if (k < n) this.addUnder(rp, rn);
        return;
      }
      // $OLDPWD: from the environment when the script has not moved (`OLDPWD=/ bash -c 'cd -'` enters /).
      if (j == 2 && load<u8>(p + 1) == 0x2d) { this.addCwd(changetype<usize>(ROOT), 1); return; }
      // HOME set by the command (`HOME=/; cd ~/etc`): any directory, as for `$X/etc`.
      if (j == 1 && this.cls.homeWritten) { this.addJoined(rp, rn, changetype<usize>(ROOT), 1); return; }
      if (j == 1 && homeLen > 0) {
        this.addResolved(rp, rn, home, homeLen);
        return;
      }
      // A home we do not know: ours, another user's (`~root`), a directory stack entry (`~1`).
      this.addJoined(rp, rn, changetype<usize>(HOME_MARKER), 1);
      return;
    }
    if (c == 0x2f) {
      this.addResolved(p, n, 0, 0);
      return;
    }
    this.addUnder(p, n);
  }

  /**
   * A `cd` to word w, with CDPATH set: a relative target bash looks up there may be under any directory, `/`
   * at worst (`cd etc/..`, `cd etc`: /etc); so may a computed one.
   */
  addCdpath(s: Script, w: i32): void {
    if (w < 0 || s.wordLen(w) == 0) return;
    if (s.isStatic(w)) {
      const p = s.wordPtr(w), n = s.wordLen(w);
      if (!searchesCdpath(p, n)) return;
      this.addCwd(changetype<usize>(ROOT), 1);
      this.addJoined(p, n, changetype<usize>(ROOT), 1);
      return;
    }
    this.addCwd(changetype<usize>(ROOT), 1);
  }

  /**
   * A relative `cd` whose starting directory is not tracked (after `cd "$d"`, or a written value): it may
   * start in any candidate so far, so (p, n) under each is a candidate too (`d=/tmp/a; cd $d; cd ../..`).
   * Past MAX_CWDS candidates, `/` stands for the rest (fail closed).
   */
  addUnder(p: usize, n: i32): void {
    for (let i = 0, m = this.cwdStart.length; i < m; i++) {
      if (this.cwdStart.length >= MAX_CWDS) { this.addCwd(changetype<usize>(ROOT), 1); return; }
      this.addJoined(p, n, this.cwdText.ptr + <usize>this.cwdStart.get(i), this.cwdLen.get(i));
    }
  }

  /**
   * The relative path (p, n) from candidate (bp, bn). Under the home marker (`~`, `~/src`) it stays marked;
   * above it (`~/..`) is the parent of a home we do not know, which may be `/` (HOME=/root): `/`.
   */
  private addJoined(p: usize, n: i32, bp: usize, bn: i32): void {
    if (load<u8>(bp) != 0x7e) {
      this.addResolved(p, n, bp, bn);
      return;
    }
    const m = this.marked;
    m.reset(); m.push(0x2f); m.append(bp, bn);
    if (!canonicalizeBytesInto(this.path, p, n, m.ptr, m.length, 0, 0)) { this.addCwd(changetype<usize>(ROOT), 1); return; }
    const q = this.path.ptr, len = this.path.length;
    if (len >= 2 && load<u8>(q + 1) == 0x7e && (len == 2 || load<u8>(q + 2) == 0x2f)) this.addCwd(q + 1, len - 1);
    else this.addCwd(changetype<usize>(ROOT), 1);
  }

  /** The path (p, n) resolved under (bp, bn) as a candidate; `/` when it cannot be resolved (fail closed). */
  private addResolved(p: usize, n: i32, bp: usize, bn: i32): void {
    if (canonicalizeBytesInto(this.path, p, n, bp, bn, 0, 0)) this.addCwd(this.path.ptr, this.path.length);
    else this.addCwd(changetype<usize>(ROOT), 1);
  }

  /** True when something catastrophic is found; `message` says what. */
  check(s: Script): bool {
    return this.checkViews(s, true);
  }

  /** check without skipping the pipe search or any view with name info (for the specs that compare the two). */
  checkEveryPipe(s: Script): bool {
    return this.checkViews(s, false);
  }

  private checkViews(s: Script, skip: bool): bool {
    this.cls.trustMktemp = mktempTrusted(s);
    this.ifsWritten = writesIfs(s);
    this.linkedTo = this.symlinks(s);
    for (let c = 0, n = s.commandCount; c < n; c++) if (s.cRedirN(c) > 0 && this.redirects(s, c)) return true;
    let kinds = 0;
    for (let v = 0, n = s.viewCount; v < n; v++) {
      const info = s.vInfo(v);
      kinds |= info;
      if (info != 0 && (!skip || viewChecked(info)) && this.view(s, v)) return true;
    }
    // Only a download or a decoder can feed an interpreter.
    if ((!skip || (kinds & (Kind.DOWNLOAD | Kind.DECODER)) != 0) && this.pipes(s)) return true;
    return this.forkBombs(s);
  }

  private hit(s: Script, v: i32, what: string): bool {
    const c = s.vCmd(v);
    this.message = "command '" + showArgv(s, c, s.vStart(v), s.vEnd(v)) + "' " + what + " (built-in check)";
    return true;
  }

  /** Checks of view v, whose name info (names.ts) is not 0. A new case needs `checked()` on its row. */
  private view(s: Script, v: i32): bool {
    // Until the first call, viewChecked passes every id; this makes the set it reads from then on.
    if (checkedByName == 0) checkedByName = ruleSet(Rule.CHECK);
    const info = s.vInfo(v);
    const cmd = s.vCmd(v), start = s.vStart(v), end = s.vEnd(v);
    switch (cmdId(info)) {
      case Cmd.RM: {
        collectFlags(s, cmd, start, end, info, this.flags);
        const f = this.flags;
        if (f.hasLong(changetype<usize>(NO_PRESERVE), NO_PRESERVE.length)) return this.hit(s, v, "disables rm's --preserve-root");
        if (!f.hasShort(0x72) && !f.dynamic) return false; // -r / -R / --recursive
        const parent = s.vParent(v);
        if (parent >= 0 && fedByXargs(s, parent)) {
          return this.hit(s, v, "is a recursive delete of paths xargs reads from its input, which could be / " +
            "(name the paths, or use find <dir> … -exec rm -r {} +)");
        }
        // With no -r spelled out, recursion comes from a computed word; only one that splits can also
        // name a path (`rm $(echo -rf /)`), while `rm -f "$f"` is `-f` and one file or two options.
        const explicit = f.hasShort(0x72);
        if (this.throughLink()) return this.hit(s, v, "is a recursive delete in a command that links (ln -s, cp -s, mount --bind) to " + describe(this.linkedTo));
        const t = this.operands(s, cmd, start + 1, end, false, explicit ? COMPUTED_ALL : COMPUTED_SPLITTING);
        if (isCatastrophic(t)) {
          return this.hit(s, v, (explicit ? "is" : "may be (a computed word can add -r)") + " a recursive delete of " + describe(t));
        }
        return false;
      }
      case Cmd.CHMOD: case Cmd.CHOWN: {
        collectFlags(s, cmd, start, end, info, this.flags);
        if (!this.flags.hasShort(0x72)) return false;
        if (this.throughLink()) return this.hit(s, v, "recursively changes permissions or owner in a command that links (ln -s, cp -s, mount --bind) to " + describe(this.linkedTo));
        const t = this.operands(s, cmd, start + 1, end, true, COMPUTED_ALL);
        const home = t == Target.HOME || t == Target.HOME_CHILDREN;
        if (isCatastrophic(t) && (cmdId(info) == Cmd.CHMOD || !home)) {
          return this.hit(s, v, "recursively changes permissions or owner of " + describe(t));
        }
        return false;
      }
      case Cmd.FIND: return this.find(s, v, cmd, start, end);
      case Cmd.MV: { // mv ~ /dev/null, mv / /x
        let last = -1;
        for (let k = end - 1; k > start; k--) if (!isFlagWord(s, s.arg(cmd, k))) { last = k; break; }
        for (let k = start + 1; k < last; k++) {
          const w = s.arg(cmd, k);
          if (isFlagWord(s, w)) continue;
          const t = this.word(s, w, false);
          if (isCatastrophic(t)) return this.hit(s, v, "moves " + describe(t) + " away");
        }
        return false;
      }
      case Cmd.RSYNC: return this.rsync(s, v, cmd, start, end);
      case Cmd.SHRED: {
        // shred overwrites (-u: and removes) what it names; GNU shred has no -r, others (and `shred -r`) do.
        const t = this.operands(s, cmd, start + 1, end, false, COMPUTED_ALL);
        if (isCatastrophic(t)) return this.hit(s, v, "overwrites " + describe(t));
        if (this.systemFile(s, cmd, start, end)) return this.hit(s, v, "overwrites a system file");
        break;
      }
      case Cmd.DEVTOOL: case Cmd.TRUNCATE:
        // truncate -s 0 /etc/passwd empties a system file.
        if (wordIs(s, s.arg(cmd, start), "truncate") && this.systemFile(s, cmd, start, end)) return this.hit(s, v, "empties a system file");
        break;
      case Cmd.GIT: return this.gitClean(s, v, cmd, start, end);
      case Cmd.MKFS: return this.hit(s, v, "formats a filesystem");
      case Cmd.DD:
        for (let k = start + 1; k < end; k++) {
          const w = s.arg(cmd, k);
          const m = this.readings(s, w);
          if (m < 0) return this.hit(s, v, TOO_MANY);
          for (let r = 0; r < m; r++) {
            this.select(s, w, r);
            const p = this.rp, n = this.rn;
            if (bytesStartLower(p, n, "of=") && this.isDevice(p + 3, n - 3)) return this.hit(s, v, "writes to a disk device");
          }
        }
        return false;
      case Cmd.TAR: // tar -cf /dev/sda, --file=/dev/sda, -cf/dev/sda: the archive overwrites the disk
        for (let k = start + 1; k < end; k++) {
          const w = s.arg(cmd, k);
          const m = this.readings(s, w);
          if (m < 0) return this.hit(s, v, TOO_MANY);
          for (let r = 0; r < m; r++) {
            this.select(s, w, r);
            const p = this.rp, n = this.rn;
            let at = 0;
            if (bytesStartLower(p, n, "--file=")) at = 7;
            else if (n > 2 && load<u8>(p) == 0x2d && load<u8>(p + 1) != 0x2d) at = indexOf(p, n, 0x66) + 1;
            if (at < 0 || at >= n) at = 0;
            if (this.isDevice(p + <usize>at, n - at)) return this.hit(s, v, "writes to a disk device");
          }
        }
        return false;
      case Cmd.KILL:
        for (let k = start + 2; k < end; k++) {
          if (wordIs(s, s.arg(cmd, k), "-1")) return this.hit(s, v, "signals every process (kill -1)");
        }
        return false;
      case Cmd.POWER: return this.hit(s, v, "shuts down or reboots the machine");
      case Cmd.INIT: case Cmd.SYSTEMCTL:
        for (let k = start + 1; k < end; k++) {
          const w = s.arg(cmd, k);
          const p = s.wordPtr(w), n = s.wordLen(w);
          if (bytesIsLower(p, n, "0") || bytesIsLower(p, n, "6") || bytesIsLower(p, n, "poweroff") ||
              bytesIsLower(p, n, "reboot") || bytesIsLower(p, n, "halt") || bytesIsLower(p, n, "kexec")) {
            return this.hit(s, v, "shuts down or reboots the machine");
          }
        }
        return false;
      case Cmd.NC:
        for (let k = start + 1; k < end; k++) {
          const w = s.arg(cmd, k);
          const p = s.wordPtr(w), n = s.wordLen(w);
          if (n < 2 || load<u8>(p) != 0x2d) continue;
          if (load<u8>(p + 1) == 0x2d) {
            if (bytesStartLower(p, n, "--exec") || bytesStartLower(p, n, "--sh-exec") || bytesStartLower(p, n, "--lua-exec")) {
              return this.hit(s, v, "serves a program over the network (reverse shell)");
            }
            continue;
          }
          if (indexOf(p, n, 0x65) > 0 || indexOf(p, n, 0x63) > 0) return this.hit(s, v, "serves a program over the network (reverse shell)");
        }
        return false;
      case Cmd.SOCAT:
        for (let k = start + 1; k < end; k++) {
          const w = s.arg(cmd, k);
          const p = s.wordPtr(w), n = s.wordLen(w);
          if (bytesStartLower(p, n, "exec:") || bytesStartLower(p, n, "system:") || indexOf(p, n, 0x21) >= 0 && bytesStartLower(p, n, "exec")) {
            return this.hit(s, v, "serves a program over the network (reverse shell)");
          }
        }
        return false;
    }
    if ((info & Kind.DEVICE_WRITER) != 0) {
      const from = cmdId(info) == Cmd.CP ? end - 1 : start + 1;
      for (let k = from; k < end; k++) {
        const w = s.arg(cmd, k);
        if (k == start || isFlagWord(s, w)) continue;
        const m = this.readings(s, w);
        if (m < 0) return this.hit(s, v, TOO_MANY);
        for (let r = 0; r < m; r++) {
          this.select(s, w, r);
          if (this.isDevice(this.rp, this.rn)) return this.hit(s, v, "writes to a disk device");
        }
      }
    }
    if ((info & Kind.INTERP) != 0 && (info & Kind.SHELL) == 0) return this.forkLoop(s, v, cmd, start, end);
    return false;
  }

  /**
   * The worst target among operands (all brace alternatives, all cwd candidates); `computed` says which
   * operands computed at run time count as COMPUTED (COMPUTED_ALL or COMPUTED_SPLITTING; target.ts Computed).
   */
  private operands(s: Script, cmd: i32, from: i32, end: i32, skipFirst: bool, computed: i32): i32 {
    let worst = Target.OTHER;
    let afterDashes = false, skipped = !skipFirst;
    for (let k = from; k < end; k++) {
      const w = s.arg(cmd, k);
      if (!afterDashes && wordIs(s, w, "--")) { afterDashes = true; continue; }
      if (!afterDashes && s.isStatic(w) && isFlagWord(s, w)) {
        if (bytesStartLower(s.wordPtr(w), s.wordLen(w), "--reference")) skipped = true;
        continue;
      }
      if (!skipped) { skipped = true; continue; }
      const t = this.word(s, w, computed == COMPUTED_ALL || (s.wordFlags(w) & WordFlag.SPLITS) != 0);
      if (t > worst) worst = t;
    }
    return worst;
  }

  private word(s: Script, w: i32, computed: bool): i32 {
    const mode = !computed ? Computed.IGNORE : (s.wordFlags(w) & WordFlag.SPLITS) != 0 ? Computed.SPLITS : Computed.FINAL;
    if (mode == Computed.SPLITS && this.ifsWritten) return Target.COMPUTED; // `IFS=x; a=/x; rm -rf $a` removes /
    // `rm -rf ${x:-/}`, `d=/; rm -rf $d`: each reading with written values.
    const m = this.readings(s, w);
    if (m < 0) return Target.UNCHECKABLE;
    for (let r = 1; r < m; r++) {
      this.select(s, w, r);
      const t = this.fields(this.rp, this.ra, this.rn, mode);
      if (isCatastrophic(t)) return t;
    }
    // As written: with written values its variables hold them (each reading above), except where a
    // `${x:-word}` was read as its word: x may be set from outside (`"${x:-build}"`). With none, as it
    // stands it may be any path (`rm -rf "$X"`, `"$(echo /)"`).
    const asWritten = m == 1 || this.written.unresolved ? mode : Computed.IGNORE;
    if ((s.wordFlags(w) & WordFlag.BRACE) == 0) return this.fields(s.wordPtr(w), s.attrPtr(w), s.wordLen(w), asWritten);
    const b = this.braces;
    const n = b.expand(s.wordPtr(w), s.attrPtr(w), s.wordLen(w));
    let worst = Target.OTHER;
    for (let i = 0; i < n; i++) {
      const t = this.fields(b.text.ptr + <usize>b.start.get(i), b.attr.ptr + <usize>b.start.get(i), b.len.get(i), asWritten);
      if (t > worst) worst = t;
    }
    return worst;
  }

  /**
   * The worst target among the fields of (t, a, n): a written value read into a word is split at its
   * blanks, as an unquoted expansion is (`a="x /"; rm -rf $a` removes `x` and `/`). A word as written
   * has no unquoted blanks, so it is one field.
   */
  private fields(t: usize, a: usize, n: i32, mode: i32): i32 {
    let worst = Target.OTHER;
    let i = 0;
    while (i < n) {
      while (i < n && isFieldBlank(t, a, i)) i++;
      if (i >= n) break;
      let j = i;
      while (j < n && !isFieldBlank(t, a, j)) j++;
      const r = this.classify(t + <usize>i, a + <usize>i, j - i, mode);
      if (r > worst) worst = r;
      i = j;
    }
    return worst;
  }

  private classify(t: usize, a: usize, n: i32, mode: i32): i32 {
    const m = this.cwdStart.length;
    let worst = this.cls.classify(t, a, n, 0, 0, mode);
    for (let i = 0; i < m; i++) {
      if (!spend(<i64>(this.cwdLen.get(i) + n + 1))) return Target.OTHER; // over budget: the caller denies
      const r = this.cls.classify(t, a, n, this.cwdText.ptr + <usize>this.cwdStart.get(i), this.cwdLen.get(i), mode);
      if (r > worst) worst = r;
    }
    return worst;
  }

  /** find <root/home/system> … -delete, or -exec rm …. */
  private find(s: Script, v: i32, cmd: i32, start: i32, end: i32): bool {
    let worst = Target.OTHER, deletes = false;
    let paths = true;
    for (let k = start + 1; k < end; k++) {
      const w = s.arg(cmd, k);
      const p = s.wordPtr(w), n = s.wordLen(w);
      if (paths && n > 0 && (load<u8>(p) == 0x2d || load<u8>(p) == 0x28 || load<u8>(p) == 0x21)) paths = false;
      if (paths) { const t = this.word(s, w, true); if (t > worst) worst = t; continue; }
      if (wordIs(s, w, "-delete")) deletes = true;
      if ((wordIs(s, w, "-exec") || wordIs(s, w, "-execdir") || wordIs(s, w, "-ok")) && k + 1 < end) {
        const x = s.arg(cmd, k + 1);
        const b = basenameOffset(s.wordPtr(x), s.wordLen(x));
        const id = cmdId(commandInfo(s.wordPtr(x) + <usize>b, s.wordLen(x) - b));
        if (id == Cmd.RM || id == Cmd.SHRED) deletes = true;
      }
    }
    if (deletes && isCatastrophic(worst)) return this.hit(s, v, "deletes everything under " + describe(worst));
    if (deletes && this.throughLink()) return this.hit(s, v, "deletes in a command that links (ln -s, cp -s, mount --bind) to " + describe(this.linkedTo));
    return false;
  }

  /**
   * The worst target of the symlinks the script makes (`ln -s / x`, then `cd x && rm -rf *` or `rm -rf x/*`
   * empties /): any operand of `ln -s`, link names included, as `operands` classifies a delete's.
   */
  private symlinks(s: Script): i32 {
    let worst = Target.OTHER;
    // No ln, cp or mount among the views the walk noted: nothing below to read.
    const bits = viewBits(s);
    if (bits >= 0 && (bits & ViewBits.LINKS) == 0) return worst;
    for (let v = 0, n = s.viewCount; v < n; v++) {
      const info = s.vInfo(v);
      // ln -s, cp -s / --symbolic-link (`cp -rs / x` makes a tree of links into /), and a bind mount
      // (`mount --bind / x`: x is / until unmounted).
      const id = cmdId(info);
      if (id != Cmd.LN && id != Cmd.CP && id != Cmd.MOUNT) continue;
      const cmd = s.vCmd(v), start = s.vStart(v), end = s.vEnd(v);
      if (id == Cmd.MOUNT) {
        if (!bindMount(s, cmd, start, end)) continue;
        const t = this.operands(s, cmd, start + 1, end, false, COMPUTED_ALL);
        if (t > worst) worst = t;
        continue;
      }
      collectFlags(s, cmd, start, end, info, this.flags);
      const f = this.flags;
      if (!f.hasShort(0x73) && !f.hasLong(changetype<usize>(SYMBOLIC), SYMBOLIC.length) && !f.dynamic) continue;
      const t = this.operands(s, cmd, start + 1, end, false, COMPUTED_ALL);
      if (t > worst) worst = t;
    }
    return worst;
  }

  /** Does the script link to something catastrophic, so that a recursive change below a link reaches it? */
  // @ts-ignore: decorator
  @inline private throughLink(): bool {
    return isCatastrophic(this.linkedTo);
  }

  /**
   * `rsync --delete SRC DEST` (any --del… form, --remove-source-files for the sources): deletes from DEST
   * whatever SRC lacks, so `rsync -a --delete empty/ /` or `… ~/` empties it.
   */
  private rsync(s: Script, v: i32, cmd: i32, start: i32, end: i32): bool {
    let del = false, sources = false, last = -1;
    for (let k = start + 1; k < end; k++) {
      const w = s.arg(cmd, k);
      if (!s.isStatic(w)) { last = k; continue; }
      const p = s.wordPtr(w), n = s.wordLen(w);
      if (bytesStartLower(p, n, "--del")) del = true;
      else if (bytesStartLower(p, n, "--remove-source")) sources = true;
      else if (!isFlagWord(s, w)) last = k;
    }
    if (last < 0) return false;
    if (del) {
      const t = this.word(s, s.arg(cmd, last), true);
      if (isCatastrophic(t)) return this.hit(s, v, "deletes from " + describe(t) + " whatever the source lacks");
    }
    if (sources) {
      const t = this.operands(s, cmd, start + 1, last, false, COMPUTED_ALL);
      if (isCatastrophic(t)) return this.hit(s, v, "deletes the source files of " + describe(t));
    }
    return false;
  }

  /**
   * `git clean -f…` deletes the untracked files under the directory it runs in (and its pathspecs): at `/`,
   * the home or a system directory that is everything a repository there does not track.
   */
  private gitClean(s: Script, v: i32, cmd: i32, start: i32, end: i32): bool {
    let k = start + 1;
    for (; k < end; k++) {
      const w = s.arg(cmd, k);
      if (wordIs(s, w, "-C") || wordIs(s, w, "-c")) { k++; continue; }
      if (!isFlagWord(s, w)) break;
    }
    if (k >= end || !wordIs(s, s.arg(cmd, k), "clean")) return false;
    collectFlags(s, cmd, k, end, s.vInfo(v), this.flags);
    if (!this.flags.hasShort(0x66) && !this.flags.dynamic) return false; // -f: without it git clean refuses
    let t = this.fields(changetype<usize>(DOT), changetype<usize>(DOT_ATTR), 1, Computed.IGNORE);
    const named = this.operands(s, cmd, k + 1, end, false, COMPUTED_ALL);
    if (named > t) t = named;
    if (isCatastrophic(t)) return this.hit(s, v, "deletes every untracked file under " + describe(t));
    return false;
  }

  /** Does an operand name a file under /etc, /bin, /sbin, /usr, /lib*, /boot (written out, canonical)? */
  private systemFile(s: Script, cmd: i32, start: i32, end: i32): bool {
    for (let k = start + 1; k < end; k++) {
      const w = s.arg(cmd, k);
      if (!s.isStatic(w) || isFlagWord(s, w)) continue;
      if (!canonicalizeAbsoluteInto(this.path, s.wordPtr(w), s.wordLen(w))) continue;
      const q = this.path.ptr, m = this.path.length;
      if (bytesStartLower(q, m, "/etc/") || bytesStartLower(q, m, "/bin/") || bytesStartLower(q, m, "/sbin/") ||
        bytesStartLower(q, m, "/usr/") || bytesStartLower(q, m, "/lib") || bytesStartLower(q, m, "/boot/")) return true;
    }
    return false;
  }

  /** perl -e 'fork while fork', python -c 'while 1: os.fork()'. */
  private forkLoop(s: Script, v: i32, cmd: i32, start: i32, end: i32): bool {
    for (let k = start + 1; k < end; k++) {
      const w = s.arg(cmd, k);
      const p = s.wordPtr(w), n = s.wordLen(w);
      if (contains(p, n, "fork") && (contains(p, n, "while") || contains(p, n, "for") || contains(p, n, "loop") || contains(p, n, "until"))) {
        return this.hit(s, v, "is a fork bomb");
      }
    }
    return false;
  }

  /** Is (p, n) a disk or memory device (after lexical canonicalisation)? */
  isDevice(p: usize, n: i32): bool {
    if (!canonicalizeAbsoluteInto(this.path, p, n)) return false;
    const q = this.path.ptr, m = this.path.length;
    if (bytesIsLower(q, m, "/proc/sysrq-trigger")) return true;
    if (!bytesStartLower(q, m, "/dev/")) return false;
    const d = q + 5, k = m - 5;
    return bytesStartLower(d, k, "sd") || bytesStartLower(d, k, "hd") || bytesStartLower(d, k, "vd") ||
      bytesStartLower(d, k, "xvd") || bytesStartLower(d, k, "nvme") || bytesStartLower(d, k, "mmcblk") ||
      bytesStartLower(d, k, "disk") || bytesStartLower(d, k, "rdisk") || bytesStartLower(d, k, "md") ||
      bytesStartLower(d, k, "dm-") || bytesStartLower(d, k, "mapper/") || bytesIsLower(d, k, "mem") ||
      bytesIsLower(d, k, "kmem") || bytesIsLower(d, k, "port") || bytesStartLower(d, k, "nbd") ||
      bytesStartLower(d, k, "loop") || bytesIsLower(d, k, "root") || bytesStartLower(d, k, "sr");
  }

  /** Output redirections into disk devices; any redirection through /dev/tcp or /dev/udp. */
  private redirects(s: Script, c: i32): bool {
    const base = s.cRedir(c), n = s.cRedirN(c);
    for (let k = 0; k < n; k++) {
      const r = s.redirFlat.get(base + k);
      const op = s.wAux(r) & 0xff;
      if (op == Redir.HEREDOC || op == Redir.HEREDOC_TABS || op == Redir.HERESTRING) continue;
      const out = writesFile(op) || op == Redir.DUP_OUT;
      const m = this.readings(s, r);
      if (m < 0) {
        this.message = "command '" + this.shown(s, c) + "' redirects to " + showWord(s, r) + ", which " + TOO_MANY + " (built-in check)";
        return true;
      }
      for (let x = 0; x < m; x++) {
        this.select(s, r, x);
        const p = this.rp, len = this.rn;
        if (canonicalizeAbsoluteInto(this.path, p, len) &&
            (bytesStartLower(this.path.ptr, this.path.length, "/dev/tcp/") || bytesStartLower(this.path.ptr, this.path.length, "/dev/udp/"))) {
          this.message = "command '" + this.shown(s, c) + "' opens a network connection through " + showWord(s, r) + " (reverse shell; built-in check)";
          return true;
        }
        if (out && this.isDevice(p, len)) {
          this.message = "command '" + this.shown(s, c) + "' redirects output into disk device " + showWord(s, r) + " (built-in check)";
          return true;
        }
      }
    }
    return false;
  }

  private shown(s: Script, c: i32): string {
    const argc = s.cArgc(c);
    return argc > 0 ? showArgv(s, c, 0, argc) : "(redirection)";
  }

  /**
   * A download (curl, wget, nc, …) or decoder (base64 -d, xxd -r, …) whose
   * output reaches an interpreter's program: through a pipe, a process
   * substitution (`bash <(curl …)`, `curl … > >(sh)`) or a command
   * substitution in its code (`bash -c "$(curl …)"`, `eval "$(curl …)"`).
   */
  private pipes(s: Script): bool {
    const n = s.viewCount;
    for (let d = 0; d < n; d++) {
      const info = s.vInfo(d);
      if ((info & (Kind.DOWNLOAD | Kind.DECODER)) == 0) continue;
      const dc = s.vCmd(d);
      const what = (info & Kind.DOWNLOAD) != 0 ? "pipes a download into an interpreter" : "pipes decoded data into an interpreter";
      for (let i = 0; i < n; i++) {
        if ((s.vFlags(i) & ViewFlag.READS_STDIN) == 0) continue;
        if (feeds(s, dc, s.vCmd(i))) return this.hitPair(s, d, i, what);
      }
      // Substituted into a code runner's words.
      const host = s.cHost(dc), sub = s.cSubst(dc);
      if (host >= 0 && (sub == Subst.COMMAND || sub == Subst.PROC_IN)) {
        for (let i = 0; i < n; i++) {
          if (s.vCmd(i) == host && runsCode(s, i)) return this.hitPair(s, d, i, what);
        }
      }
    }
    // `curl … > >(sh)`: an interpreter inside an output process substitution of a download.
    for (let i = 0; i < n; i++) {
      if ((s.vFlags(i) & ViewFlag.INTERPRETER) == 0) continue;
      const ic = s.vCmd(i);
      if (s.cSubst(ic) != Subst.PROC_OUT) continue;
      const host = s.cHost(ic);
      for (let d = 0; d < n; d++) {
        if (s.vCmd(d) == host && (s.vInfo(d) & (Kind.DOWNLOAD | Kind.DECODER)) != 0) {
          return this.hitPair(s, d, i, "pipes a download into an interpreter");
        }
      }
    }
    return false;
  }

  private hitPair(s: Script, d: i32, i: i32, what: string): bool {
    const dc = s.vCmd(d), ic = s.vCmd(i);
    this.message = "command '" + showArgv(s, ic, s.vStart(i), s.vEnd(i)) + "' runs code from '" +
      showArgv(s, dc, s.vStart(d), s.vEnd(d)) + "': " + what + " (built-in check)";
    return true;
  }

  /** A function that calls itself in a pipeline or in the background: `:(){ :|:& };:`. */
  private forkBombs(s: Script): bool {
    for (let f = 0, m = s.fName.length; f < m; f++) {
      const name = s.fName.get(f);
      for (let c = s.fFirst.get(f), e = s.fEnd.get(f); c < e; c++) {
        if (s.cArgc(c) == 0) continue;
        const w = s.arg(c, 0);
        if (s.wordLen(w) != s.wordLen(name) || memory.compare(s.wordPtr(w), s.wordPtr(name), <usize>s.wordLen(w)) != 0) continue;
        if ((s.cFlags(c) & CmdFlag.ASYNC) != 0 || inMultiPipeline(s, c)) {
          this.message = "function '" + showWord(s, name) + "' calls itself in a pipeline or in the background: a fork bomb (built-in check)";
          return true;
        }
      }
    }
    return false;
  }
}

/**
 * The ids view() has a case for: the rows that say `checked()` (programs/); programs-gates.spec checks the two
 * agree. Made by view()'s first call; until then (0) the gate lets every id through, so an instance that judges no
 * command (a safety core, an allowlist) never builds the program rows.
 */
let checkedByName: usize = 0;

/** Can view() find something in a view with this name info? Most names (git, npm, echo) it has no check for: no call. */
// @ts-ignore: decorator
@inline function viewChecked(info: i32): bool {
  const set = checkedByName;
  return set == 0 || inCmdSet(set, info) || (info & Kind.DEVICE_WRITER) != 0 || (info & (Kind.INTERP | Kind.SHELL)) == Kind.INTERP;
}

const NO_PRESERVE: Bytes = utf8("no-preserve-root");
// Attr of `.` (DOT), unquoted: the directory a command runs in, classified under every candidate cwd.
const DOT_ATTR: Bytes = utf8("\u0000");

/** `mount --bind`/`--rbind`/`--move`/`-B`/`-R`/`-M`, or `-o bind` (among other options), or any computed word. */
function bindMount(s: Script, cmd: i32, start: i32, end: i32): bool {
  for (let k = start + 1; k < end; k++) {
    const w = s.arg(cmd, k);
    if (!s.isStatic(w)) return true;
    const p = s.wordPtr(w), n = s.wordLen(w);
    if (bytesStartLower(p, n, "--bind") || bytesStartLower(p, n, "--rbind") || bytesStartLower(p, n, "--move")) return true;
    if (n >= 2 && load<u8>(p) == 0x2d && load<u8>(p + 1) != 0x2d) {
      for (let i = 1; i < n; i++) {
        const c = load<u8>(p + <usize>i);
        if (c == 0x42 || c == 0x52 || c == 0x4d) return true; // -B -R -M
      }
    }
    if (contains(p, n, "bind")) return true; // -o bind, -o rbind,ro, --options=bind
  }
  return false;
}
const SYMBOLIC: Bytes = utf8("symbolic");

/** Which operands `operands` holds to Computed: all, or only those an unquoted expansion can split. */
const COMPUTED_ALL = 1, COMPUTED_SPLITTING = 2;

/** An unquoted blank: only a value read into a word has them (the lexer ends a word at one). */
// @ts-ignore: decorator
@inline function isFieldBlank(t: usize, a: usize, i: i32): bool {
  const c = <u32>load<u8>(t + <usize>i);
  return (c == 0x20 || c == 0x09 || c == 0x0a) && <u32>load<u8>(a + <usize>i) == 0;
}

/**
 * Does the script set IFS other than for one `read` or `mapfile` (`IFS=, read -r a b`)? Any other write
 * counts: a bare assignment, `export`/`declare`, `read IFS`, a loop variable, and a prefix of any other
 * command (`IFS=x eval …` splits the payload; before a special builtin it even stays set).
 */
export function writesIfs(s: Script): bool {
  if (s.namerefs.length > 0) return true; // `declare -n r=IFS; r=x`: a write we would have to follow
  for (let i = 0, m = s.envWords.length; i < m; i++) {
    const w = s.envWords.get(i), p = s.wordPtr(w), n = s.wordLen(w);
    if (n < 3 || load<u8>(p) != 0x49 || load<u8>(p + 1) != 0x46 || load<u8>(p + 2) != 0x53) continue; // IFS
    if (n > 3 && load<u8>(p + 3) != 0x3d && load<u8>(p + 3) != 0x2b) continue; // IFS= / IFS+= / IFS
    const c = s.envCmds.get(i);
    if (s.wordKind(w) == WordKind.ASSIGN && c >= 0 && s.cArgc(c) > 0 && readsFields(s, s.arg(c, 0))) continue;
    return true;
  }
  return false;
}

/** `read`, `mapfile` or `readarray`: they split their input with IFS, and a prefix IFS is for them alone. */
function readsFields(s: Script, w: i32): bool {
  return wordIs(s, w, "read") || wordIs(s, w, "mapfile") || wordIs(s, w, "readarray");
}

/** Does mktemp print a fresh path? A function or an alias (`shopt -s expand_aliases`) can make it print anything. */
// @ts-ignore: decorator
@inline function mktempTrusted(s: Script): bool {
  return !definesFunction(s, "mktemp") && s.aliasGeneration != s.generation; // no view runs `alias`
}

/** Does the script define a function with this name (which then shadows the command)? */
function definesFunction(s: Script, name: string): bool {
  for (let f = 0, m = s.fName.length; f < m; f++) if (wordIs(s, s.fName.get(f), name)) return true;
  return false;
}

/** Is a view a code runner: a shell or interpreter, `eval` or `source`? */
function runsCode(s: Script, v: i32): bool {
  const info = s.vInfo(v);
  return (s.vFlags(v) & ViewFlag.INTERPRETER) != 0 || cmdId(info) == Cmd.EVAL;
}

/** Does command `a`'s output reach command `b`'s stdin through a pipe (at any nesting)? */
export function feeds(s: Script, a: i32, b: i32): bool {
  for (let sb = s.cStage(b); sb >= 0; sb = s.sParent.get(sb)) {
    const ib = s.sIndex.get(sb);
    if (ib == 0) continue;
    const pipe = s.sPipe.get(sb);
    for (let sa = s.cStage(a); sa >= 0; sa = s.sParent.get(sa)) {
      if (s.sPipe.get(sa) == pipe && s.sIndex.get(sa) < ib) return true;
    }
  }
  return false;
}

function inMultiPipeline(s: Script, c: i32): bool {
  const st = s.cStage(c);
  if (st < 0) return false;
  if (s.sIndex.get(st) > 0) return true;
  const pipe = s.sPipe.get(st);
  for (let r = 0, n = s.sPipe.length; r < n; r++) if (s.sPipe.get(r) == pipe && s.sIndex.get(r) > 0) return true;
  return false;
}

function describe(t: i32): string {
  switch (t) {
    case Target.ROOT: return "/";
    case Target.ROOT_CHILDREN: return "everything in /";
    case Target.HOME: return "the home directory";
    case Target.HOME_CHILDREN: return "everything in the home directory";
    case Target.SYSTEM: return "a system directory";
    case Target.SYSTEM_CHILDREN: return "everything in a system directory";
    case Target.COMPUTED: return "a path computed at run time, which could be / (write the path out, or set the variable to it in this command)";
    case Target.UNCHECKABLE: return "a path whose variables have more written values than can be tried (" + MAX_READINGS.toString() + ", or a chain of over 16 variables, or a value over 64 KiB)";
  }
  return "a path";
}

function contains(p: usize, n: i32, lit: string): bool {
  const m = lit.length;
  for (let i = 0; i + m <= n; i++) {
    let k = 0;
    while (k < m && <u32>load<u8>(p + <usize>(i + k)) == <u32>lit.charCodeAt(k)) k++;
    if (k == m) return true;
  }
  return false;
}

/** bash looks a cd target up in CDPATH unless it starts with `/`, `~`, `./` or `../`, or is `.` or `..`. */
export function searchesCdpath(p: usize, n: i32): bool {
  if (n == 0) return false;
  const c = load<u8>(p);
  if (c == 0x2f || c == 0x7e) return false;
  if (c != 0x2e) return true;
  if (n == 1 || load<u8>(p + 1) == 0x2f) return false;
  return !(load<u8>(p + 1) == 0x2e && (n == 2 || load<u8>(p + 2) == 0x2f));
}

/** Does (p, n) start with `/proc/` or `/dev/`, where isProcLink's links live? */
function underProcOrDev(p: usize, n: i32): bool {
  if (n >= 6 && load<u8>(p) == 0x2f && load<u8>(p + 1) == 0x70 && load<u8>(p + 2) == 0x72 && load<u8>(p + 3) == 0x6f &&
      load<u8>(p + 4) == 0x63 && load<u8>(p + 5) == 0x2f) return true;
  return n >= 5 && load<u8>(p) == 0x2f && load<u8>(p + 1) == 0x64 && load<u8>(p + 2) == 0x65 && load<u8>(p + 3) == 0x76 &&
    load<u8>(p + 4) == 0x2f;
}
