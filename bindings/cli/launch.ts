#!/usr/bin/env node
/**
 * @module
 * The `portcullis` executable (dist/cli.js): a process per call (hooks, `portcullis check`), so start-up is most of
 * its cost. Node 22.1+ keeps V8's compiled code of the modules loaded from here on in its compile cache
 * (NODE_COMPILE_CACHE picks the directory, NODE_DISABLE_COMPILE_CACHE turns it off); older Node has no such cache
 * and runs the same code. The CLI itself is imported after that, so that it is what the cache holds.
 */
import * as nodeModule from "node:module";

const enableCompileCache = (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache;
try {
  if (typeof enableCompileCache === "function") enableCompileCache();
} catch {
  // A cache directory that cannot be written only costs speed.
}
try {
  await import("./bin.ts");
} catch (error) {
  // A missing or broken chunk of an installed package: exit 2, which hooks read as "block", as bin.ts does for an
  // internal error (Node's own exit code for it, 1, lets some agents run the call).
  process.stderr.write(`portcullis: internal error: ${(error as Error)?.stack ?? error}\n`);
  process.exitCode = 2;
}
