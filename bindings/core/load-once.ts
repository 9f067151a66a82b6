/**
 * @module
 * A module imported on first use, once: the runtime entries leave what only an async call reaches out of their
 * static chunks (tsup.config.ts), and the callers that need it share one import. A failed import (a file missing
 * beside the entry, a network error in a browser) is not remembered, so the next call tries again.
 */

export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
