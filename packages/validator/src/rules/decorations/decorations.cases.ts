// The decorations cases for the validator and for spirv-val: decorations.test.ts judges them with
// the validator alone (the unit tier), test/validator/decorations.test.ts has spirv-val judge them
// too (the oracle tier). Not shipped: the build leaves *.cases.ts out.
import { assemble, encodeModule, ControlFlowGraph, IdOperandWalker, indexModule } from '@spvkit/core';
import { expect } from 'vitest';
import { Reporter } from '../../report/Reporter.js';
import { RULES } from '../../report/rules.js';
import { ScanOperandContext } from '../../scan/ScanOperandContext.js';
import { validate } from '../../validate.js';
import { checkIds } from '../ids.js';
import { checkLayout } from '../layout.js';
import type { BlockLayoutOptions } from './BlockLayoutOptions.js';
import { checkDecorations } from './checkDecorations.js';

/** The parts of a test module a case changes; the rest is a compute shader with common types. */
export interface Parts {
  caps?: string;
  model?: string;
  memoryModel?: string;
  entry?: string;
  names?: string;
  decorations?: string;
  types?: string;
  body?: string;
  functions?: string;
  /** Function declarations, which come before the definitions. */
  declarations?: string;
}

export function module(p: Parts): string {
  return `OpCapability Shader
${p.caps ?? ''}
OpMemoryModel ${p.memoryModel ?? 'Logical GLSL450'}
${p.entry ?? 'OpEntryPoint GLCompute %main "main"\nOpExecutionMode %main LocalSize 1 1 1'}
${p.names ?? ''}
${p.decorations ?? ''}
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%v2float = OpTypeVector %float 2
%v3float = OpTypeVector %float 3
%v4float = OpTypeVector %float 4
%v2int = OpTypeVector %int 2
%mat4 = OpTypeMatrix %v4float 4
%mat2 = OpTypeMatrix %v2float 2
%mat3 = OpTypeMatrix %v3float 3
%uint_2 = OpConstant %uint 2
%uint_4 = OpConstant %uint 4
%float_1 = OpConstant %float 1
%sc = OpSpecConstant %int 3
%ptr_priv = OpTypePointer Private %float
%priv = OpVariable %ptr_priv Private
%ptr_in_v4 = OpTypePointer Input %v4float
%in_v4 = OpVariable %ptr_in_v4 Input
${p.types ?? ''}
${p.declarations ?? ''}
%main = OpFunction %void None %fn
%entry = OpLabel
${p.body ?? ''}
OpReturn
OpFunctionEnd
${p.functions ?? ''}
`;
}

/** A buffer variable of struct %S in `sc`, %S decorated `block` (Block by default; '': none). */
export function buffer(sc: string, decorations: string, types: string, block = 'Block'): Parts {
  return {
    decorations: `${block === '' ? '' : `OpDecorate %S ${block}`}\n${sc === 'PushConstant' ? '' : 'OpDecorate %buf DescriptorSet 0\nOpDecorate %buf Binding 0'}\n${decorations}`,
    types: `${types}\n%ptr_buf = OpTypePointer ${sc} %S\n%buf = OpVariable %ptr_buf ${sc}`,
  };
}

export interface Case {
  name: string;
  parts: Parts;
  env?: string;
  /** Our code (every finding of the decorations family), or [] where it must be accepted. */
  code?: string;
  /** spirv-val's message contains this (where it rejects). */
  theirs?: string;
  /** Why Debian's spirv-val 2023.1 accepts a rejected case that the current spirv-val rejects (`theirs` is then the current one's message). */
  debian?: string;
}

export function words(c: Case): Uint32Array {
  return encodeModule(assemble(module(c.parts), { targetEnv: c.env ?? 'vulkan1.1' }));
}

export function ours(c: Case): { decorations: string[]; all: string[] } {
  const found = validate(words(c), { targetEnv: c.env ?? 'vulkan1.1' });
  return { decorations: found.filter((d) => d.family === 'decorations').map((d) => d.code), all: found.map((d) => `${d.code}: ${d.message}`) };
}

/** The decorations family's codes for `words` with spirv-val's layout options (validate() takes none). */
export function checkDecorationsOf(w: Uint32Array, targetEnv: string, options: BlockLayoutOptions): string[] {
  const { index: scan } = indexModule(w);
  const reporter = new Reporter();
  const ids = new IdOperandWalker(new ScanOperandContext(scan));
  const structure = checkLayout(scan, reporter);
  checkIds(scan, ids, reporter);
  const cfg = new ControlFlowGraph(scan, structure);
  checkDecorations({ scan, ids, structure, cfg, reporter, targetEnv }, options);
  return reporter.findings.filter((f) => RULES[f.code].family === 'decorations').map((f) => f.code);
}

const DECLARATION = '%decl = OpFunction %void None %fn\nOpFunctionEnd';
/** A conversion %x of %float_1 to a 16-bit float, a storage buffer pointer %p to one, and `body` after them; `target` decorated FPRoundingMode `mode`. */
function fp16(mode: string, body: string, target = '%x'): Parts {
  return {
    caps: 'OpCapability StorageBuffer16BitAccess\nOpCapability Float16\nOpExtension "SPV_KHR_16bit_storage"',
    decorations: `OpDecorate ${target} FPRoundingMode ${mode}\nOpDecorate %H Block\nOpMemberDecorate %H 0 Offset 0\nOpDecorate %hb DescriptorSet 0\nOpDecorate %hb Binding 0`,
    types:
      '%half = OpTypeFloat 16\n%H = OpTypeStruct %half\n%ptr_H = OpTypePointer StorageBuffer %H\n%ptr_h = OpTypePointer StorageBuffer %half\n%hb = OpVariable %ptr_H StorageBuffer\n%int_0 = OpConstant %int 0',
    body: `%p = OpAccessChain %ptr_h %hb %int_0\n%x = OpFConvert %half %float_1\n${body}`,
  };
}

