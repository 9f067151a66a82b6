// A growable list of strings, reset in place: the effects list adds one or two per effect of every decision,
// and an Array's push calls out to grow (and check) on each. Read and written by index, as an Array is.

export class StringList {
  private data: StaticArray<string>;
  length: i32 = 0;

  constructor(capacity: i32 = 16) {
    this.data = new StaticArray<string>(capacity);
  }

  reset(): void {
    this.length = 0;
  }

  push(value: string): void {
    let data = this.data;
    const n = this.length;
    if (n == data.length) {
      const grown = new StaticArray<string>(n * 2 + 4);
      for (let i = 0; i < n; i++) unchecked(grown[i] = data[i]); // i < n <= both lengths
      this.data = grown;
      data = grown;
    }
    unchecked(data[n] = value); // n < length
    this.length = n + 1;
  }

  @operator("[]") get(i: i32): string {
    if (<u32>i >= <u32>this.length) throw new RangeError("StringList: index out of range");
    return unchecked(this.data[i]);
  }

  @operator("[]=") set(i: i32, value: string): void {
    if (<u32>i >= <u32>this.length) throw new RangeError("StringList: index out of range");
    unchecked(this.data[i] = value);
  }
}
