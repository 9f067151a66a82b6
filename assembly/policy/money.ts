// Money and the passport facts payments are judged by: ISO 4217 codes,
// per-currency limits in minor units, assurance ranks and regions. Shared by
// finance.payment.refund and payments.charge (payment.ts).

/** Per-currency limits in minor units; dailyCap -1 = none. */
export class CurrencyLimit {
  constructor(public code: string, public maxPerTx: i64, public dailyCap: i64) {}
}

/** `^[A-Z]{3}$`: ISO 4217 as OAP writes it. Case matters: `usd` is not a currency code. */
export function isCurrencyCode(s: string): bool {
  if (s.length != 3) return false;
  for (let i = 0; i < 3; i++) {
    if (<u32>s.charCodeAt(i) - 0x41 >= 26) return false;
  }
  return true;
}

/** `^[A-Z]{2}(-[A-Z]{2})?$`: the passport's region pattern (a country, optionally a subdivision). */
export function isRegionCode(s: string): bool {
  if (s.length != 2 && s.length != 5) return false;
  for (let i = 0; i < s.length; i++) {
    const c = <u32>s.charCodeAt(i);
    if (i == 2) {
      if (c != 0x2d) return false;
    } else if (c - 0x41 >= 26) return false;
  }
  return true;
}

/** An entry admits itself and, when it is a country, its subdivisions (`US` admits `US-CA`). */
export function regionAdmitted(entries: Array<string>, region: string): bool {
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (e == "*" || e == region) return true;
    if (e.length == 2 && region.length == 5 && region.startsWith(e)) return true;
  }
  return false;
}

/** L0 … L4KYC/L4FIN as 0 … 4; -1 for anything else (which no requirement accepts). */
export function assuranceRank(level: string): i32 {
  if (level == "L0") return 0;
  if (level == "L1") return 1;
  if (level == "L2") return 2;
  if (level == "L3") return 3;
  if (level == "L4KYC" || level == "L4FIN") return 4;
  return -1;
}

export function rankName(rank: i32): string {
  return rank >= 4 ? "L4 (L4KYC or L4FIN)" : "L" + rank.toString();
}

export function findCurrency(list: Array<CurrencyLimit>, code: string): CurrencyLimit | null {
  for (let i = 0; i < list.length; i++) {
    if (list[i].code == code) return list[i];
  }
  return null;
}

/** Exact membership, with "*" as a wildcard. */
export function listed(list: Array<string>, value: string): bool {
  for (let i = 0; i < list.length; i++) {
    if (list[i] == "*" || list[i] == value) return true;
  }
  return false;
}
