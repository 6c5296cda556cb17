// No false positives on what the passes write: every built-in pass (and the release list), run on
// every corpus module, gives a module the validator accepts wherever spirv-val accepts it.
import { decodeModule, encodeModule, formatDiagnostic, runPasses } from '@spvkit/core';
import { RELEASE_PASSES } from '@spvkit/passes';
import { validate } from '@spvkit/validator';
import { expect, it } from 'vitest';
import { corpusToolsAvailable, loadCorpus, spirvVal } from '../corpus/index.js';
import { mapBounded } from '../shaders/folder.mjs';
import { describeWithOracle } from '../support/oracles.js';

const LISTS: readonly (readonly string[])[] = [
  ['strip-debug'],
  ['strip-nonsemantic'],
  ['eliminate-dead-functions'],
  ['eliminate-dead-const'],
  ['eliminate-dead-variables'],
  ['remove-unused-interface-variables'],
  ['compact-ids'],
  ['lower-local-invocation-index'],
  ['freeze-spec-const', 'fold-spec-const-op-composite'],
  RELEASE_PASSES,
];

describeWithOracle('validator: no false positives on pass outputs', corpusToolsAvailable(), () => {
  it('accepts every pass output of every corpus module that spirv-val accepts', { timeout: 600_000 }, async () => {
    const modules = await loadCorpus();
    const outputs: { name: string; words: Uint32Array; targetEnv: string }[] = [];
    for (const m of modules) {
      for (const list of LISTS) {
        const module = decodeModule(m.words);
        const result = runPasses(module, list, { targetEnv: m.targetEnv });
        if (!result.ok || !result.changed) continue;
        outputs.push({ name: `${m.name} after ${list.join(',')}`, words: encodeModule(module), targetEnv: m.targetEnv });
      }
    }
    expect(outputs.length).toBeGreaterThan(200);
    const problems: string[] = [];
    let judged = 0;
    await mapBounded(outputs, 2, async (o) => {
      const ours = validate(o.words, { targetEnv: o.targetEnv });
      if (ours.length === 0) return;
      const theirs = await spirvVal(o.words, o.targetEnv);
      judged++;
      if (theirs.ok) problems.push(`${o.name}: ${ours.map(formatDiagnostic).join(' | ')}`);
    });
    console.log(`[validator] ${outputs.length} pass outputs validated, ${judged} rejected (spirv-val agreeing on each)`);
    expect(problems, problems.slice(0, 20).join('\n')).toEqual([]);
  });
});
