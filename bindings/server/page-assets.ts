/**
 * @module
 * The approval page's files (about 16 KB), imported on the first request for them: the default entry leaves them
 * out of its file and loads the sibling module `approval-page.js` then; Node entries bundle them.
 */

import type { PAGE_ASSETS } from "./page.ts";

let assets: Promise<typeof PAGE_ASSETS> | null = null;

export function loadPageAssets(): Promise<typeof PAGE_ASSETS> {
  assets ??= import("./page.ts").then(
    (page) => page.PAGE_ASSETS,
    (error) => {
      assets = null; // a later request may retry
      throw error;
    },
  );
  return assets;
}
