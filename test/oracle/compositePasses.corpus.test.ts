/**
 * The composite optimizer passes (combine-access-chains, copy-propagate-arrays, reduce-load-size,
 * eliminate-dead-members) over the project corpus and the shader folder: each pass alone gives a
 * module Debian spirv-val accepts in the input's target env, a second run changes nothing, and a
 * module a pass leaves alone keeps its bytes.
 */
import { decodeModule, encodeModule, runPasses } from '@spvkit/core';
import { describe, expect, test } from 'vitest';
import '../../packages/passes/src/index.js';
import { corpusToolsAvailable, loadCorpus, spirvVal } from '../corpus/index.js';
import { loadShaderFolder } from '../shaders/folder.mjs';

const tools = corpusToolsAvailable();
const required = process.env.SPVKIT_REQUIRE_ORACLES === '1';
if (!tools.ok) console.warn(`[compositePasses.corpus] SKIPPED: ${tools.reason}`);

const PASSES = ['combine-access-chains', 'copy-propagate-arrays', 'reduce-load-size', 'eliminate-dead-members'];

function run(words: Uint32Array, pass: string): { words: Uint32Array; changed: boolean; problems: string[] } {
  const module = decodeModule(words);
  const result = runPasses(module, [pass]);
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
    for (const input of inputs) {
      for (const pass of PASSES) {
        const name = `${input.name} [${pass}]`;
        const once = run(input.words, pass);
        if (once.problems.length > 0) {
          problems.push(`${name}: ${once.problems.join('; ')}`);
          continue;
        }
        if (!once.changed) {
          if (!same(once.words, input.words)) problems.push(`${name}: reported no change, yet the bytes differ`);
          continue;
        }
        changedBy.set(pass, (changedBy.get(pass) ?? 0) + 1);
        const twice = run(once.words, pass);
        if (twice.changed || !same(twice.words, once.words)) problems.push(`${name}: a second run changed the module`);
        checks.push({ name, words: once.words, targetEnv: input.targetEnv });
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
    // Each pass finds work in the corpus and the folder, so the checks above judged real edits.
    console.info([...changedBy].map(([pass, n]) => `${pass}: ${n} of ${inputs.length} changed`).join('; '));
    for (const pass of PASSES) expect(changedBy.get(pass), pass).toBeGreaterThan(0);
  });
});
