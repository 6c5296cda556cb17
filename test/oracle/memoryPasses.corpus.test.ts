/**
 * The memory-to-register passes (private-to-local, eliminate-local-single-block,
 * eliminate-local-single-store, ssa-rewrite, convert-local-access-chains, scalar-replacement) over the project corpus (glslang output for every stage, plain, -g and -gV, and the
 * hand-written assembly) and the shader folder (Debian glslangValidator, plain and -gV): each pass
 * alone, and the three in spirv-opt's -O order, give modules Debian spirv-val accepts in the
 * input's target env; a run that reports no change leaves the bytes as they were; and the passes
 * do change many modules, so the check is not over untouched inputs.
 */
import { decodeModule, encodeModule, runPasses } from '@spvkit/core';
import '@spvkit/passes';
import { expect, it } from 'vitest';
import { corpusToolsAvailable, loadCorpus, spirvVal } from '../corpus/index.js';
import { loadShaderFolder, mapBounded } from '../shaders/folder.mjs';
import { describeWithOracle } from '../support/oracles.js';

const LISTS: readonly (readonly string[])[] = [
  ['eliminate-local-single-block'],
  ['eliminate-local-single-store'],
  ['ssa-rewrite'],
  ['private-to-local'],
  ['convert-local-access-chains'],
  ['scalar-replacement=0'],
  ['eliminate-local-multi-store'],
  ['private-to-local', 'eliminate-local-single-block', 'eliminate-local-single-store', 'ssa-rewrite'],
  // The order of spirv-opt -O, less the passes of other groups.
  [
    'private-to-local',
    'eliminate-local-single-block',
    'eliminate-local-single-store',
    'scalar-replacement=0',
    'convert-local-access-chains',
    'eliminate-local-single-block',
    'eliminate-local-single-store',
    'ssa-rewrite',
  ],
];

const same = (a: Uint32Array, b: Uint32Array): boolean => a.length === b.length && a.every((w, i) => w === b[i]);

describeWithOracle('memory-to-register passes on the corpus and the shader folder', corpusToolsAvailable(), () => {
  it('every pass and list gives modules spirv-val accepts', { timeout: 900_000 }, async () => {
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
      for (const list of LISTS) {
        const name = `${input.name} [${list.join(' ')}]`;
        const module = decodeModule(input.words);
        const result = runPasses(module, list, { targetEnv: input.targetEnv, checkConsistency: true });
        if (!result.ok) {
          problems.push(`${name}: ${result.diagnostics.map((d) => d.message).join('; ')}`);
          continue;
        }
        const words = encodeModule(module);
        if (!result.changed) {
          if (!same(words, input.words)) problems.push(`${name}: reported no change, yet the bytes differ`);
          continue;
        }
        changed.set(list.join(' '), (changed.get(list.join(' ')) ?? 0) + 1);
        outputs.push({ name, words, targetEnv: input.targetEnv });
      }
    }
    await mapBounded(outputs, 2, async (o) => {
      const verdict = await spirvVal(o.words, o.targetEnv);
      if (!verdict.ok) problems.push(`${o.name}: spirv-val: ${verdict.message}`);
    });
    console.info(`[memory passes] ${inputs.length} inputs; changed per list: ${JSON.stringify(Object.fromEntries(changed))}`);
    expect(problems, problems.slice(0, 20).join('\n')).toEqual([]);
    // Private variables are rarer than locals (glslang makes them of globals without a storage
    // qualifier), and constant-index chains into locals rarer than plain loads and stores.
    const fewest = (list: readonly string[]): number =>
      list.length > 1
        ? inputs.length / 4
        : ({ 'private-to-local': 2, 'convert-local-access-chains': inputs.length / 8, 'scalar-replacement=0': inputs.length / 20 }[list[0]] ??
          inputs.length / 4);
    for (const list of LISTS) expect(changed.get(list.join(' ')) ?? 0, list.join(' ')).toBeGreaterThan(fewest(list));
  });
});
