// The environment family on damaged modules, in their own target environments (the shared
// robustness suite validates without one, where the Vulkan rules stay off): never a throw, a
// known rule code for every finding, bounded time. Damage aimed where this family reads: entry
// points, modes, decorations, variables, pointer and image types.
import { RULES, validate } from '@spvkit/validator';
import { expect, it } from 'vitest';
import { corpusToolsAvailable, loadCorpus } from '../corpus/index.js';
import { Random } from '../fuzz/random.js';
import { describeWithOracle } from '../support/oracles.js';

/** OpEntryPoint, OpExecutionMode, OpExecutionModeId, OpTypeImage, OpTypeSampledImage, OpTypePointer, OpVariable, OpDecorate, OpMemberDecorate, OpMemoryModel. */
const AIMED = new Set([15, 16, 331, 25, 27, 32, 59, 71, 72, 14]);

describeWithOracle('environment: robustness on damaged modules', corpusToolsAvailable(), () => {
  it('never throws on 2000 modules damaged where the family reads', { timeout: 300_000 }, async () => {
    const modules = await loadCorpus();
    const random = new Random(0xe5f1);
    for (let n = 0; n < 2000; n++) {
      const m = random.pick(modules);
      const words = m.words.slice();
      const aimed: number[] = [];
      for (let at = 5; at < words.length && words[at] >>> 16 > 0; at += words[at] >>> 16) if (AIMED.has(words[at] & 0xffff)) aimed.push(at);
      const at = random.pick(aimed);
      const k = at + random.below(words[at] >>> 16);
      const damage = random.below(3);
      if (damage === 0) words[k] = random.u32();
      else if (damage === 1) words[k] = random.below(words[3] + 2);
      else words[k] = random.below(8);
      const started = performance.now();
      let found: ReturnType<typeof validate>;
      try {
        found = validate(words, { targetEnv: m.targetEnv });
      } catch (e) {
        throw new Error(`word ${k} of ${m.name} := ${words[k]}`, { cause: e });
      }
      expect(performance.now() - started).toBeLessThan(2000);
      for (const d of found) expect(RULES[d.code], d.code).toBeDefined();
    }
  });
});
