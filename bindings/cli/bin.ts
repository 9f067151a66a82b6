#!/usr/bin/env node
import { provideWasm } from "../core/shared.ts";
import { inlinePolicyWasm } from "../core/inline-policy-wasm.ts";
import { main } from "./main.ts";

provideWasm(inlinePolicyWasm);

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`portcullis: internal error: ${error?.stack ?? error}\n`);
    process.exitCode = 2;
  },
);
