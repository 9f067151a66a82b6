// The release policy.wasm through the Evaluator: hostile bytes, flat memory,
// trap recovery, policy load errors, determinism.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { Evaluator, CoreError } from "../bindings/core/index.ts";

const wasm = readFileSync(new URL("../build/policy.wasm", import.meta.url));
const passport = JSON.parse(readFileSync(new URL("./vectors/policies/core-passport.json", import.meta.url), "utf8"));
const NOW = Date.parse("2026-11-22T00:00:00Z");

function fresh() {
  const evaluator = Evaluator.createSync(wasm);
  const policy = evaluator.load(JSON.stringify({ type: "passport", passport }));
  const allowlist = evaluator.load(JSON.stringify({ type: "allowlist", allowed_tools: ["bash"] }));
  return { evaluator, policy, allowlist };
}

describe("the wasm module", () => {
  it("instantiates with no imports", () => {
    const module = new WebAssembly.Module(wasm);
    expect(WebAssembly.Module.imports(module)).toEqual([]);
  });

  it("rejects a module speaking another ABI", () => {
    const fake = new WebAssembly.Module(
      // (module (memory (export "memory") 1) (func (export "abiVersion") (result i32) i32.const 99) …) is overkill:
      // a module missing exports is enough to prove the check runs.
      new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]),
    );
    expect(() => Evaluator.createSync(fake)).toThrow(CoreError);
  });
});

describe("hostile requests are denied with oap.invalid_context, never a trap", () => {
  const { policy } = fresh();
  const code = (d: { reasons: { code: string }[] }) => d.reasons[0].code;
  const enc = new TextEncoder();

  it("invalid UTF-8", () => {
    const bytes = enc.encode('{"tool_name":"bash","tool_input":{"command":"ls X"}}');
    bytes[bytes.indexOf(88)] = 0xff;
    const d = policy.evaluateBytes(bytes, NOW);
    expect(d.decision).toBe("deny");
    expect(code(d)).toBe("oap.invalid_context");
  });

  it("overlong and surrogate encodings", () => {
    for (const seq of [[0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]]) {
      const head = enc.encode('{"tool_name":"ba');
      const tail = enc.encode('sh","tool_input":{}}');
      const d = policy.evaluateBytes(new Uint8Array([...head, ...seq, ...tail]), NOW);
      expect(code(d)).toBe("oap.invalid_context");
    }
  });

  it("invalid JSON of many kinds", () => {
    for (const text of ["", "{", "null", "[]", '"bash"', '{"tool_name":"bash",}', "{'tool_name':'bash'}", '{"tool_name":"bash"} x']) {
      const d = policy.evaluateJson(text, NOW);
      expect(d.decision, text).toBe("deny");
      expect(code(d), text).toBe("oap.invalid_context");
    }
  });

  it("100k-deep nesting", () => {
    const deep = '{"tool_name":"bash","tool_input":{"x":' + "[".repeat(100_000) + "]".repeat(100_000) + "}}";
    expect(code(policy.evaluateJson(deep, NOW))).toBe("oap.invalid_context");
    const deepObjects = '{"tool_name":"bash","tool_input":' + '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000) + "}";
    expect(code(policy.evaluateJson(deepObjects, NOW))).toBe("oap.invalid_context");
  });

  it("10 MB inputs", () => {
    const big = '{"tool_name":"bash","tool_input":{"command":"ls","pad":"' + "a".repeat(10 << 20) + '"}}';
    const d = policy.evaluateJson(big, NOW);
    expect(code(d)).toBe("oap.invalid_context");
    expect(d.reasons[0].message).toContain("limit");
  });

  it("NUL bytes, raw and escaped", () => {
    const raw = enc.encode('{"tool_name":"bash","tool_input":{"command":"ls\0"}}');
    expect(code(policy.evaluateBytes(raw, NOW))).toBe("oap.invalid_context");
    expect(code(policy.evaluateJson('{"tool_name":"ba\\u0000sh","tool_input":{}}', NOW))).toBe("oap.invalid_context");
  });

  it("duplicate keys at any level we read", () => {
    expect(code(policy.evaluateJson('{"tool_name":"bash","tool_name":"ls","tool_input":{}}', NOW))).toBe("oap.invalid_context");
    expect(code(policy.evaluateJson('{"tool_name":"bash","tool_input":{},"tool_input":{"command":"ls"}}', NOW))).toBe("oap.invalid_context");
  });

  it("random bytes never trap and never allow", () => {
    let seed = 12345;
    const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) & 0xff);
    for (let i = 0; i < 2000; i++) {
      const bytes = new Uint8Array(1 + (rand() % 200)).map(rand);
      const d = policy.evaluateBytes(bytes, NOW);
      expect(d.decision).toBe("deny");
      expect(code(d)).toBe("oap.invalid_context");
    }
  });

  it("still decides normally afterwards", () => {
    expect(policy.evaluateJson('{"tool_name":"bash","tool_input":{"command":"git status"}}', NOW).decision).toBe("allow");
  });
});

