/**
 * Conditional constant propagation and the vector passes (ccp, vector-dce, eliminate-dead-inserts)
 * on a real Vulkan driver (Mesa lavapipe in CI): every compute module of the execution suites (the
 * corpus shaders with a `// run:` spec, as compiled and after the memory-to-register passes that
 * come before these in spirv-opt's recipes), and the three shaders below (two in assembly, one in
 * GLSL), which these passes must change, run before and after each pass with identical storage
 * buffers. A pass that leaves a
 * module byte-identical is not run again.
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
import { compileCompute } from './glsl.js';
import { runCompute, vulkanAvailable, type ComputeBuffer } from './runCompute.js';

const vulkan = await vulkanAvailable();
const corpusTools = corpusToolsAvailable();
const availability = !vulkan.ok ? vulkan : !corpusTools.ok ? { ok: false, reason: corpusTools.reason ?? 'corpus tools missing' } : { ok: true };

const PASSES = ['ccp', 'vector-dce', 'eliminate-dead-inserts'];

/** The memory-to-register passes spirv-opt runs before these: they give the SSA values and insert chains these passes work on. */
const TO_REGISTERS = [
  'private-to-local',
  'scalar-replacement=0',
  'convert-local-access-chains',
  'eliminate-local-single-block',
  'eliminate-local-single-store',
  'ssa-rewrite',
];

/** Invocations of the shaders below, and the values each one writes. */
const INVOCATIONS = 16;
const SLOTS = 8;

/** What both shaders share: the types, the buffers, `x = in[gid]`, and the eight stores of %v0..%v7. */
function computeShader(types: string, body: string, variables = ''): string {
  const stores = Array.from({ length: SLOTS }, (_, i) =>
    [
      `       %at${i} = OpIAdd %uint %base %uint_${i}`,
      `       %op${i} = OpAccessChain %sb_uint %out %int_0 %at${i}`,
      `               OpStore %op${i} %v${i}`,
    ].join('\n'),
  ).join('\n');
  return `
               OpCapability Shader
       %glsl = OpExtInstImport "GLSL.std.450"
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
     %v4uint = OpTypeVector %uint 4
${Array.from({ length: 11 }, (_, i) => `     %uint_${i} = OpConstant %uint ${i}`).join('\n')}
   %uint_100 = OpConstant %uint 100
  %uint_slot = OpConstant %uint ${SLOTS}
      %int_0 = OpConstant %int 0
      %int_1 = OpConstant %int 1
      %int_2 = OpConstant %int 2
       %true = OpConstantTrue %bool
      %false = OpConstantFalse %bool
  %float_0_1 = OpConstant %float 0.1
  %float_0_2 = OpConstant %float 0.2
        %arr = OpTypeRuntimeArray %uint
        %Buf = OpTypeStruct %arr
     %sb_Buf = OpTypePointer StorageBuffer %Buf
    %sb_uint = OpTypePointer StorageBuffer %uint
     %in_v3u = OpTypePointer Input %v3uint
        %gid = OpVariable %in_v3u Input
        %out = OpVariable %sb_Buf StorageBuffer
         %in = OpVariable %sb_Buf StorageBuffer
${types}
       %main = OpFunction %void None %fn
      %entry = OpLabel
${variables}
       %gid3 = OpLoad %v3uint %gid
          %g = OpCompositeExtract %uint %gid3 0
        %inp = OpAccessChain %sb_uint %in %int_0 %g
          %x = OpLoad %uint %inp
       %base = OpIMul %uint %g %uint_slot
${body}
${stores}
               OpReturn
               OpFunctionEnd`;
}

/**
 * Constants through control flow: a loop with a constant trip count that keeps one value
 * constant, a branch on a folded condition whose other side computes something else, a switch on
 * a folded selector, a loop whose condition is false from the start (its back edge never runs),
 * equal constant vectors meeting at an OpPhi, an OpConstantNull meeting a zero, float arithmetic
 * that must stay, and `x * 0`.
 */
