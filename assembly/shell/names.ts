// What the policy knows about command names: which are wrappers (they run
// another command), shells and interpreters, downloaders, decoders, and the
// few commands the built-in checks and flag tables care about.
//
// Lookup is by basename and ASCII case-insensitive: on a case-insensitive file
// system `SUDO` runs sudo, and a deny-side rule must not be dodged by case.

import { ByteBuffer, allocZeroed, toLowerAscii } from "../util/bytes";
import { IntList } from "./nodes";
import { nameKey } from "./argv";

/** Command identities. */
export const enum Cmd {
  NONE = 0,
  // wrappers
  ENV, NOHUP, TIMEOUT, NICE, XARGS, EXEC, COMMAND, BUILTIN, SUDO, DOAS, TIME, STDBUF,
  SETSID, FIND, FD, IONICE, CHROOT, STRACE, WATCH, FLOCK, TASKSET, CHRT, SIMPLE_WRAPPER, SKIP1_WRAPPER,
  SU, SG, SCRIPT, SSH, SCP, BUSYBOX, PARALLEL, ZIP, MAN,
  // code runners
  EVAL, TRAP, ALIAS, SHELL, GIT, SOURCE,
  // shell state
  CD, PUSHD, POPD, DECLARE, READ, PRINTF, MAPFILE, GETOPTS, LET, ECHO, CAT, TEST, UNSET,
  // built-in checks and flag tables
  RM, CP, MV, CHMOD, CHOWN, DD, MKFS, KILL, POWER, INIT, SYSTEMCTL, TEE, SHRED, DEVTOOL,
  NC, SOCAT, CURL, WGET, OPENSSL, TAR, DOCKER, NPM, PIP, RSYNC, SED, KUBECTL, LN, AWK, NPX, SORT, RG, MAKE, GO,
  COMPGEN, ENABLE,
  SINGLE_DASH, // tools whose long options take one dash (find-like): flags compare as whole words
  PYTHON, PERL, RUBY, NODE, INTERP_OTHER,
  MOUNT, WAIT,
}

/** Kind bits (above the 8-bit Cmd). */
export namespace Kind {
  export const SHELL: i32 = 1 << 8;        // sh-compatible: -c payload, reads a script from stdin
  export const INTERP: i32 = 1 << 9;       // runs a program it reads (shells included)
  export const DOWNLOAD: i32 = 1 << 10;    // fetches data from the network
  export const DECODER: i32 = 1 << 11;     // turns data into other bytes (base64 -d, xxd -r, rev, …)
  export const DEVICE_WRITER: i32 = 1 << 12; // writes to a file operand (tee, cp, shred, …)
  export const WRAPPER: i32 = 1 << 13;     // runs another command
}

// @ts-ignore: decorator
@inline export function cmdId(info: i32): i32 {
  return info & 0xff;
}

/** A set of Cmd ids, one byte per id (ids are below 256): membership of a view is one load of its info's id. */
export function cmdSet(ids: i32[]): usize {
  const set = allocZeroed(256);
  for (let i = 0; i < ids.length; i++) store<u8>(set + <usize>cmdId(ids[i]), 1);
  return set;
}

/** Is the Cmd id of `info` in `set` (cmdSet)? */
// @ts-ignore: decorator
@inline export function inCmdSet(set: usize, info: i32): bool {
  return load<u8>(set + <usize>cmdId(info)) != 0;
}

const SLOTS: i32 = 1024;

class NameTable {
  names: ByteBuffer = new ByteBuffer(4096);
  offs: IntList = new IntList(256);
  lens: IntList = new IntList(256);
  infos: IntList = new IntList(256);
  slots: StaticArray<i32> = new StaticArray<i32>(SLOTS);

  add(name: string, info: i32): void {
    const off = this.names.length;
    this.names.appendString(name);
    const len = this.names.length - off;
    const e = this.infos.push(info);
    this.offs.push(off);
    this.lens.push(len);
    let h = hashLower(this.names.ptr + <usize>off, len) & (SLOTS - 1);
    while (this.slots[h] != 0) h = (h + 1) & (SLOTS - 1);
    this.slots[h] = e + 1;
  }

