/**
 * merge-return and inline-entry-points-exhaustive on a real Vulkan driver (Mesa lavapipe in CI):
 * every compute module of the execution suites (the corpus shaders with a `// run:` spec, in every
 * debug-info variant and target env) and the shaders below, run before and after merge-return,
 * inline-entry-points-exhaustive, and the two followed by eliminate-dead-functions (spirv-opt's
 * -O order), with identical storage buffers. The shaders below are written for these passes:
 * helpers called several times, in loops and from other helpers, out and inout parameters
 * (pointers into the caller's variables), early returns from selections, switches and nested
 * loops, a returned struct, and a call in a loop header that is its own continue target; each
 * list must change them, and after the three no call is left.
 *
 * Without Vulkan or the corpus tools the suite skips with a message, or fails when
 * SPVKIT_REQUIRE_ORACLES=1.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { assemble, decodeModule, encodeModule, Op, runPasses } from '@spvkit/core';
import '@spvkit/passes';
import { corpusToolsAvailable, loadCorpus, type CorpusModule } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';
import { spirvVal } from '../support/spirvTools.js';
import { compileCompute } from './glsl.js';
import { runCompute, vulkanAvailable, type ComputeBuffer } from './runCompute.js';

const vulkan = await vulkanAvailable();
const corpusTools = corpusToolsAvailable();
const availability = !vulkan.ok ? vulkan : !corpusTools.ok ? { ok: false, reason: corpusTools.reason ?? 'corpus tools missing' } : { ok: true };

const LISTS: readonly (readonly string[])[] = [
  ['merge-return'],
  ['inline-entry-points-exhaustive'],
  ['merge-return', 'inline-entry-points-exhaustive', 'eliminate-dead-functions'],
];

/** Invocations of the shaders below; each writes SLOTS values. */
const INVOCATIONS = 32;
const SLOTS = 4;

/**
 * Early returns everywhere: a selection, a switch's cases, a loop and a loop nested in it; an
 * inout accumulator with a return that skips the add; a helper calling both, called in a loop.
 */
const EARLY_RETURNS = `#version 450
layout(local_size_x = ${INVOCATIONS}) in;
layout(std430, binding = 0) buffer Out { uint o[]; };
layout(std430, binding = 1) buffer In { uint i[]; };
uint classify(uint x) {
  if (x < 3u) return 1u;
  switch (x % 8u) { case 5u: return 7u; case 6u: break; default: x += 1u; }
  for (uint k = 0u; k < x; k++) {
    if (k * k > x) return k + 100u;
    for (uint j = 0u; j < 3u; j++) { if (j + k == x) return 55u + j; }
  }
  return x * 2u;
}
void addTo(inout uint acc, uint v) { if (v == 0u) return; acc += v; }
uint nested(uint x) { uint a = 0u; addTo(a, classify(x)); addTo(a, classify(x + 1u)); addTo(a, x & 1u); return a; }
void main() {
  uint g = gl_GlobalInvocationID.x;
  uint acc = 0u;
  for (uint n = 0u; n < 3u; n++) acc += nested(i[g] + n);
  o[g * ${SLOTS}u] = acc;
  o[g * ${SLOTS}u + 1u] = classify(i[g]);
  uint b = 5u;
  addTo(b, nested(g));
  o[g * ${SLOTS}u + 2u] = b;
  o[g * ${SLOTS}u + 3u] = nested(classify(g));
}
`;

/**
 * Out parameters, a returned struct, calls in a loop's condition and in a do-while, a helper
 * with its own local array, and one whose early return leaves a while loop from a nested switch.
 */
