// A JSON reader over UTF-8 bytes in linear memory. It never builds a tree:
// `validate` checks the whole document once (RFC 8259, strict UTF-8, a depth
// limit, iteratively so 100k-deep nesting cannot overflow the stack), then the
// navigation methods walk the validated bytes by offset. Offsets are i32
// positions relative to `ptr`; -1 means "absent".

import { firstByteFlag, firstBelowOrHighFlag } from "../util/swar";
import { ByteBuffer, Bytes, allocZeroed } from "../util/bytes";

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
/** followOf's answer when nothing is recorded. */
const NO_FOLLOW: i32 = i32.MIN_VALUE;
/** The active document's table (16-byte slots: u64 key, i32 end) and generation (high half of a key). */
let S: usize = 0;
let G: u64 = 0;

// @ts-ignore: decorator
@inline function spanSlot(key: u32): usize {
  return S + ((<usize>((key * 0x9e3779b1) >>> 24) & <usize>(SPAN_SLOTS - 1)) << 4);
}

/** The decoded-length word of a string's span entry (slot offset 12): the length, this bit for a \u escape. */
const DECODED_UNICODE: u32 = 0x80000000;

/** The span slot of the value at pos when one is recorded for this document, else 0. */
// @ts-ignore: decorator
@inline function spanSlotOf(pos: i32): usize {
  const slot = spanSlot(<u32>pos);
  return load<u64>(slot) == (G | <u64><u32>pos) ? slot : 0;
}

/**
 * Off only in the spec that checks the decoded copies against decodeBodyAt. Read only in builds with the
 * compile-time constant ORACLES (the oracle tier's as-pect asconfig): the release wasm has no toggle.
 */
export let decodedEntries: bool = true;

/** The recorded end of the value at pos, or -1. */
// @ts-ignore: decorator
@inline function spanEnd(pos: i32): i32 {
  const slot = spanSlot(<u32>pos);
  return load<u64>(slot) == (G | <u64><u32>pos) ? load<i32>(slot, 8) : -1;
}

/** What validate recorded as following the key or value at pos, or NO_FOLLOW. */
// @ts-ignore: decorator
@inline function followOf(pos: i32): i32 {
  const key = <u32>pos | FOLLOW;
  const slot = spanSlot(key);
  return load<u64>(slot) == (G | <u64>key) ? load<i32>(slot, 8) : NO_FOLLOW;
}

/** Off only in the spec that checks the recorded entries against a rescan; read only with ORACLES, as above. */
export let followEntries: bool = true;

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

/** Past any whitespace at pos, over the document at (base, len): one compare for the byte after a token in minified JSON. */
// @ts-ignore: decorator
@inline function wsFrom(base: usize, len: i32, pos: i32): i32 {
  return pos < len && <u32>load<u8>(base + <usize>pos) <= <u32>C.SPACE ? skipWsRun(pos) : pos;
}

/**
 * Validate the document in (B, L) into the depth stack at `stack` (one kind
 * byte per level) and the open positions at `opens` (one i32 per level);
 * true when valid. One loop turn a value: its key first in an object, then
 * the value, then the separators and closes after it. The document and the
 * span table sit in locals (a global is a memory load each time it is read).
 */
