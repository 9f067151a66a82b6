// Growable buffers in unmanaged memory for the parser's tables. They are
// never freed (they live as long as the instance and are reset, not
// reallocated, per call), and their hot push/get are inlined loads and stores
// with no GC shadow-stack traffic: measured 23 ns → ~3 ns per push under the
// incremental runtime on the project machine.

/**
 * A growable i32 array, reused across calls. Its storage is unmanaged memory
 * (never freed: parser tables live as long as the instance), so the hot
 * push/get are inlined loads and stores with no GC shadow-stack traffic.
 */
@final export class IntList {
  data: usize;
  capacity: i32;
  length: i32 = 0;

  constructor(capacity: i32 = 32) {
    this.capacity = capacity;
    this.data = heap.alloc(<usize>capacity << 2);
  }

  // @ts-ignore: decorator
  @inline reset(): void {
    this.length = 0;
  }

  // @ts-ignore: decorator
  @inline push(v: i32): i32 {
    const n = this.length;
    if (n >= this.capacity) this.grow();
    store<i32>(this.data + (<usize>n << 2), v);
    this.length = n + 1;
    return n;
  }

  private grow(): void {
    this.capacity <<= 1;
    this.data = heap.realloc(this.data, <usize>this.capacity << 2);
  }

  /** Index checked against length: a logic error traps instead of reading stray memory. */
  // @ts-ignore: decorator
  @inline get(i: i32): i32 {
    if (<u32>i >= <u32>this.length) unreachable();
    return load<i32>(this.data + (<usize>i << 2));
  }

  // @ts-ignore: decorator
  @inline set(i: i32, v: i32): void {
    if (<u32>i >= <u32>this.length) unreachable();
    store<i32>(this.data + (<usize>i << 2), v);
  }

  /** The first index holding v, or -1. */
  indexOf(v: i32): i32 {
    for (let i = 0, n = this.length; i < n; i++) if (load<i32>(this.data + (<usize>i << 2)) == v) return i;
    return -1;
  }
}

/**
 * Rows of i32 fields, 1 << shift bytes each, in one growable block: the
 * parser's word, command and view tables. A row is added with one capacity
 * check and its fields stored side by side, where a column per field (an
 * IntList each) paid a check and a length update per field. `shift` is a
 * constant at every call site (Script's accessors), so addressing folds.
 */
@final export class Rows {
  data: usize;
  capacity: i32;
  length: i32 = 0;

  constructor(shift: i32, capacity: i32) {
    this.capacity = capacity;
    this.data = heap.alloc(<usize>capacity << shift);
  }

  // @ts-ignore: decorator
  @inline reset(): void {
    this.length = 0;
  }

  /** A new row at the end (its fields uninitialised: the caller stores every one). */
  // @ts-ignore: decorator
  @inline add(shift: i32): usize {
    const n = this.length;
    if (n >= this.capacity) this.grow(shift);
    this.length = n + 1;
    return this.data + (<usize>n << shift);
  }

  /** Room for `extra` more rows, so that a loop may write them through data directly (lexer.ts plainArgs). */
  // @ts-ignore: decorator
  @inline ensure(extra: i32, shift: i32): void {
    if (this.length + extra > this.capacity) this.reserve(extra, shift);
  }

  private grow(shift: i32): void {
    this.capacity <<= 1;
    this.data = heap.realloc(this.data, <usize>this.capacity << shift);
  }

  private reserve(extra: i32, shift: i32): void {
    let cap = this.capacity << 1;
    while (cap < this.length + extra) cap <<= 1;
    this.capacity = cap;
    this.data = heap.realloc(this.data, <usize>cap << shift);
  }

  /** Row i, checked against length: a logic error traps instead of reading stray memory. */
  // @ts-ignore: decorator
  @inline row(i: i32, shift: i32): usize {
    if (<u32>i >= <u32>this.length) unreachable();
    return this.data + (<usize>i << shift);
  }
}

/** A growable byte buffer in unmanaged memory with inlined push (the lexer's hot path). */
@final export class Buf {
  data: usize;
  capacity: i32;
  length: i32 = 0;

  constructor(capacity: i32 = 64) {
    this.capacity = capacity;
    this.data = heap.alloc(<usize>capacity);
  }

  // @ts-ignore: decorator
  @inline get ptr(): usize {
    return this.data;
  }

