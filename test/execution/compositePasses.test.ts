/**
 * The composite optimizer passes on a real Vulkan driver (Mesa lavapipe in CI): every compute
 * module of the execution suites (the corpus shaders with a `// run:` spec), as compiled and as
 * the recipe's passes before the pass's place leave it, and the shader below, which each pass must
 * change, run before and after each pass with identical storage buffers. A pass that leaves a
 * corpus module byte-identical is not run again.
 *
 * Without Vulkan or the corpus tools the suite skips with a message, or fails when
 * SPVKIT_REQUIRE_ORACLES=1.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { assemble, decodeModule, encodeModule, runPasses } from '@spvkit/core';
import { availableRecipe, PERFORMANCE_PASSES, SIZE_PASSES } from '@spvkit/passes';
import { corpusToolsAvailable, loadCorpus, type CorpusModule } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';
import { spirvVal } from '../support/spirvTools.js';
import { runCompute, vulkanAvailable, type ComputeBuffer } from './runCompute.js';

const vulkan = await vulkanAvailable();
const corpusTools = corpusToolsAvailable();
const availability = !vulkan.ok ? vulkan : !corpusTools.ok ? { ok: false, reason: corpusTools.reason ?? 'corpus tools missing' } : { ok: true };

const PASSES = ['combine-access-chains', 'copy-propagate-arrays', 'reduce-load-size', 'eliminate-dead-members'];

/** Invocations of the shaders below, and the values each one writes. */
const INVOCATIONS = 16;
const SLOTS = 6;

/**
 * Reads a read-only buffer `In { uint a; uint b[4]; uint c[8]; uint d; }` (a Uniform BufferBlock,
 * so that reduce-load-size narrows its loads) and writes six values per invocation: an element of
 * `c` through a chain of chains indexed at run time; two members of a whole load of `In`; an
 * element of a local copy of `c` (built of extracts, of an unstrided array type), indexed at run
 * time, and the copy stored whole to a second local; members of a Private struct whose member 0
 * nothing reads, written and read through chains; and an extract through an insert into that
 * member. The passes must change it: every one of them finds its case here.
 */
const COMPOSITE = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid
               OpExecutionMode %main LocalSize ${INVOCATIONS} 1 1
               OpName %P "P"
               OpMemberName %P 0 "unread"
               OpMemberName %P 1 "written"
               OpMemberName %P 2 "extracted"
               OpMemberName %P 3 "read"
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %rt ArrayStride 4
               OpMemberDecorate %Out 0 Offset 0
               OpDecorate %Out BufferBlock
               OpDecorate %out DescriptorSet 0
               OpDecorate %out Binding 0
               OpDecorate %a4 ArrayStride 4
               OpDecorate %a8 ArrayStride 4
               OpMemberDecorate %In 0 Offset 0
               OpMemberDecorate %In 1 Offset 4
               OpMemberDecorate %In 2 Offset 20
               OpMemberDecorate %In 3 Offset 52
               OpDecorate %In BufferBlock
               OpDecorate %in DescriptorSet 0
               OpDecorate %in Binding 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %v3uint = OpTypeVector %uint 3
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_2 = OpConstant %uint 2
     %uint_3 = OpConstant %uint 3
     %uint_4 = OpConstant %uint 4
     %uint_5 = OpConstant %uint 5
     %uint_7 = OpConstant %uint 7
     %uint_8 = OpConstant %uint 8
  %uint_slot = OpConstant %uint ${SLOTS}
         %a4 = OpTypeArray %uint %uint_4
         %a8 = OpTypeArray %uint %uint_8
         %In = OpTypeStruct %uint %a4 %a8 %uint
         %rt = OpTypeRuntimeArray %uint
        %Out = OpTypeStruct %rt
       %u_In = OpTypePointer Uniform %In
       %u_a8 = OpTypePointer Uniform %a8
     %u_uint = OpTypePointer Uniform %uint
      %u_Out = OpTypePointer Uniform %Out
         %L8 = OpTypeArray %uint %uint_8
       %f_L8 = OpTypePointer Function %L8
     %f_uint = OpTypePointer Function %uint
          %P = OpTypeStruct %uint %uint %uint %uint
        %p_P = OpTypePointer Private %P
     %p_uint = OpTypePointer Private %uint
      %pinit = OpConstantComposite %P %uint_1 %uint_2 %uint_3 %uint_4
     %in_v3u = OpTypePointer Input %v3uint
        %gid = OpVariable %in_v3u Input
        %out = OpVariable %u_Out Uniform
         %in = OpVariable %u_In Uniform
       %priv = OpVariable %p_P Private %pinit
       %main = OpFunction %void None %fn
      %entry = OpLabel
      %local = OpVariable %f_L8 Function
     %second = OpVariable %f_L8 Function
       %gid3 = OpLoad %v3uint %gid
          %g = OpCompositeExtract %uint %gid3 0
       %base = OpIMul %uint %g %uint_slot
         %i7 = OpBitwiseAnd %uint %g %uint_7
         %g3 = OpIAdd %uint %g %uint_3
         %j7 = OpBitwiseAnd %uint %g3 %uint_7
