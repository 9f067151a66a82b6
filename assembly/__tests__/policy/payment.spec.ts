// finance.payment.refund / payments.charge through checkPayment: assurance,
// currencies, per-transaction caps, reasons, balances, merchants, countries,
// categories and regions, in the packs' order.
import { PaymentLimits, PaymentInput, checkPayment, refundAssurance } from "../../policy/capabilities/payment/payment";
import { CurrencyLimit, isCurrencyCode, isRegionCode, regionAdmitted, assuranceRank } from "../../policy/money";
import { PassportFacts } from "../../policy/passport-facts";
import { Code, Verdict } from "../../policy/verdict";

let last = new Verdict();

function facts(level: string, regions: Array<string>): PassportFacts {
  const f = new PassportFacts();
  f.assuranceLevel = level;
  f.assuranceRank = assuranceRank(level);
  f.regions = regions;
  return f;
}

function refundLimits(): PaymentLimits {
  const l = new PaymentLimits();
  l.refund = true;
  l.currencyLimits = [new CurrencyLimit("USD", 60000, 100000), new CurrencyLimit("EUR", 20000, -1)];
  l.refundReasonCodes = ["customer_request"];
  return l;
}

function refund(amount: i64, currency: string = "USD"): PaymentInput {
  const i = new PaymentInput();
  i.amount = amount;
  i.currency = currency;
  i.region = "US";
  i.reasonCode = "customer_request";
  return i;
}

function run(l: PaymentLimits, i: PaymentInput, f: PassportFacts): string {
  last = new Verdict();
  if (checkPayment(l, i, f, last)) return "allow";
  expect(last.message.length).toBeGreaterThan(0);
  return last.code;
}

const L3 = facts("L3", ["US", "EU"]);

describe("codes", () => {
  test("currency and region spellings", () => {
    expect(isCurrencyCode("USD")).toBe(true);
    expect(isCurrencyCode("usd")).toBe(false);
    expect(isCurrencyCode("US")).toBe(false);
    expect(isRegionCode("US")).toBe(true);
    expect(isRegionCode("US-CA")).toBe(true);
    expect(isRegionCode("US_CA")).toBe(false);
    expect(isRegionCode("us")).toBe(false);
  });
  test("a country admits its subdivisions, not the reverse", () => {
    expect(regionAdmitted(["US"], "US-CA")).toBe(true);
    expect(regionAdmitted(["US-CA"], "US")).toBe(false);
    expect(regionAdmitted(["EU"], "DE")).toBe(false);
    expect(regionAdmitted([], "US")).toBe(false);
  });
  test("assurance ranks", () => {
    expect(assuranceRank("L4KYC")).toBe(4);
    expect(assuranceRank("L4FIN")).toBe(4);
    expect(assuranceRank("l2")).toBe(-1);
    expect(refundAssurance(10000)).toBe(2);
    expect(refundAssurance(10001)).toBe(3);
    expect(refundAssurance(50000)).toBe(3);
    expect(refundAssurance(50001)).toBe(4);
  });
});

describe("refunds", () => {
  test("allowed, and the usage charge names currency, amount and cap", () => {
    expect(run(refundLimits(), refund(5000), L3)).toBe("allow");
    expect(last.usage.currency).toBe("USD");
    expect(last.usage.amount).toBe(5000);
    expect(last.usage.dailyCap).toBe(100000);
    expect(run(refundLimits(), refund(5000, "EUR"), L3)).toBe("allow");
    expect(last.usage.dailyCap).toBe(-1);
  });
  test("assurance by amount comes first", () => {
    expect(run(refundLimits(), refund(50001), L3)).toBe(Code.ASSURANCE_INSUFFICIENT);
    expect(run(refundLimits(), refund(10001), facts("L2", ["US"]))).toBe(Code.ASSURANCE_INSUFFICIENT);
    expect(run(refundLimits(), refund(1), facts("", ["US"]))).toBe(Code.ASSURANCE_INSUFFICIENT);
    expect((last.message).includes("unrated")).toBe(true);
  });
  test("currencies: listed in currency_limits, and in supported_currencies when given", () => {
    const l = refundLimits();
    expect(run(l, refund(100, "GBP"), L3)).toBe(Code.CURRENCY_UNSUPPORTED);
    l.supportedCurrencies = ["EUR"];
    expect(run(l, refund(100, "USD"), L3)).toBe(Code.CURRENCY_UNSUPPORTED);
    const none = new PaymentLimits();
    none.refundReasonCodes = ["customer_request"];
    expect(run(none, refund(100), L3)).toBe(Code.CURRENCY_UNSUPPORTED);
    expect((last.message).includes("missing")).toBe(true);
  });
  test("max_per_tx, reason codes, cross-currency, order balance, region", () => {
    expect(run(refundLimits(), refund(20001, "EUR"), L3)).toBe(Code.LIMIT_EXCEEDED);
    const r = refund(100);
    r.reasonCode = "CUSTOMER_REQUEST";
    expect(run(refundLimits(), r, L3)).toBe(Code.INVALID_REASON_CODE);
    const noReasons = refundLimits();
    noReasons.refundReasonCodes = null;
    expect(run(noReasons, refund(100), L3)).toBe(Code.INVALID_REASON_CODE);
    const x = refund(100);
    x.orderCurrency = "EUR";
    expect(run(refundLimits(), x, L3)).toBe(Code.CROSS_CURRENCY_DENIED);
    const b = refund(5000);
    b.orderTotal = 10000;
    b.alreadyRefunded = 5000;
    expect(run(refundLimits(), b, L3)).toBe("allow");
    b.alreadyRefunded = 5001;
    expect(run(refundLimits(), b, L3)).toBe(Code.LIMIT_EXCEEDED);
    const g = refund(100);
    g.region = "BR";
    expect(run(refundLimits(), g, L3)).toBe(Code.REGION_BLOCKED);
    const narrowed = refundLimits();
    narrowed.regions = ["US-CA"];
    expect(run(narrowed, refund(100), L3)).toBe(Code.REGION_BLOCKED);
  });
  test("order: assurance, currency, cap, reason", () => {
    const r = refund(60001, "GBP");
    r.reasonCode = "nope";
    expect(run(refundLimits(), r, facts("L4FIN", ["US"]))).toBe(Code.CURRENCY_UNSUPPORTED);
    const s = refund(60001);
    s.reasonCode = "nope";
    expect(run(refundLimits(), s, facts("L4FIN", ["US"]))).toBe(Code.LIMIT_EXCEEDED);
  });
});

