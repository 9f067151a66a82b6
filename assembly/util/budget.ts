// A deterministic work budget for one decision. The shell analysis charges
// the work it does (bytes parsed, views walked, directory bytes resolved,
// path matches tried, candidate directories classified) in units that stand
// for a few nanoseconds each; past WORK_BUDGET the decision is denied
// (oap.work_budget_exceeded) instead of running on. The count depends only on
// the input, never on a clock, so the same request is denied or allowed the
// same way on every runtime and machine. A benign command of a few hundred
// bytes spends a few thousand units; the budget is set far above any real
// command and low enough that reaching it takes milliseconds
// (test/work-budget.test.ts measures both).

/** Units one decision may spend. */
export const WORK_BUDGET: i64 = 2_000_000;

let spent: i64 = 0;

/** Start counting a new decision. */
export function resetWork(): void {
  spent = 0;
}

/** Charge `units`; false once the decision is over budget (the caller stops and the decision denies). */
// @ts-ignore: decorator
@inline export function spend(units: i64): bool {
  spent += units;
  return spent <= WORK_BUDGET;
}

/** Has this decision spent more than WORK_BUDGET? */
// @ts-ignore: decorator
@inline export function overBudget(): bool {
  return spent > WORK_BUDGET;
}

/** Units spent so far by this decision (for tests and the bench). */
export function workSpent(): i64 {
  return spent;
}
