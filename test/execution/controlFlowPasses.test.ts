/**
 * The control-flow passes on a real Vulkan driver (Mesa lavapipe in CI): every compute module of
 * the execution suites (the corpus shaders with a run spec, in every debug-info variant and
 * target env) runs before and after each pass alone, and after the four that change compute modules in one
 * list, with identical storage buffers. A pass that leaves a module byte-identical is not run
 * again; each pass but wrap-opkill (OpKill is for fragment shaders: it never changes a compute
 * module, which this checks too) must have changed some module, and the corpus's
 * control_flow_constants.comp and control_flow_unreachable.spvasm make sure of it.
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
  ['eliminate-dead-branches'],
  ['merge-blocks'],
  ['cfg-cleanup'],
  ['if-conversion'],
  ['wrap-opkill'],
  ['eliminate-dead-branches', 'if-conversion', 'merge-blocks', 'cfg-cleanup'],
];

const iota = (size: number): Uint8Array => new Uint8Array(Uint32Array.from({ length: size / 4 }, (_, i) => i).buffer);
const hash = (words: Uint32Array): string => createHash('sha256').update(words).digest('hex');

async function run(m: CorpusModule, spirv: Uint32Array): Promise<Uint8Array[]> {
  const spec = m.run!;
  const buffers: ComputeBuffer[] = spec.buffers.map((b) => ({ binding: b.binding, size: b.size, ...(b.fill === 'iota' ? { init: iota(b.size) } : {}) }));
  return runCompute({ spirv, groups: spec.groups, buffers, ...(spec.specConstants ? { specConstants: spec.specConstants } : {}) });
}

function transform(words: Uint32Array, passes: readonly string[], targetEnv: string): Uint32Array {
  const module = decodeModule(words);
  const r = runPasses(module, passes, { targetEnv });
  expect(r.ok, JSON.stringify(r.diagnostics)).toBe(true);
  return encodeModule(module);
}

describeWithOracle('control-flow passes on Vulkan: the same buffers before and after', availability, () => {
  const modules = availability.ok ? loadCorpus().then((all) => all.filter((m) => m.run !== undefined)) : Promise.resolve([]);

  it('found the runnable compute modules of the corpus, the control-flow ones among them', async () => {
    const names = (await modules).map((m) => m.name);
    expect(names.length).toBeGreaterThanOrEqual(8 * 3);
    expect(names.some((n) => n.startsWith('glsl/control_flow_constants.comp'))).toBe(true);
    expect(names.some((n) => n.startsWith('asm/control_flow_unreachable.spvasm'))).toBe(true);
  });

  for (const list of LISTS) {
    const name = list.join(', ');
    it(name, { timeout: 600_000 }, async () => {
      let runs = 0;
      for (const m of await modules) {
        const after = transform(m.words, list, m.targetEnv);
        if (hash(after) === hash(m.words)) continue;
        const before = await run(m, m.words);
        // The shader wrote something: the comparison is not between two all-zero buffers.
        expect(
          before.some((b) => b.some((x) => x !== 0)),
          m.name,
        ).toBe(true);
        const out = await run(m, after);
        runs++;
        expect(out.length, m.name).toBe(before.length);
        out.forEach((b, i) => expect(Buffer.from(b).equals(Buffer.from(before[i])), `${m.name}: buffer ${i} differs after ${name}`).toBe(true));
      }
      console.info(`${name}: ${runs} transformed modules run`);
      if (list.includes('wrap-opkill')) expect(runs, 'wrap-opkill changed a compute module').toBe(0);
      else expect(runs, `${name} changed no runnable module`).toBeGreaterThan(0);
    });
  }
});
