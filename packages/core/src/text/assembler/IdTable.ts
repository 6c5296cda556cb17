import { IDENT } from './Lexer.js';
import { asciiText } from './LiteralError.js';
import { parseUint32 } from './parseInteger.js';

/** Per name, in {@link IdTable}'s `data`: where its text starts, its length, its id, first use + 1, definition + 1. */
const STRIDE = 8;
const NAME_START = 0;
const NAME_LENGTH = 1;
const ID = 2;
const FIRST_USE = 3;
const DEFINED_AT = 4;

/**
 * The `%name` → id table, numbering ids exactly as spirv-as does
 * (`AssemblyContext::spvNamedIdAssignOrGet`):
 * - every name, numeric or not, gets the next free id the first time it is encoded, so ids follow
 *   the order of first appearance in encoding order (a result type before the result id);
 * - with `preserveNumericIds`, a name that reads as a 32-bit number (decimal, `0x` hex, or octal
 *   with a leading 0, as C++ streams read it) keeps that number, and the other names take the
 *   free ids from 1 up, skipping every numeric id used anywhere in the text;
 * - the bound is one more than the largest id handed out.
 *
 * Names are ranges of the source bytes, never copied. Per name it also records the first use
 * and the definition (byte offsets), for the undefined-id and defined-twice checks. Everything
 * about a name sits in one cache line, and the hash sits beside the entry in the slot table: a
 * large module looks up an id for almost every operand. Plain decimal names (`%123`, most of
 * spirv-dis output) are found by value in a dense table instead, and never enter the hash table.
 *
 * @example
 * ```ts
 * const ids = new IdTable(bytes, null);
 * const index = ids.lookup(bytes, start + 1, end); // the name after '%'
 * ids.id(index); // 1 for the first name seen
 * ```
 */
export class IdTable {
  private readonly source: Uint8Array;
  private readonly preserved: Set<number> | null;
  /** Pairs (hash, name index + 1); 0 marks an empty slot. */
  private slots: Int32Array;
  private slotMask: number;
  private data: Int32Array;
  /** Name index + 1 of the decimal name `%v`, by v (a cache in front of the hash table). */
  private decimal: Int32Array;
  private count = 0;
  /** Names in the hash table: all but the plain decimal ones. */
  private hashed = 0;
  private nextId = 1;
  /** One more than the largest id handed out (spirv-as `bound_`, kept in 32 bits as it does). */
  bound = 1;

  /** @param preserved the numeric ids to keep (from {@link collectNumericIds}); null or empty: number every name. */
  constructor(source: Uint8Array, preserved: Set<number> | null) {
    this.source = source;
    this.preserved = preserved !== null && preserved.size > 0 ? preserved : null;
    // spirv-dis output has about one distinct name per 90 bytes, most of them plain decimal
    // (`%123`), which the hash table never holds: it is sized for one name per 512 bytes, and a
    // text with more named ids grows it (a rehash is linear, and rare). Kept small, its slots
    // stay in the processor's cache. The names' data gets room for one per 64 bytes, so a text a
    // little denser in names than usual does not grow it either.
    let slots = 1024;
    while (slots < Math.ceil(source.length / 512) * 2) slots *= 2;
    this.slots = new Int32Array(2 * slots);
    this.slotMask = slots - 1;
    this.data = new Int32Array(STRIDE * Math.max(256, Math.ceil(source.length / 64)));
    // spirv-dis numbers unnamed ids up to the bound, about one per 90 bytes of text: room for
    // as many as names, so it does not grow.
    this.decimal = new Int32Array(Math.max(1024, Math.ceil(source.length / 64)));
  }

  /**
   * The index of the name `bytes[start, end)` (after the `%`), adding it and giving it an id if it is
   * new; -1 when the name is empty or has a character other than letters, digits and `_`.
   */
  lookup(bytes: Uint8Array, start: number, end: number): number {
    if (start === end) return -1;
    let h = 0x811c9dc5 | 0;
    for (let i = start; i < end; i++) {
      const c = bytes[i];
      if (IDENT[c] === 0) return -1;
      h = Math.imul(h ^ c, 0x01000193);
    }
    return this.lookupHashed(bytes, start, end, h);
  }

