// For every pass, and for the optimizer's recipes (-O, -Os) as a whole: a mutated module that
// still passes spirv-val must still pass it after the pass, or be refused with a diagnostic, in
// bounded time.
import { expect, it } from 'vitest';
import {
  Decoration,
  DecorationsAnalysis,
  decodeModule,
  encodeModule,
  Op,
  passRegistry,
  runPasses,
  SpirvError,
  type Module,
  type PassListing,
} from '@spvkit/core';
import { availableRecipe, PERFORMANCE_PASSES, SIZE_PASSES } from '@spvkit/passes';
import '@spvkit/validator/register'; // and the validator's (validate-builtins)
import { corpusToolsAvailable, loadCorpus, spirvVal } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';
import { binaryMutators } from './binaryMutators.js';
import { Random } from './random.js';

const SEED = Number(process.env.SPVKIT_FUZZ_SEED ?? 20261130);
const CANDIDATES = Number(process.env.SPVKIT_FUZZ_SURVIVOR_CANDIDATES ?? 3000);
// Mutations that tend to leave a module valid: a flipped bit lands in a literal, a name, a constant.
const GENTLE = ['bitFlip', 'idCorruption'] as const;
/** Far above what a recipe takes on these modules (milliseconds): only a hang or a blow-up reaches it. */
const RECIPE_TIME_LIMIT_MS = 10_000;

describeWithOracle('passes keep fuzz survivors valid', corpusToolsAvailable(), () => {
  it(`every pass output of a valid mutant passes spirv-val (${CANDIDATES} candidates)`, async () => {
    const corpus = (await loadCorpus()).filter((m) => m.words.length < 20_000);
    const rng = new Random(SEED);
    const listings = passRegistry.list();
    const passes = listings.map((p) => p.name);
    const recipes = [
      { flag: '-O', passes: availableRecipe(PERFORMANCE_PASSES).passes },
      { flag: '-Os', passes: availableRecipe(SIZE_PASSES).passes },
    ];
    expect(passes).toEqual(expect.arrayContaining(['lower-local-invocation-index', 'validate-builtins']));
    let survivors = 0;
    const problems: string[] = [];
    for (let i = 0; i < CANDIDATES; i++) {
      const m = rng.pick(corpus);
      const mutator = rng.pick(GENTLE);
      const words = binaryMutators[mutator](m.words, rng, m.words);
      try {
        decodeModule(words);
      } catch (e) {
        if (e instanceof SpirvError) continue;
        throw e;
      }
      if (!(await spirvVal(words, m.targetEnv)).ok) continue;
      survivors++;
      for (const listing of listings) {
        const pass = listing.name;
        const module = decodeModule(words);
        const result = runPasses(module, [passSpec(listing, module)], { targetEnv: m.targetEnv });
        const crash = result.diagnostics.find((d) => d.code === 'PASS_CRASHED');
        if (crash !== undefined) problems.push(`${m.name} ${mutator} #${i} crashed ${pass}: ${crash.message.slice(0, 300)}`);
        if (!result.ok) continue; // refusing with a diagnostic is allowed; emitting invalid SPIR-V is not
        const out = encodeModule(module);
        const val = await spirvVal(out, m.targetEnv);
        if (!val.ok) problems.push(`${m.name} ${mutator} #${i} through ${pass}: ${val.message.slice(0, 300)}`);
      }
      for (const recipe of recipes) {
        const module = decodeModule(words);
        const started = performance.now();
        // The analyses' consistency after every pass of a recipe is the recipe suite's to check.
        const result = runPasses(module, recipe.passes, { targetEnv: m.targetEnv, checkConsistency: false });
        const elapsed = performance.now() - started;
        if (elapsed > RECIPE_TIME_LIMIT_MS) problems.push(`${m.name} ${mutator} #${i}: ${recipe.flag} took ${elapsed.toFixed(0)} ms`);
        const crash = result.diagnostics.find((d) => d.code === 'PASS_CRASHED');
        if (crash !== undefined) problems.push(`${m.name} ${mutator} #${i} crashed ${recipe.flag}: ${crash.message.slice(0, 300)}`);
        if (!result.ok) continue;
        const val = await spirvVal(encodeModule(module), m.targetEnv);
        if (!val.ok) problems.push(`${m.name} ${mutator} #${i} through ${recipe.flag}: ${val.message.slice(0, 300)}`);
      }
    }
    console.log(`pass survivors: ${survivors} valid mutants of ${CANDIDATES} candidates, through ${passes.join(', ')}, -O and -Os`);
    expect(survivors).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  }, 600_000);
});

/**
 * The spec that runs a pass: its name, with a valid argument for a pass that needs one (a new
 * value for the module's first spec constant with a SpecId; a module without one is refused with
 * a diagnostic, which is allowed).
 */
function passSpec(listing: PassListing, module: Module): string {
  if (listing.argument?.required !== true) return listing.name;
  if (listing.name === 'set-spec-const-default-value') {
    const decorations = module.analysis(DecorationsAnalysis);
    for (const inst of module.globals) {
      const specId = decorations.find(inst.resultId, Decoration.SpecId)?.[0];
      if (specId === undefined) continue;
      if (inst.opcode === Op.SpecConstantTrue || inst.opcode === Op.SpecConstantFalse) return `${listing.name}=${specId}:false`;
      if (inst.opcode === Op.SpecConstant) return `${listing.name}=${specId}:1`;
    }
    return `${listing.name}=0:1`;
  }
  throw new Error(`passSurvivors has no argument for '${listing.name}' (${listing.argument.syntax}): add one here`);
}
