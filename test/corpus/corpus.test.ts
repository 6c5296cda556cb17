import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusToolsAvailable, loadCorpus, spirvVal, type CorpusModule } from './index.js';

const requireOracles = process.env.SPVKIT_REQUIRE_ORACLES === '1';
const tools = corpusToolsAvailable();

/** Minimal scan of a module's words: opcodes present, and descriptor bindings by storage class. */
function scan(words: Uint32Array) {
  const opcodes = new Set<number>();
  const executionModes: { opcode: number; mode: number }[] = [];
  const set = new Map<number, number>();
  const binding = new Map<number, number>();
  const builtins = new Set<number>();
  const variables = new Map<number, number>(); // result id -> storage class
  for (let i = 5; i < words.length;) {
    const count = words[i] >>> 16;
    const op = words[i] & 0xffff;
    if (count === 0) throw new Error(`zero word count at word ${i}`);
    opcodes.add(op);
    if (op === 16 || op === 331) executionModes.push({ opcode: op, mode: words[i + 2] }); // OpExecutionMode(Id)
    if (op === 71) {
      // OpDecorate
      const target = words[i + 1];
      const deco = words[i + 2];
      if (deco === 34) set.set(target, words[i + 3]);
      if (deco === 33) binding.set(target, words[i + 3]);
      if (deco === 11) builtins.add(words[i + 3]);
    }
    if (op === 59) variables.set(words[i + 2], words[i + 3]); // OpVariable
    i += count;
  }
  const descriptors = [...binding.entries()].map(([id, b]) => ({
    set: set.get(id) ?? 0,
    binding: b,
    storageClass: variables.get(id),
  }));
  return { opcodes, executionModes, descriptors, builtins };
}

const STORAGE_BUFFER = 12;
const BUILTIN_WORKGROUP_SIZE = 25;
const EXEC_MODE_LOCAL_SIZE = 17;
const EXEC_MODE_LOCAL_SIZE_ID = 38;

if (!tools.ok) {
  if (requireOracles) {
    it('corpus tools are available (required by SPVKIT_REQUIRE_ORACLES=1)', () => {
      throw new Error(
        `SPVKIT_REQUIRE_ORACLES=1 but the corpus cannot be built: ${tools.reason}. ` +
          'Install glslang-tools and spirv-tools (glslangValidator, spirv-as, spirv-val).',
      );
    });
  } else {
    it.skip(`corpus: SKIPPED, tools missing (${tools.reason}); set SPVKIT_REQUIRE_ORACLES=1 to fail instead`, () => {});
  }
} else {
  const modules = await loadCorpus();
  const byName = new Map(modules.map((m) => [m.name, m]));

  describe('corpus modules pass spirv-val with their target env', () => {
    it.each(modules.map((m) => [m.name, m] as [string, CorpusModule]))('%s', async (_name, m) => {
      const r = await spirvVal(m.words, m.targetEnv);
      expect(r.ok, `${m.name} (${m.source}) failed spirv-val --target-env ${m.targetEnv}:\n${r.message}`).toBe(true);
    });
  });

  describe('corpus coverage', () => {
    it('has every glslang stage, both mesh-shading flavours, and all variants', () => {
      const glsl = modules.filter((m) => m.kind === 'glsl');
      const exts = new Set(glsl.map((m) => path.extname(m.source)));
      for (const ext of ['.vert', '.frag', '.geom', '.tesc', '.tese', '.comp', '.mesh', '.task', '.rgen', '.rchit', '.rahit', '.rmiss', '.rint', '.rcall']) {
        expect(exts, `no ${ext} source`).toContain(ext);
      }
      for (const file of ['meshlet_ext.mesh', 'meshlet_ext.task', 'meshlet_nv.mesh', 'meshlet_nv.task']) {
        expect(
          glsl.some((m) => m.source.endsWith(file)),
          file,
        ).toBe(true);
      }
      const variants = new Set(glsl.map((m) => m.variant));
      expect([...variants].sort()).toEqual(['g', 'gV', 'plain']);
      expect(modules.filter((m) => m.kind === 'asm').length).toBeGreaterThanOrEqual(15);
    });

    it('every compute shader using gl_LocalInvocationIndex has a run spec matching its set-0 storage buffers', () => {
      const lii = modules.filter((m) => m.kind === 'glsl' && m.source.endsWith('.comp') && scan(m.words).builtins.has(29 /* LocalInvocationIndex */));
      expect(lii.length).toBeGreaterThanOrEqual(8 * 3);
      for (const m of lii) {
        expect(m.run, `${m.name} has no "// run:" header`).toBeDefined();
        const { descriptors } = scan(m.words);
        expect(
          descriptors.every((d) => d.set === 0 && d.storageClass === STORAGE_BUFFER),
          `${m.name}: only set-0 storage buffers are allowed`,
        ).toBe(true);
        expect(m.run!.buffers.map((b) => b.binding).sort(), m.name).toEqual(descriptors.map((d) => d.binding).sort());
      }
    });

    it('glslang emits OpExecutionModeId LocalSizeId for local_size_*_id only from vulkan1.3 (SPIR-V 1.6)', () => {
      const v11 = byName.get('glsl/lii_spec_size.comp:vulkan1.1:plain');
      const v13 = byName.get('glsl/lii_spec_size.comp:vulkan1.3:plain');
      expect(v11 && v13).toBeTruthy();
      const s11 = scan(v11!.words);
      const s13 = scan(v13!.words);
      expect(s11.executionModes).toContainEqual({ opcode: 16, mode: EXEC_MODE_LOCAL_SIZE });
      expect(s11.builtins.has(BUILTIN_WORKGROUP_SIZE)).toBe(true);
      expect(s13.executionModes).toContainEqual({ opcode: 331, mode: EXEC_MODE_LOCAL_SIZE_ID });
      expect(s13.builtins.has(BUILTIN_WORKGROUP_SIZE)).toBe(false);
      expect(v13!.words[1]).toBe(0x00010600);
    });

    it('-gV variants carry NonSemantic.Shader.DebugInfo.100 and -g variants OpLine', () => {
      const text = (m: CorpusModule) => Buffer.from(m.words.buffer, m.words.byteOffset, m.words.byteLength).toString('latin1');
      for (const m of modules.filter((x) => x.kind === 'glsl')) {
        if (m.variant === 'gV') expect(text(m), m.name).toContain('NonSemantic.Shader.DebugInfo.100');
        if (m.variant === 'g') expect(scan(m.words).opcodes.has(8 /* OpLine */), m.name).toBe(true);
        if (m.variant === 'plain') expect(scan(m.words).opcodes.has(8), m.name).toBe(false);
      }
    });

    it('the on-disk cache gives identical modules', async () => {
      const again = await loadCorpus({ fresh: true });
      expect(again.map((m) => m.name)).toEqual(modules.map((m) => m.name));
      again.forEach((m, i) => expect(m.words, m.name).toEqual(modules[i].words));
    });
  });
}
