// Whole numbers as JSON carries them: counts, limits and amounts in minor
// units. An f64 represents every integer up to 2^53 - 1 exactly; above that
// two different amounts can compare equal, so larger values are refused.

export const MAX_SAFE_INTEGER: f64 = 9007199254740991;

/** True for 0, 1, 2, … 2^53 - 1 (false for NaN, fractions, negatives). */
export function isSafeWhole(v: f64): bool {
  return v >= 0 && v <= MAX_SAFE_INTEGER && v == Math.floor(v);
}
