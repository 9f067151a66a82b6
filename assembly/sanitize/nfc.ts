// NFC of one normalization segment (layer 4): full canonical decomposition, canonical ordering,
// canonical composition — UAX #15 — over the tables embedded in tables.ts, so the result is the
// same in every runtime. The pipeline (layers.ts) cuts the text into segments at characters that
// are starters with NFC_Quick_Check=Yes and calls nfcSegment only for segments that may change.
//
// Work items are packed as (ccc rank << 21) | code point, so sorting by the packed value's high
// bits is sorting by combining class. Long runs of combining marks use a counting sort: an
// attacker-sized run (a million U+0301) stays linear instead of quadratic.
import { DECOMP, DECOMP_COUNT, COMP, COMP_COUNT } from "./tables";
import { propsOf, cccOf, isHangulSyllable, F_DECOMP, F_NFC_MAYBE } from "./props";

const CP_MASK: u32 = 0x1fffff;
const S_BASE: u32 = 0xac00;
const L_BASE: u32 = 0x1100;
const V_BASE: u32 = 0x1161;
const T_BASE: u32 = 0x11a7;
const L_COUNT: u32 = 19;
const V_COUNT: u32 = 21;
const T_COUNT: u32 = 28;
const N_COUNT: u32 = V_COUNT * T_COUNT;
const S_COUNT: u32 = L_COUNT * N_COUNT;
const INSERTION_LIMIT = 32;

// Work buffers as raw pointers (see layers.ts for why); the StaticArrays keep them alive.
let outBuf = new StaticArray<u32>(64);
let outPtr: usize = changetype<usize>(outBuf);
let workBuf = new StaticArray<u32>(64);
let work: usize = changetype<usize>(workBuf);
let tmpBuf = new StaticArray<u32>(64);
let tmp: usize = changetype<usize>(tmpBuf);
const countsBuf = new StaticArray<i32>(257);
const counts: usize = changetype<usize>(countsBuf);
let workLen = 0;

/** Normalized output of the last nfcSegment call (code points, not packed). */
export function nfcOutPtr(): usize {
  return outPtr;
}

function reserve(need: i32): void {
  if (need > workBuf.length) {
    let cap = workBuf.length << 1;
    while (cap < need) cap <<= 1;
    workBuf = new StaticArray<u32>(cap);
    work = changetype<usize>(workBuf);
    outBuf = new StaticArray<u32>(cap);
    outPtr = changetype<usize>(outBuf);
    tmpBuf = new StaticArray<u32>(cap);
    tmp = changetype<usize>(tmpBuf);
  }
}

// @ts-ignore: decorator
@inline function W(i: i32): usize {
  return work + (<usize>i << 2);
}

// @ts-ignore: decorator
@inline function pack(cp: u32): u32 {
  return (cccOf(propsOf(cp)) << 21) | cp;
}

