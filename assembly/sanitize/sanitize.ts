// sanitize(): untrusted text (or HTML) in, text a model can read safely out.
//
// Order, each step switchable through SanitizeOptions:
//   0. HTML to text (options.html)                                          html.ts
//   1-7. invisible, controls, format/nonchar, NFC, private use, tags, spaces  layers.ts
//        (private use and tags are taken out just before NFC so the output is always NFC)
//   markers: spoofed <<<EXTERNAL_UNTRUSTED_CONTENT>>> -> [[MARKER_SANITIZED]] fence.ts
//            chat-template markers (<|im_start|>, [INST], <<SYS>>, …) too    template.ts
//   framework tag escaping (<system> -> &lt;system&gt;)                      escape.ts
//   8. length cap (head + marker + tail)                                     cap.ts
//   fence (options.fenceId)                                                  fence.ts
// Markers and escaping run after layer 1, so invisible characters cannot split the words they
// look for, and before the cap, so the cap cannot cut a marker in a way that survives.
//
// Memory: every buffer below is module state that grows to the largest input seen and is then
// reused, so steady-state calls allocate nothing but the report's decodedTags string (only when
// tag characters were found).
import { ByteBuffer } from "../util/bytes";
import { SanitizeOptions } from "./options";
import { SanitizeReport } from "./report";
import * as layers from "./layers";
import { neutralizeMarkers, wrapFence } from "./fence";
import { escapeFrameworkTags } from "./escape";
import { neutralizeTemplateMarkers } from "./template";
import { capLength } from "./cap";
import { htmlToText } from "./html";

/** Longest Source: label kept, in code points. */
const SOURCE_MAX = 200;

const labelOptions = new SanitizeOptions();
labelOptions.maxLength = SOURCE_MAX;
const labelReport = new SanitizeReport();

let bufA = new ByteBuffer(1024);
let bufB = new ByteBuffer(1024);
const htmlBuf = new ByteBuffer(1024);
const labelIn = new ByteBuffer(64);
const labelOut = new ByteBuffer(64);
const labelTmp = new ByteBuffer(64);

/** Markers, escaping and the cap over a buffer that already went through layers 1-7. */
function finish(cur: ByteBuffer, other: ByteBuffer, options: SanitizeOptions, report: SanitizeReport, markers: bool): ByteBuffer {
  if (markers && layers.markerHint && neutralizeMarkers(cur, other, report)) {
    const t = cur;
    cur = other;
    other = t;
  }
  // The marker pass above only adds ASCII, so bracketHint still holds for its output.
  if (markers && neutralizeTemplateMarkers(cur, other, report, !layers.bracketHint)) {
    const t = cur;
    cur = other;
    other = t;
  }
  // Only '<' or a look-alike may open a framework tag.
  if (options.escapeFrameworkTags && layers.sawLt && escapeFrameworkTags(cur, other, report)) {
    const t = cur;
    cur = other;
    other = t;
  }
  if (options.maxLength > 0 && capLength(cur, other, options.maxLength, report)) {
    const t = cur;
    cur = other;
    other = t;
  }
  return cur;
}

/**
 * Sanitize the UTF-8 at (ptr, len). Malformed UTF-8 becomes U+FFFD, never a trap.
 * The result is valid UTF-8 in a buffer owned by this module and reused by the next call: read
 * (result.ptr, result.length) before calling again. `report` is reset and filled.
 */
export function sanitize(ptr: usize, len: i32, options: SanitizeOptions, report: SanitizeReport): ByteBuffer {
  report.reset();
  if (len < 0) len = 0;
  report.inputBytes = len;
  let src = ptr;
  let n = len;
  if (options.html) {
    htmlToText(ptr, len, htmlBuf, report);
    src = htmlBuf.ptr;
    n = htmlBuf.length;
  }
  const fencing = options.fenceId.length > 0;
  layers.runLayers(src, n, options, report, bufA, false);
  let cur = finish(bufA, bufB, options, report, options.markers || fencing);
  if (fencing) {
    const other = cur == bufA ? bufB : bufA;
    sanitizeLabel(options.source, report);
    wrapFence(cur, other, options.fenceId, labelOut);
    cur = other;
  }
  report.outputBytes = cur.length;
  report.outputPrefixOfInput = !options.html && !fencing && cur.length <= n && sameBytes(cur.ptr, src, cur.length);
  return cur;
}

/** The n bytes at a and at b are equal (sixteen at a time, wasm SIMD). */
export function sameBytes(a: usize, b: usize, n: i32): bool {
  const end = a + <usize>n;
  while (a + 16 <= end) {
    if (v128.any_true(v128.xor(v128.load(a), v128.load(b)))) return false;
    a += 16;
    b += 16;
  }
  while (a + 8 <= end) {
    if (load<u64>(a) != load<u64>(b)) return false;
    a += 8;
    b += 8;
  }
  while (a < end) {
    if (load<u8>(a) != load<u8>(b)) return false;
    a++;
    b++;
  }
  return true;
}

/** The Source: label through every layer, on one line, markers neutralised, capped. */
function sanitizeLabel(source: string, report: SanitizeReport): void {
  labelIn.reset();
  labelIn.appendString(source);
  labelReport.reset();
  layers.runLayers(labelIn.ptr, labelIn.length, labelOptions, labelReport, labelOut, true);
  const cur = finish(labelOut, labelTmp, labelOptions, labelReport, true);
  if (cur != labelOut) {
    labelOut.reset();
    labelOut.append(cur.ptr, cur.length);
  }
  // Trim the spaces the one-line collapse may leave at either end.
  let start = 0;
  let end = labelOut.length;
  while (start < end && load<u8>(labelOut.ptr + <usize>start) == 0x20) start++;
  while (end > start && load<u8>(labelOut.ptr + <usize>(end - 1)) == 0x20) end--;
  if (start > 0) memory.copy(labelOut.ptr, labelOut.ptr + <usize>start, <usize>(end - start));
  labelOut.length = end - start;
  if (labelReport.markerSpoof) {
    report.markerSpoof = true;
    report.markers += labelReport.markers;
  }
  if (labelReport.tagSmuggling) report.tagSmuggling = true;
  if (labelReport.bidiOverride) report.bidiOverride = true;
}
