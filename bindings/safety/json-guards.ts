/**
 * @module
 * Tests on parsed JSON values, shared by the safety readers so the default
 * entry carries each once.
 */

export type JsonObject = Record<string, unknown>;

/** A plain object (not null, not an array). */
export const isObject = (x: unknown): x is JsonObject => typeof x === "object" && x !== null && !Array.isArray(x);

/** The array, or [] for anything else. */
export const asList = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);

/** The string when it is non-empty, else undefined. */
export const nonEmpty = (x: unknown): string | undefined => (typeof x === "string" && x ? x : undefined);
