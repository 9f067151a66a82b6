// Framework tag escaping, as DeerFlow's InputSanitizationMiddleware does it: the regex
//   <\s*/?\s*(?:NAMES)\b[^>]*>?      (case-insensitive)
// and every '<' / '>' inside a match becomes &lt; / &gt;. Runs after layer 1, so
// `<sys\u200btem>` is already `<system>`; when layer 1 is switched off, invisible characters are
// skipped while matching here, so the bypass still fails. Stricter than DeerFlow where a model
// would still read a tag: look-alike angle brackets (＜system＞, ‹system›; not the « » quotes),
// look-alike letters in the name (Cyrillic ѕ, fullwidth, mathematical; fold.ts), combining marks
// and any number of '/' (`<//system>`). Only [A-Za-z0-9_] count as word characters for `\b`, so
// `<systemé>` is escaped too (escaping more is safe).
import { ByteBuffer } from "../util/bytes";
import { SanitizeReport } from "./report";
import { propsOf, decodeUtf8, KIND_MASK, KIND_SPACE } from "./props";
import { foldMarkerChar, foldBracket, FOLD_SKIP } from "./fold";

/** DeerFlow's blocked tag names (deerflow.md §3.1a), in its order. */
const TAG_NAMES: string[] = [
  "system-reminder", "system_reminder", "memory", "current_date", "think", "analysis", "role", "soul",
  "self_update", "thinking_style", "clarification_system", "critical_reminders", "response_style",
  "citations", "uploaded_files", "current_uploads", "subagent_system", "skill_system", "skill_index",
  "available_skills", "disabled_skills", "memory_tool_system", "todo_list_system", "durable_context_data",
  "slash_skill_activation", "mcp_routing_hints", "available-deferred-tools", "goal_continuation",
  "background_task_event", "file_editing_workflow", "guidelines", "output_format", "working_directory",
  "tool_restrictions", "system", "instruction", "important", "override", "ignore", "prompt",
];

/**
 * Role and instruction tags beyond DeerFlow's list, which prompts of other frameworks and model
 * vendors use to mark who speaks or what must be obeyed; escaped the same way.
 */
const ROLE_TAG_NAMES: string[] = [
  "system_prompt", "system-prompt", "instructions", "important_instructions", "developer", "user", "assistant",
  "human", "thinking", "context", "user_query", "admin", "function_calls", "function_results",
];

export const FRAMEWORK_TAG_COUNT = 54;

const MAX_TOKEN = 32;

/**
 * Off only in the oracle spec, which checks the sixteen-byte skip against the character loop; read
 * only in builds with the compile-time constant ORACLES (the oracle tier): the release wasm has no toggle.
 */
let windowSkip = true;

/** Skip plain ASCII sixteen bytes at a time (the default) or go character by character (the reference). */
export function setEscapeWindowSkip(on: bool): void {
  windowSkip = on;
}
// The names as raw bytes (built once from TAG_NAMES): the matcher then handles no objects.
const namesBlob = new ByteBuffer(1024);
const nameIndex = new StaticArray<i32>(FRAMEWORK_TAG_COUNT); // (offset << 8) | length, by first letter
const letterRange = new StaticArray<i32>(26); // (first index << 8) | count of names with that letter
let namesPtr: usize = 0;
let indexPtr: usize = 0;
let rangePtr: usize = 0;
/** Bit (c - 'a') is set when some name starts with the letter c. */
let firstLetters: u32 = 0;
const tokenBuf = new StaticArray<u8>(MAX_TOKEN);
const token: usize = changetype<usize>(tokenBuf);

function initNames(): void {
  // Bucket the names by first letter (all start with a-z) so a token is compared with few.
  let slot = 0;
  for (let letter = 0; letter < 26; letter++) {
    const start = slot;
    for (let i = 0; i < TAG_NAMES.length + ROLE_TAG_NAMES.length && slot < FRAMEWORK_TAG_COUNT; i++) {
      const name = i < TAG_NAMES.length ? TAG_NAMES[i] : ROLE_TAG_NAMES[i - TAG_NAMES.length];
      if (<i32>name.charCodeAt(0) - 0x61 != letter) continue;
      // slot < FRAMEWORK_TAG_COUNT, nameIndex's length (loop condition).
      unchecked((nameIndex[slot++] = (namesBlob.length << 8) | name.length));
      namesBlob.appendString(name);
    }
    // letter < 26, letterRange's length.
    unchecked((letterRange[letter] = (start << 8) | (slot - start)));
    if (slot > start) firstLetters |= 1 << letter;
  }
  namesPtr = namesBlob.ptr;
  indexPtr = changetype<usize>(nameIndex);
  rangePtr = changetype<usize>(letterRange);
}

// @ts-ignore: decorator
@inline function isWordByte(c: u32): bool {
  return c - 0x30 < 10 || (c | 0x20) - 0x61 < 26 || c == 0x5f;
}

/** Python's \s (ASCII whitespace, separators, U+001C-001F, U+0085). */
function isSpace(cp: u32, props: u32): bool {
  return cp - 0x09 < 5 || cp == 0x20 || cp - 0x1c < 4 || cp == 0x85 || cp - 0x2028 < 2
    || (props & KIND_MASK) == KIND_SPACE;
}

/**
 * An angle bracket at p: (byte length << 8) | '<' or '>', or 0. ASCII and the look-alikes of
 * fold.ts, except the « » quotation marks.
 */
