/**
 * @module
 * Tests only: a WasmSafetyCore over real wasm. Uses build/policy.wasm once
 * it exports the safety ABI; until then compiles assembly/safety/abi.ts
 * behind a small entry (the same glue assembly/index.ts gets).
 */

import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { hasSafetyExports, WasmSafetyCore } from "./core.ts";

const ROOT = resolve(import.meta.dirname, "../..");
let bytes: Uint8Array | null = null;

export function safetyWasm(): Uint8Array {
  if (bytes) return bytes;
  const built = join(ROOT, "build/policy.wasm");
  if (existsSync(built)) {
    const candidate = readFileSync(built);
    if (hasSafetyExports(new WebAssembly.Instance(new WebAssembly.Module(candidate), {}).exports)) return (bytes = candidate);
  }
  const dir = mkdtempSync(join(tmpdir(), "portcullis-safety-"));
  const rel = (p: string) => relative(dir, join(ROOT, p)).replaceAll("\\", "/");
  writeFileSync(join(dir, "entry.ts"), `
import { ByteBuffer } from "${rel("assembly/util/bytes")}";
import { safetyLoad as load, safetyDetect as detect, safetyFree as free } from "${rel("assembly/safety/abi")}";
import { SAFETY_ABI_VERSION } from "${rel("assembly/abi.generated")}";
const input = new ByteBuffer(4096);
const output = new ByteBuffer(4096);
export function inputPtr(size: i32): usize { if (size > input.data.length) { input.reset(); input.ensure(size); } return input.ptr; }
export function inputCapacity(): i32 { return input.data.length; }
export function outputPtr(): usize { return output.ptr; }
export function safetyLoad(len: i32): i32 { return load(input, len, output); }
export function safetyDetect(handle: i32, len: i32, shape: i32): i32 { return detect(handle, input, len, output, shape); }
export function safetyFree(handle: i32): void { free(handle); }
export function safetyAbiVersion(): i32 { return SAFETY_ABI_VERSION; }
`);
  execFileSync(join(ROOT, "node_modules/.bin/asc"), [join(dir, "entry.ts"), "--config", join(ROOT, "asconfig.json"), "--target", "release", "-o", join(dir, "safety.wasm")], { cwd: ROOT, stdio: "pipe" });
  return (bytes = readFileSync(join(dir, "safety.wasm")));
}

export function testCore(config: object | null = null): WasmSafetyCore {
  return WasmSafetyCore.createSync(safetyWasm(), config);
}
