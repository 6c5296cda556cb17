// Fixed-seed fuzzing in CI (about a minute of budget); `node test/fuzz/campaign.mjs` runs long
// campaigns with other seeds. See runFuzz.ts for the property.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { corpusToolsAvailable, loadCorpus, asmDir } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';
import { runFuzz } from './runFuzz.js';
import { missingTargets } from './targets.js';

const SEED = Number(process.env.SPVKIT_FUZZ_SEED ?? 20261130);
const BUDGET_MS = Number(process.env.SPVKIT_FUZZ_BUDGET_MS ?? 45_000);

const texts = readdirSync(asmDir)
  .filter((f) => f.endsWith('.spvasm'))
  .map((f) => readFileSync(join(asmDir, f), 'utf8'));

describeWithOracle('fuzzing decode, encode, disassemble, assemble, the passes and the validator', corpusToolsAvailable(), () => {
  it(
    `holds the property for ${BUDGET_MS / 1000} s of mutated inputs (seed ${SEED})`,
    async () => {
      const corpus = await loadCorpus();
      // Small modules mutate and run fastest; the property does not depend on size.
      const binaries = corpus.map((m) => m.words).filter((w) => w.length < 20_000);
      const report = runFuzz({ binaries, texts }, SEED, BUDGET_MS);
      console.log(
        `fuzz: ${report.executions} executions; per target ${JSON.stringify(report.byTarget)}; outcomes ${JSON.stringify(report.outcomes)}` +
          (missingTargets().length ? `; targets not built yet: ${missingTargets().join(', ')}` : ''),
      );
      for (const v of report.violations.slice(0, 10)) console.log(`fuzz violation: ${v.target} ${v.mutator} seed ${v.seed}: ${v.problem}`);
      expect(missingTargets()).toEqual([]);
      expect(report.violations.slice(0, 10)).toEqual([]);
      expect(report.executions).toBeGreaterThan(1000);
    },
    BUDGET_MS + 60_000,
  );
});