const IN_F = '%ptr_in_f = OpTypePointer Input %float\n%in_f = OpVariable %ptr_in_f Input';

/** A 64-bit Input of `type` (double, dvec2, dvec3) at Location 0 and the given Component. */
function double(type: string, component: number): Parts {
  return {
    caps: 'OpCapability Float64',
    decorations: `OpDecorate %in_d Location 0\nOpDecorate %in_d Component ${component}`,
    types: `%double = OpTypeFloat 64\n%dvec2 = OpTypeVector %double 2\n%dvec3 = OpTypeVector %double 3\n%ptr_in_d = OpTypePointer Input %${type}\n%in_d = OpVariable %ptr_in_d Input`,
  };
}

export const UBO_V3 = '%S = OpTypeStruct %float %v3float';
export const off = (struct: string, ...offsets: number[]): string => offsets.map((o, m) => `OpMemberDecorate ${struct} ${m} Offset ${o}`).join('\n');

export const rejected: Case[] = [
  // Explicit layout of blocks (every environment).
  {
    name: 'a member without Offset',
    env: 'spv1.3',
    parts: buffer('Uniform', 'OpMemberDecorate %S 0 Offset 0', UBO_V3),
    code: 'spvkit-decorations-block-offset',
    theirs: 'must be explicitly laid out with Offset',
  },
  {
    name: 'a nested structure member without Offset',
    parts: buffer('Uniform', `${off('%S', 0, 16)}\nOpMemberDecorate %I 0 Offset 0`, '%I = OpTypeStruct %float %float\n%S = OpTypeStruct %float %I'),
    code: 'spvkit-decorations-block-offset',
    theirs: 'must be explicitly laid out with Offset',
  },
  {
    name: 'an array member without ArrayStride',
    parts: buffer('Uniform', off('%S', 0, 16), '%arr = OpTypeArray %v4float %uint_2\n%S = OpTypeStruct %float %arr'),
    code: 'spvkit-decorations-block-array-stride',
    theirs: 'must be explicitly laid out with ArrayStride',
  },
  {
    name: 'a matrix member without MatrixStride',
    parts: buffer('Uniform', `${off('%S', 0, 16)}\nOpMemberDecorate %S 1 ColMajor`, '%S = OpTypeStruct %float %mat4'),
    code: 'spvkit-decorations-block-matrix-stride',
    theirs: 'must be explicitly laid out with MatrixStride',
  },
  {
    name: 'a matrix member neither RowMajor nor ColMajor',
    parts: buffer('Uniform', `${off('%S', 0, 16)}\nOpMemberDecorate %S 1 MatrixStride 16`, '%S = OpTypeStruct %float %mat4'),
    code: 'spvkit-decorations-block-matrix-layout',
    theirs: 'must be explicitly laid out with RowMajor or ColMajor',
  },
  // Vulkan layouts.
  {
    name: 'std140: vec3 at offset 4 (Vulkan 1.0, no relaxed layout)',
    env: 'vulkan1.0',
    parts: buffer('Uniform', off('%S', 0, 4), UBO_V3),
    code: 'spvkit-decorations-layout-offset',
    theirs: 'member 1 at offset 4 is not aligned to 16',
  },
  {
    name: 'relaxed: vec3 at offset 8 straddles 16',
    parts: buffer('Uniform', off('%S', 0, 8), UBO_V3),
    code: 'spvkit-decorations-layout-straddle',
    theirs: 'improperly straddling vector at offset 8',
  },
  {
    name: 'relaxed: vec2 at offset 2 is not aligned to its component',
    parts: buffer('StorageBuffer', off('%S', 0, 2), '%S = OpTypeStruct %float %v2float'),
    code: 'spvkit-decorations-layout-offset',
    theirs: 'is not aligned to scalar element size 4',
  },
  {
    name: 'two members at one offset',
    parts: buffer('StorageBuffer', off('%S', 0, 0), '%S = OpTypeStruct %float %float'),
    code: 'spvkit-decorations-layout-overlap',
    theirs: 'overlaps previous member ending at offset 3',
  },
  {
    name: 'std140: an array of floats with stride 4',
    parts: buffer('Uniform', `${off('%S', 0, 16)}\nOpDecorate %arr ArrayStride 4`, '%arr = OpTypeArray %float %uint_2\n%S = OpTypeStruct %float %arr'),
    code: 'spvkit-decorations-layout-array-stride',
    theirs: 'contains an array with stride 4 not satisfying alignment to 16',
  },
  {
    name: 'std140: a mat2 with MatrixStride 8',
    parts: buffer('Uniform', `${off('%S', 0, 16)}\nOpMemberDecorate %S 1 ColMajor\nOpMemberDecorate %S 1 MatrixStride 8`, '%S = OpTypeStruct %float %mat2'),
    code: 'spvkit-decorations-layout-matrix-stride',
    theirs: 'is a matrix with stride 8 not satisfying alignment to 16',
  },
  {
    name: 'std140: a member in the padding after a nested structure',
    parts: buffer('Uniform', `${off('%S', 0, 4)}\n${off('%I', 0)}`, '%I = OpTypeStruct %float\n%S = OpTypeStruct %I %float'),
    code: 'spvkit-decorations-layout-overlap',
    theirs: 'at offset 4 overlaps previous member ending at offset 15',
  },
  {
    name: 'std430: a member in the padding after a nested structure',
    parts: buffer('StorageBuffer', `${off('%S', 0, 12)}\n${off('%I', 0, 8)}`, '%I = OpTypeStruct %v2float %float\n%S = OpTypeStruct %I %float'),
    code: 'spvkit-decorations-layout-overlap',
    theirs: 'at offset 12 overlaps previous member ending at offset 15',
  },
  {
    name: 'a runtime array without ArrayStride (stride 0, element of 4 bytes)',
    parts: buffer('StorageBuffer', off('%S', 0, 4), '%rt = OpTypeRuntimeArray %float\n%S = OpTypeStruct %float %rt'),
    code: 'spvkit-decorations-layout-array-stride',
    theirs: 'contains an array with stride 0, but with an element size of 4',
  },
  {
    name: 'an array with ArrayStride 0',
    parts: buffer('StorageBuffer', `${off('%S', 0, 4)}\nOpDecorate %rt ArrayStride 0`, '%rt = OpTypeRuntimeArray %float\n%S = OpTypeStruct %float %rt'),
    code: 'spvkit-decorations-layout-array-stride',
    theirs: 'contains an array with stride 0',
  },
  {
    name: 'a structure in an array element breaking the layout',
    parts: buffer(
      'Uniform',
      `${off('%S', 0)}\nOpDecorate %arr ArrayStride 32\n${off('%I', 0, 8)}`,
      '%I = OpTypeStruct %float %v3float\n%arr = OpTypeArray %I %uint_2\n%S = OpTypeStruct %arr',
    ),
    code: 'spvkit-decorations-layout-straddle',
    theirs: 'improperly straddling vector at offset 8',
  },
  // Vulkan: which blocks buffers are.
  {
    name: 'a PushConstant structure without Block',
    parts: buffer('PushConstant', off('%S', 0, 4), '%S = OpTypeStruct %float %float', ''),
    code: 'VUID-StandaloneSpirv-PushConstant-06675',
    theirs: '[VUID-StandaloneSpirv-PushConstant-06675]',
  },
  {
    name: 'a StorageBuffer structure decorated BufferBlock',
    parts: buffer('StorageBuffer', off('%S', 0, 4), '%S = OpTypeStruct %float %float', 'BufferBlock'),
    code: 'VUID-StandaloneSpirv-PushConstant-06675',
    theirs: 'BufferBlock is disallowed on variables in the StorageBuffer storage class',
  },
  {
    name: 'a Uniform structure neither Block nor BufferBlock',
    parts: buffer('Uniform', off('%S', 0, 4), '%S = OpTypeStruct %float %float', ''),
    code: 'VUID-StandaloneSpirv-Uniform-06676',
    theirs: '[VUID-StandaloneSpirv-Uniform-06676]',
  },
  // Where decorations go.
  {
    name: 'RowMajor on an id',
    env: 'spv1.3',
    parts: { decorations: 'OpDecorate %float RowMajor' },
    code: 'spvkit-decorations-member-only',
    theirs: 'RowMajor can only be applied to structure members',
  },
  {
    name: 'SpecId on a member',
    env: 'spv1.3',
    parts: { decorations: 'OpMemberDecorate %S 0 SpecId 1', types: '%S = OpTypeStruct %float' },
    code: 'spvkit-decorations-not-member',
    theirs: 'SpecId cannot be applied to structure members',
  },
  {
    name: 'OpMemberDecorate of a non-structure',
    env: 'spv1.3',
    parts: { decorations: 'OpMemberDecorate %float 0 Offset 0' },
    code: 'spvkit-decorations-member-target',
    theirs: 'is not a struct type',
  },
  {
    name: 'OpMemberDecorate of a member a structure lacks',
    env: 'spv1.3',
    parts: { decorations: 'OpMemberDecorate %S 1 Offset 0', types: '%S = OpTypeStruct %float' },
    code: 'spvkit-decorations-member-target',
    theirs: 'is out of bounds',
  },
  {
    name: 'SpecId on a constant',
    env: 'spv1.3',
    parts: { decorations: 'OpDecorate %float_1 SpecId 2' },
    code: 'spvkit-decorations-spec-id',
    theirs: 'must be a scalar specialization constant',
  },
  {
    name: 'Block on a scalar type',
    env: 'spv1.3',
    parts: { decorations: 'OpDecorate %float Block' },
    code: 'spvkit-decorations-struct-only',
    theirs: 'must be a structure type',
  },
  {
    name: 'ArrayStride on a scalar type',
    env: 'spv1.3',
    parts: { decorations: 'OpDecorate %float ArrayStride 4' },
    code: 'spvkit-decorations-array-stride-target',
    theirs: 'must be an array or pointer type',
  },
  {
    name: 'BuiltIn on a type',
    env: 'spv1.3',
    parts: { decorations: 'OpDecorate %float BuiltIn Position' },
    code: 'spvkit-decorations-builtin-target',
    theirs: 'BuiltIns can only target variables, structure members or constants',
  },
  {
    name: 'BuiltIn Position on a constant',
    env: 'spv1.3',
    parts: { decorations: 'OpDecorate %float_1 BuiltIn Position' },
    code: 'spvkit-decorations-builtin-target',
    theirs: 'must be a variable',
  },
  {
    name: 'Flat on a type',
    env: 'spv1.3',
    parts: { decorations: 'OpDecorate %float Flat' },
    code: 'spvkit-decorations-memory-object',
    theirs: 'must be a memory object declaration',
  },
  {
    name: 'Binding on a type',
    env: 'spv1.3',
    parts: { decorations: 'OpDecorate %float Binding 0' },
    code: 'spvkit-decorations-variable-only',
    theirs: 'must be a variable',
  },
  {
    name: 'Vulkan: Location on a Private variable',
    parts: { decorations: 'OpDecorate %priv Location 0' },
    code: 'VUID-StandaloneSpirv-Location-06672',
    theirs: '[VUID-StandaloneSpirv-Location-06672]',
  },
  {
    name: 'Vulkan: Binding on a Private variable',
    parts: { decorations: 'OpDecorate %priv Binding 0' },
    code: 'VUID-StandaloneSpirv-DescriptorSet-06491',
    theirs: '[VUID-StandaloneSpirv-DescriptorSet-06491]',
  },
  {
    name: 'Vulkan: Flat on a Private variable',
    parts: { decorations: 'OpDecorate %priv Flat' },
    code: 'VUID-StandaloneSpirv-Flat-04670',
    theirs: '[VUID-StandaloneSpirv-Flat-04670]',
  },
  {
    name: 'Vulkan: InputAttachmentIndex on a Private variable',
    parts: { caps: 'OpCapability InputAttachment', decorations: 'OpDecorate %priv InputAttachmentIndex 0' },
    code: 'VUID-StandaloneSpirv-InputAttachmentIndex-06678',
    theirs: '[VUID-StandaloneSpirv-InputAttachmentIndex-06678]',
  },
  {
    name: 'Vulkan: Index on an Input variable',
    parts: { decorations: 'OpDecorate %in_v4 Index 0' },
    code: 'spvkit-decorations-index-output',
    theirs: 'must be in the Output storage class',
  },
  {
    name: 'Vulkan: GLSLShared',
    parts: { decorations: 'OpDecorate %S GLSLShared', types: '%S = OpTypeStruct %float' },
    code: 'VUID-StandaloneSpirv-GLSLShared-04669',
    theirs: '[VUID-StandaloneSpirv-GLSLShared-04669]',
  },
  // Twice, or with its opposite.
  {
    name: 'ArrayStride twice',
    env: 'spv1.3',
    parts: { decorations: 'OpDecorate %arr ArrayStride 4\nOpDecorate %arr ArrayStride 4', types: '%arr = OpTypeArray %float %uint_2' },
    code: 'spvkit-decorations-duplicate',
    theirs: 'decorated with ArrayStride multiple times is not allowed',
  },
  {
    name: 'Offset twice on a member',
    env: 'spv1.3',
    parts: { decorations: 'OpMemberDecorate %S 0 Offset 0\nOpMemberDecorate %S 0 Offset 4', types: '%S = OpTypeStruct %float' },
    code: 'spvkit-decorations-duplicate',
    theirs: 'decorated with Offset multiple times is not allowed',
  },
  {
    name: 'Location twice on a variable',
    parts: { decorations: 'OpDecorate %in_v4 Location 0\nOpDecorate %in_v4 Location 0' },
    code: 'spvkit-decorations-duplicate',
    theirs: 'decorated with Location multiple times is not allowed',
    debian: 'rejected since SPIRV-Tools 2024; 2023.1 checked ArrayStride and the layout member decorations only',
  },
  {
    name: 'Binding twice, with two values',
    parts: buffer('StorageBuffer', `${off('%S', 0)}\nOpDecorate %buf Binding 1`, '%S = OpTypeStruct %float'),
    code: 'spvkit-decorations-duplicate',
    theirs: 'decorated with Binding multiple times is not allowed',
    debian: 'rejected since SPIRV-Tools 2024; 2023.1 checked ArrayStride and the layout member decorations only',
  },
  {
    name: 'Block twice',
    parts: buffer('StorageBuffer', `${off('%S', 0)}\nOpDecorate %S Block`, '%S = OpTypeStruct %float'),
    code: 'spvkit-decorations-duplicate',
    theirs: 'decorated with Block multiple times is not allowed',
    debian: 'rejected since SPIRV-Tools 2024; 2023.1 checked ArrayStride and the layout member decorations only',
  },
  {
    name: 'SpecId twice',
    parts: { decorations: 'OpDecorate %sc SpecId 1\nOpDecorate %sc SpecId 2' },
    code: 'spvkit-decorations-duplicate',
    theirs: 'decorated with SpecId multiple times is not allowed',
    debian: 'rejected since SPIRV-Tools 2024; 2023.1 checked ArrayStride and the layout member decorations only',
  },
  {
    name: 'RelaxedPrecision twice on a variable',
    parts: { decorations: 'OpDecorate %in_v4 RelaxedPrecision\nOpDecorate %in_v4 RelaxedPrecision' },
    code: 'spvkit-decorations-duplicate',
    theirs: 'decorated with RelaxedPrecision multiple times is not allowed',
    debian: 'rejected since SPIRV-Tools 2024; 2023.1 checked ArrayStride and the layout member decorations only',
  },
  {
    name: 'RelaxedPrecision twice on one member',
    env: 'spv1.3',
    parts: { decorations: 'OpMemberDecorate %S 0 RelaxedPrecision\nOpMemberDecorate %S 0 RelaxedPrecision', types: '%S = OpTypeStruct %float %float' },
    code: 'spvkit-decorations-duplicate',
    theirs: "member '0' decorated with RelaxedPrecision multiple times is not allowed",
    debian: 'rejected since SPIRV-Tools 2024; 2023.1 checked ArrayStride and the layout member decorations only',
  },
  {
    name: 'BuiltIn twice on a variable',
    parts: {
      decorations: 'OpDecorate %gid BuiltIn GlobalInvocationId\nOpDecorate %gid BuiltIn GlobalInvocationId',
      types: '%v3uint = OpTypeVector %uint 3\n%ptr_in_v3 = OpTypePointer Input %v3uint\n%gid = OpVariable %ptr_in_v3 Input',
      entry: 'OpEntryPoint GLCompute %main "main" %gid\nOpExecutionMode %main LocalSize 1 1 1',
    },
    code: 'spvkit-decorations-duplicate',
    theirs: 'decorated with BuiltIn multiple times is not allowed',
    debian: 'rejected since SPIRV-Tools 2024; 2023.1 checked ArrayStride and the layout member decorations only',
  },
  {
    name: 'Block and BufferBlock',
    env: 'spv1.3',
    parts: { decorations: 'OpDecorate %S Block\nOpDecorate %S BufferBlock', types: '%S = OpTypeStruct %float' },
    code: 'spvkit-decorations-conflict',
    theirs: 'decorated with both BufferBlock and Block is not allowed',
  },
  {
    name: 'RowMajor and ColMajor',
    env: 'spv1.3',
    parts: { decorations: 'OpMemberDecorate %S 0 RowMajor\nOpMemberDecorate %S 0 ColMajor', types: '%S = OpTypeStruct %mat4' },
    code: 'spvkit-decorations-conflict',
    theirs: 'decorated with both ColMajor and RowMajor is not allowed',
  },
  {
    name: 'Restrict and Aliased',
    env: 'spv1.3',
    parts: { decorations: 'OpDecorate %priv Restrict\nOpDecorate %priv Aliased' },
    code: 'spvkit-decorations-conflict',
    theirs: 'decorated with both Aliased and Restrict is not allowed',
  },
  // Groups.
  {
    name: 'OpGroupDecorate of a group onto a group',
    env: 'spv1.3',
    parts: { decorations: '%g = OpDecorationGroup\n%h = OpDecorationGroup\nOpGroupDecorate %g %h' },
    code: 'spvkit-decorations-group',
    theirs: 'OpGroupDecorate may not target OpDecorationGroup',
  },
  {
    name: 'Block through a group onto a scalar type',
    env: 'spv1.3',
    parts: { decorations: 'OpDecorate %g Block\n%g = OpDecorationGroup\nOpGroupDecorate %g %float' },
    code: 'spvkit-decorations-struct-only',
    theirs: 'Block decoration on a non-struct type',
  },
  // From the decoration to what it decorates.
  {
    name: 'Component on a Private variable (SPIR-V)',
    env: 'spv1.3',
    parts: { decorations: 'OpDecorate %priv Component 0' },
    code: 'spvkit-decorations-component-target',
    theirs: 'must point to a Storage Class of Input(1) or Output(3)',
  },
  {
    name: 'Vulkan: Component 3 of a vec4',
    parts: { decorations: 'OpDecorate %in_v4 Location 0\nOpDecorate %in_v4 Component 3' },
    code: 'VUID-StandaloneSpirv-Component-04921',
    theirs: '[VUID-StandaloneSpirv-Component-04921]',
  },
  {
    name: 'NonWritable on an Input variable',
    env: 'spv1.3',
    parts: { decorations: 'OpDecorate %in_v4 NonWritable' },
    code: 'spvkit-decorations-non-writable',
    theirs: 'Target of NonWritable decoration is invalid',
  },
  {
    name: 'Uniform on a type',
    env: 'spv1.3',
    parts: { decorations: 'OpDecorate %float Uniform' },
    code: 'spvkit-decorations-uniform',
    theirs: 'Uniform decoration applied to a non-object',
  },
  {
    name: 'RelaxedPrecision on a type',
    env: 'spv1.3',
    parts: { decorations: 'OpDecorate %float RelaxedPrecision' },
    code: 'spvkit-decorations-relaxed-precision',
    theirs: 'RelaxPrecision decoration cannot be applied to a type',
  },
  {
    name: 'NoSignedWrap on a constant',
    env: 'spv1.3',
    parts: { caps: 'OpExtension "SPV_KHR_no_integer_wrap_decoration"', decorations: 'OpDecorate %float_1 NoSignedWrap' },
    code: 'spvkit-decorations-integer-wrap',
    theirs: 'NoSignedWrap decoration may not be applied to Constant',
  },
  // Interfaces.
  {
    name: 'Vulkan: a BuiltIn variable with a Location',
    parts: {
      entry: 'OpEntryPoint Vertex %main "main" %pos',
      decorations: 'OpDecorate %pos BuiltIn Position\nOpDecorate %pos Location 0',
      types: '%ptr_out = OpTypePointer Output %v4float\n%pos = OpVariable %ptr_out Output',
    },
    code: 'VUID-StandaloneSpirv-Location-04915',
    theirs: '[VUID-StandaloneSpirv-Location-04915]',
  },
  {
    name: 'Vulkan: a fragment integer Input without Flat',
    parts: {
      entry: 'OpEntryPoint Fragment %main "main" %v\nOpExecutionMode %main OriginUpperLeft',
      decorations: 'OpDecorate %v Location 0',
      types: '%ptr_in = OpTypePointer Input %v2int\n%v = OpVariable %ptr_in Input',
    },
    code: 'VUID-StandaloneSpirv-Flat-04744',
    theirs: '[VUID-StandaloneSpirv-Flat-04744]',
  },
  {
    name: 'Vulkan: a vertex Input decorated Flat',
    parts: { entry: 'OpEntryPoint Vertex %main "main" %in_v4', decorations: 'OpDecorate %in_v4 Location 0\nOpDecorate %in_v4 Flat' },
    code: 'VUID-StandaloneSpirv-Flat-06202',
    theirs: 'VUID-StandaloneSpirv-Flat-06202',
  },
  {
    name: 'an interface structure with BuiltIn members, not Block',
    parts: {
      entry: 'OpEntryPoint Vertex %main "main" %pv',
      decorations: 'OpMemberDecorate %PV 0 BuiltIn Position',
      types: '%PV = OpTypeStruct %v4float\n%ptr_pv = OpTypePointer Output %PV\n%pv = OpVariable %ptr_pv Output',
    },
    code: 'spvkit-decorations-builtin-struct-block',
    theirs: 'Interface struct has no Block decoration but has BuiltIn members',
  },
  {
    name: 'two Output blocks with BuiltIn members in one entry point',
    parts: {
      entry: 'OpEntryPoint Vertex %main "main" %pv %pv2',
      decorations: 'OpDecorate %PV Block\nOpMemberDecorate %PV 0 BuiltIn Position\nOpDecorate %PV2 Block\nOpMemberDecorate %PV2 0 BuiltIn PointSize',
      types:
        '%PV = OpTypeStruct %v4float\n%ptr_pv = OpTypePointer Output %PV\n%pv = OpVariable %ptr_pv Output\n%PV2 = OpTypeStruct %float\n%ptr_pv2 = OpTypePointer Output %PV2\n%pv2 = OpVariable %ptr_pv2 Output',
    },
    code: 'spvkit-decorations-builtin-blocks',
    theirs: 'There must be at most one object per Storage Class that can contain a structure type containing members decorated with BuiltIn',
  },
  {
    name: 'Vulkan: a fragment Output decorated Flat',
    parts: {
      entry: 'OpEntryPoint Fragment %main "main" %out\nOpExecutionMode %main OriginUpperLeft',
      decorations: 'OpDecorate %out Location 0\nOpDecorate %out Flat',
      types: '%ptr_out = OpTypePointer Output %v4float\n%out = OpVariable %ptr_out Output',
    },
    code: 'VUID-StandaloneSpirv-Flat-06201',
    theirs: 'VUID-StandaloneSpirv-Flat-06201',
  },
  {
    name: 'Vulkan: Component 4',
    parts: { decorations: 'OpDecorate %in_f Location 0\nOpDecorate %in_f Component 4', types: IN_F },
    code: 'VUID-StandaloneSpirv-Component-04920',
    theirs: '[VUID-StandaloneSpirv-Component-04920]',
  },
  {
    name: 'Vulkan: Component on a structure',
    parts: {
      decorations: 'OpDecorate %in_s Location 0\nOpDecorate %in_s Component 0',
      types: '%SI = OpTypeStruct %float\n%ptr_in_s = OpTypePointer Input %SI\n%in_s = OpVariable %ptr_in_s Input',
    },
    code: 'VUID-StandaloneSpirv-Component-04924',
    theirs: '[VUID-StandaloneSpirv-Component-04924]',
  },
  {
    name: 'Vulkan: Component of a 64-bit vec3',
    parts: double('dvec3', 0),
    code: 'VUID-StandaloneSpirv-Component-07703',
    theirs: '[VUID-StandaloneSpirv-Component-07703]',
  },
  {
    name: 'Vulkan: Component 1 of a double',
    parts: double('double', 1),
    code: 'VUID-StandaloneSpirv-Component-04923',
    theirs: '[VUID-StandaloneSpirv-Component-04923]',
  },
  {
    name: 'Vulkan: Component 2 of a 64-bit vec2',
    parts: double('dvec2', 2),
    code: 'VUID-StandaloneSpirv-Component-04922',
    theirs: '[VUID-StandaloneSpirv-Component-04922]',
  },
  {
    name: 'Coherent with the Vulkan memory model',
    env: 'vulkan1.2',
    parts: { caps: 'OpCapability VulkanMemoryModel', memoryModel: 'Logical Vulkan', decorations: 'OpDecorate %priv Coherent' },
    code: 'spvkit-decorations-vulkan-memory-model',
    theirs: 'Coherent decoration targeting',
  },
  {
    name: 'UniformId with OpDecorate',
    env: 'vulkan1.2',
    parts: { decorations: 'OpDecorate %float_1 UniformId %uint_2' },
    code: 'spvkit-decorations-id-parameters',
    theirs: 'Decorations taking ID parameters may not be used with OpDecorateId',
  },
  {
    name: 'a function declaration without Import linkage',
    env: 'spv1.3',
    parts: { caps: 'OpCapability Linkage', declarations: DECLARATION },
    code: 'spvkit-decorations-linkage',
    theirs: 'must have a LinkageAttributes decoration with the Import Linkage type',
  },
  {
    name: 'a function definition of Import linkage',
    env: 'spv1.3',
    parts: {
      caps: 'OpCapability Linkage',
      decorations: 'OpDecorate %helper LinkageAttributes "helper" Import',
      functions: '%helper = OpFunction %void None %fn\n%hl = OpLabel\nOpReturn\nOpFunctionEnd',
    },
    code: 'spvkit-decorations-linkage',
    theirs: 'may not be decorated with Import Linkage type',
  },
  {
    name: 'an imported variable with an initializer',
    env: 'spv1.3',
    parts: { caps: 'OpCapability Linkage', decorations: 'OpDecorate %gv LinkageAttributes "gv" Import', types: '%gv = OpVariable %ptr_priv Private %float_1' },
    code: 'spvkit-decorations-linkage',
    theirs: 'A module-scope OpVariable with initialization value cannot be marked with the Import Linkage Type',
  },
  {
    name: 'an entry point with LinkageAttributes',
    env: 'spv1.3',
    parts: { caps: 'OpCapability Linkage', decorations: 'OpDecorate %main LinkageAttributes "main" Export' },
    code: 'spvkit-decorations-linkage',
    theirs: 'because it is targeted by an OpEntryPoint instruction',
  },
  {
    name: 'FPRoundingMode on an OpFAdd',
    parts: fp16('RTE', '%y = OpFAdd %float %float_1 %float_1', '%y'),
    code: 'spvkit-decorations-fp-rounding',
    theirs: 'FPRoundingMode decoration can be applied only to a width-only conversion',
  },
  {
    name: 'FPRoundingMode on a conversion used by arithmetic',
    parts: fp16('RTE', '%z = OpFAdd %half %x %x'),
    code: 'spvkit-decorations-fp-rounding',
    theirs: 'FPRoundingMode decoration can be applied only to the Object operand of an OpStore',
  },
  {
    name: 'Vulkan: FPRoundingMode RTP',
    parts: fp16('RTP', 'OpStore %p %x'),
    code: 'VUID-StandaloneSpirv-FPRoundingMode-04675',
    theirs: '[VUID-StandaloneSpirv-FPRoundingMode-04675]',
  },
  {
    name: 'a structure with one BuiltIn member of two',
    parts: {
      entry: 'OpEntryPoint Vertex %main "main" %pv',
      decorations: 'OpDecorate %PV Block\nOpMemberDecorate %PV 0 BuiltIn Position',
      types: '%PV = OpTypeStruct %v4float %float\n%ptr_pv = OpTypePointer Output %PV\n%pv = OpVariable %ptr_pv Output',
    },
    code: 'spvkit-decorations-builtin-members',
    theirs: 'When BuiltIn decoration is applied to a structure-type member, all members of that structure type must also be decorated with BuiltIn',
  },
];