function chargeLimits(): PaymentLimits {
    const l = new PaymentLimits();
    l.refund = false;
    l.currencyLimits = [new CurrencyLimit("USD", 20000, 100000)];
    l.allowedMerchantIds = ["merch_abc"];
    l.allowedCountries = ["US", "CA"];
    l.blockedCategories = ["weapons"];
    l.maxItemsPerTx = 2;
    return l;
}
function charge(): PaymentInput {
    const i = new PaymentInput();
    i.amount = 1299;
    i.currency = "USD";
    i.region = "US";
    i.merchantId = "merch_abc";
    i.itemCount = 1;
    i.categories = ["books"];
    return i;
}
const L2 = facts("L2", ["US"]);

describe("charges", () => {
  test("allowed", () => {
    expect(run(chargeLimits(), charge(), L2)).toBe("allow");
  });
  test("the pack's L2 minimum and require_assurance_at_least", () => {
    expect(run(chargeLimits(), charge(), facts("L1", ["US"]))).toBe(Code.ASSURANCE_INSUFFICIENT);
    const l = chargeLimits();
    l.minAssurance = 3;
    expect(run(l, charge(), L2)).toBe(Code.ASSURANCE_INSUFFICIENT);
  });
  test("items, merchants, countries, categories", () => {
    const many = charge();
    many.itemCount = 3;
    expect(run(chargeLimits(), many, L2)).toBe(Code.LIMIT_EXCEEDED);
    const m = charge();
    m.merchantId = "merch_bad";
    expect(run(chargeLimits(), m, L2)).toBe(Code.MERCHANT_FORBIDDEN);
    const noMerchants = chargeLimits();
    noMerchants.allowedMerchantIds = null;
    expect(run(noMerchants, charge(), L2)).toBe(Code.MERCHANT_FORBIDDEN);
    const c = charge();
    c.shippingCountry = "BR";
    expect(run(chargeLimits(), c, L2)).toBe(Code.REGION_BLOCKED);
    c.shippingCountry = "CA";
    expect(run(chargeLimits(), c, L2)).toBe("allow");
    const w = charge();
    w.categories = ["books", " Weapons "];
    expect(run(chargeLimits(), w, L2)).toBe(Code.CATEGORY_BLOCKED);
  });
  test("look-alike and invisible characters are refused, never compared", () => {
    const lookAlikes = ["weap\u200Bons", "w\u0435apons", "\uFF57eapons", "weapons\u00A0", "weap\u00ADons"];
    for (let k = 0; k < lookAlikes.length; k++) {
      const w = charge();
      w.categories = ["books", lookAlikes[k]];
      expect(run(chargeLimits(), w, L2)).toBe(Code.INVALID_CONTEXT);
      expect(last.message.includes("items[1].category")).toBe(true);
    }
    // Without blocked_categories there is nothing to dodge: any category.
    const open = chargeLimits();
    open.blockedCategories = [];
    const cafe = charge();
    cafe.categories = ["caf\u00E9"];
    expect(run(open, cafe, L2)).toBe("allow");
    const m = charge();
    m.merchantId = "merch_\u0430bc";
    expect(run(chargeLimits(), m, L2)).toBe(Code.INVALID_CONTEXT);
    expect(last.message.includes("U+0430")).toBe(true);
    const any = chargeLimits();
    any.allowedMerchantIds = ["*"];
    m.merchantId = "merch_abc\u200D";
    expect(run(any, m, L2)).toBe(Code.INVALID_CONTEXT);
    m.merchantId = "\uD835\uDC26erch";
    expect(run(any, m, L2)).toBe(Code.INVALID_CONTEXT);
    expect(last.message.includes("U+1D426")).toBe(true);
  });
  test("allowed_countries compare ASCII case-insensitively", () => {
    const l = chargeLimits();
    l.allowedCountries = ["ca"];
    const c = charge();
    c.shippingCountry = "CA";
    expect(run(l, c, L2)).toBe("allow");
  });
});
