/**
 * @module
 * SHA-256 digests (WebCrypto, so every runtime) over canonical JSON: the
 * argument digest an approval is bound to, and the lookup keys that find the
 * approval a retried call may use.
 */

import { canonicalJson, sha256Hex } from "../canonical/index.ts";

/** SHA-256 over the RFC 8785 canonical JSON of a tool's arguments, lowercase hex. */
export function argsDigest(toolInput: unknown): Promise<string> {
  return sha256Hex(canonicalJson(toolInput));
}

/** The host context a call was judged in (workspace root, home): the same arguments mean another thing elsewhere. */
export function contextDigest(context: unknown): Promise<string> {
  return sha256Hex(canonicalJson(context ?? null));
}

/** Who made a call, and where, as far as an approval is bound to it. */
export interface CallIdentity {
  tool_name: string;
  args_digest: string;
  context_digest: string;
  agent_id: string | null;
  thread_id: string | null;
}

/** The key under which the latest action for exactly this call (tool, arguments, agent, thread) is found. */
export function matchKey(call: CallIdentity): Promise<string> {
  const { tool_name, args_digest, context_digest, agent_id, thread_id } = call; // exactly these: never the call id or anything else
  return sha256Hex(canonicalJson({ k: "match", tool_name, args_digest, context_digest, agent_id, thread_id }));
}

export type RuleScope = "thread" | "agent" | "policy";

/** The key of an "always allow" rule: tool, arguments and context exactly, within one thread, one agent, or everywhere. */
export function ruleKey(toolName: string, digest: string, context: string, scope: RuleScope, scopeValue: string | null): Promise<string> {
  return sha256Hex(canonicalJson({ k: "rule", tool_name: toolName, args_digest: digest, context_digest: context, scope, scope_value: scopeValue }));
}

/** The rule keys a call may be covered by, broadest last. */
export async function candidateRuleKeys(call: CallIdentity): Promise<string[]> {
  const keys: Promise<string>[] = [];
  const key = (scope: RuleScope, value: string | null) => ruleKey(call.tool_name, call.args_digest, call.context_digest, scope, value);
  if (call.thread_id != null) keys.push(key("thread", call.thread_id));
  if (call.agent_id != null) keys.push(key("agent", call.agent_id));
  keys.push(key("policy", null));
  return Promise.all(keys);
}
