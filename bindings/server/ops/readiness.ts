/**
 * @module
 * Readiness: the server can decide. The policy is loaded and every store
 * answers a cheap query within a deadline. A store that is down, or a
 * SQLite file whose lock another process holds past the deadline, makes the
 * server not ready; it is ready again as soon as the store answers.
 */

export interface ReadinessCheck {
  name: string;
  /** Resolves when healthy; throws (or outlasts the deadline) when not. */
  probe(): Promise<void>;
}

export interface ReadinessReport {
  ready: boolean;
  checks: { name: string; ok: boolean; reason?: string }[];
}

/** Each probe runs at most this long (default) before it counts as failed. */
export const PROBE_DEADLINE_MS = 1000;

/** `onFailure` hears of every failed or late probe (to count and log it). */
export async function checkReadiness(
  checks: readonly ReadinessCheck[],
  deadlineMs = PROBE_DEADLINE_MS,
  onFailure?: (name: string, reason: string) => void,
): Promise<ReadinessReport> {
  const results = await Promise.all(checks.map(async (check) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${deadlineMs} ms`)), deadlineMs);
    });
    try {
      await Promise.race([check.probe(), late]);
      return { name: check.name, ok: true };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      onFailure?.(check.name, reason);
      return { name: check.name, ok: false, reason };
    } finally {
      clearTimeout(timer);
    }
  }));
  return { ready: results.every((r) => r.ok), checks: results };
}
