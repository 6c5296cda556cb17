/**
 * Finds the next occurrence of one byte value at or after a position, with the engine's
 * `indexOf` (much faster than a loop over long quoted strings) and a cache, so scanning forward
 * through a text never searches the same stretch twice, even when the byte is rare or absent.
 */
export class ByteFinder {
  /** The first occurrence at or after {@link from} ({@link end} when there is none). */
  private found = -1;
  private from = Number.MAX_SAFE_INTEGER;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly end: number,
    private readonly value: number,
  ) {}

  /** The offset of the first `value` at or after `p` and before the end, or the end. */
  next(p: number): number {
    if (p < this.from || p > this.found) {
      const i = this.bytes.indexOf(this.value, p);
      this.found = i < 0 || i > this.end ? this.end : i;
      this.from = p;
    }
    return this.found;
  }
}
