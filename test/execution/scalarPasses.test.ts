/**
 * The scalar optimizer passes on a real Vulkan driver (Mesa lavapipe in CI): every compute module
 * of the execution suites (the corpus shaders with a `// run:` spec, in every debug-info variant
 * and target env) and the shaders below, which exercise the folds on constants and on values
 * only known at run time, run before and after each pass with identical storage buffers. A pass
 * that leaves a module byte-identical is not run again.
 *
 * Without Vulkan or the corpus tools the suite skips with a message, or fails when
 * SPVKIT_REQUIRE_ORACLES=1.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { assemble, decodeModule, encodeModule, runPasses } from '@spvkit/core';
import '@spvkit/passes';
import { corpusToolsAvailable, loadCorpus, type CorpusModule } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';
import { spirvVal } from '../support/spirvTools.js';
import { runCompute, vulkanAvailable, type ComputeBuffer } from './runCompute.js';

const vulkan = await vulkanAvailable();
const corpusTools = corpusToolsAvailable();
const availability = !vulkan.ok ? vulkan : !corpusTools.ok ? { ok: false, reason: corpusTools.reason ?? 'corpus tools missing' } : { ok: true };

const PASSES = ['simplify-instructions', 'eliminate-dead-code-aggressive', 'local-redundancy-elimination', 'redundancy-elimination'];

/** Invocations of the shaders below, and the values each one writes. */
const INVOCATIONS = 16;
const SLOTS = 8;

/**
 * Reads `x = in[gid]` and writes eight values per invocation: constant arithmetic that wraps
 * (and feeds a live add), signed division and shifts of negative constants, identity chains on
 * `x`, selects and a phi on conditions known only at run time, extracts through inserts and
 * constructs, `x * 0` and float arithmetic on constants, which must stay as the driver computes it;
 * dead code beside the live stores; and repeated expressions in one block and across blocks.
 */
const FOLDING = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid
               OpExecutionMode %main LocalSize ${INVOCATIONS} 1 1
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %arr ArrayStride 4
               OpMemberDecorate %Buf 0 Offset 0
               OpDecorate %Buf Block
               OpDecorate %out DescriptorSet 0
               OpDecorate %out Binding 0
               OpDecorate %in DescriptorSet 0
               OpDecorate %in Binding 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
      %float = OpTypeFloat 32
     %v2uint = OpTypeVector %uint 2
     %v3uint = OpTypeVector %uint 3
          %S = OpTypeStruct %v2uint %uint
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_2 = OpConstant %uint 2
     %uint_3 = OpConstant %uint 3
     %uint_8 = OpConstant %uint 8
  %uint_slot = OpConstant %uint ${SLOTS}
   %uint_max = OpConstant %uint 4294967295
      %int_0 = OpConstant %int 0
     %int_m7 = OpConstant %int -7
      %int_2 = OpConstant %int 2
       %true = OpConstantTrue %bool
      %false = OpConstantFalse %bool
  %float_0_1 = OpConstant %float 0.1
  %float_0_2 = OpConstant %float 0.2
   %float_1e = OpConstant %float 1e-39
     %v2_1_2 = OpConstantComposite %v2uint %uint_1 %uint_2
        %arr = OpTypeRuntimeArray %uint
        %Buf = OpTypeStruct %arr
     %sb_Buf = OpTypePointer StorageBuffer %Buf
    %sb_uint = OpTypePointer StorageBuffer %uint
    %fn_uint = OpTypePointer Function %uint
     %in_v3u = OpTypePointer Input %v3uint
        %gid = OpVariable %in_v3u Input
        %out = OpVariable %sb_Buf StorageBuffer
         %in = OpVariable %sb_Buf StorageBuffer
       %main = OpFunction %void None %fn
      %entry = OpLabel
    %scratch = OpVariable %fn_uint Function
       %gid3 = OpLoad %v3uint %gid
          %g = OpCompositeExtract %uint %gid3 0
        %inp = OpAccessChain %sb_uint %in %int_0 %g
          %x = OpLoad %uint %inp
       %base = OpIMul %uint %g %uint_slot
; 0: (2^32 - 1 + 2) * 3 - 1 + x
         %c0 = OpIAdd %uint %uint_max %uint_2
         %c1 = OpIMul %uint %c0 %uint_3
         %c2 = OpISub %uint %c1 %uint_1
         %v0 = OpIAdd %uint %c2 %x
