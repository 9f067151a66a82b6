/**
 * @module
 * A hash-chained JSON Lines audit log. Each record carries its sequence
 * number, the hash of the record before it (`prev`) and its own `hash`
 * (SHA-256 over the canonical JSON of the record without `hash`), so removing,
 * reordering, editing or cutting a line breaks the chain at that line.
 * What it cannot show on its own: records cut off the end, or a last line
 * rewritten with a fresh hash — keep the last hash somewhere else (a receipt,
 * another system) when that matters.
 */

import { canonicalJson, sha256Hex } from "../canonical/index.ts";
import { loadOnce } from "../core/index.ts";

/** Where a chain stands: the last record's sequence number and hash. */
export interface ChainHead {
  seq: number;
  hash: string;
}

/** The fields chaining adds to every record. */
export interface ChainFields {
  seq: number;
  prev: string | null;
  hash: string;
}

export class AuditChainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AuditChainError";
  }
}

/** Reading a chain back (audit-chain-check.ts) is imported on first use: writing one never loads it. */
const chainCheck = loadOnce(() => import("./audit-chain-check.ts"));

/** The hash a chained record must carry: SHA-256 of its canonical JSON without `hash`. */
export function recordHash(record: Record<string, unknown>): Promise<string> {
  const { hash: _ignored, ...rest } = record;
  return sha256Hex(canonicalJson(rest));
}

/**
 * The chain head stored in a file's last line (null for an empty file), after
 * checking that line's own hash. A last line that is cut off, unchained or
 * edited is an AuditChainError: appending to it would hide the damage.
 */
export async function chainHeadOf(lastLine: string | null, where = "audit file"): Promise<ChainHead | null> {
  return (await chainCheck()).chainHeadOf(lastLine, where);
}

export interface ChainedSinkOptions {
  /**
   * Where the chain stands before the first record: a head, or a function that
   * finds it (e.g. reads a file's last line) — called once, at the first write,
   * so a process that restarts continues the chain it finds.
   */
  resume?: ChainHead | null | (() => ChainHead | null | Promise<ChainHead | null>);
  /**
   * Call `resume` before every record, not only the first: for a file other processes append to in turn
   * (one `portcullis hook` process per call), the chain continues from whatever was written last.
   */
  resumeEachRecord?: boolean;
}

/**
 * A sink that writes each event as one chained JSON line through `write`.
 * Writes are serialised: concurrent calls chain in call order, and a failed
 * write leaves the head where it was so the next record links to the last
 * one written. Two processes appending at the same moment fork the chain; with
 * `resumeEachRecord` they may take turns.
 */
export function chainedJsonLinesSink<E extends object>(
  write: (line: string) => void | Promise<void>,
  options: ChainedSinkOptions = {},
): (event: E) => Promise<void> {
  let head: Promise<ChainHead | null> | null = null;
  let tail: Promise<unknown> = Promise.resolve();
  const start = () => {
    const resume = options.resume;
    return typeof resume === "function" ? Promise.resolve().then(resume) : Promise.resolve(resume ?? null);
  };
  const append = async (event: E) => {
    if (options.resumeEachRecord) head = start();
    head ??= start();
    let current: ChainHead | null;
    try {
      current = await head;
    } catch (error) {
      head = null; // try again on the next record (the file may have been fixed)
      throw error;
    }
    const seq = current ? current.seq + 1 : 0;
    const record: Record<string, unknown> = { ...event, seq, prev: current ? current.hash : null };
    delete record.hash;
    const hash = await recordHash(record);
    await write(JSON.stringify({ ...record, hash }) + "\n");
    head = Promise.resolve({ seq, hash });
  };
  return (event) => {
    const run = tail.then(() => append(event));
    tail = run.catch(() => undefined);
    return run;
  };
}

export type ChainVerdict =
  | { ok: true; count: number; head: ChainHead | null }
  | { ok: false; line: number; problem: string; count: number };

/**
 * Check a whole chained log. On the first broken line: its 1-based number and
 * what is wrong with it (`count` is how many lines verified before it).
 */
export async function verifyAuditChain(text: string): Promise<ChainVerdict> {
  return (await chainCheck()).verifyAuditChain(text);
}