  find(ptr: usize, len: i32): i32 {
    let h = hashLower(ptr, len) & (SLOTS - 1);
    while (true) {
      const e = this.slots[h] - 1;
      if (e < 0) return 0;
      if (this.lens.get(e) == len && equalLower(ptr, this.names.ptr + <usize>this.offs.get(e), len)) {
        return this.infos.get(e);
      }
      h = (h + 1) & (SLOTS - 1);
    }
  }
}

function hashLower(p: usize, n: i32): i32 {
  let h: u32 = 2166136261;
  for (let i = 0; i < n; i++) {
    h ^= toLowerAscii(<u32>load<u8>(p + <usize>i));
    h *= 16777619;
  }
  return <i32>(h ^ (h >> 15));
}

function equalLower(a: usize, b: usize, n: i32): bool {
  for (let i = 0; i < n; i++) {
    if (toLowerAscii(<u32>load<u8>(a + <usize>i)) != toLowerAscii(<u32>load<u8>(b + <usize>i))) return false;
  }
  return true;
}

let table: NameTable | null = null;

function addAll(t: NameTable, names: string, info: i32): void {
  const parts = names.split(" ");
  for (let i = 0; i < parts.length; i++) t.add(parts[i], info);
}

function build(): NameTable {
  const t = new NameTable();
  const W = Kind.WRAPPER;
  addAll(t, "env", Cmd.ENV | W);
  addAll(t, "nohup", Cmd.NOHUP | W);
  addAll(t, "timeout gtimeout", Cmd.TIMEOUT | W);
  addAll(t, "nice", Cmd.NICE | W);
  addAll(t, "xargs gxargs", Cmd.XARGS | W);
  addAll(t, "exec", Cmd.EXEC | W);
  addAll(t, "command", Cmd.COMMAND | W);
  addAll(t, "builtin", Cmd.BUILTIN | W);
  addAll(t, "sudo", Cmd.SUDO | W);
  addAll(t, "doas", Cmd.DOAS | W);
  addAll(t, "time gtime", Cmd.TIME | W);
  addAll(t, "stdbuf gstdbuf", Cmd.STDBUF | W);
  addAll(t, "setsid", Cmd.SETSID | W);
  addAll(t, "find gfind", Cmd.FIND | W);
  addAll(t, "fd fdfind", Cmd.FD | W);
  addAll(t, "ionice", Cmd.IONICE | W);
  addAll(t, "chroot", Cmd.CHROOT | W);
  addAll(t, "strace ltrace", Cmd.STRACE | W);
  addAll(t, "watch", Cmd.WATCH | W);
  addAll(t, "flock", Cmd.FLOCK | W);
  addAll(t, "taskset", Cmd.TASKSET | W);
  addAll(t, "chrt", Cmd.CHRT | W);
  addAll(t, "unbuffer caffeinate torsocks tsocks proxychains proxychains4 fakeroot eatmydata " +
    "catchsegv dbus-run-session dbus-launch nocache firejail rlwrap xvfb-run with-contenv unshare " +
    "nsenter systemd-run setpriv prlimit numactl valgrind pkexec runcon chpst cgexec sem " +
    "run-one retry entr tini dumb-init linux32 linux64 sandbox-exec bwrap",
    Cmd.SIMPLE_WRAPPER | W);
  // The first operand is not the command (a user, a date, an architecture).
  addAll(t, "gosu su-exec setuidgid faketime setarch", Cmd.SKIP1_WRAPPER | W);
  addAll(t, "su runuser", Cmd.SU | W);
  addAll(t, "sg", Cmd.SG | W);
  addAll(t, "script", Cmd.SCRIPT | W);
  addAll(t, "ssh", Cmd.SSH | W);
  addAll(t, "scp sftp", Cmd.SCP | W);
  addAll(t, "busybox toybox", Cmd.BUSYBOX | W);
  addAll(t, "parallel", Cmd.PARALLEL | W);
  addAll(t, "zip", Cmd.ZIP | W);
  addAll(t, "man", Cmd.MAN | W);
  addAll(t, "eval", Cmd.EVAL | W);
  addAll(t, "trap", Cmd.TRAP | W);
  addAll(t, "alias", Cmd.ALIAS | W);
  addAll(t, "sh bash zsh dash ksh ksh93 mksh pdksh lksh oksh ash yash posh rbash fish csh tcsh",
    Cmd.SHELL | W | Kind.SHELL | Kind.INTERP);
  addAll(t, "git", Cmd.GIT | W);
  addAll(t, "source .", Cmd.SOURCE | Kind.INTERP);
  addAll(t, "cd", Cmd.CD);
  addAll(t, "pushd", Cmd.PUSHD);
  addAll(t, "popd", Cmd.POPD);
  addAll(t, "export declare typeset local readonly", Cmd.DECLARE);
  addAll(t, "read", Cmd.READ);
  addAll(t, "printf", Cmd.PRINTF);
  addAll(t, "mapfile readarray", Cmd.MAPFILE);
  addAll(t, "getopts", Cmd.GETOPTS);
  addAll(t, "let", Cmd.LET);
  addAll(t, "compgen complete", Cmd.COMPGEN | W); // -C command runs a command
  addAll(t, "enable", Cmd.ENABLE | W);            // -f file loads a shared object
  addAll(t, "test [", Cmd.TEST);
  addAll(t, "unset", Cmd.UNSET);
  addAll(t, "echo", Cmd.ECHO);
  addAll(t, "cat", Cmd.CAT);
  addAll(t, "rm grm", Cmd.RM);
  addAll(t, "cp gcp", Cmd.CP | Kind.DEVICE_WRITER);
  addAll(t, "mv gmv", Cmd.MV);
  addAll(t, "chmod gchmod", Cmd.CHMOD);
  addAll(t, "chown chgrp gchown gchgrp", Cmd.CHOWN);
  addAll(t, "dd gdd", Cmd.DD);
  addAll(t, "mkfs mke2fs mkdosfs newfs", Cmd.MKFS);
  addAll(t, "kill", Cmd.KILL);
  addAll(t, "shutdown reboot halt poweroff", Cmd.POWER);
  addAll(t, "init telinit", Cmd.INIT);
  addAll(t, "systemctl", Cmd.SYSTEMCTL);
  addAll(t, "mount", Cmd.MOUNT);
  addAll(t, "wait", Cmd.WAIT);
  addAll(t, "tee gtee", Cmd.TEE | Kind.DEVICE_WRITER);
  addAll(t, "shred gshred", Cmd.SHRED | Kind.DEVICE_WRITER);
  addAll(t, "wipefs blkdiscard ddrescue badblocks zerofree hdparm sgdisk flashrom mkswap truncate " +
    "sfdisk fdisk cfdisk gdisk parted",
    Cmd.DEVTOOL | Kind.DEVICE_WRITER);
  addAll(t, "nc ncat netcat", Cmd.NC | Kind.DOWNLOAD);
  addAll(t, "socat", Cmd.SOCAT | Kind.DOWNLOAD);
  addAll(t, "curl", Cmd.CURL | Kind.DOWNLOAD);
  addAll(t, "wget wget2", Cmd.WGET | Kind.DOWNLOAD);
  addAll(t, "fetch aria2c http https xh httpie lwp-request lwp-download GET telnet tftp ftp " +
    "curlie wcurl", Kind.DOWNLOAD);
  addAll(t, "openssl", Cmd.OPENSSL | Kind.DECODER | Kind.DOWNLOAD);
  addAll(t, "base64 gbase64 base32 basenc xxd uudecode gunzip zcat gzip bunzip2 bzcat bzip2 " +
    "unxz xzcat xz unzstd zstdcat zstd lzcat unlzma rev tr", Kind.DECODER);
  addAll(t, "tar gtar bsdtar", Cmd.TAR | W);
  addAll(t, "docker podman nerdctl", Cmd.DOCKER);
  addAll(t, "npm pnpm yarn", Cmd.NPM | W); // `npm exec`, `pnpm dlx`, … run a package's command
  addAll(t, "npx pnpx bunx", Cmd.NPX | W);
  addAll(t, "pip pip3 uv", Cmd.PIP);
  addAll(t, "rsync", Cmd.RSYNC | W);
  addAll(t, "sed gsed", Cmd.SED | W); // the `e` command and `s///e` run shell commands
  addAll(t, "awk gawk mawk nawk", Cmd.AWK | W); // system(), pipes
  addAll(t, "kubectl", Cmd.KUBECTL);
  addAll(t, "ln gln", Cmd.LN);
  addAll(t, "java javac terraform tofu gcc g++ cc clang clang++ xcodebuild",
    Cmd.SINGLE_DASH);
  addAll(t, "go", Cmd.GO); // single-dash flags too (flags.ts)
  addAll(t, "sort gsort", Cmd.SORT);
  addAll(t, "rg", Cmd.RG);
  addAll(t, "make gmake", Cmd.MAKE);
  addAll(t, "python python2 python3 pypy pypy3", Cmd.PYTHON | Kind.INTERP);
  addAll(t, "perl", Cmd.PERL | Kind.INTERP);
  addAll(t, "ruby irb", Cmd.RUBY | Kind.INTERP);
  addAll(t, "node nodejs deno bun", Cmd.NODE | Kind.INTERP);
  addAll(t, "php lua luajit tclsh wish Rscript osascript pwsh powershell julia",
    Cmd.INTERP_OTHER | Kind.INTERP);
  return t;
}

