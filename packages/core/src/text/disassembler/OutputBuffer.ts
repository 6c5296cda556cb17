const utf8 = new TextDecoder('utf-8');
const utf8Strict = new TextDecoder('utf-8', { fatal: true });

/**
 * The disassembly under construction, as UTF-8 bytes in one growing array. Writing characters
 * and digits straight into bytes, instead of concatenating a string per line, leaves almost
 * nothing for the garbage collector, which otherwise costs more than the printing itself on a
 * large module; the text is decoded once at the end.
 */
export class OutputBuffer {
  private bytes: Uint8Array;
  /** Bytes written so far; setting it lower takes back what was written after that point. */
  length = 0;

  constructor(capacity = 1 << 16) {
    this.bytes = new Uint8Array(Math.max(capacity, 64));
  }

  /** Appends a string of ASCII characters (names, keywords, numbers formatted elsewhere). */
  ascii(s: string): void {
    const n = s.length;
    if (this.length + n > this.bytes.length) this.grow(n);
    const bytes = this.bytes;
    let at = this.length;
    for (let i = 0; i < n; i++) bytes[at++] = s.charCodeAt(i);
    this.length = at;
  }

  /** Inserts a string of ASCII characters at byte `at`, moving what follows (rare: colors inside a quoted string). */
  insertAscii(at: number, s: string): void {
    const n = s.length;
    if (this.length + n > this.bytes.length) this.grow(n);
    const bytes = this.bytes;
    bytes.copyWithin(at + n, at, this.length);
    for (let i = 0; i < n; i++) bytes[at + i] = s.charCodeAt(i);
    this.length += n;
  }

  /** Appends one byte. */
  byte(b: number): void {
    if (this.length === this.bytes.length) this.grow(1);
    this.bytes[this.length++] = b;
  }

  /** Appends `count` copies of a byte (indentation: a few bytes, so a loop beats `fill`). */
  repeat(b: number, count: number): void {
    if (count <= 0) return;
    if (this.length + count > this.bytes.length) this.grow(count);
    const bytes = this.bytes;
    let at = this.length;
    const end = at + count;
    while (at < end) bytes[at++] = b;
    this.length = end;
  }

  /** Appends an unsigned 32-bit integer in decimal, without building a string. */
  uint(value: number): void {
    let v = value >>> 0;
    const digits = decimalDigits(v);
    if (this.length + digits > this.bytes.length) this.grow(digits);
    const bytes = this.bytes;
    let at = this.length + digits;
    this.length = at;
    do {
      const q = (v / 10) | 0; // below 2^29, so | 0 truncates exactly
      bytes[--at] = 48 + v - q * 10;
      v = q;
    } while (v !== 0);
  }

  /**
   * Room for `n` more bytes: returns the array to write them into from index {@link length};
   * the caller then advances `length` past what it wrote.
   */
  reserve(n: number): Uint8Array {
    if (this.length + n > this.bytes.length) this.grow(n);
    return this.bytes;
  }

  /** Appends `value` as exactly 8 lower-case hex digits. */
  hex8(value: number): void {
    if (this.length + 8 > this.bytes.length) this.grow(8);
    const bytes = this.bytes;
    const v = value >>> 0;
    for (let i = 0; i < 8; i++) {
      const d = (v >>> (28 - 4 * i)) & 0xf;
      bytes[this.length++] = d < 10 ? 48 + d : 87 + d;
    }
  }

  /** Whether the bytes from `start` on are valid UTF-8. */
  isUtf8From(start: number): boolean {
    try {
      utf8Strict.decode(this.bytes.subarray(start, this.length));
      return true;
    } catch {
      return false;
    }
  }

  /** The text written from byte `start` on. */
  textFrom(start: number): string {
    return utf8.decode(this.bytes.subarray(start, this.length));
  }

  /** The bytes written so far (a view, not a copy). */
  utf8(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }

  /** The text written so far. */
  text(): string {
    return utf8.decode(this.bytes.subarray(0, this.length));
  }

  private grow(extra: number): void {
    let size = this.bytes.length * 2;
    while (size < this.length + extra) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.bytes.subarray(0, this.length));
    this.bytes = bigger;
  }
}

/** 10^t for t >= 1; the 0 for t = 0 (only values below 8 get t = 0) makes 0 count as one digit. */
const POW10 = [0, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000];

/**
 * Number of decimal digits of an unsigned 32-bit integer. Computed from the bit length rather
 * than by comparisons with 10, 100, ...: one table lookup for any value, where a chain of
 * comparisons takes a new branch each time ids pass a power of ten (100000 late in a large module).
 */
export function decimalDigits(v: number): number {
  const t = ((32 - Math.clz32(v | 1)) * 1233) >>> 12; // about log10(2^bits)
  return t - (v < POW10[t] ? 1 : 0) + 1;
}
