// messaging.send rules (OAP 1.0; pack
// messaging.message.send.v1). Order: every recipient in allowed_recipients →
// content length; the first failure decides. msgs_per_min / msgs_per_day are
// usage limits, judged after these (usage.ts).
//
// Recipients: every recipient field a messaging tool uses is read
// (`recipient`, `recipients`, `to`, `cc`, `bcc`, `channel_id`, `channel`,
// `target`, `targets` — OpenClaw's broadcast list — and the chat ids
// OpenClaw sends to when no `target` is given: `channelId`, `chatId`,
// `chatGuid`, `chatIdentifier`; a string or an array of strings) and every
// recipient must be
// allowed — a tool that also mails its `cc` must not smuggle one past the
// check. Matching is exact and case-sensitive, so `a@x.com,evil@y.com`,
// `Alice <a@x.com>` or a trailing space never equal an entry. Entries:
// `"*"` (anyone), `"*@example.com"` (any plain address at that domain,
// domain compared case-insensitively; address.ts says what is plain: no
// percent hack, bang path, source route, quoting or non-ASCII), or an exact
// id / address / number.
//
// Where we differ from APort: the pack has no recipient rule and APort's
// local evaluator treats a missing or empty list as "anyone". Here a missing
// allowed_recipients means anyone (the pack defines none), but `[]` means
// no one. The pack's fixed 2000-character cap is the default of
// max_message_length, counted as the pack counts (UTF-16 code units).

import { Verdict, Code } from "../../verdict";
import { quote } from "../web/web";
import { plainAddressProblem, domainProblem } from "./address";

/** The recipient fields read from tool_input, in this order. */
export const RECIPIENT_KEYS: StaticArray<string> = [
  "recipient", "recipients", "to", "cc", "bcc", "channel_id", "channel", "target", "targets",
  "channelId", "chatId", "chatGuid", "chatIdentifier",
];
/**
 * The content fields whose lengths are added up: strings (`caption` is what OpenClaw sends when `message` is
 * empty), then the blocks a chat shows as the message (Slack's `blocks`, OpenClaw's `interactive`), where every
 * string inside counts. BLOCK_KEYS_FROM is the index of the first blocks key.
 */
export const CONTENT_KEYS: StaticArray<string> = ["message", "content", "text", "body", "subject", "caption", "quoteText", "blocks", "interactive"];
export const BLOCK_KEYS_FROM = 7;

export const DEFAULT_MAX_MESSAGE_LENGTH: i64 = 2000;

export class MessagingLimits {
  /** null = anyone; [] = no one. */
  allowedRecipients: Array<string> | null = null;
  maxMessageLength: i64 = DEFAULT_MAX_MESSAGE_LENGTH;
  _compileError: string = "";
  _anyone: bool = false;
  /** Exact entries, and the domains of the `*@domain` ones. */
  _exact: Array<string> = [];
  _domains: Array<string> = [];

  compile(): string {
    this._compileError = "";
    this._anyone = false;
    this._exact = [];
    this._domains = [];
    const list = this.allowedRecipients;
    if (list !== null) {
      for (let i = 0; i < list.length; i++) {
        const e = list[i];
        const problem = entryProblem(e);
        if (problem.length > 0) {
          this._compileError = "allowed_recipients[" + i.toString() + "] " + quote(e) + " " + problem;
          return this._compileError;
        }
        if (e == "*") this._anyone = true;
        else if (e.startsWith("*@")) this._domains.push(e.substring(2));
        else this._exact.push(e);
      }
    }
    return "";
  }
}

export class MessagingInput {
  recipients: Array<string> = [];
  /** UTF-16 code units of all content fields together. */
  contentLength: i64 = 0;
}

/** True = allowed; otherwise `verdict` holds the deny. */
export function checkMessaging(limits: MessagingLimits, input: MessagingInput, verdict: Verdict): bool {
  if (limits._compileError.length > 0) return verdict.deny(Code.POLICY_ERROR, "messaging limits are invalid: " + limits._compileError);
  const allowed = limits.allowedRecipients;
  if (allowed !== null) {
    // A call that names no recipient (Claude Code's SendMessage broadcast) reaches whoever the tool picks: only
    // `"*"` allows that.
    if (input.recipients.length == 0 && !limits._anyone) {
      return verdict.deny(Code.INVALID_CONTEXT, "the message names no recipient (recipient, to, channel_id, …), so allowed_recipients cannot be checked");
    }
    for (let i = 0; i < input.recipients.length; i++) {
      const r = input.recipients[i];
      if (!recipientAllowed(limits, r)) {
        // Say what to fix when it looks like an address but is not a plain one.
        const problem = r.indexOf("@") >= 0 ? plainAddressProblem(r) : "";
        const why = problem.length > 0 ? ": it is not a plain address (local@domain): " + problem : "";
        return verdict.deny(Code.RECIPIENT_NOT_ALLOWED, "recipient " + quote(r) + " is not in allowed_recipients" + why);
      }
    }
  }
  if (input.contentLength > limits.maxMessageLength) {
    return verdict.deny(
      Code.CONTENT_TOO_LONG,
      "the message is " + input.contentLength.toString() + " characters; max_message_length is " + limits.maxMessageLength.toString(),
    );
  }
  return true;
}

/** A wildcard entry admits by its meaning only: the recipient "*@corp.example" is not an address there. */
function recipientAllowed(limits: MessagingLimits, r: string): bool {
  if (limits._anyone) return true;
  const exact = limits._exact;
  for (let i = 0; i < exact.length; i++) {
    if (exact[i] == r) return true;
  }
  const domains = limits._domains;
  for (let i = 0; i < domains.length; i++) {
    if (atDomain(r, domains[i])) return true;
  }
  return false;
}

/** A plain address (address.ts) at exactly this domain (ASCII case-insensitive). */
function atDomain(r: string, domain: string): bool {
  const at = r.indexOf("@");
  if (at <= 0 || r.length - at - 1 != domain.length) return false;
  if (plainAddressProblem(r).length > 0) return false;
  for (let i = 0; i < domain.length; i++) {
    let a = <u32>r.charCodeAt(at + 1 + i);
    let b = <u32>domain.charCodeAt(i);
    if (a - 0x41 < 26) a |= 0x20;
    if (b - 0x41 < 26) b |= 0x20;
    if (a != b) return false;
  }
  return true;
}

function entryProblem(e: string): string {
  if (e.length == 0) return "is empty";
  for (let i = 0; i < e.length; i++) {
    const c = <u32>e.charCodeAt(i);
    if (c < 0x20 || c == 0x7f) return "contains a control character";
  }
  if (e == "*") return "";
  if (e.startsWith("*@")) {
    const d = e.substring(2);
    if (d.length == 0 || d.indexOf("@") >= 0 || d.indexOf("*") >= 0 || d.indexOf(" ") >= 0) return "is not '*@' followed by a domain";
    // A domain no plain address can carry would never match: say so at load.
    const problem = domainProblem(d);
    if (problem.length > 0) return "is not '*@' followed by a domain: " + problem;
    return "";
  }
  if (e.indexOf("*") >= 0) return "uses '*' other than as the whole entry or as '*@domain'";
  return "";
}

/** UTF-16 code units of the UTF-8 bytes at (ptr, len): what JavaScript's `.length` counts. */
export function utf16Length(ptr: usize, len: i32): i64 {
  let n: i64 = 0;
  for (let i = 0; i < len; i++) {
    const b = <u32>load<u8>(ptr + <usize>i);
    if ((b & 0xc0) != 0x80) n++;
    if (b >= 0xf0) n++;
  }
  return n;
}