const OUT_PARAMETERS = `#version 450
layout(local_size_x = ${INVOCATIONS}) in;
layout(std430, binding = 0) buffer Out { uint o[]; };
layout(std430, binding = 1) buffer In { uint i[]; };
struct Pair { uint lo; uint hi; };
Pair split(uint x) { Pair p; p.lo = x & 15u; p.hi = x >> 4u; return p; }
void divmod(uint a, uint b, out uint q, out uint r) { if (b == 0u) { q = 0u; r = a; return; } q = a / b; r = a % b; }
bool more(inout uint n) { n += 3u; return n < 20u; }
uint table(uint k) { uint t[4] = uint[4](3u, 1u, 4u, 1u); uint s = 0u; for (uint m = 0u; m <= k % 4u; m++) s += t[m]; return s; }
uint scan(uint x) {
  uint n = 0u;
  while (true) {
    switch (n % 3u) { case 0u: if (n > x) return n; break; default: break; }
    n += 2u;
    if (n > 40u) break;
  }
  return 999u;
}
void main() {
  uint g = gl_GlobalInvocationID.x;
  uint x = i[g] * 7u + 3u;
  Pair p = split(x);
  uint q; uint r;
  divmod(x, p.lo, q, r);
  o[g * ${SLOTS}u] = q * 1000u + r;
  uint n = g % 5u; uint steps = 0u;
  while (more(n)) steps += table(n);
  o[g * ${SLOTS}u + 1u] = steps * 100u + n;
  uint d = 0u;
  do { d += scan(p.hi + d); } while (d < 30u);
  o[g * ${SLOTS}u + 2u] = d;
  o[g * ${SLOTS}u + 3u] = split(table(g)).lo + scan(g);
}
`;

/**
 * Hand-written: a call in a loop header that is its own continue target, to a function returning
 * from a selection (merge-return makes it several blocks, so the inliner must split the header),
 * and an OpPhi in the header that names the header as the back edge's origin; and a call there
 * to a function of one block, which the inliner puts in the header itself.
 */
const LOOP_HEADER_CALL = `
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
     %v3uint = OpTypeVector %uint 3
    %fn_uint = OpTypeFunction %uint %uint
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_3 = OpConstant %uint 3
     %uint_5 = OpConstant %uint 5
    %uint_50 = OpConstant %uint 50
  %uint_slot = OpConstant %uint ${SLOTS}
        %arr = OpTypeRuntimeArray %uint
        %Buf = OpTypeStruct %arr
     %sb_Buf = OpTypePointer StorageBuffer %Buf
    %sb_uint = OpTypePointer StorageBuffer %uint
     %in_v3u = OpTypePointer Input %v3uint
        %gid = OpVariable %in_v3u Input
        %out = OpVariable %sb_Buf StorageBuffer
         %in = OpVariable %sb_Buf StorageBuffer
       %main = OpFunction %void None %fn
      %entry = OpLabel
       %gid3 = OpLoad %v3uint %gid
          %g = OpCompositeExtract %uint %gid3 0
        %inp = OpAccessChain %sb_uint %in %uint_0 %g
          %x = OpLoad %uint %inp
               OpBranch %h
          %h = OpLabel
          %s = OpPhi %uint %x %entry %s1 %h
          %n = OpPhi %uint %uint_0 %entry %n1 %h
          %v = OpFunctionCall %uint %step %s
         %v2 = OpFunctionCall %uint %twice %v
         %s1 = OpIAdd %uint %s %v2
         %n1 = OpIAdd %uint %n %uint_1
         %lt = OpULessThan %bool %n1 %uint_5
               OpLoopMerge %m %h None
               OpBranchConditional %lt %h %m
          %m = OpLabel
       %base = OpIMul %uint %g %uint_slot
         %o0 = OpAccessChain %sb_uint %out %uint_0 %base
               OpStore %o0 %s1
         %i1 = OpIAdd %uint %base %uint_1
         %o1 = OpAccessChain %sb_uint %out %uint_0 %i1
          %w = OpFunctionCall %uint %step %g
               OpStore %o1 %w
         %i2 = OpIAdd %uint %i1 %uint_1
         %o2 = OpAccessChain %sb_uint %out %uint_0 %i2
               OpStore %o2 %s
         %i3 = OpIAdd %uint %i2 %uint_1
         %o3 = OpAccessChain %sb_uint %out %uint_0 %i3
               OpStore %o3 %n1
               OpReturn
               OpFunctionEnd
      %twice = OpFunction %uint None %fn_uint
         %ta = OpFunctionParameter %uint
         %te = OpLabel
         %t2 = OpIAdd %uint %ta %ta
               OpReturnValue %t2
               OpFunctionEnd
       %step = OpFunction %uint None %fn_uint
          %a = OpFunctionParameter %uint
         %se = OpLabel
        %odd = OpBitwiseAnd %uint %a %uint_1
        %is1 = OpIEqual %bool %odd %uint_1
               OpSelectionMerge %sm None
               OpBranchConditional %is1 %st %sm
         %st = OpLabel
         %a3 = OpIMul %uint %a %uint_3
               OpReturnValue %a3
         %sm = OpLabel
        %big = OpUGreaterThan %bool %a %uint_50
        %res = OpSelect %uint %big %uint_1 %a
               OpReturnValue %res
               OpFunctionEnd`;

