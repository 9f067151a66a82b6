// Chat-template markers in untrusted content: the role, turn and tool tokens model families use.
// Text that carries one can open a fake system, user or tool turn, so each is replaced by
// [[MARKER_SANITIZED]], like a spoofed fence marker (fence.ts), and counted in report.markers
// (flag marker_spoof). The table (names after folding: upper case, '-' and '▁' as '_'):
//   <|NAME|>   ChatML IM_START IM_END IM_SEP; Llama 3 BEGIN_OF_TEXT START_HEADER_ID EOT_ID…;
//              Phi SYSTEM USER ASSISTANT END; harmony START MESSAGE CHANNEL RETURN CALL;
//              DeepSeek BEGIN_OF_SENTENCE TOOL_CALLS_BEGIN TOOL_SEP TOOL_OUTPUT_BEGIN…; EOT EOS BOS
//              (PIPE_NAMES; any name counts when written out plainly, since new models add tokens)
//   <NAME>     Llama 2 <<SYS>>; Gemma START_OF_TURN END_OF_TURN; Qwen/Hermes TOOL_CALL
//              TOOL_RESPONSE; BOS EOS SOP EOP; Llama 2's </s><s> as a pair (ANGLE_NAMES)
//   [NAME]     Llama 2 INST; Mistral SYSTEM_PROMPT TOOL_CALLS AVAILABLE_TOOLS TOOL_RESULTS
//              TOOL_CONTENT THINK (BRACKET_NAMES; '/' allowed before the name)
//   Human: / Assistant: at the start of the text or after a blank line (the legacy
//              "\n\nHuman:" turn format)
//
// Matched on folded characters (fold.ts: case, Unicode look-alikes such as ＜ ｜ ¦ ❘ ⦑,
// invisible characters skipped), with spaces allowed between the parts: `< | im_start | >`,
// `<| IM_START |>`, `＜｜im_start｜＞`, `[ /inst ]`. Once spaced or folded only the known names
// count, so code such as F#'s `f <| x |> g` is left alone.
import { ByteBuffer } from "../util/bytes";
import { SanitizeReport } from "./report";
import { decodeUtf8 } from "./props";
import { foldMarkerChar, mayFoldToBracket, FOLD_SKIP } from "./fold";
import { MARKER_REPLACEMENT } from "./fence";

const MAX_NAME = 40;

/** Bit k set when byte k of the sixteen at p is '<', '[' or a line break (wasm SIMD). */
// @ts-ignore: decorator
@inline function openerBits(p: usize): u32 {
  const v = v128.load(p);
  return <u32>i8x16.bitmask(v128.or(v128.or(i8x16.eq(v, i8x16.splat(0x3c)), i8x16.eq(v, i8x16.splat(0x5b))), i8x16.eq(v, i8x16.splat(0x0a))));
}

/** Names after folding: upper case, '-' and '▁' as '_'. */
const PIPE_NAMES: string[] = [
  "IM_START", "IM_END", "IM_SEP", "SYSTEM", "USER", "ASSISTANT", "TOOL", "END", "ENDOFTEXT", "ENDOFPROMPT",
  "EOT_ID", "EOM_ID", "START_HEADER_ID", "END_HEADER_ID", "BEGIN_OF_TEXT", "END_OF_TEXT", "PYTHON_TAG",
  "START", "MESSAGE", "CHANNEL", "RETURN", "CALL", "CONSTRAIN", "BEGIN_OF_SENTENCE", "END_OF_SENTENCE",
  "FIM_PREFIX", "FIM_MIDDLE", "FIM_SUFFIX", "PAD", "TOOL_CALLS", "TOOL_CALL_BEGIN", "TOOL_CALL_END",
  "TOOL_CALLS_BEGIN", "TOOL_CALLS_END", "TOOL_SEP", "TOOL_OUTPUTS_BEGIN", "TOOL_OUTPUTS_END", "TOOL_OUTPUT_BEGIN",
  "TOOL_OUTPUT_END", "EOT", "EOM", "EOS", "BOS", "SEP", "ENDOFTURN", "END_OF_TURN", "DEVELOPER",
];
const ANGLE_NAMES: string[] = [
  "SYS", "START_OF_TURN", "END_OF_TURN", "TOOL_CALL", "TOOL_RESPONSE", "TOOL_RESULT", "BOS", "EOS", "SOP", "EOP",
];
const BRACKET_NAMES: string[] = [
  "INST", "SYS", "SYSTEM_PROMPT", "TOOL_CALLS", "AVAILABLE_TOOLS", "TOOL_RESULTS", "TOOL_CONTENT", "THINK",
];

