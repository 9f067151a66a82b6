/**
 * @module
 * portcullis/stores/sqlite — SQLite-backed stores for one Node host
 * (needs the optional package node-sqlite3-wasm).
 */
export { SqliteApprovalStore, type SqliteApprovalStoreOptions } from "./approval-store.ts";
export { SqliteConnection, type SqliteOptions, type SqliteStoreOptions } from "./connection.ts";
export { SqliteUsageStore, type SqliteUsageStoreOptions } from "./usage-store.ts";
