/**
 * @module
 * Node: read a config (or a bare passport) file, validate it, build the
 * provider it names and return a ready Guard. Every problem is a ConfigError
 * naming the file, line:column and JSON path.
 */

import { readFileSync, appendFileSync } from "node:fs";
import { dirname, resolve, isAbsolute } from "node:path";
import { pathToFileURL } from "node:url";
import { CoreError } from "../core/abi.ts";
import { AllowlistProvider } from "../providers/allowlist.ts";
import { PassportProvider } from "../providers/passport.ts";
import { CompositeProvider } from "../providers/composite.ts";
import { isGuardrailProvider, type Clock, type GuardrailProvider } from "../providers/types.ts";
import type { UsageStore } from "../usage/types.ts";
import { Guard } from "../middleware/guard.ts";
import { jsonLinesSink, type AuditSink } from "../middleware/audit.ts";
import { ConfigError, parseDocumentText, parsePassportText, type PortcullisConfig } from "./parse-config.ts";
import { locatePointer } from "./format-errors.ts";

export interface LoadOptions {
  /** Epoch-ms clock for passport expiry and usage windows (tests and `--now` pin it). */
  clock?: Clock;
  /** Usage counters for every PassportProvider the config builds (a new MemoryUsageStore each by default). */
  usage?: UsageStore;
  /** Extra sinks for decision events. */
  audit?: AuditSink[];
}

export interface LoadedGuard {
  guard: Guard;
  config: PortcullisConfig;
  file: string;
}

function readSource(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new ConfigError([{ file, line: 0, column: 0, path: "", message: `cannot read file: ${(error as Error).message}` }]);
  }
}

/** A passport document from the config: a path (relative to the config file) or inline. */
function resolvePassport(
  value: string | Record<string, unknown>,
  configFile: string,
  configSource: string,
): { passport: Record<string, unknown>; file: string; source: string; prefix: string } {
  if (typeof value !== "string") {
    return { passport: value, file: configFile, source: configSource, prefix: "/guardrails/passport" };
  }
  const file = isAbsolute(value) ? value : resolve(dirname(configFile), value);
  const source = readSource(file);
  return { passport: parsePassportText(source, file), file, source, prefix: "" };
}

/** Load a config or passport file and return a ready Guard. */
export async function loadGuard(path: string, options: LoadOptions = {}): Promise<LoadedGuard> {
  const file = resolve(path);
  const source = readSource(file);
  const parsed = parseDocumentText(source, file);
  const config: PortcullisConfig =
    parsed.kind === "passport"
      ? { guardrails: { enabled: true, fail_closed: true, passport: parsed.passport, provider: { use: "portcullis:PassportProvider" } } }
      : parsed.config;
  const section = config.guardrails;
  const passport = section.passport !== undefined ? resolvePassport(section.passport, file, source) : null;
  const use = section.provider?.use ?? (passport ? "portcullis:PassportProvider" : undefined);
  if (!use) {
    throw new ConfigError([{ ...locatePointer(source, "/guardrails"), file, path: "/guardrails", message: "expected `provider: {use: …}` or a `passport`" }]);
  }
  const provider = await buildProvider(use, section.provider?.config ?? {}, {
    file,
    source,
    passport,
    clock: options.clock,
    usage: options.usage,
    path: "/guardrails/provider",
  });
  const audit = [...(options.audit ?? [])];
  if (section.audit?.path) {
    const auditFile = resolve(dirname(file), section.audit.path);
    audit.push(jsonLinesSink((line) => appendFileSync(auditFile, line)));
  }
  const guard = new Guard({
    provider,
    enabled: section.enabled ?? true,
    failClosed: section.fail_closed ?? true,
    passport: passport ? String(passport.passport.passport_id ?? passport.file) : undefined,
    audit,
  });
  return { guard, config, file };
}

interface BuildContext {
  file: string;
  source: string;
  passport: ReturnType<typeof resolvePassport> | null;
  clock?: Clock;
  usage?: UsageStore;
  path: string;
}

async function buildProvider(use: string, config: Record<string, unknown>, ctx: BuildContext): Promise<GuardrailProvider> {
  const fail = (message: string, path = ctx.path): never => {
    throw new ConfigError([{ ...locatePointer(ctx.source, path), file: ctx.file, path, message }]);
  };
  switch (use) {
    case "portcullis:PassportProvider": {
      if (!ctx.passport) return fail("PassportProvider needs `guardrails.passport` (a file path or an inline passport)");
      const provider = new PassportProvider({ ...(config as object), passport: ctx.passport!.passport, clock: ctx.clock, usage: ctx.usage });
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
          return { ...locatePointer(source, path), file, path, message: issue.message };
        }),
      );
    }
    throw error;
  }
}

/** `use: "./my-provider.js:MyProvider"` — a module path (relative to the config file) and an export name. */
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
  const target = specifier.startsWith(".") || isAbsolute(specifier) ? pathToFileURL(resolve(dirname(ctx.file), specifier)).href : specifier;
  let module: Record<string, unknown>;
  try {
    module = (await import(target)) as Record<string, unknown>;
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
