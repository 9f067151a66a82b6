/**
 * @module
 * Any runtime: turn a config (or a bare passport) given as text into a ready
 * Guard. Whatever needs a filesystem or a module loader — a passport named
 * by path, a custom provider, an audit file — goes through a `host` the
 * caller supplies (`portcullis/node` supplies one); without it, such a
 * config is a ConfigError, never a silently weaker guard.
 */

import { CoreError } from "../core/index.ts";
import { AllowlistProvider, CompositeProvider, PassportProvider, isGuardrailProvider, type Clock, type GuardrailProvider, type PassportConfig } from "../providers/index.ts";
import { EnforcementModeError } from "../enforcement/index.ts";
import { scopeWarnings } from "./scope-warnings.ts";
import type { UsageStore } from "../usage/types.ts";
import { Guard, type AuditSink, type ToolResultFilter } from "../middleware/index.ts";
import type { ApprovalGate } from "../approvals/index.ts";
import type { SafetyCore } from "../safety/index.ts";
import { createSafetyCore } from "../safety/index.ts";
import { buildSafetyCore, lazySafetyCore, type MakeSafetyCore } from "./safety-section.ts";
import { buildToolResultFilter, type MakeSanitizer } from "./sanitizer-section.ts";
import { loadSchemaValidators } from "./schema-validators.ts";
import { ConfigError, parseDocumentText, parsePassportText, type PortcullisConfig } from "./parse-config.ts";
import { ConfigReadError, readFailure } from "./config-error.ts";
import { resolveUse } from "./provider-aliases.ts";
import { jsonSyntax } from "./json-syntax.ts";
import { decodePointer, type ConfigSyntax } from "./syntax.ts";
import { EnforcedProvider } from "../providers/index.ts";
import { auditDifferences, shadowCandidate, type DifferenceSink } from "./candidate-section.ts";
import { addTests, requirePassingTests, type PolicyTestSet } from "./tests-section.ts";
import { ReceiptSigner, type ReceiptOptions, type TracerLike } from "../proof/index.ts";
import { policyDigest, type PolicySource } from "./policy-digest.ts";

/** What a config may ask of its environment. `from` is the file of the config that names `path`. */
export interface ConfigHost {
  /** `passport: ./passport.json` → the text and the name to report it under. */
  readFile?(path: string, from: string): { file: string; text: string } | Promise<{ file: string; text: string }>;
  /** `use: ./my-provider.js:MyProvider` → the module's exports. */
  importModule?(specifier: string, from: string): Promise<Record<string, unknown>>;
  /** `audit: {path, chain}` → a sink that appends one JSON line per decision (hash-chained with `chain`). */
  auditFile?(path: string, from: string, options?: { chain?: boolean }): AuditSink;
}

export interface LoadOptions {
  /** Epoch-ms clock for passport expiry and usage windows (tests and `--now` pin it). */
  clock?: Clock;
  /** Usage counters for every PassportProvider the config builds (a new MemoryUsageStore each by default). */
  usage?: UsageStore;
  /** Extra sinks for decision events. */
  audit?: AuditSink[];
  /** Where `ask` goes: the guard's calls create pending actions in this gate (see README, Ask a human). */
  approvals?: ApprovalGate;
  /**
   * Base of relative paths for every PassportProvider the config builds, winning over its `workspace_root`
   * (the CLI's --workspace-root). Requests may still name their own in `context`; the CLI refuses those.
   */
  workspaceRoot?: string;
  /** What `~` means for every PassportProvider the config builds, winning over its `home` (the CLI's --home). */
  home?: string;
  /** Builds the safety core (tests inject one); the entry's policy.wasm by default. */
  makeSafetyCore?: MakeSafetyCore;
  /**
   * Builds the tool-result sanitizer for the `sanitizer:` section; portcullis/node passes one over its
   * inlined sanitize.wasm. Elsewhere: `(o) => new ToolResultSanitizer(sharedSanitizerSync, o)` from portcullis/sanitize.
   */
  makeSanitizer?: MakeSanitizer;
  /** Run the policy's `tests:` and refuse it (ConfigError naming each failing test) when one fails. */
  strict?: boolean;
  /** Sign every decision (wins over the config's `receipts:` section). */
  receipts?: ReceiptOptions;
  /** Trace every judged call (see `otel()`). */
  tracer?: TracerLike;
  /** Told each call `guardrails.candidate` decides differently (default: a `candidate_differs` event to the audit sinks). */
  onDifference?: DifferenceSink;
}