export const accepted: Case[] = [
  {
    name: 'std140: vec3 then a float in its last 4 bytes (Vulkan 1.0)',
    env: 'vulkan1.0',
    parts: buffer('Uniform', off('%S', 0, 12), '%S = OpTypeStruct %v3float %float'),
  },
  {
    name: 'std140: an array of structures with stride 32, then a float',
    env: 'vulkan1.0',
    parts: buffer(
      'Uniform',
      `${off('%S', 0, 64)}\nOpDecorate %arr ArrayStride 32\n${off('%I', 0, 16)}`,
      '%I = OpTypeStruct %v4float %float\n%arr = OpTypeArray %I %uint_2\n%S = OpTypeStruct %arr %float',
    ),
  },
  {
    name: 'std140: a RowMajor mat3 and a ColMajor mat4',
    env: 'vulkan1.0',
    parts: buffer(
      'Uniform',
      `${off('%S', 0, 48)}\nOpMemberDecorate %S 0 RowMajor\nOpMemberDecorate %S 0 MatrixStride 16\nOpMemberDecorate %S 1 ColMajor\nOpMemberDecorate %S 1 MatrixStride 16`,
      '%S = OpTypeStruct %mat3 %mat4',
    ),
  },
  {
    name: 'std430: a uint and a runtime array of floats',
    parts: buffer('StorageBuffer', `${off('%S', 0, 4)}\nOpDecorate %rt ArrayStride 4`, '%rt = OpTypeRuntimeArray %float\n%S = OpTypeStruct %uint %rt'),
  },
  { name: 'relaxed: vec3 at offset 4', parts: buffer('StorageBuffer', off('%S', 0, 4), UBO_V3) },
  { name: 'a push constant block', parts: buffer('PushConstant', off('%S', 0, 16), '%S = OpTypeStruct %float %v4float') },
  {
    name: 'RelaxedPrecision on two members',
    env: 'spv1.3',
    parts: { decorations: 'OpMemberDecorate %S 0 RelaxedPrecision\nOpMemberDecorate %S 1 RelaxedPrecision', types: '%S = OpTypeStruct %float %float' },
  },
  {
    name: 'UserSemantic twice on a variable',
    env: 'vulkan1.2',
    parts: { decorations: 'OpDecorateString %in_v4 UserSemantic "a"\nOpDecorateString %in_v4 UserSemantic "b"' },
  },
  {
    name: "a decoration group's RelaxedPrecision on a variable decorated RelaxedPrecision directly",
    env: 'spv1.3',
    parts: { decorations: 'OpDecorate %g RelaxedPrecision\n%g = OpDecorationGroup\nOpGroupDecorate %g %in_v4\nOpDecorate %in_v4 RelaxedPrecision' },
  },
  {
    name: 'a decoration group onto a structure',
    env: 'spv1.3',
    parts: { decorations: 'OpDecorate %g Block\n%g = OpDecorationGroup\nOpGroupDecorate %g %S', types: '%S = OpTypeStruct %float' },
  },
  {
    name: 'a function declaration of Import linkage',
    env: 'spv1.3',
    parts: { caps: 'OpCapability Linkage', decorations: 'OpDecorate %decl LinkageAttributes "decl" Import', declarations: DECLARATION },
  },
  { name: 'FPRoundingMode RTE on a conversion stored to a 16-bit storage buffer float', parts: fp16('RTE', 'OpStore %p %x') },
  { name: 'SpecId on a specialization constant', parts: { decorations: 'OpDecorate %sc SpecId 3' } },
  {
    name: 'NonWritable on a Function variable (SPIR-V 1.4 on)',
    env: 'vulkan1.2',
    parts: { decorations: 'OpDecorate %fv NonWritable', types: '%ptr_fn = OpTypePointer Function %float', body: '%fv = OpVariable %ptr_fn Function' },
  },
  {
    name: 'a vertex output block of built-ins and a float Input at components 1 to 3',
    parts: {
      entry: 'OpEntryPoint Vertex %main "main" %pv %in_v3',
      decorations: 'OpDecorate %PV Block\nOpMemberDecorate %PV 0 BuiltIn Position\nOpDecorate %in_v3 Location 0\nOpDecorate %in_v3 Component 1',
      types:
        '%PV = OpTypeStruct %v4float\n%ptr_pv = OpTypePointer Output %PV\n%pv = OpVariable %ptr_pv Output\n%ptr_in_v3 = OpTypePointer Input %v3float\n%in_v3 = OpVariable %ptr_in_v3 Input',
    },
  },
];

