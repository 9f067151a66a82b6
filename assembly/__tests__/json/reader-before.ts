// The request validator as it was before its string window and structure walk were reworked (reader.ts):
// the reference of validate-differential.spec.ts. Only the validating half of the reader, with its own
// globals and span table; the spec compares verdicts, error positions and messages, recorded entries
// and decoded copies.
import { firstByteFlag, firstBelowOrHighFlag } from "../../util/swar";
import { allocZeroed } from "../../util/bytes";


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
  // One compare for the bytes that follow a token in minified JSON (all above the space); bits 9, 10, 13 and 32.
  return c <= <u32>C.SPACE && ((<u64>0x100002600 >> <u64>c) & 1) != 0;
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

// The hot loops are free functions over two globals (base, length) rather
// than methods: a method that holds a managed `this` makes AssemblyScript
// spill it to the shadow stack on every iteration and clear a frame with
// memory.fill on every call, which measured 3-4x slower here.
let B: usize = 0;
let L: i32 = 0;
/**
 * Where validate writes each string's unescaped bytes as it checks them: the
 * body of the string at pos decodes to D + pos + 1 on (never past its raw
 * bytes, since every escape is longer than what it stands for). A long
 * value's span entry keeps the decoded length, so decodeString copies it
 * instead of a second pass over the raw bytes (the command string was
 * validated, then decoded byte by byte again).
 */
let D: usize = 0;
/** What the escapes of the string validateStringAt last accepted saved (raw length - decoded length), and whether one was a \u escape. */
let decodedShrink: u32 = 0;
let decodedUnicode: bool = false;
let errorPos: i32 = -1;
let errorCode: i32 = 0;

// Spans: where the containers and the string values of the document end,
// recorded by `validate` so that navigation skips a value with one lookup
// instead of rescanning it (the envelope walk skipped a request's command
// string two or three times, and tool_input byte by byte). The same table
// holds what follows each member and element (FOLLOW): a key's value, and
// the next key or element after a value (-1 after the last), so walking an
// object or array does not rescan its keys and short values either. A
// direct-mapped table per Json, keyed by position and a generation that every
// `reset` bumps, so an entry never outlives its document; a collision or a
// full table only means the value is scanned as before.
const SPAN_SLOTS: i32 = 256;
/** Tags a FOLLOW entry's key: a position is a non-negative i32, so the top bit is free. */
const FOLLOW: u32 = 0x80000000;
/** The active document's table (16-byte slots: u64 key, i32 end) and generation (high half of a key). */
let S: usize = 0;
let G: u64 = 0;

// @ts-ignore: decorator
@inline function spanSlot(key: u32): usize {
  return S + ((<usize>((key * 0x9e3779b1) >>> 24) & <usize>(SPAN_SLOTS - 1)) << 4);
}

// @ts-ignore: decorator
@inline function recordAt(key: u32, value: i32): void {
  const slot = spanSlot(key);
  store<u64>(slot, G | <u64>key);
  store<i32>(slot, value, 8);
}

// @ts-ignore: decorator
@inline function recordSpan(pos: i32, end: i32): void {
  recordAt(<u32>pos, end);
}

/** The decoded-length word of a string's span entry (slot offset 12): the length, this bit for a \u escape. */
const DECODED_UNICODE: u32 = 0x80000000;

/** Record a long string's end and decodedInfo (its decoded length and \u flag). */
// @ts-ignore: decorator
@inline function recordStringSpan(pos: i32, end: i32, info: u32): void {
  const slot = spanSlot(<u32>pos);
  store<u64>(slot, G | <u64><u32>pos);
  store<i32>(slot, end, 8);
  store<u32>(slot, info, 12);
}

/** Record what follows the key or value at pos: the value's position, or the next key's or element's (-1: none). */
// @ts-ignore: decorator
@inline function recordFollow(pos: i32, next: i32): void {
  recordAt(<u32>pos | FOLLOW, next);
}

