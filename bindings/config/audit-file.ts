/**
 * @module
 * Node: JSON Lines audit files, plain or hash-chained. A chained file
 * continues from its last line, read before each record is written, so a
 * restarted process, or another one taking turns (the next `portcullis hook`
 * run beside a resident one), extends the same chain.
 */

import { appendFileSync, closeSync, fstatSync, openSync, readSync } from "node:fs";
import { jsonLinesSink, type AuditSink } from "../middleware/index.ts";
import { chainedJsonLinesSink, chainHeadOf } from "../proof/index.ts";

/** A sink appending to `file`; with `chain`, each record is linked to the one before. */
export function auditFileSink(file: string, options: { chain?: boolean } = {}): AuditSink {
  const append = (line: string) => appendFileSync(file, line);
  if (!options.chain) return jsonLinesSink(append);
  // Read the head before every record: another process (the next hook call) may have appended since.
  return chainedJsonLinesSink(append, { resume: () => chainHeadOf(lastLine(file), file), resumeEachRecord: true });
}

/** The file's last line (without its newline), "" for an empty or missing file; a cut-off last line as it is. */
export function lastLine(file: string): string {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return "";
    throw error;
  }
  try {
    const size = fstatSync(fd).size;
    // Records are small: read backwards from the end until a line break before the last line appears.
    for (let chunk = 4096; ; chunk *= 4) {
      const length = Math.min(chunk, size);
      const buffer = Buffer.alloc(length);
      readSync(fd, buffer, 0, length, size - length);
      let text = buffer.toString("utf8");
      if (text.endsWith("\n")) text = text.slice(0, -1);
      const cut = text.lastIndexOf("\n");
      if (cut >= 0 || length === size) return text.slice(cut + 1);
    }
  } finally {
    closeSync(fd);
  }
}
