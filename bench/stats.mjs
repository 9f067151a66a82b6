// Latency summaries for the benches: the median alone hides the tail (a GC pause, a memory grow, a
// slow path one input in a hundred takes), so every row reports p50, p99 and max as well.
// Percentiles are nearest-rank over the sorted samples: with fewer than 100 samples p99 is the max.

/** p50, p99 and max of `samples` (any unit; the array is not modified). */
export function summarize(samples) {
  const sorted = Float64Array.from(samples).sort();
  const rank = (q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  return { p50: rank(0.5), p99: rank(0.99), max: sorted[sorted.length - 1], n: sorted.length };
}

/** Rounded for printing and JSON rows. */
export const round = (x, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * Per-call tail of `fn`: `count` calls timed one by one (hrtime adds some tens of ns to each, the
 * same for every row), after the caller's warm-up. Returns the summary in ns.
 */
export function timeEach(fn, count) {
  const samples = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    samples[i] = Number(process.hrtime.bigint() - t0);
  }
  return summarize(samples);
}
