/**
 * @module
 * What `portcullis --help` and `portcullis <verb> --help` print, and the one
 * usage line a usage error shows: each verb's own, so a mistake in `check`
 * is not answered with the synopsis of six other commands.
 */

import { readFileSync } from "node:fs";
import { closest } from "../config/format-errors.ts";

interface VerbHelp {
  /** The synopsis: printed after "usage:" on a usage error and at the top of `<verb> --help`. */
  usage: string;
  /** One line for the overview. */
  summary: string;
  /** Further lines for `<verb> --help`. */
  details: string;
}

const CONTEXT_FLAGS = `--workspace-root DIR  base of relative paths; commands that name no tool_input.cwd run here
  --cwd DIR             the agent's working directory: the same directory (the core resolves against one);
                        give one of the two, or both naming the same directory
  --home DIR            what ~ and $HOME mean
  These win over the policy's own workspace_root/home. A request whose context names another
  workspace_root or home is denied (oap.invalid_context): a request cannot widen what the flags set.`;

export const VERBS: Record<string, VerbHelp> = {
  eval: {
    usage: "portcullis eval --policy FILE [--input FILE] [--now ISO-8601] [--usage JSON] [--strict] [--workspace-root DIR] [--cwd DIR] [--home DIR]",
    summary: "JSON Lines requests in (stdin by default), one decision per line out, in order.",
    details: `  --policy FILE         a config (YAML or JSON) or a bare OAP passport
  --input FILE          read requests from FILE instead of stdin
  --now ISO-8601        the time expiry and usage windows are judged at (with a zone, e.g. 2026-11-22T00:00:00Z)
  --usage JSON          the usage counters every line is judged by, e.g.
                        '{"calls_last_minute":3,"calls_today":40,"amount_today":1200,"idempotency_key_seen":false}';
                        default: none used yet. The CLI keeps no counters between lines.
  --strict              refuse the policy (exit 2) when one of its \`tests:\` fails
  ${CONTEXT_FLAGS}
A line that is not a valid request gets a deny (oap.invalid_context); the stream goes on.
Exit 0 when the stream was processed, 2 for usage or policy-file errors.`,
  },
  check: {
    usage:
      "portcullis check --policy FILE --tool NAME [--input JSON] [--context JSON] [--now ISO-8601] [--usage JSON] [--strict] [--workspace-root DIR] [--cwd DIR] [--home DIR]",
    summary: "one decision for one call; exit 0 allow, 1 deny, 3 ask.",
    details: `  --policy FILE         a config (YAML or JSON) or a bare OAP passport
  --tool NAME           the tool's name, e.g. bash
  --input JSON          the tool's arguments, a JSON object (default {})
  --context JSON        the request's context, a JSON object
  --now, --usage, --strict  as for eval
  ${CONTEXT_FLAGS}
Exit 0 allow, 1 deny, 3 ask, 2 for usage or policy-file errors.`,
  },
  validate: {
    usage: "portcullis validate [--now ISO-8601] FILE...",
    summary: "check config and passport files and run their tests; exit 0 valid, 1 invalid.",
    details: `Each FILE is a config (YAML or JSON) or a bare OAP passport. Problems are printed with file:line:column,
JSON path and what was expected. A file whose \`tests:\` fail is invalid; --now is the time they are judged at.
Exit 0 when all are valid, 1 when any is not, 2 for usage errors.`,
  },
  test: {
    usage: "portcullis test [--now ISO-8601] POLICY",
    summary: "run a policy file's tests; exit 0 all pass, 1 a failure.",
    details: `POLICY is a config or a bare OAP passport with \`tests:\` — a list of {name?, request, expect, code?}:
a call and the decision (allow, deny, ask) it must get, optionally with a reason code it must carry. Tests check
what the policy decides before an enforcement mode (warn, shadow) softens it. POLICY may also be given as
--policy FILE. Each test prints ok or FAIL (expected, got, and the policy's reason).
Exit 0 when all pass, 1 when one fails or there are none, 2 for usage or policy-file errors.`,
  },
  diff: {
    usage: "portcullis diff --policy OLD --policy NEW [--input FILE] [--now ISO-8601] [--strict]",
    summary: "judge recorded calls by two policies; report each one they decide differently.",
    details: `  --policy OLD --policy NEW  the policy in force and the candidate (configs or bare passports)
  --input FILE          recorded requests as JSON Lines, as eval reads them (stdin by default)
  --now ISO-8601        as for eval
  --strict              refuse a policy whose \`tests:\` fail
Two decisions differ when the decision or the reason codes do. Each difference prints the input line, the tool
and its arguments, and both decisions with their reasons; a summary ends the report.
Exit 0 when no call is decided differently, 1 when some are, 2 for usage or policy-file errors.`,
  },
  detect: {
    usage: "portcullis detect [--config FILE] [--input FILE] [--shape NAME]",
    summary: "JSON Lines of model messages or provider responses in; one safety-stop verdict per line out.",
    details: `  --config FILE         a config whose safety_finish_reason section chooses the detectors (default: all five)
  --input FILE          read from FILE instead of stdin
  --shape NAME          the lines' shape (langchain, openai_chat, ai_sdk, …; default: guessed per line)
Each line out: {"terminated", "detector"?, "reason_field"?, "reason_value"?, "suppressed_tool_calls", "message"}.
Exit 0 when the stream was processed, 2 for usage or config errors.`,
  },
  serve: {
    usage:
      "portcullis serve --policy FILE --port N --token T [--agent-token T] [--host ADDR] [--store memory|sqlite:PATH|redis://HOST:PORT] [--secret-file FILE] [--timeout SECONDS] [--watch] [--metrics-public]",
    summary: "the approval API and page (and /api/evaluate for agents in any language) until SIGINT/SIGTERM.",
    details: `  --port N              0 picks a free port; --host defaults to 127.0.0.1
  --token T             the approver's bearer token (or PORTCULLIS_TOKEN)
  --agent-token T       the agents' bearer token (or PORTCULLIS_AGENT_TOKEN): may evaluate, never approve
  --store S             approvals and usage counters (rate limits, daily caps), shared by every server using it
  --secret-file FILE    the signing secret (32+ bytes; or PORTCULLIS_APPROVAL_SECRET), required for sqlite and redis
  --timeout SECONDS     how long an action waits for a decision (default 900)
  --watch               reload the policy when its file (or a passport it names) changes; SIGHUP reloads too.
                        A policy that fails to load is refused (logged) and the old one keeps deciding
  --metrics-public      serve /metrics without a token (default: any of the API's tokens)
Also GET /healthz (alive) and /readyz (policy loaded, store answering; 503 when not), both without a token.
Logs: one JSON object per line on stdout (requests, decisions, approvals, reloads, errors; never arguments or tokens).
Exit 0 after SIGINT/SIGTERM, 2 for usage errors or when the server cannot start.`,
  },
  hook: {
    usage: "portcullis hook claude-code|gemini-cli|cursor|codex --policy FILE [--audit FILE] | portcullis hook serve --policy FILE [--port N] [--host ADDR] [--audit FILE]",
    summary: "one coding-agent hook event on stdin, the agent's decision on stdout (fails closed: exit 2).",
    details: `  --policy FILE         a config, a passport, or the agent's own rules: Claude Code settings.json
                        (permissions), Codex .rules (prefix_rule), Gemini CLI policy .toml ([[rule]])
  --audit FILE          append one JSON line per decision (with the agent's session_id and cwd)
Claude Code: PreToolUse and PermissionRequest. Gemini CLI: BeforeTool. Cursor: beforeShellExecution,
beforeMCPExecution, beforeReadFile. Codex: PreToolUse. Anything that prevents a decision (a bad policy,
an unreadable event, a crash) writes the agent's deny and exits 2, the code every one of them blocks on.
hook serve keeps the policy loaded and answers POST /hooks/<agent> with the same output (HTTP 500 where the
hook would exit 2); call it with: curl -sSf --data-binary @- http://127.0.0.1:PORT/hooks/<agent> || exit 2`,
  },
  init: {
    usage: "portcullis init claude-code|gemini-cli|cursor|codex [--policy FILE] [--scope project|user] [--dir DIR] [--dry-run]",
    summary: "add the portcullis hook to the agent's settings file, keeping everything else in it.",
    details: `  --policy FILE         the policy the hook judges by (default: the agent's own settings/rules file)
  --scope project|user  the project's settings (default) or the user's (in --home or $HOME)
  --dir DIR             the project directory (default: the current directory)
  --dry-run             print the file as it would be written, change nothing
The hook command names this node and this CLI by absolute path and ends in "|| exit 2", so a CLI that is gone
or broken still blocks; a CLI inside the project or npx's cache is warned about. An existing portcullis entry is
replaced, other hooks and settings are kept. Exit 0 done, 2 for usage errors.`,
  },
  import: {
    usage: "portcullis import claude-code|gemini-cli|codex FILE",
    summary: "print the portcullis passport equivalent to an agent's rule file.",
    details: `Prints the three passports (deny, ask, allow tiers) the rules compile to, and notes on rules that
cannot be applied as written. Exit 0 done, 2 for usage or rule-file errors.`,
  },
  explain: {
    usage: "portcullis explain --policy FILE (--tool NAME [--input JSON] | --call FILE) [--cwd DIR] [--json]",
    summary: "the decision for one call, each rule consulted, and what the call would do.",
    details: `  --policy FILE         as for hook
  --tool NAME, --input JSON  the call, e.g. --tool Bash --input '{"command":"npm test"}'
  --call FILE           the whole call as JSON: {"tool_name", "tool_input", "context"}
  --cwd DIR             the agent's working directory
  --json                print the decision and each policy's evaluation trace as JSON
Prints each step the policy consulted in order (pass, skip, or the step that decided, with its rule), then what
will happen: each program a command runs with what it reads, writes, deletes or contacts, and each URL's host.
Exit 0 allow, 1 deny, 3 ask, 2 for usage or policy-file errors.`,
  },
  audit: {
    usage: "portcullis audit verify FILE",
    summary: "check a hash-chained audit log: every line present, in order and unedited.",
    details: `  verify FILE           read a JSON Lines audit file written with \`audit: {path, chain: true}\` and check
                        each record's hash, sequence number and link to the record before it
Exit 0 with the record count when the chain is intact; 1 naming the first broken line (removed, reordered,
edited or cut off); 2 for usage errors or a file that cannot be read.
Records cut off the end leave an intact, shorter chain: compare the count or last hash with one kept elsewhere.`,
  },
  sanitize: {
    usage: "portcullis sanitize [--max-length N] [--wrap SOURCE] [--html] [--disable LAYER,...] [--report] [--jsonl] [--input FILE]",
    summary: "untrusted text on stdin, sanitized text on stdout.",
    details: `  --max-length N        most code points kept (default 30000; 0 for no cap)
  --wrap SOURCE         fence the text as untrusted content from SOURCE
  --html                convert from HTML first
  --disable LAYER,...   switch layers off (invisible, controls, format, nfc, private_use, tags, whitespace, ...)
  --report              the report as JSON on stderr
  --jsonl               {"text","source"?,"html"?} per line in, {"text","report"} out
Exit 0 on success, 1 when the text cannot be sanitized, 2 for usage errors.`,
  },
  "mcp-proxy": {
    usage:
      "portcullis mcp-proxy --policy FILE --name NAME [--show-denied] [--pins FILE] [--block-changed] [--no-pins] [--no-elicitation] [--approvals-port N --token T] [--timeout SECONDS] (-- COMMAND ARGS... | --url URL [--header 'Name: value']...)",
    summary: "an MCP server behind the policy: a client starts this instead of the server and gets guarded tools.",
    details: `  --policy FILE         a config (YAML or JSON) or a bare OAP passport
  --name NAME           the server's name in the policy: tools are judged as mcp__NAME__TOOL (mcp.tool.execute;
                        a tool named like a shell also by system.command.execute)
  -- COMMAND ARGS...    the server to start (stdio); or --url URL for a Streamable HTTP server (--header adds headers)
  --show-denied         list tools the policy can never allow (default: hidden from tools/list; calls are judged anyway)
  --pins FILE           keep tool-description pins in FILE across runs (default: for this session)
  --block-changed       hide and refuse a tool whose description changed after it was first seen (default: report)
  --no-pins             do not pin descriptions
  --no-elicitation      never ask in the client; ask only on the approval page
  --approvals-port N    serve the approval page and API on 127.0.0.1:N (0 picks a free port), with --token T
                        (or PORTCULLIS_TOKEN) as the approver's bearer token
  --timeout SECONDS     how long a pending action waits for a decision (default 900)
Stdout carries the MCP protocol; logs go to stderr. Exit 0 when either side closed, 1 when the server cannot be
started, 2 for usage or policy-file errors.`,
  },
};