export interface TextLoadOptions extends LoadOptions {
  /** The name errors report (default "config"). */
  file?: string;
  /** JSON by default; `yamlSyntax` from portcullis/yaml for YAML. Passport files named by path use it too. */
  syntax?: ConfigSyntax;
  /** The syntax of a passport file named by path, by its name (default: `syntax`). */
  syntaxFor?: (file: string) => ConfigSyntax;
  host?: ConfigHost;
}

export interface LoadedGuard {
  guard: Guard;
  /**
   * Provider safety stops as configured by `safety_finish_reason` (absent:
   * enabled with the built-in detectors). Pass it as `core` to
   * applySafetyStop / guardStream; with `enabled: false` it detects nothing.
   */
  safety: SafetyCore;
  /** The tool-result sanitizer the guard applies to every call that runs (see `makeSanitizer`), if any. */
  sanitizer?: ToolResultFilter;
  config: PortcullisConfig;
  file: string;
  /** The policy's `tests:` (config and passport), with where each is written; run them with runPolicyTests. */
  tests: PolicyTestSet;
  /** The files the policy was read from besides `file` (passports named by path): what a reload watches. */
  sources: string[];
  /** "sha256:<hex>" of the canonical policy: the config with every passport it names (see policy-digest.ts). */
  digest: string;
  /** Things the config allows that it may not mean (scope-warnings.ts); the guard loads all the same. */
  warnings?: string[];
}

interface PassportSource {
  passport: Record<string, unknown>;
  file: string;
  source: string;
  /** Where the passport sits in `source`: "" for its own file, /guardrails/passport when inline. */
  prefix: string;
}

interface BuildContext {
  file: string;
  source: string;
  syntax: ConfigSyntax;
  syntaxFor: (file: string) => ConfigSyntax;
  overrides: { workspace_root?: string; home?: string };
  host: ConfigHost;
  passport: PassportSource | null;
  clock?: Clock;
  usage?: UsageStore;
  path: string;
  /** Every passport read by path, shared by the whole build (composite entries included), for the digest. */
  read: (PolicySource & { file: string })[];
}

