/**
 * @module
 * HTTP: the approval API and page as a web-standard handler, and serving
 * web-standard handlers on Node.
 */
export { createApprovalHandler, type ApprovalHandler, type ApprovalHandlerOptions } from "./http-handler.ts";
export { normalizeTokens, MIN_TOKEN_LENGTH, type ApiToken, type ApiRole } from "./http-auth.ts";
export { listen, type ListenOptions, type Listening, type FetchHandler } from "./node-listener.ts";
