// The OAP 1.0 passport provider. Check order, first
// failure wins: status (kill switch) -> spec_version -> expiry -> tool ->
// capability mapping -> capability held -> the capability's limits -> its
// usage limits (rate limits, daily caps, idempotency replay; usage.ts) ->
// approval_required.

import { Json, JsonType } from "../json/reader";
import { ByteBuffer } from "../util/bytes";
import { parseTimestamp } from "../util/time";
import { LoadErrors, pointerSegment } from "./load-errors";
import { Policy } from "./policy";
import { RequestView } from "./request";
import { Verdict, Code } from "./verdict";
import { ToolMap, isCapabilityId, packFor, splitMcpToolName, isExecToolName, isJudgedExecArgument, CAP_MCP, CAP_COMMAND, CAP_FILE_READ, CAP_FILE_WRITE } from "./tool-map";
import { CapabilityRule, RuleContext } from "./capabilities/rule";
import { compileRule, capabilityOfBlock, linkScopes } from "./capabilities/registry";
import { assuranceRank } from "./money";
import { checkUsage } from "./usage";
import { settleRule, CAPABILITIES_POINTER } from "./provenance";
import { checkEnforcement } from "./enforcement";
import { trace } from "./trace";

export const SPEC_VERSION = "oap/1.0";

/** Passport capability ids that also satisfy another id (APort's local aliases). */
function aliasOf(id: string): string | null {
  if (id == "messaging.message.send") return "messaging.send";
  if (id == "release") return "repo.release";
  return null;
}

export class PassportPolicy extends Policy {
  // status and spec_version are compared once, when they are set, not on every decision.
  private statusText: string = "";
  private specText: string = "";
  private active: bool = false;
  private specOk: bool = false;

  get status(): string { return this.statusText; }
  set status(value: string) {
    this.statusText = value;
    this.active = value == "active";
  }

  get specVersion(): string { return this.specText; }
  set specVersion(value: string) {
    this.specText = value;
    this.specOk = value == SPEC_VERSION;
  }

  /** Epoch ms; NaN when the passport does not expire. */
  expiresAt: f64 = NaN;
  expiresAtText: string = "";
  toolMap: ToolMap = new ToolMap();
  /** Capability held -> its compiled limits. Blocks of capabilities not held are compiled only to report errors. */
  rules: Map<string, CapabilityRule> = new Map();
  held: Set<string> = new Set();
  context: RuleContext = new RuleContext();
  // The last tool name and what it resolved to: agents call the same few
  // tools over and over, and resolving means building a string and hashing
  // it twice. The map and rules never change after compile, so this is safe.
  private lastTool: ByteBuffer = new ByteBuffer(32);
  private lastToolValid: bool = false;
  private lastToolName: string = "";
  private lastCapability: string | null = null;
  /** packFor(lastCapability): its string compares run once per tool, not per decision. */
  private lastPolicyId: string = "";
  private lastRule: CapabilityRule | null = null;
  /** The last tool is an MCP tool named like a shell (tool-map.ts isExecToolName). */
  private lastAlsoCommand: bool = false;
  /** The last tool picks read or write by tool_input.command (str_replace_editor). */
  private lastByCommand: bool = false;

  static compile(json: Json, root: i32, errors: LoadErrors): PassportPolicy | null {
    const policy = new PassportPolicy();
    let passportPos = -1;
    let m = json.firstMember(root);
    while (m >= 0) {
      const key = json.readString(m)!;
      const v = json.memberValue(m);
      if (key == "passport") passportPos = v;
      else if (key == "tool_map") policy.compileToolMap(json, v, errors);
      else if (key == "workspace_root" || key == "home") {
        const s = json.readString(v);
        if (s == null) errors.add("/" + key, "expected a string");
        else if (key == "home") policy.context.home = s;
        else policy.context.workspaceRoot = s;
      } else if (key != "type") {
        errors.add("/" + key, "unknown key '" + key + "' (expected passport, tool_map, workspace_root or home)");
      }
      m = json.nextMember(m);
    }
    if (json.typeAt(passportPos) != JsonType.Object) {
      errors.add("/passport", "expected an OAP passport object");
      return null;
    }
    policy.compilePassport(json, passportPos, errors);
    return errors.count > 0 ? null : policy;
  }

