import { ByteFinder } from './ByteFinder.js';
import type { SourceText } from './SourceText.js';

/** Byte classes for {@link Lexer.wordEnd}: what ends a word in spirv-as (`getWord`). */
const WORD = 0;
const DELIMITER = 1;
const QUOTE = 2;
const BACKSLASH = 3;
const CLASS = new Uint8Array(256);
for (const c of [0x20, 0x09, 0x0a, 0x0d, 0x3b]) CLASS[c] = DELIMITER; // space, tab, LF, CR, ';'
CLASS[0x22] = QUOTE;
CLASS[0x5c] = BACKSLASH;

/** Letters, digits and `_`: what ids (after `%`), opcodes and enumerant names are made of. */
export const IDENT = new Uint8Array(256);
for (let c = 0x30; c <= 0x39; c++) IDENT[c] = 1;
for (let c = 0x41; c <= 0x5a; c++) IDENT[c] = 1;
for (let c = 0x61; c <= 0x7a; c++) IDENT[c] = 1;
IDENT[0x5f] = 1;

export const CH_LF = 0x0a;
export const CH_QUOTE = 0x22;
export const CH_PERCENT = 0x25;
export const CH_EQUALS = 0x3d;
export const CH_BANG = 0x21;
export const CH_O = 0x4f;
export const CH_p = 0x70;

/**
 * The spirv-as tokenizer, over bytes. Words are separated by spaces, tabs, line breaks and `;`
 * comments; a `"` toggles a quoted region in which separators belong to the word, and a backslash
 * keeps the next character in the word, inside or outside quotes. Nothing else is a separator:
 * `a,b` is one word, and `%x=OpFoo` is one word too. The lexer keeps the line number as it goes,
 * for spans.
 *
 * @example
 * ```ts
 * const lx = new Lexer(new SourceText('%x = OpTypeVoid'));
 * lx.skipBlank(); const end = lx.wordEnd(lx.pos); lx.take(end); // the word "%x"
 * ```
 */
export class Lexer {
  readonly bytes: Uint8Array;
  readonly end: number;
  pos: number;
  /** 1-based line of {@link pos}. */
  line = 1;
  /** Byte offset where the line of {@link pos} starts. */
  lineStart = 0;
  /** Set by {@link identEnd}: the FNV-1a hash of the word it read (as ByteStringMap.hash). */
  hash = 0;
  private newlines = 0;
  private lastNewline = 0;
  private readonly quotes: ByteFinder;
  private readonly backslashes: ByteFinder;

  constructor(source: SourceText) {
    this.bytes = source.bytes;
    this.end = source.end;
    this.pos = source.start;
    this.quotes = new ByteFinder(source.searchable, source.end, CH_QUOTE);
    this.backslashes = new ByteFinder(source.searchable, source.end, 0x5c);
  }

  /**
   * Skips spaces, tabs, line breaks and comments (spirv-as `advance`). Returns false at the end of
   * the text.
   */
  skipBlank(): boolean {
    const b = this.bytes;
    const end = this.end;
    let p = this.pos;
    while (p < end) {
      const c = b[p];
      if (c === 0x20 || c === 0x09 || c === 0x0d) p++;
      else if (c === CH_LF) {
        p++;
        this.line++;
        this.lineStart = p;
      } else if (c === 0x3b) {
        while (p < end && b[p] !== CH_LF) p++;
      } else {
        this.pos = p;
        return true;
      }
    }
    this.pos = p;
    return false;
  }

  /** The end of the word starting at `start` (spirv-as `getWord`). Call {@link take} to move past it. */
  wordEnd(start: number): number {
    const b = this.bytes;
    const end = this.end;
    let p = start;
    this.newlines = 0;
    while (p < end) {
      const c = CLASS[b[p]];
      if (c === WORD) p++;
      else if (c === DELIMITER) return p;
      else return this.quotedWordEnd(p);
    }
    return p;
  }

  /**
   * The end of the word at `from` if it is made only of letters, digits and `_` (an id after its
   * `%`, an opcode, a name), hashing it on the way into {@link hash}; -1 when it has anything else
   * (then {@link wordEnd} reads it). One pass instead of finding the end, then hashing.
   */
  identEnd(from: number): number {
    const b = this.bytes;
    const end = this.end;
    let h = 0x811c9dc5 | 0;
    let p = from;
    while (p < end) {
      const c = b[p];
      if (IDENT[c] === 0) {
        if (CLASS[c] !== DELIMITER) return -1;
        break;
      }
      h = Math.imul(h ^ c, 0x01000193);
      p++;
    }
    this.hash = h;
    this.newlines = 0;
    return p;
  }

  /** Where the first backslash at or after `p` is, or the end of the text (cached: free right after the word was read). */
  backslashFrom(p: number): number {
    return this.backslashes.next(p);
  }

