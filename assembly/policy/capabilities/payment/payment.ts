// finance.payment.refund and payments.charge rules (OAP 1.0;
// packs finance.payment.refund.v1 and finance.payment.charge.v1): the rules
// APort's local mode skips entirely (§3.1), so there a passport holding the
// capability may refund or charge anything.
//
// Refund order: assurance by amount → currency → max_per_tx → reason code →
// cross-currency → order balance → region. Charge order: assurance →
// currency → max_per_tx → item count → merchant → shipping country →
// categories → region. The first failure decides; daily_cap and idempotency
// replay are usage limits, judged after these (usage.ts).
//
// Amounts are whole minor units (the rule's reader refuses `12.99`, `-5`,
// `1e3` and strings as oap.invalid_context). Currency codes compare
// case-sensitively as ISO 4217 upper case.
//
// merchant_id and (with blocked_categories set) item categories must be
// printable ASCII: a zero-width or look-alike character would make a blocked
// category miss, so it is refused with a reason, never compared.
//
// Where we are stricter than the packs: a missing currency_limits supports
// no currency; a missing or empty refund_reason_codes, allowed_merchant_ids
// or allowed_countries (when a shipping country is given) allows none (the
// charge pack reads an empty list as "any"); "*" is the explicit wildcard.

import { Verdict, Code } from "../../verdict";
import { CurrencyLimit, findCurrency, listed, regionAdmitted, rankName } from "../../money";
import { PassportFacts } from "../../passport-facts";
import { quote } from "../web/web";
import { equalsIgnoreAsciiCase } from "../../../util/bytes";

/** The refund pack's assurance_rules: ≤ 10000 minor units L2, ≤ 50000 L3, above that L4. */
export function refundAssurance(amount: i64): i32 {
  if (amount <= 10000) return 2;
  if (amount <= 50000) return 3;
  return 4;
}

export class PaymentLimits {
  refund: bool = true;
  /** null = every currency in currency_limits. */
  supportedCurrencies: Array<string> | null = null;
  /** null = missing: no currency is supported. */
  currencyLimits: Array<CurrencyLimit> | null = null;
  /** Narrows the passport's `regions` when present. */
  regions: Array<string> | null = null;
  // Refunds.
  refundReasonCodes: Array<string> | null = null;
  // Charges.
  allowedMerchantIds: Array<string> | null = null;
  allowedCountries: Array<string> | null = null;
  blockedCategories: Array<string> = [];
  maxItemsPerTx: i64 = -1;
  /** The pack's minimum (L2) or require_assurance_at_least, whichever is higher. */
  minAssurance: i32 = 2;
}

export class PaymentInput {
  amount: i64 = 0;
  currency: string = "";
  region: string = "";
  // Refunds.
  reasonCode: string = "";
  orderCurrency: string = "";
  /** -1 = absent. */
  orderTotal: i64 = -1;
  alreadyRefunded: i64 = 0;
  // Charges.
  merchantId: string = "";
  shippingCountry: string = "";
  itemCount: i32 = 0;
  categories: Array<string> = [];
  /** The index in `items` of each entry of `categories` (for messages). */
  categoryItems: Array<i32> = [];
}

/** True = allowed (usage limits aside); otherwise `verdict` holds the deny. */
export function checkPayment(limits: PaymentLimits, input: PaymentInput, facts: PassportFacts, verdict: Verdict): bool {
  const what = limits.refund ? "refund" : "charge";
  const needed = limits.refund ? refundAssurance(input.amount) : limits.minAssurance;
  if (facts.assuranceRank < needed) {
    return verdict.deny(
      Code.ASSURANCE_INSUFFICIENT,
      "a " + what + " of " + input.amount.toString() + " " + input.currency + " minor units needs assurance " + rankName(needed) +
        "; the passport is " + (facts.assuranceLevel.length > 0 ? facts.assuranceLevel : "unrated"),
    );
  }
  const limit = currencyLimit(limits, input.currency, verdict);
  if (limit == null) return false;
  if (input.amount > limit.maxPerTx) {
    return verdict.deny(
      Code.LIMIT_EXCEEDED,
      what + " of " + input.amount.toString() + " exceeds max_per_tx " + limit.maxPerTx.toString() + " for " + input.currency + " (minor units)",
      "currency_limits",
    );
  }
  if (limits.refund) {
    if (!refundAllowed(limits, input, verdict)) return false;
  } else if (!chargeAllowed(limits, input, verdict)) {
    return false;
  }
  if (!regionAdmitted(facts.regions, input.region)) {
    return verdict.deny(Code.REGION_BLOCKED, "region " + quote(input.region) + " is not in the passport's regions");
  }
  const narrowed = limits.regions;
  if (narrowed !== null && !regionAdmitted(narrowed, input.region)) {
    return verdict.deny(Code.REGION_BLOCKED, "region " + quote(input.region) + " is not in the limits' regions");
  }
  // What the call consumes, for the usage check.
  const charge = verdict.usage;
  charge.currency = input.currency;
  charge.amount = input.amount;
  charge.dailyCap = limit.dailyCap;
  return true;
}

