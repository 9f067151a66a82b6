/**
 * @module
 * The CLI's start (launch.ts imports it): where the wasm modules come from, then `main`.
 */
import { provideWasm } from "../core/shared.ts";
import { wasmBeside } from "../core/index.ts";
import { POLICY_WASM_FILE } from "../core/generated/policy-wasm-file.ts";
import { SANITIZE_WASM_FILE } from "../core/generated/sanitize-wasm-file.ts";
import { provideSanitizerWasm } from "../sanitize/shared.ts";
import { main } from "./main.ts";
import { exitOnClosedPipe } from "./write-out.ts";

// The package ships policy.wasm and sanitize.wasm beside the bundle, named by their digests: reading them skips the
// inlined copies' base64 and inflate, which a process per call pays every time; the inlined copies (~290 KB of chunk
// to parse) are imported only when a file is missing (a bundle copied elsewhere).
const policy = wasmBeside(POLICY_WASM_FILE);
provideWasm(policy !== null ? () => policy : (await import("../core/inline-policy-wasm.ts")).inlinePolicyWasm);
const sanitizer = wasmBeside(SANITIZE_WASM_FILE);
provideSanitizerWasm(sanitizer !== null ? () => sanitizer : (await import("../core/inline-sanitize-wasm.ts")).inlineSanitizeWasm);
// The schema validators (~170 KB) are not provided here: loadGuardFromText imports them on its first config, so
// `--help`, `sanitize`, `detect` and rule-file hooks never load them.
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
