/**
 * @module
 * Serving web-standard handlers on Node.
 */
export { listen, type ListenOptions, type Listening, type FetchHandler } from "./node-listener.ts";