; 1: -7 / 2, -7 rem 2, -7 mod 2 and -7 >> 1, summed with x
         %d0 = OpSDiv %int %int_m7 %int_2
         %d1 = OpSRem %int %int_m7 %int_2
         %d2 = OpSMod %int %int_m7 %int_2
         %d3 = OpShiftRightArithmetic %int %int_m7 %uint_1
         %d4 = OpIAdd %int %d0 %d1
         %d5 = OpIAdd %int %d4 %d2
         %d6 = OpIAdd %int %d5 %d3
         %d7 = OpBitcast %uint %d6
         %v1 = OpIAdd %uint %d7 %x
; 2: identities on x
         %e0 = OpIAdd %uint %x %uint_0
         %e1 = OpIMul %uint %uint_1 %e0
         %e2 = OpBitwiseOr %uint %e1 %uint_0
         %e3 = OpBitwiseAnd %uint %e2 %uint_max
         %e4 = OpBitwiseXor %uint %uint_0 %e3
         %e5 = OpShiftLeftLogical %uint %e4 %uint_0
         %e6 = OpNot %uint %e5
         %v2 = OpNot %uint %e6
; 3: a select on x < 8, under a constant true and false
         %lt = OpULessThan %bool %x %uint_8
         %l0 = OpLogicalAnd %bool %lt %true
         %l1 = OpLogicalOr %bool %l0 %false
         %l2 = OpLogicalNot %bool %l1
         %l3 = OpLogicalNot %bool %l2
         %s0 = OpSelect %uint %l3 %x %uint_3
         %s1 = OpSelect %uint %true %s0 %uint_2
         %v3 = OpSelect %uint %false %uint_1 %s1
; 4: extracts through an insert chain and constructs
         %w0 = OpCompositeConstruct %v2uint %x %uint_3
         %w1 = OpCompositeInsert %v2uint %uint_2 %w0 1
         %st = OpCompositeConstruct %S %w1 %x
         %s2 = OpCompositeInsert %S %uint_8 %st 1
         %w2 = OpCompositeExtract %v2uint %s2 0
         %w3 = OpCompositeExtract %uint %w2 0
         %w4 = OpCompositeExtract %uint %s2 0 1
         %w5 = OpCompositeExtract %uint %v2_1_2 1
         %w6 = OpIAdd %uint %w3 %w4
         %v4 = OpIAdd %uint %w6 %w5
; 5: x * 0 and x & 0 beside x
         %z0 = OpIMul %uint %x %uint_0
         %z1 = OpBitwiseAnd %uint %uint_0 %x
         %z2 = OpIAdd %uint %z0 %z1
         %v5 = OpIAdd %uint %z2 %x
; 6: float arithmetic on constants, whose bits the driver decides
         %f0 = OpFAdd %float %float_0_1 %float_0_2
         %f1 = OpFMul %float %float_1e %float_0_2
         %f2 = OpFAdd %float %f0 %f1
         %v6 = OpBitcast %uint %f2
; dead code beside the live stores: a variable only stored to, arithmetic nothing reads
         %dd = OpIMul %uint %x %x
               OpStore %scratch %dd
         %df = OpFMul %float %float_0_1 %f2
; repeated expressions: x * x twice here and once more after the branch
         %q0 = OpIMul %uint %x %x
         %q2 = OpIMul %uint %x %x
               OpSelectionMerge %merge None
               OpBranchConditional %lt %then %merge
       %then = OpLabel
               OpBranch %merge
      %merge = OpLabel