function currencyLimit(limits: PaymentLimits, currency: string, verdict: Verdict): CurrencyLimit | null {
  const all = limits.currencyLimits;
  if (all === null) {
    verdict.deny(Code.CURRENCY_UNSUPPORTED, "currency_limits is missing, so no currency is supported");
    return null;
  }
  const supported = limits.supportedCurrencies;
  const limit = findCurrency(all, currency);
  if (limit == null || (supported !== null && !listed(supported, currency))) {
    verdict.deny(Code.CURRENCY_UNSUPPORTED, "currency " + quote(currency) + " is not supported (supported_currencies / currency_limits)");
    return null;
  }
  return limit;
}

function refundAllowed(limits: PaymentLimits, input: PaymentInput, verdict: Verdict): bool {
  const reasons = limits.refundReasonCodes;
  if (reasons === null || !listed(reasons, input.reasonCode)) {
    return verdict.deny(
      Code.INVALID_REASON_CODE,
      "reason_code " + quote(input.reasonCode) + (reasons === null ? " cannot be accepted: refund_reason_codes is missing" : " is not in refund_reason_codes"),
    );
  }
  if (input.orderCurrency.length > 0 && input.orderCurrency != input.currency) {
    return verdict.deny(Code.CROSS_CURRENCY_DENIED, "refund in " + input.currency + " of an order paid in " + input.orderCurrency);
  }
  // Both terms are below 10^15, so the sum cannot overflow.
  if (input.orderTotal >= 0 && input.amount + input.alreadyRefunded > input.orderTotal) {
    return verdict.deny(
      Code.LIMIT_EXCEEDED,
      "refund of " + input.amount.toString() + " plus " + input.alreadyRefunded.toString() + " already refunded exceeds the order total " + input.orderTotal.toString(),
    );
  }
  return true;
}

function chargeAllowed(limits: PaymentLimits, input: PaymentInput, verdict: Verdict): bool {
  if (limits.maxItemsPerTx >= 0 && <i64>input.itemCount > limits.maxItemsPerTx) {
    return verdict.deny(Code.LIMIT_EXCEEDED, input.itemCount.toString() + " items exceed max_items_per_tx " + limits.maxItemsPerTx.toString(), "max_items_per_tx");
  }
  // Ids are machine identifiers: a look-alike (Cyrillic 'а', fullwidth,
  // zero-width) is refused with a reason, even under "*", never matched.
  const bad = firstNonPrintable(input.merchantId);
  if (bad >= 0) {
    return verdict.deny(
      Code.INVALID_CONTEXT,
      "tool_input.merchant_id " + quote(input.merchantId) + " contains " + codePointName(input.merchantId, bad) +
        ", which is not printable ASCII: merchant ids are compared exactly as plain ASCII, so send the id without invisible or look-alike characters",
    );
  }
  const merchants = limits.allowedMerchantIds;
  if (merchants === null || !listed(merchants, input.merchantId)) {
    return verdict.deny(
      Code.MERCHANT_FORBIDDEN,
      "merchant " + quote(input.merchantId) + (merchants === null ? " cannot be charged: allowed_merchant_ids is missing" : " is not in allowed_merchant_ids"),
    );
  }
  if (input.shippingCountry.length > 0) {
    const countries = limits.allowedCountries;
    if (countries === null || !listedIgnoringCase(countries, input.shippingCountry)) {
      return verdict.deny(
        Code.REGION_BLOCKED,
        "shipping country " + quote(input.shippingCountry) + (countries === null ? " cannot be accepted: allowed_countries is missing" : " is not in allowed_countries"),
      );
    }
  }
  for (let i = 0; i < input.categories.length; i++) {
    const category = input.categories[i];
    // A deny list cannot be checked against `gambl\u200Bing` or a Cyrillic
    // 'а': with blocked_categories set, a category must be printable ASCII.
    const bad = limits.blockedCategories.length > 0 ? firstNonPrintable(category) : -1;
    if (bad >= 0) {
      return verdict.deny(
        Code.INVALID_CONTEXT,
        "tool_input.items[" + (i < input.categoryItems.length ? input.categoryItems[i] : i).toString() + "].category " + quote(category) + " contains " + codePointName(category, bad) +
          ", which is not printable ASCII: blocked_categories are compared as plain ASCII, so write the category without invisible or look-alike characters",
      );
    }
    for (let j = 0; j < limits.blockedCategories.length; j++) {
      // ASCII case-insensitive and trimmed: deny lists err towards matching.
      if (equalsIgnoreAsciiCase(category.trim(), limits.blockedCategories[j].trim())) {
        return verdict.deny(Code.CATEGORY_BLOCKED, "item category " + quote(category) + " is in blocked_categories");
      }
    }
  }
  return true;
}

/** Index of the first UTF-16 unit outside printable ASCII (0x20-0x7E), or -1. */
export function firstNonPrintable(s: string): i32 {
  for (let i = 0; i < s.length; i++) {
    const c = <u32>s.charCodeAt(i);
    if (c - 0x20 >= 0x5f) return i;
  }
  return -1;
}

/** `U+200B` for the code point at index i (a surrogate pair read whole). */
function codePointName(s: string, i: i32): string {
  const hex = (<u32>s.codePointAt(i)).toString(16).toUpperCase();
  return "U+" + (hex.length < 4 ? "0000".substring(hex.length) + hex : hex);
}

/** Country codes are case-insensitive (ISO 3166): an entry `us` admits `US`; "*" any. */
function listedIgnoringCase(list: Array<string>, value: string): bool {
  for (let i = 0; i < list.length; i++) {
    if (list[i] == "*" || equalsIgnoreAsciiCase(list[i], value)) return true;
  }
  return false;
}
