// Turns ajv validation errors into actionable messages that name the file, line:column and JSON path, and say
// what was expected and what was found:
//
//   guardrails.yaml:7:5 /guardrails/provider/use: expected one of portcullis:PassportProvider, ..., got "portcullis:Passport" (did you mean "portcullis:PassportProvider"?)
//   passport.json:12:7 /limits/system.command.execute: unknown key "alowed_commands" (did you mean "allowed_commands"?)
//
// Positions come from the syntax the text was parsed with (json-syntax.ts, or yaml-syntax.ts behind
// portcullis/yaml). ajv's noisy cascades are collapsed: the failing branches of an anyOf/oneOf are reduced to
// the branch the data was meant for (or merged into one "expected A or B" message), `if` errors are dropped in
// favour of the `then`/`else` errors under them, missing required properties of one object are merged.
//
// Works best with validators generated with `verbose: true` (scripts/gen-validators.mjs does that): errors then
// carry `parentSchema` (titles, examples and known keys for suggestions) and `data` (the value found).

import { decodePointer, type ConfigSyntax, type SourceLocator } from "./syntax.ts";

/** One readable validation problem. `line` and `column` are 1-based; `path` is a JSON pointer ("" = the root). */
export interface SchemaIssue {
  file: string;
  line: number;
  column: number;
  path: string;
  message: string;
}

/** The parts of an ajv `ErrorObject` this module reads (structural, so ajv itself is not a dependency). */
export interface SchemaErrorLike {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, any>;
  message?: string;
  propertyName?: string;
  /** verbose mode: the schema object holding the failing keyword */
  parentSchema?: Record<string, any> | boolean;
  /** verbose mode: the offending value */
  data?: unknown;
}

/**
 * Converts ajv errors into located, de-duplicated, human-readable issues, sorted by position.
 *
 * @param errors  `validate.errors` of a failed validation (null/undefined gives [])
 * @param source  the text that was parsed and validated
 * @param file    the name to report (e.g. "guardrails.yaml")
 * @param syntax  the syntax `source` was parsed with (it locates the pointers)
 */
export function formatSchemaErrors(
  errors: readonly SchemaErrorLike[] | null | undefined,
  source: string,
  file: string,
  syntax: ConfigSyntax,
): SchemaIssue[] {
  if (!errors || errors.length === 0) return [];
  const locator = syntax.locator(source);
  const ctx: Ctx = { format: syntax.name, locator };
  const items = mergeRequired(collapse(errors.map((err) => ({ err })), ctx));

  const issues: Array<SchemaIssue & { order: number }> = [];
  const seen = new Set<string>();
  items.forEach((item, order) => {
    const message = item.message ?? describe(item.err, ctx);
    const path = item.err.instancePath;
    const dedupe = `${path}\u0000${message}`;
    if (seen.has(dedupe)) return;
    seen.add(dedupe);
    const key = keyOf(item.err);
    const { line, column } = locator.locate(decodePointer(path), key);
    issues.push({ file, line, column, path, message, order });
  });
  issues.sort((a, b) => a.line - b.line || a.column - b.column || a.order - b.order);
  return issues.map(({ order: _order, ...issue }) => issue);
}

/**
 * One error in words, for a value that has no source text to point into (a request body already parsed):
 * the validators carry the failing value, so no locator is needed.
 */
export function describeSchemaError(err: SchemaErrorLike): string {
  return describe(err, { format: "json", locator: NO_SOURCE });
}

const NO_SOURCE: SourceLocator = { locate: () => ({ line: 1, column: 1 }), valueAt: () => undefined };

export { formatSchemaIssue } from "./config-error.ts";

// ---------------------------------------------------------------------------------------------------------------
// Collapsing ajv's cascades

interface Item {
  err: SchemaErrorLike;
  /** final message, when already decided (merged anyOf alternatives, merged required) */
  message?: string;
  /** for merged alternatives: what each alternative expected (re-used when an outer anyOf merges again) */
  expectations?: string[];
  suggestions?: string[];
}

interface Ctx {
  format: ConfigSyntax["name"];
  locator: SourceLocator;
}