export const VERB_NAMES = Object.keys(VERBS);

/** `portcullis --help`. */
export function overview(): string {
  const width = Math.max(...VERB_NAMES.map((v) => v.length));
  return [
    "usage: portcullis <command> [options]",
    "",
    "Judge tool calls of AI agents against an OAP passport or a DeerFlow-style guardrails config.",
    "",
    "commands:",
    ...VERB_NAMES.map((v) => `  ${v.padEnd(width)}  ${VERBS[v]!.summary}`),
    "",
    "portcullis <command> --help    the command's options",
    "portcullis --version           the package version",
  ].join("\n");
}

/** `portcullis <verb> --help`. */
export function verbHelp(verb: string): string {
  const help = VERBS[verb]!;
  return `usage: ${help.usage}\n\n${help.summary}\n\n${help.details}`;
}

/** The usage line a usage error of `verb` ends with. */
export function usageLine(verb: string): string {
  return `usage: ${VERBS[verb]!.usage}\nportcullis ${verb} --help for details`;
}

/** "unknown command 'evl'" plus a suggestion when one is close. */
export function unknownVerb(verb: string): string {
  const suggestion = closest(verb, VERB_NAMES);
  return `unknown command '${verb}'${suggestion ? ` (did you mean '${suggestion}'?)` : ""}`;
}

