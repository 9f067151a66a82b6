// A seeded xorshift32 generator for the differential specs: the same
// "random" inputs on every run, so a failure names a round that repeats.
export class XorShift {
  constructor(private state: u32) {}

  next(): u32 {
    let x = this.state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    this.state = x;
    return x;
  }
}