const CONSTANTS = computeShader(
  `   %v2_null = OpConstantNull %v2uint
    %uint_null = OpConstantNull %uint`,
  `
; 0: i counts 0..3 (varying), k stays 3 around the loop; sum adds x four times
               OpBranch %h0
         %h0 = OpLabel
         %i = OpPhi %uint %uint_0 %entry %i2 %c0
         %k = OpPhi %uint %uint_3 %entry %k2 %c0
       %sum = OpPhi %uint %uint_0 %entry %sum2 %c0
        %lt = OpULessThan %bool %i %uint_4
               OpLoopMerge %x0 %c0 None
               OpBranchConditional %lt %b0 %x0
         %b0 = OpLabel
         %k2 = OpIMul %uint %k %uint_1
      %sum2 = OpIAdd %uint %sum %x
               OpBranch %c0
         %c0 = OpLabel
         %i2 = OpIAdd %uint %i %uint_1
               OpBranch %h0
         %x0 = OpLabel
         %v0 = OpIAdd %uint %sum %k
; 1: (2 + 1 == 3) takes the then side: 6 there, x * x on the side that never runs
         %a1 = OpIAdd %uint %uint_2 %uint_1
         %c1 = OpIEqual %bool %a1 %uint_3
               OpSelectionMerge %m1 None
               OpBranchConditional %c1 %t1 %e1
         %t1 = OpLabel
        %t1v = OpIMul %uint %uint_2 %uint_3
               OpBranch %m1
         %e1 = OpLabel
        %e1v = OpIMul %uint %x %x
               OpBranch %m1
         %m1 = OpLabel
        %p1 = OpPhi %uint %t1v %t1 %e1v %e1
         %v1 = OpIAdd %uint %p1 %x
; 2: a switch on 5 - 3 takes case 2
         %s2 = OpISub %uint %uint_5 %uint_3
               OpSelectionMerge %m2 None
               OpSwitch %s2 %d2 1 %k1 2 %k2b
         %k1 = OpLabel
               OpBranch %m2
        %k2b = OpLabel
               OpBranch %m2
         %d2 = OpLabel
        %d2v = OpIAdd %uint %x %uint_1
               OpBranch %m2
         %m2 = OpLabel
         %p2 = OpPhi %uint %x %k1 %uint_7 %k2b %d2v %d2
         %v2 = OpIMul %uint %p2 %uint_2
; 3: a loop whose condition is false from the start: acc stays 10
               OpBranch %h3
         %h3 = OpLabel
        %acc = OpPhi %uint %uint_10 %m2 %acc2 %c3
       %never = OpULessThan %bool %uint_5 %uint_2
               OpLoopMerge %x3 %c3 None
               OpBranchConditional %never %b3 %x3
         %b3 = OpLabel
       %acc2 = OpIAdd %uint %acc %x
               OpBranch %c3
         %c3 = OpLabel
               OpBranch %h3
         %x3 = OpLabel
         %v3 = OpIAdd %uint %acc %x
; 4: equal constant vectors built on both sides of a branch on x
       %small = OpULessThan %bool %x %uint_8
               OpSelectionMerge %m4 None
               OpBranchConditional %small %t4 %e4
         %t4 = OpLabel
        %va = OpCompositeConstruct %v2uint %uint_1 %uint_2
               OpBranch %m4
         %e4 = OpLabel
        %vb = OpCompositeConstruct %v2uint %uint_1 %uint_2
               OpBranch %m4
         %m4 = OpLabel
         %p4 = OpPhi %v2uint %va %t4 %vb %e4
        %p4y = OpCompositeExtract %uint %p4 1
         %v4 = OpIAdd %uint %p4y %x
; 5: x * 0 plus 10 / 3
         %z5 = OpIMul %uint %x %uint_0
         %q5 = OpUDiv %uint %uint_10 %uint_3
         %v5 = OpIAdd %uint %z5 %q5
; 6: float arithmetic on constants, equal on both edges: the driver's to compute
         %f6 = OpFAdd %float %float_0_1 %float_0_2
               OpSelectionMerge %m6 None
               OpBranchConditional %small %t6 %m6
         %t6 = OpLabel
               OpBranch %m6
         %m6 = OpLabel
         %p6 = OpPhi %float %f6 %m4 %f6 %t6
         %v6 = OpBitcast %uint %p6
; 7: a null meets a zero at an OpPhi whose both edges run, as a scalar and as a vector
               OpSelectionMerge %m7 None
               OpBranchConditional %small %t7 %m7
         %t7 = OpLabel
        %z7v = OpCompositeConstruct %v2uint %uint_0 %uint_0
               OpBranch %m7
         %m7 = OpLabel
         %p7 = OpPhi %uint %uint_null %m6 %uint_0 %t7
        %p7v = OpPhi %v2uint %v2_null %m6 %z7v %t7
         %q7 = OpCompositeExtract %uint %p7v 1
         %r7 = OpIAdd %uint %p7 %q7
         %v7 = OpIAdd %uint %r7 %x`,
);

