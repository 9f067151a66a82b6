// Shell builtins that only change the shell's own state. Agents write them in
// nearly every command (`cd src && npm test`, `[ -d node_modules ] || npm ci`,
// `set -euo pipefail`, `ls 2>/dev/null || true`), and none of them runs a
// program, reads a file's content or writes one, so they are allowed without
// being listed in allowed_commands (unless the passport sets
// `require_listed_builtins`). Every other rule still applies to them: a `cd`
// is checked against allowed_working_directories and tracked, an `export` of
// a blocked or code-loading variable is denied, blocked patterns see them.
//
// Only the forms below count; any other use needs listing as before:
//   cd pushd popd          any operands (the directory rules judge them)
//   test [                 any operands (they only compare and stat)
//   true false : shift exit return
//   wait                   job ids, pids, -n and -f (not -p NAME, which assigns NAME)
//   set                    only -e -u -x -v -E -T flags and -o/+o errexit, nounset, pipefail, xtrace,
//                          verbose, errtrace, functrace (`set -- …`, `set -o posix`, `set +B` change more)
//   export                 NAME or NAME=value words with a name written out, and -n / -p
//   unset                  NAME words written out, and -v / -f
// `[[ … ]]` is a keyword the parser evaluates itself, never a command.
// A name with a `/` is a program on disk, not the builtin.

import { Script, rowInfo, rowLen } from "../syntax/nodes";
import { WordFlag } from "../syntax/tokens";
import { envName, wordIs } from "../expand/argv";
import { allocZeroed } from "../../util/bytes";

/**
 * Name lengths (bit n) of the builtins above, by first byte: most views (git, npm, ls) have a first byte or a
 * length no builtin has and are settled by one load, before the name is compared.
 */
const LENGTHS_BY_FIRST = builtinLengths();

function builtinLengths(): usize {
  const t = allocZeroed(256);
  // Each name's first byte and length: `:` `[` cd set wait test true exit popd false shift pushd unset return export.
  const names = ":1[1c2s3w4t4e4p4f5s5p5u5r6e6";
  for (let i = 0; i < names.length; i += 2) {
    const at = t + <usize>names.charCodeAt(i);
    store<u8>(at, <i32>load<u8>(at) | (1 << (names.charCodeAt(i + 1) - 0x30)));
  }
  return t;
}

/** Is view v one of the builtins above, used in one of the allowed forms? */
export function isStateBuiltin(s: Script, v: i32): bool {
  const name = s.viewName(v);
  const r = s.wordRow(name);
  const n = rowLen(r);
  if (<u32>(n - 1) >= 6) return false;
  const p = s.rowPtr(r);
  if ((<u32>load<u8>(LENGTHS_BY_FIRST + <usize>load<u8>(p)) & (1 << n)) == 0) return false;
  if ((rowInfo(r) & (WordFlag.DYNAMIC | WordFlag.GLOB | WordFlag.BRACE)) != 0) return false; // not static
  const argc = s.viewArgc(v);
  // The name's bytes as little-endian words: `cd` is 0x6463.
  switch (n) {
    case 1:
      return true; // `:` or `[`, the only one-byte names in the table
    case 2:
      return load<u16>(p) == 0x6463; // cd
    case 3:
      return load<u16>(p) == 0x6573 && load<u8>(p, 2) == 0x74 ? setOptionsOnly(s, v, argc) : false; // set
    case 4: {
      const x = load<u32>(p);
      if (x == 0x74696177) return jobsOnly(s, v, argc); // wait
      return x == 0x74736574 || x == 0x65757274 || x == 0x74697865 || x == 0x64706f70; // test true exit popd
    }
    case 5: {
      const x = load<u32>(p), c = load<u8>(p, 4);
      if ((x == 0x736c6166 && c == 0x65) || (x == 0x66696873 && c == 0x74) || (x == 0x68737570 && c == 0x64)) return true; // false shift pushd
      return x == 0x65736e75 && c == 0x74 ? namesOnly(s, v, argc, "-v", "-f", false) : false; // unset
    }
    case 6: {
      const x = load<u32>(p), c = load<u16>(p, 4);
      if (x == 0x75746572 && c == 0x6e72) return true; // return
      return x == 0x6f707865 && c == 0x7472 ? namesOnly(s, v, argc, "-n", "-p", true) : false; // export
    }
  }
  return false;
}

/** `set -e`, `set -euo pipefail`, `set +x`: flags that only make the script stricter or traced. */
export function setOptionsOnly(s: Script, v: i32, argc: i32): bool {
  if (argc < 2) return false; // a bare `set` prints every variable and function
  for (let k = 1; k < argc; k++) {
    const w = s.viewArg(v, k);
    if (!s.isStatic(w)) return false;
    const p = s.wordPtr(w), n = s.wordLen(w);
    if (n < 2) return false;
    const sign = load<u8>(p);
    if (sign != 0x2d && sign != 0x2b) return false; // - or +
    let takesName = false;
    for (let i = 1; i < n; i++) {
      const c = load<u8>(p + <usize>i);
      if (c == 0x6f) { takesName = true; continue; } // o
      // e u x v E T
      if (c != 0x65 && c != 0x75 && c != 0x78 && c != 0x76 && c != 0x45 && c != 0x54) return false;
    }
    if (takesName) {
      k++;
      if (k >= argc) return false; // `set -o` alone prints the options
      const o = s.viewArg(v, k);
      if (!s.isStatic(o)) return false;
      if (!(wordIs(s, o, "errexit") || wordIs(s, o, "nounset") || wordIs(s, o, "pipefail") || wordIs(s, o, "xtrace") ||
        wordIs(s, o, "verbose") || wordIs(s, o, "errtrace") || wordIs(s, o, "functrace"))) return false;
    }
  }
  return true;
}

/**
 * `wait`, `wait -n`, `wait -f`, `wait 123`, `wait %1`: not `wait -p NAME`, which assigns NAME (and a
 * subscript in it runs code).
 */
export function jobsOnly(s: Script, v: i32, argc: i32): bool {
  for (let k = 1; k < argc; k++) {
    const w = s.viewArg(v, k);
    if (!s.isStatic(w)) return false;
    const p = s.wordPtr(w), n = s.wordLen(w);
    if (n == 0) return false;
    const first = load<u8>(p);
    for (let i = first == 0x2d || first == 0x25 ? 1 : 0; i < n; i++) { // - or %
      const c = load<u8>(p + <usize>i);
      if (first == 0x2d ? !(c == 0x6e || c == 0x66) : !(c >= 0x30 && c <= 0x39)) return false; // -n -f, digits
    }
  }
  return true;
}

/**
 * Every operand names a variable written out (`PATH`, `NODE_ENV=test`, with
 * `values` a value may follow), or is one of the two options.
 */
export function namesOnly(s: Script, v: i32, argc: i32, option1: string, option2: string, values: bool): bool {
  for (let k = 1; k < argc; k++) {
    const w = s.viewArg(v, k);
    if (wordIs(s, w, option1) || wordIs(s, w, option2)) {
      if (!s.isStatic(w)) return false;
      continue;
    }
    const name = envName(s, w);
    if (name <= 0) return false;
    if (name < s.wordLen(w)) {
      if (!values) return false;
      const c = load<u8>(s.wordPtr(w) + <usize>name);
      if (c != 0x3d && c != 0x2b) return false; // `=` or `+=`, not a subscript
    }
  }
  return true;
}
