// The validator never throws: random damage to valid modules (words set to random values, small
// ids, opcodes; cut short) gives findings or none, each with a known rule code, in bounded time.
import { RULES, validate } from '@spvkit/validator';
import { expect, it } from 'vitest';
import { corpusToolsAvailable, loadCorpus } from '../corpus/index.js';
import { Random } from '../fuzz/random.js';
import { describeWithOracle } from '../support/oracles.js';

describeWithOracle('validator: robustness on damaged modules', corpusToolsAvailable(), () => {
  it('returns findings, never throws, on 3000 damaged modules', { timeout: 300_000 }, async () => {
    const modules = await loadCorpus();
    const random = new Random(0x19da);
    let rejected = 0;
    for (let n = 0; n < 3000; n++) {
      const words = random.pick(modules).words.slice();
      const damage = random.below(4);
      const at = 5 + random.below(words.length - 5);
      if (damage === 0) words[at] = random.u32();
      else if (damage === 1) words[at] = random.below(words[3] + 2);
      else if (damage === 2) words[at] = (words[at] & 0xffff0000) | random.below(400);
      const input = damage === 3 ? words.subarray(0, at) : words;
      const started = performance.now();
      let found: ReturnType<typeof validate>;
      try {
        found = validate(input);
      } catch (e) {
        throw new Error(`damage ${damage} at word ${at} of module ${n}`, { cause: e });
      }
      expect(performance.now() - started).toBeLessThan(2000);
      for (const d of found) expect(RULES[d.code], d.code).toBeDefined();
      if (found.length > 0) rejected++;
    }
    expect(rejected).toBeGreaterThan(1000);
  });
});