const iota = (size: number): Uint8Array => new Uint8Array(Uint32Array.from({ length: size / 4 }, (_, i) => i).buffer);
const hash = (words: Uint32Array): string => createHash('sha256').update(words).digest('hex');

function transform(words: Uint32Array, passes: readonly string[], targetEnv: string): Uint32Array {
  const module = decodeModule(words);
  const r = runPasses(module, passes, { targetEnv, checkConsistency: true });
  expect(r.ok, JSON.stringify(r.diagnostics)).toBe(true);
  return encodeModule(module);
}

function calls(words: Uint32Array): number {
  let n = 0;
  for (const inst of decodeModule(words).instructions()) if (inst.opcode === Op.FunctionCall) n++;
  return n;
}

/** The module's buffers after one dispatch as its run spec says. */
function runCorpus(m: CorpusModule, spirv: Uint32Array): Promise<Uint8Array[]> {
  const spec = m.run!;
  const buffers: ComputeBuffer[] = spec.buffers.map((b) => ({ binding: b.binding, size: b.size, ...(b.fill === 'iota' ? { init: iota(b.size) } : {}) }));
  return runCompute({ spirv, groups: spec.groups, buffers, ...(spec.specConstants ? { specConstants: spec.specConstants } : {}) });
}

function runOwn(spirv: Uint32Array): Promise<Uint8Array[]> {
  return runCompute({
    spirv,
    groups: [1, 1, 1],
    buffers: [
      { binding: 0, size: INVOCATIONS * SLOTS * 4 },
      { binding: 1, size: INVOCATIONS * 4, init: iota(INVOCATIONS * 4) },
    ],
  });
}

const same = (a: Uint8Array[], b: Uint8Array[]): boolean => a.length === b.length && a.every((x, i) => Buffer.from(x).equals(Buffer.from(b[i])));

describeWithOracle('merge-return and inline-entry-points-exhaustive on Vulkan: the same buffers before and after', availability, () => {
  const modules = availability.ok ? loadCorpus().then((all) => all.filter((m) => m.run !== undefined)) : Promise.resolve([]);
  const own = availability.ok
    ? Promise.all([
        compileCompute(EARLY_RETURNS),
        compileCompute(OUT_PARAMETERS),
        Promise.resolve(encodeModule(assemble(LOOP_HEADER_CALL, { targetEnv: 'vulkan1.1' }))),
      ])
    : Promise.resolve([]);
  const OWN_NAMES = ['early returns', 'out parameters', 'loop header call'];

  it('found the runnable compute modules of the corpus', async () => {
    expect((await modules).length).toBeGreaterThanOrEqual(8 * 3);
  });

  for (const list of LISTS) {
    const key = list.join(', ');
    it(`${key}: the corpus compute modules`, { timeout: 600_000 }, async () => {
      const ran = new Map<string, Uint8Array[]>();
      let runs = 0;
      for (const m of await modules) {
        const after = transform(m.words, list, m.targetEnv);
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
        expect(same(out, before), `${m.name}: buffers differ after ${key}`).toBe(true);
      }
      console.info(`${key}: ${runs} transformed corpus modules run`);
    });

    it(`${key}: the shaders written for these passes compute the same after they changed`, { timeout: 120_000 }, async () => {
      const shaders = await own;
      for (const [k, words] of shaders.entries()) {
        const name = OWN_NAMES[k];
        expect(spirvVal(words, 'vulkan1.1'), name).toMatchObject({ ok: true });
        const after = transform(words, list, 'vulkan1.1');
        expect(hash(after), `${name}: unchanged by ${key}`).not.toBe(hash(words));
        expect(spirvVal(after, 'vulkan1.1'), `${name} after ${key}`).toMatchObject({ ok: true });
        if (list.length === 3) expect(calls(after), `${name}: calls left after ${key}`).toBe(0);
        const before = await runOwn(words);
        // Every invocation wrote its slots, most of them non-zero.
        expect(new Uint32Array(before[0].buffer, before[0].byteOffset, INVOCATIONS * SLOTS).filter((v) => v !== 0).length, name).toBeGreaterThan(
          INVOCATIONS * (SLOTS - 1),
        );
        expect(same(await runOwn(after), before), `${name}: buffers differ after ${key}`).toBe(true);
      }
    });
  }
});
