/**
 * @module
 * Output for the JSON Lines verbs. A slow reader gets backpressure (the next
 * line waits for `drain`), so a million decisions into `less` do not pile up
 * in memory; a reader that goes away (`| head -1`) ends the command quietly.
 */

import { once } from "node:events";

export interface Out {
  write(text: string): unknown;
  once?(event: "drain", listener: () => void): unknown;
}

/** Write, and wait for `drain` when the stream says its buffer is full. */
export async function writeOut(out: Out, text: string): Promise<void> {
  if (out.write(text) === false && typeof out.once === "function") await once(out as unknown as NodeJS.EventEmitter, "drain");
}

/** Exit quietly (status 0) when stdout's reader has gone away: EPIPE is not an error of ours. */
export function exitOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
}