const E_EOF = 1, E_DEPTH = 2, E_OBJ_SEP = 3, E_ARR_SEP = 4, E_TRAILING = 5, E_KEY = 6, E_COLON = 7,
  E_CHAR = 8, E_NUMBER = 9, E_CONTROL = 10, E_UESCAPE = 11, E_SURROGATE = 12, E_ESCAPE = 13, E_UTF8 = 14, E_UNTERMINATED = 15;

function errorText(code: i32): string {
  switch (code) {
    case E_EOF: return "unexpected end of input";
    case E_DEPTH: return "nesting deeper than " + MAX_DEPTH.toString();
    case E_OBJ_SEP: return "expected ',' or '}'";
    case E_ARR_SEP: return "expected ',' or ']'";
    case E_TRAILING: return "unexpected data after the JSON value";
    case E_KEY: return "expected a string key";
    case E_COLON: return "expected ':'";
    case E_CHAR: return "unexpected character";
    case E_NUMBER: return "invalid number";
    case E_CONTROL: return "control character in string";
    case E_UESCAPE: return "invalid \\u escape";
    case E_SURROGATE: return "unpaired surrogate escape";
    case E_ESCAPE: return "invalid escape";
    case E_UTF8: return "invalid UTF-8";
    case E_UNTERMINATED: return "unterminated string";
  }
  return "invalid JSON";
}

// @ts-ignore: decorator
@inline function at(pos: i32): u32 {
  return <u32>load<u8>(B + <usize>pos);
}

// Eight bytes at a time (util/swar.ts): a string body is mostly plain ASCII,
// and the byte loop was the largest single cost of a command decision (the
// request is walked by the validator, the envelope scan and the decoder).
// Each string loop jumps straight to the first byte that needs a look.
function failAt(pos: i32, code: i32): i32 {
  errorPos = pos;
  errorCode = code;
  return -1;
}

/** Past any whitespace at pos. Inlined up to the first byte: minified JSON has none (measured 43 calls a request). */
// @ts-ignore: decorator
@inline function skipWsAt(pos: i32): i32 {
  return pos < L && isWs(at(pos)) ? skipWsRun(pos + 1) : pos;
}

function skipWsRun(pos: i32): i32 {
  while (pos < L && isWs(at(pos))) pos++;
  return pos;
}

/**
 * Validate the document in (B, L) into the depth stack at `stack` (one kind
 * byte per level) and the open positions at `opens` (one i32 per level);
 * true when valid.
 */
function validateAll(stack: usize, opens: usize, starts: usize): bool {
  let pos = skipWsAt(0);
  let depth = 0;
  let expectValue = true;
  while (true) {
    if (expectValue) {
      if (pos >= L) return failAt(pos, E_EOF) >= 0;
      // Where this member's value or this element starts, for the FOLLOW entry made at the `,` or close after it.
      if (depth > 0) store<i32>(starts + (<usize>(depth - 1) << 2), pos);
      const c = at(pos);
      if (c == C.LBRACE || c == C.LBRACKET) {
        if (depth >= MAX_DEPTH) return failAt(pos, E_DEPTH) >= 0;
        const isObject = c == C.LBRACE;
        store<u8>(stack + <usize>depth, isObject ? 1 : 0); // depth < MAX_DEPTH: within the stack
        store<i32>(opens + (<usize>depth << 2), pos);
        depth++;
        pos = skipWsAt(pos + 1);
        if (pos >= L) return failAt(pos, E_EOF) >= 0;
        if (at(pos) == (isObject ? C.RBRACE : C.RBRACKET)) {
          depth--;
          pos++;
          expectValue = false;
          if (depth == 0) break;
          continue;
        }
        if (isObject) {
          const key = pos;
          pos = validateKeyAt(pos);
          if (pos < 0) return false;
          recordFollow(key, pos);
        }
        continue;
      }
      pos = validateScalarAt(pos);
      if (pos < 0) return false;
      expectValue = false;
      if (depth == 0) break;
      continue;
    }
    pos = skipWsAt(pos);
    if (pos >= L) return failAt(pos, E_EOF) >= 0;
    const c = at(pos);
    const inObject = load<u8>(stack + <usize>(depth - 1)) == 1;
    if (c == C.COMMA) {
      pos = skipWsAt(pos + 1);
      recordFollow(load<i32>(starts + (<usize>(depth - 1) << 2)), pos);
      if (inObject) {
        const key = pos;
        pos = validateKeyAt(pos);
        if (pos < 0) return false;
        recordFollow(key, pos);
      }
      expectValue = true;
      continue;
    }
    if (c == (inObject ? C.RBRACE : C.RBRACKET)) {
      recordFollow(load<i32>(starts + (<usize>(depth - 1) << 2)), -1);
      depth--;
      pos++;
      recordSpan(load<i32>(opens + (<usize>depth << 2)), pos);
      if (depth == 0) break;
      continue;
    }
    return failAt(pos, inObject ? E_OBJ_SEP : E_ARR_SEP) >= 0;
  }
  pos = skipWsAt(pos);
  if (pos != L) return failAt(pos, E_TRAILING) >= 0;
  return true;
}

