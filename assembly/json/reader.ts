// A JSON reader over UTF-8 bytes in linear memory. It never builds a tree:
// `validate` checks the whole document once (RFC 8259, strict UTF-8, a depth
// limit, iteratively so 100k-deep nesting cannot overflow the stack), then the
// navigation methods walk the validated bytes by offset. Offsets are i32
// positions relative to `ptr`; -1 means "absent".

import { ByteBuffer, Bytes } from "../util/bytes";

export const enum JsonType {
  None = 0,
  Object = 1,
  Array = 2,
  String = 3,
  Number = 4,
  True = 5,
  False = 6,
  Null = 7,
}

/** Returned by `get` when a key occurs more than once (a parser-differential trick). */
export const DUPLICATE: i32 = -2;

const MAX_DEPTH: i32 = 128;

const enum C {
  TAB = 0x09,
  LF = 0x0a,
  CR = 0x0d,
  SPACE = 0x20,
  QUOTE = 0x22,
  PLUS = 0x2b,
  COMMA = 0x2c,
  MINUS = 0x2d,
  DOT = 0x2e,
  SLASH = 0x2f,
  ZERO = 0x30,
  NINE = 0x39,
  COLON = 0x3a,
  E_UPPER = 0x45,
  LBRACKET = 0x5b,
  BACKSLASH = 0x5c,
  RBRACKET = 0x5d,
  E_LOWER = 0x65,
  LBRACE = 0x7b,
  RBRACE = 0x7d,
}

// @ts-ignore: decorator
@inline function isWs(c: u32): bool {
  return c == C.SPACE || c == C.LF || c == C.CR || c == C.TAB;
}

// @ts-ignore: decorator
@inline function isDigit(c: u32): bool {
  return c - C.ZERO < 10;
}

function hexValue(c: u32): i32 {
  if (c - 0x30 < 10) return <i32>(c - 0x30);
  const l = c | 0x20;
  if (l - 0x61 < 6) return <i32>(l - 0x61 + 10);
  return -1;
}

export class Json {
  ptr: usize = 0;
  len: i32 = 0;
  /** Where validation failed, and why ("" when valid). */
  errorAt: i32 = -1;
  error: string = "";
  /** One bit per open container: 1 = object. Sized for MAX_DEPTH. */
  private stack: StaticArray<u8> = new StaticArray<u8>(MAX_DEPTH);

  reset(ptr: usize, len: i32): void {
    this.ptr = ptr;
    this.len = len;
    this.errorAt = -1;
    this.error = "";
  }

  // @ts-ignore: decorator
  @inline byteAt(pos: i32): u32 {
    return <u32>load<u8>(this.ptr + <usize>pos);
  }

  private fail(pos: i32, why: string): bool {
    this.errorAt = pos;
    this.error = why;
    return false;
  }

  skipWs(pos: i32): i32 {
    const len = this.len;
    while (pos < len && isWs(this.byteAt(pos))) pos++;
    return pos;
  }

  // ---- validation -------------------------------------------------------

  /** Validate the whole document: exactly one value, optional whitespace around it. */
  validate(): bool {
    let pos = this.skipWs(0);
    let depth = 0;
    const len = this.len;
    const stack = this.stack;
    // State machine: expecting a value, or what follows a value inside a container.
    let expectValue = true;
    while (true) {
      if (expectValue) {
        if (pos >= len) return this.fail(pos, "unexpected end of input");
        const c = this.byteAt(pos);
        if (c == C.LBRACE || c == C.LBRACKET) {
          if (depth >= MAX_DEPTH) return this.fail(pos, "nesting deeper than " + MAX_DEPTH.toString());
          const isObject = c == C.LBRACE;
          // `unchecked` is safe: depth < MAX_DEPTH == stack.length (checked just above).
          unchecked((stack[depth] = isObject ? 1 : 0));
          depth++;
          pos = this.skipWs(pos + 1);
          if (pos >= len) return this.fail(pos, "unexpected end of input");
          const close = isObject ? C.RBRACE : C.RBRACKET;
          if (this.byteAt(pos) == close) {
            depth--;
            pos++;
            expectValue = false;
            if (depth == 0) break;
            continue;
          }
          if (isObject) {
            pos = this.validateKey(pos);
            if (pos < 0) return false;
          }
          continue;
        }
        pos = this.validateScalar(pos);
        if (pos < 0) return false;
        expectValue = false;
        if (depth == 0) break;
        continue;
      }
      // After a value inside a container.
      pos = this.skipWs(pos);
      if (pos >= len) return this.fail(pos, "unexpected end of input");
      const c = this.byteAt(pos);
      const inObject = unchecked(stack[depth - 1]) == 1;
      if (c == C.COMMA) {
        pos = this.skipWs(pos + 1);
        if (inObject) {
          pos = this.validateKey(pos);
          if (pos < 0) return false;
        }
        expectValue = true;
        continue;
      }
      if (c == (inObject ? C.RBRACE : C.RBRACKET)) {
        depth--;
        pos++;
        if (depth == 0) break;
        continue;
      }
      return this.fail(pos, inObject ? "expected ',' or '}'" : "expected ',' or ']'");
    }
    pos = this.skipWs(pos);
    if (pos != len) return this.fail(pos, "unexpected data after the JSON value");
    return true;
  }