/**
 * Vectors built component by component with components nobody reads, swizzles, a construct whose
 * dead constituent is computed, a loop carrying a vector one component of which is never read,
 * struct members overwritten, a struct inserted into an array (what spirv-opt's
 * eliminate-dead-inserts drops), and an insert into a vector of which only the inserted component
 * is read.
 */
const VECTORS = computeShader(
  `          %S = OpTypeStruct %v2uint %uint
          %A = OpTypeArray %S %uint_4
       %fn_A = OpTypePointer Function %A
    %fn_uint = OpTypePointer Function %uint
     %undef4 = OpUndef %v4uint
     %undefS = OpUndef %S
     %undefA = OpUndef %A
     %v2_0_100 = OpConstantComposite %v2uint %uint_0 %uint_100`,
  `
; 0: x, x+1, x+2, x+3 inserted one by one; the swizzle .wy reads two of them
         %x1 = OpIAdd %uint %x %uint_1
         %x2 = OpIAdd %uint %x %uint_2
         %x3 = OpIAdd %uint %x %uint_3
         %a0 = OpCompositeInsert %v4uint %x %undef4 0
         %a1 = OpCompositeInsert %v4uint %x1 %a0 1
         %a2 = OpCompositeInsert %v4uint %x2 %a1 2
         %a3 = OpCompositeInsert %v4uint %x3 %a2 3
         %sw = OpVectorShuffle %v2uint %a3 %a3 3 1
        %sw0 = OpCompositeExtract %uint %sw 0
        %sw1 = OpCompositeExtract %uint %sw 1
        %sw2 = OpIMul %uint %sw1 %uint_2
         %v0 = OpIAdd %uint %sw0 %sw2
; 1: .x written twice before it is read, .y once
         %xx = OpIMul %uint %x %x
         %b0 = OpCompositeInsert %v4uint %xx %undef4 0
         %b1 = OpCompositeInsert %v4uint %x %b0 0
         %b2 = OpCompositeInsert %v4uint %uint_5 %b1 1
        %b2x = OpCompositeExtract %uint %b2 0
        %b2y = OpCompositeExtract %uint %b2 1
         %v1 = OpIAdd %uint %b2x %b2y
; 2: a construct added to itself and through UMax, of which only .y is read
         %x7 = OpIMul %uint %x %uint_7
         %x9 = OpIAdd %uint %x %uint_9
          %c = OpCompositeConstruct %v4uint %x7 %x9 %x %uint_3
         %cc = OpIAdd %v4uint %c %c
          %d = OpExtInst %v4uint %glsl UMax %cc %c
         %v2 = OpCompositeExtract %uint %d 1
; 3: a loop carrying (sum, sum of squares); only the sum is read
               OpBranch %h3
         %h3 = OpLabel
        %acc = OpPhi %v2uint %v2_0_100 %entry %next %b3
          %i = OpPhi %uint %uint_0 %entry %i2 %b3
         %lt = OpULessThan %bool %i %uint_4
               OpLoopMerge %x3l %b3 None
               OpBranchConditional %lt %b3 %x3l
         %b3 = OpLabel
         %sq = OpIMul %uint %i %i
       %step = OpCompositeConstruct %v2uint %i %sq
       %next = OpIAdd %v2uint %acc %step
         %i2 = OpIAdd %uint %i %uint_1
               OpBranch %h3
        %x3l = OpLabel
        %accx = OpCompositeExtract %uint %acc 0
         %v3 = OpIAdd %uint %accx %x
; 4: struct member 1 written twice, member 0 once, then read
         %s0 = OpCompositeInsert %S %x %undefS 1
         %s1 = OpCompositeInsert %S %x1 %s0 1
        %m0v = OpCompositeConstruct %v2uint %x %uint_2
         %s2 = OpCompositeInsert %S %m0v %s1 0
        %s2a = OpCompositeExtract %uint %s2 1
        %s2b = OpCompositeExtract %uint %s2 0 1
         %v4 = OpIAdd %uint %s2a %s2b
; 5: a struct inserted into an array, stored, and one member read back through memory
         %s3 = OpCompositeInsert %S %x3 %undefS 1
         %s4 = OpCompositeInsert %S %m0v %s3 0
        %arr2 = OpCompositeInsert %A %s4 %undefA 2
               OpStore %pv %arr2
         %q5 = OpAccessChain %fn_uint %pv %int_2 %int_1
         %v5 = OpLoad %uint %q5
; 6: only the inserted component of an insert is read
          %w = OpCompositeConstruct %v4uint %x %x1 %x2 %x3
         %w1 = OpCompositeInsert %v4uint %x9 %w 2
         %v6 = OpCompositeExtract %uint %w1 2
; 7: a component-wise select on a vector condition, .x read
         %bv = OpCompositeConstruct %v2uint %x %uint_8
         %cv = OpULessThan %v2bool %bv %v2_0_100
        %sel = OpSelect %v2uint %cv %bv %m0v
         %v7 = OpCompositeExtract %uint %sel 0`,
  '         %pv = OpVariable %fn_A Function',
).replace('     %v4uint = OpTypeVector %uint 4', '     %v4uint = OpTypeVector %uint 4\n     %v2bool = OpTypeVector %bool 2');