/** Parse, validate and build the Guard a config text describes. */
export async function loadGuardFromText(source: string, options: TextLoadOptions = {}): Promise<LoadedGuard> {
  const file = options.file ?? "config";
  const syntax = options.syntax ?? jsonSyntax;
  const host = options.host ?? {};
  await loadSchemaValidators();
  const parsed = parseDocumentText(source, file, syntax);
  const config: PortcullisConfig =
    parsed.kind === "passport"
      ? { guardrails: { enabled: true, fail_closed: true, passport: parsed.passport, provider: { use: "portcullis:PassportProvider" } } }
      : parsed.config;
  const makeCore = options.makeSafetyCore ?? ((c: object | null) => lazySafetyCore(() => createSafetyCore(c)));
  const safety = buildSafetyCore(
    config.safety_finish_reason,
    { file, pointer: "/safety_finish_reason", locate: (pointer) => syntax.locator(source).locate(decodePointer(pointer)) },
    makeCore,
  );
  const section = config.guardrails;
  const overrides: BuildContext["overrides"] = {};
  if (options.workspaceRoot !== undefined) overrides.workspace_root = options.workspaceRoot;
  if (options.home !== undefined) overrides.home = options.home;
  const ctx: BuildContext = {
    file,
    source,
    syntax,
    syntaxFor: options.syntaxFor ?? (() => syntax),
    overrides,
    host,
    passport: null,
    clock: options.clock,
    usage: options.usage,
    path: "/guardrails/provider",
    read: [],
  };
  const fail = (message: string, path: string): never => {
    throw new ConfigError([{ ...locate(ctx, source, path), file, path, message }]);
  };
  if (section.passport !== undefined) ctx.passport = await resolvePassport(section.passport, ctx, fail);
  const use = section.provider?.use ?? (ctx.passport ? "portcullis:PassportProvider" : undefined);
  if (!use) fail("expected `provider: {use: …}` or a `passport`", "/guardrails");
  let built = await buildProvider(use!, section.provider?.config ?? {}, ctx);
  const audit = [...(options.audit ?? [])];
  if (section.audit?.path) {
    if (!host.auditFile) fail("an audit file needs a filesystem here: pass `audit` sinks instead (or a host with auditFile)", "/guardrails/audit/path");
    audit.push(host.auditFile!(section.audit.path, file, { chain: section.audit.chain === true }));
  }
  let digest = "";
  if (section.candidate !== undefined) {
    // Policy against policy: the candidate is compared with the enforced policy's own decision, before any mode.
    const candidate = await candidatePassport(section.candidate.passport, ctx);
    const report = options.onDifference ?? auditDifferences(audit, built.name, () => digest);
    built = shadowCandidate(built, candidate, report);
  }
  const mode = section.enforcement ?? "enforce";
  const provider = mode === "enforce" ? built : new EnforcedProvider({ provider: built, mode });
  const receipts = options.receipts ?? (section.receipts ? await receiptsFromConfig(section.receipts.private_key_path, ctx, fail) : undefined);
  const sanitizer = buildToolResultFilter(config.sanitizer, options.makeSanitizer, {
    file,
    pointer: "/sanitizer",
    locate: (pointer) => syntax.locator(source).locate(decodePointer(pointer)),
  });
  digest = await policyDigest(config, ctx.read);
  const guard = new Guard({
    policyDigest: digest,
    provider,
    enabled: section.enabled ?? true,
    failClosed: section.fail_closed ?? true,
    passport: ctx.passport ? String(ctx.passport.passport.passport_id ?? ctx.passport.file) : undefined,
    audit,
    approvals: options.approvals,
    sanitizer,
    ...(receipts ? { receipts } : {}),
    ...(options.tracer ? { tracer: options.tracer } : {}),
  });
  const tests = parsed.kind === "config" ? policyTests(config.tests, ctx, null) : policyTests(undefined, ctx, "");
  if (options.strict) await requirePassingTests(guard, tests);
  const sources = [...new Set(ctx.read.map((r) => r.file))];
  const warnings = ctx.passport ? scopeWarnings(ctx.passport.passport) : [];
  return sanitizer ? { guard, safety, sanitizer, config, file, tests, sources, digest, warnings } : { guard, safety, config, file, tests, sources, digest, warnings };
}

/** The config's own tests, then its passport's (wherever it is written; `passportPrefix` "" for a bare passport file). */
function policyTests(configTests: unknown, ctx: BuildContext, passportPrefix: string | null): PolicyTestSet {
  const set: PolicyTestSet = { tests: [], origins: [] };
  const locator = (source: string) => (pointer: string) => ctx.syntax.locator(source).locate(decodePointer(pointer));
  addTests(set, configTests, "/tests", ctx.file, locator(ctx.source));
  const passport = ctx.passport;
  if (passport) {
    const syntax = passport.file === ctx.file ? ctx.syntax : ctx.syntaxFor(passport.file);
    const locate = (pointer: string) => syntax.locator(passport.source).locate(decodePointer(pointer));
    addTests(set, passport.passport.tests, `${passportPrefix ?? passport.prefix}/tests`, passport.file, locate);
  }
  return set;
}

