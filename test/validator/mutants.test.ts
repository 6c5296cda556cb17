// Differential slice (CI's part of issue 19's campaign, campaign.mjs being the whole): seeded
// mutants of every kind of mutate.ts, of valid corpus modules and shader-folder shaders, judged by
// Debian's spirv-val 2023.1 and by the validator; they must agree on accept/reject for every
// mutant, but for the known differences listed in knownDifferences.ts. Where both reject, the
// families must be related (spirv-val's message is matched to one of ours).
// 2,100 mutants by default (SPVKIT_VALIDATOR_MUTANTS per kind, 140): about 2 minutes on 2 idle cores
// (600 took 32 s at a load of 3); the timeout allows for a machine many times as loaded.
import { validate } from '@spvkit/validator';
import { expect, it } from 'vitest';
import { corpusToolsAvailable, loadCorpus, spirvVal } from '../corpus/index.js';
import { Random } from '../fuzz/random.js';
import { loadShaderFolder, mapBounded } from '../shaders/folder.mjs';
import { describeWithOracle } from '../support/oracles.js';
import { explain, explainFamily } from './knownDifferences.js';
import { MUTATION_KINDS, mutate, type Mutant } from './mutate.js';
import { spirvValFamily, spirvValPattern } from './spirvValFamilies.js';

const SEED = 0x5eed19;
const PER_KIND = Number(process.env.SPVKIT_VALIDATOR_MUTANTS ?? 140);

describeWithOracle('validator: agreement with spirv-val on mutants', corpusToolsAvailable(), () => {
  it(`agrees on ${PER_KIND} mutants of each kind`, { timeout: 1_500_000 }, async () => {
    // Both sets are valid under Debian's spirv-val: corpus.test.ts and shaders.test.ts prove it.
    const corpus = (await loadCorpus()).filter((m) => m.kind === 'glsl');
    const folder = (await loadShaderFolder()).shaders.map((s) => ({ name: `shaders/${s.path}`, words: s.words, targetEnv: s.targetEnv }));
    expect(corpus.length).toBeGreaterThan(20);
    expect(folder.length).toBeGreaterThan(300);
    const modules = [...corpus, ...folder];
    const started = performance.now();
    const random = new Random(SEED);
    const mutants: (Mutant & { targetEnv: string; source: string })[] = [];
    for (const kind of MUTATION_KINDS) {
      let made = 0;
      for (let tries = 0; made < PER_KIND && tries < PER_KIND * 20; tries++) {
        const m = random.pick(modules);
        const mutant = mutate(m.words, kind, random);
        if (mutant === undefined) continue;
        mutants.push({ ...mutant, targetEnv: m.targetEnv, source: m.name });
        made++;
      }
      expect(made, `mutants of kind ${kind}`).toBe(PER_KIND);
    }
    const verdicts = await mapBounded(mutants, 2, async (m) => ({
      m,
      theirs: await spirvVal(m.words, m.targetEnv),
      ours: validate(m.words, { targetEnv: m.targetEnv }),
    }));
    const byKind = new Map<string, { agree: number; total: number; rejected: number }>();
    // Each class (kind, spirv-val's message pattern, our codes) with its count and one example.
    const disagreements = new Map<string, { count: number; example: string }>();
    const familyMisses = new Map<string, { count: number; example: string }>();
    const add = (classes: typeof disagreements, key: string, example: string): void => {
      const c = classes.get(key);
      if (c === undefined) classes.set(key, { count: 1, example });
      else c.count++;
    };
    const codes = (ours: readonly { code: string }[]): string => [...new Set(ours.map((d) => d.code))].sort().join(' ') || 'accepts';
    let known = 0;
    let bothReject = 0;
    let sameFamily = 0;
    let knownFamily = 0;
    for (const { m, theirs, ours } of verdicts) {
      const stats = byKind.get(m.kind) ?? { agree: 0, total: 0, rejected: 0 };
      byKind.set(m.kind, stats);
      stats.total++;
      if (!theirs.ok) stats.rejected++;
      if (theirs.ok === (ours.length === 0)) {
        stats.agree++;
        if (!theirs.ok) {
          bothReject++;
          const family = spirvValFamily(theirs.message);
          if (family !== undefined && ours.some((d) => d.family === family)) sameFamily++;
          else if (
            explainFamily(
              m.kind,
              family,
              theirs.message,
              ours.map((d) => d.family),
            )
          )
            knownFamily++;
          else
            add(
              familyMisses,
              `${m.kind} | spirv-val (${family ?? '?'}): ${spirvValPattern(theirs.message)} | ours: ${codes(ours)}`,
              `${m.source}: ${m.what}: ${theirs.message.split('\n')[0]}`,
            );
        }
        continue;
      }
      if (explain(m.kind, theirs.ok, theirs.message, ours) !== undefined) {
        known++;
        continue;
      }
      add(
        disagreements,
        `${m.kind} | spirv-val: ${theirs.ok ? 'accepts' : spirvValPattern(theirs.message)} | ours: ${codes(ours)}`,
        `${m.source}: ${m.what}\n    spirv-val: ${theirs.ok ? 'accepts' : theirs.message.split('\n')[0]}\n    ours: ${ours.map((d) => `${d.code}: ${d.message}`).join(' | ') || 'accepts'}`,
      );
    }
    const summary = [...byKind].map(([kind, s]) => `${kind} ${s.agree}/${s.total} (spirv-val rejects ${s.rejected})`).join(', ');
    console.log(
      `[validator mutants] seed ${SEED}, ${mutants.length} mutants in ${((performance.now() - started) / 1000).toFixed(0)} s: ${summary}; known differences ${known}; same family where both reject ${sameFamily}/${bothReject} (known family differences ${knownFamily})`,
    );
    const list = (classes: typeof disagreements): string =>
      [...classes]
        .sort((a, b) => b[1].count - a[1].count)
        .map(([key, c]) => `${c.count}x ${key}\n  e.g. ${c.example}`)
        .join('\n');
    if (familyMisses.size > 0) console.log(`[validator mutants] both reject, other family:\n${list(familyMisses)}`);
    expect(disagreements.size, `disagreements on accept/reject:\n${list(disagreements)}`).toBe(0);
    expect(familyMisses.size, `both reject, other family:\n${list(familyMisses)}`).toBe(0);
  });
});