/**
 * The same kinds of code as glslang writes it: components and members stored one by one (some
 * never read, some written twice), a swizzle, a loop carrying a vector, and loops and a select on
 * a constant. Run through the memory-to-register passes first, each of the three passes changes it.
 */
const GLSL = `#version 450
layout(local_size_x = ${INVOCATIONS}) in;
layout(std430, binding = 0) buffer Out { uint o[]; };
layout(std430, binding = 1) buffer In { uint i[]; };
struct P { uvec2 a; uint b; };
void main() {
  uint g = gl_GlobalInvocationID.x;
  uint x = i[g];
  uvec4 v;
  v.x = x; v.y = x * 3u; v.z = x * x; v.w = x + 7u;
  uvec2 s = v.wy;
  P p;
  p.b = x * 5u;
  p.b = x + 1u;
  p.a = uvec2(x, 2u);
  p.a.y = x * 9u;
  uvec2 t = uvec2(0u, 100u);
  for (uint k = 0u; k < 4u; ++k) t += uvec2(k, k * k);
  const int n = 3;
  uint c = 0u;
  uint m = 7u;
  for (int k = 0; k < n; ++k) { c += x; m = m * 1u; }
  uint w = n > 2 ? m : x;
  uvec4 q;
  q.x = x * x; q.x = x; q.y = 5u;
  uint base = g * ${SLOTS}u;
  o[base] = s.x + s.y;
  o[base + 1u] = p.b + p.a.y;
  o[base + 2u] = t.x + x;
  o[base + 3u] = c;
  o[base + 4u] = w + x;
  o[base + 5u] = v.x;
  o[base + 6u] = p.a.x + 1u;
  o[base + 7u] = q.x + q.y;
}
`;

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

