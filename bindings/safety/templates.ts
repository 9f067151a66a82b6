/**
 * @module
 * DeerFlow's explanation templates, verbatim, with Python `repr()` quoting
 * (deerflow.md §2.2 and §6).
 */

/** Python's repr() of a str: single quotes unless the text has ' and no ". */
export function pyRepr(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of value) {
    const cp = ch.codePointAt(0)!;
    if (ch === "\\") out += "\\\\";
    else if (ch === quote) out += "\\" + quote;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) out += "\\x" + cp.toString(16).padStart(2, "0");
    else out += ch;
  }
  return out + quote;
}

/** The tool-calls template (calls were suppressed). */
export function suppressedExplanation(reasonField: string, reasonValue: string, detector: string): string {
  return `The model provider stopped this response with a safety-related signal (${reasonField}=${pyRepr(reasonValue)}, detector=${pyRepr(detector)}). Any tool calls produced in this turn were suppressed because their arguments may be truncated and unsafe to execute. Please rephrase the request or ask for a narrower output.`;
}

/** The empty template (no calls, no content). */
export function emptyExplanation(reasonField: string, reasonValue: string, detector: string): string {
  return `The model provider stopped this response with a safety-related signal (${reasonField}=${pyRepr(reasonValue)}, detector=${pyRepr(detector)}) and returned no content. Please rephrase your request or start a new conversation.`;
}
