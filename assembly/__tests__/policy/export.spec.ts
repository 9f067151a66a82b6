// data.export through checkExport: assurance, rows, PII, format.
import { ExportLimits, ExportInput, checkExport } from "../../policy/capabilities/export/export";
import { PassportFacts } from "../../policy/passport-facts";
import { Code, Verdict, Obligation } from "../../policy/verdict";

function facts(rank: i32): PassportFacts {
  const f = new PassportFacts();
  f.assuranceRank = rank;
  f.assuranceLevel = "L" + rank.toString();
  return f;
}

let lastVerdict = new Verdict();

function run(max: i64, allowPii: bool, rows: i64, pii: bool, columns: Array<string>, format: string, rank: i32 = 1): string {
  const l = new ExportLimits();
  l.maxExportRows = max;
  l.allowPii = allowPii;
  const i = new ExportInput();
  i.rows = rows;
  i.includePii = pii;
  i.columns = columns;
  i.format = format;
  const v = new Verdict();
  lastVerdict = v;
  return checkExport(l, i, facts(rank), v) ? "allow" : v.code;
}

describe("checkExport", () => {
  test("the pack's L1 minimum", () => {
    expect(run(-1, true, -1, false, [], "csv", 0)).toBe(Code.ASSURANCE_INSUFFICIENT);
    expect(run(-1, true, -1, false, [], "csv", 1)).toBe("allow");
  });
  test("rows: at the limit, above it, and none stated", () => {
    expect(run(10, false, 10, false, [], "csv")).toBe("allow");
    expect(run(10, false, 11, false, [], "csv")).toBe(Code.LIMIT_EXCEEDED);
    // None stated: allowed, and the host must cap the export at the limit.
    expect(run(10, false, -1, false, [], "csv")).toBe("allow");
    expect(lastVerdict.obligation).toBe(Obligation.MaxExportRows);
    expect(lastVerdict.obligationValue).toBe(10.0);
    expect(run(-1, false, -1, false, [], "csv")).toBe("allow");
    expect(lastVerdict.obligation).toBe(Obligation.None);
  });
  test("PII: the flag, every column, and names that say personal data", () => {
    expect(run(-1, false, -1, true, [], "csv")).toBe(Code.PII_NOT_ALLOWED);
    expect(run(-1, true, -1, true, ["email"], "csv")).toBe("allow");
    expect(run(-1, false, -1, false, ["*"], "csv")).toBe(Code.PII_NOT_ALLOWED);
    expect(run(-1, false, -1, false, ["Shipping_Address"], "csv")).toBe(Code.PII_NOT_ALLOWED);
    expect(run(-1, false, -1, false, ["contact.phone"], "csv")).toBe(Code.PII_NOT_ALLOWED);
    expect(run(-1, false, -1, false, ["DOB"], "csv")).toBe(Code.PII_NOT_ALLOWED);
    expect(run(-1, false, -1, false, ["id", "thumbnail", "emails_sent"], "csv")).toBe("allow");
  });
  test("formats: the pack's four, any case", () => {
    expect(run(-1, false, -1, false, [], "Parquet")).toBe("allow");
    expect(run(-1, false, -1, false, [], "xlsx")).toBe("allow");
    expect(run(-1, false, -1, false, [], "xls")).toBe(Code.FORMAT_UNSUPPORTED);
    expect(run(-1, false, -1, false, [], "")).toBe(Code.FORMAT_UNSUPPORTED);
  });
  test("order: rows before PII before format", () => {
    expect(run(1, false, 2, true, [], "xml")).toBe(Code.LIMIT_EXCEEDED);
    expect(run(5, false, 2, true, [], "xml")).toBe(Code.PII_NOT_ALLOWED);
  });
});
