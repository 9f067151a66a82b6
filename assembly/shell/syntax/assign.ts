// Is a word an assignment (`NAME=…`, `NAME+=…`, `NAME[…]=…`)?

import { Ch } from "./tokens";
import { isNameChar, isNameStart } from "./lexer";

/** `NAME=…`, `NAME+=…` or `NAME[…]=…` with the name part unquoted. */
export function isAssignment(t: usize, a: usize, n: i32): bool {
  if (n < 2 || !isNameStart(<u32>load<u8>(t)) || load<u8>(a) != 0) return false;
  let i = 1;
  while (i < n && load<u8>(a + <usize>i) == 0 && isNameChar(<u32>load<u8>(t + <usize>i))) i++;
  if (i >= n || load<u8>(a + <usize>i) != 0) return false;
  let c = <u32>load<u8>(t + <usize>i);
  if (c == Ch.LBRACKET) {
    while (i < n && <u32>load<u8>(t + <usize>i) != Ch.RBRACKET) i++;
    i++;
    if (i >= n) return false;
    c = <u32>load<u8>(t + <usize>i);
  }
  if (c == Ch.PLUS && i + 1 < n && <u32>load<u8>(t + <usize>i + 1) == Ch.EQ) return true;
  return c == Ch.EQ;
}
