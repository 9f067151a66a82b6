// A small deterministic PRNG (mulberry32) with the helpers the generators use. Script n of seed s is always the
// same script: its generator is seeded from (s, n) alone.

export function rngFor(seed, n) {
  // Mix the run seed and the script number into one 32-bit state (splitmix-style).
  let h = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(n + 0x632be5ab, 0xc2b2ae35)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  return new Rng(h ^ (h >>> 15));
}

export class Rng {
  constructor(state) {
    this.s = state >>> 0;
  }
  /** Uniform in [0, 1). */
  next() {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n) {
    return Math.floor(this.next() * n);
  }
  chance(p) {
    return this.next() < p;
  }
  pick(list) {
    return list[this.int(list.length)];
  }
  /** Picks from [[weight, value], …]; a function value is called. */
  weighted(entries) {
    let total = 0;
    for (const [w] of entries) total += w;
    let r = this.next() * total;
    for (const [w, v] of entries) {
      if ((r -= w) < 0) return typeof v === "function" ? v() : v;
    }
    const last = entries[entries.length - 1][1];
    return typeof last === "function" ? last() : last;
  }
}
