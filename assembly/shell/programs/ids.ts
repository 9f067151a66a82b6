// Command identities (Cmd, below 256) and kind bits (Kind, above them): a row's `info`, and what names.ts
// answers for each of the row's names.

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
  TRUNCATE,
  CODE_RUNNER, // runs commands in forms the walk does not parse (gdb -ex, tmux new, perf stat): refused unless known inert
  SPLIT,
  // wrappers whose options take values: each its own row
  SSH_AGENT, NSENTER, UNSHARE, NUMACTL, CGEXEC,
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