  private compileToolMap(json: Json, pos: i32, errors: LoadErrors): void {
    if (json.typeAt(pos) != JsonType.Object) {
      errors.add("/tool_map", "expected an object of tool name -> capability id");
      return;
    }
    let m = json.firstMember(pos);
    while (m >= 0) {
      const name = json.readString(m)!;
      const cap = json.readString(json.memberValue(m));
      if (cap == null || !isCapabilityId(cap)) {
        errors.add("/tool_map/" + pointerSegment(name), "expected a capability id such as 'system.command.execute'");
      } else {
        if (name.includes("*") || name.includes("?")) this.toolMap.addGlob(name, cap);
        else this.toolMap.add(name, cap);
      }
      m = json.nextMember(m);
    }
  }

  private compilePassport(json: Json, pos: i32, errors: LoadErrors): void {
    const status = json.readString(json.get(pos, "status"));
    if (status == null) errors.add("/passport/status", "expected a string (draft, active, suspended or revoked)");
    else this.status = status;
    const spec = json.readString(json.get(pos, "spec_version"));
    if (spec == null) errors.add("/passport/spec_version", "expected \"" + SPEC_VERSION + "\"");
    else this.specVersion = spec;
    const expiresPos = json.get(pos, "expires_at");
    if (expiresPos >= 0 && json.typeAt(expiresPos) != JsonType.Null) {
      const text = json.readString(expiresPos);
      const at = text == null ? NaN : parseTimestamp(text);
      if (isNaN(at)) errors.add("/passport/expires_at", "expected an RFC 3339 timestamp with a zone, such as 2027-01-01T00:00:00Z");
      else {
        this.expiresAt = at;
        this.expiresAtText = text!;
      }
    }
    const neverPos = json.get(pos, "never_expires");
    if (neverPos >= 0 && json.typeAt(neverPos) != JsonType.True && json.typeAt(neverPos) != JsonType.False) {
      errors.add("/passport/never_expires", "expected true or false");
    }
    // `never_expires: true` beside an `expires_at` is contradictory; the stricter one holds.
    this.compileFacts(json, pos, errors);
    checkEnforcement(json, json.get(pos, "enforcement"), "/passport/enforcement", errors);

    const limitsPos = json.get(pos, "limits");
    if (limitsPos >= 0 && json.typeAt(limitsPos) != JsonType.Object) {
      errors.add("/passport/limits", "expected an object keyed by capability id");
    }
    const capsPos = json.get(pos, "capabilities");
    if (json.typeAt(capsPos) != JsonType.Array) {
      errors.add("/passport/capabilities", "expected an array of {\"id\": …}");
      return;
    }
    let index = 0;
    let e = json.firstElement(capsPos);
    while (e >= 0) {
      const id = json.readString(json.get(e, "id"));
      if (id == null || !isCapabilityId(id)) {
        errors.add("/passport/capabilities/" + index.toString() + "/id", "expected a capability id such as 'system.command.execute'");
      } else {
        this.addCapability(id, json, limitsPos, errors);
      }
      index++;
      e = json.nextElement(e);
    }
    // Blocks for implemented capabilities that the passport does not hold are
    // still checked, so a typo is caught before someone grants the capability.
    if (json.typeAt(limitsPos) == JsonType.Object) {
      let m = json.firstMember(limitsPos);
      while (m >= 0) {
        const cap = capabilityOfBlock(json.readString(m)!);
        if (cap != null && !this.rules.has(cap)) this.rules.set(cap, compileRule(cap, json, limitsPos, errors));
        m = json.nextMember(m);
      }
    }
    linkScopes(this.rules);
  }

  /** An alias (`messaging.message.send`) shares the rule of the capability it stands for. */
  private addCapability(id: string, json: Json, limitsPos: i32, errors: LoadErrors): void {
    const alias = aliasOf(id);
    const canonical = alias != null ? alias : id;
    if (!this.held.has(canonical)) {
      this.held.add(canonical);
      this.rules.set(canonical, compileRule(canonical, json, limitsPos, errors));
    }
    this.held.add(id);
    this.rules.set(id, this.rules.get(canonical));
  }

  /** assurance_level and regions, which payments and exports are judged by. */
  private compileFacts(json: Json, pos: i32, errors: LoadErrors): void {
    const facts = this.context.passport;
    const levelPos = json.get(pos, "assurance_level");
    if (levelPos >= 0) {
      const level = json.readString(levelPos);
      if (level == null || assuranceRank(level) < 0) errors.add("/passport/assurance_level", "expected one of L0, L1, L2, L3, L4KYC, L4FIN");
      else {
        facts.assuranceLevel = level;
        facts.assuranceRank = assuranceRank(level);
      }
    }
    const regionsPos = json.get(pos, "regions");
    if (regionsPos >= 0) {
      const regions = json.readStringArray(regionsPos);
      if (regions == null) errors.add("/passport/regions", "expected an array of region codes such as US or US-CA");
      else facts.regions = regions;
    }
  }

