/**
 * @module
 * portcullis/node — everything in the default entry, plus what needs a
 * filesystem: loading config and passport files, custom providers from
 * `use: ./file.js:Export`, JSON Lines audit files.
 */

export * from "./index.ts";
export { loadGuard, type LoadOptions, type LoadedGuard } from "./config/load-guard.ts";
export { listen, type ListenOptions, type Listening, type FetchHandler } from "./server/index.ts";