// Names of up to eight bytes seen before, with their info: a decision asks about the same few names (git, ls,
// grep) for every command and wrapper, and the table lookup hashes and compares case-folded bytes each time.
// A slot is the name's bytes as one u64, its length and its info; the length makes the key exact.
const NAME_CACHE_BITS: u64 = 6;
const NAME_CACHE: usize = allocZeroed(16 << <i32>NAME_CACHE_BITS);

/** Name info (Cmd | Kind bits) for a command basename; 0 when unknown. */
export function commandInfo(ptr: usize, len: i32): i32 {
  if (len <= 0 || len > 8) return lookupCommandInfo(ptr, len);
  return commandInfoKeyed(ptr, len, nameKey(ptr, len));
}

/**
 * commandInfo of a basename of 1 to 8 bytes whose nameKey the caller has (the walk, which looked at it for a
 * `/`): inlined up to the cache probe, which answers most names.
 */
// @ts-ignore: decorator
@inline export function commandInfoKeyed(ptr: usize, len: i32, key: u64): i32 {
  const slot = NAME_CACHE + (<usize>((key * 0x9e3779b97f4a7c15) >> (64 - NAME_CACHE_BITS)) << 4);
  return load<u64>(slot) == key && load<i32>(slot, 8) == len ? load<i32>(slot, 12) : cacheCommandInfo(ptr, len, key, slot);
}

