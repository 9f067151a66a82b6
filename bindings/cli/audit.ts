/**
 * @module
 * `portcullis audit verify FILE`: check a hash-chained audit log and name the
 * first line where it breaks.
 */

import { readFileSync } from "node:fs";
import { verifyAuditChain } from "../proof/index.ts";
import { UsageError } from "./usage-error.ts";

interface Io {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

export async function auditCommand(args: string[], io: Io): Promise<number> {
  const [action, file, ...extra] = args;
  if (action !== "verify") throw new UsageError(action === undefined ? "expected `verify FILE`" : `unknown action '${action}' (expected verify)`);
  if (file === undefined || file.startsWith("-")) throw new UsageError("expected the audit file to verify");
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}'`);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    io.stderr.write(`portcullis audit: cannot read ${file}: ${(error as Error).message}\n`);
    return 2;
  }
  const verdict = await verifyAuditChain(text);
  if (verdict.ok) {
    io.stdout.write(`${file}: ${verdict.count} record${verdict.count === 1 ? "" : "s"}, chain intact${verdict.head ? ` (last hash ${verdict.head.hash})` : ""}\n`);
    return 0;
  }
  io.stderr.write(`${file}:${verdict.line}: ${verdict.problem} (${verdict.count} record${verdict.count === 1 ? "" : "s"} verified before it)\n`);
  return 1;
}
