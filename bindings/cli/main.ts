/**
 * @module
 * The `portcullis` command. The eval contract is stable (DESIGN.md): JSON
 * Lines in, exactly one decision per input line out, in order; exit 0 when
 * the stream was processed, 2 for usage or policy-file errors.
 */

import { createReadStream } from "node:fs";
import { parseArgs } from "node:util";
import { loadGuard, type LoadedGuard } from "../config/load-guard.ts";
import { ConfigError } from "../config/config-error.ts";
import { normalizeDecision, type Decision, type GuardrailRequest } from "../core/decision.ts";
import { PassportProvider } from "../providers/passport.ts";
import { AllowlistProvider } from "../providers/allowlist.ts";
import { detectCommand } from "./detect.ts";
import { StaticUsageStore } from "../usage/static-store.ts";
import { serveCommand, ServeStartError, ServeUsageError } from "./serve.ts";
import { sanitizeCommand } from "./sanitize.ts";
import { byteLines } from "./byte-lines.ts";

const USAGE = `usage:
  portcullis eval --policy FILE [--now ISO-8601] [--input FILE] [--usage JSON]
  portcullis check --policy FILE --tool NAME [--input JSON] [--context JSON] [--now ISO-8601] [--usage JSON]
  portcullis validate FILE...
  portcullis detect [--config FILE] [--input FILE]
  portcullis serve --policy FILE --port N --token T [--agent-token T] [--host ADDR]
                   [--store memory|sqlite:PATH|redis://HOST:PORT] [--secret-file FILE] [--timeout SECONDS]
  portcullis sanitize [--max-length N] [--wrap SOURCE] [--html] [--disable LAYER,...] [--report] [--jsonl] [--input FILE]

eval      JSON Lines requests in (stdin by default), one decision per line out.
check     one decision for one call; exit 0 allow, 1 deny, 3 ask.
validate  check config and passport files; exit 0 valid, 1 invalid.
detect    JSON Lines of model messages or provider responses in; one safety-stop verdict per line out.
serve     the approval API and page (and /api/evaluate for agents in any language) until SIGINT/SIGTERM.
          Tokens may come from PORTCULLIS_TOKEN / PORTCULLIS_AGENT_TOKEN; a sqlite or redis store needs
          a signing secret (32+ bytes) in PORTCULLIS_APPROVAL_SECRET or --secret-file. The store holds
          approvals and usage counters (rate limits, daily caps), shared by every server using it.
sanitize  untrusted text on stdin, sanitized text on stdout; --jsonl: {"text","source"?,"html"?} per line in, {"text","report"} out.
--usage   the usage counters rate limits and daily caps are judged by, e.g.
          '{"calls_last_minute":3,"calls_today":40,"amount_today":1200,"idempotency_key_seen":false}';
          default: none used yet. The CLI keeps no counters between lines.
Exit 2: usage or policy-file errors.`;

class UsageError extends Error {}

export async function main(argv: string[], io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin }): Promise<number> {
  const [verb, ...rest] = argv;
  try {
    switch (verb) {
      case "eval":
        return await evalCommand(rest, io);
      case "check":
        return await checkCommand(rest, io);
      case "validate":
        return await validateCommand(rest, io);
      case "detect":
        return await detectCommand(rest, io as never);
      case "serve":
        return await serveCommand(rest, io);
      case "sanitize":
        return await sanitizeCommand(rest, io as never);
      case "help":
      case "--help":
      case "-h":
        io.stdout.write(USAGE + "\n");
        return 0;
      default:
        throw new UsageError(verb ? `unknown command '${verb}'` : "no command given");
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ServeUsageError) {
      io.stderr.write(`portcullis: ${error.message}\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof ServeStartError) {
      io.stderr.write(`portcullis: ${error.message}\n`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.stderr.write(`portcullis: invalid policy file\n${error.message}\n`);
      return 2;
    }
    if ((error as { code?: string })?.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" || (error as { code?: string })?.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
      io.stderr.write(`portcullis: ${(error as Error).message}\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
}

function clockFrom(now: string | undefined): (() => number) | undefined {
  if (now === undefined) return undefined;
  // Require a zone: a local time would make the decision depend on the machine.
  const ms = /(?:Z|[+-]\d\d:\d\d)$/i.test(now) ? Date.parse(now) : NaN;
  if (Number.isNaN(ms)) throw new UsageError(`--now must be an ISO-8601 timestamp with a zone, got '${now}'`);
  return () => ms;
}

async function loadPolicy(file: string | undefined, now: string | undefined, usage?: StaticUsageStore): Promise<LoadedGuard> {
  if (!file) throw new UsageError("--policy FILE is required");
  return loadGuard(file, { clock: clockFrom(now), usage });
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
async function decideLine(loaded: LoadedGuard, line: Uint8Array): Promise<Decision> {
  const { guard } = loaded;
  const provider = guard.provider;
  if (guard.enabled && (provider instanceof PassportProvider || provider instanceof AllowlistProvider)) {
    return provider.evaluateBytesSync(line);
  }
  let request: unknown;
  try {
    request = JSON.parse(utf8.decode(line));
  } catch (error) {
    return invalidLine(`request is not valid JSON: ${(error as Error).message}`);
  }
  if (request === null || typeof request !== "object" || Array.isArray(request) || typeof (request as GuardrailRequest).tool_name !== "string") {
    return invalidLine("request must be an object with a string tool_name");
  }
  return normalizeDecision(await guard.evaluate(request as GuardrailRequest)) ?? invalidLine("provider returned no decision");
}

async function evalCommand(args: string[], io: { stdout: NodeJS.WritableStream; stdin: NodeJS.ReadableStream & AsyncIterable<Uint8Array | string> }): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { policy: { type: "string" }, now: { type: "string" }, input: { type: "string" }, usage: { type: "string" } },
    allowPositionals: true,
  });
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const loaded = await loadPolicy(values.policy, values.now, usageFrom(values.usage));
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
      io.stdout.write(out);
      out = "";
    }
  }
  io.stdout.write(out);
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
  const loaded = await loadPolicy(values.policy, values.now, usageFrom(values.usage));
  const decision = await decideLine(loaded, new TextEncoder().encode(JSON.stringify(request)));
  io.stdout.write(JSON.stringify(decision) + "\n");
  return decision.decision === "allow" ? 0 : decision.decision === "ask" ? 3 : 1;
}

async function validateCommand(args: string[], io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream }): Promise<number> {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true });
  if (positionals.length === 0) throw new UsageError("validate needs at least one FILE");
  let failed = 0;
  for (const file of positionals) {
    try {
      await loadGuard(file);
      io.stdout.write(`${file}: valid\n`);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      failed++;
      io.stderr.write(`${file}: invalid\n${error.message}\n`);
    }
  }
  return failed ? 1 : 0;
}
