// The fuzz loop, shared by the CI suite (fixed seed, small budget) and long campaigns.
import { binaryMutators } from './binaryMutators.js';
import { checkProperty, type Violation } from './property.js';
import { Random } from './random.js';
import { binaryTargets, textTargets } from './targets.js';
import { textMutators } from './textMutators.js';

export interface FuzzCorpus {
  readonly binaries: readonly Uint32Array[];
  readonly texts: readonly string[];
}

export interface FuzzReport {
  executions: number;
  byTarget: Record<string, number>;
  outcomes: Record<string, number>;
  violations: Violation[];
}

/**
 * Runs mutated inputs through every target until `budgetMs` is spent. Every execution's seed is
 * derived from `seed` and its index, so a violation can be replayed alone.
 */
export function runFuzz(corpus: FuzzCorpus, seed: number, budgetMs: number, measureEvery = 16): FuzzReport {
  const report: FuzzReport = { executions: 0, byTarget: {}, outcomes: {}, violations: [] };
  const bins = binaryTargets();
  const texts = textTargets();
  const binaryNames = Object.keys(binaryMutators);
  const textNames = Object.keys(textMutators);
  const deadline = performance.now() + budgetMs;
  for (let i = 0; performance.now() < deadline; i++) {
    const caseSeed = (seed * 0x9e3779b1 + i) >>> 0;
    const rng = new Random(caseSeed);
    const useText = texts.length > 0 && corpus.texts.length > 0 && rng.chance(0.3);
    if (useText) {
      const mutator = rng.pick(textNames);
      const input = textMutators[mutator](rng.pick(corpus.texts), rng);
      for (const target of texts) run(report, target.name, mutator, caseSeed, () => target.run(input), input.length * 2, i % measureEvery === 0);
    } else {
      if (corpus.binaries.length === 0) break;
      const mutator = rng.pick(binaryNames);
      const input = binaryMutators[mutator](rng.pick(corpus.binaries), rng, rng.pick(corpus.binaries));
      for (const target of bins) run(report, target.name, mutator, caseSeed, () => target.run(input), input.byteLength, i % measureEvery === 0);
    }
  }
  return report;
}

function run(report: FuzzReport, target: string, mutator: string, seed: number, fn: () => unknown, bytes: number, measure: boolean): void {
  // Grammar tables are built on first use, per opcode or operand kind (so pages load only what
  // they use): that one-time cost lands on whichever input first needs a table. A measured input
  // therefore runs once unmeasured (time and error type still checked), then again with its
  // allocation counted: what it allocates each time, not the process's warm-up.
  let r = checkProperty(fn, bytes, false);
  if (measure && r.problem === undefined) r = checkProperty(fn, bytes, true);
  report.executions++;
  report.byTarget[target] = (report.byTarget[target] ?? 0) + 1;
  if (r.problem !== undefined) report.violations.push({ target, mutator, seed, problem: r.problem });
  else report.outcomes[`${target}:${r.outcome}`] = (report.outcomes[`${target}:${r.outcome}`] ?? 0) + 1;
}
