// canonicalizePathInto reuses the kept UTF-8 of base and home when the path is one of them (the tool's cwd
// defaults to the workspace root), tool names are compared as bytes for the ms timeout, and the timeout's
// text is built only for a refusal (its three forms checked word for word below). Checked against
// the code they replace: every path checked for NUL and lone surrogates and encoded afresh; the name decoded.
import { canonicalizePathInto, canonicalizeBytesInto } from "../../util/path";
import { ByteBuffer, utf8 } from "../../util/bytes";
import { timeoutInMs, timeoutInMsBytes } from "../../policy/tool-map";
import { XorShift } from "../xorshift";
import { jsonOf, utf8Of } from "../policy/helpers";
import { PassportPolicy } from "../../policy/passport";
import { LoadErrors } from "../../policy/load-errors";
import { RequestView } from "../../policy/request";
import { Verdict } from "../../policy/verdict";

// ---- the replaced code, kept here as the reference ----

function oddReference(s: string): bool {
  for (let i = 0; i < s.length; i++) {
    const c = <u32>s.charCodeAt(i);
    if (c == 0) return true;
    if (c >= 0xd800 && c < 0xe000) {
      if (c >= 0xdc00 || i + 1 >= s.length) return true;
      const d = <u32>s.charCodeAt(i + 1);
      if (d < 0xdc00 || d >= 0xe000) return true;
      i++;
    }
  }
  return false;
}

function canonicalReference(out: ByteBuffer, path: string, base: string, home: string): bool {
  if (oddReference(path) || oddReference(base) || oddReference(home)) return false;
  const p = String.UTF8.encode(path, false), b = String.UTF8.encode(base, false), h = String.UTF8.encode(home, false);
  return canonicalizeBytesInto(out, changetype<usize>(p), p.byteLength, changetype<usize>(b), b.byteLength,
    changetype<usize>(h), h.byteLength);
}

// ---- inputs ----

const PARTS: StaticArray<string> = ["/", "a", "..", ".", "~", "//", "workspace", "é", "\u0000", "\ud800", "\udc00",
  "\ud83d\ude00", "x/", "/..", "~/", "home", " "];

function randomPath(r: XorShift): string {
  const n = <i32>(r.next() % 6);
  let s = "";
  for (let i = 0; i < n; i++) s += PARTS[<i32>(r.next() % <u32>PARTS.length)];
  return s;
}

function agree(path: string, base: string, home: string): void {
  const fast = new ByteBuffer(16), ref = new ByteBuffer(16);
  const a = canonicalizePathInto(fast, path, base, home);
  const b = canonicalReference(ref, path, base, home);
  expect(a).toBe(b, path + " | " + base + " | " + home);
  if (a) expect(fast.toString()).toBe(ref.toString(), path + " | " + base + " | " + home);
}

describe("canonicalizePathInto with the kept base and home encodings", () => {
  test("the path is the base or home itself, or equal to it, or neither", () => {
    const bases: StaticArray<string> = ["/workspace", "/", "", "rel", "/w\u0000s", "/w\ud800", "/é/x"];
    for (let i = 0; i < bases.length; i++) {
      const base = bases[i];
      agree(base, base, "/home/u");
      agree(base.slice(0), base, "/home/u"); // equal text, another string
      agree("/home/u", base, "/home/u");
      agree("~/x", base, "/home/u");
      agree("x/..", base, base);
      agree(base, "/other", base);
    }
  });

  test("random paths, bases and homes, the path often one of them", () => {
    const r = new XorShift(20261127);
    for (let i = 0; i < 4000; i++) {
      const base = randomPath(r), home = randomPath(r);
      const pick = r.next() % 4;
      const path = pick == 0 ? base : pick == 1 ? home : randomPath(r);
      agree(path, base, home);
    }
  });
});

describe("timeoutInMsBytes", () => {
  test("agrees with timeoutInMs on the decoded name", () => {
    const names: StaticArray<string> = ["Bash", "bash", "BASH", "Bash ", "Bas", "Bashx", "", "execute_bash", "Bash\u0000", "Bäsh"];
    for (let i = 0; i < names.length; i++) {
      const b = utf8(names[i]);
      expect(timeoutInMsBytes(changetype<usize>(b), b.length)).toBe(timeoutInMs(names[i]), names[i]);
    }
    expect(timeoutInMsBytes(changetype<usize>(utf8("Bash")), 4)).toBe(true);
  });
});

function refusal(tool: string, input: string): string {
  const doc = '{"type":"passport","passport":{"status":"active","spec_version":"oap/1.0","assurance_level":"L2",' +
    '"capabilities":[{"id":"system.command.execute"}],"limits":{"system.command.execute":{"allowed_commands":["ls"],' +
    '"max_execution_time":60}}}}';
  const json = jsonOf(doc);
  const p = PassportPolicy.compile(json, json.root(), new LoadErrors())!;
  const b = utf8Of('{"tool_name":"' + tool + '","tool_input":{"command":"ls",' + input + "}}");
  const view = new RequestView();
  const v = new Verdict();
  if (view.parse(changetype<usize>(b), b.byteLength, v)) p.evaluate(view, NaN, v);
  return v.message;
}

describe("the stated timeout in max_execution_time's refusal", () => {
  test("each form as the call stated it", () => {
    expect(refusal("bash", '"timeout":61')).toBe("timeout 61 s is not within max_execution_time (60 s)");
    expect(refusal("bash", '"timeout":60.5')).toBe("timeout 60.5 s is not within max_execution_time (60 s)");
    expect(refusal("Bash", '"timeout":120000')).toBe("timeout 120000 ms (120 s) is not within max_execution_time (60 s)");
    expect(refusal("bash", '"timeout_ms":90500')).toBe("timeout_ms 90500 (90.5 s) is not within max_execution_time (60 s)");
    // Both stated: the longer one is named.
    expect(refusal("bash", '"timeout":5,"timeout_ms":90500')).toBe("timeout_ms 90500 (90.5 s) is not within max_execution_time (60 s)");
    expect(refusal("bash", '"timeout":70,"timeout_ms":5000')).toBe("timeout 70 s is not within max_execution_time (60 s)");
    expect(refusal("Bash", '"timeout":5000')).toBe("");
  });
});
