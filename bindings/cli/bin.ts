/**
 * @module
 * The CLI's start (launch.ts imports it): where the wasm modules come from, then `main`.
 */
import { existsSync, readFileSync } from "node:fs";
import { provideWasm } from "../core/shared.ts";
import { provideSanitizerWasm } from "../sanitize/shared.ts";
import { main } from "./main.ts";
import { exitOnClosedPipe } from "./write-out.ts";

// The package ships policy.wasm and sanitize.wasm beside the bundle: reading them skips the inlined copies' base64
// and inflate, which a process per call pays every time; the inlined copies (~290 KB of chunk to parse) are imported
// only when a file is missing (a bundle copied elsewhere).
const beside = (name: string) => new URL(`./${name}`, import.meta.url);
const fromFile = (name: string) => () => readFileSync(beside(name));
provideWasm(existsSync(beside("policy.wasm")) ? fromFile("policy.wasm") : (await import("../core/inline-policy-wasm.ts")).inlinePolicyWasm);
provideSanitizerWasm(existsSync(beside("sanitize.wasm")) ? fromFile("sanitize.wasm") : (await import("../core/inline-sanitize-wasm.ts")).inlineSanitizeWasm);
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