function validateAll(stack: usize, opens: usize, starts: usize): bool {
  const base = B, len = L, table = S, gen = G;
  let pos = wsFrom(base, len, 0);
  let depth = 0;
  let wantKey = false;
  while (true) {
    if (wantKey) {
      // A member's key, its colon, and the whitespace up to its value.
      const key = pos;
      if (pos >= len || load<u8>(base + <usize>pos) != C.QUOTE) return failAt(pos, E_KEY) >= 0;
      pos = validateStringAt(pos);
      if (pos < 0) return false;
      pos = wsFrom(base, len, pos);
      if (pos >= len || load<u8>(base + <usize>pos) != C.COLON) return failAt(pos, E_COLON) >= 0;
      pos = wsFrom(base, len, pos + 1);
      recordIn(table, gen, <u32>key | FOLLOW, pos);
      wantKey = false;
    }
    if (pos >= len) return failAt(pos, E_EOF) >= 0;
    // Where this member's value or this element starts, for the FOLLOW entry made at the `,` or close after it.
    if (depth > 0) store<i32>(starts + (<usize>(depth - 1) << 2), pos);
    const c = <u32>load<u8>(base + <usize>pos);
    if (c == C.QUOTE) {
      const end = validateStringAt(pos);
      if (end < 0) return false;
      // Every string value, short ones too: reading one back (a tool name, a short command) then costs one copy.
      const slot = slotIn(table, <u32>pos);
      store<u64>(slot, gen | <u64><u32>pos);
      store<i32>(slot, end, 8);
      store<u32>(slot, decodedInfo, 12);
      pos = end;
    } else if ((c | 0x20) == C.LBRACE) {
      // `{` or `[` (0x5b | 0x20 is 0x7b; no other byte folds to it).
      if (depth >= MAX_DEPTH) return failAt(pos, E_DEPTH) >= 0;
      const isObject = c == C.LBRACE;
      store<u8>(stack + <usize>depth, isObject ? 1 : 0); // depth < MAX_DEPTH: within the stack
      store<i32>(opens + (<usize>depth << 2), pos);
      depth++;
      pos = wsFrom(base, len, pos + 1);
      if (pos >= len) return failAt(pos, E_EOF) >= 0;
      if (<u32>load<u8>(base + <usize>pos) != (isObject ? C.RBRACE : C.RBRACKET)) {
        wantKey = isObject;
        continue;
      }
      // Empty: a value of its own, with nothing recorded.
      depth--;
      pos++;
    } else {
      pos = validateScalarAt(base, len, pos, c);
      if (pos < 0) return false;
    }
    // After a value: separators and closes until the next value, or the end.
    while (depth > 0) {
      pos = wsFrom(base, len, pos);
      if (pos >= len) return failAt(pos, E_EOF) >= 0;
      const d = <u32>load<u8>(base + <usize>pos);
      const inObject = load<u8>(stack + <usize>(depth - 1)) == 1;
      const start = load<i32>(starts + (<usize>(depth - 1) << 2));
      if (d == C.COMMA) {
        pos = wsFrom(base, len, pos + 1);
        recordIn(table, gen, <u32>start | FOLLOW, pos);
        wantKey = inObject;
        break;
      }
      if (d != (inObject ? C.RBRACE : C.RBRACKET)) return failAt(pos, inObject ? E_OBJ_SEP : E_ARR_SEP) >= 0;
      recordIn(table, gen, <u32>start | FOLLOW, -1);
      depth--;
      pos++;
      recordIn(table, gen, <u32>load<i32>(opens + (<usize>depth << 2)), pos);
    }
    if (depth == 0) break;
  }
  pos = wsFrom(base, len, pos);
  if (pos != len) return failAt(pos, E_TRAILING) >= 0;
  return true;
}

/** The span slot of key in the table at `table` (spanSlot without the global). */
// @ts-ignore: decorator
@inline function slotIn(table: usize, key: u32): usize {
  return table + ((<usize>((key * 0x9e3779b1) >>> 24) & <usize>(SPAN_SLOTS - 1)) << 4);
}

/** Record value under key (a position, FOLLOW for what follows it) in the table at `table`, for generation `gen`. */
// @ts-ignore: decorator
@inline function recordIn(table: usize, gen: u64, key: u32, value: i32): void {
  const slot = slotIn(table, key);
  store<u64>(slot, gen | <u64>key);
  store<i32>(slot, value, 8);
}

// The literals as little-endian words: `true`, `null`, and the first four bytes of `false`.
const WORD_TRUE: u32 = 0x65757274;
const WORD_NULL: u32 = 0x6c6c756e;
const WORD_FALS: u32 = 0x736c6166;

