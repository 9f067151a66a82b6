// A compiled policy: loaded once into the instance, then asked about each
// request. Subclasses are the providers implemented in the core.

import { RequestView } from "./request";
import { Verdict } from "./verdict";

export abstract class Policy {
  /** Decide one parsed request. `now` is epoch milliseconds from the host (NaN if unknown). */
  abstract evaluate(request: RequestView, now: f64, verdict: Verdict): void;
}
