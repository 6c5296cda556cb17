/**
 * The production passes of issue 16 on a real Vulkan driver (Mesa lavapipe in CI): every compute
 * module of the execution suites (the corpus shaders with a `// run:` spec, in every debug-info
 * variant and target env) runs before and after each pass list, with identical storage buffers.
 * The lists: each pass alone, the release preset (`spvkit opt --size`), and specialization to the
 * run spec's values followed by the preset, whose module runs with no VkSpecializationInfo against
 * the original run with the values. A list that leaves a module byte-identical is not run again.
 *
 * Without Vulkan or the corpus tools the suite skips with a message, or fails when
 * SPVKIT_REQUIRE_ORACLES=1. test/execution/specialize.test.ts proves specialization itself.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { decodeModule, encodeModule, runPasses } from '@spvkit/core';
import { RELEASE_PASSES } from '@spvkit/passes';
import { corpusToolsAvailable, loadCorpus, type CorpusModule } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';
import { runCompute, vulkanAvailable, type ComputeBuffer } from './runCompute.js';

const vulkan = await vulkanAvailable();
const corpusTools = corpusToolsAvailable();
const availability = !vulkan.ok ? vulkan : !corpusTools.ok ? { ok: false, reason: corpusTools.reason ?? 'corpus tools missing' } : { ok: true };

/**
 * A pass list and how its runs compare: `same` with the run spec's spec constants on both sides;
 * `defaults` (freezing, which bakes in the defaults) without them on both sides; `specialize`
 * (baking in the run spec's values) the original with them against the output without them.
 */
interface PassList {
  readonly name: string;
  readonly passes: (m: CorpusModule) => string[];
  readonly compare: 'same' | 'defaults' | 'specialize';
}

const SINGLE = [
  'strip-debug',
  'strip-nonsemantic',
  'strip-reflect',
  'eliminate-dead-functions',
  'eliminate-dead-const',
  'eliminate-dead-variables',
  'remove-unused-interface-variables',
  'compact-ids',
  'freeze-spec-const',
  'fold-spec-const-op-composite',
];

const specArgument = (m: CorpusModule): string =>
  Object.entries(m.run?.specConstants ?? {})
    .map(([id, v]) => `${id}:${v}`)
    .join(' ');

const LISTS: readonly PassList[] = [
  ...SINGLE.map((p) => ({ name: p, passes: () => [p], compare: p === 'freeze-spec-const' ? ('defaults' as const) : ('same' as const) })),
  { name: '--size', passes: () => [...RELEASE_PASSES], compare: 'same' },
  {
    name: 'freeze-spec-const, fold-spec-const-op-composite, then --size',
    passes: () => ['freeze-spec-const', 'fold-spec-const-op-composite', ...RELEASE_PASSES],
    compare: 'defaults',
  },
  {
    name: 'specialized to the run spec, then --size',
    compare: 'specialize',
    passes: (m) => [`set-spec-const-default-value=${specArgument(m)}`, 'freeze-spec-const', 'fold-spec-const-op-composite', ...RELEASE_PASSES],
  },
];

const iota = (size: number): Uint8Array => new Uint8Array(Uint32Array.from({ length: size / 4 }, (_, i) => i).buffer);
const hash = (words: Uint32Array): string => createHash('sha256').update(words).digest('hex');

/** The module's buffers after one dispatch as its run spec says; with its spec constants when `withSpec`. */
async function run(m: CorpusModule, spirv: Uint32Array, withSpec: boolean): Promise<Uint8Array[]> {
  const spec = m.run!;
  const buffers: ComputeBuffer[] = spec.buffers.map((b) => ({ binding: b.binding, size: b.size, ...(b.fill === 'iota' ? { init: iota(b.size) } : {}) }));
  return runCompute({ spirv, groups: spec.groups, buffers, ...(spec.specConstants && withSpec ? { specConstants: spec.specConstants } : {}) });
}

function transform(words: Uint32Array, passes: readonly string[], targetEnv: string): Uint32Array {
  const module = decodeModule(words);
  const r = runPasses(module, passes, { targetEnv });
  expect(r.ok, JSON.stringify(r.diagnostics)).toBe(true);
  return encodeModule(module);
}

describeWithOracle('production passes on Vulkan: the same buffers before and after', availability, () => {
  const modules = availability.ok ? loadCorpus().then((all) => all.filter((m) => m.run !== undefined)) : Promise.resolve([]);

  it('found the runnable compute modules of the corpus', async () => {
    expect((await modules).length).toBeGreaterThanOrEqual(8 * 3);
  });

  for (const list of LISTS) {
    it(list.name, { timeout: 600_000 }, async () => {
      const ran = new Map<string, Uint8Array[]>();
      let runs = 0;
      for (const m of await modules) {
        if (list.compare === 'specialize' && specArgument(m) === '') continue;
        const before = await run(m, m.words, list.compare !== 'defaults');
        // The shader wrote something: the comparison is not between two all-zero buffers.
        expect(
          before.some((b) => b.some((x) => x !== 0)),
          m.name,
        ).toBe(true);
        const after = transform(m.words, list.passes(m), m.targetEnv);
        if (list.compare !== 'specialize' && hash(after) === hash(m.words)) continue;
        const withSpec = list.compare === 'same';
        const key = `${hash(after)}:${withSpec}`;
        let out = ran.get(key);
        if (out === undefined) {
          out = await run(m, after, withSpec);
          runs++;
          ran.set(key, out);
        }
        expect(out.length, m.name).toBe(before.length);
        out.forEach((b, i) => expect(Buffer.from(b).equals(Buffer.from(before[i])), `${m.name}: buffer ${i} differs after ${list.name}`).toBe(true));
      }
      console.info(`${list.name}: ${runs} transformed modules run`);
    });
  }
});