; 0: in.c[g & 7] through a chain of chains
         %c8 = OpAccessChain %u_a8 %in %uint_2
         %ce = OpAccessChain %u_uint %c8 %i7
         %v0 = OpLoad %uint %ce
; 1: in.d + in.b[2] from a load of all of In
      %whole = OpLoad %In %in
         %w3 = OpCompositeExtract %uint %whole 3
        %w12 = OpCompositeExtract %uint %whole 1 2
         %v1 = OpIAdd %uint %w3 %w12
; 2: a local copy of in.c, read at (g + 3) & 7, and stored whole to a second local
         %pc = OpAccessChain %u_a8 %in %uint_2
         %cl = OpLoad %a8 %pc
         %x0 = OpCompositeExtract %uint %cl 0
         %x1 = OpCompositeExtract %uint %cl 1
         %x2 = OpCompositeExtract %uint %cl 2
         %x3 = OpCompositeExtract %uint %cl 3
         %x4 = OpCompositeExtract %uint %cl 4
         %x5 = OpCompositeExtract %uint %cl 5
         %x6 = OpCompositeExtract %uint %cl 6
         %x7 = OpCompositeExtract %uint %cl 7
         %cc = OpCompositeConstruct %L8 %x0 %x1 %x2 %x3 %x4 %x5 %x6 %x7
               OpStore %local %cc
         %lp = OpAccessChain %f_uint %local %j7
         %v2 = OpLoad %uint %lp
      %whole_l = OpLoad %L8 %local
               OpStore %second %whole_l
               OpStore %second %whole_l
         %sp = OpAccessChain %f_uint %second %i7
         %s2 = OpLoad %uint %sp
; 3: the Private struct's members 1 (written g) and 3 (the initializer's 4)
        %pm1 = OpAccessChain %p_uint %priv %uint_1
               OpStore %pm1 %g
       %pm1v = OpLoad %uint %pm1
        %pm3 = OpAccessChain %p_uint %priv %uint_3
       %pm3v = OpLoad %uint %pm3
         %v3 = OpIAdd %uint %pm1v %pm3v
