// finance.payment.refund and payments.charge: the limits block ->
// PaymentLimits, and tool_input (the packs' required context) ->
// PaymentInput. Anything missing or malformed that a rule needs is a deny
// with oap.invalid_context, never a default. The rules live in ../payment.ts.

import { Json, JsonType, DUPLICATE } from "../../../json/reader";
import { LoadErrors, pointerSegment } from "../../load-errors";
import { CurrencyLimit, isCurrencyCode, isRegionCode, assuranceRank } from "../../money";
import { PaymentLimits, PaymentInput, checkPayment } from "./payment";
import { RequestView } from "../../request";
import { Verdict, Code } from "../../verdict";
import { CapabilityRule, RuleContext } from "../rule";
import { LimitsReader, readCount } from "../limits-reader";

export const REFUND_KEYS: StaticArray<string> = [
  "supported_currencies", "currency_limits", "refund_reason_codes", "regions", "approval_required", "enforcement",
];
export const CHARGE_KEYS: StaticArray<string> = [
  "supported_currencies", "currency_limits", "allowed_merchant_ids", "allowed_countries", "blocked_categories",
  "max_items_per_tx", "require_assurance_at_least", "idempotency_required", "regions", "approval_required", "enforcement",
];

/** The packs' idempotency_key: at least 8 characters; we also cap it and refuse control characters. */
const MIN_KEY = 8;
const MAX_KEY = 255;

export class PaymentRule extends CapabilityRule {
  limits: PaymentLimits = new PaymentLimits();
  idempotencyRequired: bool = true;
  private input: PaymentInput = new PaymentInput();

  static compile(read: LimitsReader, refund: bool): PaymentRule {
    const rule = new PaymentRule();
    const limits = rule.limits;
    limits.refund = refund;
    limits.supportedCurrencies = read.strings("supported_currencies");
    limits.currencyLimits = readCurrencyLimits(read.json, read.find("currency_limits"), read.keyPath("currency_limits"), read.errors);
    limits.regions = read.strings("regions");
    if (refund) {
      limits.refundReasonCodes = read.strings("refund_reason_codes");
      return rule;
    }
    limits.allowedMerchantIds = read.strings("allowed_merchant_ids");
    limits.allowedCountries = read.strings("allowed_countries");
    limits.blockedCategories = read.stringsOr("blocked_categories", []);
    limits.maxItemsPerTx = read.count("max_items_per_tx");
    rule.idempotencyRequired = read.bool("idempotency_required", true);
    const level = read.string("require_assurance_at_least");
    if (level != null) {
      const rank = assuranceRank(level);
      if (rank < 0) read.errors.add(read.keyPath("require_assurance_at_least"), "expected one of L0, L1, L2, L3, L4KYC, L4FIN");
      else if (rank > limits.minAssurance) limits.minAssurance = rank;
    }
    return rule;
  }

  check(request: RequestView, context: RuleContext, verdict: Verdict): bool {
    const input = this.input;
    const refund = this.limits.refund;
    // One pass over tool_input finds every field (and refuses duplicated ones).
    if (!request.inputFields(FIELDS, at, verdict)) return false;
    json = request.json;
    failed = false;
    // The packs spell the amount `amount`; APort's refund tests send `amount_minor`. Both must agree.
    const amount = whole(F_AMOUNT, verdict);
    const amountMinor = whole(F_AMOUNT_MINOR, verdict);
    if (failed) return false;
    if (amount >= 0 && amountMinor >= 0 && amount != amountMinor) return verdict.deny(Code.INVALID_CONTEXT, "tool_input has both amount and amount_minor, and they differ");
    input.amount = amount >= 0 ? amount : amountMinor;
    if (input.amount < 1) return verdict.deny(Code.INVALID_CONTEXT, "tool_input.amount (whole minor units, at least 1) is " + (input.amount < 0 ? "missing" : "0"));

    input.currency = coded(F_CURRENCY, true, verdict);
    input.region = coded(F_REGION, true, verdict);
    const key = text(F_KEY, refund || this.idempotencyRequired, verdict);
    if (failed) return false;
    if (key.length > 0 && (key.length < MIN_KEY || key.length > MAX_KEY || hasControl(key))) {
      return verdict.deny(Code.INVALID_CONTEXT, "tool_input.idempotency_key must be 8-255 characters without control characters");
    }
    verdict.usage.idempotencyKey = key;

    if (refund) {
      text(F_ORDER, true, verdict);
      text(F_CUSTOMER, true, verdict);
      input.reasonCode = text(F_REASON, true, verdict);
      input.orderCurrency = coded(F_ORDER_CURRENCY, false, verdict);
      input.orderTotal = whole(F_TOTAL, verdict);
      const refunded = whole(F_REFUNDED, verdict);
      input.alreadyRefunded = refunded < 0 ? 0 : refunded;
    } else {
      input.merchantId = text(F_MERCHANT, true, verdict);
      input.shippingCountry = coded(F_COUNTRY, false, verdict);
      if (!failed && !readItems(at[F_ITEMS], input, verdict)) failed = true;
    }
    return !failed && checkPayment(this.limits, input, context.passport, verdict);
  }
}

// The fields of both packs' context, found in one pass (RequestView.inputFields).
const FIELDS: StaticArray<string> = [
  "amount", "amount_minor", "currency", "region", "idempotency_key", "order_id", "customer_id", "reason_code",
  "order_currency", "order_total_minor", "already_refunded_minor", "merchant_id", "shipping_country", "items",
];
const F_AMOUNT = 0, F_AMOUNT_MINOR = 1, F_CURRENCY = 2, F_REGION = 3, F_KEY = 4, F_ORDER = 5, F_CUSTOMER = 6,
  F_REASON = 7, F_ORDER_CURRENCY = 8, F_TOTAL = 9, F_REFUNDED = 10, F_MERCHANT = 11, F_COUNTRY = 12, F_ITEMS = 13;