  /** Validate `"key" :` and return the position after the colon (whitespace skipped). */
  private validateKey(pos: i32): i32 {
    if (pos >= this.len || this.byteAt(pos) != C.QUOTE) {
      this.fail(pos, "expected a string key");
      return -1;
    }
    pos = this.validateString(pos);
    if (pos < 0) return -1;
    pos = this.skipWs(pos);
    if (pos >= this.len || this.byteAt(pos) != C.COLON) {
      this.fail(pos, "expected ':'");
      return -1;
    }
    return this.skipWs(pos + 1);
  }

  private validateScalar(pos: i32): i32 {
    const c = this.byteAt(pos);
    if (c == C.QUOTE) return this.validateString(pos);
    if (c == C.MINUS || isDigit(c)) return this.validateNumber(pos);
    if (this.matchWord(pos, "true")) return pos + 4;
    if (this.matchWord(pos, "false")) return pos + 5;
    if (this.matchWord(pos, "null")) return pos + 4;
    this.fail(pos, "unexpected character");
    return -1;
  }

  private matchWord(pos: i32, word: string): bool {
    const n = word.length;
    if (pos + n > this.len) return false;
    for (let i = 0; i < n; i++) {
      if (this.byteAt(pos + i) != <u32>word.charCodeAt(i)) return false;
    }
    return true;
  }

  private validateNumber(pos: i32): i32 {
    const start = pos;
    const len = this.len;
    if (this.byteAt(pos) == C.MINUS) pos++;
    if (pos >= len) return this.numberError(start);
    let c = this.byteAt(pos);
    if (c == C.ZERO) {
      pos++;
    } else if (isDigit(c)) {
      while (pos < len && isDigit(this.byteAt(pos))) pos++;
    } else {
      return this.numberError(start);
    }
    if (pos < len && this.byteAt(pos) == C.DOT) {
      pos++;
      if (pos >= len || !isDigit(this.byteAt(pos))) return this.numberError(start);
      while (pos < len && isDigit(this.byteAt(pos))) pos++;
    }
    if (pos < len && (this.byteAt(pos) | 0x20) == C.E_LOWER) {
      pos++;
      if (pos < len && (this.byteAt(pos) == C.PLUS || this.byteAt(pos) == C.MINUS)) pos++;
      if (pos >= len || !isDigit(this.byteAt(pos))) return this.numberError(start);
      while (pos < len && isDigit(this.byteAt(pos))) pos++;
    }
    return pos;
  }

  private numberError(pos: i32): i32 {
    this.fail(pos, "invalid number");
    return -1;
  }

  /** Validate a string starting at its opening quote: escapes, strict UTF-8, no raw controls. */
  private validateString(pos: i32): i32 {
    const len = this.len;
    pos++;
    while (pos < len) {
      const c = this.byteAt(pos);
      if (c == C.QUOTE) return pos + 1;
      if (c < 0x20) {
        this.fail(pos, "control character in string");
        return -1;
      }
      if (c == C.BACKSLASH) {
        if (pos + 1 >= len) break;
        const e = this.byteAt(pos + 1);
        if (e == 0x75) {
          // \uXXXX, with surrogates required to pair up (a lone one cannot become UTF-8).
          const hi = this.hex4(pos + 2);
          if (hi < 0) {
            this.fail(pos, "invalid \\u escape");
            return -1;
          }
          pos += 6;
          if (hi >= 0xd800 && hi <= 0xdbff) {
            const lo = pos + 1 < len && this.byteAt(pos) == C.BACKSLASH && this.byteAt(pos + 1) == 0x75 ? this.hex4(pos + 2) : -1;
            if (lo < 0xdc00 || lo > 0xdfff) {
              this.fail(pos, "unpaired surrogate escape");
              return -1;
            }
            pos += 6;
          } else if (hi >= 0xdc00 && hi <= 0xdfff) {
            this.fail(pos, "unpaired surrogate escape");
            return -1;
          }
          continue;
        }
        if (e == C.QUOTE || e == C.BACKSLASH || e == C.SLASH || e == 0x62 || e == 0x66 || e == 0x6e || e == 0x72 || e == 0x74) {
          pos += 2;
          continue;
        }
        this.fail(pos, "invalid escape");
        return -1;
      }
      if (c < 0x80) {
        pos++;
        continue;
      }
      const n = this.utf8SequenceLength(pos);
      if (n == 0) {
        this.fail(pos, "invalid UTF-8");
        return -1;
      }
      pos += n;
    }
    this.fail(pos, "unterminated string");
    return -1;
  }

