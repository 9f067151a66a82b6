/**
 * @module
 * loadGuardFromText as the default entry exports it: the config machinery (guard-from-text.ts and the sections
 * only it reads) is imported on the first call, so an agent that builds its providers in code never loads it.
 */

import type { LoadedGuard, TextLoadOptions } from "./guard-from-text.ts";

/** Turn a config (or a bare passport) given as text into a ready Guard (guard-from-text.ts). */
export async function loadGuardFromText(source: string, options: TextLoadOptions = {}): Promise<LoadedGuard> {
  return (await import("./guard-from-text.ts")).loadGuardFromText(source, options);
}