const at = new StaticArray<i32>(FIELDS.length);

// The readers below record the first problem in the verdict and set
// `failed`; once it is set they read nothing more, so the first deny stands.
let json: Json = new Json();
let failed = false;

function fail(verdict: Verdict, message: string): void {
  if (!failed) verdict.deny(Code.INVALID_CONTEXT, message);
  failed = true;
}

/** A whole number of minor units (plain integer spelling, at most 15 digits): -1 when absent. */
function whole(field: i32, verdict: Verdict): i64 {
  const pos = at[field];
  if (failed || pos < 0) return -1;
  const v = json.readWhole(pos, 15);
  if (v < 0) fail(verdict, "tool_input." + FIELDS[field] + " must be a whole number >= 0 written without sign, fraction or exponent (at most 15 digits)");
  return v;
}

/** A required (or optional: "" when absent) non-empty string field. */
function text(field: i32, required: bool, verdict: Verdict): string {
  const pos = at[field];
  if (failed) return "";
  if (pos < 0) {
    if (required) fail(verdict, "tool_input." + FIELDS[field] + " is required");
    return "";
  }
  const s = json.readString(pos);
  if (s == null) fail(verdict, "tool_input." + FIELDS[field] + " must be a string");
  else if (s.length == 0) fail(verdict, "tool_input." + FIELDS[field] + " is empty");
  return s != null ? s : "";
}

/** A currency (`^[A-Z]{3}$`) or region (`^[A-Z]{2}(-[A-Z]{2})?$`; a shipping country `^[A-Z]{2}$`) field. */
function coded(field: i32, required: bool, verdict: Verdict): string {
  const s = text(field, required, verdict);
  if (failed || s.length == 0) return s;
  const currency = field == F_CURRENCY || field == F_ORDER_CURRENCY;
  const ok = currency ? isCurrencyCode(s) : field == F_COUNTRY ? s.length == 2 && isRegionCode(s) : isRegionCode(s);
  if (!ok) fail(verdict, "tool_input." + FIELDS[field] + (currency ? " must be an ISO 4217 code in upper case, such as USD" : " must be an upper-case region code such as US or US-CA"));
  return s;
}

/** items: a non-empty array of objects; each `category`, when present, a string. */
function readItems(pos: i32, input: PaymentInput, verdict: Verdict): bool {
  input.itemCount = 0;
  input.categories.length = 0;
  input.categoryItems.length = 0;
  if (json.typeAt(pos) != JsonType.Array) return verdict.deny(Code.INVALID_CONTEXT, "tool_input.items must be a non-empty array of items");
  let e = json.firstElement(pos);
  while (e >= 0) {
    if (json.typeAt(e) != JsonType.Object) return verdict.deny(Code.INVALID_CONTEXT, "tool_input.items must hold objects");
    input.itemCount++;
    const c = json.get(e, "category");
    if (c == DUPLICATE) return verdict.deny(Code.INVALID_CONTEXT, "duplicate key 'category' in an item");
    if (c >= 0 && json.typeAt(c) != JsonType.Null) {
      const category = json.readString(c);
      if (category == null) return verdict.deny(Code.INVALID_CONTEXT, "an item's category must be a string");
      input.categories.push(category);
      input.categoryItems.push(input.itemCount - 1);
    }
    e = json.nextElement(e);
  }
  if (input.itemCount == 0) return verdict.deny(Code.INVALID_CONTEXT, "tool_input.items must not be empty");
  return true;
}

function hasControl(s: string): bool {
  for (let i = 0; i < s.length; i++) {
    const c = <u32>s.charCodeAt(i);
    if (c < 0x20 || c == 0x7f) return true;
  }
  return false;
}

/** `currency_limits: {USD: {max_per_tx, daily_cap}}`; max_per_tx is required in every entry. */
function readCurrencyLimits(json: Json, pos: i32, path: string, errors: LoadErrors): Array<CurrencyLimit> | null {
  if (pos < 0) return null;
  const out = new Array<CurrencyLimit>();
  if (json.typeAt(pos) != JsonType.Object) {
    errors.add(path, "expected an object of currency code -> {max_per_tx, daily_cap}");
    return out;
  }
  let m = json.firstMember(pos);
  while (m >= 0) {
    const code = json.readString(m)!;
    const at = path + "/" + pointerSegment(code);
    const v = json.memberValue(m);
    if (!isCurrencyCode(code)) errors.add(at, "expected an ISO 4217 code in upper case, such as USD");
    else if (json.typeAt(v) != JsonType.Object) errors.add(at, "expected {\"max_per_tx\": …, \"daily_cap\": …}");
    else {
      let k = json.firstMember(v);
      while (k >= 0) {
        const key = json.readString(k)!;
        if (key != "max_per_tx" && key != "daily_cap") errors.add(at + "/" + pointerSegment(key), "unknown key '" + key + "' (expected max_per_tx, daily_cap)");
        k = json.nextMember(k);
      }
      const maxAt = json.get(v, "max_per_tx");
      if (maxAt < 0) errors.add(at + "/max_per_tx", "is required: the largest amount, in minor units, of one transaction");
      const maxPerTx = readCount(json, maxAt, at + "/max_per_tx", errors);
      const dailyCap = readCount(json, json.get(v, "daily_cap"), at + "/daily_cap", errors);
      out.push(new CurrencyLimit(code, maxPerTx, dailyCap));
    }
    m = json.nextMember(m);
  }
  return out;
}
