// A small seeded PRNG (mulberry32): fuzz runs must be reproducible from their seed.
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** Uniform 32-bit unsigned integer. */
  u32(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }
  /** Integer in [0, n). */
  below(n: number): number {
    return n <= 0 ? 0 : this.u32() % n;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)];
  }
  chance(p: number): boolean {
    return this.u32() / 0x100000000 < p;
  }
}