  /** Length of the well-formed UTF-8 sequence at pos (Unicode table 3-7), or 0. */
  private utf8SequenceLength(pos: i32): i32 {
    const len = this.len;
    const b0 = this.byteAt(pos);
    let need: i32;
    let lo: u32 = 0x80;
    let hi: u32 = 0xbf;
    if (b0 >= 0xc2 && b0 <= 0xdf) need = 1;
    else if (b0 >= 0xe0 && b0 <= 0xef) {
      need = 2;
      if (b0 == 0xe0) lo = 0xa0;
      else if (b0 == 0xed) hi = 0x9f; // no UTF-8-encoded surrogates
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
      need = 3;
      if (b0 == 0xf0) lo = 0x90;
      else if (b0 == 0xf4) hi = 0x8f;
    } else return 0;
    if (pos + need >= len) return 0;
    const b1 = this.byteAt(pos + 1);
    if (b1 < lo || b1 > hi) return 0;
    for (let i = 2; i <= need; i++) {
      const b = this.byteAt(pos + i);
      if (b < 0x80 || b > 0xbf) return 0;
    }
    return need + 1;
  }

  private hex4(pos: i32): i32 {
    if (pos + 4 > this.len) return -1;
    let v = 0;
    for (let i = 0; i < 4; i++) {
      const h = hexValue(this.byteAt(pos + i));
      if (h < 0) return -1;
      v = (v << 4) | h;
    }
    return v;
  }

  // ---- navigation (on a validated document) -------------------------------

  typeAt(pos: i32): JsonType {
    if (pos < 0 || pos >= this.len) return JsonType.None;
    const c = this.byteAt(pos);
    if (c == C.LBRACE) return JsonType.Object;
    if (c == C.LBRACKET) return JsonType.Array;
    if (c == C.QUOTE) return JsonType.String;
    if (c == 0x74) return JsonType.True;
    if (c == 0x66) return JsonType.False;
    if (c == 0x6e) return JsonType.Null;
    return JsonType.Number;
  }

  /** The position of the root value. */
  root(): i32 {
    return this.skipWs(0);
  }

  /** The position just past the value at pos. */
  skipValue(pos: i32): i32 {
    const c = this.byteAt(pos);
    if (c == C.QUOTE) return this.skipString(pos);
    if (c == C.LBRACE || c == C.LBRACKET) {
      // Validated input: count brackets outside strings.
      let depth = 0;
      const len = this.len;
      while (pos < len) {
        const b = this.byteAt(pos);
        if (b == C.QUOTE) {
          pos = this.skipString(pos);
          continue;
        }
        if (b == C.LBRACE || b == C.LBRACKET) depth++;
        else if (b == C.RBRACE || b == C.RBRACKET) {
          depth--;
          if (depth == 0) return pos + 1;
        }
        pos++;
      }
      return len;
    }
    if (c == 0x74 || c == 0x6e) return pos + 4;
    if (c == 0x66) return pos + 5;
    // number
    const len = this.len;
    pos++;
    while (pos < len) {
      const b = this.byteAt(pos);
      if (isDigit(b) || b == C.DOT || b == C.PLUS || b == C.MINUS || (b | 0x20) == C.E_LOWER) pos++;
      else break;
    }
    return pos;
  }

  private skipString(pos: i32): i32 {
    const len = this.len;
    pos++;
    while (pos < len) {
      const b = this.byteAt(pos);
      if (b == C.QUOTE) return pos + 1;
      pos += b == C.BACKSLASH ? 2 : 1;
    }
    return len;
  }

  /** First member of an object: the position of its key, or -1 when empty. */
  firstMember(objPos: i32): i32 {
    const p = this.skipWs(objPos + 1);
    return this.byteAt(p) == C.RBRACE ? -1 : p;
  }

  /** The value position for the member whose key is at keyPos. */
  memberValue(keyPos: i32): i32 {
    const p = this.skipWs(this.skipString(keyPos));
    return this.skipWs(p + 1); // past ':'
  }

  /** The next member's key position after the member whose key is at keyPos, or -1. */
  nextMember(keyPos: i32): i32 {
    const p = this.skipWs(this.skipValue(this.memberValue(keyPos)));
    return this.byteAt(p) == C.COMMA ? this.skipWs(p + 1) : -1;
  }

  /** First element of an array, or -1 when empty. */
  firstElement(arrPos: i32): i32 {
    const p = this.skipWs(arrPos + 1);
    return this.byteAt(p) == C.RBRACKET ? -1 : p;
  }