const STRUCTURAL = new Set([
  "required",
  "additionalProperties",
  "unevaluatedProperties",
  "propertyNames",
  "dependentRequired",
  "dependencies",
  "minProperties",
  "maxProperties",
  "minItems",
  "maxItems",
  "uniqueItems",
  "contains",
  "minContains",
  "maxContains",
  "unevaluatedItems",
  "additionalItems",
]);

const isUnder = (path: string, base: string) => path === base || path.startsWith(base + "/");

/**
 * ajv (allErrors) emits the errors of every failed alternative of an anyOf/oneOf, then the anyOf error itself;
 * errors of a `then`/`else` branch come before the `if` error; errors inside `propertyNames` come before the
 * `propertyNames` error. Errors of `$ref`'d schemas carry schema paths relative to the referenced schema, so the
 * children of a combinator are found by position (the contiguous run right before it) and instance path.
 */
function collapse(input: Item[], ctx: Ctx): Item[] {
  const out: Item[] = [];
  for (const item of input) {
    const { err } = item;
    switch (err.keyword) {
      case "anyOf":
      case "oneOf": {
        const children = popRun(out, (c) => isUnder(c.err.instancePath, err.instancePath));
        out.push(...chooseAlternative(item, children, ctx));
        break;
      }
      case "propertyNames": {
        const name = err.params?.propertyName;
        const children = popRun(out, (c) => c.err.instancePath === err.instancePath && c.err.propertyName === name);
        const exps = children.map((c) => expectation(c.err, false)).filter(isString);
        const got = JSON.stringify(String(name));
        out.push({
          err,
          message: exps.length ? `invalid key ${got}: expected ${joinOr(exps)}` : `invalid key ${got}`,
        });
        break;
      }
      case "if": {
        // The then/else branch already reported what is wrong; keep the `if` error only if it stands alone.
        if (!out.some((c) => isUnder(c.err.instancePath, err.instancePath))) {
          out.push({ err, message: `does not satisfy the rules that apply here (${err.message ?? "if/then"})` });
        }
        break;
      }
      default:
        out.push(item);
    }
  }
  return out;
}

function popRun(out: Item[], belongs: (c: Item) => boolean): Item[] {
  let start = out.length;
  while (start > 0 && belongs(out[start - 1]!)) start--;
  return out.splice(start);
}

function chooseAlternative(parent: Item, children: Item[], ctx: Ctx): Item[] {
  const { err } = parent;
  if (children.length === 0) {
    if (err.keyword === "oneOf" && Array.isArray(err.params?.passingSchemas)) {
      return [{ err, message: "matches more than one alternative; it must match exactly one" }];
    }
    return [{ err, message: err.message ?? "does not match any alternative" }];
  }
  const atRoot = (c: Item) => c.err.instancePath === err.instancePath;
  // A child that is deeper than the combinator, or a structural error on the value itself (missing key, unknown
  // key, ...), comes from an alternative whose type matched: that is the one the author meant.
  const meant = children.filter((c) => !atRoot(c) || (STRUCTURAL.has(c.err.keyword) && !c.expectations));
  if (meant.length > 0) return meant;
  // Every alternative failed on the value itself: one message listing every accepted form.
  const expectations: string[] = [];
  const suggestions: string[] = [];
  for (const c of children) {
    for (const e of c.expectations ?? [expectation(c.err, true) ?? c.err.message ?? c.err.keyword]) {
      if (!expectations.includes(e)) expectations.push(e);
    }
    for (const s of c.suggestions ?? suggestionsFor(c.err)) if (!suggestions.includes(s)) suggestions.push(s);
  }
  const data = valueOf(children[0]!.err, ctx);
  let message = `expected ${joinOr(expectations)}, got ${show(data)}`;
  const best = typeof data === "string" ? closest(data, suggestions) : undefined;
  if (best !== undefined) message += ` (did you mean ${JSON.stringify(best)}?)`;
  message += yamlHint(data, ctx);
  return [{ err: { ...children[0]!.err, keyword: err.keyword }, message, expectations, suggestions }];
}

