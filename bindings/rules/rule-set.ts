/**
 * @module
 * The neutral form every coding-agent rule syntax (Claude Code permissions,
 * Codex exec policy, Gemini CLI policy) compiles to, and the provider that
 * judges it. Each tier (deny, ask, allow) becomes an OAP passport the wasm
 * core judges, so a rule applies to every simple command a script runs, not
 * to the start of the string: deny and ask command rules are
 * `blocked_patterns` (a match anywhere denies), allow command rules are
 * `allowed_commands` (every command must match). Tool-name rules (MCP tools
 * and the like) compare names only.
 *
 * Precedence is the agents' own: deny, then ask, then allow; a call no rule
 * allows gets the rule set's fallback (ask, or deny for "never ask" modes).
 * The built-in checks (run in the allow tier) deny even what an ask rule matches.
 */

import { PassportProvider } from "../providers/index.ts";
import type { GuardrailProvider } from "../providers/types.ts";
import type { Decision, GuardrailRequest } from "../core/decision.ts";

/** One rule as its author wrote it: what `explain` prints. */
export interface RuleRef {
  /** The rule text, e.g. `Bash(npm run test:*)` or `prefix_rule(pattern=["git"])`. */
  rule: string;
  /** Where it is: `permissions.allow[3]`, `rules[0]`, a file:line. */
  at: string;
}

export interface Tier {
  /** Deny/ask: blocked_patterns. Allow: allowed_commands entries. */
  commands: { entry: string; ref: RuleRef }[];
  /** A rule covering every command (bare `Bash`). */
  anyCommand?: RuleRef;
  readPaths: { path: string; ref: RuleRef }[];
  anyRead?: RuleRef;
  writePaths: { path: string; ref: RuleRef }[];
  anyWrite?: RuleRef;
  /** `exact`: the host itself only (Claude Code's `domain:host`); otherwise the core's reading (subdomains too). */
  domains: { domain: string; ref: RuleRef; exact?: boolean }[];
  anyWeb?: RuleRef;
  /** Other tools by name; `prefix` names a namespace (`mcp__github` covers `mcp__github__*`). */
  tools: { name: string; prefix: boolean; ref: RuleRef; args?: RegExp }[];
}

export interface RuleSet {
  /** What wrote the rules (decision reasons name it): "Claude Code permissions", … */
  syntax: string;
  file: string;
  deny: Tier;
  ask: Tier;
  allow: Tier;
  /** What a call no rule allows gets. */
  fallback: "ask" | "deny";
  /** Rules that were read but cannot be enforced as written (skipped from allow: they allow less). */
  notes: string[];
  /** Examples the rule's author wrote (Codex match/not_match): checked against that rule alone at load time. */
  examples?: RuleExample[];
}

export interface RuleExample {
  command: string;
  /** true: the rule must decide it (match); false: it must not (not_match). */
  matches: boolean;
  decision: "allow" | "ask" | "deny";
  ref: RuleRef;
}

export const emptyTier = (): Tier => ({ commands: [], readPaths: [], writePaths: [], domains: [], tools: [] });

/**
 * Files through which an agent would widen its own permissions or run code in later sessions: the agents'
 * settings, hook and MCP files, and the shell's startup files. Project entries are relative to a project root;
 * home entries start with `~/`. The guard's own code is protected where the running hook's CLI really is (a
 * hook's guardCode), not by a fixed `node_modules/portcullis`: npm installs write the whole node_modules tree,
 * so a fixed entry would ask before every install in every project, the guard there or not.
 */