  /** The element after the one at pos, or -1. */
  nextElement(pos: i32): i32 {
    const p = this.skipWs(this.skipValue(pos));
    return this.byteAt(p) == C.COMMA ? this.skipWs(p + 1) : -1;
  }

  /**
   * The value of `key` in the object at objPos: its position, -1 when absent,
   * or DUPLICATE when the key occurs twice. Keys compare after unescaping, so
   * `"comm\u0061nd"` is `command`.
   */
  get(objPos: i32, key: string): i32 {
    if (this.typeAt(objPos) != JsonType.Object) return -1;
    let found = -1;
    let m = this.firstMember(objPos);
    while (m >= 0) {
      if (this.stringEquals(m, key)) {
        if (found >= 0) return DUPLICATE;
        found = this.memberValue(m);
      }
      m = this.nextMember(m);
    }
    return found;
  }

  /** Compare the (unescaped) string at pos with an ASCII-or-any AS string. */
  stringEquals(pos: i32, s: string): bool {
    const scratch = keyScratch;
    scratch.reset();
    if (!this.decodeString(pos, scratch)) return false;
    const n = String.UTF8.byteLength(s, false);
    if (n != scratch.length) return false;
    // Compare byte-wise through a second small encode only when non-ASCII.
    for (let i = 0, k = s.length; i < k; i++) {
      if (<u32>s.charCodeAt(i) >= 0x80) {
        const enc = String.UTF8.encode(s, false);
        return memory.compare(scratch.ptr, changetype<usize>(enc), <usize>n) == 0;
      }
      if (<u32>load<u8>(scratch.ptr + <usize>i) != <u32>s.charCodeAt(i)) return false;
    }
    return true;
  }

  /** Whether the raw (unescaped) string at pos equals the given bytes. */
  stringEqualsBytes(pos: i32, b: Bytes): bool {
    const scratch = keyScratch;
    scratch.reset();
    if (!this.decodeString(pos, scratch)) return false;
    return scratch.length == b.length && memory.compare(scratch.ptr, changetype<usize>(b), <usize>b.length) == 0;
  }

  /** Append the unescaped UTF-8 bytes of the string at pos to out. */
  decodeString(pos: i32, out: ByteBuffer): bool {
    if (this.typeAt(pos) != JsonType.String) return false;
    const len = this.len;
    let p = pos + 1;
    let runStart = p;
    while (p < len) {
      const b = this.byteAt(p);
      if (b == C.QUOTE) {
        out.append(this.ptr + <usize>runStart, p - runStart);
        return true;
      }
      if (b != C.BACKSLASH) {
        p++;
        continue;
      }
      out.append(this.ptr + <usize>runStart, p - runStart);
      const e = this.byteAt(p + 1);
      if (e == 0x75) {
        let cp = <u32>this.hex4(p + 2);
        p += 6;
        if (cp >= 0xd800 && cp <= 0xdbff) {
          const lo = <u32>this.hex4(p + 2);
          cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
          p += 6;
        }
        out.appendCodePoint(cp);
      } else {
        let v: u8 = <u8>e; // '"', '\\', '/'
        if (e == 0x62) v = 0x08;
        else if (e == 0x66) v = 0x0c;
        else if (e == 0x6e) v = 0x0a;
        else if (e == 0x72) v = 0x0d;
        else if (e == 0x74) v = 0x09;
        out.push(v);
        p += 2;
      }
      runStart = p;
    }
    return false;
  }

  /** The string at pos as an AS string (compile time and messages only), or null. */
  readString(pos: i32): string | null {
    if (this.typeAt(pos) != JsonType.String) return null;
    const scratch = valueScratch;
    scratch.reset();
    this.decodeString(pos, scratch);
    return scratch.toString();
  }

  /** The number at pos, or NaN when it is not a number. */
  readNumber(pos: i32): f64 {
    if (this.typeAt(pos) != JsonType.Number) return NaN;
    const end = this.skipValue(pos);
    return F64.parseFloat(String.UTF8.decodeUnsafe(this.ptr + <usize>pos, <usize>(end - pos), false));
  }

  /** An array of strings at pos; null when pos is not an array of strings only. */
  readStringArray(pos: i32): Array<string> | null {
    if (this.typeAt(pos) != JsonType.Array) return null;
    const out = new Array<string>();
    let e = this.firstElement(pos);
    while (e >= 0) {
      const s = this.readString(e);
      if (s == null) return null;
      out.push(s);
      e = this.nextElement(e);
    }
    return out;
  }

  /** The raw JSON text of the value at pos (compile time only). */
  rawText(pos: i32): string {
    const end = this.skipValue(pos);
    return String.UTF8.decodeUnsafe(this.ptr + <usize>pos, <usize>(end - pos), false);
  }
}

// Scratch buffers reused by every call: they grow to the largest string seen, then stay.
const keyScratch = new ByteBuffer(64);
const valueScratch = new ByteBuffer(256);
