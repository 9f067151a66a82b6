// The wasm ABIs: generated from one description (scripts/abi.json) into the core and the bindings, and checked at
// instantiation — a module speaking another version of any of the three ABIs is refused with a clear error.
import { describe, expect, it } from "vitest";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CoreError, checkExports, DECISION_HEADER_BYTES, ABI_VERSION } from "./abi.ts";
import { POLICY_ABI_VERSION, SAFETY_ABI_VERSION, SANITIZE_ABI_VERSION } from "./abi.generated.ts";
import { Evaluator } from "./evaluator.ts";
import { checkSafetyExports, WasmSafetyCore } from "../safety/core.ts";
import { checkSanitizeExports, SanitizeError } from "../sanitize/abi.ts";
import { Sanitizer } from "../sanitize/sanitizer.ts";

const ROOT = join(import.meta.dirname, "../..");
const policyWasm = readFileSync(join(ROOT, "build/policy.wasm"));
const sanitizeWasm = readFileSync(join(ROOT, "build/sanitize.wasm"));
const policyExports = () => new WebAssembly.Instance(new WebAssembly.Module(policyWasm), {}).exports;
const sanitizeExports = () => new WebAssembly.Instance(new WebAssembly.Module(sanitizeWasm), {}).exports;

describe("generated ABI constants", () => {
  it("are what scripts/abi.json describes (gen-abi --check)", () => {
    expect(() => execFileSync(process.execPath, [join(ROOT, "scripts/gen-abi.mjs"), "--check"], { stdio: "pipe" })).not.toThrow();
  });

  it("--check fails once the description and the generated files disagree", () => {
    const dir = mkdtempSync(join(tmpdir(), "portcullis-abi-"));
    for (const file of ["scripts/gen-abi.mjs", "assembly/abi.generated.ts", "bindings/core/abi.generated.ts"]) {
      mkdirSync(join(dir, file, ".."), { recursive: true });
      cpSync(join(ROOT, file), join(dir, file));
    }
    const abi = JSON.parse(readFileSync(join(ROOT, "scripts/abi.json"), "utf8"));
    abi.safety.version += 1;
    writeFileSync(join(dir, "scripts/abi.json"), JSON.stringify(abi));
    const run = spawnSync(process.execPath, [join(dir, "scripts/gen-abi.mjs"), "--check"], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/assembly\/abi\.generated\.ts, bindings\/core\/abi\.generated\.ts are not what scripts\/abi\.json describes/);
  });

  it("match what the built modules report", () => {
    const policy = policyExports() as unknown as { abiVersion(): number; safetyAbiVersion(): number };
    expect(policy.abiVersion()).toBe(POLICY_ABI_VERSION);
    expect(policy.safetyAbiVersion()).toBe(SAFETY_ABI_VERSION);
    expect((sanitizeExports() as unknown as { abiVersion(): number }).abiVersion()).toBe(SANITIZE_ABI_VERSION);
    expect(ABI_VERSION).toBe(POLICY_ABI_VERSION);
  });

  it("the decision header length is where the core writes the message", () => {
    const evaluator = Evaluator.createSync(policyWasm);
    const policy = evaluator.load(JSON.stringify({ type: "allowlist", allowed_tools: ["bash"] }));
    const decision = policy.evaluateJson(JSON.stringify({ tool_name: "curl", tool_input: {} }), 0);
    expect(decision.decision).toBe("deny");
    expect(decision.reasons[0].message).toMatch(/^[A-Za-z'"]/); // a header byte off would start it mid-field
    expect(DECISION_HEADER_BYTES).toBe(40);
  });
});

describe("a module speaking another ABI version is refused", () => {
  it("policy", () => {
    const patched = { ...policyExports(), abiVersion: () => POLICY_ABI_VERSION + 1 };
    expect(() => checkExports(patched)).toThrow(CoreError);
    expect(() => checkExports(patched)).toThrow(`policy.wasm speaks ABI ${POLICY_ABI_VERSION + 1}; these bindings need ${POLICY_ABI_VERSION}`);
    expect(() => checkExports(policyExports())).not.toThrow();
  });

  it("safety", () => {
    const patched = { ...policyExports(), safetyAbiVersion: () => SAFETY_ABI_VERSION + 1 };
    expect(() => checkSafetyExports(patched)).toThrow(CoreError);
    expect(() => checkSafetyExports(patched)).toThrow(`policy.wasm (safety detectors) speaks ABI ${SAFETY_ABI_VERSION + 1}; these bindings need ${SAFETY_ABI_VERSION}`);
    expect(() => checkSafetyExports(policyExports())).not.toThrow();
  });

  it("sanitize", () => {
    const patched = { ...sanitizeExports(), abiVersion: () => SANITIZE_ABI_VERSION + 1 };
    expect(() => checkSanitizeExports(patched)).toThrow(SanitizeError);
    expect(() => checkSanitizeExports(patched)).toThrow(`sanitize.wasm speaks ABI ${SANITIZE_ABI_VERSION + 1}; these bindings need ${SANITIZE_ABI_VERSION}`);
  });

  it("a module without an ABI's exports is refused by name, by every class", () => {
    expect(() => Evaluator.createSync(sanitizeWasm)).toThrow(/policy.wasm lacks the export 'maxRequestBytes'/);
    expect(() => WasmSafetyCore.createSync(sanitizeWasm)).toThrow(/policy.wasm \(safety detectors\) lacks the export 'safetyAbiVersion'/);
    expect(() => Sanitizer.createSync(policyWasm)).toThrow(/sanitize.wasm lacks the export 'unicodeVersion'/);
  });

  it("bytes that are not wasm fail to compile with the ABI's own error", () => {
    const junk = new Uint8Array([0, 97, 115, 109, 9, 9, 9, 9]);
    expect(() => Evaluator.createSync(junk)).toThrow(/could not compile policy.wasm/);
    expect(() => Sanitizer.createSync(junk)).toThrow(SanitizeError);
  });
});