  /** {@link lookup} for a name already checked to be letters, digits and `_`, with its FNV-1a hash (Lexer.identEnd). */
  lookupHashed(bytes: Uint8Array, start: number, end: number, h: number): number {
    // Plain decimal names (%123, half the operands of spirv-dis output) are found by value in a
    // dense table: ids used near each other have near numbers, where hash slots are scattered.
    const c0 = bytes[start];
    if (c0 >= 0x31 && c0 <= 0x39 && end - start <= 6) {
      let v = 0;
      let i = start;
      for (; i < end; i++) {
        const c = bytes[i];
        if (c < 0x30 || c > 0x39) break;
        v = v * 10 + (c - 0x30);
      }
      if (i === end) {
        if (v < this.decimal.length) {
          const known = this.decimal[v];
          if (known !== 0) return known - 1;
        }
        // Not seen before: every decimal name of this form is found through this table, so the
        // hash table never needs it (a new id here skips a probe of it, a cache miss each).
        const index = this.append(start, end);
        if (v >= this.decimal.length) this.growDecimal(v);
        this.decimal[v] = index + 1;
        return index;
      }
    }
    return this.probe(bytes, start, end, h);
  }

  private probe(bytes: Uint8Array, start: number, end: number, h: number): number {
    const slots = this.slots;
    const data = this.data;
    const length = end - start;
    let slot = h & this.slotMask;
    for (;;) {
      const e = slots[2 * slot + 1];
      if (e === 0) break;
      if (slots[2 * slot] === h) {
        const base = (e - 1) * STRIDE;
        if (data[base + NAME_LENGTH] === length) {
          const name = data[base + NAME_START];
          const src = this.source;
          let i = 0;
          while (i < length && src[name + i] === bytes[start + i]) i++;
          if (i === length) return e - 1;
        }
      }
      slot = (slot + 1) & this.slotMask;
    }
    const index = this.append(start, end);
    slots[2 * slot] = h;
    slots[2 * slot + 1] = index + 1;
    if (++this.hashed * 2 > this.slotMask) this.rehash();
    return index;
  }

  /** Adds the name at `source[start, end)` and gives it an id; returns its index. */
  private append(start: number, end: number): number {
    const index = this.count++;
    if ((index + 1) * STRIDE > this.data.length) this.growData();
    const d = this.data;
    const base = index * STRIDE;
    d[base + NAME_START] = start;
    d[base + NAME_LENGTH] = end - start;
    d[base + ID] = this.assign(start, end);
    return index;
  }

  /** The id of name `index`. */
  id(index: number): number {
    return this.data[index * STRIDE + ID] >>> 0;
  }

  /** Records a use of name `index` at byte `pos` (the first one is kept). */
  use(index: number, pos: number): void {
    const k = index * STRIDE + FIRST_USE;
    if (this.data[k] === 0) this.data[k] = pos + 1;
  }

  /** Records the definition of name `index` at byte `pos`; returns where it was defined before, or -1. */
  define(index: number, pos: number): number {
    const k = index * STRIDE + DEFINED_AT;
    const before = this.data[k];
    if (before !== 0) return before - 1;
    this.data[k] = pos + 1;
    return -1;
  }

  /** The name of `index` without the `%`. */
  name(index: number): string {
    const start = this.data[index * STRIDE + NAME_START];
    return asciiText(this.source, start, start + this.data[index * STRIDE + NAME_LENGTH]);
  }

  /** Every name used but never defined, with its first use (byte offset), in order of first use. */
  undefinedNames(): { index: number; pos: number }[] {
    const d = this.data;
    const out: { index: number; pos: number }[] = [];
    // Under preserveNumericIds, `%16` and `%0x10` are the same id: defining one defines both.
    let definedIds: Set<number> | null = null;
    for (let i = 0; i < this.count; i++) {
      const base = i * STRIDE;
      if (d[base + DEFINED_AT] !== 0 || d[base + FIRST_USE] === 0) continue;
      if (this.preserved !== null) {
        if (definedIds === null) {
          definedIds = new Set();
          for (let k = 0; k < this.count; k++) if (d[k * STRIDE + DEFINED_AT] !== 0) definedIds.add(this.id(k));
        }
        if (definedIds.has(this.id(i))) continue;
      }
      out.push({ index: i, pos: d[base + FIRST_USE] - 1 });
    }
    return out.sort((a, b) => a.pos - b.pos);
  }

