// Which capabilities have enforced limits, where a passport keeps each one's
// block, and how a block is compiled. A capability without an entry here
// loads, but every call that needs it is denied (not-enforced.ts).
//
// Where the block is: `limits[<capability>]`, or under the pack's name
// without or with its version (`limits["messaging.message.send"]`,
// `limits["finance.payment.charge.v1"]`; oap.md §2.1, §7.3), or — messaging
// only — APort's flat legacy keys directly under `limits` (msgs_per_min,
// msgs_per_day, allowed_recipients, approval_required: what its wizard
// writes). Two of these for one capability is a load error: we would have
// to guess which one holds, and ignoring either could drop a limit.

import { Json, JsonType } from "../../json/reader";
import { LoadErrors, pointerSegment } from "../load-errors";
import {
  packFor, CAP_COMMAND, CAP_FILE_READ, CAP_FILE_WRITE, CAP_WEB_FETCH, CAP_WEB_BROWSER, CAP_MCP, CAP_MESSAGING,
  CAP_REFUND, CAP_CHARGE, CAP_EXPORT,
} from "../tool-map";
import { CapabilityRule } from "./rule";
import { LimitsReader } from "./limits-reader";
import { checkEnforcement } from "../enforcement";
import { NotEnforcedRule } from "./not-enforced";
import { CommandRule, COMMAND_KEYS } from "./command";
import { FileRule, FILE_KEYS } from "./file/file-rule";
import { WebRule, WEB_KEYS } from "./web/web-rule";
import { McpRule, MCP_KEYS } from "./mcp/mcp-rule";
import { MessagingRule, MESSAGING_KEYS, MESSAGING_FLAT_KEYS } from "./messaging/messaging-rule";
import { PaymentRule, REFUND_KEYS, CHARGE_KEYS } from "./payment/payment-rule";
import { ExportRule, EXPORT_KEYS } from "./export/export-rule";
import { FileLimits } from "./file/file";

/** The limit keys of an enforced capability, or null when its limits are not enforced. */
export function keysOf(capability: string): StaticArray<string> | null {
  if (capability == CAP_COMMAND) return COMMAND_KEYS;
  if (capability == CAP_FILE_READ || capability == CAP_FILE_WRITE) return FILE_KEYS;
  if (capability == CAP_WEB_FETCH || capability == CAP_WEB_BROWSER) return WEB_KEYS;
  if (capability == CAP_MCP) return MCP_KEYS;
  if (capability == CAP_MESSAGING) return MESSAGING_KEYS;
  if (capability == CAP_REFUND) return REFUND_KEYS;
  if (capability == CAP_CHARGE) return CHARGE_KEYS;
  if (capability == CAP_EXPORT) return EXPORT_KEYS;
  return null;
}

export function isEnforced(capability: string): bool {
  return keysOf(capability) != null;
}

/** The `limits` keys that may hold a capability's block, in order of preference. */
function blockKeys(capability: string): Array<string> {
  const keys = [capability];
  const pack = packFor(capability);
  if (pack.length > 0) {
    const base = pack.substring(0, pack.lastIndexOf(".v"));
    if (base != capability) keys.push(base);
    keys.push(pack);
  }
  // The refund capability's name before 2025-10-08 (oap.md §2.1).
  if (capability == CAP_REFUND) keys.push("payments.refund");
  return keys;
}

/** The enforced capability whose block a `limits` key names, or null. */
export function capabilityOfBlock(key: string): string | null {
  const all: StaticArray<string> = [CAP_COMMAND, CAP_FILE_READ, CAP_FILE_WRITE, CAP_WEB_FETCH, CAP_WEB_BROWSER, CAP_MCP, CAP_MESSAGING, CAP_REFUND, CAP_CHARGE, CAP_EXPORT];
  for (let i = 0; i < all.length; i++) {
    if (blockKeys(all[i]).includes(key)) return all[i];
  }
  return null;
}

