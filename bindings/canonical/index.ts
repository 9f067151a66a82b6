/**
 * @module
 * Canonical JSON (RFC 8785) and SHA-256 digests over it: what approvals bind
 * to, what decision receipts sign and what the audit chain hashes. One
 * canonicaliser for all of them, so the same value always has one digest.
 */
export { canonicalJson, parseJsonStrict, JsonInputError, MAX_JSON_DEPTH } from "./canonical-json.ts";
export { sha256Hex, toHex } from "./sha256.ts";