export const SELF_PROTECTED_PROJECT = [
  ".claude/settings.json", ".claude/settings.local.json", ".claude/hooks/**", "./.mcp.json",
  ".codex/**", ".gemini/**", ".cursor/hooks.json", ".cursor/mcp.json",
];
export const SELF_PROTECTED_HOME = [
  "~/.claude/settings.json", "~/.claude/settings.local.json", "~/.claude/hooks/**", "~/.claude.json",
  "~/.codex/**", "~/.gemini/**", "~/.cursor/hooks.json", "~/.cursor/mcp.json",
  "~/.bashrc", "~/.bash_profile", "~/.bash_login", "~/.bash_logout", "~/.profile",
  "~/.zshrc", "~/.zprofile", "~/.zshenv", "~/.zlogin", "~/.zlogout", "~/.config/fish/**",
  "~/.kshrc", "~/.mkshrc", "~/.cshrc", "~/.tcshrc", "~/.login", "~/.logout",
];
/** Every self-protected entry; the project ones resolve against the workspace root. */
export const SELF_PROTECTED = [...SELF_PROTECTED_PROJECT, ...SELF_PROTECTED_HOME];

/**
 * Commands that write files their command line does not name — a patch's targets, a checkout's or an
 * archive's contents, a sync's tree, the guard's own package removed — so they may reach a protected file.
 * Every rule set and every hook asks before one.
 */
export const UNNAMED_WRITERS = [
  "git apply", "git am", "patch", "git checkout --", "git checkout .", "git checkout ./", "git checkout :/", "git restore", "git stash pop", "git stash apply",
  "tar -x", "tar x*", "bsdtar -x", "unzip", "7z x", "cpio", "rsync",
  "npm uninstall portcullis", "pnpm remove portcullis", "yarn remove portcullis",
];

/** Adds the self-protection rules to a rule set's ask tier. */
export function protectSelf(rules: RuleSet): RuleSet {
  const ref: RuleRef = { rule: "(the agent's own settings, rules and shell startup files)", at: "built-in" };
  for (const path of SELF_PROTECTED) {
    rules.ask.commands.push({ entry: path, ref });
    rules.ask.writePaths.push({ path, ref });
  }
  const writers: RuleRef = { rule: "(commands that write files they do not name)", at: "built-in" };
  for (const entry of UNNAMED_WRITERS) rules.ask.commands.push({ entry, ref: writers });
  return rules;
}

/** Tool names of the capabilities the tiers cover (the core's tool map knows the same names). */
const COMMAND_TOOLS = new Set(["Bash", "run_shell_command", "Shell", "shell", "exec_command", "local_shell"]);
const READ_TOOLS = new Set(["Read", "Glob", "Grep", "LS", "NotebookRead", "read_file", "read_many_files", "list_directory", "glob", "search_file_content"]);
const WRITE_TOOLS = new Set(["Write", "Edit", "MultiEdit", "NotebookEdit", "write_file", "replace", "edit_file", "apply_patch"]);
const WEB_TOOLS = new Set(["WebFetch", "web_fetch"]);

type Kind = "command" | "read" | "write" | "web" | "tool";

function kindOf(tool: string): Kind {
  if (COMMAND_TOOLS.has(tool)) return "command";
  if (READ_TOOLS.has(tool)) return "read";
  if (WRITE_TOOLS.has(tool)) return "write";
  if (WEB_TOOLS.has(tool)) return "web";
  return "tool";
}

