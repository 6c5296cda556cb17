// The CLI under mutated input: every run exits 0 or 1 (1 with a message on standard error),
// never with a stack trace, never hanging.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { asmDir, corpusToolsAvailable, loadCorpus } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';
import { runCli } from '../support/runCli.js';
import { binaryMutators } from './binaryMutators.js';
import { Random } from './random.js';
import { textMutators } from './textMutators.js';

const SEED = Number(process.env.SPVKIT_FUZZ_SEED ?? 20261130);
const RUNS = Number(process.env.SPVKIT_FUZZ_CLI_RUNS ?? 2000);

describeWithOracle('fuzzing the spvkit command', corpusToolsAvailable(), () => {
  it(`exits 0 or 1 with a message, never a stack trace (${RUNS} runs, seed ${SEED})`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spvkit-cli-fuzz-'));
    const binaries = (await loadCorpus()).map((m) => m.words).filter((w) => w.length < 20_000);
    const texts = readdirSync(asmDir)
      .filter((f) => f.endsWith('.spvasm'))
      .map((f) => readFileSync(join(asmDir, f), 'utf8'));
    const rng = new Random(SEED);
    const binaryNames = Object.keys(binaryMutators);
    const textNames = Object.keys(textMutators);
    const outcomes: Record<string, number> = {};
    const problems: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      let args: string[];
      let label: string;
      if (rng.chance(0.3)) {
        const mutator = rng.pick(textNames);
        const file = join(dir, `in${i}.spvasm`);
        writeFileSync(file, textMutators[mutator](rng.pick(texts), rng));
        args = rng.pick([
          ['as', file, '-o', join(dir, 'out.spv')],
          ['val', file],
          ['opt', file, '-o', join(dir, 'out.spvasm'), '--lower-local-invocation-index'],
        ]);
        label = `text/${mutator}`;
      } else {
        const mutator = rng.pick(binaryNames);
        const words = binaryMutators[mutator](rng.pick(binaries), rng, rng.pick(binaries));
        const file = join(dir, `in${i}.spv`);
        writeFileSync(file, new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
        args = rng.pick([
          ['info', file],
          ['dis', file, '-o', join(dir, 'out.spvasm')],
          ['val', file],
          ['opt', file, '-o', join(dir, 'out.spv'), '--lower-local-invocation-index'],
        ]);
        label = `binary/${mutator}`;
      }
      const started = performance.now();
      const { code, stderr } = await runCli(args);
      const ms = performance.now() - started;
      outcomes[`${args[0]}:${code}`] = (outcomes[`${args[0]}:${code}`] ?? 0) + 1;
      if (code !== 0 && code !== 1) problems.push(`${label} ${args[0]}: exit ${code}: ${stderr.slice(0, 300)}`);
      if (code === 1 && stderr.trim().length === 0) problems.push(`${label} ${args[0]}: exit 1 without a message`);
      if (/\n\s+at .+:\d+:\d+/.test(stderr)) problems.push(`${label} ${args[0]}: stack trace: ${stderr.slice(0, 300)}`);
      if (ms > 2000) problems.push(`${label} ${args[0]}: took ${ms.toFixed(0)} ms`);
    }
    console.log(`cli fuzz: ${RUNS} runs; ${JSON.stringify(outcomes)}`);
    expect(problems.slice(0, 10)).toEqual([]);
  }, 300_000);
});
