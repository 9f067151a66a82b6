// data.export: the limits block -> ExportLimits, and tool_input (`format`,
// `include_pii`, `columns`, the stated row count) -> ExportInput. The rules
// live in ../export.ts.

import { JsonType } from "../../../json/reader";
import { ExportLimits, ExportInput, checkExport } from "./export";
import { RequestView } from "../../request";
import { Verdict, Code } from "../../verdict";
import { CapabilityRule, RuleContext } from "../rule";
import { LimitsReader } from "../limits-reader";

export const EXPORT_KEYS: StaticArray<string> = ["max_export_rows", "allow_pii", "approval_required", "enforcement"];
/** Where an export call states how many rows it will produce; the largest wins. */
const ROW_KEYS: StaticArray<string> = ["estimated_rows", "max_rows", "row_limit", "limit"];

export class ExportRule extends CapabilityRule {
  limits: ExportLimits = new ExportLimits();
  private input: ExportInput = new ExportInput();

  static compile(read: LimitsReader): ExportRule {
    const rule = new ExportRule();
    rule.limits.maxExportRows = read.count("max_export_rows");
    rule.limits.allowPii = read.bool("allow_pii", false);
    return rule;
  }

  check(request: RequestView, context: RuleContext, verdict: Verdict): bool {
    const input = this.input;
    input.rows = -1;
    for (let i = 0; i < ROW_KEYS.length; i++) {
      const n = request.inputWhole(ROW_KEYS[i], verdict);
      if (request.failed) return false;
      if (n > input.rows) input.rows = n;
    }
    const json = request.json;
    const pii = request.inputPos("include_pii", verdict);
    if (request.failed) return false;
    const piiType = json.typeAt(pii);
    if (pii >= 0 && piiType != JsonType.True && piiType != JsonType.False) {
      return verdict.deny(Code.INVALID_CONTEXT, "tool_input.include_pii must be true or false");
    }
    input.includePii = piiType == JsonType.True;
    input.columns.length = 0;
    const columns = request.inputPos("columns", verdict);
    if (request.failed) return false;
    if (columns >= 0) {
      const list = json.readStringArray(columns);
      if (list == null) return verdict.deny(Code.INVALID_CONTEXT, "tool_input.columns must be an array of strings");
      input.columns = list;
    }
    const format = request.inputString("format", verdict);
    if (request.failed) return false;
    if (format == null) return verdict.deny(Code.INVALID_CONTEXT, "tool_input.format is required (csv, json, xlsx or parquet)");
    input.format = format;
    return checkExport(this.limits, input, context.passport, verdict);
  }
}