/** A tier as a passport. `restrict`: deny/ask tiers grant everything but their patterns. */
export function tierPassport(tier: Tier, restrict: boolean, id: string): Record<string, unknown> {
  const limits: Record<string, Record<string, unknown>> = {};
  // Every MCP server passes here: the tool-name rules judge servers and tools. An MCP tool the core reads as
  // running commands (named like a shell) is also judged by this tier's command rules.
  limits["mcp.tool.execute"] = { allowed_servers: ["*"] };
  if (restrict) {
    // Only the rules decide here; the built-in checks run once, in the allow tier.
    limits["system.command.execute"] = { allowed_commands: ["*"], blocked_patterns: tier.commands.map((c) => c.entry), builtin_checks: false };
    limits["data.file.read"] = { allowed_paths: ["*"], blocked_paths: tier.readPaths.map((p) => p.path), builtin_checks: false };
    limits["data.file.write"] = { allowed_paths: ["*"], blocked_paths: tier.writePaths.map((p) => p.path), builtin_checks: false };
    limits["web.fetch"] = { allowed_domains: ["*"], blocked_domains: tier.domains.map((d) => d.domain) };
  } else {
    limits["system.command.execute"] = { allowed_commands: tier.anyCommand ? ["*"] : tier.commands.map((c) => c.entry) };
    limits["data.file.read"] = { allowed_paths: tier.anyRead ? ["*"] : tier.readPaths.map((p) => p.path) };
    limits["data.file.write"] = { allowed_paths: tier.anyWrite ? ["*"] : tier.writePaths.map((p) => p.path) };
    limits["web.fetch"] = { allowed_domains: tier.anyWeb ? ["*"] : tier.domains.map((d) => d.domain) };
  }
  return {
    passport_id: id,
    spec_version: "oap/1.0",
    status: "active",
    capabilities: Object.keys(limits).map((cap) => ({ id: cap })),
    limits,
  };
}

const has = (tier: Tier, kind: Kind): RuleRef | true | undefined => {
  if (kind === "command") return tier.anyCommand ?? (tier.commands.length ? true : undefined);
  if (kind === "read") return tier.anyRead ?? (tier.readPaths.length ? true : undefined);
  if (kind === "write") return tier.anyWrite ?? (tier.writePaths.length ? true : undefined);
  if (kind === "web") return tier.anyWeb ?? (tier.domains.length ? true : undefined);
  return undefined;
};

/** A tool-name rule; one with `args` (Gemini's argsPattern) also needs its regex to find the arguments' JSON. */
const toolRule = (tier: Tier, name: string, args: () => string): RuleRef | undefined =>
  tier.tools.find((t) => (t.prefix ? t.name === "" || name === t.name || name.startsWith(t.name + "__") : name === t.name) && (!t.args || t.args.test(args())))?.ref;

/** Codes by which a restricting tier says "a rule of mine matched". */
const MATCHED = new Set(["oap.blocked_pattern", "oap.path_blocked", "oap.domain_blocked"]);
/** Codes by which the allow tier says "no rule of mine covers this" (then the fallback decides). */
const UNMATCHED = new Set(["oap.command_not_allowed", "oap.path_not_allowed", "oap.domain_not_allowed", "oap.unknown_capability"]);

export interface RuleSetOptions {
  workspace_root?: string;
  home?: string;
}

/** Judges a RuleSet: three passports in the core, tool names here. */
export class RuleSetProvider implements GuardrailProvider {
  readonly name = "rules";
  private readonly deny: PassportProvider;
  private readonly ask: PassportProvider;
  private readonly allow: PassportProvider;

  constructor(readonly rules: RuleSet, options: RuleSetOptions = {}) {
    const make = (tier: Tier, restrict: boolean, id: string) => new PassportProvider({ passport: tierPassport(tier, restrict, id), ...options });
    this.deny = make(rules.deny, true, "rules.deny");
    this.ask = make(rules.ask, true, "rules.ask");
    this.allow = make(rules.allow, false, "rules.allow");
  }

  /** Compile the three passports now (a bad pattern is an error at load time). */
  async ready(): Promise<this> {
    await Promise.all([this.deny.ready(), this.ask.ready(), this.allow.ready()]);
    return this;
  }

