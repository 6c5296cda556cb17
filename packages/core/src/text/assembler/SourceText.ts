const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: false });
/** How far past the asked offset {@link SourceText} checks for non-ASCII bytes at once. */
const ASCII_STEP = 1 << 16;

/**
 * Assembly text as UTF-8 bytes (what spirv-as reads: string literals keep their bytes exactly),
 * with the conversions diagnostics and spans need: byte offsets to UTF-16 offsets and columns (what
 * editors and JS strings count), line numbers, and the text of a line.
 */
export class SourceText {
  readonly bytes: Uint8Array;
  /** Where the text ends: its length, or its first NUL byte, where spirv-as stops reading. */
  readonly end: number;
  /** Where the first token may start: after a UTF-8 byte order mark, if there is one. */
  readonly start: number;
  readonly file: string | undefined;
  /**
   * What to search {@link bytes} with (`indexOf` of a byte value): the input itself when it is a
   * subclass of Uint8Array with its own `indexOf`, else `bytes`. A Node Buffer's indexOf is
   * memchr: ten times faster than the typed array one on long stretches (the text's NUL, a
   * backslash that never comes: 2 ms each on 8 MB), and no slower on short ones.
   */
  readonly searchable: { indexOf(value: number, from?: number): number };
  /**
   * Every byte before this offset is ASCII. Checked only as far as offsets are asked for, so an
   * assemble that only needs spans for the start of a large text does not scan all of it.
   */
  private asciiUpTo: number;
  /** Byte offsets just past each multi-byte UTF-8 sequence, with the UTF-16 units saved so far; built once a non-ASCII byte is found. */
  private wideEnds: Int32Array | null = null;
  private wideSaved: Int32Array | null = null;
  private lineStarts: Int32Array | null = null;
  private readonly lineTexts = new Map<number, string>();

  constructor(text: string | Uint8Array, file?: string) {
    // A plain Uint8Array even for a Node Buffer (a subclass): the lexer reads one kind of array,
    // whatever the caller passed.
    this.bytes =
      typeof text === 'string'
        ? utf8Encoder.encode(text)
        : text.constructor === Uint8Array
          ? text
          : new Uint8Array(text.buffer, text.byteOffset, text.byteLength);
    this.file = file;
    this.searchable = typeof text === 'string' ? this.bytes : text;
    const nul = this.searchable.indexOf(0);
    this.end = nul < 0 ? this.bytes.length : nul;
    const b = this.bytes;
    this.start = this.end >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
    this.asciiUpTo = 0;
  }

  /** The UTF-16 offset of byte offset `byteOffset`. */
  utf16Offset(byteOffset: number): number {
    if (byteOffset <= this.asciiUpTo || this.isAsciiUpTo(byteOffset)) return byteOffset;
    return byteOffset - this.savedBefore(byteOffset);
  }

  /** The 1-based UTF-16 column of `byteOffset` on the line starting at `lineStart`. */
  column(lineStart: number, byteOffset: number): number {
    if (byteOffset <= this.asciiUpTo || this.isAsciiUpTo(byteOffset)) return byteOffset - lineStart + 1;
    return byteOffset - lineStart - (this.savedBefore(byteOffset) - this.savedBefore(lineStart)) + 1;
  }

  /** Whether every byte before `offset` is ASCII; builds the table of wide sequences at the first that is not. */
  private isAsciiUpTo(offset: number): boolean {
    if (this.wideEnds !== null) return false;
    // Scans at least ASCII_STEP bytes ahead: spans ask for offsets a few bytes apart, and a scan
    // per instruction (each with its word view) costs more than the bytes it reads. Scans end at a
    // multiple of 8, so the next starts aligned and reads four bytes at a time from its first byte
    // (firstNonAscii's byte loops are for unaligned ends).
    // A wide sequence found past `offset` gives the same answers through the table below (it
    // saves nothing before `offset`).
    const to = Math.min((Math.max(offset, this.asciiUpTo + ASCII_STEP) + 7) & ~7, this.end);
    const first = firstNonAscii(this.bytes, this.asciiUpTo, to);
    if (first < 0) {
      this.asciiUpTo = to; // >= offset, or the end of the text
      return true;
    }
    this.asciiUpTo = first;
    const { ends, saved } = scanWide(this.bytes, first, this.end);
    this.wideEnds = ends;
    this.wideSaved = saved;
    return false;
  }

