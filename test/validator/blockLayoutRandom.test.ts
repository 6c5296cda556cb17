/// <reference types="node" />
// Differential: seeded random buffer blocks (nested structures, arrays, runtime arrays, row- and
// column-major matrices, vectors), laid out roughly and then perturbed, judged by the validator and
// by Debian's spirv-val 2023.1 in Vulkan 1.0 (standard layout) and 1.1 (relaxed). Both must accept
// or reject alike, and where both reject, for the same rule (spirv-val stops at the first failure
// and so does each block's check, walking members in the same order).
import { assemble, encodeModule } from '@spvkit/core';
import { expect, it } from 'vitest';
import { Random } from '../fuzz/random.js';
import { describeWithOracle } from '../support/oracles.js';
import { spirvToolsAvailable, spirvVal } from '../support/spirvTools.js';
import { validate } from '@spvkit/validator';

const SEED = Number(process.env.SPVKIT_BLOCK_LAYOUT_SEED ?? 0xb10c);
const CASES = Number(process.env.SPVKIT_BLOCK_LAYOUT_CASES ?? 240);

/** Each layout rule's code and the words of spirv-val's message for it. */
const THEIR_WORDS: Record<string, RegExp> = {
  'spvkit-decorations-layout-offset': /is not aligned to/,
  'spvkit-decorations-layout-overlap': /overlaps previous member/,
  'spvkit-decorations-layout-straddle': /improperly straddling vector/,
  'spvkit-decorations-layout-matrix-stride': /is a matrix with stride/,
  'spvkit-decorations-layout-array-stride': /contains an array with stride/,
};

/** Builds one random block: the declarations and decorations it needs, in assembly. */
class BlockMaker {
  decorations: string[] = [];
  types: string[] = [];
  private next = 0;

  constructor(private readonly random: Random) {}

  /** A structure of 1 to 4 members (a runtime array last where `runtime`), its id. */
  struct(depth: number, runtime: boolean): string {
    const r = this.random;
    const id = `%S${this.next++}`;
    const n = 1 + r.below(4);
    const members: string[] = [];
    let offset = 0;
    for (let m = 0; m < n; m++) {
      const last = m === n - 1;
      const [type, size] = last && runtime && r.chance(0.5) ? this.runtimeArray() : this.member(depth);
      members.push(type);
      // Roughly laid out (16-byte aligned), then perturbed now and then.
      offset = (offset + 15) & ~15;
      let at = offset;
      if (r.chance(0.25)) at = Math.max(0, at + r.pick([-12, -8, -4, 4, 8, 12, 2]));
      this.decorations.push(`OpMemberDecorate ${id} ${m} Offset ${at}`);
      if (type.startsWith('%mat')) {
        this.decorations.push(`OpMemberDecorate ${id} ${m} ${r.chance(0.5) ? 'RowMajor' : 'ColMajor'}`);
        this.decorations.push(`OpMemberDecorate ${id} ${m} MatrixStride ${r.pick([16, 16, 16, 8, 12, 32])}`);
      }
      offset = at + size;
    }
    this.types.push(`${id} = OpTypeStruct ${members.join(' ')}`);
    return id;
  }

  /** A member type and a generous size for it. */
  private member(depth: number): [string, number] {
    const r = this.random;
    const k = r.below(depth < 2 ? 9 : 7);
    switch (k) {
      case 0:
        return ['%float', 4];
      case 1:
        return ['%int', 4];
      case 2:
        return ['%v2float', 8];
      case 3:
        return ['%v3float', 12];
      case 4:
        return ['%v4float', 16];
      case 5:
        return [r.pick(['%mat2', '%mat3', '%mat4', '%mat2x3']), 64];
      case 6:
        return this.array('%' + r.pick(['float', 'v2float', 'v3float', 'v4float']), 16);
      default: {
        // A nested structure, alone or in an array (declared before the structure holding it).
        const inner = this.struct(depth + 1, false);
        return r.chance(0.5) ? [inner, 96] : this.array(inner, 96);
      }
    }
  }

  private array(element: string, elementSize: number): [string, number] {
    const r = this.random;
    const id = `%A${this.next++}`;
    const length = r.pick([2, 3]);
    const stride = r.chance(0.8) ? Math.max(16, Math.ceil(elementSize / 16) * 16) : r.pick([4, 8, 12, 16, 32]);
    this.types.push(`${id} = OpTypeArray ${element} %uint_${length}`);
    this.decorations.push(`OpDecorate ${id} ArrayStride ${stride}`);
    return [id, length * Math.max(stride, elementSize)];
  }

  private runtimeArray(): [string, number] {
    const r = this.random;
    const id = `%R${this.next++}`;
    this.types.push(`${id} = OpTypeRuntimeArray %${r.pick(['float', 'v3float', 'v4float'])}`);
    this.decorations.push(`OpDecorate ${id} ArrayStride ${r.pick([4, 12, 16, 16])}`);
    return [id, 0];
  }
}

function moduleOf(random: Random, sc: string): string {
  const maker = new BlockMaker(random);
  const block = maker.struct(0, sc === 'StorageBuffer');
  const binding = sc === 'PushConstant' ? '' : 'OpDecorate %buf DescriptorSet 0\nOpDecorate %buf Binding 0';
  return `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate ${block} Block
${binding}
${maker.decorations.join('\n')}
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%v2float = OpTypeVector %float 2
%v3float = OpTypeVector %float 3
%v4float = OpTypeVector %float 4
%mat2 = OpTypeMatrix %v2float 2
%mat3 = OpTypeMatrix %v3float 3
%mat4 = OpTypeMatrix %v4float 4
%mat2x3 = OpTypeMatrix %v3float 2
%uint_2 = OpConstant %uint 2
%uint_3 = OpConstant %uint 3
${maker.types.join('\n')}
%ptr = OpTypePointer ${sc} ${block}
%buf = OpVariable %ptr ${sc}
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`;
}

describeWithOracle('block layout: random blocks judged alike by the validator and spirv-val', spirvToolsAvailable(), () => {
  it(`agrees on ${CASES} random blocks`, { timeout: 300_000 }, () => {
    const random = new Random(SEED);
    const disagreements: string[] = [];
    let rejected = 0;
    for (let n = 0; n < CASES; n++) {
      const sc = random.pick(['Uniform', 'StorageBuffer', 'PushConstant']);
      const env = sc === 'StorageBuffer' ? 'vulkan1.1' : random.pick(['vulkan1.0', 'vulkan1.1']);
      const text = moduleOf(random, sc);
      const words = encodeModule(assemble(text, { targetEnv: env }));
      const ours = validate(words, { targetEnv: env });
      const theirs = spirvVal(words, env);
      if (!theirs.ok) rejected++;
      const first = theirs.message.split('\n')[0] ?? '';
      const same = theirs.ok ? ours.length === 0 : ours.length === 1 && (THEIR_WORDS[ours[0].code]?.test(first) ?? false);
      if (!same)
        disagreements.push(
          `case ${n} (${sc}, ${env}): spirv-val: ${theirs.ok ? 'accepts' : first}\n  ours: ${ours.map((d) => `${d.code}: ${d.message}`).join(' | ') || 'accepts'}\n${text}`,
        );
    }
    console.log(`[block layout] ${CASES} random blocks, spirv-val rejects ${rejected}; ${CASES - disagreements.length} agree`);
    expect(disagreements, disagreements.slice(0, 3).join('\n')).toEqual([]);
    // The cases exercise both verdicts.
    expect(rejected).toBeGreaterThan(CASES / 5);
    expect(rejected).toBeLessThan(CASES - CASES / 5);
  });
});