  async evaluate(request: GuardrailRequest): Promise<Decision> {
    const tool = String(request.tool_name);
    const kind = kindOf(tool);
    const { deny, ask, allow } = this.rules;
    let json: string | undefined;
    const args = () => (json ??= JSON.stringify(request.tool_input ?? {}));
    const by = (ref: RuleRef) => `${ref.rule} (${this.rules.file}: ${ref.at})`;
    // A rule set that never asks (Claude Code's dontAsk) denies what it would have asked about.
    const neverAsk = this.rules.fallback === "deny";
    const decided = (kind: "deny" | "ask" | "allow", code: string, message: string, ref?: RuleRef, from?: Decision): Decision => {
      const decision = kind === "ask" && neverAsk ? "deny" : kind;
      return {
        decision,
        allow: decision === "allow",
        reasons: [{ code, message: decision === kind ? message : `${message} (never asks: denied)` }],
        policy_id: `${this.rules.syntax}`,
        metadata: { ...(from?.metadata ?? {}), ...(ref ? { rule: ref.rule, rule_at: ref.at } : {}) },
      };
    };
    // Tool-name rules first: for the capabilities below they only ever deny or ask (argsPattern rules).
    const d = toolRule(deny, tool, args);
    if (d) return decided("deny", "oap.tool_not_allowed", `denied by ${by(d)}`, d);
    const a = toolRule(ask, tool, args);
    if (a) return decided("ask", "oap.approval_required", `${by(a)} asks for approval`, a);
    if (kind === "tool") {
      const mcp = await this.asMcpTool(request, tool, decided, by);
      if (mcp) return mcp;
      const l = toolRule(allow, tool, args);
      if (l) return decided("allow", "oap.allowed", `allowed by ${by(l)}`, l);
      return this.fallback(decided, tool);
    }
    // Deny tier: a bare rule denies the tool; otherwise its patterns, every simple command.
    const denyAll = has(deny, kind);
    if (denyAll && denyAll !== true) return decided("deny", "oap.tool_not_allowed", `denied by ${by(denyAll)}`, denyAll);
    if (denyAll) {
      const d = await this.deny.evaluate(request);
      if (!d.allow) {
        const ref = MATCHED.has(d.reasons[0]?.code ?? "") ? this.refFor(deny, kind, d) : undefined;
        return decided("deny", d.reasons[0]?.code ?? "oap.denied", ref ? `${d.reasons[0]!.message}: denied by ${by(ref)}` : d.reasons[0]?.message ?? "denied", ref, d);
      }
    }
    const askAll = has(ask, kind);
    if (askAll && askAll !== true) return decided("ask", "oap.approval_required", `${by(askAll)} asks for approval`, askAll);
    if (askAll) {
      const a = await this.ask.evaluate(request);
      if (!a.allow && MATCHED.has(a.reasons[0]?.code ?? "")) {
        // An ask rule never softens a built-in check's deny (`rm -rf ~` also deletes the agent's settings).
        const l = await this.allow.evaluate(request);
        if (!l.allow && !UNMATCHED.has(l.reasons[0]?.code ?? "")) return { ...l, policy_id: this.rules.syntax };
        const ref = this.refFor(ask, kind, a);
        return decided("ask", "oap.approval_required", `${a.reasons[0]!.message}: ${ref ? by(ref) : "an ask rule"} asks for approval`, ref, a);
      }
    }
    const l = await this.allow.evaluate(request);
    if (l.allow && kind === "web" && !allow.anyWeb && !this.hostAllowed(request)) {
      return this.fallback(decided, tool, "an allow rule names this host's parent domain, not the host itself");
    }
    if (l.allow) {
      const ref = has(allow, kind);
      return { ...l, policy_id: this.rules.syntax, metadata: { ...(l.metadata ?? {}), ...(ref && ref !== true ? { rule: ref.rule, rule_at: ref.at } : {}) } };
    }
    if (UNMATCHED.has(l.reasons[0]?.code ?? "")) {
      // A rule naming the tool (Gemini `toolName = "read_file"`) allows what no narrower rule covers.
      const named = toolRule(allow, tool, args);
      if (named) return decided("allow", "oap.allowed", `allowed by ${by(named)}`, named);
      return this.fallback(decided, tool, l.reasons[0]!.message);
    }
    return { ...l, policy_id: this.rules.syntax };
  }