// Cursor over folded characters (module state: one run at a time).
let at: usize = 0;
let limit: usize = 0;
let peekLen: usize = 0;
/** Nothing was folded, skipped or spaced so far: the marker is written out plainly. */
let plain = true;
let name = "";
/** Set by matchTemplate: the start of the last '<' of the opening run. */
let lastAngle: usize = 0;

/** Folded character at the cursor: '|' look-alikes as '|', '▁' as '_', invisible characters skipped. */
function peek(): u32 {
  while (at < limit) {
    const packed = decodeUtf8(at, limit);
    const cp = packed & 0xffffff;
    peekLen = <usize>(packed >> 24);
    if (cp < 0x80) return cp - 0x61 < 26 ? cp - 0x20 : cp;
    plain = false;
    const f = foldMarkerChar(cp);
    if (f != FOLD_SKIP) return f;
    at += peekLen;
  }
  peekLen = 0;
  return 0;
}

function take(c: u32): bool {
  if (peek() != c) return false;
  at += peekLen;
  return true;
}

function spaces(): void {
  // Any run: kept indentation and alignment cannot pad a marker's parts apart.
  while (peek() == 0x20) {
    plain = false;
    at += peekLen;
  }
}

/** A name of letters, digits, '_' and '-' (as '_') into `name`; false when empty or too long. */
function readName(): bool {
  name = "";
  let letters = false;
  for (let n = 0; n <= MAX_NAME; n++) {
    let c = peek();
    if (c == 0x2d) c = 0x5f;
    const letter = c - 0x41 < 26;
    if (!letter && c - 0x30 >= 10 && c != 0x5f) return n > 0 && letters;
    if (n == MAX_NAME) return false;
    letters = letters || letter;
    name += String.fromCharCode(c);
    at += peekLen;
  }
  return false;
}

function known(list: string[]): bool {
  for (let i = 0; i < list.length; i++) {
    if (list[i] == name) return true;
  }
  return false;
}

/** End of the chat-template marker starting at s (a '<' or '[' after folding), or 0. */
function matchTemplate(s: usize, end: usize): usize {
  at = s;
  limit = end;
  plain = true;
  const open = peek();
  at += peekLen;
  if (open == 0x5b) {
    spaces();
    take(0x2f);
    spaces();
    if (!readName() || !known(BRACKET_NAMES)) return 0;
    spaces();
    return take(0x5d) ? at : 0;
  }
  // A run of '<': whatever follows is the same from each of them, so the caller retries only
  // from the last one (lastAngle), which keeps a long run of '<' linear.
  lastAngle = s;
  let before = at;
  while (take(0x3c)) {
    lastAngle = before;
    before = at;
  }
  spaces();
  if (take(0x7c)) {
    spaces();
    if (!readName()) return 0;
    spaces();
    if (!take(0x7c)) return 0;
    spaces();
    if (!take(0x3e)) return 0;
    return plain || known(PIPE_NAMES) ? at : 0;
  }
  const closing = take(0x2f);
  spaces();
  if (!readName()) return 0;
  if (name == "S") return closing ? sentencePair() : 0;
  if (!known(ANGLE_NAMES)) return 0;
  spaces();
  if (!take(0x3e)) return 0;
  while (take(0x3e)) {}
  return at;
}

/** After `</s`: `>` and then `<s>` (Llama 2's turn boundary `</s><s>`), else 0. */
function sentencePair(): usize {
  spaces();
  if (!take(0x3e)) return 0;
  spaces();
  if (!take(0x3c)) return 0;
  spaces();
  if (!readName() || name != "S") return 0;
  spaces();
  return take(0x3e) ? at : 0;
}

/**
 * After a line break at s: a blank line, then `Human:` or `Assistant:` (spaces allowed before
 * the colon): the end of that word and colon, or 0. `first`: s is the start of the text, where
 * no blank line is needed. Sets turnStart to where the word begins.
 */