function bracketAt(p: usize, end: usize): u32 {
  const b = <u32>load<u8>(p);
  if (b < 0x80) return b == 0x3c || b == 0x3e ? (1 << 8) | b : 0;
  if (b < 0xc2) return 0;
  const packed = decodeUtf8(p, end);
  const cp = packed & 0xffffff;
  if (cp == 0xab || cp == 0xbb) return 0;
  const f = foldBracket(cp);
  return f != 0 ? ((packed >> 24) << 8) | f : 0;
}

/**
 * If a blocked tag's name starts after the opening bracket ending at q, the end of the regex
 * match (after the first closing bracket, or at end); otherwise 0.
 */
function matchTag(q: usize, end: usize): usize {
  // \s* /* \s* — ignorables may sit anywhere.
  while (q < end) {
    const c = <u32>load<u8>(q);
    if (c < 0x80) {
      if (c == 0x20 || c - 0x09 < 5 || c - 0x1c < 4 || c == 0x2f) {
        q++;
        continue;
      }
      break;
    }
    const packed = decodeUtf8(q, end);
    const cp = packed & 0xffffff;
    const f = foldMarkerChar(cp);
    if (f != FOLD_SKIP && f != 0x2f && !isSpace(cp, propsOf(cp))) break;
    q += <usize>(packed >> 24);
  }
  if (q >= end) return 0;
  // Most '<' in text start no blocked name: reject on the first letter.
  const first = <u32>load<u8>(q);
  if (first < 0x80) {
    const l = (first | 0x20) - 0x61;
    if (l >= 26 || ((firstLetters >> l) & 1) == 0) return 0;
  }
  // Name token: [A-Za-z0-9_-] lower-cased, look-alikes folded, invisible characters and marks skipped.
  let tokenLen = 0;
  let stop: u32 = 0;
  while (q < end) {
    let cp = <u32>load<u8>(q);
    let len: usize = 1;
    if (cp >= 0x80) {
      const packed = decodeUtf8(q, end);
      len = <usize>(packed >> 24);
      const f = foldMarkerChar(packed & 0xffffff);
      if (f == FOLD_SKIP) {
        q += len;
        continue;
      }
      cp = f == 0 ? 0x80 : f; // 0x80: a character that is no word character and no hyphen
    }
    if (!isWordByte(cp) && cp != 0x2d) {
      stop = cp;
      break;
    }
    if (tokenLen == MAX_TOKEN) break;
    store<u8>(token + <usize>tokenLen, <u8>(cp - 0x41 < 26 ? cp | 0x20 : cp));
    tokenLen++;
    q += len;
  }
  if (tokenLen == 0) return 0;
  let hit = false;
  const t0 = <u32>load<u8>(token) - 0x61;
  if (t0 >= 26) return 0; // names start with a-z
  const range = load<i32>(rangePtr + (<usize>t0 << 2));
  const to = (range >> 8) + (range & 0xff);
  for (let i = range >> 8; i < to && !hit; i++) {
    const entry = load<i32>(indexPtr + (<usize>i << 2));
    const n = entry & 0xff;
    const name = namesPtr + <usize>(entry >> 8);
    if (n > tokenLen) continue;
    if (memory.compare(name, token, <usize>n) != 0) continue;
    // \b after the name: the next character must not be a word character.
    const after: u32 = n < tokenLen ? <u32>load<u8>(token + <usize>n) : stop;
    hit = !isWordByte(after);
  }
  if (!hit) return 0;
  // [^>]*>?
  while (q < end) {
    const br = bracketAt(q, end);
    if ((br & 0xff) == 0x3e) return q + <usize>(br >> 8);
    q += br != 0 ? <usize>(br >> 8) : 1;
  }
  return end;
}

/**
 * Escape blocked framework tags of src into dst. Returns false (dst untouched) when src has none.
 */
export function escapeFrameworkTags(src: ByteBuffer, dst: ByteBuffer, report: SanitizeReport): bool {
  if (namesPtr == 0) initNames();
  const start = src.ptr;
  const end = start + <usize>src.length;
  let copied = start;
  let p = start;
  let any = false;
  while (p < end) {
    // Sixteen bytes at a time (wasm SIMD): straight to the first '<' or byte that is not ASCII.
    if (p + 16 <= end && (!isDefined(ORACLES) || windowSkip)) {
      const v = v128.load(p);
      const stops = <u32>i8x16.bitmask(i8x16.eq(v, i8x16.splat(0x3c))) | <u32>i8x16.bitmask(v);
      if (stops == 0) {
        p += 16;
        continue;
      }
      // Only ASCII is passed over, so p stays at a character start.
      const skipped = <usize>ctz(stops);
      if (skipped > 0) {
        p += skipped;
        continue;
      }
    }
    const br = bracketAt(p, end);
    if ((br & 0xff) != 0x3c) {
      // Step over a whole character.
      const b = <u32>load<u8>(p);
      p += b < 0xc0 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
      continue;
    }
    const m = matchTag(p + <usize>(br >> 8), end);
    if (m == 0) {
      p += <usize>(br >> 8);
      continue;
    }
    if (!any) {
      any = true;
      dst.reset();
      dst.ensure(src.length + 64);
    }
    dst.append(copied, <i32>(p - copied));
    let q = p;
    while (q < m) {
      const b = bracketAt(q, m);
      if (b == 0) {
        dst.push(load<u8>(q));
        q++;
        continue;
      }
      dst.appendString((b & 0xff) == 0x3c ? "&lt;" : "&gt;");
      q += <usize>(b >> 8);
    }
    report.escapedTags++;
    copied = m;
    p = m;
  }
  if (!any) return false;
  dst.append(copied, <i32>(end - copied));
  return true;
}
