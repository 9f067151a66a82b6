/**
 * @module
 * Coding-agent rule files as policy sources, recognised by their content:
 * Claude Code settings.json (`permissions`), Codex exec policy
 * (`prefix_rule(...)`), Gemini CLI policy TOML (`[[rule]]`). Each compiles to
 * a RuleSet judged by RuleSetProvider behind an ordinary Guard.
 */

import { Guard } from "../middleware/index.ts";
import type { LoadedGuard, LoadOptions } from "../config/guard-from-text.ts";
import { lazySafetyCore } from "../config/safety-section.ts";
import { createSafetyCore } from "../safety/index.ts";
import { ConfigError, policyDigest } from "../config/index.ts";
import { CoreError } from "../core/index.ts";
import { compileClaudeSettings, isClaudeSettings } from "./claude-code.ts";
import { compileCodexRules, isCodexRules } from "./codex.ts";
import { compileGeminiPolicy, isGeminiPolicy } from "./gemini-cli.ts";
import { RuleSetProvider, emptyTier, protectSelf, type RuleExample, type RuleSet } from "./rule-set.ts";

/** The RuleSet a rule file describes, or null when the text is no rule syntax we read. */
export function ruleSetFromText(text: string, file: string): RuleSet | null {
  const rules = compile(text, file);
  return rules && protectSelf(rules);
}

function compile(text: string, file: string): RuleSet | null {
  if (isCodexRules(text)) return compileCodexRules(text, file);
  if (isGeminiPolicy(text)) return compileGeminiPolicy(text, file);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return isClaudeSettings(value) ? compileClaudeSettings(value, file) : null;
}

/** A Guard over a RuleSet, with the options a config's Guard gets. */
export async function guardFromRuleSet(rules: RuleSet, options: LoadOptions = {}): Promise<LoadedGuard> {
  const provider = new RuleSetProvider(rules, {
    ...(options.workspaceRoot !== undefined ? { workspace_root: options.workspaceRoot } : {}),
    ...(options.home !== undefined ? { home: options.home } : {}),
  });
  try {
    await provider.ready();
  } catch (error) {
    if (error instanceof CoreError && error.code === "policy_invalid") {
      throw new ConfigError(error.issues.map((i) => ({ file: rules.file, line: 0, column: 0, path: i.path, message: `a rule compiles to an invalid limit: ${i.message}` })));
    }
    throw error;
  }
  await checkExamples(rules, options);
  // The rules as compiled, without where they were read from: the same rules digest the same anywhere.
  const { file: _file, ...compiled } = rules;
  const digest = await policyDigest({ rules: compiled }, []);
  const guard = new Guard({ provider, failClosed: true, audit: [...(options.audit ?? [])], approvals: options.approvals, policyDigest: digest });
  return {
    guard,
    sources: [],
    digest,
    safety: lazySafetyCore(() => createSafetyCore(null)),
    config: { guardrails: { enabled: true, fail_closed: true, provider: { use: `rules:${rules.syntax}` } } } as LoadedGuard["config"],
    file: rules.file,
    // A rule file's own examples (match / not_match) were checked above; it has no `tests:`.
    tests: { tests: [], origins: [] },
  };
}

/** Each example against its rule alone: `match` must get the rule's decision from it, `not_match` must not. */
async function checkExamples(rules: RuleSet, options: LoadOptions): Promise<void> {
  const examples = rules.examples ?? [];
  if (!examples.length) return;
  const only = (tier: RuleSet["allow"], ref: RuleExample["ref"]) => ({ ...emptyTier(), commands: tier.commands.filter((c) => c.ref === ref) });
  const providers = new Map<RuleExample["ref"], RuleSetProvider>();
  const issues: { file: string; line: number; column: number; path: string; message: string }[] = [];
  for (const example of examples) {
    let provider = providers.get(example.ref);
    if (!provider) {
      const single: RuleSet = { ...rules, deny: only(rules.deny, example.ref), ask: only(rules.ask, example.ref), allow: only(rules.allow, example.ref), examples: [] };
      provider = await new RuleSetProvider(single, options.workspaceRoot !== undefined ? { workspace_root: options.workspaceRoot } : {}).ready();
      providers.set(example.ref, provider);
    }
    const d = await provider.evaluate({ tool_name: "Bash", tool_input: { command: example.command } });
    const decided = d.decision === example.decision && !d.metadata?.fallback;
    if (decided !== example.matches) {
      issues.push({
        file: rules.file,
        line: Number(/\d+/.exec(example.ref.at)?.[0] ?? 0),
        column: 1,
        path: example.ref.at,
        message: `${example.matches ? "match" : "not_match"} example ${JSON.stringify(example.command)} ${example.matches ? "is not matched" : "is matched"} by this rule (got ${d.decision}: ${d.reasons[0]?.message ?? ""})`,
      });
    }
  }
  if (issues.length) throw new ConfigError(issues);
}