function matchTurn(s: usize, end: usize, first: bool): usize {
  at = s;
  limit = end;
  plain = true;
  if (!first) {
    // A run of line breaks: the caller retries only from the last two (lastAngle), as for '<'.
    let count = 0;
    let last = s;
    let beforeLast = s;
    while (true) {
      const here = at;
      if (!take(0x0a)) break;
      count++;
      beforeLast = last;
      last = here;
    }
    if (count > 2) lastAngle = beforeLast;
    if (count < 2) return 0;
  }
  spaces();
  turnStart = at;
  // Compared letter by letter (no name string: this runs after every blank line).
  const lead = peek();
  if (lead != 0x48 && lead != 0x41) return 0;
  if (!takeWord(lead == 0x48 ? "HUMAN" : "ASSISTANT")) return 0;
  spaces();
  return take(0x3a) ? at : 0;
}

/** The upper-case ASCII word at the cursor (folded), consumed; false otherwise. */
function takeWord(word: string): bool {
  for (let i = 0; i < word.length; i++) {
    if (!take(<u32>word.charCodeAt(i))) return false;
  }
  return true;
}

let turnStart: usize = 0;

/** Whether the character at p folds to '<' or '[' (p at a lead byte). */
function opensAt(p: usize, end: usize): bool {
  const b = <u32>load<u8>(p);
  if (b < 0x80) return b == 0x3c || b == 0x5b;
  if (b < 0xc0) return false;
  const cp = decodeUtf8(p, end) & 0xffffff;
  if (!mayFoldToBracket(cp)) return false;
  const f = foldMarkerChar(cp);
  return f == 0x3c || f == 0x5b;
}

/**
 * From a character start p: past the characters that cannot open a marker after the text's first
 * character — ASCII other than '<', '[' and '\n', non-ASCII that cannot fold to a bracket. src is
 * valid UTF-8 (the layers' output), so a lead byte gives the length and the decoding needs no checks.
 */
function skipInert(p: usize, end: usize): usize {
  while (p < end) {
    const b = <u32>load<u8>(p);
    if (b < 0x80) {
      if (b == 0x3c || b == 0x5b || b == 0x0a) break;
      p++;
      continue;
    }
    let cp: u32;
    let len: usize;
    if (b < 0xc0) break; // not a lead byte: the caller's path handles it
    if (b < 0xe0) {
      cp = ((b & 0x1f) << 6) | (<u32>load<u8>(p + 1) & 0x3f);
      len = 2;
    } else if (b < 0xf0) {
      cp = ((b & 0x0f) << 12) | ((<u32>load<u8>(p + 1) & 0x3f) << 6) | (<u32>load<u8>(p + 2) & 0x3f);
      len = 3;
    } else {
      cp = ((b & 0x07) << 18) | ((<u32>load<u8>(p + 1) & 0x3f) << 12) | ((<u32>load<u8>(p + 2) & 0x3f) << 6) | (<u32>load<u8>(p + 3) & 0x3f);
      len = 4;
    }
    if (p + len > end || mayFoldToBracket(cp)) break;
    p += len;
  }
  return p;
}

// Set by nextTemplate: where the marker it found ends.
let templateEnd: usize = 0;

/**
 * The first '<', '[' or line break at or after p, or end: where a marker can open when no
 * character of the text folds to '<' or '[' (then nothing else opens one, see nextTemplate).
 * p need not be at a character start: only ASCII bytes are returned, and those always are one.
 */
function nextAsciiOpener(p: usize, end: usize): usize {
  while (p + 16 <= end) {
    const stops = openerBits(p);
    if (stops != 0) return p + <usize>ctz(stops);
    p += 16;
  }
  while (p < end) {
    const b = <u32>load<u8>(p);
    if (b == 0x3c || b == 0x5b || b == 0x0a) return p;
    p++;
  }
  return end;
}

/**
 * At a line break p (not the text's start): past the run of line breaks when no turn can start in
 * it, else p. A turn needs two line breaks and then `Human:` or `Assistant:` (spaces allowed); an
 * ASCII byte after the run that is not a line break, a space, H or A (either case) rules that out
 * for every line break of the run, and neither byte can open a bracket marker. Anything else (a
 * non-ASCII byte may be skipped or folded by the matcher, or the text ends) goes to the matcher.
 */
function skipNewlines(p: usize, end: usize): usize {
  let q = p + 1;
  while (q < end && load<u8>(q) == 0x0a) q++;
  if (q >= end) return p;
  const c = <u32>load<u8>(q);
  if (c >= 0x80) return p;
  if (q - p >= 2 && (c == 0x20 || (c | 0x20) == 0x68 || (c | 0x20) == 0x61)) return p;
  return q;
}