/** Look the name up and keep its info in `slot`. */
function cacheCommandInfo(ptr: usize, len: i32, key: u64, slot: usize): i32 {
  const info = lookupCommandInfo(ptr, len);
  store<u64>(slot, key);
  store<i32>(slot, len, 8);
  store<i32>(slot, info, 12);
  return info;
}

/** commandInfo without the cache (exported for the spec that compares the two). */
export function lookupCommandInfo(ptr: usize, len: i32): i32 {
  let t = table;
  if (t === null) { t = build(); table = t; }
  if (len <= 0) return 0;
  const info = t.find(ptr, len);
  if (info != 0) return info;
  // Versioned names: python3.12, perl5.36, ruby3.2, php8.2, lua5.4, node20, mkfs.ext4.
  if (hasPrefix(ptr, len, "mkfs")) return Cmd.MKFS;
  // A versioned name ends in a digit or a dot; most unknown names (grep, head) stop here.
  const last = <u32>load<u8>(ptr + <usize>len - 1);
  if (last != 0x2e && last - 0x30 >= 10) return 0;
  if (versioned(ptr, len, "python") || versioned(ptr, len, "pypy")) return Cmd.PYTHON | Kind.INTERP;
  if (versioned(ptr, len, "perl")) return Cmd.PERL | Kind.INTERP;
  if (versioned(ptr, len, "ruby")) return Cmd.RUBY | Kind.INTERP;
  if (versioned(ptr, len, "node")) return Cmd.NODE | Kind.INTERP;
  if (versioned(ptr, len, "php") || versioned(ptr, len, "lua")) return Cmd.INTERP_OTHER | Kind.INTERP;
  return 0;
}

function hasPrefix(p: usize, n: i32, prefix: string): bool {
  const m = prefix.length;
  if (n < m) return false;
  for (let i = 0; i < m; i++) {
    if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != <u32>prefix.charCodeAt(i)) return false;
  }
  return true;
}

/** `prefix` followed only by digits and dots (at least one). */
function versioned(p: usize, n: i32, prefix: string): bool {
  const m = prefix.length;
  if (n <= m || !hasPrefix(p, n, prefix)) return false;
  for (let i = m; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c != 0x2e && c - 0x30 >= 10) return false;
  }
  return true;
}