; 4: member 2 of a construct, through an insert into member 0
      %pcons = OpCompositeConstruct %P %uint_7 %g %uint_5 %g
       %pins = OpCompositeInsert %P %uint_8 %pcons 0
         %pe = OpCompositeExtract %uint %pins 2
         %v4 = OpIAdd %uint %pe %g
         %o0 = OpAccessChain %u_uint %out %uint_0 %base
               OpStore %o0 %v0
         %i1 = OpIAdd %uint %base %uint_1
         %o1 = OpAccessChain %u_uint %out %uint_0 %i1
               OpStore %o1 %v1
         %i2 = OpIAdd %uint %base %uint_2
         %o2 = OpAccessChain %u_uint %out %uint_0 %i2
               OpStore %o2 %v2
         %i3 = OpIAdd %uint %base %uint_3
         %o3 = OpAccessChain %u_uint %out %uint_0 %i3
               OpStore %o3 %v3
         %i4 = OpIAdd %uint %base %uint_4
         %o4 = OpAccessChain %u_uint %out %uint_0 %i4
               OpStore %o4 %v4
         %i5 = OpIAdd %uint %base %uint_5
         %o5 = OpAccessChain %u_uint %out %uint_0 %i5
               OpStore %o5 %s2
               OpReturn
               OpFunctionEnd`;

/** The bytes of In: a = 100, b = 101..104, c = 105..112, d = 113. */
const IN_BYTES = new Uint8Array(Uint32Array.from({ length: 14 }, (_, i) => 100 + i).buffer);

/** The passes spvkit has of the recipe that runs `pass` (the size one for eliminate-dead-members), before its first place there. */
function prefixOf(pass: string): readonly string[] {
  const recipe = pass === 'eliminate-dead-members' ? SIZE_PASSES : PERFORMANCE_PASSES;
  return availableRecipe(
    recipe.slice(
      0,
      recipe.findIndex((spec) => spec.split('=')[0] === pass),
    ),
  ).passes;
}

const iota = (size: number): Uint8Array => new Uint8Array(Uint32Array.from({ length: size / 4 }, (_, i) => i).buffer);
const hash = (words: Uint32Array): string => createHash('sha256').update(words).digest('hex');

function transform(words: Uint32Array, passes: readonly string[], targetEnv: string): Uint32Array {
  const module = decodeModule(words);
  const r = runPasses(module, passes, { targetEnv });
  expect(r.ok, JSON.stringify(r.diagnostics)).toBe(true);
  return encodeModule(module);
}

/** The module's buffers after one dispatch as its run spec says, spec constants included. */
function runCorpus(m: CorpusModule, spirv: Uint32Array): Promise<Uint8Array[]> {
  const spec = m.run!;
  const buffers: ComputeBuffer[] = spec.buffers.map((b) => ({ binding: b.binding, size: b.size, ...(b.fill === 'iota' ? { init: iota(b.size) } : {}) }));
  return runCompute({ spirv, groups: spec.groups, buffers, ...(spec.specConstants ? { specConstants: spec.specConstants } : {}) });
}

function runComposite(spirv: Uint32Array): Promise<Uint8Array[]> {
  return runCompute({
    spirv,
    groups: [1, 1, 1],
    buffers: [
      { binding: 0, size: INVOCATIONS * SLOTS * 4 },
      { binding: 1, size: IN_BYTES.length, init: IN_BYTES },
    ],
  });
}

const same = (a: Uint8Array[], b: Uint8Array[]): boolean => a.length === b.length && a.every((x, i) => Buffer.from(x).equals(Buffer.from(b[i])));

describeWithOracle('composite passes on Vulkan: the same buffers before and after', availability, () => {
  const modules = availability.ok ? loadCorpus().then((all) => all.filter((m) => m.run !== undefined)) : Promise.resolve([]);

  it('found the runnable compute modules of the corpus', async () => {
    expect((await modules).length).toBeGreaterThanOrEqual(8 * 3);
  });

  it('all four passes in a row, then dead-code elimination and dead members again: the composite shader', { timeout: 120_000 }, async () => {
    const words = encodeModule(assemble(COMPOSITE, { targetEnv: 'vulkan1.1' }));
    const after = transform(words, [...PASSES, 'eliminate-dead-code-aggressive', 'eliminate-dead-members'], 'vulkan1.1');
    expect(hash(after)).not.toBe(hash(words));
    expect(spirvVal(after, 'vulkan1.1')).toMatchObject({ ok: true });
    expect(same(await runComposite(after), await runComposite(words)), 'buffers differ').toBe(true);
  });

  for (const pass of PASSES) {
    it(`${pass}: the corpus compute modules, as compiled and after the recipe's earlier passes`, { timeout: 600_000 }, async () => {
      const ran = new Map<string, Uint8Array[]>();
      let runs = 0;
      const result = async (m: CorpusModule, words: Uint32Array): Promise<Uint8Array[]> => {
        let out = ran.get(hash(words));
        if (out === undefined) {
          out = await runCorpus(m, words);
          runs++;
          ran.set(hash(words), out);
        }
        return out;
      };
      for (const m of await modules) {
        for (const input of [m.words, transform(m.words, prefixOf(pass), m.targetEnv)]) {
          const after = transform(input, [pass], m.targetEnv);
          if (hash(after) === hash(input)) continue;
          const before = await result(m, input);
          expect(
            before.some((b) => b.some((x) => x !== 0)),
            m.name,
          ).toBe(true);
          expect(same(await result(m, after), before), `${m.name}: buffers differ after ${pass}`).toBe(true);
        }
      }
      console.info(`${pass}: ${runs} corpus modules run, before and after it`);
    });

    it(`${pass}: the composite shader computes the same after it changed`, { timeout: 120_000 }, async () => {
      const words = encodeModule(assemble(COMPOSITE, { targetEnv: 'vulkan1.1' }));
      expect(spirvVal(words, 'vulkan1.1')).toMatchObject({ ok: true });
      const after = transform(words, [pass], 'vulkan1.1');
      expect(hash(after)).not.toBe(hash(words));
      expect(spirvVal(after, 'vulkan1.1')).toMatchObject({ ok: true });
      const before = await runComposite(words);
      // Every invocation wrote its slots, all of them non-zero.
      expect(new Uint32Array(before[0].buffer, before[0].byteOffset, INVOCATIONS * SLOTS).every((v) => v !== 0)).toBe(true);
      expect(same(await runComposite(after), before), `buffers differ after ${pass}`).toBe(true);
    });
  }
});
