import { Op, type ModuleIndex } from '@spvkit/core';
import type { Reporter } from '../../report/Reporter.js';

/** The member field of a decoration of the id itself (not of a structure member). */
export const NO_MEMBER = -1;

/**
 * Every decoration the module applies, as spirv-val sees them: OpDecorate, OpDecorateId,
 * OpDecorateString, OpMemberDecorate(String), and the decorations of each group copied onto the
 * targets of OpGroupDecorate and OpGroupMemberDecorate. Held in flat typed arrays (one record per
 * decoration) with an index by target id, so a query walks only that id's decorations and a clean
 * module allocates nothing per instruction.
 */
export class DecorationTable {
  /** How many records there are. */
  count = 0;
  /** Per record: the decorated id (the structure for a member decoration). */
  target = new Uint32Array(64);
  /** Per record: the member index, or {@link NO_MEMBER}. */
  member = new Int32Array(64);
  /** Per record: the Decoration value. */
  kind = new Uint32Array(64);
  /** Per record: word index of the first parameter, and one past the last. */
  paramStart = new Int32Array(64);
  paramEnd = new Int32Array(64);
  /** Per record: the annotation instruction it came from (the OpGroupDecorate for a group's copy). */
  source = new Int32Array(64);
  /** Per id: where its records start in {@link order}; `first[id + 1]` is where they end. */
  private first = new Int32Array(1);
  /** Record numbers grouped by target id, in module order within an id. */
  private order = new Int32Array(0);

  constructor(
    private readonly scan: ModuleIndex,
    reporter: Reporter,
  ) {
    const { count, opcode, operandStart, end, words } = scan;
    for (let i = 0; i < count; i++) {
      const op = opcode[i];
      if (reporter.isFlagged(i)) continue;
      const s = operandStart[i];
      if ((op === Op.Decorate || op === Op.DecorateId || op === Op.DecorateString) && end[i] - s >= 2) {
        this.add(words[s], NO_MEMBER, words[s + 1], s + 2, end[i], i);
      } else if ((op === Op.MemberDecorate || op === Op.MemberDecorateString) && end[i] - s >= 3) {
        this.add(words[s], words[s + 1], words[s + 2], s + 3, end[i], i);
      }
    }
    this.index();
    // Groups: their decorations (as recorded so far) copied onto each target.
    const direct = this.count;
    let grouped = false;
    for (let i = 0; i < count; i++) {
      const op = opcode[i];
      if ((op !== Op.GroupDecorate && op !== Op.GroupMemberDecorate) || reporter.isFlagged(i)) continue;
      const s = operandStart[i];
      const group = words[s];
      const step = op === Op.GroupDecorate ? 1 : 2;
      for (let w = s + 1; w + step <= end[i]; w += step) {
        for (let k = this.start(group); k < this.end(group); k++) {
          const r = this.order[k];
          if (r >= direct) continue;
          this.add(words[w], step === 1 ? NO_MEMBER : words[w + 1], this.kind[r], this.paramStart[r], this.paramEnd[r], i);
          grouped = true;
        }
      }
    }
    if (grouped) this.index();
  }

  /** Where the records of `id` start in the ordered list. */
  start(id: number): number {
    return id + 1 < this.first.length ? this.first[id] : 0;
  }

  /** Where the records of `id` end in the ordered list. */
  end(id: number): number {
    return id + 1 < this.first.length ? this.first[id + 1] : 0;
  }

  /** The record at position `k` of the ordered list (between {@link start} and {@link end} of an id). */
  at(k: number): number {
    return this.order[k];
  }

  /** The first record of `kind` on `id` for `member` (NO_MEMBER: on the id itself), or -1. */
  find(id: number, kind: number, member: number = NO_MEMBER): number {
    for (let k = this.start(id); k < this.end(id); k++) {
      const r = this.order[k];
      if (this.kind[r] === kind && this.member[r] === member) return r;
    }
    return -1;
  }

  /** Whether `id` carries `kind` at all, on itself or on any member (spirv-val's test of an id's decorations). */
  any(id: number, kind: number): boolean {
    for (let k = this.start(id); k < this.end(id); k++) if (this.kind[this.order[k]] === kind) return true;
    return false;
  }

  /** The first parameter of record `r`, or -1 when it has none. */
  param(r: number): number {
    return this.paramEnd[r] > this.paramStart[r] ? this.scan.words[this.paramStart[r]] : -1;
  }

  /** The first parameter of the last `kind` decoration of `id`'s `member` (as the last one wins in spirv-val), or -1. */
  memberParam(id: number, member: number, kind: number): number {
    let value = -1;
    for (let k = this.start(id); k < this.end(id); k++) {
      const r = this.order[k];
      if (this.kind[r] === kind && this.member[r] === member && this.paramEnd[r] > this.paramStart[r]) value = this.scan.words[this.paramStart[r]];
    }
    return value;
  }

  private add(target: number, member: number, kind: number, paramStart: number, paramEnd: number, source: number): void {
    if (target >= this.scan.idLimit) return; // undefined: the ids family reports it
    if (this.count === this.target.length) this.grow();
    const r = this.count++;
    this.target[r] = target;
    this.member[r] = member;
    this.kind[r] = kind;
    this.paramStart[r] = paramStart;
    this.paramEnd[r] = paramEnd;
    this.source[r] = source;
  }

  private grow(): void {
    const n = this.target.length * 2;
    const widen = <T extends Uint32Array | Int32Array>(a: T, make: (n: number) => T): T => {
      const b = make(n);
      b.set(a);
      return b;
    };
    this.target = widen(this.target, (m) => new Uint32Array(m));
    this.member = widen(this.member, (m) => new Int32Array(m));
    this.kind = widen(this.kind, (m) => new Uint32Array(m));
    this.paramStart = widen(this.paramStart, (m) => new Int32Array(m));
    this.paramEnd = widen(this.paramEnd, (m) => new Int32Array(m));
    this.source = widen(this.source, (m) => new Int32Array(m));
  }

  /** Groups the records by target id (a counting sort, stable: module order within an id). */
  private index(): void {
    const limit = this.scan.idLimit;
    const first = new Int32Array(limit + 1);
    for (let r = 0; r < this.count; r++) first[this.target[r] + 1]++;
    for (let id = 0; id < limit; id++) first[id + 1] += first[id];
    const order = new Int32Array(this.count);
    const fill = first.slice(0, limit);
    for (let r = 0; r < this.count; r++) order[fill[this.target[r]]++] = r;
    this.first = first;
    this.order = order;
  }
}
