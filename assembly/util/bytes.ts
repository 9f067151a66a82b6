// Byte helpers shared by every part of the core. The core works on UTF-8
// bytes in linear memory; these are the few primitives that everything needs.

/** A run of UTF-8 bytes owned by the policy (compiled once, compared often). */
export type Bytes = StaticArray<u8>;

/** UTF-8 encode an AS string into an owned byte array (policy compile time only). */
export function utf8(s: string): Bytes {
  const buf = String.UTF8.encode(s, false);
  const n = buf.byteLength;
  const out = new StaticArray<u8>(n);
  memory.copy(changetype<usize>(out), changetype<usize>(buf), n);
  return out;
}

/** Decode (ptr, len) UTF-8 into an AS string (messages and compile time only). */
export function str(ptr: usize, len: i32): string {
  return String.UTF8.decodeUnsafe(ptr, <usize>len, false);
}

/** Decode an owned byte array into an AS string. */
export function bytesToString(b: Bytes): string {
  return String.UTF8.decodeUnsafe(changetype<usize>(b), <usize>b.length, false);
}

export function bytesPtr(b: Bytes): usize {
  return changetype<usize>(b);
}

/** Exact byte equality of (a, aLen) and (b, bLen). */
export function bytesEqual(a: usize, aLen: i32, b: usize, bLen: i32): bool {
  if (aLen != bLen) return false;
  return memory.compare(a, b, <usize>aLen) == 0;
}

/** Exact equality of a memory run with an owned byte array. */
export function equalsBytes(a: usize, aLen: i32, b: Bytes): bool {
  return bytesEqual(a, aLen, changetype<usize>(b), b.length);
}

// @ts-ignore: decorator
@inline export function toLowerAscii(c: u32): u32 {
  return c - 0x41 < 26 ? c | 0x20 : c;
}

/** ASCII case-insensitive equality (non-ASCII bytes must match exactly). */
export function bytesEqualIgnoreCase(a: usize, aLen: i32, b: usize, bLen: i32): bool {
  if (aLen != bLen) return false;
  for (let i = 0; i < aLen; i++) {
    if (toLowerAscii(<u32>load<u8>(a + i)) != toLowerAscii(<u32>load<u8>(b + i))) return false;
  }
  return true;
}

/** ASCII case-insensitive equality of two strings (other characters must match exactly). */
export function equalsIgnoreAsciiCase(a: string, b: string): bool {
  if (a.length != b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (toLowerAscii(<u32>a.charCodeAt(i)) != toLowerAscii(<u32>b.charCodeAt(i))) return false;
  }
  return true;
}

/** True when (a, aLen) starts with the bytes of `prefix`. */
export function startsWithBytes(a: usize, aLen: i32, prefix: Bytes): bool {
  const n = prefix.length;
  if (n > aLen) return false;
  return memory.compare(a, changetype<usize>(prefix), <usize>n) == 0;
}

/** An owned copy of (ptr, len). */
/** Are the `n` bytes at `p` exactly one of the space-separated ASCII words of `list`? */
export function inWordList(list: string, p: usize, n: i32): bool {
  const m = list.length;
  let i = 0;
  while (i < m) {
    let j = i;
    while (j < m && list.charCodeAt(j) != 0x20) j++;
    if (j - i == n) {
      let k = 0;
      while (k < n && <u32>load<u8>(p + <usize>k) == <u32>list.charCodeAt(i + k)) k++;
      if (k == n) return true;
    }
    i = j + 1;
  }
  return false;
}

export function copyBytes(ptr: usize, len: i32): Bytes {
  const out = new StaticArray<u8>(len);
  memory.copy(changetype<usize>(out), ptr, <usize>len);
  return out;
}

/**
 * A growable byte buffer that is reused across calls, so steady-state
 * evaluation never allocates: it grows to the largest input seen, then stays.
 */
export class ByteBuffer {
  data: StaticArray<u8>;
  length: i32 = 0;

  constructor(capacity: i32 = 256) {
    this.data = new StaticArray<u8>(capacity);
  }

  // @ts-ignore: decorator
  @inline get ptr(): usize {
    return changetype<usize>(this.data);
  }

  reset(): void {
    this.length = 0;
  }

  ensure(extra: i32): void {
    const need = this.length + extra;
    if (need <= this.data.length) return;
    let cap = this.data.length << 1;
    while (cap < need) cap <<= 1;
    const next = new StaticArray<u8>(cap);
    memory.copy(changetype<usize>(next), changetype<usize>(this.data), <usize>this.length);
    this.data = next;
  }

  push(b: u8): void {
    // Callers push byte by byte: check the room here, call ensure only to grow.
    const n = this.length;
    if (n >= this.data.length) this.ensure(1);
    store<u8>(this.ptr + <usize>n, b);
    this.length = n + 1;
  }

  append(ptr: usize, len: i32): void {
    this.ensure(len);
    const dst = this.ptr + <usize>this.length;
    // Runs up to a few hundred bytes (keys, names, a command between escapes) copy faster inline, eight
    // bytes a store, than through memory.copy, which V8 makes a call into its runtime.
    if (len <= 256) {
      let i = 0;
      for (; i + 8 <= len; i += 8) store<u64>(dst + <usize>i, load<u64>(ptr + <usize>i));
      for (; i < len; i++) store<u8>(dst + <usize>i, load<u8>(ptr + <usize>i));
    } else {
      memory.copy(dst, ptr, <usize>len);
    }
    this.length += len;
  }

  appendBytes(b: Bytes): void {
    this.append(changetype<usize>(b), b.length);
  }

  appendString(s: string): void {
    const n = String.UTF8.byteLength(s, false);
    this.ensure(n);
    String.UTF8.encodeUnsafe(changetype<usize>(s), s.length, this.ptr + <usize>this.length, false);
    this.length += n;
  }

  /** Append a code point as UTF-8 (caller guarantees it is a scalar value). */
  appendCodePoint(cp: u32): void {
    if (cp < 0x80) {
      this.push(<u8>cp);
    } else if (cp < 0x800) {
      this.push(<u8>(0xc0 | (cp >> 6)));
      this.push(<u8>(0x80 | (cp & 0x3f)));
    } else if (cp < 0x10000) {
      this.push(<u8>(0xe0 | (cp >> 12)));
      this.push(<u8>(0x80 | ((cp >> 6) & 0x3f)));
      this.push(<u8>(0x80 | (cp & 0x3f)));
    } else {
      this.push(<u8>(0xf0 | (cp >> 18)));
      this.push(<u8>(0x80 | ((cp >> 12) & 0x3f)));
      this.push(<u8>(0x80 | ((cp >> 6) & 0x3f)));
      this.push(<u8>(0x80 | (cp & 0x3f)));
    }
  }

  toString(): string {
    return str(this.ptr, this.length);
  }

  toBytes(): Bytes {
    return copyBytes(this.ptr, this.length);
  }
}

/** n zeroed bytes of unmanaged memory that live as long as the instance (tables made once, never freed). */
export function allocZeroed(n: i32): usize {
  const p = heap.alloc(<usize>n);
  memory.fill(p, 0, <usize>n);
  return p;
}
