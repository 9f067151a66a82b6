/**
 * @module
 * The check a policy must pass before a reload swaps it in, beyond loading
 * (which already validates it): the tests a config carries in `tests:`.
 * Until a runner for them is wired in here, a config that carries tests is
 * refused rather than swapped in unchecked (fail closed).
 */

import type { LoadedGuard } from "../../config/index.ts";

export async function checkPolicyTests(loaded: LoadedGuard): Promise<void> {
  const tests = (loaded.config as { tests?: unknown }).tests;
  if (tests === undefined) return;
  throw new Error(`${loaded.file}: this server cannot run the policy's tests: refusing it unchecked`);
}
