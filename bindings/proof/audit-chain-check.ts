/**
 * @module
 * Reading a hash-chained audit log back (audit-chain.ts): the head a file ends with, and the whole chain checked.
 * audit-chain.ts imports it on first use.
 */

import { parseJsonStrict } from "../canonical/index.ts";
import { AuditChainError, recordHash, type ChainHead, type ChainVerdict } from "./audit-chain.ts";

const HASH = /^[0-9a-f]{64}$/;

/**
 * The chain head stored in a file's last line (null for an empty file), after
 * checking that line's own hash. A last line that is cut off, unchained or
 * edited is an AuditChainError: appending to it would hide the damage.
 */
export async function chainHeadOf(lastLine: string | null, where = "audit file"): Promise<ChainHead | null> {
  if (lastLine === null || lastLine === "") return null;
  let record: unknown;
  try {
    record = parseJsonStrict(lastLine);
  } catch {
    throw new AuditChainError(`${where}: the last line is not a JSON record (cut off?); check it with \`portcullis audit verify\``);
  }
  const r = record as Record<string, unknown>;
  if (!isObject(record) || !Number.isSafeInteger(r.seq) || (r.seq as number) < 0 || typeof r.hash !== "string" || !HASH.test(r.hash)) {
    throw new AuditChainError(`${where}: the last line is not a chained record (no seq/hash); start a new file for a chained log`);
  }
  if ((await recordHash(r)) !== r.hash) {
    throw new AuditChainError(`${where}: the last line does not match its hash (edited?); check it with \`portcullis audit verify\``);
  }
  return { seq: r.seq as number, hash: r.hash };
}

/**
 * Check a whole chained log. On the first broken line: its 1-based number and
 * what is wrong with it (`count` is how many lines verified before it).
 */
export async function verifyAuditChain(text: string): Promise<ChainVerdict> {
  const lines = text.split("\n");
  const complete = lines.pop() === ""; // the writer ends every record with a newline
  if (!complete) lines.push(text.slice(text.lastIndexOf("\n") + 1));
  let head: ChainHead | null = null;
  for (let i = 0; i < lines.length; i++) {
    const fail = (problem: string): ChainVerdict => ({ ok: false, line: i + 1, problem, count: i });
    const line = lines[i].endsWith("\r") ? lines[i].slice(0, -1) : lines[i];
    if (line === "") return fail("empty line: records are one per line");
    let record: unknown;
    try {
      record = parseJsonStrict(line);
    } catch (error) {
      return fail(`not a JSON record (cut off or edited): ${(error as Error).message}`);
    }
    if (!isObject(record)) return fail("not a JSON object");
    const r = record as Record<string, unknown>;
    if (!Number.isSafeInteger(r.seq) || typeof r.hash !== "string" || !HASH.test(r.hash) || !("prev" in r)) {
      return fail("not a chained record (seq, prev and hash expected)");
    }
    let actual: string;
    try {
      actual = await recordHash(r);
    } catch (error) {
      return fail(`cannot be hashed: ${(error as Error).message}`);
    }
    if (actual !== r.hash) return fail("the record does not match its hash: it was edited");
    const expected: number = head ? head.seq + 1 : 0;
    if (r.seq !== expected) {
      return fail(
        head === null
          ? `the log starts at seq ${r.seq}, expected 0: records before this line were removed`
          : `seq ${r.seq} where ${expected} was expected: a record was removed here or lines were reordered`,
      );
    }
    if (r.prev !== (head ? head.hash : null)) {
      return fail(head ? `prev does not match the hash of line ${i}: that line was replaced or edited` : "the first record names a previous hash");
    }
    if (i === lines.length - 1 && !complete) return fail("the last record has no newline: the write was cut off");
    head = { seq: r.seq as number, hash: r.hash };
  }
  return { ok: true, count: lines.length, head };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