/**
 * The start of the next chat-template marker at or after p (start: the text's first byte) and
 * sets templateEnd; returns end when there is none. `skip`: pass over what cannot open a marker
 * sixteen bytes at a time, over line breaks no turn can follow (skipNewlines), and over
 * non-ASCII characters that cannot fold to '<' or '[' (most letters of every script) one by one
 * without the matcher; the differential spec runs it with skip off, where every character goes through the matcher's checks.
 *
 * `asciiOpeners`: the caller knows no character of the text folds to '<' or '[' (the layers'
 * bracketHint). After the first character only '<', '[' and '\n' can then open a marker (opensAt,
 * matchTurn), so the scan goes from one of them to the next and decodes nothing in between.
 */
function nextTemplate(p: usize, start: usize, end: usize, skip: bool, asciiOpeners: bool = false): usize {
  while (p < end) {
    if (skip && asciiOpeners && p > start) {
      p = nextAsciiOpener(p, end);
      if (p >= end) break;
    } else if (skip && p > start) {
      // Sixteen bytes at a time: go straight to the first that may open a marker ('<', '[', a line
      // break, a byte that is not ASCII), or past all sixteen. Every line break, not only a pair:
      // the blank line of a turn may hold characters the matcher skips ("\n\u200B\nHuman:").
      if (p + 16 <= end) {
        const stops = openerBits(p) | <u32>i8x16.bitmask(v128.load(p));
        if (stops == 0) {
          p += 16;
          continue;
        }
        const skipped = <usize>ctz(stops);
        if (skipped > 0) {
          p += skipped;
          continue;
        }
      }
      // A non-ASCII character opens nothing unless it may fold to a bracket (it is not at the
      // start of the text, where a skipped character could precede "Human:"), and ASCII opens
      // nothing but '<', '[' and a line break: step over both kinds, mixed as scripts mix them.
      if (<u32>load<u8>(p) >= 0xc0) {
        const from = p;
        p = skipInert(p, end);
        if (p != from) continue;
      }
    }
    const b = <u32>load<u8>(p);
    if (skip && b == 0x0a && p > start) {
      const next = skipNewlines(p, end);
      if (next != p) {
        p = next;
        continue;
      }
    }
    const len: usize = b < 0xc0 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
    let m: usize = 0;
    let from = p;
    lastAngle = p;
    if (b == 0x0a || p == start) {
      m = matchTurn(p, end, p == start && b != 0x0a);
      if (m != 0) from = turnStart;
    }
    if (m == 0 && opensAt(p, end)) m = matchTemplate(p, end);
    if (m != 0) {
      templateEnd = m;
      return from;
    }
    // After a failed run of '<', go on from its last '<' (a later start can only be plainer).
    p = lastAngle > p ? lastAngle : p + len;
  }
  return end;
}

/** Replace every chat-template marker of src by [[MARKER_SANITIZED]] into dst; false (dst untouched) when none. */
export function neutralizeTemplateMarkers(src: ByteBuffer, dst: ByteBuffer, report: SanitizeReport, asciiOpeners: bool = false): bool {
  const start = src.ptr;
  const end = start + <usize>src.length;
  let from = nextTemplate(start, start, end, true, asciiOpeners);
  if (from == end) return false;
  dst.reset();
  dst.ensure(src.length + 32);
  let copied = start;
  while (from != end) {
    dst.append(copied, <i32>(from - copied));
    dst.appendString(MARKER_REPLACEMENT);
    report.markers++;
    copied = templateEnd;
    from = nextTemplate(copied, start, end, true, asciiOpeners);
  }
  report.markerSpoof = true;
  dst.append(copied, <i32>(end - copied));
  return true;
}

/** The markers found, as "start:end," pairs (the differential spec compares skip on and off). */
function spans(src: ByteBuffer, skip: bool, asciiOpeners: bool): string {
  const start = src.ptr;
  const end = start + <usize>src.length;
  let out = "";
  let from = nextTemplate(start, start, end, skip, asciiOpeners);
  while (from != end) {
    out += (<i32>(from - start)).toString() + ":" + (<i32>(templateEnd - start)).toString() + ",";
    from = nextTemplate(templateEnd, start, end, skip, asciiOpeners);
  }
  return out;
}

export function templateSpans(src: ByteBuffer): string {
  return spans(src, true, false);
}

/** The scan for texts where no character folds to '<' or '[' (only valid for those). */
export function templateSpansAsciiOpeners(src: ByteBuffer): string {
  return spans(src, true, true);
}

export function templateSpansReference(src: ByteBuffer): string {
  return spans(src, false, false);
}
