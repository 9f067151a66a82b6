#!/usr/bin/env node
import { provideWasm } from "../core/shared.ts";
import { decodeBase64 } from "../core/base64.ts";
import { POLICY_WASM_BASE64 } from "../core/generated/policy-wasm.ts";
import { provideSanitizerWasm } from "../sanitize/shared.ts";
import { SANITIZE_WASM_BASE64 } from "../sanitize/generated/sanitize-wasm.ts";
import { main } from "./main.ts";

provideWasm(() => decodeBase64(POLICY_WASM_BASE64));
provideSanitizerWasm(() => decodeBase64(SANITIZE_WASM_BASE64));

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`portcullis: internal error: ${error?.stack ?? error}\n`);
    process.exitCode = 2;
  },
);