/** Layouts spirv-val judges by its options: [name, our options, spirv-val's flags, parts, env, accepted with them]. */
export const withOptions: [string, Record<string, boolean>, string[], Parts, string, string][] = [
  [
    'scalar: vec3 at offset 4 after a float',
    { scalarBlockLayout: true },
    ['--scalar-block-layout'],
    buffer('Uniform', off('%S', 0, 4), UBO_V3),
    'vulkan1.0',
    'spvkit-decorations-layout-offset',
  ],
  [
    'uniform buffer standard layout: an array of floats with stride 4',
    { uniformBufferStandardLayout: true },
    ['--uniform-buffer-standard-layout'],
    buffer('Uniform', `${off('%S', 0, 16)}\nOpDecorate %arr ArrayStride 4`, '%arr = OpTypeArray %float %uint_2\n%S = OpTypeStruct %float %arr'),
    'vulkan1.1',
    'spvkit-decorations-layout-array-stride',
  ],
  [
    'workgroup scalar: an explicitly laid out Workgroup block with a vec3 at offset 8',
    { workgroupScalarBlockLayout: true },
    ['--workgroup-scalar-block-layout'],
    {
      caps: 'OpCapability WorkgroupMemoryExplicitLayoutKHR\nOpExtension "SPV_KHR_workgroup_memory_explicit_layout"',
      entry: 'OpEntryPoint GLCompute %main "main" %wg %priv %in_v4\nOpExecutionMode %main LocalSize 1 1 1',
      decorations: `OpDecorate %S Block\n${off('%S', 0, 8)}`,
      types: `${UBO_V3}\n%ptr_wg = OpTypePointer Workgroup %S\n%wg = OpVariable %ptr_wg Workgroup`,
    },
    'vulkan1.2',
    'spvkit-decorations-layout-straddle',
  ],
  [
    'relaxed by option in Vulkan 1.0: vec3 at offset 4',
    { relaxBlockLayout: true },
    ['--relax-block-layout'],
    buffer('Uniform', off('%S', 0, 4), UBO_V3),
    'vulkan1.0',
    'spvkit-decorations-layout-offset',
  ],
];

