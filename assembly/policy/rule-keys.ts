// The limits key that governs a reason code, and naming a rule inside a
// limits block: the part of provenance.ts that checks deep in a capability's
// rule can use without reaching the rule registry.

import { Verdict, Code } from "./verdict";
import { pointerSegment } from "./load-errors";

/**
 * Make the verdict's rule a whole pointer inside `block`: a relative entry
 * (`allowed_paths/0`) is prefixed, an empty one becomes the key its code
 * names (or the block itself); pointers and built-in ids stay as they are.
 */
export function qualifyRule(verdict: Verdict, block: string): void {
  const rule = verdict.rule;
  if (block.length == 0 || rule.startsWith("/") || rule.startsWith("builtin:")) return;
  if (rule.length > 0) {
    verdict.rule = block + "/" + rule;
    return;
  }
  const key = keyOf(verdict.code);
  verdict.rule = key.length > 0 ? block + "/" + pointerSegment(key) : block;
}

/**
 * The limits key whose value decides checks with this code; "" when several
 * can (limit_exceeded, rate_limit_exceeded, region_blocked: those steps name
 * their key themselves, or the block stands).
 */
export function keyOf(code: string): string {
  if (code == Code.COMMAND_NOT_ALLOWED) return "allowed_commands";
  if (code == Code.BLOCKED_PATTERN) return "blocked_patterns";
  if (code == Code.DIRECTORY_NOT_ALLOWED) return "allowed_working_directories";
  if (code == Code.ENV_VAR_BLOCKED) return "blocked_env_vars";
  if (code == Code.PATH_NOT_ALLOWED) return "allowed_paths";
  if (code == Code.EXTENSION_NOT_ALLOWED) return "allowed_extensions";
  if (code == Code.DOMAIN_NOT_ALLOWED) return "allowed_domains";
  if (code == Code.DOMAIN_BLOCKED) return "blocked_domains";
  if (code == Code.PRIVATE_IP_BLOCKED) return "allow_private_destinations";
  if (code == Code.METHOD_NOT_ALLOWED) return "allowed_methods";
  if (code == Code.SERVER_NOT_ALLOWED) return "allowed_servers";
  if (code == Code.TIMEOUT_EXCEEDED) return "max_timeout";
  if (code == Code.PARAMETER_SIZE_EXCEEDED) return "max_parameter_size";
  if (code == Code.RECIPIENT_NOT_ALLOWED) return "allowed_recipients";
  if (code == Code.CONTENT_TOO_LONG) return "max_message_length";
  if (code == Code.APPROVAL_REQUIRED) return "approval_required";
  if (code == Code.CATEGORY_BLOCKED) return "blocked_categories";
  if (code == Code.MERCHANT_FORBIDDEN) return "allowed_merchant_ids";
  return "";
}

