// The source text of run-time expansions, read for what it may become. The
// lexer keeps each expansion's source (`${x:-/etc/shadow}`) in the word with
// Attr.EXPANSION; blocked_patterns read two things out of it: where one
// expansion ends, and the written word a `${NAME-word}` family operator may
// put in its place — `cat ${x:-/etc/shadow}` reads /etc/shadow when x is
// unset, whatever the pattern matcher thinks of "any text".

import { Attr, Ch } from "./tokens";
import { isNameChar, isNameStart } from "./chars";
import { WordBuilder, scanWordFlags } from "./nodes";

const MAX_OPERAND_DEPTH: i32 = 8;

/** Set by defaultOperand: where the operand word starts (it ends at the returned `}`). */
let operandStart: i32 = 0;

/**
 * At k, `${NAME op word}` with op one of `-` `:-` `=` `:=` `+` `:+` (the
 * operators whose value may be `word`): returns the index of its closing `}`
 * (operandStart set), or -1 for any other expansion.
 */
export function defaultOperand(p: usize, k: i32, end: i32): i32 {
  if (k + 3 >= end || at(p, k) != Ch.DOLLAR || at(p, k + 1) != Ch.LBRACE || !isNameStart(at(p, k + 2))) return -1;
  let j = k + 3;
  while (j < end && isNameChar(at(p, j))) j++;
  if (j < end && at(p, j) == Ch.COLON) j++;
  if (j >= end) return -1;
  const op = at(p, j);
  if (op != Ch.MINUS && op != Ch.EQ && op != Ch.PLUS) return -1;
  operandStart = j + 1;
  const close = closeOf(p, j + 1, end, Ch.RBRACE);
  return close < end ? close : -1;
}

/** The index just past the expansion at k (`$name`, `$1`, `${…}`, `$(…)`, `$((…))`, `` `…` ``, `<(…)`), at most end. */
export function expansionEnd(p: usize, k: i32, end: i32): i32 {
  const c = at(p, k);
  if (c == Ch.BACKTICK) {
    let j = k + 1;
    while (j < end && at(p, j) != Ch.BACKTICK) j += at(p, j) == Ch.BACKSLASH ? 2 : 1;
    return min(j + 1, end);
  }
  if (k + 1 >= end) return end;
  const n = at(p, k + 1);
  if (c == Ch.DOLLAR && n == Ch.LBRACE) return min(closeOf(p, k + 2, end, Ch.RBRACE) + 1, end);
  if (n == Ch.LPAREN) return min(closeOf(p, k + 2, end, Ch.RPAREN) + 1, end); // $( <( >(
  if (isNameStart(n)) {
    let j = k + 2;
    while (j < end && isNameChar(at(p, j))) j++;
    return j;
  }
  return k + 2; // $1 $@ $? $$ …
}

/**
 * A word with each `${NAME-word}` family expansion replaced by its word: the
 * value the word has when those variables are unset (or, for `+`, set). Other
 * expansions keep their source text with Attr.EXPANSION.
 */
@final export class DefaultReading {
  word: WordBuilder = new WordBuilder();
  flags: i32 = 0;

  /** Read (t, a, n); false when it holds no such expansion (nothing to add to the word as written). */
  read(t: usize, a: usize, n: i32): bool {
    const b = this.word;
    b.reset();
    let found = false;
    let i = 0;
    while (i < n) {
      if (<u32>load<u8>(a + <usize>i) != Attr.EXPANSION) {
        b.push(at(t, i), <Attr>load<u8>(a + <usize>i));
        i++;
        continue;
      }
      let end = i;
      while (end < n && <u32>load<u8>(a + <usize>end) == Attr.EXPANSION) end++;
      while (i < end) {
        const close = defaultOperand(t, i, end);
        if (close >= 0) {
          this.operand(t, operandStart, close, 0);
          found = true;
          i = close + 1;
        } else {
          const next = max(expansionEnd(t, i, end), i + 1);
          b.append(t + <usize>i, next - i, Attr.EXPANSION);
          i = next;
        }
      }
    }
    if (found) this.flags = scanWordFlags(b.text.ptr, b.attr.ptr, b.length);
    return found;
  }

  /**
   * The operand (from, to) as the shell writes it out: quotes removed (what
   * they held is QUOTED), escapes taken, a nested `${y:-word}` as its word (to
   * a depth of 8). Unquoted text stays UNQUOTED, so `${x:-/*}` is a glob —
   * also when the whole expansion was quoted, which only adds denials.
   */
  private operand(t: usize, from: i32, to: i32, depth: i32): void {
    const b = this.word;
    let i = from;
    while (i < to) {
      const c = at(t, i);
      if (c == Ch.SQUOTE) {
        let j = i + 1;
        while (j < to && at(t, j) != Ch.SQUOTE) j++;
        b.append(t + <usize>(i + 1), j - i - 1, Attr.QUOTED);
        i = j + 1;
        continue;
      }
      if (c == Ch.DQUOTE) { i++; continue; }
      if (c == Ch.BACKSLASH && i + 1 < to) { b.push(at(t, i + 1), Attr.QUOTED); i += 2; continue; }
      const close = depth < MAX_OPERAND_DEPTH ? defaultOperand(t, i, to) : -1;
      if (close >= 0) {
        this.operand(t, operandStart, close, depth + 1);
        i = close + 1;
        continue;
      }
      if ((c == Ch.DOLLAR && i + 1 < to && isExpansionStart(at(t, i + 1))) || c == Ch.BACKTICK) {
        const next = max(expansionEnd(t, i, to), i + 1);
        b.append(t + <usize>i, next - i, Attr.EXPANSION);
        i = next;
        continue;
      }
      b.push(c, Attr.UNQUOTED);
      i++;
    }
  }
}

function isExpansionStart(c: u32): bool {
  return c == Ch.LBRACE || c == Ch.LPAREN || isNameStart(c) || c - 0x30 < 10 || c == Ch.AT || c == Ch.STAR ||
    c == Ch.HASH || c == Ch.QUESTION || c == Ch.MINUS || c == Ch.DOLLAR || c == Ch.BANG;
}

/** The index of the `close` that ends a group opened just before `from` (quotes, escapes and nesting skipped), or end. */
function closeOf(p: usize, from: i32, end: i32, close: u32): i32 {
  let brace = close == Ch.RBRACE ? 1 : 0, paren = close == Ch.RPAREN ? 1 : 0;
  let i = from;
  while (i < end) {
    const c = at(p, i);
    if (c == Ch.BACKSLASH) { i += 2; continue; }
    if (c == Ch.SQUOTE) {
      i++;
      while (i < end && at(p, i) != Ch.SQUOTE) i++;
      i++;
      continue;
    }
    if (c == Ch.DQUOTE) {
      i++;
      while (i < end && at(p, i) != Ch.DQUOTE) i += at(p, i) == Ch.BACKSLASH ? 2 : 1;
      i++;
      continue;
    }
    if (c == Ch.DOLLAR && i + 1 < end && at(p, i + 1) == Ch.LBRACE) { brace++; i += 2; continue; }
    if (c == Ch.LPAREN) paren++;
    else if (c == Ch.RPAREN) { paren--; if (close == Ch.RPAREN && paren == 0) return i; }
    else if (c == Ch.RBRACE && paren == (close == Ch.RPAREN ? 1 : 0)) { brace--; if (close == Ch.RBRACE && brace == 0) return i; }
    i++;
  }
  return end;
}

// @ts-ignore: decorator
@inline function at(p: usize, i: i32): u32 {
  return <u32>load<u8>(p + <usize>i);
}
