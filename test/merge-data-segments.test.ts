// scripts/merge-data-segments.mjs (run by the policy.wasm build): fewer data segments, the same starting memory.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { mergeDataSegments, sameStartingMemory } from "../scripts/merge-data-segments.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

/** A module with one exported page of memory and these active segments: [offset, bytes]. */
function moduleWith(segments: [number, number[]][], passive: number[] | null = null): Uint8Array {
  const leb = (n: number) => {
    const out = [];
    do {
      let b = n & 0x7f;
      n >>>= 7;
      if (n) b |= 0x80;
      out.push(b);
    } while (n);
    return out;
  };
  const section = (id: number, body: number[]) => [id, ...leb(body.length), ...body];
  const sleb = (n: number) => (n < 64 ? [n] : n < 8192 ? [(n & 0x7f) | 0x80, n >> 7] : [(n & 0x7f) | 0x80, ((n >> 7) & 0x7f) | 0x80, n >> 14]);
  const data = segments.flatMap(([offset, bytes]) => [0, 0x41, ...sleb(offset), 0x0b, ...leb(bytes.length), ...bytes]);
  const passiveBytes = passive ? [1, ...leb(passive.length), ...passive] : [];
  const count = segments.length + (passive ? 1 : 0);
  return Uint8Array.from([
    0, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
    ...section(5, [1, 0, 1]), // memory: one page
    ...section(7, [1, 6, ...Array.from("memory", (c) => c.charCodeAt(0)), 2, 0]), // export "memory"
    ...section(12, leb(count)),
    ...section(11, [...leb(count), ...data, ...passiveBytes]),
  ]);
}

function segmentCount(bytes: Uint8Array): number {
  let pos = 8;
  while (pos < bytes.length) {
    const id = bytes[pos++]!;
    let size = 0;
    for (let shift = 0; ; shift += 7) {
      const b = bytes[pos++]!;
      size |= (b & 0x7f) << shift;
      if (!(b & 0x80)) break;
    }
    if (id === 11) return bytes[pos]!; // fewer than 128 segments in these modules
    pos += size;
  }
  return 0;
}

describe("merging data segments", () => {
  it("joins segments a small gap apart; the memory an instance starts with is the same", () => {
    const original = moduleWith([[16, [1, 2, 3]], [32, [4, 5]], [40, [6]], [200, [7, 7, 7]]]);
    const merged = mergeDataSegments(original);
    expect(segmentCount(original)).toBe(4);
    expect(segmentCount(merged)).toBe(1);
    expect(sameStartingMemory(original, merged)).toBe(true);
    const memory = new Uint8Array((new WebAssembly.Instance(new WebAssembly.Module(merged)).exports.memory as WebAssembly.Memory).buffer);
    expect([...memory.subarray(16, 20), ...memory.subarray(32, 35), memory[40], ...memory.subarray(200, 203)]).toEqual([1, 2, 3, 0, 4, 5, 0, 6, 7, 7, 7]);
  });

  it("keeps far-apart and overlapping segments apart, in order (a later one still overwrites)", () => {
    const original = moduleWith([[16, [1, 2, 3, 4]], [18, [9, 9]], [20_000, [5]]]);
    const merged = mergeDataSegments(original);
    expect(segmentCount(merged)).toBe(3);
    expect(sameStartingMemory(original, merged)).toBe(true);
  });

  it("the check it relies on sees a difference in the starting memory", () => {
    expect(sameStartingMemory(moduleWith([[16, [1, 2]]]), moduleWith([[16, [1, 3]]]))).toBe(false);
  });

  it("refuses a segment it does not understand instead of dropping it", () => {
    expect(() => mergeDataSegments(moduleWith([[16, [1]]], [5, 6]))).toThrow(/not an active segment/);
  });

  it("the built policy.wasm is merged already (merging again changes nothing)", () => {
    const built = new Uint8Array(readFileSync(`${root}dist/policy.wasm`));
    expect(Buffer.from(mergeDataSegments(built)).equals(Buffer.from(built))).toBe(true);
    expect(segmentCount(built)).toBeLessThan(10);
  });
});