/** A number or literal at pos, whose first byte is c (not a quote or bracket); past it, or -1. */
// @ts-ignore: decorator
@inline function validateScalarAt(base: usize, len: i32, pos: i32, c: u32): i32 {
  if (c == C.MINUS || isDigit(c)) return validateNumberAt(pos);
  if (pos + 4 <= len) {
    const w = load<u32>(base + <usize>pos);
    if (w == WORD_TRUE || w == WORD_NULL) return pos + 4;
    if (w == WORD_FALS && pos + 5 <= len && load<u8>(base + <usize>pos, 4) == 0x65) return pos + 5;
  }
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
 * 0x80 in the first byte of x that a string body cannot pass over as it is —
 * `"`, `\`, a control below 0x20, or a byte from 0x80 up — and perhaps in
 * bytes above it; 0 when there is none. Below the first such byte every byte
 * is plain ASCII, so no borrow crosses it: x ^ 0x02 is below 0x21 exactly for
 * a control or `"` (which it maps to 0x20), x ^ 0x5c is zero for `\`, and x's
 * own top bit marks the rest. Nine operations for the three tests.
 */
// @ts-ignore: decorator
@inline export function stringStops(x: u64): u64 {
  return (((x ^ 0x0202020202020202) - 0x2121212121212121) | ((x ^ 0x5c5c5c5c5c5c5c5c) - 0x0101010101010101) | x) &
    0x8080808080808080;
}

/** decodedInfo for the string validateStringAt last accepted: its decoded length, DECODED_UNICODE for a \u escape. */
let decodedInfo: u32 = 0;

/**
 * Validate a string starting at its opening quote: escapes, strict UTF-8, no
 * raw controls. Its unescaped bytes go to D + pos + 1 on as it goes (see D),
 * their length and whether one was \u to decodedInfo.
 */
function validateStringAt(pos: i32): i32 {
  const open = pos;
  pos++;
  // The globals in locals: a global is a memory load each time it is read, in the hottest loop of a decision.
  const base = B, len = L, last8 = L - 8;
  // The byte at raw pos decodes to dst + pos: dst drops by what each escape saves.
  let dst = D;
  let unicode: u32 = 0;
  while (true) {
    // Jump to the first byte that needs a look (a window of plain bytes in one step).
    while (pos <= last8) {
      const x = load<u64>(base + <usize>pos);
      // Stored whole: the bytes up to the first flagged one are the decoded ones; the rest is overwritten later.
      store<u64>(dst + <usize>pos, x);
      const m = stringStops(x);
      if (m != 0) {
        pos += <i32>(ctz(m) >> 3);
        break;
      }
      pos += 8;
    }
    if (pos >= len) break;
    const c = <u32>load<u8>(base + <usize>pos);
    if (c == C.QUOTE) {
      decodedInfo = <u32>(dst + <usize>pos - (D + <usize>open + 1)) | unicode;
      return pos + 1;
    }
    if (c >= 0x20 && c < 0x80 && c != C.BACKSLASH) {
      store<u8>(dst + <usize>pos, <u8>c);
      pos++;
      continue;
    }
    if (c < 0x20) return failAt(pos, E_CONTROL);
    if (c == C.BACKSLASH) {
      if (pos + 1 >= len) break;
      const e = <u32>load<u8>(base + <usize>pos, 1);
      if (e == 0x75) {
        // \uXXXX, with surrogates required to pair up (a lone one cannot become UTF-8).
        let cp = hex4At(pos + 2);
        if (cp < 0) return failAt(pos, E_UESCAPE);
        const out = dst + <usize>pos;
        pos += 6;
        if (cp >= 0xd800 && cp <= 0xdbff) {
          const lo = pos + 1 < len && at(pos) == C.BACKSLASH && at(pos + 1) == 0x75 ? hex4At(pos + 2) : -1;
          if (lo < 0xdc00 || lo > 0xdfff) return failAt(pos, E_SURROGATE);
          pos += 6;
          cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        } else if (cp >= 0xdc00 && cp <= 0xdfff) {
          return failAt(pos, E_SURROGATE);
        }
        dst = out + storeUtf8(out, <u32>cp) - <usize>pos;
        unicode = DECODED_UNICODE;
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
    for (let i = 0; i < n; i++) store<u8>(dst + <usize>(pos + i), load<u8>(base + <usize>(pos + i)));
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

/** Past the closing quote of the string at pos (its opening quote), or -1 when it is not terminated. */
function scanStringEnd(pos: i32): i32 {
  pos++;
  while (pos < L) {
    if (pos + 8 <= L) {
      const x = load<u64>(B + <usize>pos);
      const m = firstByteFlag(x, C.QUOTE) | firstByteFlag(x, C.BACKSLASH);
      if (m == 0) {
        pos += 8;
        continue;
      }
      pos += <i32>(ctz(m) >> 3);
    }
    const b = at(pos);
    if (b == C.QUOTE) return pos + 1;
    pos += b == C.BACKSLASH ? 2 : 1;
  }
  return -1;
}

function skipStringAt(pos: i32): i32 {
  const end = scanStringEnd(pos);
  return end < 0 ? L : end;
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

/**
 * Append the unescaped body of a string, raw bytes [p, q), to out; true when
 * it held a \u escape. Eight bytes a step: each window is stored whole and the
 * output advances only up to its first backslash, so the runs between escapes
 * cost no copy call. Every escape is longer than what it stands for, so the
 * output never outgrows the input and room for it plus one window is reserved once.
 */
function decodeBodyAt(p: i32, q: i32, out: ByteBuffer): bool {
  out.ensure(q - p + 8);
  let dst = out.ptr;
  let o = out.length;
  let unicode = false;
  // Windows start before q and end within the document; locals: see validateStringAt.
  const base = B, lastWindow = min(L - 8, q - 1);
  while (p < q) {
    while (p <= lastWindow) {
      const x = load<u64>(base + <usize>p);
      store<u64>(dst + <usize>o, x);
      const m = firstByteFlag(x, C.BACKSLASH);
      if (m != 0) {
        const k = <i32>(ctz(m) >> 3);
        p += k;
        o += k;
        break;
      }
      p += 8;
      o += 8;
    }
    if (p >= q) {
      o -= p - q; // the last window ran past the closing quote
      break;
    }
    if (at(p) != C.BACKSLASH) {
      store<u8>(dst + <usize>o, <u8>at(p));
      p++;
      o++;
      continue;
    }
    // A backslash at p.
    const e = at(p + 1);
    if (e == 0x75) {
      let cp = <u32>hex4At(p + 2);
      p += 6;
      if (cp >= 0xd800 && cp <= 0xdbff) {
        const lo = <u32>hex4At(p + 2);
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        p += 6;
      }
      out.length = o;
      out.appendCodePoint(cp); // within the reserved room: no growth
      o = out.length;
      dst = out.ptr;
      unicode = true;
    } else {
      const b = escapedByte(e);
      store<u8>(dst + <usize>o, <u8>(b != 0 ? b : e)); // validated: always b; e as before otherwise
      p += 2;
      o++;
    }
  }
  out.length = o;
  return unicode;
}

function skipValueAt(pos: i32): i32 {
  const c = at(pos);
  if (c == C.QUOTE || c == C.LBRACE || c == C.LBRACKET) {
    const end = spanEnd(pos);
    if (end >= 0) return end;
  }
  if (c == C.QUOTE) return skipStringAt(pos);
  if (c == C.LBRACE || c == C.LBRACKET) {
    // Validated input: count brackets outside strings.
    let depth = 0;
    while (pos < L) {
      const b = at(pos);
      if (b == C.QUOTE) {
        pos = skipStringAt(pos);
        continue;
      }
      if (b == C.LBRACE || b == C.LBRACKET) depth++;
      else if (b == C.RBRACE || b == C.RBRACKET) {
        depth--;
        if (depth == 0) return pos + 1;
      }
      pos++;
    }
    return L;
  }
  if (c == 0x74 || c == 0x6e) return pos + 4;
  if (c == 0x66) return pos + 5;
  pos++;
  while (pos < L) {
    const b = at(pos);
    if (isDigit(b) || b == C.DOT || b == C.PLUS || b == C.MINUS || (b | 0x20) == C.E_LOWER) pos++;
    else break;
  }
  return pos;
}

/**
 * In-place compare of the string at pos with `n` UTF-16 units at `s`, from
 * unit `from` on (the units before it are known equal); -1 = needs the decoding path.
 */
function asciiKeyEqualsAt(pos: i32, s: usize, n: i32, from: i32): i32 {
  let p = pos + 1 + from;
  for (let i = from; i < n; i++, p++) {
    if (p >= L) return 0;
    const b = at(p);
    const c = <u32>load<u16>(s + (<usize>i << 1));
    if (b == C.BACKSLASH || c >= 0x80) return -1;
    if (b != c) return 0;
  }
  return p < L && at(p) == C.QUOTE ? 1 : 0;
}

/** The value position of the member whose key is at keyPos. */
// Inlined into the navigation methods: each step would otherwise be two calls.
// @ts-ignore: decorator
@inline function valueAfterKeyAt(keyPos: i32): i32 {
  const f = !isDefined(ORACLES) || followEntries ? followOf(keyPos) : NO_FOLLOW;
  if (f != NO_FOLLOW) return f;
  return skipWsAt(skipWsAt(skipStringAt(keyPos)) + 1); // past ':'
}

/** The next key or element after the member value or element at pos, or -1. */
// Inlined into the navigation methods: each step would otherwise be two calls.
// @ts-ignore: decorator
@inline function nextAfterValueAt(pos: i32): i32 {
  const f = !isDefined(ORACLES) || followEntries ? followOf(pos) : NO_FOLLOW;
  if (f != NO_FOLLOW) return f;
  const p = skipWsAt(skipValueAt(pos));
  return at(p) == C.COMMA ? skipWsAt(p + 1) : -1;
}

// Key words: the first eight bytes of a key as one u64, so that looking a key
// up compares one integer per member instead of a string (a request's
// envelope and tool_input made 16 compares per decision, about 150
// instructions each). A key shorter than eight bytes without escapes is its
// bytes with zeros above them — exact, since a JSON string holds no zero byte
// — so equal words mean equal keys. Longer keys fill all eight bytes; equal
// words then still need the full compare. KEY_SLOW (eight 0xff bytes, which
// UTF-8 never holds) marks a key whose words cannot decide: an escape among
// its first bytes, or a literal with non-ASCII, `"` or `\\` in it.
export const KEY_SLOW: u64 = 0xffffffffffffffff;

/** The key word of the string at pos (its opening quote). */
// @ts-ignore: decorator
@inline function keyWordAt(pos: i32): u64 {
  const p = pos + 1;
  let x: u64 = 0;
  if (p + 8 <= L) {
    x = load<u64>(B + <usize>p);
  } else {
    // Near the end of the document: the bytes that exist (the closing quote is among them).
    for (let i = 0; p + i < L; i++) x |= <u64>at(p + i) << (<u64>i << 3);
  }
  const m = firstByteFlag(x, C.QUOTE) | firstByteFlag(x, C.BACKSLASH);
  if (m == 0) return x;
  const i = <i32>(ctz(m) >> 3);
  if (at(p + i) == C.BACKSLASH) return KEY_SLOW;
  return i == 0 ? 0 : x & ((<u64>1 << (<u64>i << 3)) - 1);
}

/** The key word of an AS string, for comparing with keyWordAt's. */
export function literalKeyWord(s: string): u64 {
  const ptr = changetype<usize>(s);
  // A literal in the data segment never changes or goes away, so its word is computed once.
  if (ptr >= __heap_base) return computeKeyWord(s);
  // Literals sit 16 or more bytes apart, so the slot is a hash of the address, not its low bits.
  const slot = <usize>((<u32>ptr * 0x9e3779b1) >>> (32 - WORD_CACHE_BITS));
  if (load<usize>(WORD_CACHE + (slot << 4)) == ptr) return load<u64>(WORD_CACHE + (slot << 4), 8);
  const word = computeKeyWord(s);
  store<usize>(WORD_CACHE + (slot << 4), ptr);
  store<u64>(WORD_CACHE + (slot << 4), word, 8);
  return word;
}

/**
 * What follows the key word in a member key that spells `s` without escapes,
 * for an ASCII literal of 9 to 15 bytes: its bytes from the ninth on, then
 * the closing quote, as one u64 (zero above). 0 for any other literal.
 */
export function literalTailWord(s: string): u64 {
  const n = s.length;
  if (n < 9 || n > 15 || computeKeyWord(s) == KEY_SLOW) return 0;
  let x: u64 = 0;
  for (let i = 8; i < n; i++) x |= <u64>load<u16>(changetype<usize>(s) + (<usize>i << 1)) << (<u64>(i - 8) << 3);
  return x | (<u64>C.QUOTE << (<u64>(n - 8) << 3));
}

/** The bytes of a literalTailWord (closing quote included) as a mask; 0 for 0. */
export function tailMask(tail: u64): u64 {
  if (tail == 0) return 0;
  const bytes = (71 - <i32>clz(tail)) >> 3; // 2 to 8
  return bytes == 8 ? ~(<u64>0) : (<u64>1 << <u64>(bytes << 3)) - 1;
}

/** Literal words by the literal's address (16-byte slots: address, word); address 0 is no literal. */
const WORD_CACHE_BITS: i32 = 5;
const WORD_CACHE_SLOTS: i32 = 1 << WORD_CACHE_BITS;
const WORD_CACHE: usize = allocZeroed(WORD_CACHE_SLOTS << 4);

function computeKeyWord(s: string): u64 {
  const n = s.length;
  let x: u64 = 0;
  for (let i = 0; i < n; i++) {
    const c = <u32>load<u16>(changetype<usize>(s) + (<usize>i << 1));
    if (c >= 0x80 || c == 0 || c == C.QUOTE || c == C.BACKSLASH) return KEY_SLOW;
    if (i < 8) x |= <u64>c << (<u64>i << 3);
  }
  return x;
}

export class Json {
  ptr: usize = 0;
  len: i32 = 0;
  /** Where validation failed, and why ("" when valid). */
  errorAt: i32 = -1;
  error: string = "";
  /** One byte per open container: 1 = object. Sized for MAX_DEPTH. */
  private stack: StaticArray<u8> = new StaticArray<u8>(MAX_DEPTH);
  /** Where each open container started. */
  private opens: StaticArray<i32> = new StaticArray<i32>(MAX_DEPTH);
  /** Where the current member value or element of each open container started. */
  private starts: StaticArray<i32> = new StaticArray<i32>(MAX_DEPTH);
  /** Value ends recorded by validate (see SPAN_SLOTS), and this document's generation. */
  private spans: StaticArray<u64> = new StaticArray<u64>(SPAN_SLOTS * 2);
  /** Bumped by every reset; public so a test can bring it to the wrap. */
  generation: u64 = 0;
  /** validate's unescaped copies of the strings (see D); grows to the largest document plus a window. */
  private decoded: StaticArray<u8> = new StaticArray<u8>(256);

  reset(ptr: usize, len: i32): void {
    this.ptr = ptr;
    this.len = len;
    this.errorAt = -1;
    this.error = "";
    // Zero is the generation of an empty slot's key. After 2^32 documents the counter wraps (hours of
    // decisions on one instance): empty the table then, so no entry of an old document can match again.
    this.generation += <u64>1 << 32;
    if (this.generation == 0) {
      memory.fill(changetype<usize>(this.spans), 0, <usize>(SPAN_SLOTS * 16));
      this.generation = <u64>1 << 32;
    }
  }

  /** Point the free functions at this document and its span table. */
  // @ts-ignore: decorator
  @inline private use(): void {
    this.useBytes();
    S = changetype<usize>(this.spans);
    G = this.generation;
  }

  /** Only the document: for the methods that neither read nor record spans (two global stores fewer a call). */
  // @ts-ignore: decorator
  @inline private useBytes(): void {
    B = this.ptr;
    L = this.len;
  }

  // @ts-ignore: decorator
  @inline byteAt(pos: i32): u32 {
    return <u32>load<u8>(this.ptr + <usize>pos);
  }

  skipWs(pos: i32): i32 {
    this.useBytes();
    return skipWsAt(pos);
  }

  /** Validate the whole document: exactly one value, optional whitespace around it. */
  validate(): bool {
    this.use();
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

  /** The span table and the decoded copies, for the spec that compares them with the validator before (never written through). */
  spanTable(): usize {
    return changetype<usize>(this.spans);
  }

  decodedCopies(): usize {
    return changetype<usize>(this.decoded);
  }

  /** The position just past the value at pos. */
  skipValue(pos: i32): i32 {
    this.use();
    return skipValueAt(pos);
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

  /** First member of an object: the position of its key, or -1 when empty. */
  firstMember(objPos: i32): i32 {
    this.useBytes();
    const p = skipWsAt(objPos + 1);
    return at(p) == C.RBRACE ? -1 : p;
  }

  /** The value position for the member whose key is at keyPos. */
  memberValue(keyPos: i32): i32 {
    this.use();
    return valueAfterKeyAt(keyPos);
  }

  /** The next member's key position after the member whose key is at keyPos, or -1. */
  nextMember(keyPos: i32): i32 {
    this.use();
    return nextAfterValueAt(valueAfterKeyAt(keyPos));
  }

  /** The next member's key position after the member whose value is at valuePos, or -1. */
  nextMemberAfterValue(valuePos: i32): i32 {
    this.use();
    return nextAfterValueAt(valuePos);
  }

  /**
   * Up to `max` (>= 1) members from the key at keyPos on, in one call instead
   * of three a member: their key positions, key words and value positions
   * into the raw arrays keys (i32), words (u64) and values (i32). Returns how
   * many; when that is max, more may follow (nextMemberAfterValue of the last value).
   */
  membersFrom(keyPos: i32, keys: usize, words: usize, values: usize, max: i32): i32 {
    this.use();
    let n = 0;
    let m = keyPos;
    while (m >= 0) {
      const v = valueAfterKeyAt(m);
      store<i32>(keys + (<usize>n << 2), m);
      store<u64>(words + (<usize>n << 3), keyWordAt(m));
      store<i32>(values + (<usize>n << 2), v);
      if (++n == max) break;
      m = nextAfterValueAt(v);
    }
    return n;
  }

  /** First element of an array, or -1 when empty. */
  firstElement(arrPos: i32): i32 {
    this.useBytes();
    const p = skipWsAt(arrPos + 1);
    return at(p) == C.RBRACKET ? -1 : p;
  }

  /** The element after the one at pos, or -1. */
  nextElement(pos: i32): i32 {
    this.use();
    return nextAfterValueAt(pos);
  }

  /**
   * The value of `key` in the object at objPos: its position, -1 when absent,
   * or DUPLICATE when the key occurs twice. Keys compare after unescaping, so
   * `"comm\u0061nd"` is `command`.
   */
  get(objPos: i32, key: string): i32 {
    if (this.typeAt(objPos) != JsonType.Object) return -1;
    const word = literalKeyWord(key);
    let found = -1;
    let m = this.firstMember(objPos);
    while (m >= 0) {
      if (this.keyEquals(m, this.keyWord(m), key, word)) {
        if (found >= 0) return DUPLICATE;
        found = this.memberValue(m);
      }
      m = this.nextMember(m);
    }
    return found;
  }

  /** The key word (see KEY_SLOW) of the member key at pos. */
  keyWord(pos: i32): u64 {
    this.useBytes();
    return keyWordAt(pos);
  }

  /**
   * Does the member key at pos, whose key word is `word`, equal `key`, whose
   * literalKeyWord is `keyWord`? Like stringEquals, settled by the words alone
   * for short keys and for most different ones.
   */
  // @ts-ignore: decorator
  @inline keyEquals(pos: i32, word: u64, key: string, keyWord: u64): bool {
    if (word != keyWord) return word == KEY_SLOW || keyWord == KEY_SLOW ? this.stringEquals(pos, key) : false;
    if ((word >> 56) == 0) return true;
    // Equal full words that are not KEY_SLOW: the same eight plain ASCII bytes begin both, so the compare starts past them.
    return this.stringEquals(pos, key, word == KEY_SLOW ? 0 : 8);
  }

  /**
   * keyEquals for a literal of 9 to 15 bytes whose literalTailWord is `tail`
   * (and tailMask `mask`):
   * a key that spells it without escapes is settled by one more eight-byte
   * compare instead of the byte loop (the envelope's tool_name and
   * tool_input, every decision); any other key goes to keyEquals.
   */
  // @ts-ignore: decorator
  @inline keyEqualsTail(pos: i32, word: u64, key: string, keyWord: u64, tail: u64, mask: u64): bool {
    // Equal words with a tail (so not KEY_SLOW, see literalTailWord): the first eight bytes are the literal's, raw.
    if (word == keyWord && tail != 0 && pos + 17 <= this.len && (load<u64>(this.ptr + <usize>(pos + 9)) & mask) == tail) return true;
    return this.keyEquals(pos, word, key, keyWord);
  }

  /**
   * Compare the (unescaped) string at pos with an AS string. The common case,
   * an ASCII key without escapes, is compared in place without copying.
   */
  stringEquals(pos: i32, s: string, from: i32 = 0): bool {
    this.useBytes();
    const r = asciiKeyEqualsAt(pos, changetype<usize>(s), s.length, from);
    return r < 0 ? this.stringEqualsDecoded(pos, s) : r == 1;
  }

  private stringEqualsDecoded(pos: i32, s: string): bool {
    const scratch = keyScratch;
    scratch.reset();
    if (!this.decodeString(pos, scratch)) return false;
    const enc = String.UTF8.encode(s, false);
    const n = enc.byteLength;
    return n == scratch.length && memory.compare(scratch.ptr, changetype<usize>(enc), <usize>n) == 0;
  }

  /** Whether the raw (unescaped) string at pos equals the given bytes. */
  stringEqualsBytes(pos: i32, b: Bytes): bool {
    const scratch = keyScratch;
    scratch.reset();
    if (!this.decodeString(pos, scratch)) return false;
    return scratch.length == b.length && memory.compare(scratch.ptr, changetype<usize>(b), <usize>b.length) == 0;
  }

  /**
   * Whether the last decodeString met a \u escape (true also when it failed).
   * Without one, a string of a validated document decodes to valid UTF-8
   * without NUL: validate refused raw controls and bad UTF-8, and the other
   * escapes stand for ASCII bytes other than NUL.
   */
  decodedUnicodeEscape: bool = true;

  /** Append the unescaped UTF-8 bytes of the string at pos to out. */
  decodeString(pos: i32, out: ByteBuffer): bool {
    this.decodedUnicodeEscape = true;
    // typeAt(pos) != JsonType.String, without the call.
    if (pos < 0 || pos >= this.len || this.byteAt(pos) != C.QUOTE) return false;
    this.use();
    const slot = spanSlotOf(pos);
    if (slot != 0 && (!isDefined(ORACLES) || decodedEntries)) {
      // A string value: validate left its unescaped bytes in `decoded`.
      const info = load<u32>(slot, 12);
      const n = <i32>(info & ~DECODED_UNICODE);
      const from = changetype<usize>(this.decoded) + <usize>(pos + 1);
      if (n <= 64) {
        // Eight bytes a step, the last step past the copy: `decoded` holds the document plus a window, out gets room for one.
        if (out.length + n + 8 > out.data.length) out.ensure(n + 8);
        const to = out.ptr + <usize>out.length;
        for (let i = 0; i < n; i += 8) store<u64>(to + <usize>i, load<u64>(from + <usize>i));
        out.length += n;
      } else {
        // One bulk copy: for a long string it beats append's eight-byte loop (measured on the bench command).
        out.ensure(n);
        memory.copy(out.ptr + <usize>out.length, from, <usize>n);
        out.length += n;
      }
      this.decodedUnicodeEscape = (info & DECODED_UNICODE) != 0;
      return true;
    }
    const end = slot != 0 ? load<i32>(slot, 8) : scanStringEnd(pos);
    if (end < 0) return false;
    this.decodedUnicodeEscape = decodeBodyAt(pos + 1, end - 1, out);
    return true;
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
    // Plain integers (timeouts, sizes, amounts) without a string round trip;
    // 15 digits stay exact in an f64.
    const n = end - pos;
    if (n <= 15) {
      let v: i64 = 0;
      let i = 0;
      const negative = this.byteAt(pos) == C.MINUS;
      if (negative) i = 1;
      let digits = 0;
      for (; i < n; i++) {
        const d = this.byteAt(pos + i) - 0x30;
        if (d > 9) break;
        v = v * 10 + <i64>d;
        digits++;
      }
      if (i == n && digits > 0) return negative ? -<f64>v : <f64>v;
    }
    return F64.parseFloat(String.UTF8.decodeUnsafe(this.ptr + <usize>pos, <usize>(end - pos), false));
  }

  /**
   * The number at pos when it is written as a plain whole number (digits
   * only: no sign, fraction or exponent) of at most `maxDigits` digits and
   * at most 2^53 - 1; otherwise -1. No allocation.
   */
  readWhole(pos: i32, maxDigits: i32 = 16): i64 {
    if (this.typeAt(pos) != JsonType.Number) return -1;
    const n = this.skipValue(pos) - pos;
    if (n > maxDigits || (n > 1 && this.byteAt(pos) == C.ZERO)) return -1;
    let v: i64 = 0;
    for (let i = 0; i < n; i++) {
      const d = this.byteAt(pos + i) - C.ZERO;
      if (d > 9) return -1;
      v = v * 10 + <i64>d;
    }
    return v <= 9007199254740991 ? v : -1;
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
