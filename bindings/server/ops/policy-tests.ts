/**
 * @module
 * The check a policy must pass before a reload swaps it in, beyond loading
 * (which already validates it): the tests it carries in `tests:` (the config's
 * and its passport's). A failing test refuses the reload with the same
 * located message `portcullis validate` prints; the old policy stays.
 */

import { requirePassingTests, type LoadedGuard } from "../../config/index.ts";

export async function checkPolicyTests(loaded: LoadedGuard): Promise<void> {
  await requirePassingTests(loaded.guard, loaded.tests);
}