/** Compile the limits of one capability held by the passport (`limitsPos` = the passport's `limits`, or -1). */
export function compileRule(capability: string, json: Json, limitsPos: i32, errors: LoadErrors): CapabilityRule {
  const keys = keysOf(capability);
  if (keys == null) return new NotEnforcedRule(capability);
  let block = -1;
  let path = "/passport/limits/" + pointerSegment(capability);
  if (json.typeAt(limitsPos) == JsonType.Object) {
    const candidates = blockKeys(capability);
    for (let i = 0; i < candidates.length; i++) {
      const pos = json.get(limitsPos, candidates[i]);
      if (pos < 0 || json.typeAt(pos) == JsonType.Null) continue;
      const at = "/passport/limits/" + pointerSegment(candidates[i]);
      if (block >= 0) {
        errors.add(at, "a second limits block for '" + capability + "' (the first is " + path + "); keep one");
        continue;
      }
      if (json.typeAt(pos) != JsonType.Object) {
        errors.add(at, "expected an object of limits");
        continue;
      }
      block = pos;
      path = at;
    }
  }
  let read: LimitsReader;
  if (capability == CAP_MESSAGING && hasFlatKeys(json, limitsPos)) {
    if (block >= 0) errors.add("/passport/limits", "flat messaging keys (msgs_per_min, …) beside the block " + path + "; move them into the block");
    read = new LimitsReader(json, errors, "/passport/limits", limitsPos, MESSAGING_FLAT_KEYS, false);
  } else {
    read = new LimitsReader(json, errors, path, block, keys);
  }
  let rule: CapabilityRule;
  if (capability == CAP_COMMAND) rule = CommandRule.compile(read);
  else if (capability == CAP_FILE_READ) rule = FileRule.compile(read, false);
  else if (capability == CAP_FILE_WRITE) rule = FileRule.compile(read, true);
  else if (capability == CAP_WEB_FETCH || capability == CAP_WEB_BROWSER) rule = WebRule.compile(read);
  else if (capability == CAP_MCP) rule = McpRule.compile(read);
  else if (capability == CAP_MESSAGING) rule = MessagingRule.compile(read);
  else if (capability == CAP_REFUND || capability == CAP_CHARGE) rule = PaymentRule.compile(read, capability == CAP_REFUND);
  else rule = ExportRule.compile(read);
  rule.approvalRequired = read.bool("approval_required", false);
  rule.pointer = read.path;
  checkEnforcement(json, read.find("enforcement"), read.keyPath("enforcement"), errors);
  rule.declared = block >= 0;
  return rule;
}

function hasFlatKeys(json: Json, limitsPos: i32): bool {
  if (json.typeAt(limitsPos) != JsonType.Object) return false;
  for (let i = 0; i < MESSAGING_FLAT_KEYS.length; i++) {
    if (json.get(limitsPos, MESSAGING_FLAT_KEYS[i]) != -1) return true;
  }
  return false;
}

/**
 * Link the command rule to the file and web limits blocks the passport declares: they bind what commands
 * read, write and contact too (command-scopes.ts). A capability held without a block binds nothing.
 */
export function linkScopes(rules: Map<string, CapabilityRule>): void {
  if (!rules.has(CAP_COMMAND)) return;
  const command = rules.get(CAP_COMMAND);
  if (!(command instanceof CommandRule)) return;
  const scopes = (<CommandRule>command).limits.scopes;
  scopes.read = declaredFile(rules, CAP_FILE_READ);
  scopes.write = declaredFile(rules, CAP_FILE_WRITE);
  if (scopes.read !== null) scopes.readPointer = rules.get(CAP_FILE_READ).pointer;
  if (scopes.write !== null) scopes.writePointer = rules.get(CAP_FILE_WRITE).pointer;
  scopes.web = null;
  if (rules.has(CAP_WEB_FETCH)) {
    const web = rules.get(CAP_WEB_FETCH);
    if (web.declared && web instanceof WebRule) {
      scopes.web = (<WebRule>web).limits;
      scopes.webPointer = web.pointer;
    }
  }
}

function declaredFile(rules: Map<string, CapabilityRule>, capability: string): FileLimits | null {
  if (!rules.has(capability)) return null;
  const rule = rules.get(capability);
  return rule.declared && rule instanceof FileRule ? (<FileRule>rule).limits : null;
}