function mergeRequired(items: Item[]): Item[] {
  const out: Item[] = [];
  const byPath = new Map<string, { item: Item; names: string[] }>();
  for (const item of items) {
    if (item.err.keyword !== "required" || item.message !== undefined) {
      out.push(item);
      continue;
    }
    const name = String(item.err.params?.missingProperty);
    const group = byPath.get(item.err.instancePath);
    if (group) {
      if (!group.names.includes(name)) group.names.push(name);
      continue;
    }
    const entry = { item: { ...item }, names: [name] };
    byPath.set(item.err.instancePath, entry);
    out.push(entry.item);
  }
  for (const { item, names } of byPath.values()) {
    item.message =
      names.length === 1
        ? `missing required property ${JSON.stringify(names[0])}`
        : `missing required properties ${names.map((n) => JSON.stringify(n)).join(", ")}`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Messages

function describe(err: SchemaErrorLike, ctx: Ctx): string {
  const p = err.params ?? {};
  const ps = schemaObject(err.parentSchema);
  switch (err.keyword) {
    case "additionalProperties":
    case "unevaluatedProperties": {
      const key = String(p.additionalProperty ?? p.unevaluatedProperty);
      const known = ps && ps.properties && typeof ps.properties === "object" ? Object.keys(ps.properties) : [];
      const best = closest(key, known);
      if (best !== undefined) return `unknown key ${JSON.stringify(key)} (did you mean ${JSON.stringify(best)}?)`;
      return known.length
        ? `unknown key ${JSON.stringify(key)} (allowed keys: ${known.join(", ")})`
        : `unknown key ${JSON.stringify(key)}`;
    }
    case "required":
      return `missing required property ${JSON.stringify(String(p.missingProperty))}`;
    case "minItems":
      return `expected at least ${p.limit} item${p.limit === 1 ? "" : "s"}, got ${countOf(valueOf(err, ctx))}`;
    case "maxItems":
      return `expected at most ${p.limit} item${p.limit === 1 ? "" : "s"}, got ${countOf(valueOf(err, ctx))}`;
    case "uniqueItems":
      return `expected unique items, but items ${p.j} and ${p.i} are equal`;
    case "false schema":
      return "is not allowed here";
  }
  const exp = expectation(err, false);
  if (exp === undefined) return err.message ?? `fails "${err.keyword}"`;
  const data = valueOf(err, ctx);
  let message = `expected ${exp}, got ${show(data)}`;
  if (typeof data === "string") {
    const best = closest(data, suggestionsFor(err));
    if (best !== undefined) message += ` (did you mean ${JSON.stringify(best)}?)`;
  }
  if (err.keyword === "const" && ps && typeof ps.description === "string" && !ps.title) {
    message += ` (${ps.description.replace(/\.$/, "").replace(/`/g, "")})`;
  }
  return message + yamlHint(data, ctx);
}

/** What a value-level keyword expected, as a noun phrase ("a boolean", "one of a, b", ...). */
function expectation(err: SchemaErrorLike, inAlternatives: boolean): string | undefined {
  const p = err.params ?? {};
  const ps = schemaObject(err.parentSchema);
  const example = ps && Array.isArray(ps.examples) && ps.examples.length ? ps.examples[0] : undefined;
  const title = ps && typeof ps.title === "string" ? ps.title : undefined;
  switch (err.keyword) {
    case "type": {
      if (inAlternatives && title && example !== undefined) return `${article(lowerFirst(title))} like ${show(example)}`;
      const types: string[] = Array.isArray(p.type) ? p.type : String(p.type).split(",");
      const phrase = joinOr(types.map(typeName));
      return inAlternatives && title ? `${phrase} (${title})` : phrase;
    }
    case "enum": {
      const values: unknown[] = Array.isArray(p.allowedValues) ? p.allowedValues : [];
      return values.length === 1 ? show(values[0]) : `one of ${values.map(plain).join(", ")}`;
    }
    case "const":
      return show(p.allowedValue);
    case "pattern":
      if (example !== undefined) return `${title ? article(lowerFirst(title)) : "a string"} like ${show(example)}`;
      return `a string matching /${p.pattern}/`;
    case "format":
      return FORMATS[p.format] ?? `a string in ${p.format} format`;
    case "minLength":
      return p.limit === 1 ? "a non-empty string" : `a string of at least ${p.limit} characters`;
    case "maxLength":
      return `a string of at most ${p.limit} characters`;
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return `a number ${p.comparison} ${p.limit}`;
    case "multipleOf":
      return `a multiple of ${p.multipleOf}`;
    case "not":
      return "a value that does not match the excluded form";
    default:
      return undefined;
  }
}

function suggestionsFor(err: SchemaErrorLike): string[] {
  // Only for a choice among several values: "expected "oap/1.0", got "oap/2.0" (did you mean "oap/1.0"?)" is noise.
  const values = err.keyword === "enum" ? err.params?.allowedValues : undefined;
  return Array.isArray(values) && values.length > 1 ? values.filter(isString) : [];
}

const FORMATS: Record<string, string> = {
  "date-time": 'an RFC 3339 date-time with time zone, like "2030-01-01T00:00:00Z"',
  date: 'a date like "2030-01-01"',
  time: 'a time with time zone, like "12:00:00Z"',
  uri: 'an absolute URI, like "https://example.com/"',
  "uri-reference": "a URI reference",
  email: "an email address",
  hostname: "a host name",
  ipv4: "an IPv4 address",
  ipv6: "an IPv6 address",
  uuid: "a UUID",
  regex: "a regular expression",
};

function typeName(type: string): string {
  switch (type) {
    case "null":
      return "null";
    case "integer":
    case "object":
    case "array":
      return `an ${type}`;
    default:
      return `a ${type}`;
  }
}

/** A value as it appears in a message: strings quoted, containers summarised, long text cut. */
function show(value: unknown): string {
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return value.length === 0 ? "an empty array" : `an array of ${value.length}`;
  if (value !== null && typeof value === "object") return "an object";
  const text = typeof value === "string" ? JSON.stringify(value) : String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Enum values are listed unquoted when they are plain words (portcullis:PassportProvider, L0, draft). */
function plain(value: unknown): string {
  return typeof value === "string" && /^[A-Za-z0-9_.:/-]+$/.test(value) ? value : show(value);
}

function countOf(value: unknown): string {
  return Array.isArray(value) ? (value.length === 0 ? "none" : String(value.length)) : show(value);
}

function yamlHint(value: unknown, ctx: Ctx): string {
  if (ctx.format !== "yaml") return "";
  if (value === null) return " (an empty value in YAML is null)";
  if (typeof value === "string" && /^(y|n|yes|no|on|off)$/i.test(value)) return " (YAML 1.2 booleans are true and false)";
  return "";
}

function joinOr(parts: string[]): string {
  if (parts.length <= 1) return parts[0] ?? "";
  return `${parts.slice(0, -1).join(", ")} or ${parts[parts.length - 1]}`;
}

const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);
const article = (s: string) => (/^[aeiou]/i.test(s) ? `an ${s}` : `a ${s}`);
const isString = (v: unknown): v is string => typeof v === "string";

function schemaObject(s: unknown): Record<string, any> | undefined {
  return s !== null && typeof s === "object" ? (s as Record<string, any>) : undefined;
}

function valueOf(err: SchemaErrorLike, ctx: Ctx): unknown {
  if ("data" in err) return err.data;
  return ctx.locator.valueAt(decodePointer(err.instancePath));
}

/** The closest candidate to `input` (edit distance, case-insensitive), if it is close enough to be a typo. */
export function closest(input: string, candidates: readonly string[]): string | undefined {
  const needle = input.toLowerCase();
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    if (candidate === input) continue;
    const hay = candidate.toLowerCase();
    let score = distance(needle, hay);
    const limit = Math.max(2, Math.floor(Math.max(needle.length, hay.length) / 3));
    if (score > limit) {
      // "portcullis:Passport" -> "portcullis:PassportProvider": a prefix is a good hint even when far.
      if (needle.length >= 4 && (hay.startsWith(needle) || needle.startsWith(hay))) score = limit;
      else continue;
    }
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 12) return Math.abs(a.length - b.length);
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array<number>(b.length + 1).fill(0));
    rows[i]![0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

/** For errors about a key of an object (unknown key, invalid key name): that key, so we can point at it. */
function keyOf(err: SchemaErrorLike): string | undefined {
  const p = err.params ?? {};
  if (err.keyword === "additionalProperties") return p.additionalProperty;
  if (err.keyword === "unevaluatedProperties") return p.unevaluatedProperty;
  if (err.keyword === "propertyNames") return p.propertyName;
  return undefined;
}