// Inlined (two call sites): a call costs about as much as the checks around the string.
// @ts-ignore: decorator
@inline function validateKeyAt(pos: i32): i32 {
  if (pos >= L || at(pos) != C.QUOTE) return failAt(pos, E_KEY);
  pos = validateStringAt(pos);
  if (pos < 0) return -1;
  pos = skipWsAt(pos);
  if (pos >= L || at(pos) != C.COLON) return failAt(pos, E_COLON);
  return skipWsAt(pos + 1);
}

function matchWordAt(pos: i32, a: u32, b: u32, c: u32, d: u32): bool {
  return pos + 4 <= L && at(pos) == a && at(pos + 1) == b && at(pos + 2) == c && at(pos + 3) == d;
}

// @ts-ignore: decorator
@inline function validateScalarAt(pos: i32): i32 {
  const c = at(pos);
  if (c == C.QUOTE) {
    const end = validateStringAt(pos);
    // Every string value, short ones too: reading one back (a tool name, a short command) then costs one copy.
    if (end >= 0) recordStringSpan(pos, end, <u32>(end - pos - 2 - <i32>decodedShrink) | (decodedUnicode ? DECODED_UNICODE : 0));
    return end;
  }
  if (c == C.MINUS || isDigit(c)) return validateNumberAt(pos);
  if (matchWordAt(pos, 0x74, 0x72, 0x75, 0x65)) return pos + 4; // true
  if (matchWordAt(pos, 0x6e, 0x75, 0x6c, 0x6c)) return pos + 4; // null
  if (pos + 5 <= L && matchWordAt(pos, 0x66, 0x61, 0x6c, 0x73) && at(pos + 4) == 0x65) return pos + 5; // false
  return failAt(pos, E_CHAR);
}

function validateNumberAt(pos: i32): i32 {
  const start = pos;
  if (at(pos) == C.MINUS) pos++;
  if (pos >= L) return failAt(start, E_NUMBER);
  const c = at(pos);
  if (c == C.ZERO) {
    pos++;
  } else if (isDigit(c)) {
    while (pos < L && isDigit(at(pos))) pos++;
  } else {
    return failAt(start, E_NUMBER);
  }
  if (pos < L && at(pos) == C.DOT) {
    pos++;
    if (pos >= L || !isDigit(at(pos))) return failAt(start, E_NUMBER);
    while (pos < L && isDigit(at(pos))) pos++;
  }
  if (pos < L && (at(pos) | 0x20) == C.E_LOWER) {
    pos++;
    if (pos < L && (at(pos) == C.PLUS || at(pos) == C.MINUS)) pos++;
    if (pos >= L || !isDigit(at(pos))) return failAt(start, E_NUMBER);
    while (pos < L && isDigit(at(pos))) pos++;
  }
  return pos;
}

