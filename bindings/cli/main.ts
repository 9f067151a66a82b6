/**
 * @module
 * The `portcullis` command. The eval contract is stable (DESIGN.md): JSON
 * Lines in, exactly one decision per input line out, in order; exit 0 when
 * the stream was processed, 2 for usage or policy-file errors.
 */

import { writeOut } from "./write-out.ts";
import { createReadStream } from "node:fs";
import { parseArgs } from "node:util";
import { loadGuard, type LoadedGuard } from "../config/load-guard.ts";
import { ConfigError, ConfigReadError } from "../config/config-error.ts";
import { normalizeDecision, type Decision, type GuardrailRequest } from "../core/index.ts";
import { AllowlistProvider, PassportProvider } from "../providers/index.ts";
import { StaticUsageStore } from "../usage/index.ts";
import { withDigest } from "../middleware/index.ts";
import { ServeStartError, ServeUsageError } from "./serve-errors.ts";
import { byteLines } from "./byte-lines.ts";
import { UsageError } from "./usage-error.ts";
import { clockFrom } from "./clock-flag.ts";
import { VERBS, overview, packageVersion, unknownVerb, usageLine, verbHelp, wantsHelp } from "./usage.ts";
import { CONTEXT_OPTIONS, contextConflict, contextFlags, hasFlags, type ContextFlags } from "./context-flags.ts";

export async function main(argv: string[], io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin }): Promise<number> {
  const [verb, ...rest] = argv;
  if (verb === "--help" || verb === "-h" || (verb === "help" && rest.length === 0)) {
    io.stdout.write(overview() + "\n");
    return 0;
  }
  if (verb === "help" && rest[0] !== undefined && rest[0] in VERBS) {
    io.stdout.write(verbHelp(rest[0]) + "\n");
    return 0;
  }
  if (verb === "--version" || verb === "-V") {
    io.stdout.write(packageVersion() + "\n");
    return 0;
  }
  if (verb === undefined || !(verb in VERBS)) {
    const message = verb === undefined ? "no command given" : verb === "help" ? unknownVerb(rest[0]!) : unknownVerb(verb);
    io.stderr.write(`portcullis: ${message}\n${verb === undefined ? overview() : "portcullis --help lists the commands"}\n`);
    return 2;
  }
  if (wantsHelp(rest)) {
    io.stdout.write(verbHelp(verb) + "\n");
    return 0;
  }
  // eval, check and validate are here; every other verb's modules are imported when it runs, so a process that
  // judges one call (a hook, `portcullis check`) parses no server, proxy, init or sanitizer code.
  try {
    switch (verb) {
      case "eval":
        return await evalCommand(rest, io);
      case "check":
        return await checkCommand(rest, io);
      case "validate":
        return await validateCommand(rest, io);
      case "detect":
        return await (await import("./detect.ts")).detectCommand(rest, io as never);
      case "serve":
        return await (await import("./serve.ts")).serveCommand(rest, io);
      case "hook":
        return await (await import("./hook.ts")).hookCommand(rest, io);
      case "init":
        return await (await import("./init.ts")).initCommand(rest, io);
      case "import":
      case "explain":
        return verb === "import"
          ? await (await import("./import.ts")).importCommand(rest, io)
          : await (await import("./explain.ts")).explainCommand(rest, io);
      case "test":
        return await (await import("./policy-test.ts")).testCommand(rest, io);
      case "diff":
        return await (await import("./diff.ts")).diffCommand(rest, io);
      case "audit":
        return await (await import("./audit.ts")).auditCommand(rest, io);
      case "mcp-proxy":
        return await (await import("./mcp-proxy.ts")).mcpProxyCommand(rest, io);
      default:
        return await (await import("./sanitize.ts")).sanitizeCommand(rest, io as never);
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ServeUsageError) {
      io.stderr.write(`portcullis ${verb}: ${error.message}\n${usageLine(verb)}\n`);
      return 2;
    }
    if (error instanceof ServeStartError) {
      io.stderr.write(`portcullis: ${error.message}\n`);
      return 2;
    }
    if (error instanceof ConfigReadError) {
      io.stderr.write(`portcullis: ${error.message}\n`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.stderr.write(`portcullis: invalid policy file\n${error.message}\n`);
      return 2;
    }
    const code = (error as { code?: string })?.code;
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" || code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" || code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
      io.stderr.write(`portcullis ${verb}: ${(error as Error).message}\n${usageLine(verb)}\n`);
      return 2;
    }
    throw error;
  }
}

interface Policy {
  loaded: LoadedGuard;
  /** --workspace-root/--cwd/--home: the loaded policy uses them; every request is checked against them. */
  flags: ContextFlags;
}

async function loadPolicy(file: string | undefined, now: string | undefined, usage: StaticUsageStore, flags: ContextFlags, strict = false): Promise<Policy> {
  if (!file) throw new UsageError("--policy FILE is required");
  const loaded = await loadGuard(file, { clock: clockFrom(now), usage, workspaceRoot: flags.workspace_root, home: flags.home, strict });
  return { loaded, flags };
}

