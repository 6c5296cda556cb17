// Helpers of the source-preserving assembly tests: canonical instruction streams (equality up to
// id renumbering), a line diff, and a source map decoder written here so the map is checked by
// code that did not produce it.
import { decodeModule, instructionByOpcode, moduleOperandContext, walkOperands } from '@spvkit/core';

const ID_KINDS = new Set(['IdRef', 'IdResultType', 'IdResult', 'IdScope', 'IdMemorySemantics']);

/**
 * The module's instructions with ids renumbered in order of first appearance: two modules give
 * the same list exactly when they hold the same instructions in the same order, ids aside.
 */
export function canonicalInstructions(words: Uint32Array): string[] {
  const module = decodeModule(words, { lazyFunctions: false });
  const ctx = moduleOperandContext(module);
  const ids = new Map<number, number>();
  const id = (x: number): string => {
    let v = ids.get(x);
    if (v === undefined) ids.set(x, (v = ids.size + 1));
    return `%${v}`;
  };
  const out = [`version ${module.header.version.toString(16)}`];
  for (const inst of module.instructions()) {
    const at = new Set<number>();
    walkOperands(inst, ctx, (kind, start, count) => {
      if (ID_KINDS.has(kind)) for (let i = 0; i < count; i++) at.add(start + i);
    });
    const parts = [instructionByOpcode(inst.opcode)?.opname ?? `op${inst.opcode}`];
    if (inst.typeId !== 0) parts.push(id(inst.typeId));
    if (inst.resultId !== 0) parts.push(id(inst.resultId));
    for (let i = 0; i < inst.operandCount; i++) parts.push(at.has(i) ? id(inst.word(i)) : String(inst.word(i)));
    out.push(parts.join(' '));
  }
  return out;
}

/** A line diff: which lines of `a` were removed, which of `b` were added (0-based), and the kept pairs. */
export interface LineDiff {
  readonly removed: number[];
  readonly added: number[];
  /** [line of a, line of b] for each line kept. */
  readonly kept: [number, number][];
}

export function lineDiff(a: readonly string[], b: readonly string[]): LineDiff {
  const n = a.length;
  const m = b.length;
  const w = m + 1;
  const lcs = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) lcs[i * w + j] = a[i] === b[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
  const removed: number[] = [];
  const added: number[] = [];
  const kept: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) kept.push([i++, j++]);
    else if (j < m && (i === n || lcs[i * w + j + 1] >= lcs[(i + 1) * w + j])) added.push(j++);
    else removed.push(i++);
  }
  return { removed, added, kept };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes a v3 `mappings` string: per generated line, segments [column, source, line, column] (0-based, absolute). */
export function decodeMappings(mappings: string): number[][][] {
  const lines: number[][][] = [];
  const state = [0, 0, 0, 0, 0];
  for (const lineText of mappings.split(';')) {
    const segments: number[][] = [];
    state[0] = 0;
    for (const segText of lineText.split(',')) {
      if (segText === '') continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of segText) {
        const digit = BASE64.indexOf(ch);
        if (digit < 0) throw new Error(`bad base64 digit ${ch}`);
        value += (digit & 31) << shift;
        if ((digit & 32) !== 0) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      const seg = fields.map((f, k) => (state[k] = state[k] + f));
      segments.push(seg);
    }
    lines.push(segments);
  }
  return lines;
}

/** The lines of a text (without line breaks). */
export function linesOf(text: string): string[] {
  return text.split(/\r?\n/);
}

/** The `; target-env:` header of a corpus or golden file. */
export function targetEnvOf(text: string): string {
  const m = /^; target-env: (\S+)/m.exec(text);
  if (m === null) throw new Error('no target-env header');
  return m[1];
}
