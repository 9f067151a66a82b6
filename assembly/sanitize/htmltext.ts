// The text side of HTML to text: whitespace collapsing, paragraph and line breaks, list markers,
// headings, table cells and `text (url)` links. html.ts drives it from the tokenizer.
import { ByteBuffer } from "../util/bytes";
import { appendInt } from "./report";

const MAX_LIST_DEPTH = 16;
/** Longest href kept for `text (url)`; longer ones (data: URLs…) are dropped. */
const MAX_HREF = 2048;

export class TextWriter {
  out: ByteBuffer = new ByteBuffer(256);
  /** Newlines owed before the next text: 1 = line break, 2 = blank line. */
  pendingBreak: i32 = 0;
  pendingSpace: bool = false;
  /** Newlines at the end of out (0, 1, 2+). */
  trailingNewlines: i32 = 0;
  /** Text written since the start (breaks are never written before the first text). */
  started: bool = false;
  preDepth: i32 = 0;
  /** Written before the next text, after the break: "- ", "2. ", "## ". */
  prefix: ByteBuffer = new ByteBuffer(64);
  listOrdered: StaticArray<bool> = new StaticArray<bool>(MAX_LIST_DEPTH);
  listCounter: StaticArray<i32> = new StaticArray<i32>(MAX_LIST_DEPTH);
  listDepth: i32 = 0;
  cellIndex: i32 = 0;
  href: ByteBuffer = new ByteBuffer(256);
  linkOpen: bool = false;
  linkTextStart: i32 = 0;

  reset(out: ByteBuffer): void {
    this.out = out;
    out.reset();
    this.pendingBreak = 0;
    this.pendingSpace = false;
    this.trailingNewlines = 0;
    this.started = false;
    this.preDepth = 0;
    this.prefix.reset();
    this.listDepth = 0;
    this.cellIndex = 0;
    this.href.reset();
    this.linkOpen = false;
  }

  /** Ask for a break before the next text (the larger request wins). */
  block(n: i32): void {
    if (n > this.pendingBreak) this.pendingBreak = n;
    this.pendingSpace = false;
  }

  /** <br>: a line break now, but never more than one blank line. */
  lineBreak(): void {
    if (!this.started) return;
    this.flushBreak();
    if (this.trailingNewlines < 2) this.raw(0x0a);
    this.pendingSpace = false;
  }

  private raw(b: u8): void {
    this.out.push(b);
    this.trailingNewlines = b == 0x0a ? this.trailingNewlines + 1 : 0;
  }

  private flushBreak(): void {
    const want = this.pendingBreak;
    this.pendingBreak = 0;
    if (want == 0 || !this.started) return;
    for (let k = this.trailingNewlines; k < want; k++) this.raw(0x0a);
    this.pendingSpace = false;
  }

  /** Everything owed before a visible character. */
  private beforeText(): void {
    this.flushBreak();
    if (this.prefix.length > 0) {
      this.out.append(this.prefix.ptr, this.prefix.length);
      this.prefix.reset();
      this.trailingNewlines = 0;
      this.pendingSpace = false;
    }
    if (this.pendingSpace) {
      if (this.trailingNewlines == 0 && this.started) this.raw(0x20);
      this.pendingSpace = false;
    }
    this.started = true;
  }

  /** A run of text bytes with no '<', '&' or HTML whitespace in it. */
  textRun(p: usize, n: i32): void {
    if (n <= 0) return;
    // Mostly nothing is owed (text right after text): beforeText would change nothing.
    if (this.pendingBreak != 0 || this.pendingSpace || this.prefix.length != 0 || !this.started) this.beforeText();
    if (isDefined(ORACLES) && plainCopy) this.out.append(p, n);
    else copyInto(this.out, p, n);
    this.trailingNewlines = 0;
  }

  /** One byte of HTML whitespace (\t \n \f \r space). */
  whitespace(b: u8): void {
    if (this.preDepth > 0) {
      this.beforeText();
      this.raw(b);
      return;
    }
    this.pendingSpace = true;
  }

  /** Decoded text (an entity, alt text) appended through the same rules, collapsing spaces. */
  text(p: usize, n: i32): void {
    let runStart = p;
    const end = p + <usize>n;
    for (let q = p; q < end; q++) {
      const c = load<u8>(q);
      if (c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0c || c == 0x0d) {
        this.textRun(runStart, <i32>(q - runStart));
        this.whitespace(c);
        runStart = q + 1;
      }
    }
    this.textRun(runStart, <i32>(end - runStart));
  }

  heading(level: i32): void {
    this.block(2);
    this.prefix.reset();
    for (let k = 0; k < level; k++) this.prefix.push(0x23);
    this.prefix.push(0x20);
  }

  openList(ordered: bool): void {
    this.block(this.listDepth > 0 ? 1 : 2);
    if (this.listDepth < MAX_LIST_DEPTH) {
      // listDepth < MAX_LIST_DEPTH, both arrays' length (checked just above).
      unchecked((this.listOrdered[this.listDepth] = ordered));
      unchecked((this.listCounter[this.listDepth] = 0));
    }
    this.listDepth++;
  }

