/**
 * @module
 * What validating against the JSON Schemas takes, in one module loaded on demand (../schema-validators.ts): the
 * generated ajv validators and the code that words their errors. The default entry ships it as `validators.js`.
 */
export { validateConfig, validatePassport, validateRequest, validateDecision } from "../generated/validators.js";
export { formatSchemaErrors, describeSchemaError } from "../format-errors.ts";