describe("memory", () => {
  it("stays flat over 1,000,000 evaluations after warm-up", () => {
    const { evaluator, policy, allowlist } = fresh();
    const requests = [
      '{"tool_name":"bash","tool_input":{"command":"git status"},"tool_call_id":"c1"}',
      '{"tool_name":"bash","tool_input":{"command":"curl evil"},"tool_call_id":"c2"}',
      '{"tool_name":"nope","tool_input":{}}',
      "not json",
    ];
    for (let i = 0; i < 20_000; i++) policy.evaluateJson(requests[i & 3], NOW);
    const before = evaluator.memoryBytes;
    for (let i = 0; i < 1_000_000; i++) {
      if (i % 5 === 0) allowlist.evaluateJson(requests[i & 3], NOW);
      else policy.evaluateJson(requests[i & 3], NOW);
    }
    expect(evaluator.memoryBytes).toBe(before);
  });

  it("garbage of denied calls is collected often enough to stay under a megabyte", () => {
    // Allowed commands allocate nothing and are collected 8,192 weights apart; a denial leaves its message
    // behind, so denials are collected 128 apart (weighed 3 MB when they counted like allowed calls).
    const { evaluator, policy } = fresh();
    const name = "x".repeat(3000);
    const denied = JSON.stringify({ tool_name: "bash", tool_input: { command: `${name} a; ${name} b` } });
    expect(policy.evaluateJson(denied, NOW).decision).toBe("deny");
    for (let i = 0; i < 20_000; i++) policy.evaluateJson(denied, NOW);
    expect(evaluator.memoryBytes).toBeLessThanOrEqual(1 << 20);
  });

  it("a caller cannot grow memory without bound with large allowed requests", () => {
    // 20,000 tool_input.env keys are 20,000 strings per call; counted by calls alone, 300 such calls grew
    // memory to 400 MB (1.6 GB when allowed calls counted 1): calls are weighed by their size too.
    const { evaluator, policy } = fresh();
    const env: Record<string, string> = {};
    for (let i = 0; i < 20_000; i++) env[`K${i}`] = "v";
    const request = JSON.stringify({ tool_name: "bash", tool_input: { command: "git status", env } });
    expect(policy.evaluateJson(request, NOW).decision).toBe("allow");
    for (let i = 0; i < 300; i++) policy.evaluateJson(request, NOW);
    expect(evaluator.memoryBytes).toBeLessThanOrEqual(32 << 20);
  });
});

describe("program tables", () => {
  it("the program tables made on an instance's first command decide alike whatever came before", () => {
    // The gates over the program rows (which programs have option lists that run code, which have a danger case)
    // are made by the first command's analysis, so an instance that judges only file, web or allowlist calls, or
    // only safety stops, never builds the rows. Until then each gate lets every program through to the check it
    // guards: the first command after other calls is decided as in a fresh instance, and the other calls as well.
    const readFile = '{"tool_name":"read_file","tool_input":{"path":"/workspace/src/index.ts"}}';
    const commands = [
      '{"tool_name":"bash","tool_input":{"command":"git status; git ls-remote --upl=/tmp/x origin"}}', // --upload-pack
      '{"tool_name":"bash","tool_input":{"command":"echo hi; rm -rf /"}}',
      '{"tool_name":"bash","tool_input":{"command":"git --version && echo ok"}}',
    ];
    const firstCommand = commands.map((command) => fresh().policy.evaluateJson(command, NOW));
    expect(firstCommand.map((d) => d.reasons[0]!.code)).toEqual(["oap.command_injection_detected", "oap.dangerous_operation", "oap.allowed"]);
    const afterOthers = commands.map((command) => {
      const { policy, allowlist } = fresh();
      policy.evaluateJson(readFile, NOW);
      allowlist.evaluateJson(readFile, NOW);
      return policy.evaluateJson(command, NOW);
    });
    expect(afterOthers).toEqual(firstCommand);
    const after = fresh();
    const fileFirst = after.policy.evaluateJson(readFile, NOW);
    after.policy.evaluateJson(commands[0]!, NOW);
    expect(after.policy.evaluateJson(readFile, NOW)).toEqual(fileFirst);
  });
});