/** `receipts: {private_key_path}` → a signer over the key file, checked now. */
async function receiptsFromConfig(
  path: string,
  ctx: BuildContext,
  fail: (message: string, path: string) => never,
): Promise<ReceiptOptions> {
  const where = "/guardrails/receipts/private_key_path";
  if (!ctx.host.readFile) return fail("a receipt key file needs a host with readFile here: pass `receipts` instead", where);
  let pem: string;
  try {
    pem = (await ctx.host.readFile(path, ctx.file)).text;
  } catch (error) {
    return fail(`cannot read the receipt key: ${readFailure(error)}`, where);
  }
  try {
    return { privateKey: await ReceiptSigner.create(pem) };
  } catch (error) {
    return fail((error as Error).message, where);
  }
}

function locate(ctx: BuildContext, source: string, pointer: string): { line: number; column: number } {
  return ctx.syntax.locator(source).locate(decodePointer(pointer));
}

/** A passport from the config: a path (read through the host) or inline; `at` is where the config names it. */
async function resolvePassport(
  value: string | Record<string, unknown>,
  ctx: BuildContext,
  fail: (message: string, path: string) => never,
  at = "/guardrails/passport",
): Promise<PassportSource> {
  if (typeof value !== "string") return { passport: value, file: ctx.file, source: ctx.source, prefix: at };
  if (!ctx.host.readFile) return fail("a passport named by path needs a host with readFile here (or put the passport inline)", at);
  let read: { file: string; text: string };
  try {
    read = await ctx.host.readFile(value, ctx.file);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigReadError(value, readFailure(error));
  }
  const passport = parsePassportText(read.text, read.file, ctx.syntaxFor(read.file));
  ctx.read.push({ name: value, document: passport, file: read.file });
  return { passport, file: read.file, source: read.text, prefix: "" };
}

async function buildProvider(use: string, config: Record<string, unknown>, ctx: BuildContext): Promise<GuardrailProvider> {
  const fail = (message: string, path = ctx.path): never => {
    throw new ConfigError([{ ...locate(ctx, ctx.source, path), file: ctx.file, path, message }]);
  };
  const resolved = resolveUse(use, config);
  if (resolved.passportPath !== undefined) {
    if (ctx.passport) return fail("the passport is given twice: keep `passport_path` or `guardrails.passport`, not both", `${ctx.path}/config/passport_path`);
    // The caller's context (a copy per composite entry): at the top, the guard then names this passport too.
    ctx.passport = await resolvePassport(resolved.passportPath, ctx, fail);
  }
  config = resolved.config;
  switch (resolved.use) {
    case "portcullis:PassportProvider": {
      if (!ctx.passport) {
        if (use !== "portcullis:PassportProvider") {
          return fail(
            `${use.split(":")[1]} reads its passport from APort's config (~/.aport/<framework>/config.yaml), which portcullis does not read: set config.passport_path or guardrails.passport to the passport file`,
          );
        }
        return fail("PassportProvider needs `guardrails.passport` (a file path or an inline passport)");
      }
      const provider = passportProvider({ ...(config as object), ...ctx.overrides, passport: ctx.passport.passport, clock: ctx.clock, usage: ctx.usage }, ctx);
      return ready(provider, ctx);
    }
    case "portcullis:AllowlistProvider":
      return ready(new AllowlistProvider({ ...(config as object), clock: ctx.clock }), ctx);
    case "portcullis:CompositeProvider": {
      const list = (config.providers ?? []) as { use: string; config?: Record<string, unknown> }[];
      const providers: GuardrailProvider[] = [];
      for (let i = 0; i < list.length; i++) {
        const path = `${ctx.path}/config/providers/${i}`;
        providers.push(await buildProvider(list[i].use, list[i].config ?? {}, { ...ctx, path }));
      }
      if (providers.length === 0) fail("CompositeProvider needs at least one entry in config.providers", `${ctx.path}/config`);
      return new CompositeProvider({ providers });
    }
    default:
      return loadCustomProvider(use, config, ctx, fail);
  }
}

