#!/usr/bin/env node
import { provideWasm } from "../core/shared.ts";
import { inlinePolicyWasm } from "../core/inline-policy-wasm.ts";
import { provideSanitizerWasm } from "../sanitize/shared.ts";
import { inlineSanitizeWasm } from "../core/inline-sanitize-wasm.ts";
import { provideSchemaValidators } from "../config/index.ts";
import * as schemaValidators from "../config/schema/index.ts";
import { main } from "./main.ts";
import { exitOnClosedPipe } from "./write-out.ts";

provideWasm(inlinePolicyWasm);
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