const MATRIX_ARRAY = '%rta = OpTypeRuntimeArray %mat4\n%S = OpTypeStruct %rta';
/**
 * Arrays of matrices: the spec asks for a MatrixStride and RowMajor or ColMajor, and a MatrixStride
 * of 0 lays no columns out. `codes`: this family's findings ([]: no finding of any family);
 * `debian`: why Debian's spirv-val 2023.1 accepts the case (the current spirv-val rejects it too).
 */
export const matrixArrays: { case: Case; codes: string[]; debian?: string }[] = [
  ...(
    [
      ['OpMemberDecorate %S 0 ColMajor', 'spvkit-decorations-block-matrix-stride'],
      ['OpMemberDecorate %S 0 MatrixStride 16', 'spvkit-decorations-block-matrix-layout'],
    ] as const
  ).map(([decoration, code]) => ({
    case: { name: code, parts: buffer('StorageBuffer', `${off('%S', 0)}\nOpDecorate %rta ArrayStride 64\n${decoration}`, MATRIX_ARRAY) },
    codes: [code],
    debian: "Debian's 2023.1 looked at matrix members only",
  })),
  {
    case: {
      name: 'both',
      parts: buffer(
        'StorageBuffer',
        `${off('%S', 0)}\nOpDecorate %rta ArrayStride 64\nOpMemberDecorate %S 0 ColMajor\nOpMemberDecorate %S 0 MatrixStride 16`,
        MATRIX_ARRAY,
      ),
    },
    codes: [],
  },
  {
    case: {
      name: 'zero',
      parts: buffer('Uniform', `${off('%S', 0, 16)}\nOpMemberDecorate %S 1 ColMajor\nOpMemberDecorate %S 1 MatrixStride 0`, '%S = OpTypeStruct %float %mat4'),
    },
    codes: ['spvkit-decorations-block-matrix-stride'],
    debian: "Debian's 2023.1 took a stride of 0",
  },
];

/** Asserts the validator's findings on a matrixArrays case. */
export function expectMatrixArrayFindings({ case: c, codes }: (typeof matrixArrays)[number]): void {
  const found = ours(c);
  if (codes.length === 0) expect(found.all).toEqual([]);
  else expect(found.decorations, found.all.join('\n')).toEqual(codes);
}
