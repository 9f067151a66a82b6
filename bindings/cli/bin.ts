/**
 * @module
 * The CLI's start (launch.ts imports it): where the wasm modules come from, then `main`.
 */
import { readFileSync } from "node:fs";
import { provideWasm } from "../core/shared.ts";
import { inlinePolicyWasm } from "../core/inline-policy-wasm.ts";
import { provideSanitizerWasm } from "../sanitize/shared.ts";
import { inlineSanitizeWasm } from "../core/inline-sanitize-wasm.ts";
import { provideSchemaValidators } from "../config/index.ts";
import * as schemaValidators from "../config/schema/index.ts";
import { main } from "./main.ts";
import { exitOnClosedPipe } from "./write-out.ts";

// The package ships policy.wasm beside the bundle: reading it skips the inlined copy's base64 and inflate, which a
// process per call pays every time. Without that file (a bundle copied elsewhere) the inlined copy serves.
provideWasm(() => {
  try {
    return readFileSync(new URL("./policy.wasm", import.meta.url));
  } catch {
    return inlinePolicyWasm();
  }
});
provideSanitizerWasm(inlineSanitizeWasm);
provideSchemaValidators(schemaValidators);
exitOnClosedPipe(process.stdout);

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`portcullis: internal error: ${error?.stack ?? error}\n`);
    process.exitCode = 2;
  },
);