/** The candidate passport of `guardrails.candidate`, compiled now so its errors are located like the policy's. */
async function candidatePassport(value: string | Record<string, unknown>, ctx: BuildContext): Promise<PassportProvider> {
  const at = "/guardrails/candidate/passport";
  const fail = (message: string, path: string): never => {
    throw new ConfigError([{ ...locate(ctx, ctx.source, path), file: ctx.file, path, message }]);
  };
  const source = await resolvePassport(value, ctx, fail, at);
  const sub: BuildContext = { ...ctx, passport: source, path: at };
  return ready(passportProvider({ ...ctx.overrides, passport: source.passport, clock: ctx.clock, usage: ctx.usage }, sub), sub);
}

/** A mode the schema lets through (in the limits of a capability portcullis does not enforce) is still a located error. */
function passportProvider(config: PassportConfig, ctx: BuildContext): PassportProvider {
  try {
    return new PassportProvider(config);
  } catch (error) {
    if (!(error instanceof EnforcementModeError) || !ctx.passport) throw error;
    const { file, source, prefix } = ctx.passport;
    const path = prefix + error.path;
    throw new ConfigError([{ ...locate(ctx, source, path), file, path, message: 'expected "enforce", "warn" or "shadow"' }]);
  }
}

/** Compile a wasm-backed provider now, so policy errors surface at load time with their location. */
async function ready<T extends AllowlistProvider | PassportProvider>(provider: T, ctx: BuildContext): Promise<T> {
  try {
    await provider.ready();
    return provider;
  } catch (error) {
    if (error instanceof CoreError && error.code === "policy_invalid") {
      throw new ConfigError(
        error.issues.map((issue) => {
          // Core paths are relative to the document it was given: /passport/... or /allowed_tools.
          const inPassport = issue.path.startsWith("/passport") && ctx.passport;
          const file = inPassport ? ctx.passport!.file : ctx.file;
          const source = inPassport ? ctx.passport!.source : ctx.source;
          const path = inPassport ? ctx.passport!.prefix + issue.path.slice("/passport".length) : `${ctx.path}/config${issue.path}`;
          return { ...locate(ctx, source, path), file, path, message: issue.message };
        }),
      );
    }
    throw error;
  }
}

/** `use: "./my-provider.js:MyProvider"` — a module specifier and an export name. */
async function loadCustomProvider(
  use: string,
  config: Record<string, unknown>,
  ctx: BuildContext,
  fail: (message: string, path?: string) => never,
): Promise<GuardrailProvider> {
  const colon = use.lastIndexOf(":");
  if (colon <= 0 || colon === use.length - 1) {
    return fail(`expected 'portcullis:PassportProvider', 'portcullis:AllowlistProvider', 'portcullis:CompositeProvider' or './module.js:ExportName', got "${use}"`, `${ctx.path}/use`);
  }
  const specifier = use.slice(0, colon);
  const exportName = use.slice(colon + 1);
  if (!ctx.host.importModule) return fail(`a custom provider ('${specifier}') needs a host with importModule here`, `${ctx.path}/use`);
  let module: Record<string, unknown>;
  try {
    module = await ctx.host.importModule(specifier, ctx.file);
  } catch (error) {
    return fail(`cannot import '${specifier}': ${(error as Error).message}`, `${ctx.path}/use`);
  }
  const Export = module[exportName];
  if (typeof Export !== "function") return fail(`'${specifier}' has no exported class '${exportName}'`, `${ctx.path}/use`);
  let provider: unknown;
  try {
    provider = new (Export as new (config: Record<string, unknown>) => unknown)(config);
  } catch (error) {
    return fail(`'${exportName}' failed to construct: ${(error as Error).message}`, `${ctx.path}/config`);
  }
  if (!isGuardrailProvider(provider)) return fail(`'${exportName}' is not a provider: it needs a string 'name' and an evaluate() method`, `${ctx.path}/use`);
  return provider;
}
