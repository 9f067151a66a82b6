// Commands that change directory for themselves: `tar -C dir`, `make -C dir`
// (`--directory`), `git -C dir`. Each directory is a cd for that command
// alone (Walker.transientCd), so its relative operands resolve there for
// blocked_patterns (`tar -C /etc -cf x.tar shadow` reads /etc/shadow), the
// directory must be allowed by allowed_working_directories, and one known
// only at run time counts as an unknown directory.

import { wordIs } from "./argv";
import { Script } from "./nodes";
import { Attr } from "./tokens";
import { Walker } from "./walk";

const C: u32 = 0x43;

/**
 * getopt-style, over all of argv[start+1, end) (GNU tar and make take options
 * after operands too): `-C dir`, `-Cdir`, `-xC dir` (the last letter of a
 * bundle takes the next word), `--directory=dir`, `--directory dir` and its
 * unique prefixes down to `--dir`. `argShort` lists the short options that
 * take a value, so `-fC` is the file `C`, not a directory; `optionalArg` the
 * ones whose value can only be attached (make's `-j4`, `-j$(nproc)`). An
 * option letter or long name computed at run time (`-$X`) may be `C`: a
 * directory nobody knows. `oldStyle`: tar's first word may be a bundle
 * without a dash (`tar xCf dir a.tar`), whose letters take the following
 * words in order.
 */
export function directoryOptions(w: Walker, v: i32, cmd: i32, start: i32, end: i32, argShort: string, optionalArg: string, oldStyle: bool): void {
  const s = w.s;
  let count = 0;
  let i = start + 1;
  if (oldStyle && i < end && !isDashWord(s, s.arg(cmd, i))) {
    const b = s.arg(cmd, i);
    const p = s.wordPtr(b), n = s.wordLen(b);
    let next = i + 1;
    for (let j = 0; j < n; j++) {
      const c = <u32>load<u8>(p + <usize>j);
      if (<u32>load<u8>(s.attrPtr(b) + <usize>j) == Attr.EXPANSION) { w.transientCd(cmd, v, -1, 0, false); break; }
      if (!has(argShort, c)) continue;
      if (c == C) w.transientCd(cmd, v, next < end ? s.arg(cmd, next) : -1, 0, count++ > 0);
      next++;
    }
    i = next;
  }
  for (; i < end; i++) {
    const a = s.arg(cmd, i);
    if (wordIs(s, a, "--")) return;
    if (!isDashWord(s, a)) continue;
    const p = s.wordPtr(a), at = s.attrPtr(a), n = s.wordLen(a);
    if (<u32>load<u8>(p + 1) == 0x2d) {
      let eq = 2;
      while (eq < n && <u32>load<u8>(p + <usize>eq) != 0x3d) {
        if (<u32>load<u8>(at + <usize>eq) == Attr.EXPANSION) { w.transientCd(cmd, v, -1, 0, false); break; }
        eq++;
      }
      if (eq - 2 < 3 || !"directory".startsWith(String.UTF8.decodeUnsafe(p + 2, <usize>(eq - 2)))) continue;
      if (eq < n) w.transientCd(cmd, v, a, eq + 1, count++ > 0);
      else { w.transientCd(cmd, v, i + 1 < end ? s.arg(cmd, i + 1) : -1, 0, count++ > 0); i++; }
      continue;
    }
    for (let j = 1; j < n; j++) {
      const c = <u32>load<u8>(p + <usize>j);
      if (<u32>load<u8>(at + <usize>j) == Attr.EXPANSION) { w.transientCd(cmd, v, -1, 0, false); break; }
      if (has(optionalArg, c)) break;
      if (!has(argShort, c)) continue;
      if (j + 1 < n) { if (c == C) w.transientCd(cmd, v, a, j + 1, count++ > 0); }
      else { if (c == C) w.transientCd(cmd, v, i + 1 < end ? s.arg(cmd, i + 1) : -1, 0, count++ > 0); i++; }
      break;
    }
  }
}

/** `-…` with a written dash: an option, or a bundle of them (its letters may be computed). */
function isDashWord(s: Script, w: i32): bool {
  return s.wordLen(w) >= 2 && <u32>load<u8>(s.wordPtr(w)) == 0x2d && <u32>load<u8>(s.attrPtr(w)) != Attr.EXPANSION;
}

function has(letters: string, c: u32): bool {
  for (let i = 0, n = letters.length; i < n; i++) if (<u32>letters.charCodeAt(i) == c) return true;
  return false;
}