; 7: a phi that brings x on both edges, plus one that does not, plus the repeated x * x
         %p0 = OpPhi %uint %x %entry %x %then
         %p1 = OpPhi %uint %uint_1 %entry %uint_2 %then
         %q1 = OpIMul %uint %x %x
         %q3 = OpIAdd %uint %q0 %q1
         %q4 = OpIAdd %uint %q3 %q2
         %q5 = OpIAdd %uint %p0 %p1
         %v7 = OpIAdd %uint %q5 %q4
         %o0 = OpAccessChain %sb_uint %out %int_0 %base
               OpStore %o0 %v0
         %i1 = OpIAdd %uint %base %uint_1
         %o1 = OpAccessChain %sb_uint %out %int_0 %i1
               OpStore %o1 %v1
         %i2 = OpIAdd %uint %base %uint_2
         %o2 = OpAccessChain %sb_uint %out %int_0 %i2
               OpStore %o2 %v2
         %i3 = OpIAdd %uint %base %uint_3
         %o3 = OpAccessChain %sb_uint %out %int_0 %i3
               OpStore %o3 %v3
         %i4 = OpIAdd %uint %i3 %uint_1
         %o4 = OpAccessChain %sb_uint %out %int_0 %i4
               OpStore %o4 %v4
         %i5 = OpIAdd %uint %i4 %uint_1
         %o5 = OpAccessChain %sb_uint %out %int_0 %i5
               OpStore %o5 %v5
         %i6 = OpIAdd %uint %i5 %uint_1
         %o6 = OpAccessChain %sb_uint %out %int_0 %i6
               OpStore %o6 %v6
         %i7 = OpIAdd %uint %i6 %uint_1
         %o7 = OpAccessChain %sb_uint %out %int_0 %i7
               OpStore %o7 %v7
               OpReturn
               OpFunctionEnd`;

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

function runFolding(spirv: Uint32Array): Promise<Uint8Array[]> {
  const size = INVOCATIONS * SLOTS * 4;
  return runCompute({
    spirv,
    groups: [1, 1, 1],
    buffers: [
      { binding: 0, size },
      { binding: 1, size: INVOCATIONS * 4, init: iota(INVOCATIONS * 4) },
    ],
  });
}

const same = (a: Uint8Array[], b: Uint8Array[]): boolean => a.length === b.length && a.every((x, i) => Buffer.from(x).equals(Buffer.from(b[i])));

describeWithOracle('scalar passes on Vulkan: the same buffers before and after', availability, () => {
  const modules = availability.ok ? loadCorpus().then((all) => all.filter((m) => m.run !== undefined)) : Promise.resolve([]);

  it('found the runnable compute modules of the corpus', async () => {
    expect((await modules).length).toBeGreaterThanOrEqual(8 * 3);
  });

  it('simplify-instructions then eliminate-dead-code-aggressive: the folding shader, its dead leftovers gone', { timeout: 120_000 }, async () => {
    const words = encodeModule(assemble(FOLDING, { targetEnv: 'vulkan1.1' }));
    const folded = transform(words, ['simplify-instructions'], 'vulkan1.1');
    const after = transform(folded, ['eliminate-dead-code-aggressive'], 'vulkan1.1');
    // The folds left dead instructions (the inserts and constructs read through, the first adds of the chains) that now go.
    expect(after.length).toBeLessThan(folded.length);
    expect(spirvVal(after, 'vulkan1.1')).toMatchObject({ ok: true });
    expect(same(await runFolding(after), await runFolding(words)), 'buffers differ').toBe(true);
  });

  for (const pass of PASSES) {
    it(`${pass}: the corpus compute modules`, { timeout: 600_000 }, async () => {
      const ran = new Map<string, Uint8Array[]>();
      let runs = 0;
      for (const m of await modules) {
        const after = transform(m.words, [pass], m.targetEnv);
        if (hash(after) === hash(m.words)) continue;
        const before = await runCorpus(m, m.words);
        expect(
          before.some((b) => b.some((x) => x !== 0)),
          m.name,
        ).toBe(true);
        let out = ran.get(hash(after));
        if (out === undefined) {
          out = await runCorpus(m, after);
          runs++;
          ran.set(hash(after), out);
        }
        expect(same(out, before), `${m.name}: buffers differ after ${pass}`).toBe(true);
      }
      console.info(`${pass}: ${runs} transformed corpus modules run`);
    });

    it(`${pass}: the folding shader computes the same after it changed`, { timeout: 120_000 }, async () => {
      const words = encodeModule(assemble(FOLDING, { targetEnv: 'vulkan1.1' }));
      expect(spirvVal(words, 'vulkan1.1')).toMatchObject({ ok: true });
      const after = transform(words, [pass], 'vulkan1.1');
      expect(hash(after)).not.toBe(hash(words));
      expect(spirvVal(after, 'vulkan1.1')).toMatchObject({ ok: true });
      const before = await runFolding(words);
      // Every invocation wrote its eight slots, most of them non-zero.
      expect(new Uint32Array(before[0].buffer, before[0].byteOffset, INVOCATIONS * SLOTS).filter((v) => v !== 0).length).toBeGreaterThan(INVOCATIONS * 6);
      expect(same(await runFolding(after), before), `buffers differ after ${pass}`).toBe(true);
    });
  }
});
