// messaging.send through checkMessaging: recipients, wildcards, content length.
import { MessagingLimits, MessagingInput, checkMessaging, utf16Length } from "../../policy/capabilities/messaging/messaging";
import { plainAddressProblem } from "../../policy/capabilities/messaging/address";
import { Code, Verdict } from "../../policy/verdict";

function run(allowed: Array<string> | null, recipients: Array<string>, length: i64 = 1, max: i64 = 2000): string {
  const l = new MessagingLimits();
  l.allowedRecipients = allowed;
  l.maxMessageLength = max;
  const err = l.compile();
  if (err.length > 0) return "compile: " + err;
  const i = new MessagingInput();
  i.recipients = recipients;
  i.contentLength = length;
  const v = new Verdict();
  return checkMessaging(l, i, v) ? "allow" : v.code;
}

describe("recipients", () => {
  test("missing list: anyone; empty list: no one; '*': anyone", () => {
    expect(run(null, ["x"])).toBe("allow");
    expect(run(null, [])).toBe("allow");
    expect(run([], ["x"])).toBe(Code.RECIPIENT_NOT_ALLOWED);
    expect(run(["*"], ["x", "y"])).toBe("allow");
  });
  test("exact and case-sensitive; every recipient must pass", () => {
    const list = ["alice@example.com", "#general"];
    expect(run(list, ["alice@example.com"])).toBe("allow");
    expect(run(list, ["Alice@example.com"])).toBe(Code.RECIPIENT_NOT_ALLOWED);
    expect(run(list, ["alice@example.com", "#general"])).toBe("allow");
    expect(run(list, ["alice@example.com", "#random"])).toBe(Code.RECIPIENT_NOT_ALLOWED);
    expect(run(list, [])).toBe(Code.INVALID_CONTEXT);
  });
  test("*@domain: a plain local part at exactly that domain", () => {
    const list = ["*@corp.example"];
    expect(run(list, ["bob@corp.example"])).toBe("allow");
    expect(run(list, ["bob.o'neil@corp.example"])).toBe(Code.RECIPIENT_NOT_ALLOWED);
    expect(run(list, ["b+x@CORP.EXAMPLE"])).toBe("allow");
    expect(run(list, ["bob@x.corp.example"])).toBe(Code.RECIPIENT_NOT_ALLOWED);
    expect(run(list, ["a@evil.com@corp.example"])).toBe(Code.RECIPIENT_NOT_ALLOWED);
    expect(run(list, ["*@corp.example"])).toBe(Code.RECIPIENT_NOT_ALLOWED);
    expect(run(list, ["@corp.example"])).toBe(Code.RECIPIENT_NOT_ALLOWED);
  });
  test("*@domain admits plain addresses only: no routing, lists, quoting or look-alikes", () => {
    const list = ["*@corp.example"];
    const refused = [
      "evil%x.com@corp.example", "evil.com!bob@corp.example", "@evil.com:bob@corp.example",
      "\"a@evil.com\"@corp.example", "a@evil.com,b@corp.example", "Bob <bob@corp.example>", "<bob@corp.example>",
      ".bob@corp.example", "bob.@corp.example", "bob..x@corp.example", "bob@corp.example.",
      "bob@corp.ex\u0430mple", "b\u200Bob@corp.example", "bob@corp..example",
    ];
    for (let k = 0; k < refused.length; k++) {
      expect(run(list, [refused[k]])).toBe(Code.RECIPIENT_NOT_ALLOWED);
      expect(plainAddressProblem(refused[k]).length).toBeGreaterThan(0);
    }
    expect(run(list, ["Bob.Smith-jr_2+news@CORP.EXAMPLE"])).toBe("allow");
    expect(plainAddressProblem("bob@corp.example")).toBe("");
    expect(plainAddressProblem("evil%x.com@corp.example").includes("percent hack")).toBe(true);
    expect(plainAddressProblem("@evil.com:bob@corp.example").includes("source-route")).toBe(true);
    expect(plainAddressProblem("bob@corp.ex\u0430mple").includes("U+0430")).toBe(true);
  });
  test("a *@ entry whose domain no plain address can carry is a compile error", () => {
    expect(run(["*@corp.example."], ["x"]).startsWith("compile")).toBe(true);
    expect(run(["*@b\u00FCcher.example"], ["x"]).startsWith("compile")).toBe(true);
    expect(run(["*@xn--bcher-kva.example"], ["bob@xn--bcher-kva.example"])).toBe("allow");
  });
  test("bad entries are compile errors", () => {
    expect(run(["a*b"], ["x"]).startsWith("compile")).toBe(true);
    expect(run(["*@"], ["x"]).startsWith("compile")).toBe(true);
    expect(run([""], ["x"]).startsWith("compile")).toBe(true);
    expect(run(["a\nb"], ["x"]).startsWith("compile")).toBe(true);
  });
});

describe("content length", () => {
  test("UTF-16 code units, as the pack's JavaScript counts", () => {
    const s = "aé😀"; // 1 + 1 + 2
    const b = String.UTF8.encode(s, false);
    expect(utf16Length(changetype<usize>(b), b.byteLength)).toBe(4);
  });
  test("at the limit allowed, above it denied", () => {
    expect(run(null, ["x"], 2000)).toBe("allow");
    expect(run(null, ["x"], 2001)).toBe(Code.CONTENT_TOO_LONG);
    expect(run(null, ["x"], 11, 10)).toBe(Code.CONTENT_TOO_LONG);
  });
});
