// Facts of the passport itself that some packs judge a call by: its
// assurance level (payments, exports) and its regions (payments).

export class PassportFacts {
  /** "L0" … "L4FIN" as written; "" when absent. */
  assuranceLevel: string = "";
  /** 0 … 4 (L4KYC and L4FIN are both 4); -1 when absent or unknown, which no requirement accepts. */
  assuranceRank: i32 = -1;
  /** `regions`: ISO 3166-1 alpha-2 codes, optionally with a subdivision. */
  regions: Array<string> = [];
}
