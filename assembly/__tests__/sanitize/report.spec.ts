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
    expect(lastReport.sawReplacement).toBe(true);
  });
  // The bindings skip their lone-surrogate scan when this is false: it must see every U+FFFD,
  // also one in the middle of a run the fast path copies (ASCII, Latin, CJK around it).
  test("sawReplacement: set by a U+FFFD anywhere, real or from malformed bytes", () => {
    const plain = "plain ascii words and more words, ";
    run(plain + "\uFFFD" + plain);
    expect(lastReport.sawReplacement).toBe(true);
    run("caf\u00e9 \u65e5\u672c\u8a9e\uFFFD\u65e5\u672c \u043c\u0438\u0440");
    expect(lastReport.sawReplacement).toBe(true);
    run("\uFFFD");
    expect(lastReport.sawReplacement).toBe(true);
    run(plain + plain + plain + "\uFFFD");
    expect(lastReport.sawReplacement).toBe(true);
    runBytes(bytes([0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0xff, 0x61]));
    expect(lastReport.sawReplacement).toBe(true);
  });
  test("sawReplacement: clear without a U+FFFD, and reset by each call", () => {
    run("\uFFFD");
    run("plain ascii, caf\u00e9 \u65e5\u672c\u8a9e \u043c\u0438\u0440 \u{1F600} e\u0301 \u200B \uFFFE \uFFFC");
    expect(lastReport.sawReplacement).toBe(false);
  });
});
