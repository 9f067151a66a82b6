#!/usr/bin/env node
// Generates ahead-of-time (standalone) ajv validators for the JSON Schemas in schemas/.
//
//   node scripts/gen-validators.mjs        (also run by `npm run gen` / `npm run build`)
//
// Output: bindings/config/generated/validators.js (+ validators.d.ts), git-ignored.
// The module exports validatePassport, validateConfig, validateRequest and validateDecision.
// No `new Function`/`eval` happens at run time, so the validators work in Workers and under a strict CSP.
//
// ajv's standalone output still contains `require("...")` calls for its runtime helpers (ucs2length,
// ajv-formats' date-time, ...) even with `code.esm: true`. They are rewritten here into ESM
// `import * as` statements plus a small CJS-interop shim, so the file is valid ESM on its own: Node and vitest
// can import it directly, and tsup/esbuild bundle it.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import standaloneCode from "ajv/dist/standalone/index.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "bindings", "config", "generated");

/** export name -> schema file (its $id is https://portcullis.dev/schemas/<file>) */
const VALIDATORS = {
  validatePassport: "passport.schema.json",
  validateConfig: "guardrails-config.schema.json",
  validateRequest: "request.schema.json",
  validateDecision: "decision.schema.json",
};

// withoutDescriptions(): keywords whose value is data, not a schema; and those mapping names (possibly
// "description", a passport property) to schemas.
const DATA_KEYWORDS = new Set(["const", "enum", "examples", "default", "required", "dependentRequired", "title", "$comment"]);
const NAME_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);

const ajv = new Ajv2020({
  allErrors: true,
  inlineRefs: false,
  strict: true,
  // `type: ["string", "null"]` (DeerFlow sends null ids) is a union type, which strict mode rejects otherwise.
  allowUnionTypes: true,
  // Errors carry `parentSchema` and `data`, which format-errors.ts uses for "expected X, got Y" and
  // did-you-mean suggestions.
  verbose: true,
  code: { source: true, esm: true },
  // format-errors.ts words every error itself (from keyword, params and parentSchema): ajv's own messages
  // would only add 9 KB to the default bundle.
  messages: false,
});
addFormats(ajv);

const exportsMap = {};
for (const [name, file] of Object.entries(VALIDATORS)) {
  const schema = JSON.parse(readFileSync(join(root, "schemas", file), "utf8"));
  const expectedId = `https://portcullis.dev/schemas/${file}`;
  if (schema.$id !== expectedId) throw new Error(`schemas/${file}: $id must be ${expectedId}, got ${schema.$id}`);
  ajv.addSchema(withoutDescriptions(schema));
  exportsMap[name] = schema.$id;
}
// Compile everything once up front so schema errors (strict mode) surface with a clear message.
for (const [name, id] of Object.entries(exportsMap)) {
  try {
    ajv.getSchema(id);
  } catch (err) {
    throw new Error(`${name} (${id}): ${err.message}`);
  }
}

let code = standaloneCode(ajv, exportsMap);

