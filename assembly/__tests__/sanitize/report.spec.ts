import { run, runBytes, bytes, lastReport } from "./helpers";
import { SanitizeReport } from "../../sanitize";

describe("report", () => {
  test("JSON has every count and flag", () => {
    run("a\u200B\x00\u0600\uE000 \u00A0b\u{E0041}\u202E <<<EXTERNAL_UNTRUSTED_CONTENT>>> <system>");
    const json = lastReport.toJSON();
    expect(json.startsWith("{\"removed\":{\"invisible\":2,\"controls\":1,\"format\":1,\"nfc\":0,\"privateUse\":1,\"tags\":1,\"whitespace\":1,\"truncated\":0}")).toBe(true);
    expect(json.includes("\"escapedTags\":1")).toBe(true);
    expect(json.includes("\"markers\":1")).toBe(true);
    expect(json.includes("\"decodedTags\":\"A\"")).toBe(true);
    expect(json.includes("\"flags\":[\"bidi_override\",\"tag_smuggling\",\"marker_spoof\"]")).toBe(true);
  });
  test("a clean text has no flags and zero counts", () => {
    run("plain text");
    expect(lastReport.toJSON()).toBe("{\"removed\":{\"invisible\":0,\"controls\":0,\"format\":0,\"nfc\":0,\"privateUse\":0,\"tags\":0,\"whitespace\":0,\"truncated\":0},\"invalid\":0,\"escapedTags\":0,\"markers\":0,\"htmlDropped\":0,\"decodedTags\":\"\",\"flags\":[],\"inputBytes\":10,\"outputBytes\":10}");
  });
  test("the report is reset by each call", () => {
    run("\u{E0041}");
    run("ok");
    expect(lastReport.tagSmuggling).toBe(false);
    expect(lastReport.decodedTags).toBe("");
  });
  test("a fresh report serialises", () => {
    expect(new SanitizeReport().toJSON().length).toBeGreaterThan(10);
  });
});

describe("report: malformed input", () => {
  test("a four-byte sequence cut after three bytes counts as invalid, and the output stays valid", () => {
    const out = runBytes(bytes([0x61, 0x62, 0x63, 0xf0, 0x9f, 0x98]));
    expect(out).toBe("abc\uFFFD");
    expect(lastReport.invalid).toBe(1);
    expect(runBytes(bytes([0x61, 0x62, 0xf0, 0x9f, 0x98, 0x61, 0x62, 0x63]))).toBe("ab\uFFFDabc");
    expect(lastReport.invalid).toBe(1);
  });
  test("a real U+FFFD is not invalid", () => {
    runBytes(bytes([0x61, 0xef, 0xbf, 0xbd, 0x62]));
    expect(lastReport.invalid).toBe(0);
  });
});