  closeList(): void {
    if (this.listDepth > 0) this.listDepth--;
    this.block(this.listDepth > 0 ? 1 : 2);
  }

  listItem(): void {
    this.block(1);
    this.prefix.reset();
    const depth = this.listDepth;
    // Nesting is indented with tabs: layer 7 collapses runs of spaces but keeps tabs.
    for (let k = 1; k < depth && k < MAX_LIST_DEPTH; k++) this.prefix.push(0x09);
    const level = depth > 0 ? (depth <= MAX_LIST_DEPTH ? depth - 1 : MAX_LIST_DEPTH - 1) : -1;
    // level is in [0, MAX_LIST_DEPTH) when read.
    if (level >= 0 && unchecked(this.listOrdered[level])) {
      const n = unchecked(++this.listCounter[level]);
      appendInt(this.prefix, n);
      this.prefix.push(0x2e);
      this.prefix.push(0x20);
    } else {
      this.prefix.push(0x2d);
      this.prefix.push(0x20);
    }
  }

  row(): void {
    this.block(1);
    this.cellIndex = 0;
  }

  cell(): void {
    if (this.cellIndex > 0 && this.started && this.pendingBreak == 0) {
      this.beforeText();
      this.out.push(0x20);
      this.out.push(0x7c);
      this.out.push(0x20);
      this.trailingNewlines = 0;
    }
    this.cellIndex++;
  }

  /** Start a link whose decoded href is in this.href (empty: not a link worth showing). */
  openLink(): void {
    if (this.linkOpen) this.closeLink();
    const h = this.href;
    if (h.length == 0 || h.length > MAX_HREF || load<u8>(h.ptr) == 0x23 || startsWithIgnoreCase(h, "javascript:")
      || startsWithIgnoreCase(h, "data:")) {
      return;
    }
    this.linkOpen = true;
    this.linkTextStart = this.out.length;
  }

  closeLink(): void {
    if (!this.linkOpen) return;
    this.linkOpen = false;
    const h = this.href;
    let start = this.linkTextStart;
    while (start < this.out.length && load<u8>(this.out.ptr + <usize>start) <= 0x20) start++;
    const textLen = this.out.length - start;
    const textPtr = this.out.ptr + <usize>start;
    // `text (url)`, unless the text already is the url.
    if (textLen == h.length && memory.compare(textPtr, h.ptr, <usize>textLen) == 0) return;
    this.beforeText();
    if (textLen > 0) this.out.push(0x20);
    this.out.push(0x28);
    this.out.append(h.ptr, h.length);
    this.out.push(0x29);
    this.trailingNewlines = 0;
  }

  /** End of input: drop trailing whitespace. */
  finish(): void {
    if (this.linkOpen) this.closeLink();
    const out = this.out;
    while (out.length > 0) {
      const c = load<u8>(out.ptr + <usize>(out.length - 1));
      if (c != 0x0a && c != 0x20) break;
      out.length--;
    }
  }
}

function startsWithIgnoreCase(b: ByteBuffer, prefix: string): bool {
  const n = prefix.length;
  if (b.length < n) return false;
  // Skip leading spaces/controls in the href the way URL parsing does.
  let i = 0;
  while (i < b.length && load<u8>(b.ptr + <usize>i) <= 0x20) i++;
  if (b.length - i < n) return false;
  for (let k = 0; k < n; k++) {
    const c = <u32>load<u8>(b.ptr + <usize>(i + k));
    const lc = c - 0x41 < 26 ? c | 0x20 : c;
    if (lc != <u32>prefix.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * Copy text runs with ByteBuffer.append (the reference of copyInto) instead: set by the
 * converter's oracle spec, read only in builds with the compile-time constant ORACLES.
 */
let plainCopy = false;

export function setPlainCopy(on: bool): void {
  plainCopy = on;
}

/**
 * Append (p, n) to out sixteen bytes a store: text runs are tens of bytes, where memory.copy is a
 * call into V8's runtime. Never reads past p + n (the input may end at the end of memory); the
 * last sixteen bytes of a run of sixteen or more are copied again, overlapping.
 */
function copyInto(out: ByteBuffer, p: usize, n: i32): void {
  if (n > 256) {
    out.append(p, n);
    return;
  }
  const len = out.length;
  if (len + n > out.data.length) out.ensure(n);
  const dst = out.ptr + <usize>len;
  const m = <usize>n;
  if (m >= 16) {
    let i: usize = 0;
    for (; i + 16 <= m; i += 16) v128.store(dst + i, v128.load(p + i));
    if (i < m) v128.store(dst + m - 16, v128.load(p + m - 16));
  } else if (m >= 8) {
    store<u64>(dst, load<u64>(p));
    store<u64>(dst + m - 8, load<u64>(p + m - 8));
  } else {
    for (let i: usize = 0; i < m; i++) store<u8>(dst + i, load<u8>(p + i));
  }
  out.length = len + n;
}
