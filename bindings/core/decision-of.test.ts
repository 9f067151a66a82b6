// decisionOf builds a decision as one object literal per set of keys; it replaced code that built one literal and
// then added policy_id, metadata and a spread obligations object. This differential test keeps that code as the
// reference: over every combination of header fields (and random ones) both give the same object with its keys in
// the same order (JSON.stringify compares the order, toStrictEqual the values). The header itself is read with
// typed-array loads where aligned (WasmInstance.u32At/f64At): checked against DataView at aligned and unaligned
// addresses, and with the typed views gone, as on a big-endian host.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { decisionOf, type DecisionFields } from "./decision-of.ts";
import type { Decision, DecisionKind, Obligation } from "./decision.ts";
import { POLICY_ABI } from "./abi.ts";
import { WasmInstance } from "./wasm-instance.ts";

/** The construction decisionOf replaced, kept verbatim in its logic. */
function reference(f: DecisionFields): Decision {
  const KINDS: DecisionKind[] = ["allow", "deny", "ask", "deny"];
  const kind = KINDS[f.kindId] ?? "deny";
  const reasons = [{ code: f.code, message: f.message }];
  const { policyId, capability, rule } = f;
  const decision: Decision = policyId && capability
    ? { decision: kind, allow: kind === "allow", reasons, rule, policy_id: policyId, metadata: { capability } }
    : { decision: kind, allow: kind === "allow", reasons, rule };
  if (policyId && !capability) decision.policy_id = policyId;
  else if (capability && !policyId) decision.metadata = { capability };
  if (f.obligationKind !== 0) {
    const obligation: Obligation | null = f.obligationKind === 1 ? { type: "max_execution_time", seconds: f.obligationValue }
      : f.obligationKind === 2 ? { type: "max_export_rows", rows: f.obligationValue } : null;
    if (obligation === null) {
      decision.decision = "deny";
      decision.allow = false;
      decision.reasons = [{ code: "oap.evaluator_error", message: `policy.wasm reported an unknown obligation kind ${f.obligationKind}` }];
    } else {
      decision.metadata = { ...(decision.metadata ?? {}), obligations: [obligation] };
    }
  }
  return decision;
}

function same(fields: DecisionFields): void {
  const ours = decisionOf(fields);
  const theirs = reference(fields);
  expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
  expect(ours).toStrictEqual(theirs);
}

describe("decisionOf", () => {
  it("matches the code it replaced on every combination of header fields", () => {
    let cases = 0;
    for (const kindId of [0, 1, 2, 3, 4, 7, 0xffffffff]) {
      for (const policyId of ["", "system.command.execute.v1"]) {
        for (const capability of ["", "system.command.execute"]) {
          for (const obligationKind of [0, 1, 2, 3, 99, 0xffffffff]) {
            for (const obligationValue of [300, 0, 1.5, -1]) {
              for (const [code, message, rule] of [["oap.allowed", "", "/limits/x"], ["oap.command_blocked", "no 'rm'", ""]]) {
                same({ kindId, code, message, rule, policyId, capability, obligationKind, obligationValue });
                cases++;
              }
            }
          }
        }
      }
    }
    expect(cases).toBe(7 * 2 * 2 * 6 * 4 * 2);
  });

  it("matches it on random headers", () => {
    let seed = 12345;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    const pick = <T>(xs: T[]) => xs[next() % xs.length]!;
    for (let i = 0; i < 2000; i++) {
      same({
        kindId: pick([0, 1, 2, 3, next()]), code: pick(["oap.allowed", "oap.denied", ""]), message: pick(["", "m", "a \"quoted\" one"]),
        rule: pick(["", "/allowed_tools/0", "builtin:dangerous_operation"]), policyId: pick(["", "p", "p.v2"]),
        capability: pick(["", "c", "web.fetch"]), obligationKind: pick([0, 1, 2, next()]), obligationValue: next() / 7,
      });
    }
  });

  it("an unknown obligation kind denies, whatever the core decided", () => {
    const decision = decisionOf({ kindId: 0, code: "oap.allowed", message: "", rule: "/r", policyId: "p", capability: "c", obligationKind: 5, obligationValue: 1 });
    expect(decision).toStrictEqual({
      decision: "deny", allow: false, reasons: [{ code: "oap.evaluator_error", message: "policy.wasm reported an unknown obligation kind 5" }],
      rule: "/r", policy_id: "p", metadata: { capability: "c" },
    });
  });
});

describe("WasmInstance header reads", () => {
  const module = new WebAssembly.Module(readFileSync(join(import.meta.dirname, "../../build/policy.wasm")));

  function check(wasm: WasmInstance<ReturnType<typeof POLICY_ABI.check>>): void {
    const base = wasm.exports.outputPtr();
    const bytes = wasm.views();
    let seed = 99;
    for (let i = 0; i < 256; i++) bytes[base + i] = (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24;
    const dv = new DataView(bytes.buffer);
    for (let ptr = base; ptr < base + 200; ptr++) {
      expect(wasm.u32At(ptr)).toBe(dv.getUint32(ptr, true));
      expect(Object.is(wasm.f64At(ptr), dv.getFloat64(ptr, true))).toBe(true);
    }
  }

  it("read what DataView reads, aligned or not", () => {
    const wasm = new WasmInstance(module, POLICY_ABI);
    expect(wasm.u32).not.toBeNull();
    check(wasm);
  });

  it("read the grown memory after it grew (the views are rebuilt)", () => {
    const wasm = new WasmInstance(module, POLICY_ABI);
    const before = wasm.memoryBytes;
    wasm.reserve(before * 2);
    expect(wasm.memoryBytes).toBeGreaterThan(before);
    check(wasm);
  });

  it("fall back to DataView without the typed views (a big-endian host)", () => {
    const wasm = new WasmInstance(module, POLICY_ABI);
    wasm.u32 = null;
    wasm.f64 = null;
    check(wasm);
  });
});
