/**
 * merge-return and inline-entry-points-exhaustive over the whole project corpus (glslang output
 * for every stage, plain, -g and -gV, and the hand-written assembly) and the shader folder: each
 * pass alone, and the two followed by eliminate-dead-functions as spirv-opt's -O runs them, give
 * modules Debian's spirv-val accepts in the input's target env; a run that reports no change
 * leaves the bytes as they were, and a second run changes nothing. Each list must have changed
 * modules (glslang keeps GLSL functions as functions, and early returns as returns), so the suite
 * does not pass on passes that do nothing; after the three, no call the inliner could take is left.
 */
import { decodeModule, encodeModule, Op, runPasses } from '@spvkit/core';
import '@spvkit/passes';
import { expect, it } from 'vitest';
import { corpusToolsAvailable, loadCorpus } from '../corpus/index.js';
import { glslangValidatorVersion, loadShaderFolder, mapBounded } from '../shaders/folder.mjs';
import { describeWithOracle } from '../support/oracles.js';
import { spirvValVerdictAsync } from '../support/spirvValVerdicts.js';

const LISTS: readonly (readonly string[])[] = [
  ['merge-return'],
  ['inline-entry-points-exhaustive'],
  ['merge-return', 'inline-entry-points-exhaustive', 'eliminate-dead-functions'],
];

const tools = corpusToolsAvailable();
const availability = !tools.ok ? tools : glslangValidatorVersion() === undefined ? { ok: false, reason: 'glslangValidator is not installed' } : { ok: true };

const same = (a: Uint32Array, b: Uint32Array): boolean => a.length === b.length && a.every((w, i) => w === b[i]);

function run(words: Uint32Array, passes: readonly string[], targetEnv: string): { words: Uint32Array; changed: boolean; problems: string[] } {
  const module = decodeModule(words);
  const result = runPasses(module, passes, { targetEnv, checkConsistency: true });
  return { words: encodeModule(module), changed: result.changed, problems: result.ok ? [] : result.diagnostics.map((d) => d.message) };
}

/** How many OpFunctionCall instructions the module holds. */
function calls(words: Uint32Array): number {
  let n = 0;
  for (const inst of decodeModule(words).instructions()) if (inst.opcode === Op.FunctionCall) n++;
  return n;
}

describeWithOracle('merge-return and inline-entry-points-exhaustive on the corpus and the shader folder: valid out', availability, () => {
  it('gives modules spirv-val accepts; no change means the same bytes; a second run changes nothing', { timeout: 900_000 }, async () => {
    const inputs: { name: string; words: Uint32Array; targetEnv: string }[] = [];
    for (const m of await loadCorpus()) inputs.push({ name: m.name, words: m.words, targetEnv: m.targetEnv });
    for (const s of (await loadShaderFolder()).shaders) inputs.push({ name: `folder/${s.path}`, words: s.words, targetEnv: s.targetEnv });
    expect(inputs.length).toBeGreaterThan(300);
    const problems: string[] = [];
    const checks: { name: string; words: Uint32Array; targetEnv: string }[] = [];
    const changed = new Map<string, number>(LISTS.map((l) => [l.join(','), 0]));
    let callsBefore = 0;
    let callsAfter = 0;
    for (const input of inputs) {
      for (const list of LISTS) {
        const key = list.join(',');
        const name = `${input.name} [${key}]`;
        const once = run(input.words, list, input.targetEnv);
        if (once.problems.length > 0) {
          problems.push(`${name}: ${once.problems.join('; ')}`);
          continue;
        }
        if (list.length === 3) {
          callsBefore += calls(input.words);
          callsAfter += calls(once.words);
        }
        if (!once.changed) {
          if (!same(once.words, input.words)) problems.push(`${name}: reported no change, yet the bytes differ`);
          continue;
        }
        changed.set(key, changed.get(key)! + 1);
        const twice = run(once.words, list, input.targetEnv);
        if (twice.changed || !same(twice.words, once.words)) problems.push(`${name}: a second run changed the module`);
        checks.push({ name, words: once.words, targetEnv: input.targetEnv });
      }
    }
    const verdicts = await mapBounded(checks, 2, (c: (typeof checks)[number]) => spirvValVerdictAsync(c.words, c.targetEnv));
    verdicts.forEach((v, k) => {
      if (!v.ok) problems.push(`${checks[k].name}: spirv-val: ${v.message}`);
    });
    expect(problems, problems.slice(0, 30).join('\n')).toEqual([]);
    console.info(
      `[inline] ${inputs.length} inputs; changed: ${[...changed].map(([p, n]) => `${p} ${n}`).join('; ')}; ${checks.length} outputs validated; calls ${callsBefore} before, ${callsAfter} after the three`,
    );
    for (const [list, n] of changed) expect(n, `${list} changed no module`).toBeGreaterThan(10);
    expect(callsAfter).toBeLessThan(callsBefore / 10);
  });
});