/**
 * Validate a string starting at its opening quote: escapes, strict UTF-8, no
 * raw controls. Its unescaped bytes go to D + pos + 1 on as it goes (see D),
 * what the escapes saved and whether one was \u to decodedShrink and decodedUnicode.
 */
function validateStringAt(pos: i32): i32 {
  pos++;
  // The globals in locals: a global is a memory load each time it is read, in the hottest loop of a decision.
  const base = B, last8 = L - 8;
  // The byte at raw pos decodes to dst + pos: dst drops by what each escape saves.
  let dst = D;
  decodedUnicode = false;
  while (true) {
    // Jump to the first byte that needs a look (a window of plain bytes in one step).
    while (pos <= last8) {
      const x = load<u64>(base + <usize>pos);
      // Stored whole: the bytes up to the first flagged one are the decoded ones; the rest is overwritten later.
      store<u64>(dst + <usize>pos, x);
      const m = firstBelowOrHighFlag(x, 0x20) | firstByteFlag(x, C.QUOTE) | firstByteFlag(x, C.BACKSLASH);
      if (m != 0) {
        pos += <i32>(ctz(m) >> 3);
        break;
      }
      pos += 8;
    }
    if (pos >= L) break;
    const c = at(pos);
    if (c == C.QUOTE) {
      decodedShrink = <u32>(D - dst);
      return pos + 1;
    }
    if (c >= 0x20 && c < 0x80 && c != C.BACKSLASH) {
      store<u8>(dst + <usize>pos, <u8>c);
      pos++;
      continue;
    }
    if (c < 0x20) return failAt(pos, E_CONTROL);
    if (c == C.BACKSLASH) {
      if (pos + 1 >= L) break;
      const e = at(pos + 1);
      if (e == 0x75) {
        // \uXXXX, with surrogates required to pair up (a lone one cannot become UTF-8).
        let cp = hex4At(pos + 2);
        if (cp < 0) return failAt(pos, E_UESCAPE);
        const out = dst + <usize>pos;
        pos += 6;
        if (cp >= 0xd800 && cp <= 0xdbff) {
          const lo = pos + 1 < L && at(pos) == C.BACKSLASH && at(pos + 1) == 0x75 ? hex4At(pos + 2) : -1;
          if (lo < 0xdc00 || lo > 0xdfff) return failAt(pos, E_SURROGATE);
          pos += 6;
          cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        } else if (cp >= 0xdc00 && cp <= 0xdfff) {
          return failAt(pos, E_SURROGATE);
        }
        dst = out + storeUtf8(out, <u32>cp) - <usize>pos;
        decodedUnicode = true;
        continue;
      }
      const b = escapedByte(e);
      if (b == 0) return failAt(pos, E_ESCAPE);
      store<u8>(dst + <usize>pos, <u8>b);
      pos += 2;
      dst--;
      continue;
    }
    const n = utf8SequenceLengthAt(pos);
    if (n == 0) return failAt(pos, E_UTF8);
    for (let i = 0; i < n; i++) store<u8>(dst + <usize>(pos + i), <u8>at(pos + i));
    pos += n;
  }
  return failAt(pos, E_UNTERMINATED);
}

/** Store the UTF-8 encoding of scalar value cp at p; its byte count. */
function storeUtf8(p: usize, cp: u32): usize {
  if (cp < 0x80) {
    store<u8>(p, <u8>cp);
    return 1;
  }
  if (cp < 0x800) {
    store<u8>(p, <u8>(0xc0 | (cp >> 6)));
    store<u8>(p, <u8>(0x80 | (cp & 0x3f)), 1);
    return 2;
  }
  if (cp < 0x10000) {
    store<u8>(p, <u8>(0xe0 | (cp >> 12)));
    store<u8>(p, <u8>(0x80 | ((cp >> 6) & 0x3f)), 1);
    store<u8>(p, <u8>(0x80 | (cp & 0x3f)), 2);
    return 3;
  }
  store<u8>(p, <u8>(0xf0 | (cp >> 18)));
  store<u8>(p, <u8>(0x80 | ((cp >> 12) & 0x3f)), 1);
  store<u8>(p, <u8>(0x80 | ((cp >> 6) & 0x3f)), 2);
  store<u8>(p, <u8>(0x80 | (cp & 0x3f)), 3);
  return 4;
}

