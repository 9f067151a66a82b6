// The effects rows of the programs whose file and network effects the
// passport's scopes judge (readers.ts, writers.ts, network.ts), looked up by
// command name.

import { EffectRow } from "./effect-rule";
import { READERS } from "./readers";
import { WRITERS } from "./writers";
import { NETWORK } from "./network";


let byName: Map<string, EffectRow> | null = null;

function register(map: Map<string, EffectRow>, rows: Array<EffectRow>): void {
  for (let i = 0; i < rows.length; i++) {
    const names = rows[i].names;
    for (let k = 0; k < names.length; k++) map.set(names[k], rows[i]);
  }
}

/** The effects row of a command (its lower-case basename), or null. */
export function effectRowOf(name: string): EffectRow | null {
  let map = byName;
  if (map === null) {
    map = new Map<string, EffectRow>();
    register(map, READERS);
    register(map, WRITERS);
    register(map, NETWORK);
    byName = map;
  }
  return map.has(name) ? map.get(name) : null;
}
