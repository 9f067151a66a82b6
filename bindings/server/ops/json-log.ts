/**
 * @module
 * Structured logs for `portcullis serve`: one JSON object per line, with
 * `time`, `level` and `event` first, then the event's own fields. Callers
 * pass only what is safe to keep: ids, codes, digests, statuses, timings —
 * never tool arguments, reason messages, request bodies or tokens.
 */

export type LogLevel = "info" | "warn" | "error";

export type LogFields = Record<string, string | number | boolean | null | string[] | undefined>;

export interface JsonLog {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

export function createJsonLog(write: (line: string) => void, clock: () => number = Date.now): JsonLog {
  const emit = (level: LogLevel, event: string, fields: LogFields = {}) => {
    const record: Record<string, unknown> = { time: new Date(clock()).toISOString(), level, event };
    for (const [key, value] of Object.entries(fields)) if (value !== undefined && !(key in record)) record[key] = value;
    try {
      write(JSON.stringify(record) + "\n");
    } catch {
      // A closed log stream must not take a request down with it.
    }
  };
  return {
    info: (event, fields) => emit("info", event, fields),
    warn: (event, fields) => emit("warn", event, fields),
    error: (event, fields) => emit("error", event, fields),
  };
}

/** An error's message for a log line: one line, bounded, never a stack. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").slice(0, 500);
}