  evaluate(request: RequestView, now: f64, verdict: Verdict): void {
    this.judgedBlock = "";
    this.decide(request, now, verdict);
    settleRule(verdict, this.judgedBlock);
  }

  /** The limits block of the rule being checked, for the decision's provenance. */
  private judgedBlock: string = "";

  private decide(request: RequestView, now: f64, verdict: Verdict): void {
    if (trace.on) trace.begin("passport status", "/passport/status", "active");
    if (!this.active) {
      verdict.deny(Code.PASSPORT_SUSPENDED, "passport status is '" + this.status + "', not 'active'", "/passport/status");
      return;
    }
    if (trace.on) trace.begin("spec_version", "/passport/spec_version", SPEC_VERSION);
    if (!this.specOk) {
      verdict.deny(Code.PASSPORT_VERSION_MISMATCH, "passport spec_version is '" + this.specVersion + "'; expected '" + SPEC_VERSION + "'", "/passport/spec_version");
      return;
    }
    if (trace.on) {
      if (isNaN(this.expiresAt)) trace.skip("expires_at", "/passport/expires_at", "the passport does not expire");
      else trace.begin("expires_at", "/passport/expires_at", "not expired (expires " + this.expiresAtText + ")");
    }
    if (!isNaN(this.expiresAt)) {
      if (isNaN(now)) {
        verdict.deny(Code.PASSPORT_EXPIRED, "no current time was supplied, so expires_at cannot be checked", "/passport/expires_at");
        return;
      }
      if (now >= this.expiresAt) {
        verdict.deny(Code.PASSPORT_EXPIRED, "passport expired at " + this.expiresAtText, "/passport/expires_at");
        return;
      }
    }
    this.resolveTool(request.toolName);
    const tool = this.lastToolName;
    const capability = this.lastCapability;
    if (trace.on) trace.begin("tool mapping", "/tool_map", capability != null ? "tool '" + tool + "' is capability " + capability : "");
    if (capability == null) {
      verdict.deny(Code.UNKNOWN_CAPABILITY, "tool '" + tool + "' maps to no capability; map it in the provider's tool_map", "/tool_map");
      return;
    }
    verdict.capability = capability;
    verdict.policyId = this.lastPolicyId;
    let rule = this.lastRule;
    if (trace.on) trace.begin("capability granted", CAPABILITIES_POINTER, "the passport grants " + capability);
    if (rule == null) {
      verdict.deny(Code.UNKNOWN_CAPABILITY, "passport does not grant capability '" + capability + "' (needed by tool '" + tool + "')", CAPABILITIES_POINTER);
      return;
    }
    const context = this.requestContext(request, verdict);
    if (context == null) return;
    let judged: CapabilityRule | null = rule;
    if (this.lastByCommand) {
      // OpenHands str_replace_editor: `view` reads, every other command writes.
      const command = request.inputString("command", verdict);
      if (request.failed) return;
      if (command == "view") {
        judged = this.held.has(CAP_FILE_READ) ? this.rules.get(CAP_FILE_READ) : null;
        verdict.capability = CAP_FILE_READ;
        verdict.policyId = packFor(CAP_FILE_READ);
        if (judged == null) {
          verdict.deny(Code.UNKNOWN_CAPABILITY, "passport does not grant capability '" + CAP_FILE_READ + "' (needed by tool '" + tool + "' view)", CAPABILITIES_POINTER);
          return;
        }
      } else if (command != "create" && command != "str_replace" && command != "insert" && command != "undo_edit") {
        verdict.deny(Code.INVALID_CONTEXT, "tool_input.command of '" + tool + "' must be view, create, str_replace, insert or undo_edit");
        return;
      }
    }
    this.judgedBlock = judged!.pointer;
    if (trace.on) traceLimits(judged!.pointer, verdict.capability);
    if (!judged!.check(request, context, verdict)) return;
    if (this.lastAlsoCommand) {
      // An MCP tool named like a shell runs commands: judged by the command rule too (deny > ask > allow).
      const commandRule = this.held.has(CAP_COMMAND) ? this.rules.get(CAP_COMMAND) : null;
      if (commandRule == null) {
        verdict.deny(Code.UNKNOWN_CAPABILITY, "MCP tool '" + tool + "' is named like a shell, so it also needs capability '" + CAP_COMMAND + "', which the passport does not grant", CAPABILITIES_POINTER);
        return;
      }
      const unjudged = unjudgedExecArgument(request);
      if (unjudged != null) {
        verdict.deny(Code.INVALID_CONTEXT, "MCP tool '" + tool + "' runs commands, and its argument " + unjudged + " is not one the command rule judges (it could change what runs, as stdin or a script fed to the command does); only command, cmd, cwd, workdir, env, shell, timeout, timeout_ms, run_in_background (isBackground, background) and description-like text are accepted");
        return;
      }
      this.judgedBlock = commandRule.pointer;
      if (trace.on) traceLimits(commandRule.pointer, CAP_COMMAND + " (the MCP tool runs commands)");
      if (!commandRule.check(request, context, verdict)) return;
      if (commandRule.approvalRequired) {
        verdict.ask(Code.APPROVAL_REQUIRED, "capability '" + CAP_COMMAND + "' (MCP tool '" + tool + "' runs commands) requires human approval (approval_required)");
        return;
      }
    }
    rule = judged!;
    this.judgedBlock = rule.pointer;
    const charge = verdict.usage;
    charge.capability = capability;
    charge.perMinute = rule.perMinute;
    charge.perMinuteKey = rule.perMinuteKey;
    charge.perDay = rule.perDay;
    charge.perDayKey = rule.perDayKey;
    if (trace.on) {
      trace.block = "";
      if (rule.perMinute < 0 && rule.perDay < 0) trace.skip("rate limits", rule.pointer, "none set");
      else trace.begin("rate limits", rule.pointer, "within them (the host's usage counters)");
    }
    if (!checkUsage(charge, request.usage, verdict)) return;
    if (trace.on) {
      if (rule.approvalRequired) trace.begin("approval_required", rule.pointer + "/approval_required");
      else trace.skip("approval_required", rule.pointer + "/approval_required", "not set");
    }
    if (rule.approvalRequired) {
      verdict.ask(Code.APPROVAL_REQUIRED, "capability '" + capability + "' requires human approval (approval_required)");
    }
  }

