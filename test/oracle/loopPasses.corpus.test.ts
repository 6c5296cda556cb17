/**
 * loop-unroll over the project corpus (glslang output for every stage, plain, -g and -gV, and the
 * hand-written assembly) and the shader folder (Debian glslangValidator, plain and -gV). The pass
 * needs SSA form (its induction variable is an OpPhi), so it runs on each input as it is, after
 * ssa-rewrite, and after ssa-rewrite with every loop's OpLoopMerge asking for `Unroll` (no input
 * uses `[[unroll]]`, and the hint changes nothing else: the last list is what exercises the pass on
 * the corpus' real loops). Every output passes Debian spirv-val in the input's target env, a second
 * run changes nothing, and a run that reports no change leaves the bytes as they were.
 */
import { Op, decodeModule, encodeModule, runPasses, type Module } from '@spvkit/core';
import '@spvkit/passes';
import { expect, it } from 'vitest';
import { corpusToolsAvailable, loadCorpus, spirvVal } from '../corpus/index.js';
import { loadShaderFolder, mapBounded } from '../shaders/folder.mjs';
import { describeWithOracle } from '../support/oracles.js';

/** LoopControl's Unroll bit. */
const UNROLL = 0x1;

const same = (a: Uint32Array, b: Uint32Array): boolean => a.length === b.length && a.every((w, i) => w === b[i]);

/** The module after `passes` (undefined with the diagnostics when a pass failed). */
function after(
  words: Uint32Array,
  passes: readonly string[],
  targetEnv: string,
  edit?: (m: Module) => void,
): { words: Uint32Array; changed: boolean } | string {
  const module = decodeModule(words);
  edit?.(module);
  const result = runPasses(module, passes, { targetEnv, checkConsistency: true });
  if (!result.ok) return result.diagnostics.map((d) => d.message).join('; ');
  return { words: encodeModule(module), changed: result.changed };
}

/** Every OpLoopMerge of the module asks for `Unroll` alone (its loop-control parameters go). */
function markUnroll(module: Module): void {
  for (const fn of module.functions)
    for (const block of fn.blocks)
      for (const inst of block.instructions) if (inst.opcode === Op.LoopMerge) module.setOperands(inst, [inst.word(0), inst.word(1), UNROLL]);
}

describeWithOracle('loop-unroll on the corpus and the shader folder', corpusToolsAvailable(), () => {
  it('gives modules spirv-val accepts, changes nothing on a second run, and keeps the bytes of what it leaves', { timeout: 900_000 }, async () => {
    const inputs: { name: string; words: Uint32Array; targetEnv: string }[] = (await loadCorpus()).map((m) => ({
      name: m.name,
      words: m.words,
      targetEnv: m.targetEnv,
    }));
    for (const debugInfo of ['none', 'gV'] as const) {
      for (const s of (await loadShaderFolder({ debugInfo })).shaders)
        inputs.push({ name: `${s.path} (${debugInfo})`, words: s.words, targetEnv: s.targetEnv });
    }
    expect(inputs.length).toBeGreaterThan(500);
    const problems: string[] = [];
    const outputs: { name: string; words: Uint32Array; targetEnv: string }[] = [];
    const changed = new Map<string, number>();
    for (const input of inputs) {
      const ssa = after(input.words, ['ssa-rewrite'], input.targetEnv);
      if (typeof ssa === 'string') {
        problems.push(`${input.name} [ssa-rewrite]: ${ssa}`);
        continue;
      }
      const forced = after(ssa.words, [], input.targetEnv, markUnroll);
      const cases = [
        { list: 'loop-unroll', words: input.words },
        { list: 'ssa-rewrite loop-unroll', words: ssa.words },
        { list: 'ssa-rewrite, every loop Unroll, loop-unroll', words: typeof forced === 'string' ? ssa.words : forced.words },
      ];
      for (const c of cases) {
        const name = `${input.name} [${c.list}]`;
        const first = after(c.words, ['loop-unroll'], input.targetEnv);
        if (typeof first === 'string') {
          problems.push(`${name}: ${first}`);
          continue;
        }
        if (!first.changed) {
          if (!same(first.words, c.words)) problems.push(`${name}: reported no change, yet the bytes differ`);
          continue;
        }
        changed.set(c.list, (changed.get(c.list) ?? 0) + 1);
        const second = after(first.words, ['loop-unroll'], input.targetEnv);
        if (typeof second === 'string' || second.changed) problems.push(`${name}: a second run changed the module again`);
        outputs.push({ name, words: first.words, targetEnv: input.targetEnv });
      }
    }
    await mapBounded(outputs, 2, async (o) => {
      const verdict = await spirvVal(o.words, o.targetEnv);
      if (!verdict.ok) problems.push(`${o.name}: spirv-val: ${verdict.message}`);
    });
    console.info(`[loop passes] ${inputs.length} inputs; changed per list: ${JSON.stringify(Object.fromEntries(changed))}`);
    expect(problems, problems.slice(0, 20).join('\n')).toEqual([]);
    // With every loop asking for it, many of the corpus' constant loops unroll.
    expect(changed.get('ssa-rewrite, every loop Unroll, loop-unroll') ?? 0).toBeGreaterThan(20);
  });
});
