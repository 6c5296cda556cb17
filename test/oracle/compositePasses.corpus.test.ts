/**
 * The composite optimizer passes (combine-access-chains, copy-propagate-arrays, reduce-load-size,
 * eliminate-dead-members) over the project corpus and the shader folder, as compiled and as the
 * passes spvkit has of spirv-opt's recipe before the pass's place (-O, or -Os for
 * eliminate-dead-members) leave them, which is where the pass finds its work: each pass alone
 * gives a module Debian spirv-val accepts in the input's target env, a second run changes nothing,
 * and a module a pass leaves alone keeps its bytes.
 */
import { decodeModule, encodeModule, runPasses } from '@spvkit/core';
import { describe, expect, test } from 'vitest';
import { availableRecipe, PERFORMANCE_PASSES, SIZE_PASSES } from '../../packages/passes/src/index.js';
import { corpusToolsAvailable, loadCorpus, spirvVal } from '../corpus/index.js';
import { loadShaderFolder } from '../shaders/folder.mjs';

const tools = corpusToolsAvailable();
const required = process.env.SPVKIT_REQUIRE_ORACLES === '1';
if (!tools.ok) console.warn(`[compositePasses.corpus] SKIPPED: ${tools.reason}`);

const PASSES = ['combine-access-chains', 'copy-propagate-arrays', 'reduce-load-size', 'eliminate-dead-members'];

/** The passes spvkit has of the recipe that runs `pass` (the size one for eliminate-dead-members), before its first place there. */
function prefixOf(pass: string): readonly string[] {
  const recipe = pass === 'eliminate-dead-members' ? SIZE_PASSES : PERFORMANCE_PASSES;
  return availableRecipe(
    recipe.slice(
      0,
      recipe.findIndex((spec) => spec.split('=')[0] === pass),
    ),
  ).passes;
}

function run(words: Uint32Array, passes: string | readonly string[], targetEnv?: string): { words: Uint32Array; changed: boolean; problems: string[] } {
  const module = decodeModule(words);
  const result = runPasses(module, typeof passes === 'string' ? [passes] : passes, targetEnv === undefined ? {} : { targetEnv });
  return { words: encodeModule(module), changed: result.changed, problems: result.ok ? [] : result.diagnostics.map((d) => d.message) };
}

const same = (a: Uint32Array, b: Uint32Array): boolean => a.length === b.length && a.every((w, i) => w === b[i]);

describe.skipIf(!tools.ok && !required)('composite passes on the corpus and the shader folder', () => {
  test('corpus tools are available', () => {
    expect(tools.ok, tools.reason).toBe(true);
  });

  test('each pass alone: valid out, idempotent, unchanged bytes where nothing changed', { timeout: 900_000 }, async () => {
    const corpus = await loadCorpus();
    const folder = await loadShaderFolder();
    const inputs = [
      ...corpus.map((m) => ({ name: m.name, words: m.words, targetEnv: m.targetEnv })),
      ...folder.shaders.map((s) => ({ name: `shaders/${s.path}`, words: s.words, targetEnv: s.targetEnv })),
    ];
    expect(inputs.length).toBeGreaterThan(corpus.length);
    const problems: string[] = [];
    const checks: { name: string; words: Uint32Array; targetEnv: string }[] = [];
    const changedBy = new Map<string, number>(PASSES.map((p) => [p, 0]));
    const changedAfterPrefix = new Map<string, number>(PASSES.map((p) => [p, 0]));
    const prefixes = new Map<string, Uint32Array | undefined>();
    for (const input of inputs) {
      for (const pass of PASSES) {
        // As compiled, and as the recipe's earlier passes leave it (a prefix that fails is theirs to answer for).
        const prefix = prefixOf(pass);
        const key = `${input.name}\n${prefix.join(',')}`;
        if (!prefixes.has(key)) {
          const r = run(input.words, prefix, input.targetEnv);
          prefixes.set(key, r.problems.length === 0 ? r.words : undefined);
        }
        const variants: { name: string; words: Uint32Array; count: Map<string, number> }[] = [
          { name: `${input.name} [${pass}]`, words: input.words, count: changedBy },
        ];
        const prepared = prefixes.get(key);
        if (prepared !== undefined) variants.push({ name: `${input.name} [-O prefix, ${pass}]`, words: prepared, count: changedAfterPrefix });
        for (const { name, words, count } of variants) {
          const once = run(words, pass);
          if (once.problems.length > 0) {
            problems.push(`${name}: ${once.problems.join('; ')}`);
            continue;
          }
          if (!once.changed) {
            if (!same(once.words, words)) problems.push(`${name}: reported no change, yet the bytes differ`);
            continue;
          }
          count.set(pass, (count.get(pass) ?? 0) + 1);
          const twice = run(once.words, pass);
          if (twice.changed || !same(twice.words, once.words)) problems.push(`${name}: a second run changed the module`);
          checks.push({ name, words: once.words, targetEnv: input.targetEnv });
        }
      }
    }
    for (let i = 0; i < checks.length; i += 8) {
      const batch = checks.slice(i, i + 8);
      const results = await Promise.all(batch.map((c) => spirvVal(c.words, c.targetEnv)));
      results.forEach((r, k) => {
        if (!r.ok) problems.push(`${batch[k].name}: spirv-val: ${r.message}`);
      });
    }
    expect(problems, problems.join('\n')).toEqual([]);
    // Each pass but reduce-load-size finds work, so the checks above judged real edits. glslang
    // loads Uniform and Input memory member by member, never a struct whole to extract from (nor
    // does HEAD spirv-opt's reduce-load-size change any function of these modules): its edits are
    // proven by its unit and execution tests; here it must leave every module as it was.
    console.info(
      [...changedBy]
        .map(([pass, n]) => `${pass}: ${n} of ${inputs.length} changed as compiled, ${changedAfterPrefix.get(pass)} after the recipe's earlier passes`)
        .join('; '),
    );
    for (const pass of PASSES.filter((p) => p !== 'reduce-load-size'))
      expect((changedBy.get(pass) ?? 0) + (changedAfterPrefix.get(pass) ?? 0), pass).toBeGreaterThan(0);
  });
});