  private resolveTool(name: ByteBuffer): void {
    const last = this.lastTool;
    if (this.lastToolValid && last.length == name.length && memory.compare(last.ptr, name.ptr, <usize>name.length) == 0) return;
    last.reset();
    last.append(name.ptr, name.length);
    this.lastToolName = name.toString();
    const capability = this.toolMap.resolve(this.lastToolName);
    this.lastCapability = capability;
    this.lastPolicyId = capability != null ? packFor(capability) : "";
    this.lastRule = capability != null && this.held.has(capability) ? this.rules.get(capability) : null;
    const mcp = capability == CAP_MCP ? splitMcpToolName(this.lastToolName) : null;
    this.lastAlsoCommand = mcp != null && (isExecToolName(mcp.tool) || (mcp.ambiguous && isExecToolName(mcp.otherTool)));
    this.lastByCommand = capability == CAP_FILE_WRITE && this.lastToolName == "str_replace_editor";
    this.lastToolValid = true;
  }

  /** The request's context may name its own workspace root and home; otherwise the policy's. */
  private requestContext(request: RequestView, verdict: Verdict): RuleContext | null {
    // No context object: neither lookup below could find anything (the common case); failed as they would leave it.
    if (request.contextPos < 0) {
      request.failed = false;
      return this.context;
    }
    const root = request.contextString("workspace_root", verdict);
    if (request.failed) return null;
    const home = request.contextString("home", verdict);
    if (request.failed) return null;
    if (root == null && home == null) return this.context;
    const context = scratchContext;
    context.workspaceRoot = root != null ? root : this.context.workspaceRoot;
    context.home = home != null ? home : this.context.home;
    context.passport = this.context.passport;
    return context;
  }
}

const scratchContext = new RuleContext();

/** The trace enters a capability's limits block: its steps name rules inside it. */
function traceLimits(block: string, capability: string): void {
  trace.block = "";
  trace.begin("limits of " + capability, block.length > 0 ? block : CAPABILITIES_POINTER,
    block.length > 0 ? "within every limit" : "the capability has no limits block");
  trace.block = block;
}

/** The first tool_input member a shell-named MCP tool may not carry (quoted as JSON), or null. */
function unjudgedExecArgument(request: RequestView): string | null {
  const json = request.json;
  const input = request.toolInputPos;
  if (input < 0 || json.typeAt(input) != JsonType.Object) return null; // the command rule refuses it
  let m = json.firstMember(input);
  while (m >= 0) {
    const key = json.readString(m);
    if (key == null || !isJudgedExecArgument(key)) {
      const raw = json.rawText(m);
      return raw.length <= 64 ? raw : raw.substring(0, 64) + "…";
    }
    m = json.nextMember(m);
  }
  return null;
}