/** True when `args` asks for help before any `--` (an option value such as `--wrap -h` is not a request for help). */
export function wantsHelp(args: readonly string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") return false;
    if (arg === "--help" || arg === "-h") return !takesValue(args[i - 1]);
  }
  return false;
}

// Options that take a value: `--wrap -h` wraps under the name "-h" rather than asking for help.
const VALUE_OPTIONS = new Set([
  "--policy", "--input", "--now", "--usage", "--tool", "--context", "--workspace-root", "--cwd", "--home",
  "--config", "--port", "--host", "--token", "--agent-token", "--store", "--secret-file", "--timeout",
  "--max-length", "--wrap", "--disable",
  "--name", "--url", "--header", "--pins", "--approvals-port",
]);
const takesValue = (previous: string | undefined) => previous !== undefined && VALUE_OPTIONS.has(previous);

/** The version in the package.json next to the bundle (dist/cli.js) or the sources (bindings/cli/). */
export function packageVersion(): string {
  for (const relative of ["../package.json", "../../package.json"]) {
    try {
      const json = JSON.parse(readFileSync(new URL(relative, import.meta.url), "utf8")) as { name?: string; version?: string };
      if (json.name === "portcullis" && typeof json.version === "string") return json.version;
    } catch {
      // not this one
    }
  }
  return "unknown";
}