  /**
   * Id -> the name (without `%`) the text first gave it, for every name in the text. Under
   * `preserveNumericIds`, `%16` and `%0x10` are one id: the name seen first is kept.
   */
  idNames(): Map<number, string> {
    const out = new Map<number, string>();
    for (let i = 0; i < this.count; i++) {
      const id = this.id(i);
      if (!out.has(id)) out.set(id, this.name(i));
    }
    return out;
  }

  /** Names of every defined id (for did-you-mean hints). */
  definedNames(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.count; i++) if (this.data[i * STRIDE + DEFINED_AT] !== 0) out.push(this.name(i));
    return out;
  }

  private assign(start: number, end: number): number {
    const preserved = this.preserved;
    if (preserved !== null) {
      const c = this.source[start];
      if (c >= 0x30 && c <= 0x39) {
        const n = numericName(this.source, start, end);
        if (n !== undefined && preserved.has(n)) {
          this.bump(n);
          return n;
        }
      }
    }
    let id = this.nextId++ >>> 0;
    if (preserved !== null) while (preserved.has(id)) id = this.nextId++ >>> 0;
    this.bump(id);
    return id;
  }

  private bump(id: number): void {
    const next = (id + 1) >>> 0; // spirv-as keeps the bound in 32 bits: id 0xffffffff wraps to 0
    if (next > this.bound) this.bound = next;
  }

  private growDecimal(v: number): void {
    let size = this.decimal.length * 2;
    while (size <= v) size *= 2;
    const grown = new Int32Array(size);
    grown.set(this.decimal);
    this.decimal = grown;
  }

  private growData(): void {
    const grown = new Int32Array(this.data.length * 2);
    grown.set(this.data);
    this.data = grown;
  }

  private rehash(): void {
    const size = (this.slotMask + 1) * 2;
    const slots = new Int32Array(2 * size);
    const mask = size - 1;
    const old = this.slots;
    for (let s = 0; s < old.length; s += 2) {
      const e = old[s + 1];
      if (e === 0) continue;
      let slot = old[s] & mask;
      while (slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
      slots[2 * slot] = old[s]!;
      slots[2 * slot + 1] = e;
    }
    this.slots = slots;
    this.slotMask = mask;
  }
}

/**
 * The numeric ids in a text, for `preserveNumericIds`: every word `%N` whose name reads as a
 * 32-bit number. spirv-as finds them by assembling the text once; a scan of the words finds the
 * same set for every text that assembles.
 */
export function collectNumericIds(bytes: Uint8Array, words: (visit: (start: number, end: number) => void) => void): Set<number> {
  const ids = new Set<number>();
  words((start, end) => {
    if (bytes[start] !== 0x25 || end - start < 2) return;
    const c = bytes[start + 1];
    if (c < 0x30 || c > 0x39) return;
    for (let i = start + 1; i < end; i++) if (IDENT[bytes[i]] === 0) return;
    const n = numericName(bytes, start + 1, end);
    if (n !== undefined) ids.add(n);
  });
  return ids;
}

/**
 * The number a name after `%` reads as, as spirv-as's `ParseNumber<uint32_t>` reads it (decimal,
 * `0x` hex, octal after a leading 0), or undefined. Plain decimal names take a fast path: a text
 * with raw ids has one for almost every operand.
 */
function numericName(bytes: Uint8Array, start: number, end: number): number | undefined {
  const length = end - start;
  if (length <= 9 && bytes[start] !== 0x30) {
    let v = 0;
    for (let i = start; i < end; i++) {
      const c = bytes[i];
      if (c < 0x30 || c > 0x39) return parseUint32(asciiText(bytes, start, end));
      v = v * 10 + (c - 0x30);
    }
    return v;
  }
  return parseUint32(asciiText(bytes, start, end));
}