  // @ts-ignore: decorator
  @inline reset(): void {
    this.length = 0;
  }

  // @ts-ignore: decorator
  @inline ensure(extra: i32): void {
    if (this.length + extra > this.capacity) this.grow(extra);
  }

  private grow(extra: i32): void {
    let cap = this.capacity << 1;
    while (cap < this.length + extra) cap <<= 1;
    this.capacity = cap;
    this.data = heap.realloc(this.data, <usize>cap);
  }

  // @ts-ignore: decorator
  @inline push(b: u32): void {
    const n = this.length;
    if (n >= this.capacity) this.grow(1);
    store<u8>(this.data + <usize>n, <u8>b);
    this.length = n + 1;
  }

  // @ts-ignore: decorator
  @inline append(p: usize, n: i32): void {
    if (this.length + n > this.capacity) {
      // Bytes from this buffer itself (a word re-committed from the arena) move with it.
      const inside = p >= this.data && p < this.data + <usize>this.capacity;
      const offset = p - this.data;
      this.grow(n);
      if (inside) p = this.data + offset;
    }
    copyBytes(this.data + <usize>this.length, p, n);
    this.length += n;
  }

  // @ts-ignore: decorator
  @inline fill(b: u32, n: i32): void {
    this.ensure(n);
    fillBytes(this.data + <usize>this.length, b, n);
    this.length += n;
  }

  /** n zero bytes, eight a store (the stores may run up to 7 bytes past them, within capacity). */
  // @ts-ignore: decorator
  @inline appendZeros(n: i32): void {
    this.ensure(n + 8);
    const d = this.data + <usize>this.length;
    for (let i = 0; i < n; i += 8) store<u64>(d + <usize>i, 0);
    this.length += n;
  }

  appendString(s: string): void {
    const n = String.UTF8.byteLength(s, false);
    this.ensure(n);
    String.UTF8.encodeUnsafe(changetype<usize>(s), s.length, this.data + <usize>this.length, false);
    this.length += n;
  }

  /** Append a code point as UTF-8 (caller guarantees a scalar value). */
  appendCodePoint(cp: u32): void {
    if (cp < 0x80) this.push(cp);
    else if (cp < 0x800) { this.push(0xc0 | (cp >> 6)); this.push(0x80 | (cp & 0x3f)); }
    else if (cp < 0x10000) { this.push(0xe0 | (cp >> 12)); this.push(0x80 | ((cp >> 6) & 0x3f)); this.push(0x80 | (cp & 0x3f)); }
    else {
      this.push(0xf0 | (cp >> 18)); this.push(0x80 | ((cp >> 12) & 0x3f));
      this.push(0x80 | ((cp >> 6) & 0x3f)); this.push(0x80 | (cp & 0x3f));
    }
  }

  toString(): string {
    return String.UTF8.decodeUnsafe(this.data, <usize>this.length, false);
  }
}


// V8 lowers `memory.copy`/`memory.fill` to a call into the runtime, which costs
// about a hundred instructions; words and names are mostly a few bytes, so
// short runs are copied inline (measured: ~800 → ~300 instructions per word).
const SHORT_RUN: i32 = 32;

/** Copy n bytes from src to dst (non-overlapping), eight a step: exactly those bytes are read and written. */
export function copyBytes(dst: usize, src: usize, n: i32): void {
  if (n > SHORT_RUN) {
    memory.copy(dst, src, <usize>n);
    return;
  }
  let i = 0;
  for (; i + 8 <= n; i += 8) store<u64>(dst + <usize>i, load<u64>(src + <usize>i));
  if (i + 4 <= n) {
    store<u32>(dst + <usize>i, load<u32>(src + <usize>i));
    i += 4;
  }
  for (; i < n; i++) store<u8>(dst + <usize>i, load<u8>(src + <usize>i));
}

/** Set n bytes at dst to b, eight a step: exactly those bytes are written. */
export function fillBytes(dst: usize, b: u32, n: i32): void {
  if (n > SHORT_RUN) {
    memory.fill(dst, <u8>b, <usize>n);
    return;
  }
  let i = 0;
  const eight = <u64>(b & 0xff) * 0x0101010101010101;
  for (; i + 8 <= n; i += 8) store<u64>(dst + <usize>i, eight);
  for (; i < n; i++) store<u8>(dst + <usize>i, <u8>b);
}
