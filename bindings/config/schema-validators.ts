/**
 * @module
 * The JSON Schema validators (ajv, generated ahead of time, and the wording of their errors; about 150 KB) are
 * loaded on demand. The default entry
 * leaves them out of its file and imports them, as the sibling module `validators.js`, the first time a config is
 * parsed or the HTTP API checks a request body; portcullis/node and the CLI bundle them and provide them at import.
 * Nothing is validated less anywhere: a caller that parses synchronously before they are loaded gets an error that
 * says what to await, never an unvalidated document.
 */

import type * as SchemaChecks from "./schema/index.ts";

/** The validators and the wording of their errors (schema/index.ts). */
export type SchemaValidators = typeof SchemaChecks;

let validators: SchemaValidators | null = null;
let pending: Promise<SchemaValidators> | null = null;

/** Entries that bundle the validators hand them over here, so synchronous parsing works from the start. */
export function provideSchemaValidators(provided: SchemaValidators): void {
  validators = provided;
}

/** The validators, imported on first use (once; a failed import is retried by the next call). */
export function loadSchemaValidators(): Promise<SchemaValidators> {
  if (validators) return Promise.resolve(validators);
  pending ??= import("./schema/index.ts").then(
    (loaded) => (validators = loaded),
    (error) => {
      pending = null;
      throw new Error(`could not load portcullis's schema validators (validators.js beside the entry): ${(error as Error)?.message ?? error}`);
    },
  );
  return pending;
}

/** The validators if they are loaded, else null (synchronous callers then ask for `loadSchemaValidators()`). */
export function loadedSchemaValidators(): SchemaValidators | null {
  return validators;
}

export const NOT_LOADED = "the schema validators are not loaded yet: `await loadSchemaValidators()` first (loadGuardFromText does), or import portcullis/node";