  /**
   * An MCP tool through the three tiers, named as the core reads MCP tools (`mcp__server__tool`; Gemini's
   * `server__tool` and Cursor's bare tool names are read so). A tool the core reads as running commands (named
   * like a shell) meets the command rules there, as Bash does: a deny, a built-in check, an ask rule, or no Bash
   * rule allowing the command decides here. Null: the tool-name rules decide.
   */
  private async asMcpTool(request: GuardrailRequest, tool: string, decided: (kind: "deny" | "ask" | "allow", code: string, message: string, ref?: RuleRef, from?: Decision) => Decision, by: (ref: RuleRef) => string): Promise<Decision | null> {
    const name = tool.startsWith("mcp__") ? tool : tool.includes("__") ? `mcp__${tool}` : request.mcp_server != null ? `mcp__server__${tool}` : null;
    if (!name) return null;
    const mcp = { ...request, tool_name: name };
    const d = await this.deny.evaluate(mcp);
    if (!d.allow) {
      const ref = MATCHED.has(d.reasons[0]?.code ?? "") ? this.refFor(this.rules.deny, "command", d) : undefined;
      return decided("deny", d.reasons[0]?.code ?? "oap.denied", ref ? `${d.reasons[0]!.message}: denied by ${by(ref)}` : d.reasons[0]?.message ?? "denied", ref, d);
    }
    const l = await this.allow.evaluate(mcp);
    if (!l.allow && !UNMATCHED.has(l.reasons[0]?.code ?? "")) return { ...l, policy_id: this.rules.syntax };
    const a = await this.ask.evaluate(mcp);
    if (!a.allow) {
      const ref = MATCHED.has(a.reasons[0]?.code ?? "") ? this.refFor(this.rules.ask, "command", a) : undefined;
      return decided("ask", "oap.approval_required", `${a.reasons[0]!.message}: ${ref ? by(ref) : "an ask rule"} asks for approval`, ref, a);
    }
    if (!l.allow) return this.fallback(decided, tool, l.reasons[0]?.message);
    return null;
  }

  /** A web tool's URL host against the allow tier's domains, with exact entries matching only themselves. */
  private hostAllowed(request: GuardrailRequest): boolean {
    const url = request.tool_input?.url;
    if (typeof url !== "string") return true; // no URL: the core judged what the call names
    let host: string;
    try {
      host = new URL(url).hostname.toLowerCase().replace(/\.$/, "");
    } catch {
      return false;
    }
    return this.rules.allow.domains.some(({ domain, exact }) => {
      const d = domain.toLowerCase().replace(/\.$/, "");
      if (d.startsWith("*.")) return host.endsWith(d.slice(1));
      return exact ? host === d : host === d || host.endsWith(`.${d}`);
    });
  }

  private fallback(decided: (d: "deny" | "ask", code: string, message: string) => Decision, tool: string, why?: string): Decision {
    const text = `no ${this.rules.syntax} rule allows this ${tool} call${why ? ` (${why})` : ""}`;
    const d = this.rules.fallback === "deny" ? decided("deny", "oap.tool_not_allowed", text) : decided("ask", "oap.approval_required", text);
    d.metadata = { ...d.metadata, fallback: true };
    return d;
  }

  /** The rule behind a restricting tier's match: the one whose pattern its message quotes, else the first. */
  private refFor(tier: Tier, kind: Kind, d: Decision): RuleRef | undefined {
    const list: { ref: RuleRef; key: string }[] =
      kind === "command" ? tier.commands.map((c) => ({ ref: c.ref, key: c.entry }))
      : kind === "read" ? tier.readPaths.map((p) => ({ ref: p.ref, key: p.path }))
      : kind === "write" ? tier.writePaths.map((p) => ({ ref: p.ref, key: p.path }))
      : tier.domains.map((x) => ({ ref: x.ref, key: x.domain }));
    const text = d.reasons[0]?.message ?? "";
    return (list.find((x) => text.includes(`'${x.key}'`)) ?? list.find((x) => text.includes(x.key)) ?? list[0])?.ref;
  }
}