function runShader(spirv: Uint32Array): Promise<Uint8Array[]> {
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

/** Each shader, the pass that must change it, and a pipeline that cleans up after it. */
const SHADERS = [
  { name: 'the constants shader', text: CONSTANTS, pass: 'ccp', pipeline: ['ccp', 'eliminate-dead-branches', 'eliminate-dead-code-aggressive'] },
  { name: 'the vectors shader', text: VECTORS, pass: 'vector-dce', pipeline: ['vector-dce', 'eliminate-dead-inserts', 'eliminate-dead-code-aggressive'] },
  {
    name: 'the vectors shader',
    text: VECTORS,
    pass: 'eliminate-dead-inserts',
    pipeline: ['eliminate-dead-inserts', 'vector-dce', 'eliminate-dead-code-aggressive'],
  },
];

describeWithOracle('ccp and the vector passes on Vulkan: the same buffers before and after', availability, () => {
  const modules = availability.ok ? loadCorpus().then((all) => all.filter((m) => m.run !== undefined)) : Promise.resolve([]);

  it('found the runnable compute modules of the corpus', async () => {
    expect((await modules).length).toBeGreaterThanOrEqual(8 * 3);
  });

  for (const pass of PASSES) {
    it(`${pass}: the corpus compute modules, as compiled and in registers`, { timeout: 600_000 }, async () => {
      const ran = new Map<string, Uint8Array[]>();
      let runs = 0;
      for (const m of await modules) {
        const registers = transform(m.words, TO_REGISTERS, m.targetEnv);
        for (const input of [m.words, registers]) {
          const after = transform(input, [pass], m.targetEnv);
          if (hash(after) === hash(input)) continue;
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
      }
      console.info(`${pass}: ${runs} transformed corpus modules run`);
    });
  }

  it('each pass changes the GLSL shader once in registers, and it computes the same', { timeout: 120_000 }, async () => {
    const words = await compileCompute(GLSL, 'vulkan1.1');
    const registers = transform(words, TO_REGISTERS, 'vulkan1.1');
    const before = await runShader(words);
    expect(new Uint32Array(before[0].buffer, before[0].byteOffset, INVOCATIONS * SLOTS).filter((v) => v !== 0).length).toBeGreaterThan(INVOCATIONS * 6);
    for (const pass of PASSES) {
      const after = transform(registers, [pass], 'vulkan1.1');
      expect(hash(after), pass).not.toBe(hash(registers));
      expect(spirvVal(after, 'vulkan1.1'), pass).toMatchObject({ ok: true });
      expect(same(await runShader(after), before), `buffers differ after ${pass}`).toBe(true);
    }
  });

  for (const { name, text, pass, pipeline } of SHADERS) {
    it(`${pass}, alone and as ${pipeline.join(' + ')}: ${name} computes the same after it changed`, { timeout: 120_000 }, async () => {
      const words = encodeModule(assemble(text, { targetEnv: 'vulkan1.1' }));
      expect(spirvVal(words, 'vulkan1.1')).toMatchObject({ ok: true });
      const before = await runShader(words);
      // Every invocation wrote its eight slots, most of them non-zero.
      expect(new Uint32Array(before[0].buffer, before[0].byteOffset, INVOCATIONS * SLOTS).filter((v) => v !== 0).length).toBeGreaterThan(INVOCATIONS * 6);
      for (const passes of [[pass], pipeline]) {
        const after = transform(words, passes, 'vulkan1.1');
        expect(hash(after), passes.join(' + ')).not.toBe(hash(words));
        expect(spirvVal(after, 'vulkan1.1'), passes.join(' + ')).toMatchObject({ ok: true });
        expect(same(await runShader(after), before), `buffers differ after ${passes.join(' + ')}`).toBe(true);
      }
    });
  }
});
