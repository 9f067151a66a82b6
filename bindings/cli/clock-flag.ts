/** `--now ISO-8601`: the clock a policy is judged by. */

import { UsageError } from "./usage-error.ts";

export function clockFrom(now: string | undefined): (() => number) | undefined {
  if (now === undefined) return undefined;
  // Require a zone: a local time would make the decision depend on the machine.
  const ms = /(?:Z|[+-]\d\d:\d\d)$/i.test(now) ? Date.parse(now) : NaN;
  if (Number.isNaN(ms)) throw new UsageError(`--now must be an ISO-8601 timestamp with a zone, got '${now}'`);
  return () => ms;
}
