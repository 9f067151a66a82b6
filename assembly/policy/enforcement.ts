// Enforcement modes (`enforce`, `warn`, `shadow`) at the passport's top level
// and in each capability's limits block. The core decides every call the
// same whatever the mode; the bindings apply the mode to the decision
// afterwards (bindings/rollout/enforcement.ts). The core still reads the
// value so that a passport with a mistyped mode fails to load instead of
// being enforced differently from what its author meant.

import { Json, DUPLICATE } from "../json/reader";
import { LoadErrors } from "./load-errors";

/** Check the `enforcement` value at `pos` (-1 = absent, which means enforce; DUPLICATE is an error). */
export function checkEnforcement(json: Json, pos: i32, path: string, errors: LoadErrors): void {
  if (pos == DUPLICATE) {
    errors.add(path, "duplicate key 'enforcement'");
    return;
  }
  if (pos < 0) return;
  const mode = json.readString(pos);
  if (mode == null || (mode != "enforce" && mode != "warn" && mode != "shadow")) {
    errors.add(path, "expected \"enforce\", \"warn\" or \"shadow\"");
  }
}