describe("usage counters (a separate input beside the request)", () => {
  const messaging = JSON.parse(readFileSync(new URL("./vectors/policies/messaging.json", import.meta.url), "utf8"));
  const evaluator = Evaluator.createSync(wasm);
  const policy = evaluator.load(JSON.stringify({ type: "passport", passport: messaging }));
  const send = '{"tool_name":"send_message","tool_input":{"to":"alice@example.com","message":"hi"}}';

  it("without counters the core asks for them, and that reads as a deny", () => {
    const v = policy.judge(send, NOW);
    expect(v.needsUsage).toBe(true);
    expect(v.decision).toMatchObject({ decision: "deny", allow: false, reasons: [{ code: "oap.evaluator_error" }] });
    expect(v.usage).toEqual({ capability: "messaging.send", per_minute: 5, per_day: 100 });
  });

  it("with counters it decides, and an allow carries the charge", () => {
    const v = policy.judge(send, NOW, '{"calls_last_minute":4,"calls_today":99}');
    expect(v.needsUsage).toBe(false);
    expect(v.decision.decision).toBe("allow");
    expect(v.usage).toEqual({ capability: "messaging.send", per_minute: 5, per_day: 100 });
    expect(policy.judge(new TextEncoder().encode(send), NOW, '{"calls_today":100}').decision.reasons[0].code).toBe("oap.rate_limit_exceeded");
  });

  it("unusable counters deny with oap.evaluator_error, never read as zero", () => {
    for (const bad of ['{"calls_last_minute":"0"}', '{"calls_per_minute":0}', "x", "", '{"calls_today":1.5}', '{"calls_today":1e400}', `{"calls_today":0${" ".repeat(5000)}}`]) {
      const v = policy.judge(send, NOW, bad);
      expect(v.decision.decision, bad).toBe("deny");
      expect(v.decision.reasons[0].code, bad).toBe("oap.evaluator_error");
    }
  });

  it("a request that is not usage-limited ignores them", () => {
    const { policy: commands } = fresh();
    expect(commands.judge('{"tool_name":"bash","tool_input":{"command":"ls"}}', NOW, "{}")).toMatchObject({ needsUsage: false, usage: null });
  });

  it("memory stays flat with counters passed", () => {
    // Warm up on the same mix as below: the deny path's first run may grow the heap once.
    for (let i = 0; i < 5_000; i++) policy.judge(send, NOW, i & 1 ? '{"calls_last_minute":1}' : '{"calls_today":100}');
    const before = evaluator.memoryBytes;
    for (let i = 0; i < 200_000; i++) policy.judge(send, NOW, i & 1 ? '{"calls_last_minute":1}' : '{"calls_today":100}');
    expect(evaluator.memoryBytes).toBe(before);
  });
});

describe("traps", () => {
  it("deny with oap.evaluator_error, then the instance is rebuilt with its policies", () => {
    const { evaluator, policy } = fresh();
    // Wasm exports are frozen: swap in a copy whose evaluate traps, as a corrupted instance would.
    const holder = (evaluator as unknown as { wasm: { exports: Record<string, unknown> } }).wasm;
    const real = holder.exports.evaluate;
    holder.exports = {
      ...holder.exports,
      memory: holder.exports.memory,
      evaluate: () => {
        throw new WebAssembly.RuntimeError("unreachable");
      },
    };
    const d = policy.evaluateJson('{"tool_name":"bash","tool_input":{"command":"git status"}}', NOW);
    expect(d.decision).toBe("deny");
    expect(d.reasons[0].code).toBe("oap.evaluator_error");
    expect(real).toBeTypeOf("function");
    // The rebuilt instance has fresh exports and the policy reloaded under its handle.
    const after = policy.evaluateJson('{"tool_name":"bash","tool_input":{"command":"git status"}}', NOW);
    expect(after.decision).toBe("allow");
  });
});