  /** Moves past a word whose end {@link wordEnd} just returned, counting line breaks inside it. */
  take(wordEnd: number): void {
    this.pos = wordEnd;
    if (this.newlines !== 0) {
      this.line += this.newlines;
      this.lineStart = this.lastNewline + 1;
      this.newlines = 0;
    }
  }

  /** Whether the text at `p` starts with `Op` and a capital letter (spirv-as `startsWithOp`). */
  startsWithOp(p: number): boolean {
    const b = this.bytes;
    if (p + 3 > this.end) return false;
    const c = b[p + 2];
    return b[p] === CH_O && b[p + 1] === CH_p && c >= 0x41 && c <= 0x5a;
  }

  /**
   * Whether the word that starts at `start` and ends at `wordEnd` begins a new instruction: an
   * opcode, or a `%id` followed by the word `=` (spirv-as `isStartOfNewInst`).
   */
  startsInstruction(start: number, wordEnd: number): boolean {
    const first = this.bytes[start];
    if (first === CH_O) return this.startsWithOp(start);
    return first === CH_PERCENT && this.equalsFollows(wordEnd);
  }

  /** Whether the next word after `p` (past blanks and comments) is exactly `=`. */
  equalsFollows(p: number): boolean {
    const b = this.bytes;
    const end = this.end;
    while (p < end) {
      const c = b[p];
      if (c === 0x20 || c === 0x09 || c === 0x0d || c === CH_LF) p++;
      else if (c === 0x3b) {
        while (p < end && b[p] !== CH_LF) p++;
      } else break;
    }
    return p < end && b[p] === CH_EQUALS && (p + 1 === end || CLASS[b[p + 1]] === DELIMITER);
  }

  /** Moves to the start of the line after the one containing `p` (for recovery). */
  skipToLineAfter(p: number): void {
    const b = this.bytes;
    let q = p;
    while (q < this.end && b[q] !== CH_LF) q++;
    // Line breaks between pos and q were counted by nobody yet: count them now.
    const from = Math.max(this.pos, this.lineStart);
    for (let i = from; i < q; i++) {
      if (b[i] === CH_LF) {
        this.line++;
        this.lineStart = i + 1;
      }
    }
    this.newlines = 0;
    if (q < this.end) {
      this.line++;
      this.lineStart = q + 1;
      this.pos = q + 1;
    } else this.pos = q;
  }

  /**
   * Where the quote that is still open at the end of the word `[start, wordEnd)` was opened, or -1
   * when every quote in it is closed.
   */
  unclosedQuote(start: number, wordEnd: number): number {
    const b = this.bytes;
    let quoting = false;
    let escaping = false;
    let quoteAt = -1;
    for (let p = start; p < wordEnd; p++) {
      const ch = b[p];
      if (ch === 0x5c) escaping = !escaping;
      else {
        if (ch === CH_QUOTE && !escaping) {
          quoting = !quoting;
          if (quoting) quoteAt = p;
        }
        escaping = false;
      }
    }
    return quoting ? quoteAt : -1;
  }

  /**
   * The rest of a word that contains a quote or a backslash, with spirv-as's quoting and escaping:
   * a backslash keeps the next byte whatever it is; inside quotes only a quote or a backslash
   * matters, so long strings are crossed with indexOf instead of byte by byte.
   */
  private quotedWordEnd(from: number): number {
    const b = this.bytes;
    const end = this.end;
    let p = from;
    for (;;) {
      // Outside quotes.
      while (p < end) {
        const c = CLASS[b[p]];
        if (c === WORD) p++;
        else if (c === DELIMITER) return p;
        else if (c === QUOTE) break;
        else {
          if (p + 1 < end && b[p + 1] === CH_LF) this.countNewline(p + 1);
          p += 2;
        }
      }
      if (p >= end) return end;
      // Inside quotes, from the opening quote at p.
      p++;
      for (;;) {
        const quote = this.quotes.next(p);
        const backslash = this.backslashes.next(p);
        const stop = quote < backslash ? quote : backslash;
        this.countNewlines(p, stop);
        if (stop >= end) return end;
        if (stop === quote) {
          p = quote + 1;
          break;
        }
        if (stop + 1 < end && b[stop + 1] === CH_LF) this.countNewline(stop + 1);
        p = stop + 2;
        if (p >= end) return end;
      }
    }
  }

  private countNewline(at: number): void {
    this.newlines++;
    this.lastNewline = at;
  }

  /**
   * Counts the line breaks in [from, to) into the pending count {@link take} applies. A byte loop,
   * not indexOf per line: a string literal is often source code with a line break every ~30
   * bytes, where a call per line cost ~5 ms on a 2 MB OpSource.
   */
  private countNewlines(from: number, to: number): void {
    const b = this.bytes;
    let count = 0;
    let last = -1;
    for (let p = from; p < to; p++) {
      if (b[p] === CH_LF) {
        count++;
        last = p;
      }
    }
    if (count !== 0) {
      this.newlines += count;
      this.lastNewline = last;
    }
  }
}