/** The DECOMP entry of cp, or 0. Binary search over sorted keys in bits 42..62. */
function findDecomp(cp: u32): u64 {
  let lo = 0;
  let hi = DECOMP_COUNT - 1;
  const key = <u64>cp;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    // mid is in [0, DECOMP_COUNT), the table's length.
    const e = load<u64>(DECOMP + (<usize>mid << 3));
    const k = e >> 42;
    if (k == key) return e;
    if (k < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}

/** First code point of cp's full canonical decomposition (cp itself when it has none). */
export function firstOfDecomposition(cp: u32): u32 {
  if (isHangulSyllable(cp)) return L_BASE + (cp - S_BASE) / N_COUNT;
  for (let depth = 0; depth < 4 && (propsOf(cp) & F_DECOMP) != 0; depth++) {
    const e = findDecomp(cp);
    if (e == 0) break;
    cp = <u32>((e >> 21) & 0x1fffff);
  }
  return cp;
}

/** Primary composite of (first, second), or 0 when they do not compose. */
export function composePair(first: u32, second: u32): u32 {
  if (first - L_BASE < L_COUNT && second - V_BASE < V_COUNT) {
    return S_BASE + ((first - L_BASE) * V_COUNT + (second - V_BASE)) * T_COUNT;
  }
  if (isHangulSyllable(first) && (first - S_BASE) % T_COUNT == 0 && second - T_BASE - 1 < T_COUNT - 1) {
    return first + (second - T_BASE);
  }
  if ((propsOf(second) & F_NFC_MAYBE) == 0) return 0;
  const key = (<u64>first << 21) | <u64>second;
  let lo = 0;
  let hi = COMP_COUNT - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const e = load<u64>(COMP + (<usize>mid << 3));
    const k = e >> 21;
    if (k == key) return <u32>(e & 0x1fffff);
    if (k < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}

/** Append the full canonical decomposition of cp to work (capacity reserved by the caller). */
function decomposeInto(cp: u32): void {
  if (isHangulSyllable(cp)) {
    const s = cp - S_BASE;
    store<u32>(W(workLen++), L_BASE + s / N_COUNT);
    store<u32>(W(workLen++), V_BASE + (s % N_COUNT) / T_COUNT);
    const t = s % T_COUNT;
    if (t != 0) store<u32>(W(workLen++), pack(T_BASE + t));
    return;
  }
  if ((propsOf(cp) & F_DECOMP) != 0) {
    const e = findDecomp(cp);
    if (e != 0) {
      // Mappings nest at most 3 deep (generator-checked full length <= 4).
      decomposeInto(<u32>((e >> 21) & 0x1fffff));
      const second = <u32>(e & 0x1fffff);
      if (second != 0) decomposeInto(second);
      return;
    }
  }
  store<u32>(W(workLen++), pack(cp));
}

/** Stable sort of work[start, end) by combining class (all non-zero). */
function sortRun(start: i32, end: i32): void {
  const n = end - start;
  if (n <= INSERTION_LIMIT) {
    for (let i = start + 1; i < end; i++) {
      const v = load<u32>(W(i));
      const key = v >> 21;
      let j = i - 1;
      while (j >= start && load<u32>(W(j)) >> 21 > key) {
        store<u32>(W(j + 1), load<u32>(W(j)));
        j--;
      }
      store<u32>(W(j + 1), v);
    }
    return;
  }
  // Counting sort (stable): counts[rank + 1] then prefix sums give each rank's first slot.
  memory.fill(counts, 0, 257 << 2);
  for (let i = start; i < end; i++) {
    const c = counts + (<usize>((load<u32>(W(i)) >> 21) + 1) << 2);
    store<i32>(c, load<i32>(c) + 1);
  }
  for (let k = 1; k < 257; k++) {
    const c = counts + (<usize>k << 2);
    store<i32>(c, load<i32>(c) + load<i32>(c - 4));
  }
  for (let i = start; i < end; i++) {
    const v = load<u32>(W(i));
    const c = counts + (<usize>(v >> 21) << 2);
    const slot = load<i32>(c);
    store<i32>(c, slot + 1);
    store<u32>(tmp + (<usize>slot << 2), v);
  }
  memory.copy(W(start), tmp, <usize>n << 2);
}

/**
 * Normalize the n code points at seg (u32 each) to NFC into nfcOutPtr(); returns the output
 * length (never more than the decomposed length, at most 4 * n).
 */
export function nfcSegment(seg: usize, n: i32): i32 {
  reserve(n * 4 + 4);
  workLen = 0;
  for (let i = 0; i < n; i++) decomposeInto(load<u32>(seg + (<usize>i << 2)));
  // Canonical ordering: sort every run of non-starters.
  let i = 0;
  while (i < workLen) {
    if (load<u32>(W(i)) >> 21 == 0) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < workLen && load<u32>(W(j)) >> 21 != 0) j++;
    if (j - i > 1) sortRun(i, j);
    i = j;
  }
  // Canonical composition (UAX #15 reference algorithm).
  if (workLen == 0) return 0;
  const out = outPtr;
  let starterPos = 0;
  let starter = load<u32>(W(0)) & CP_MASK;
  let lastClass: u32 = load<u32>(W(0)) >> 21;
  if (lastClass != 0) lastClass = 256;
  store<u32>(out, starter);
  let w = 1;
  for (let k = 1; k < workLen; k++) {
    const v = load<u32>(W(k));
    const ch = v & CP_MASK;
    const cls = v >> 21;
    const composite = lastClass == 256 ? 0 : composePair(starter, ch);
    if (composite != 0 && (lastClass < cls || lastClass == 0)) {
      store<u32>(out + (<usize>starterPos << 2), composite);
      starter = composite;
      continue;
    }
    if (cls == 0) {
      starterPos = w;
      starter = ch;
    }
    lastClass = cls;
    store<u32>(out + (<usize>w << 2), ch);
    w++;
  }
  return w;
}
