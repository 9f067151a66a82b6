// Could a glob word in the command expand to a name that a glob pattern in
// blocked_patterns matches? `cat key.pe?` against `*.pem`, `> /e?c/passwd`
// against `> /etc/*` (red-team review). Both globs are automata over bytes;
// they overlap when some string walks both to their ends, found by a search
// over pairs of positions. Word side: `*`, `?` and `[…]` (taken as any one
// byte, which only widens the match); pattern side (lowercase): `*` and `?`.
// Case-insensitive, as blocked patterns are.

import { toLowerAscii } from "../../util/bytes";
import { Ch } from "../syntax/tokens";

/** Beyond this many position pairs the answer is "could match" (fail closed). */
const MAX_STATES: i32 = 1 << 20;

let seen = new StaticArray<u8>(0);
let stack = new StaticArray<i32>(0);

/** Is there a string that the glob word (p, pn) and the glob pattern (t, tn) both match? */
export function globsOverlap(p: usize, pn: i32, t: usize, tn: i32): bool {
  const width = tn + 1;
  const states = (pn + 1) * width;
  if (pn > MAX_STATES || states > MAX_STATES) return true;
  // A bracket expression too long to scan per state: it could stand for anything (fail closed).
  for (let i = 0; i < pn; i++) if (<u32>load<u8>(p + <usize>i) == Ch.LBRACKET && bracketEnd(p, i, pn) == -2) return true;
  if (seen.length < states) seen = new StaticArray<u8>(states);
  else memory.fill(changetype<usize>(seen), 0, <usize>states);
  if (stack.length < states) stack = new StaticArray<i32>(states);
  let top = 0;
  stack[top++] = 0;
  seen[0] = 1;
  while (top > 0) {
    const state = stack[--top];
    const i = state / width, j = state % width;
    if (i == pn && j == tn) return true;
    const wordStar = i < pn && <u32>load<u8>(p + <usize>i) == Ch.STAR;
    const patStar = j < tn && <u32>load<u8>(t + <usize>j) == Ch.STAR;
    const wordNext = i < pn ? tokenEnd(p, i, pn) : i;
    const patNext = j + 1;
    // A star may match nothing, or eat the other side's next token (a star eats a star's nothing).
    if (wordStar) {
      top = push(i + 1, j, width, top);
      if (j < tn) top = push(i, patNext, width, top);
    }
    if (patStar) {
      top = push(i, j + 1, width, top);
      if (i < pn) top = push(wordNext, j, width, top);
    }
    if (!wordStar && !patStar && i < pn && j < tn && sameByteCould(p, i, wordNext, <u32>load<u8>(t + <usize>j))) {
      top = push(wordNext, patNext, width, top);
    }
  }
  return false;
}

function push(i: i32, j: i32, width: i32, top: i32): i32 {
  const state = i * width + j;
  if (seen[state] != 0) return top;
  seen[state] = 1;
  stack[top] = state;
  return top + 1;
}

/** After the word token at i: one byte, or a whole `[…]`. */
function tokenEnd(p: usize, i: i32, pn: i32): i32 {
  if (<u32>load<u8>(p + <usize>i) != Ch.LBRACKET) return i + 1;
  const end = bracketEnd(p, i, pn); // never -2 here: globsOverlap returned early
  return end > 0 ? end : i + 1;
}

/**
 * After the bracket expression that opens at i, as bash reads one: `[!…]`/`[^…]`, a `]` first is literal,
 * and `[:alpha:]`, `[=e=]`, `[.x.]` nest inside (`[[:alpha:]]` is one class). -1 when it does not close
 * (then `[` is a literal byte); -2 past MAX_BRACKET bytes, which callers count as a match (each scan is
 * bounded, so `[[[[…` over 64 KiB cannot make matching quadratic).
 */
export function bracketEnd(p: usize, i: i32, pn: i32): i32 {
  if (pn > i + MAX_BRACKET) pn = i + MAX_BRACKET + 1;
  const capped = pn == i + MAX_BRACKET + 1;
  let j = i + 1;
  if (j < pn && (<u32>load<u8>(p + <usize>j) == 0x21 || <u32>load<u8>(p + <usize>j) == 0x5e)) j++;
  if (j < pn && <u32>load<u8>(p + <usize>j) == Ch.RBRACKET) j++;
  while (j < pn) {
    const c = <u32>load<u8>(p + <usize>j);
    if (c == Ch.RBRACKET) return j + 1;
    if (c == Ch.LBRACKET && j + 1 < pn) {
      const d = <u32>load<u8>(p + <usize>(j + 1));
      if (d == Ch.COLON || d == Ch.EQ || d == Ch.DOT) {
        let k = j + 2;
        while (k + 1 < pn && !(<u32>load<u8>(p + <usize>k) == d && <u32>load<u8>(p + <usize>(k + 1)) == Ch.RBRACKET)) k++;
        if (k + 1 < pn) { j = k + 2; continue; }
      }
    }
    j++;
  }
  return capped ? -2 : -1;
}

const MAX_BRACKET: i32 = 256;

/** Can the word token [i, next) and the pattern byte `pc` stand for the same byte? */
function sameByteCould(p: usize, i: i32, next: i32, pc: u32): bool {
  if (pc == Ch.QUESTION || next > i + 1) return true;
  const c = toLowerAscii(<u32>load<u8>(p + <usize>i));
  return c == Ch.QUESTION || c == pc;
}