// --- rewrite require(...) into ESM imports -------------------------------------------------------------
const specifiers = new Map();
code = code.replace(/\brequire\(\s*"([^"]+)"\s*\)/g, (_, spec) => {
  let local = specifiers.get(spec);
  if (!local) {
    local = `__cjs${specifiers.size}`;
    specifiers.set(spec, local);
  }
  return local;
});
code = code.replace(/^"use strict";\s*/, "");
if (/\brequire\s*\(/.test(code)) throw new Error("gen-validators: a require() call survived the rewrite");
if (/new Function|\beval\s*\(/.test(code)) throw new Error("gen-validators: generated code uses new Function/eval");

// --- build the validators on first use, not at import ----------------------------------------------------
// Creating their schema objects, regexes and functions at import cost a fresh Node process about 1.5 ms of CPU
// (bench/first-load.mjs), and a host that only decides (a PassportProvider given an object) never validates. The generated code goes inside
// __build(); each export is a small function that builds everything on its first call and mirrors `.errors`.
const exported = [];
code = code.replace(/export const (\w+) = (\w+);/g, (_, name, local) => (exported.push([name, local]), ""));
if (exported.length !== Object.keys(VALIDATORS).length || /\bexport (const|let|var|function|default|\{)/.test(code)) throw new Error("gen-validators: unexpected exports in ajv's output");
code = `function __build() {
${code}
return { ${exported.map(([name, local]) => `${name}: ${local}`).join(", ")} };
}
let __built;
function __lazy(name) {
  const validator = (data) => {
    const built = (__built ??= __build())[name];
    const valid = built(data);
    validator.errors = built.errors;
    return valid;
  };
  validator.errors = null;
  return validator;
}
${exported.map(([name]) => `export const ${name} = /* @__PURE__ */ __lazy(${JSON.stringify(name)});`).join("\n")}`;

const withExt = (spec) => (/\.[cm]?js$/.test(spec) ? spec : `${spec}.js`);
const importLines = [...specifiers].map(([spec, local]) => `import * as ${local}_ns from ${JSON.stringify(withExt(spec))};`);
const interopLines = [...specifiers].map(([, local]) => `const ${local} = __interop(${local}_ns);`);

const header = `// GENERATED by scripts/gen-validators.mjs from schemas/*.schema.json. Do not edit.
// ajv ${readJson("node_modules/ajv/package.json").version} standalone (draft 2020-12), ajv-formats ${readJson("node_modules/ajv-formats/package.json").version}.
${importLines.join("\n")}
// Gives what CommonJS require would return for ajv's runtime helpers (all compiled from TypeScript, so they
// set __esModule): Node's ESM loader puts module.exports on .default; esbuild (non-node mode) spreads it.
function __interop(ns) {
  const d = ns.default;
  return d != null && (typeof d === "object" || typeof d === "function") && d.__esModule ? d : ns;
}
${interopLines.join("\n")}
`;

mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "validators.js"), header + code + "\n");
writeFileSync(join(outDir, "validators.d.ts"), dts());
console.log(
  `gen-validators: wrote bindings/config/generated/validators.js (${Object.keys(VALIDATORS).join(", ")}; ` +
    `${specifiers.size} runtime import${specifiers.size === 1 ? "" : "s"}) and validators.d.ts`,
);

/**
 * The schema without the `description`s that format-errors.ts never reads: the generated code embeds every schema
 * object it may report as `parentSchema`, and the prose was 29 KB of the default bundle (its 400 KB budget). Kept
 * where a `const` has no `title` (format-errors.ts names such a value by its description). Editors read the full
 * schemas in schemas/, which the package ships.
 */
function withoutDescriptions(schema) {
  if (Array.isArray(schema)) return schema.map(withoutDescriptions); // allOf, anyOf, oneOf, prefixItems
  if (schema === null || typeof schema !== "object") return schema;
  const keep = "const" in schema && !("title" in schema);
  const out = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === "description" && !keep) continue;
    if (DATA_KEYWORDS.has(keyword)) out[keyword] = value;
    else if (NAME_MAPS.has(keyword)) out[keyword] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withoutDescriptions(sub)]));
    else out[keyword] = withoutDescriptions(value);
  }
  return out;
}
function readJson(rel) {
  return JSON.parse(readFileSync(join(root, rel), "utf8"));
}

function dts() {
  return `// GENERATED by scripts/gen-validators.mjs. Do not edit.
// Ahead-of-time ajv validators for the schemas in schemas/ (draft 2020-12, allErrors, verbose).

/** One ajv error (ajv's ErrorObject, verbose mode). */
export interface ValidationError {
  /** ajv keyword that failed: "type", "required", "additionalProperties", "enum", "pattern", "anyOf", "if", ... */
  keyword: string;
  /** JSON pointer of the offending value in the validated data ("" = the root). */
  instancePath: string;
  /** JSON pointer into the schema, e.g. "#/properties/status/enum". */
  schemaPath: string;
  /** Keyword parameters, e.g. { additionalProperty: "x" }, { missingProperty: "x" }, { allowedValues: [...] }. */
  params: Record<string, any>;
  /** ajv's own terse message, e.g. "must be boolean". */
  message?: string;
  /** The keyword's value in the schema (verbose mode). */
  schema?: unknown;
  /** The schema object that holds the failing keyword (verbose mode). */
  parentSchema?: Record<string, any>;
  /** The offending value (verbose mode). */
  data?: unknown;
  propertyName?: string;
}

/** A validator: returns true when \`data\` is valid, else false with the errors in \`.errors\`. */
export interface Validator {
  (data: unknown): boolean;
  /** Errors of the last failed call (null after a successful one). */
  errors?: ValidationError[] | null;
  /** The schema this validator was generated from. */
  schema?: unknown;
}

${Object.entries(VALIDATORS)
  .map(([name, file]) => `/** Validates against schemas/${file} ($id https://portcullis.dev/schemas/${file}). */\nexport declare const ${name}: Validator;`)
  .join("\n")}
`;
}