  /** 1-based line number and the line's start offset for a byte offset (builds a line table on first use). */
  lineOf(byteOffset: number): { line: number; lineStart: number } {
    const starts = this.lineStartTable();
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid] <= byteOffset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, lineStart: starts[lo] };
  }

  /** The text of the line starting at byte `lineStart`, without its line break. */
  lineText(lineStart: number): string {
    // Cached: many diagnostics on one long line share its text.
    let text = this.lineTexts.get(lineStart);
    if (text === undefined) {
      let e = lineStart;
      const b = this.bytes;
      while (e < this.end && b[e] !== 10) e++;
      if (e > lineStart && b[e - 1] === 13) e--;
      text = this.slice(lineStart, e);
      this.lineTexts.set(lineStart, text);
    }
    return text;
  }

  /** The text of bytes [start, end), decoded as UTF-8. */
  slice(start: number, end: number): string {
    const b = this.bytes;
    let ascii = true;
    for (let i = start; i < end; i++) {
      if (b[i] >= 0x80) {
        ascii = false;
        break;
      }
    }
    if (!ascii) return utf8Decoder.decode(b.subarray(start, end));
    let s = '';
    for (let i = start; i < end; i += 4096) s += String.fromCharCode(...b.subarray(i, Math.min(end, i + 4096)));
    return s;
  }

  private lineStartTable(): Int32Array {
    if (this.lineStarts === null) {
      const b = this.bytes;
      let n = 1;
      for (let i = 0; i < this.end; i++) if (b[i] === 10) n++;
      const starts = new Int32Array(n);
      let k = 1;
      for (let i = 0; i < this.end; i++) if (b[i] === 10) starts[k++] = i + 1;
      this.lineStarts = starts;
    }
    return this.lineStarts;
  }

  /** UTF-16 units saved (UTF-8 bytes minus UTF-16 units) by the sequences that end at or before `byteOffset`. */
  private savedBefore(byteOffset: number): number {
    const ends = this.wideEnds!;
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ends[mid] <= byteOffset) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? 0 : this.wideSaved![lo - 1];
  }
}

/**
 * Finds the multi-byte UTF-8 sequences. A sequence of n bytes is one UTF-16 unit (two for a 4-byte
 * sequence), so it saves n-1 (or 2) units. Bytes that are not valid UTF-8 count as one unit each,
 * as TextDecoder turns each into one U+FFFD.
 */
function scanWide(b: Uint8Array, first: number, end: number): { ends: Int32Array; saved: Int32Array } {
  const ends: number[] = [];
  const saved: number[] = [];
  let total = 0;
  let i = first;
  while (i < end) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    const n = c >= 0xf0 && c < 0xf8 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    let valid = n > 1 && i + n <= end;
    for (let k = 1; valid && k < n; k++) if ((b[i + k] & 0xc0) !== 0x80) valid = false;
    if (!valid) {
      i++;
      continue;
    }
    total += n === 4 ? 2 : n - 1;
    i += n;
    ends.push(i);
    saved.push(total);
  }
  return { ends: Int32Array.from(ends), saved: Int32Array.from(saved) };
}

/** The offset of the first byte >= 0x80 in [from, end), or -1; four bytes at a time where aligned. */
function firstNonAscii(b: Uint8Array, from: number, end: number): number {
  let i = from;
  while (i < end && ((b.byteOffset + i) & 3) !== 0) {
    if (b[i] >= 0x80) return i;
    i++;
  }
  const words = (end - i) >>> 2;
  if (words > 0) {
    const w = new Uint32Array(b.buffer, b.byteOffset + i, words);
    let k = 0;
    for (; k < words; k++) if ((w[k] & 0x80808080) !== 0) break;
    i += k * 4;
  }
  for (; i < end; i++) if (b[i] >= 0x80) return i;
  return -1;
}
