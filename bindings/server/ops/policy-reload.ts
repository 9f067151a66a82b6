/**
 * @module
 * Reload a server's policy from its file: load and validate the new
 * config, run its checks, then `Guard.reload` swaps it in (calls in flight
 * finish on the old one). A file that fails to load or whose checks fail is
 * refused with an error log line, and the old policy keeps deciding.
 * Reloads run one at a time, in the order they were asked for, so an
 * older edit that loads slowly never replaces a newer one.
 */

import type { Guard } from "../../middleware/index.ts";
import type { LoadedGuard } from "../../config/index.ts";
import { errorText, type JsonLog } from "./json-log.ts";
import type { ServerMetrics } from "./metrics.ts";
import { checkPolicyTests } from "./policy-tests.ts";

export interface PolicyReloaderOptions {
  guard: Guard;
  file: string;
  /** Loads the file as the server first did (same usage store, same extra sinks). */
  load: (file: string) => Promise<LoadedGuard>;
  log?: JsonLog;
  metrics?: ServerMetrics;
  /** After a reload was applied (e.g. to watch the passports the new policy names). */
  onApplied?: (loaded: LoadedGuard) => void;
}

export interface PolicyReloader {
  /** True when the new policy now decides; false when it was refused (logged). */
  reload(): Promise<boolean>;
}

export function createPolicyReloader(options: PolicyReloaderOptions): PolicyReloader {
  const { guard, file, log, metrics } = options;
  let queue: Promise<unknown> = Promise.resolve();

  async function once(): Promise<boolean> {
    let loaded: LoadedGuard;
    try {
      loaded = await options.load(file);
    } catch (error) {
      return refuse(error);
    }
    try {
      const { previous, current } = await guard.reload(loaded.guard, { verify: () => checkPolicyTests(loaded) });
      metrics?.reload("applied");
      metrics?.policy(current);
      log?.info("policy_reloaded", { file, previous_digest: previous, policy_digest: current });
      options.onApplied?.(loaded);
      return true;
    } catch (error) {
      return refuse(error);
    }
  }

  function refuse(error: unknown): boolean {
    metrics?.reload("refused");
    log?.error("policy_reload_refused", { file, policy_digest: guard.policyDigest, message: errorText(error) });
    return false;
  }

  return {
    reload() {
      const next = queue.then(once, once);
      queue = next;
      return next;
    },
  };
}
