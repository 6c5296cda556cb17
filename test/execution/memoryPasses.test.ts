/**
 * The memory-to-register passes on a real Vulkan driver (Mesa lavapipe in CI): every compute
 * module of the execution suites (the corpus shaders with a `// run:` spec, in every debug-info
 * variant and target env; the mem_*.comp shaders are written for these passes: locals stored
 * once, again, in branches and loops, composites, private variables) runs before and after each
 * pass alone and the three in spirv-opt's -O order, with identical storage buffers. A pass that
 * leaves a module byte-identical is not run again; each pass must change the mem_* shaders.
 *
 * Without Vulkan or the corpus tools the suite skips with a message, or fails when
 * SPVKIT_REQUIRE_ORACLES=1.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { decodeModule, encodeModule, runPasses } from '@spvkit/core';
import '@spvkit/passes';
import { corpusToolsAvailable, loadCorpus, type CorpusModule } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';
import { runCompute, vulkanAvailable, type ComputeBuffer } from './runCompute.js';

const vulkan = await vulkanAvailable();
const corpusTools = corpusToolsAvailable();
const availability = !vulkan.ok ? vulkan : !corpusTools.ok ? { ok: false, reason: corpusTools.reason ?? 'corpus tools missing' } : { ok: true };

const LISTS: readonly (readonly string[])[] = [
  ['eliminate-local-single-block'],
  ['eliminate-local-single-store'],
  ['ssa-rewrite'],
  ['private-to-local'],
  ['convert-local-access-chains'],
  ['scalar-replacement=0'],
  ['private-to-local', 'eliminate-local-single-block', 'eliminate-local-single-store', 'ssa-rewrite'],
  // The order of spirv-opt -O, less the passes of other groups.
  [
    'private-to-local',
    'eliminate-local-single-block',
    'eliminate-local-single-store',
    'scalar-replacement=0',
    'convert-local-access-chains',
    'eliminate-local-single-block',
    'eliminate-local-single-store',
    'ssa-rewrite',
  ],
];

const iota = (size: number): Uint8Array => new Uint8Array(Uint32Array.from({ length: size / 4 }, (_, i) => i).buffer);
const hash = (words: Uint32Array): string => createHash('sha256').update(words).digest('hex');

/** The module's buffers after one dispatch as its run spec says. */
async function run(m: CorpusModule, spirv: Uint32Array): Promise<Uint8Array[]> {
  const spec = m.run!;
  const buffers: ComputeBuffer[] = spec.buffers.map((b) => ({ binding: b.binding, size: b.size, ...(b.fill === 'iota' ? { init: iota(b.size) } : {}) }));
  return runCompute({ spirv, groups: spec.groups, buffers, ...(spec.specConstants ? { specConstants: spec.specConstants } : {}) });
}

function transform(words: Uint32Array, passes: readonly string[], targetEnv: string): Uint32Array {
  const module = decodeModule(words);
  const r = runPasses(module, passes, { targetEnv, checkConsistency: true });
  expect(r.ok, JSON.stringify(r.diagnostics)).toBe(true);
  return encodeModule(module);
}

describeWithOracle('memory-to-register passes on Vulkan: the same buffers before and after', availability, () => {
  const modules = availability.ok ? loadCorpus().then((all) => all.filter((m) => m.run !== undefined)) : Promise.resolve([]);
  const before = new Map<string, Promise<Uint8Array[]>>();
  const original = (m: CorpusModule): Promise<Uint8Array[]> => {
    let out = before.get(m.name);
    if (out === undefined) before.set(m.name, (out = run(m, m.words)));
    return out;
  };

  it('found the memory shaders among the runnable modules', async () => {
    const names = (await modules).map((m) => m.name);
    for (const shader of ['mem_locals.comp', 'mem_composites.comp', 'mem_private.comp'])
      expect(names.filter((n) => n.startsWith(`glsl/${shader}:`)).length, shader).toBeGreaterThanOrEqual(3);
  });

  for (const list of LISTS) {
    it(list.join(', '), { timeout: 600_000 }, async () => {
      let runs = 0;
      const changedMemoryShaders = new Set<string>();
      for (const m of await modules) {
        const expected = await original(m);
        expect(
          expected.some((b) => b.some((x) => x !== 0)),
          m.name,
        ).toBe(true);
        const after = transform(m.words, list, m.targetEnv);
        if (hash(after) === hash(m.words)) continue;
        if (m.name.startsWith('glsl/mem_')) changedMemoryShaders.add(m.name.split(':')[0]);
        const out = await run(m, after);
        runs++;
        expect(out.length, m.name).toBe(expected.length);
        out.forEach((b, i) => expect(Buffer.from(b).equals(Buffer.from(expected[i])), `${m.name}: buffer ${i} differs after ${list.join(', ')}`).toBe(true));
      }
      console.info(`${list.join(', ')}: ${runs} transformed modules run`);
      // Private variables to move are in mem_private.comp only; constant-index chains into locals in mem_composites.comp.
      const alone = list.length === 1 ? list[0] : undefined;
      const required =
        alone === 'private-to-local'
          ? ['glsl/mem_private.comp']
          : alone === 'convert-local-access-chains' || alone === 'scalar-replacement=0'
            ? ['glsl/mem_composites.comp']
            : ['glsl/mem_composites.comp', 'glsl/mem_locals.comp', 'glsl/mem_private.comp'];
      for (const shader of required) expect(changedMemoryShaders.has(shader), `${shader} unchanged`).toBe(true);
    });
  }
});
