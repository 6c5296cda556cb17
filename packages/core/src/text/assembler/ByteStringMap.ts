/**
 * An open-addressing hash map from byte strings to small non-negative integers, looked up by a
 * range of a byte buffer. The assembler looks up every token (ids, opcode and enumerant names)
 * without first turning it into a JS string: that would allocate once per token, which dominates
 * the time on a large module.
 *
 * Keys are stored as ranges of a key buffer: the map's own buffer for names added as strings, or
 * the source text itself for ids (so an id is never copied).
 */
export class ByteStringMap {
  private keyBytes: Uint8Array;
  private keyFill = 0;
  /** Per entry: where its key starts in keyBytes, its length, its value, its hash. */
  private keyStart: Int32Array;
  private keyLength: Int32Array;
  private entryValue: Int32Array;
  private entryHash: Int32Array;
  private count = 0;
  /** Slot → entry index + 1 (0 = empty). */
  private slots: Int32Array;
  private mask: number;

  /**
   * @param sharedKeys when given, keys are ranges of this buffer (added with {@link addRange});
   *   otherwise keys are copied into the map (added with {@link set}).
   */
  constructor(capacity = 64, sharedKeys?: Uint8Array) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    const entries = Math.max(8, capacity);
    this.keyStart = new Int32Array(entries);
    this.keyLength = new Int32Array(entries);
    this.entryValue = new Int32Array(entries);
    this.entryHash = new Int32Array(entries);
    this.keyBytes = sharedKeys ?? new Uint8Array(256);
  }

  /** FNV-1a over `bytes[start, end)`. */
  static hash(bytes: Uint8Array, start: number, end: number): number {
    let h = 0x811c9dc5 | 0;
    for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
    return h;
  }

  /** The value stored for the key `bytes[start, end)`, or -1. */
  get(bytes: Uint8Array, start: number, end: number): number {
    return this.getHashed(bytes, start, end, ByteStringMap.hash(bytes, start, end));
  }

  /** {@link get} with the key's hash already computed (see {@link hash}). */
  getHashed(bytes: Uint8Array, start: number, end: number, hash: number): number {
    const slots = this.slots;
    const mask = this.mask;
    const length = end - start;
    let slot = hash & mask;
    for (;;) {
      const e = slots[slot];
      if (e === 0) return -1;
      const entry = e - 1;
      if (this.entryHash[entry] === hash && this.keyLength[entry] === length && this.keyEquals(entry, bytes, start, length)) {
        return this.entryValue[entry];
      }
      slot = (slot + 1) & mask;
    }
  }

  /** Adds (or replaces) a key given as a string of code units below 256. */
  set(key: string, value: number): void {
    const length = key.length;
    if (this.keyFill + length > this.keyBytes.length) {
      const grown = new Uint8Array(Math.max(this.keyBytes.length * 2, this.keyFill + length));
      grown.set(this.keyBytes);
      this.keyBytes = grown;
    }
    // Written straight into the key buffer, then looked up there: no array per key.
    const at = this.keyFill;
    const keys = this.keyBytes;
    for (let i = 0; i < length; i++) keys[at + i] = key.charCodeAt(i) & 0xff;
    const hash = ByteStringMap.hash(keys, at, at + length);
    const slot = this.findSlot(keys, at, at + length, hash);
    const existing = this.slots[slot];
    if (existing !== 0) {
      this.entryValue[existing - 1] = value;
      return;
    }
    this.insert(slot, at, length, value, hash);
    this.keyFill += length;
  }

  /**
   * Adds the key `sharedKeys[start, end)` (only for a map over shared keys) if it is new, and
   * returns its value: the existing one, or `value`.
   */
  addRange(start: number, end: number, hash: number, value: number): number {
    const slot = this.findSlot(this.keyBytes, start, end, hash);
    const existing = this.slots[slot];
    if (existing !== 0) return this.entryValue[existing - 1];
    this.insert(slot, start, end - start, value, hash);
    return value;
  }

  /** Every key as a string (for hints; not for hot paths). */
  keys(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.count; i++) {
      let s = '';
      const start = this.keyStart[i];
      for (let k = 0; k < this.keyLength[i]; k++) s += String.fromCharCode(this.keyBytes[start + k]);
      out.push(s);
    }
    return out;
  }

  private keyEquals(entry: number, bytes: Uint8Array, start: number, length: number): boolean {
    const keys = this.keyBytes;
    const k = this.keyStart[entry];
    for (let i = 0; i < length; i++) if (keys[k + i] !== bytes[start + i]) return false;
    return true;
  }

  private findSlot(bytes: Uint8Array, start: number, end: number, hash: number): number {
    const length = end - start;
    let slot = hash & this.mask;
    for (;;) {
      const e = this.slots[slot];
      if (e === 0) return slot;
      const entry = e - 1;
      if (this.entryHash[entry] === hash && this.keyLength[entry] === length && this.keyEquals(entry, bytes, start, length)) return slot;
      slot = (slot + 1) & this.mask;
    }
  }

  private insert(slot: number, keyStart: number, keyLength: number, value: number, hash: number): void {
    if (this.count === this.keyStart.length) this.growEntries();
    const entry = this.count++;
    this.keyStart[entry] = keyStart;
    this.keyLength[entry] = keyLength;
    this.entryValue[entry] = value;
    this.entryHash[entry] = hash;
    this.slots[slot] = entry + 1;
    if (this.count * 2 > this.slots.length) this.rehash();
  }

  private growEntries(): void {
    const n = this.keyStart.length * 2;
    const grow = (a: Int32Array): Int32Array => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.keyStart = grow(this.keyStart);
    this.keyLength = grow(this.keyLength);
    this.entryValue = grow(this.entryValue);
    this.entryHash = grow(this.entryHash);
  }

  private rehash(): void {
    const size = this.slots.length * 2;
    const slots = new Int32Array(size);
    const mask = size - 1;
    for (let entry = 0; entry < this.count; entry++) {
      let slot = this.entryHash[entry] & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = entry + 1;
    }
    this.slots = slots;
    this.mask = mask;
  }
}
