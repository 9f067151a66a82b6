/**
 * @module
 * portcullis/stores/redis — Redis-backed stores for agents on many hosts
 * (opens ioredis, an optional package, for redis:// URLs).
 */
export { RedisApprovalStore, type RedisApprovalStoreOptions } from "./approval-store.ts";
export { RedisConnection, redactUrl, type RedisClientLike, type RedisOptions, type RedisStoreOptions, type RedisArg } from "./connection.ts";
export { RedisUsageStore, type RedisUsageStoreOptions } from "./usage-store.ts";
