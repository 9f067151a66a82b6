/**
 * @module
 * `portcullis serve`'s error classes, apart from serve.ts: main.ts tells them from other errors on every verb,
 * and importing serve.ts for that would load the HTTP server, its stores and prom-client into every CLI process.
 */

/** A flag `serve` cannot use: its message, then the usage line, exit 2. */
export class ServeUsageError extends Error {}
/** The server could not start (store unreachable, port taken): a message, exit 2, no usage text. */
export class ServeStartError extends Error {}
