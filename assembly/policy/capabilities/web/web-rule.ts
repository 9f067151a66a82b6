// web.fetch / web.browser: the limits block -> WebLimits, and every
// URL-bearing field of tool_input (+ method) -> WebInput, one check per URL.
// URL parsing and matching live in ../web.ts and ../../net/.

import { JsonType } from "../../../json/reader";
import { WebLimits, WebInput, checkWeb } from "./web";
import { RequestView } from "../../request";
import { Verdict, Code } from "../../verdict";
import { CapabilityRule, RuleContext } from "../rule";
import { LimitsReader } from "../limits-reader";
import { checkOverrideHeaders, checkOverrideQuery, checkOverrideBody, BODY_KEYS } from "./web-override";

export const WEB_KEYS: StaticArray<string> = [
  "allowed_domains", "blocked_domains", "allowed_methods", "allow_private_destinations", "max_requests_per_min",
  "approval_required", "enforcement",
];

export class WebRule extends CapabilityRule {
  limits: WebLimits = new WebLimits();
  private input: WebInput = new WebInput();

  static compile(read: LimitsReader): WebRule {
    const rule = new WebRule();
    const limits = rule.limits;
    limits.allowedDomains = read.strings("allowed_domains");
    limits.blockedDomains = read.stringsOr("blocked_domains", []);
    limits.allowedMethods = read.strings("allowed_methods");
    limits.allowPrivate = read.bool("allow_private_destinations", false);
    // The key APort's passport wizard writes (oap.md §2.1); a usage limit (usage.ts).
    rule.perMinute = read.count("max_requests_per_min");
    rule.perMinuteKey = "max_requests_per_min";
    const problem = limits.compile();
    if (problem.length > 0) read.errors.add(read.path, problem);
    return rule;
  }

  check(request: RequestView, context: RuleContext, verdict: Verdict): bool {
    const at = urlPositions;
    if (!request.inputFields(URL_KEYS, at, verdict)) return false;
    const method = request.inputString("method", verdict);
    if (request.failed) return false;
    this.input.method = method != null ? method : "";
    const json = request.json;
    let urls = 0;
    for (let k = 0; k < URL_KEYS.length; k++) {
      const pos = at[k];
      if (pos < 0 || json.typeAt(pos) == JsonType.Null) continue;
      const bad = "tool_input." + URL_KEYS[k] + " must be a string or an array of strings";
      if (json.typeAt(pos) == JsonType.String) {
        if (!this.checkUrl(json.readString(pos)!, verdict)) return false;
        urls++;
        continue;
      }
      if (json.typeAt(pos) != JsonType.Array) return verdict.deny(Code.INVALID_CONTEXT, bad);
      let e = json.firstElement(pos);
      while (e >= 0) {
        const url = json.readString(e);
        if (url == null) return verdict.deny(Code.INVALID_CONTEXT, bad);
        if (!this.checkUrl(url, verdict)) return false;
        urls++;
        e = json.nextElement(e);
      }
    }
    // Gemini CLI's web_fetch takes no url: it fetches every http(s) URL
    // written in its `prompt`. Claude Code's WebFetch `prompt` only says what
    // to do with the page at `url`, so it is not read there.
    if (request.toolNameString() != "WebFetch") {
      const prompt = request.inputString("prompt", verdict);
      if (request.failed) return false;
      if (prompt != null) {
        const found = urlsInText(prompt);
        for (let i = 0; i < found.length; i++) {
          if (!this.checkUrl(found[i], verdict)) return false;
          urls++;
        }
      }
    }
    if (urls > 0) return this.checkOverrides(request, verdict);
    // A search tool (`query`, no URL) goes to the host's search provider,
    // not to a destination the model chose: there is no domain to check.
    const query = request.inputString("query", verdict);
    if (request.failed) return false;
    if (query != null) return true;
    return verdict.deny(Code.INVALID_CONTEXT, "tool_input.url is missing (also read: targetUrl, target_url, urls, and http(s) URLs in prompt)");
  }

  private checkUrl(url: string, verdict: Verdict): bool {
    this.input.url = url;
    if (!checkWeb(this.limits, this.input, verdict)) return false;
    return this.limits.allowedMethods === null || checkOverrideQuery(this.limits, url, verdict);
  }

  /** With allowed_methods set: method-override headers and `_method` body fields (web-override.ts). */
  private checkOverrides(request: RequestView, verdict: Verdict): bool {
    if (this.limits.allowedMethods === null) return true;
    const headers = request.inputPos("headers", verdict);
    if (request.failed) return false;
    if (!checkOverrideHeaders(this.limits, request.json, headers, verdict)) return false;
    for (let k = 0; k < BODY_KEYS.length; k++) {
      const body = request.inputPos(BODY_KEYS[k], verdict);
      if (request.failed) return false;
      if (!checkOverrideBody(this.limits, request.json, BODY_KEYS[k], body, verdict)) return false;
    }
    return true;
  }
}

/**
 * Every field a browser or fetch tool takes a destination from (OpenClaw's
 * browser uses `targetUrl`): each one present must pass, so an allowed `url`
 * cannot carry an unchecked `targetUrl` beside it.
 */
const URL_KEYS: StaticArray<string> = ["url", "targetUrl", "target_url", "urls"];
const urlPositions = new StaticArray<i32>(URL_KEYS.length);


/**
 * The http(s) URLs written in free text, as a fetcher that scans the text
 * would take them: from the scheme (any case) to the next whitespace, quote,
 * `<`, `>` or backtick. Scheme-less host names are not taken (Gemini CLI
 * fetches only what starts with a scheme). Read twice: ending at ASCII
 * whitespace only, and also at every Unicode space (Gemini CLI splits its
 * prompt with JavaScript's `\s`, so `https://a/\u00a0https://b/` is two
 * URLs there and one elsewhere): every URL of either reading is judged.
 */
export function urlsInText(text: string): Array<string> {
  const out = new Array<string>();
  collectUrls(text, false, out);
  collectUrls(text, true, out);
  return out;
}

function collectUrls(text: string, unicodeSpaces: bool, out: Array<string>): void {
  const lower = text.toLowerCase();
  let i = 0;
  while (i < text.length) {
    const http = lower.indexOf("http", i);
    if (http < 0) break;
    let at = http + 4;
    if (at < text.length && lower.charCodeAt(at) == 0x73) at++;
    if (!lower.startsWith("://", at)) {
      i = http + 4;
      continue;
    }
    let end = at + 3;
    while (end < text.length) {
      const c = text.charCodeAt(end);
      if (c <= 0x20 || c == 0x22 || c == 0x27 || c == 0x3c || c == 0x3e || c == 0x60 || c == 0x7f) break;
      if (unicodeSpaces && isUnicodeSpace(c)) break;
      end++;
    }
    const url = text.substring(http, end);
    if (!out.includes(url)) out.push(url);
    i = end;
  }
}

/** JavaScript's `\s` above ASCII: no-break space, the Unicode space separators, line and paragraph separators, BOM. */
function isUnicodeSpace(c: i32): bool {
  return c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029 || c == 0x202f ||
    c == 0x205f || c == 0x3000 || c == 0xfeff;
}
