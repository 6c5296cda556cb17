/**
 * `-O` and `-Os` (the passes of spirv-opt's recipes that spvkit has, in spirv-opt's order) on
 * every module of the corpus (every stage, plain, `-g` and `-gV`) and on the 359 folder shaders
 * built without debug info and with `-gV`: every output passes Debian spirv-val in the
 * input's target env where the input does,
 * @spvkit/validator finds nothing in an output it did not find in the input, and the recipe
 * shrinks the set.
 */
import { decodeModule, encodeModule, formatDiagnostic, runPasses } from '@spvkit/core';
import { availableRecipe, PERFORMANCE_PASSES, SIZE_PASSES } from '@spvkit/passes';
import { validate } from '@spvkit/validator';
import { describe, expect, test } from 'vitest';
import { corpusToolsAvailable, loadCorpus, spirvVal } from '../corpus/index.js';
import { loadShaderFolder } from '../shaders/folder.mjs';

const tools = corpusToolsAvailable();
const required = process.env.SPVKIT_REQUIRE_ORACLES === '1';
if (!tools.ok) console.warn(`[optimizerRecipes.corpus] SKIPPED: ${tools.reason}`);

interface Input {
  name: string;
  words: Uint32Array;
  targetEnv: string;
}

/** @spvkit/validator's findings, by rule and message, so those of the input can be told apart. */
const findings = (words: Uint32Array, targetEnv: string): string[] => validate(words, { targetEnv }).map((d) => formatDiagnostic(d));

describe.skipIf(!tools.ok && !required)('-O and -Os on the corpus and the shader folder', () => {
  test('corpus tools are available', () => {
    expect(tools.ok, tools.reason).toBe(true);
  });

  let inputs: Promise<Input[]> | undefined;
  const load = (): Promise<Input[]> =>
    (inputs ??= (async () => {
      // The folder's -g build is left out for time: the corpus's -g variants carry OpLine.
      const [corpus, folder, folderGV] = await Promise.all([loadCorpus(), loadShaderFolder(), loadShaderFolder({ debugInfo: 'gV' })]);
      return [
        ...corpus.map((m) => ({ name: m.name, words: m.words, targetEnv: m.targetEnv })),
        ...folder.shaders.map((s) => ({ name: `shaders/${s.path}`, words: s.words, targetEnv: s.targetEnv })),
        ...folderGV.shaders.map((s) => ({ name: `shaders/${s.path} -gV`, words: s.words, targetEnv: s.targetEnv })),
      ];
    })());

  for (const [flag, recipe] of [
    ['-O', PERFORMANCE_PASSES],
    ['-Os', SIZE_PASSES],
  ] as const) {
    test(`${flag}: every output valid`, { timeout: 900_000 }, async () => {
      const all = await load();
      expect(all.length).toBeGreaterThan(800);
      const { passes } = availableRecipe(recipe);
      const problems: string[] = [];
      const outputs: (Input & { input: Uint32Array })[] = [];
      let bytesIn = 0;
      let bytesOut = 0;
      for (const input of all) {
        const module = decodeModule(input.words);
        const r = runPasses(module, passes, { targetEnv: input.targetEnv });
        if (!r.ok) {
          problems.push(`${input.name}: ${r.diagnostics.map((d) => d.message).join('; ')}`);
          continue;
        }
        const words = encodeModule(module);
        bytesIn += input.words.byteLength;
        bytesOut += words.byteLength;
        outputs.push({ ...input, words, input: input.words });
      }
      // Debian's spirv-val (2023.1) rejects a few inputs (NonSemantic debug info of buffer
      // references, from a newer glslang than it knows): those are held to @spvkit/validator only.
      let invalidInputs = 0;
      for (let i = 0; i < outputs.length; i += 8) {
        const batch = outputs.slice(i, i + 8);
        const verdicts = await Promise.all(batch.map(async (o) => ((await spirvVal(o.input, o.targetEnv)).ok ? spirvVal(o.words, o.targetEnv) : undefined)));
        verdicts.forEach((v, k) => {
          if (v === undefined) invalidInputs++;
          else if (!v.ok) problems.push(`${batch[k].name}: spirv-val: ${v.message}`);
        });
      }
      expect(invalidInputs).toBeLessThan(outputs.length / 100);
      for (const o of outputs) {
        const before = new Set(findings(o.input, o.targetEnv));
        for (const f of findings(o.words, o.targetEnv)) if (!before.has(f)) problems.push(`${o.name}: @spvkit/validator: ${f}`);
      }
      expect(problems, problems.slice(0, 20).join('\n')).toEqual([]);
      expect(bytesOut).toBeLessThan(bytesIn * 0.95);
      console.info(
        `${flag}: ${outputs.length} modules, ${bytesIn} -> ${bytesOut} bytes, all valid (${invalidInputs} inputs spirv-val rejects, held to @spvkit/validator alone)`,
      );
    });
  }
});
