/**
 * Finds the next occurrence of one byte value at or after a position, with the built-in
 * `indexOf` (much faster than a loop over long quoted strings) and a cache, so scanning forward
 * through a text never searches the same stretch twice, even when the byte is rare or absent.
 */
export class ByteFinder {
  /** The first occurrence at or after {@link from} ({@link end} when there is none). */
  private found = -1;
  /**
   * Where the search for {@link found} started. An integer from the start, no "never searched"
   * mark such as Infinity: found = -1 already makes the first call search, and a field read for
   * every quoted word stays one plain number.
   */
  private from = 0;

  /** @param bytes the bytes, or anything that searches them the same way (SourceText.searchable) */
  constructor(
    private readonly bytes: { indexOf(value: number, from?: number): number },
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