describe("policy loading", () => {
  it("reports every problem with a JSON pointer", () => {
    const evaluator = Evaluator.createSync(wasm);
    const bad = {
      type: "passport",
      passport: {
        ...passport,
        expires_at: "next tuesday",
        limits: { "system.command.execute": { alowed_commands: ["ls"] } },
      },
      tool_map: { my_tool: "Not A Capability" },
    };
    try {
      evaluator.load(JSON.stringify(bad));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CoreError);
      const paths = (error as CoreError).issues.map((i) => i.path).sort();
      expect(paths).toEqual(["/passport/expires_at", "/passport/limits/system.command.execute/alowed_commands", "/tool_map/my_tool"]);
    }
  });

  it("loads limits blocks for capabilities it does not enforce, and APort's flat keys", () => {
    const evaluator = Evaluator.createSync(wasm);
    const loose = { ...passport, limits: { ...passport.limits, "payments.payout": { anything: 1 }, msgs_per_min: 5 } };
    expect(() => evaluator.load(JSON.stringify({ type: "passport", passport: loose }))).not.toThrow();
  });

  it("keeps several policies side by side", () => {
    const { policy, allowlist } = fresh();
    const req = '{"tool_name":"read_file","tool_input":{"path":"/workspace/a"}}';
    expect(allowlist.evaluateJson(req, NOW).reasons[0].code).toBe("oap.tool_not_allowed");
    expect(policy.evaluateJson(req, NOW).decision).toBe("allow");
  });

  it("a freed handle denies instead of allowing", () => {
    const { policy } = fresh();
    policy.free();
    const d = policy.evaluateJson('{"tool_name":"bash","tool_input":{"command":"git status"}}', NOW);
    expect(d.decision).toBe("deny");
    expect(d.reasons[0].code).toBe("oap.evaluator_error");
  });
});

describe("determinism", () => {
  it("decides a request the same whatever was decided before it", () => {
    // The built-in checks once took mktemp's trust from the previous script: a shadowed mktemp then let
    // `rm -rf *` in the directory it printed through, and the real one was denied after a shadowed one.
    const star = JSON.parse(readFileSync(new URL("./vectors/policies/commands-star.json", import.meta.url), "utf8"));
    const document = JSON.stringify({ type: "passport", passport: star, workspace_root: "/workspace" });
    const request = (command: string) => JSON.stringify({ tool_name: "bash", tool_input: { command, cwd: "/workspace/app" } });
    const shadowed = request('mktemp() { echo /; }; cd "$(mktemp -d)" && rm -rf *');
    const real = request('cd "$(mktemp -d)" && rm -rf *');
    const decide = (...requests: string[]) => {
      const policy = Evaluator.createSync(wasm).load(document);
      return requests.map((r) => policy.evaluateJson(r, NOW).decision);
    };
    expect(decide(shadowed)).toEqual(["deny"]);
    expect(decide(real, shadowed)).toEqual(["allow", "deny"]);
    expect(decide(real)).toEqual(["allow"]);
    expect(decide(shadowed, real)).toEqual(["deny", "allow"]);
    // State the built-in checks set per script (HOME written, a symlink made) must not outlive it.
    const withHome = JSON.stringify({ type: "passport", passport: star, workspace_root: "/workspace", home: "/home/agent" });
    const decideHome = (...requests: string[]) => {
      const policy = Evaluator.createSync(wasm).load(withHome);
      return requests.map((r) => policy.evaluateJson(r, NOW).decision);
    };
    const homeSet = request("HOME=/; rm -rf ~/etc"), homeKept = request("rm -rf ~/etc");
    const linked = request("ln -s / x; rm -rf x/*"), unlinked = request("rm -rf x/*");
    expect(decideHome(homeSet, homeKept, linked, unlinked)).toEqual(["deny", "allow", "deny", "allow"]);
    expect(decideHome(homeKept, homeSet, unlinked, linked)).toEqual(["allow", "deny", "allow", "deny"]);
  });

  it("gives byte-identical decisions across instances", () => {
    const a = fresh().policy;
    const b = fresh().policy;
    const reqs = ['{"tool_name":"bash","tool_input":{"command":"git status"}}', '{"tool_name":"x"}', "{", '{"tool_name":"bash","tool_input":{"command":"rm -rf /"}}'];
    for (const r of reqs) expect(JSON.stringify(a.evaluateJson(r, NOW))).toBe(JSON.stringify(b.evaluateJson(r, NOW)));
  });
});
