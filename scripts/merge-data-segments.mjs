// Merges a wasm module's active data segments that lie close together into one segment each, the gaps between them
// filled with zeros (what a fresh memory holds there anyway, so the instance starts from the same bytes).
// AssemblyScript emits one segment per static object: ~3,000 for policy.wasm, each with its own offset expression
// and length, 21 KB raw and 10 KB gzipped of bookkeeping (bench/load.mjs measures the sizes).
//
//   mergeDataSegments(bytes) -> bytes   (throws on a data segment it does not understand)
//   sameStartingMemory(a, b) -> bool    (instantiates both; their memories after start must be equal)

/** Gaps up to this many bytes are filled; a longer one starts a new segment (zeros cost raw bytes, not gzip). */
const MAX_GAP = 4096;
const DATA_SECTION = 11;
const DATA_COUNT_SECTION = 12;
const I32_CONST = 0x41;
const END = 0x0b;

function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at.pos++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return value;
}

function leb(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return Uint8Array.from(out);
}

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Active segments of memory 0 at an i32.const offset, in order; anything else throws. */
function readSegments(bytes, start, end) {
  const at = { pos: start };
  const count = readLeb(bytes, at);
  const segments = [];
  for (let i = 0; i < count; i++) {
    const kind = readLeb(bytes, at);
    if (kind !== 0) throw new Error(`merge-data-segments: segment ${i} is not an active segment of memory 0 (kind ${kind})`);
    if (bytes[at.pos++] !== I32_CONST) throw new Error(`merge-data-segments: segment ${i}'s offset is not an i32.const`);
    const offset = readLeb(bytes, at); // the offsets are small and positive: the signed LEB reads the same
    if (bytes[at.pos++] !== END) throw new Error(`merge-data-segments: segment ${i}'s offset is not a constant`);
    const length = readLeb(bytes, at);
    segments.push({ offset, data: bytes.subarray(at.pos, at.pos + length) });
    at.pos += length;
  }
  if (at.pos !== end) throw new Error("merge-data-segments: the data section has bytes past its segments");
  return segments;
}

/** Segments in order, each run whose gaps are at most MAX_GAP bytes (and that never overlaps) as one. */
function merged(segments) {
  const runs = [];
  for (const segment of segments) {
    const last = runs.at(-1);
    const lastEnd = last ? last.offset + last.length : 0;
    if (last && segment.offset >= lastEnd && segment.offset - lastEnd <= MAX_GAP) {
      last.parts.push(segment);
      last.length = segment.offset + segment.data.length - last.offset;
    } else {
      runs.push({ offset: segment.offset, length: segment.data.length, parts: [segment] });
    }
  }
  return runs.map((run) => {
    const data = new Uint8Array(run.length);
    for (const part of run.parts) data.set(part.data, part.offset - run.offset);
    return { offset: run.offset, data };
  });
}

function signedLeb(value) {
  // i32.const takes a signed LEB128: a positive value whose top bit of the last group is set needs one more group.
  const out = [];
  for (;;) {
    const byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value === 0 && (byte & 0x40) === 0) {
      out.push(byte);
      return Uint8Array.from(out);
    }
    out.push(byte | 0x80);
  }
}

export function mergeDataSegments(bytes) {
  if (bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d) throw new Error("merge-data-segments: not a wasm module");
  const parts = [bytes.subarray(0, 8)];
  let count = null;
  const at = { pos: 8 };
  while (at.pos < bytes.length) {
    const sectionStart = at.pos;
    const id = bytes[at.pos++];
    const size = readLeb(bytes, at);
    const bodyStart = at.pos;
    const bodyEnd = bodyStart + size;
    if (id === DATA_SECTION) {
      const segments = merged(readSegments(bytes, bodyStart, bodyEnd));
      count = segments.length;
      const body = concat([leb(count), ...segments.flatMap(({ offset, data }) => [Uint8Array.of(0, I32_CONST), signedLeb(offset), Uint8Array.of(END), leb(data.length), data])]);
      parts.push(Uint8Array.of(DATA_SECTION), leb(body.length), body);
    } else if (id === DATA_COUNT_SECTION) {
      parts.push({ dataCount: true });
    } else {
      parts.push(bytes.subarray(sectionStart, bodyEnd));
    }
    at.pos = bodyEnd;
  }
  // The data count section comes before the code section, so it is written once the new count is known.
  return concat(parts.map((part) => (part.dataCount ? concat([Uint8Array.of(DATA_COUNT_SECTION), leb(leb(count).length), leb(count)]) : part)));
}

/** Whether two modules (no imports) start from the same memory: after instantiation, start function included. */
export function sameStartingMemory(a, b) {
  const memory = (bytes) => {
    const exports = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports;
    return new Uint8Array(exports.memory.buffer);
  };
  const [x, y] = [memory(a), memory(b)];
  return x.length === y.length && x.every((byte, i) => byte === y[i]);
}
