// data.export rules (OAP pack data.export.create.v1).
// Order: assurance (the pack's minimum, L1) → max_export_rows →
// allow_pii → format; the first failure decides.
//
// The core cannot see the data, only the call: the row count it states and
// the columns and PII flag it asks for.
//   - With max_export_rows set, a stated row count (`estimated_rows`,
//     `max_rows`, `row_limit` or `limit`; the largest counts) over it is
//     denied; an allowed call carries a max_export_rows obligation the host
//     enforces (a call that states no count is allowed on those terms).
// Where we are stricter than the pack:
//   - With allow_pii off, asking for every column (`"*"`, and SQL's other
//     spellings of it: `users.*`, `"users".*`, `* EXCEPT (id)`) or for a
//     column whose name says it holds personal data (`email`,
//     `customer_phone`, `date_of_birth`, `ssn`, …) is denied like
//     `include_pii: true`. A heuristic on names, in the deny direction only.

import { Verdict, Code, Obligation } from "../../verdict";
import { PassportFacts } from "../../passport-facts";
import { rankName } from "../../money";
import { quote } from "../web/web";

/** The pack's formats; compared ASCII case-insensitively. */
const FORMATS: StaticArray<string> = ["csv", "json", "xlsx", "parquet"];
/** The pack's min_assurance. */
const MIN_ASSURANCE: i32 = 1;

/** Column names (lowercased, separators removed) that end in one of these hold personal data. */
const PII_SUFFIXES: StaticArray<string> = [
  "email", "emailaddress", "phone", "phonenumber", "mobilenumber", "ssn", "socialsecuritynumber", "nationalid",
  "passportnumber", "taxid", "dob", "dateofbirth", "birthdate", "address", "creditcard", "cardnumber", "iban",
  "firstname", "lastname", "fullname", "ipaddress",
];

export class ExportLimits {
  /** -1 = no limit. */
  maxExportRows: i64 = -1;
  allowPii: bool = false;
}

export class ExportInput {
  /** The largest stated row count; -1 = none stated. */
  rows: i64 = -1;
  /** tool_input.include_pii === true. */
  includePii: bool = false;
  columns: Array<string> = [];
  format: string = "";
}

/** True = allowed; otherwise `verdict` holds the deny. */
export function checkExport(limits: ExportLimits, input: ExportInput, facts: PassportFacts, verdict: Verdict): bool {
  if (facts.assuranceRank < MIN_ASSURANCE) {
    return verdict.deny(
      Code.ASSURANCE_INSUFFICIENT,
      "data exports need assurance " + rankName(MIN_ASSURANCE) + "; the passport is " + (facts.assuranceLevel.length > 0 ? facts.assuranceLevel : "unrated"),
    );
  }
  if (limits.maxExportRows >= 0) {
    if (input.rows > limits.maxExportRows) {
      return verdict.deny(Code.LIMIT_EXCEEDED, input.rows.toString() + " rows exceed max_export_rows " + limits.maxExportRows.toString(), "max_export_rows");
    }
    // Stated within the limit, or not stated: the host is obliged to cap the export at it.
    verdict.oblige(Obligation.MaxExportRows, <f64>limits.maxExportRows);
  }
  if (!limits.allowPii) {
    if (input.includePii) return verdict.deny(Code.PII_NOT_ALLOWED, "include_pii is true, and the passport does not set allow_pii");
    for (let i = 0; i < input.columns.length; i++) {
      const column = input.columns[i];
      if (selectsEveryColumn(column)) {
        return verdict.deny(Code.PII_NOT_ALLOWED, "column " + quote(column) + " exports every column, including personal data; allow_pii is not set");
      }
      if (looksPersonal(column)) return verdict.deny(Code.PII_NOT_ALLOWED, "column " + quote(column) + " holds personal data by its name; allow_pii is not set");
    }
  }
  for (let i = 0; i < FORMATS.length; i++) {
    if (input.format.toLowerCase() == FORMATS[i]) return true;
  }
  return verdict.deny(Code.FORMAT_UNSUPPORTED, "format " + quote(input.format) + " is not one of csv, json, xlsx, parquet");
}

/**
 * A `*` outside parentheses: `*`, a table's every column (`users.*`, `"users".*`, `[s].[t].*`) or BigQuery's
 * `* EXCEPT (…)`, all of which an exporter that puts the entry in its SELECT list reads as every column.
 * `COUNT(*)` counts rows and stays allowed; a product such as `price*qty` is refused too (deny side only).
 */
function selectsEveryColumn(column: string): bool {
  let depth = 0;
  for (let i = 0; i < column.length; i++) {
    const c = column.charCodeAt(i);
    if (c == 0x28) depth++;
    else if (c == 0x29) depth--;
    else if (c == 0x2a && depth <= 0) return true;
  }
  return false;
}

/** Lowercase, drop everything but letters and digits, then compare suffixes. */
function looksPersonal(column: string): bool {
  let folded = "";
  for (let i = 0; i < column.length; i++) {
    let c = <u32>column.charCodeAt(i);
    if (c - 0x41 < 26) c |= 0x20;
    if (c - 0x61 < 26 || c - 0x30 < 10) folded += String.fromCharCode(c);
  }
  for (let i = 0; i < PII_SUFFIXES.length; i++) {
    if (folded.endsWith(PII_SUFFIXES[i])) return true;
  }
  return false;
}