function invalidLine(message: string): Decision {
  return { decision: "deny", allow: false, reasons: [{ code: "oap.invalid_context", message }] };
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** `--usage`: the counters every line is judged by (none used yet by default); nothing is recorded. */
function usageFrom(text: string | undefined): StaticUsageStore {
  if (text === undefined) return new StaticUsageStore({});
  try {
    const value = JSON.parse(text);
    if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error("expected a JSON object");
    return new StaticUsageStore(value);
  } catch (error) {
    throw new UsageError(`--usage must be a JSON object of usage counters: ${(error as Error).message}`);
  }
}

/** One line in, one decision out. Wasm providers see the exact bytes; others get the parsed object. */
async function decideLine({ loaded, flags }: Policy, line: Uint8Array): Promise<Decision> {
  const { guard } = loaded;
  const provider = guard.provider;
  const wasm = guard.enabled && (provider instanceof PassportProvider || provider instanceof AllowlistProvider);
  // Without flags the core reads the bytes alone (it rejects what is not strict JSON itself).
  // The digest of the policy names it in every decision, as guard.evaluate's do.
  const digest = guard.options.policyDigest;
  if (wasm && !hasFlags(flags)) return withDigest(provider.evaluateBytesSync(line), digest);
  let request: unknown;
  try {
    request = JSON.parse(utf8.decode(line));
  } catch (error) {
    return invalidLine(`request is not valid JSON: ${(error as Error).message}`);
  }
  const conflict = contextConflict(request, flags);
  if (conflict) return conflict;
  if (wasm) return withDigest(provider.evaluateBytesSync(line), digest);
  if (request === null || typeof request !== "object" || Array.isArray(request) || typeof (request as GuardrailRequest).tool_name !== "string") {
    return invalidLine("request must be an object with a string tool_name");
  }
  const decision = normalizeDecision(await guard.evaluate(request as GuardrailRequest));
  return decision ? withDigest(decision, digest) : invalidLine("provider returned no decision");
}

async function evalCommand(args: string[], io: { stdout: NodeJS.WritableStream; stdin: NodeJS.ReadableStream & AsyncIterable<Uint8Array | string> }): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { policy: { type: "string" }, now: { type: "string" }, input: { type: "string" }, usage: { type: "string" }, strict: { type: "boolean" }, ...CONTEXT_OPTIONS },
    allowPositionals: true,
  });
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const loaded = await loadPolicy(values.policy, values.now, usageFrom(values.usage), contextFlags("eval", values), values.strict === true);
  const input = values.input ? createReadStream(values.input) : io.stdin;
  const opened = new Promise<void>((resolveOpen, rejectOpen) => {
    if (!values.input) return resolveOpen();
    (input as ReturnType<typeof createReadStream>).once("open", () => resolveOpen()).once("error", rejectOpen);
  });
  try {
    await opened;
  } catch (error) {
    throw new UsageError(`cannot read --input: ${(error as Error).message}`);
  }
  let out = "";
  for await (const line of byteLines(input)) {
    out += JSON.stringify(await decideLine(loaded, line)) + "\n";
    if (out.length > 65536) {
      await writeOut(io.stdout, out);
      out = "";
    }
  }
  await writeOut(io.stdout, out);
  return 0;
}

async function checkCommand(args: string[], io: { stdout: NodeJS.WritableStream }): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      policy: { type: "string" },
      tool: { type: "string" },
      input: { type: "string" },
      context: { type: "string" },
      now: { type: "string" },
      usage: { type: "string" },
      strict: { type: "boolean" },
      ...CONTEXT_OPTIONS,
    },
    allowPositionals: true,
  });
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  if (values.tool === undefined) throw new UsageError("--tool NAME is required");
  const parseJson = (flag: string, text: string | undefined): Record<string, unknown> | undefined => {
    if (text === undefined) return undefined;
    try {
      const value = JSON.parse(text);
      if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error("expected a JSON object");
      return value;
    } catch (error) {
      throw new UsageError(`--${flag} must be a JSON object: ${(error as Error).message}`);
    }
  };
  const request: GuardrailRequest = { tool_name: values.tool, tool_input: parseJson("input", values.input) ?? {} };
  const context = parseJson("context", values.context);
  if (context) request.context = context;
  const loaded = await loadPolicy(values.policy, values.now, usageFrom(values.usage), contextFlags("check", values), values.strict === true);
  const decision = await decideLine(loaded, new TextEncoder().encode(JSON.stringify(request)));
  io.stdout.write(JSON.stringify(decision) + "\n");
  return decision.decision === "allow" ? 0 : decision.decision === "ask" ? 3 : 1;
}

async function validateCommand(args: string[], io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream }): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: { now: { type: "string" } }, allowPositionals: true });
  if (positionals.length === 0) throw new UsageError("validate needs at least one FILE");
  const clock = clockFrom(values.now);
  let failed = 0;
  for (const file of positionals) {
    try {
      // A policy whose own tests fail is not valid.
      const loaded = await loadGuard(file, { clock, strict: true });
      io.stdout.write(`${file}: valid\n`);
      for (const warning of loaded.warnings ?? []) io.stderr.write(`${file}: warning: ${warning}\n`);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      failed++;
      io.stderr.write(`${file}: invalid\n${error.message}\n`);
    }
  }
  return failed ? 1 : 0;
}
