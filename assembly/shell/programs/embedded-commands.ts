// The commands a program inside a command's words runs (sed's `e command`, awk's `system("…")`): where
// their texts lie in the word, or `dynamic` when some cannot be read (the caller then denies).

const MAX_COMMANDS: i32 = 16;

export class EmbeddedCommands {
  dynamic: bool = false;
  count: i32 = 0;
  starts: StaticArray<i32> = new StaticArray<i32>(MAX_COMMANDS);
  lens: StaticArray<i32> = new StaticArray<i32>(MAX_COMMANDS);

  reset(): void {
    this.dynamic = false;
    this.count = 0;
  }

  /** One more command text; past MAX_COMMANDS the program counts as one we cannot see. */
  add(start: i32, len: i32): void {
    if (this.count == MAX_COMMANDS) { this.dynamic = true; return; }
    this.starts[this.count] = start;
    this.lens[this.count] = len;
    this.count++;
  }
}

/** Index of the first byte `c` in (p, n), or -1. */
export function byteIndex(p: usize, n: i32, c: u32): i32 {
  for (let i = 0; i < n; i++) if (<u32>load<u8>(p + <usize>i) == c) return i;
  return -1;
}
