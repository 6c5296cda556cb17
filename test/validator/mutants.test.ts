// Differential slice: seeded mutants of valid corpus modules, judged by Debian's spirv-val 2023.1
// and by the validator; they must agree on accept/reject for every mutant, but for the known
// differences listed in knownDifferences.ts. Where both reject, the families must be related
// (spirv-val's message is matched to one of ours).
import { validate } from '@spvkit/validator';
import { expect, it } from 'vitest';
import { corpusToolsAvailable, loadCorpus, spirvVal } from '../corpus/index.js';
import { Random } from '../fuzz/random.js';
import { mapBounded } from '../shaders/folder.mjs';
import { describeWithOracle } from '../support/oracles.js';
import { explain, explainFamily } from './knownDifferences.js';
import { MUTATION_KINDS, mutate, type Mutant } from './mutate.js';
import { spirvValFamily } from './spirvValFamilies.js';

const SEED = 0x5eed19;
const PER_KIND = Number(process.env.SPVKIT_VALIDATOR_MUTANTS ?? 100);

describeWithOracle('validator: agreement with spirv-val on mutants', corpusToolsAvailable(), () => {
  it(`agrees on ${PER_KIND} mutants of each kind`, { timeout: 600_000 }, async () => {
    const modules = (await loadCorpus()).filter((m) => m.kind === 'glsl');
    expect(modules.length).toBeGreaterThan(20);
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
    const disagreements: string[] = [];
    let known = 0;
    let bothReject = 0;
    let sameFamily = 0;
    let knownFamily = 0;
    const familyMisses: string[] = [];
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
          else familyMisses.push(`${m.kind}: spirv-val (${family ?? '?'}): ${theirs.message.split('\n')[0]} / ours: ${ours.map((d) => d.code).join(' ')}`);
        }
        continue;
      }
      if (explain(m.kind, theirs.ok, theirs.message, ours) !== undefined) {
        known++;
        continue;
      }
      disagreements.push(
        `${m.kind} on ${m.source}: ${m.what}\n  spirv-val: ${theirs.ok ? 'accepts' : theirs.message.split('\n')[0]}\n  ours: ${ours.map((d) => `${d.code}: ${d.message}`).join(' | ') || 'accepts'}`,
      );
    }
    const summary = [...byKind].map(([kind, s]) => `${kind} ${s.agree}/${s.total} (spirv-val rejects ${s.rejected})`).join(', ');
    console.log(
      `[validator mutants] seed ${SEED}: ${summary}; known differences ${known}; same family where both reject ${sameFamily}/${bothReject} (known family differences ${knownFamily})`,
    );
    expect(disagreements, disagreements.slice(0, 30).join('\n')).toEqual([]);
    expect(familyMisses, familyMisses.slice(0, 30).join('\n')).toEqual([]);
  });
});
