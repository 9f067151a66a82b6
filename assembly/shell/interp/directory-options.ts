// Commands that change directory for themselves: `tar -C dir`, `make -C dir`
// (`--directory`), `git -C dir`. Each directory is a cd for that command
// alone (the walk applies it as a transient cd), so its relative operands resolve there for
// blocked_patterns (`tar -C /etc -cf x.tar shadow` reads /etc/shadow), the
// directory must be allowed by allowed_working_directories, and one known
// only at run time counts as an unknown directory.

import { wordIs } from "../expand/argv";
import { Script } from "../syntax/nodes";
import { Attr } from "../syntax/tokens";
import { OptionGrammar, ProgramFacts, Style } from "../programs";

const C: u32 = 0x43;

/**
 * getopt-style by the program's grammar (its row), over all of argv[start+1, end) (GNU tar and make
 * take options after operands too), into `facts.cd` (word -1: a directory known only at run time): `-C dir`, `-Cdir`, `-xC dir` (the last letter of a
 * bundle takes the next word), `--directory=dir`, `--directory dir` and its
 * unique prefixes down to `--dir`. The grammar's value shorts take a value,
 * so `-fC` is the file `C`, not a directory; its optional shorts only an
 * attached one (make's `-j4`, `-j$(nproc)`). An option letter or long name
 * computed at run time (`-$X`) may be `C`: a directory nobody knows. OLD_STYLE:
 * tar's first word may be a bundle without a dash (`tar xCf dir a.tar`), whose
 * letters take the following words in order.
 */
export function directoryOptions(s: Script, cmd: i32, start: i32, end: i32, g: OptionGrammar, facts: ProgramFacts): void {
  const argShort = g.valueShorts, optionalArg = g.optionalShorts, oldStyle = (g.style & Style.OLD_STYLE) != 0;
  let count = 0;
  let i = start + 1;
  if (oldStyle && i < end && !isDashWord(s, s.arg(cmd, i))) {
    const b = s.arg(cmd, i);
    const p = s.wordPtr(b), n = s.wordLen(b);
    let next = i + 1;
    for (let j = 0; j < n; j++) {
      const c = <u32>load<u8>(p + <usize>j);
      if (<u32>load<u8>(s.attrPtr(b) + <usize>j) == Attr.EXPANSION) { facts.cd(-1, 0, false); break; }
      if (!has(argShort, c)) continue;
      if (c == C) facts.cd(next < end ? s.arg(cmd, next) : -1, 0, count++ > 0);
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
        if (<u32>load<u8>(at + <usize>eq) == Attr.EXPANSION) { facts.cd(-1, 0, false); break; }
        eq++;
      }
      if (eq - 2 < 3 || !"directory".startsWith(String.UTF8.decodeUnsafe(p + 2, <usize>(eq - 2)))) continue;
      if (eq < n) facts.cd(a, eq + 1, count++ > 0);
      else { facts.cd(i + 1 < end ? s.arg(cmd, i + 1) : -1, 0, count++ > 0); i++; }
      continue;
    }
    for (let j = 1; j < n; j++) {
      const c = <u32>load<u8>(p + <usize>j);
      if (<u32>load<u8>(at + <usize>j) == Attr.EXPANSION) { facts.cd(-1, 0, false); break; }
      if (has(optionalArg, c)) break;
      if (!has(argShort, c)) continue;
      if (j + 1 < n) { if (c == C) facts.cd(a, j + 1, count++ > 0); }
      else { if (c == C) facts.cd(i + 1 < end ? s.arg(cmd, i + 1) : -1, 0, count++ > 0); i++; }
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
