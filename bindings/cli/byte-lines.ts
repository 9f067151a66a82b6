/**
 * @module
 * JSON Lines input as raw bytes: the CLI verbs hand each line to the core as sent.
 */

import { concatBytes } from "../core/concat-bytes.ts";

/**
 * Split a byte stream on LF (a trailing CR is dropped), without decoding: bytes reach the core as
 * sent. The unfinished line is kept as a list of pieces, so a long line costs one copy, not one
 * per chunk.
 */
export async function* byteLines(input: AsyncIterable<Uint8Array | string>): AsyncGenerator<Uint8Array> {
  let pending: Uint8Array[] = [];
  for await (const chunk of input) {
    const data = typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk;
    let start = 0;
    for (let i = data.indexOf(10); i !== -1; i = data.indexOf(10, start)) {
      const piece = data.subarray(start, i);
      yield trimCr(pending.length ? concatBytes([...pending, piece]) : piece);
      pending = [];
      start = i + 1;
    }
    // Copy the tail: a stream may reuse the chunk's memory.
    if (start < data.length) pending.push(data.slice(start));
  }
  if (pending.length) yield trimCr(concatBytes(pending));
}

function trimCr(line: Uint8Array): Uint8Array {
  return line.length && line[line.length - 1] === 13 ? line.subarray(0, -1) : line;
}
