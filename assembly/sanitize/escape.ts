// Framework tag escaping, as DeerFlow's InputSanitizationMiddleware does it: the regex
//   <\s*/?\s*(?:NAMES)\b[^>]*>?      (case-insensitive)
// and every '<' / '>' inside a match becomes &lt; / &gt;. Runs after layer 1, so
// `<sys\u200btem>` is already `<system>`; when layer 1 is switched off, invisible characters are
// skipped while matching here, so the bypass still fails. Differences from Python's `\b`: only
// [A-Za-z0-9_] count as word characters, so `<systemé>` is escaped too (escaping more is safe).
import { ByteBuffer } from "../util/bytes";
import { SanitizeReport } from "./report";
import { hasByte } from "./swar";
import { propsOf, decodeUtf8, KIND_MASK, KIND_INVISIBLE, KIND_FORMAT, KIND_TAG, KIND_SPACE } from "./props";

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

export const FRAMEWORK_TAG_COUNT = 40;

const MAX_TOKEN = 32;
// The names as raw bytes (built once from TAG_NAMES): the matcher then handles no objects, which
// keeps the incremental GC's shadow-stack work off the per-'<' path.
const namesBlob = new ByteBuffer(640);
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
    for (let i = 0; i < TAG_NAMES.length && slot < FRAMEWORK_TAG_COUNT; i++) {
      const name = TAG_NAMES[i];
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

/** Characters that render as nothing: skipped inside a tag when layer 1 did not remove them. */
function isIgnorable(props: u32): bool {
  const k = props & KIND_MASK;
  return k == KIND_INVISIBLE || k == KIND_FORMAT || k == KIND_TAG;
}

/**
 * If a blocked tag starts at the '<' at p, the end of the regex match (after the first '>' or at
 * end); otherwise 0.
 */
function matchTag(p: usize, end: usize): usize {
  let q = p + 1;
  let slash = false;
  // \s* /? \s* — ignorables may sit anywhere.
  while (q < end) {
    const c = <u32>load<u8>(q);
    if (c < 0x80) {
      if (c == 0x20 || c - 0x09 < 5 || c - 0x1c < 4) {
        q++;
        continue;
      }
      if (c == 0x2f && !slash) {
        slash = true;
        q++;
        continue;
      }
      break;
    }
    const packed = decodeUtf8(q, end);
    const cp = packed & 0xffffff;
    const props = propsOf(cp);
    if (!isSpace(cp, props) && !isIgnorable(props)) break;
    q += <usize>(packed >> 24);
  }
  if (q >= end) return 0;
  // Most '<' in text start no blocked name: reject on the first letter.
  const first = <u32>load<u8>(q);
  if (first < 0x80) {
    const l = (first | 0x20) - 0x61;
    if (l >= 26 || ((firstLetters >> l) & 1) == 0) return 0;
  }
  // Name token: [A-Za-z0-9_-], lower-cased; U+017F (long s) and U+212A (Kelvin) fold as Python's
  // IGNORECASE folds them.
  let tokenLen = 0;
  let stop: u32 = 0;
  while (q < end) {
    let cp = <u32>load<u8>(q);
    let len: usize = 1;
    if (cp >= 0x80) {
      const packed = decodeUtf8(q, end);
      cp = packed & 0xffffff;
      len = <usize>(packed >> 24);
      if (cp == 0x17f) cp = 0x73;
      else if (cp == 0x212a) cp = 0x6b;
      else if (isIgnorable(propsOf(cp))) {
        q += len;
        continue;
      }
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
    if (load<u8>(q) == 0x3e) return q + 1;
    q++;
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
    // Skip eight bytes at a time while they hold no '<'.
    if (p + 8 <= end && !hasByte(load<u64>(p), 0x3c)) {
      p += 8;
      continue;
    }
    if (load<u8>(p) != 0x3c) {
      p++;
      continue;
    }
    const m = matchTag(p, end);
    if (m == 0) {
      p++;
      continue;
    }
    if (!any) {
      any = true;
      dst.reset();
      dst.ensure(src.length + 64);
    }
    dst.append(copied, <i32>(p - copied));
    for (let q = p; q < m; q++) {
      const c = load<u8>(q);
      if (c == 0x3c) dst.appendString("&lt;");
      else if (c == 0x3e) dst.appendString("&gt;");
      else dst.push(c);
    }
    report.escapedTags++;
    copied = m;
    p = m;
  }
  if (!any) return false;
  dst.append(copied, <i32>(end - copied));
  return true;
}
