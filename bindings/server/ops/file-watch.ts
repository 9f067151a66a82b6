/**
 * @module
 * Watch a few files for edits: fs.watch on their directories (an editor
 * that saves by writing a new file and renaming it over the old one
 * replaces the inode a file watch would follow), filtered by name, and
 * debounced so one save — often several events — triggers one change.
 */

import { watch, type FSWatcher } from "node:fs";
import { basename, dirname, resolve } from "node:path";

export interface FileWatch {
  /** Watch these files instead (a reloaded policy may name other passports). */
  update(files: readonly string[]): void;
  close(): void;
}

export function watchFiles(files: readonly string[], onChange: () => void, debounceMs = 200): FileWatch {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watchers: FSWatcher[] = [];
  const fire = () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, debounceMs);
  };
  const start = (list: readonly string[]) => {
    const byDir = new Map<string, Set<string>>();
    for (const file of list.map((f) => resolve(f))) {
      const names = byDir.get(dirname(file)) ?? new Set<string>();
      names.add(basename(file));
      byDir.set(dirname(file), names);
    }
    watchers = [...byDir].map(([dir, names]) => {
      const watcher = watch(dir, { persistent: false }, (_event, name) => {
        // Some platforms omit the name: then any change in the directory counts.
        if (name === null || names.has(String(name))) fire();
      });
      watcher.on("error", () => {}); // a directory that goes away: the next update() watches again
      return watcher;
    });
  };
  start(files);
  return {
    update(list) {
      for (const w of watchers) w.close();
      start(list);
    },
    close() {
      clearTimeout(timer);
      for (const w of watchers) w.close();
      watchers = [];
    },
  };
}