/** Length of the well-formed UTF-8 sequence at pos (Unicode table 3-7), or 0. */
function utf8SequenceLengthAt(pos: i32): i32 {
  const b0 = at(pos);
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
  if (pos + need >= L) return 0;
  const b1 = at(pos + 1);
  if (b1 < lo || b1 > hi) return 0;
  for (let i = 2; i <= need; i++) {
    const b = at(pos + i);
    if (b < 0x80 || b > 0xbf) return 0;
  }
  return need + 1;
}

function hex4At(pos: i32): i32 {
  if (pos + 4 > L) return -1;
  let v = 0;
  for (let i = 0; i < 4; i++) {
    const h = hexValue(at(pos + i));
    if (h < 0) return -1;
    v = (v << 4) | h;
  }
  return v;
}

/**
 * The byte each one-character escape (`\n`, `\"`, ...) stands for, by the
 * byte after the backslash (below 0x80); 0 = not such an escape. One load
 * instead of eight compares an escape (an escaped quote is common in commands).
 */
const ESCAPES: usize = escapeTable();

function escapeTable(): usize {
  const t = allocZeroed(128);
  store<u8>(t + C.QUOTE, C.QUOTE);
  store<u8>(t + C.BACKSLASH, C.BACKSLASH);
  store<u8>(t + C.SLASH, C.SLASH);
  store<u8>(t + 0x62, 0x08); // b
  store<u8>(t + 0x66, 0x0c); // f
  store<u8>(t + 0x6e, 0x0a); // n
  store<u8>(t + 0x72, 0x0d); // r
  store<u8>(t + 0x74, 0x09); // t
  return t;
}

/** What the escape `\e` stands for, or 0 when it is not a one-character escape. */
// @ts-ignore: decorator
@inline function escapedByte(e: u32): u32 {
  return e < 0x80 ? <u32>load<u8>(ESCAPES + <usize>e) : 0;
}


/** validate of the reader before: its own depth stacks, span table and decoded copies. */
export class JsonBefore {
  ptr: usize = 0;
  len: i32 = 0;
  errorAt: i32 = -1;
  error: string = "";
  private stack: StaticArray<u8> = new StaticArray<u8>(MAX_DEPTH);
  private opens: StaticArray<i32> = new StaticArray<i32>(MAX_DEPTH);
  private starts: StaticArray<i32> = new StaticArray<i32>(MAX_DEPTH);
  spans: StaticArray<u64> = new StaticArray<u64>(SPAN_SLOTS * 2);
  generation: u64 = 0;
  decoded: StaticArray<u8> = new StaticArray<u8>(256);

  reset(ptr: usize, len: i32): void {
    this.ptr = ptr;
    this.len = len;
    this.errorAt = -1;
    this.error = "";
    this.generation += <u64>1 << 32;
  }

  validate(): bool {
    B = this.ptr;
    L = this.len;
    S = changetype<usize>(this.spans);
    G = this.generation;
    const room = this.len + 8;
    if (room > this.decoded.length) {
      let cap = this.decoded.length << 1;
      while (cap < room) cap <<= 1;
      this.decoded = new StaticArray<u8>(cap);
    }
    D = changetype<usize>(this.decoded);
    if (validateAll(changetype<usize>(this.stack), changetype<usize>(this.opens), changetype<usize>(this.starts))) return true;
    this.errorAt = errorPos;
    this.error = errorText(errorCode);
    return false;
  }
}
