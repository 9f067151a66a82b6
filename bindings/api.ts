/**
 * @module
 * The public API. Every runtime entry (index.ts, workerd.ts, node.ts)
 * re-exports it whole; they differ only in where policy.wasm comes from.
 */

export * from "./core/index.ts";
export * from "./providers/index.ts";
export * from "./middleware/index.ts";
export * from "./approvals/index.ts";
export * from "./canonical/index.ts";
export * from "./proof/index.ts";
export * from "./usage/index.ts";
export * from "./config/index.ts";
export * from "./safety/index.ts";
export * from "./rollout/index.ts";
export * from "./enforcement/index.ts";
