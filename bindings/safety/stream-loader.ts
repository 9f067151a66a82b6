/**
 * @module
 * guardStream as the package exports it: the stream machinery (stream.ts, choice-stream.ts) is imported when the
 * first guarded stream starts, so an agent that never streams never loads it.
 */

import type { GuardStreamOptions } from "./stream.ts";

/** Yield the stream's chunks, holding every chunk from the first tool call on until the turn ends (stream.ts). */
export async function* guardStream<T>(stream: AsyncIterable<T>, options: GuardStreamOptions): AsyncGenerator<T> {
  const { guardStream: guard } = await import("./stream.ts");
  yield* guard(stream, options);
}
