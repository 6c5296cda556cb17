import type { Instruction } from '@spvkit/core';

/** An instruction of the assembled text, with its words as they were before any pass ran. */
export interface OriginalInstruction {
  readonly inst: Instruction;
  /** The instruction's words as assembled (opcode word first). */
  readonly words: Uint32Array;
}

/** Whether `inst` encodes to exactly `words`. */
export function sameWords(inst: Instruction, words: Uint32Array): boolean {
  if (inst.wordCount !== words.length || (words[0] & 0xffff) !== inst.opcode) return false;
  let at = 1;
  if (inst.typeId !== 0 && words[at++] !== inst.typeId) return false;
  if (inst.resultId !== 0 && words[at++] !== inst.resultId) return false;
  const n = inst.operandCount;
  for (let i = 0; i < n; i++) if (words[at + i] !== inst.word(i)) return false;
  return true;
}

/** Largest gap (originals × results) aligned by a full LCS; larger gaps are aligned greedily. */
const LCS_LIMIT = 1 << 20;

/**
 * Pairs the instructions of the module after the passes (`result`, in binary order) with the
 * instructions the text was assembled to (`originals`, in order). Returns, per result
 * instruction, the index of its original, or -1 for a new one. Pairs never cross: both
 * sequences are increasing, so the kept instructions stay in the order of the text.
 *
 * Pairing, in order of trust: the same object (a pass kept or edited it in place); an
 * unpaired original with the same result id and opcode (a pass rebuilt it); then, between
 * those anchors, instructions with identical words (an OpReturn a pass re-created). An
 * instruction a pass moved past others is a removal and an addition.
 */
export function matchInstructions(originals: readonly OriginalInstruction[], result: readonly Instruction[]): Int32Array {
  const pairOf = new Int32Array(result.length).fill(-1);
  const used = new Uint8Array(originals.length);
  const byObject = new Map<Instruction, number>();
  originals.forEach((o, i) => byObject.set(o.inst, i));
  result.forEach((inst, r) => {
    const o = byObject.get(inst);
    if (o !== undefined && used[o] === 0) {
      pairOf[r] = o;
      used[o] = 1;
    }
  });
  const byResult = new Map<number, number>();
  originals.forEach((o, i) => {
    if (used[i] === 0 && o.inst.resultId !== 0 && !byResult.has(o.inst.resultId)) byResult.set(o.inst.resultId, i);
  });
  result.forEach((inst, r) => {
    if (pairOf[r] !== -1 || inst.resultId === 0) return;
    const o = byResult.get(inst.resultId);
    if (o !== undefined && used[o] === 0 && originals[o].inst.opcode === inst.opcode) {
      pairOf[r] = o;
      used[o] = 1;
    }
  });
  keepIncreasing(pairOf);

  // Between consecutive anchors, pair what is left by identical words.
  let r0 = 0;
  let o0 = 0;
  for (let r = 0; r <= result.length; r++) {
    if (r < result.length && pairOf[r] === -1) continue;
    const o1 = r < result.length ? pairOf[r] : originals.length;
    if (r > r0 && o1 > o0) alignGap(originals, result, pairOf, r0, r, o0, o1);
    r0 = r + 1;
    o0 = o1 + 1;
  }
  return pairOf;
}

/** Drops pairs so the paired original indexes increase: keeps a longest increasing subsequence. */
function keepIncreasing(pairOf: Int32Array): void {
  const rs: number[] = [];
  for (let r = 0; r < pairOf.length; r++) if (pairOf[r] !== -1) rs.push(r);
  if (rs.length === 0) return;
  // Patience sorting over the original indexes, in result order.
  const tails: number[] = []; // index into rs of the smallest tail of each length
  const prev = new Int32Array(rs.length).fill(-1);
  rs.forEach((r, k) => {
    const v = pairOf[r];
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (pairOf[rs[tails[mid]]] < v) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[k] = tails[lo - 1]!;
    tails[lo] = k;
  });
  const keep = new Uint8Array(rs.length);
  for (let k = tails[tails.length - 1]; k !== -1; k = prev[k]!) keep[k] = 1;
  rs.forEach((r, k) => {
    if (keep[k] === 0) pairOf[r] = -1;
  });
}

/** Pairs result[r0, r1) with originals[o0, o1) by identical words: an LCS, or greedily when the gap is large. */
function alignGap(
  originals: readonly OriginalInstruction[],
  result: readonly Instruction[],
  pairOf: Int32Array,
  r0: number,
  r1: number,
  o0: number,
  o1: number,
): void {
  const n = r1 - r0;
  const m = o1 - o0;
  const eq = (r: number, o: number): boolean => sameWords(result[r], originals[o].words);
  if (n * m > LCS_LIMIT) {
    let o = o0;
    for (let r = r0; r < r1 && o < o1; r++) {
      let k = o;
      while (k < o1 && !eq(r, k)) k++;
      if (k < o1) {
        pairOf[r] = k;
        o = k + 1;
      }
    }
    return;
  }
  // lcs[i][j]: LCS length of result[r0 + i ..] and originals[o0 + j ..].
  const w = m + 1;
  const lcs = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * w + j] = eq(r0 + i, o0 + j) ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (eq(r0 + i, o0 + j)) {
      pairOf[r0 + i] = o0 + j;
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) i++;
    else j++;
  }
}
