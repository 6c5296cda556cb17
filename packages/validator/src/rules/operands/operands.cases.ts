// The types family's operand rules, case by case: each rejected case is rejected by the validator
// with its rule code and by Debian's spirv-val 2023.1 with the message quoted; each accepted case is
// accepted by both. The cases edit one fragment shader in spots (globals, variables, body).
// operands.test.ts runs them against the validator alone (the unit tier); test/validator/operands.test.ts
// has spirv-val judge them too (the oracle tier). Not shipped: the build leaves *.cases.ts out.
import { assemble, encodeModule } from '@spvkit/core';
import { describe, expect, it } from 'vitest';
import { validate } from '../../validate.js';

/** A second judge of every case: spirv-val's verdict on the words, and the rule family its message belongs to. */
export interface OperandOracle {
  verdict(words: Uint32Array, targetEnv: string): { ok: boolean; message: string };
  family(message: string): string | undefined;
}

/** The environment every case is assembled and judged in: plain SPIR-V 1.3, so that no client API rule speaks first. */
const ENV = 'spv1.3';

/**
 * A fragment shader declaring the types, constants, images and variables the cases use. `VARS`
 * takes function-scope OpVariables (they must lead the first block), `BODY` the instructions
 * judged, `GLOBALS` global declarations, `CAPS` more capabilities.
 */
const TEMPLATE = `OpCapability Shader
OpCapability Float64
OpCapability Int64
OpCapability ImageQuery
OpCapability SparseResidency
OpCapability MinLod
OpCapability ImageGatherExtended
CAPS
OpMemoryModel ADDRESSING GLSL450
OpEntryPoint Fragment %main "main"
OpExecutionMode %main OriginUpperLeft
%void = OpTypeVoid
%bool = OpTypeBool
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%float = OpTypeFloat 32
%double = OpTypeFloat 64
%v2int = OpTypeVector %int 2
%v2float = OpTypeVector %float 2
%v3float = OpTypeVector %float 3
%v4float = OpTypeVector %float 4
%v4int = OpTypeVector %int 4
%v3int = OpTypeVector %int 3
%sparse = OpTypeStruct %int %v4float
%v2bool = OpTypeVector %bool 2
%m2 = OpTypeMatrix %v2float 2
%m3x2 = OpTypeMatrix %v2float 3
%st = OpTypeStruct %int %float
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_2 = OpConstant %uint 2
%ulong_1 = OpConstant %ulong 1
%float_1 = OpConstant %float 1
%double_1 = OpConstant %double 1
%true = OpConstantTrue %bool
%spec_uint = OpSpecConstant %uint 2
%v2int_1 = OpConstantComposite %v2int %int_1 %int_1
%v3int_1 = OpConstantComposite %v3int %int_1 %int_1 %int_1
%v2float_1 = OpConstantComposite %v2float %float_1 %float_1
%v3float_1 = OpConstantComposite %v3float %float_1 %float_1 %float_1
%v4float_1 = OpConstantComposite %v4float %float_1 %float_1 %float_1 %float_1
%m2_1 = OpConstantComposite %m2 %v2float_1 %v2float_1
%m3x2_1 = OpConstantComposite %m3x2 %v2float_1 %v2float_1 %v2float_1
%st_1 = OpConstantComposite %st %int_1 %float_1
%ptr_int = OpTypePointer Function %int
%ptr_float = OpTypePointer Function %float
%ptr_st = OpTypePointer Function %st
%ptr_priv_int = OpTypePointer Private %int
%ptr_wg_uint = OpTypePointer Workgroup %uint
%ptr_wg_float = OpTypePointer Workgroup %float
%fn_int = OpTypeFunction %int
%fn_int_int = OpTypeFunction %int %int
%img2d = OpTypeImage %float 2D 0 0 0 1 Unknown
%img2darr = OpTypeImage %float 2D 0 1 0 1 Unknown
%img3d = OpTypeImage %float 3D 0 0 0 1 Unknown
%img2dms = OpTypeImage %float 2D 0 0 1 1 Unknown
%storage2d = OpTypeImage %float 2D 0 0 0 2 Rgba32f
%sampler = OpTypeSampler
%si2d = OpTypeSampledImage %img2d
%si2darr = OpTypeSampledImage %img2darr
%si3d = OpTypeSampledImage %img3d
%ptr_img2d = OpTypePointer UniformConstant %img2d
%ptr_img2darr = OpTypePointer UniformConstant %img2darr
%ptr_img3d = OpTypePointer UniformConstant %img3d
%ptr_img2dms = OpTypePointer UniformConstant %img2dms
%ptr_storage2d = OpTypePointer UniformConstant %storage2d
%ptr_sampler = OpTypePointer UniformConstant %sampler
%gi = OpVariable %ptr_img2d UniformConstant
%giarr = OpVariable %ptr_img2darr UniformConstant
%gi3 = OpVariable %ptr_img3d UniformConstant
%gims = OpVariable %ptr_img2dms UniformConstant
%gst = OpVariable %ptr_storage2d UniformConstant
%gs = OpVariable %ptr_sampler UniformConstant
%gpriv = OpVariable %ptr_priv_int Private
%wgu = OpVariable %ptr_wg_uint Workgroup
%wgf = OpVariable %ptr_wg_float Workgroup
GLOBALS
%main = OpFunction %void None %fn
%entry = OpLabel
%var = OpVariable %ptr_int Function
%fvar = OpVariable %ptr_float Function
%svar = OpVariable %ptr_st Function
VARS
%im = OpLoad %img2d %gi
%imarr = OpLoad %img2darr %giarr
%im3 = OpLoad %img3d %gi3
%imms = OpLoad %img2dms %gims
%stim = OpLoad %storage2d %gst
%smp = OpLoad %sampler %gs
%si = OpSampledImage %si2d %im %smp
%siarr = OpSampledImage %si2darr %imarr %smp
%si3 = OpSampledImage %si3d %im3 %smp
BODY
OpReturn
OpFunctionEnd
%get = OpFunction %int None %fn_int
%get_entry = OpLabel
OpReturnValue %int_1
OpFunctionEnd
%inc = OpFunction %int None %fn_int_int
%p = OpFunctionParameter %int
%inc_entry = OpLabel
OpReturnValue %p
OpFunctionEnd
FUNCTIONS
`;

/** Where a case's lines go in the module. */
interface CaseParts {
  body?: string;
  globals?: string;
  vars?: string;
  functions?: string;
  caps?: string;
  /** The addressing model; Logical unless given. */
  addressing?: string;
  /** A whole module of its own instead of the template's, judged in `env`. */
  text?: string;
  env?: string;
}

/** The assembly text of the module with the parts put in. */
function moduleText(parts: CaseParts): string {
  if (parts.text !== undefined) return parts.text;
  return TEMPLATE.replace('CAPS', parts.caps ?? '')
    .replace('ADDRESSING', parts.addressing ?? 'Logical')
    .replace('GLOBALS', parts.globals ?? '')
    .replace('VARS', parts.vars ?? '')
    .replace('BODY', parts.body ?? '')
    .replace('FUNCTIONS', parts.functions ?? '');
}

/** The module's words. */
function moduleWords(parts: CaseParts): Uint32Array {
  return encodeModule(assemble(moduleText(parts), { targetEnv: parts.env ?? ENV }));
}

/** The rule codes the validator reports on the module. */
function ourCodes(parts: CaseParts): string[] {
  return validate(moduleWords(parts), { targetEnv: parts.env ?? ENV }).map((d) => d.code);
}

/** A case: its lines (a string: the body alone), and for a rejected one our code and spirv-val's message. */
type Parts = string | CaseParts;
const partsOf = (p: Parts): CaseParts => (typeof p === 'string' ? { body: p } : p);
const label = (p: Parts): string =>
  typeof p === 'string'
    ? p.replace(/\n/g, ' / ')
    : Object.entries(p)
        .map(([k, v]) => `${k}: ${String(v).replace(/\n/g, ' / ').slice(-120)}`)
        .join('; ');

/**
 * Registers every case. Without an oracle each is judged by the validator alone; with one, the
 * oracle must agree: reject with a message containing the case's, filed under the types family.
 */
export function operandCases(oracle?: OperandOracle): void {
  /** spirv-val's verdict: ok, or its first error line, with the assembler's id numbers taken out. */
  function verdict(parts: CaseParts): { ok: boolean; message: string } {
    const v = oracle!.verdict(moduleWords(parts), parts.env ?? ENV);
    // Ids are numbered by the assembler that made the words: messages are compared without the numbers.
    return { ok: v.ok, message: (v.message.split('\n')[0] ?? '').replace(/'\d+\[%/g, "'[%") };
  }

  /**
   * Asserts both reject: the validator with `code` and no other rule (once or more: it reports every
   * error, where spirv-val stops at its first), spirv-val with a message containing `message`.
   */
  function expectRejected(parts: Parts, code: string, message: string): void {
    expect([...new Set(ourCodes(partsOf(parts)))]).toEqual([code]);
    if (!oracle) return;
    const theirs = verdict(partsOf(parts));
    expect(theirs.ok, 'spirv-val accepts it').toBe(false);
    expect(theirs.message).toContain(message);
    // The differential test files spirv-val's message under the family of our rule.
    expect(oracle.family(theirs.message)).toBe('types');
  }

  /** Asserts both accept. */
  function expectAccepted(parts: Parts): void {
    expect(ourCodes(partsOf(parts))).toEqual([]);
    if (!oracle) return;
    const theirs = verdict(partsOf(parts));
    expect(theirs.message).toBe('');
    expect(theirs.ok).toBe(true);
  }

  function suite(title: string, rejected: readonly (readonly [Parts, string, string])[], accepted: readonly Parts[]): void {
    describe(title, () => {
      it.each(rejected.map(([p, code, message]) => [label(p), p, code, message] as const))('%s -> %s', (_, p, code, message) =>
        expectRejected(p, code, message),
      );
      it.each(accepted.map((p) => [label(p), p] as const))('accepts %s', (_, p) => expectAccepted(p));
    });
  }

  it('the unedited module is valid for both', () => expectAccepted({}));

  suite(
    'types: OpVariable',
    [
      [{ vars: '%x = OpVariable %int Function' }, 'spvkit-types-variable', "OpVariable Result Type <id> '[%int]' is not a pointer type."],
      [{ vars: '%x = OpVariable %ptr_priv_int Function' }, 'spvkit-types-variable', 'From SPIR-V spec, section 3.32.8 on OpVariable:'],
      [{ vars: '%x = OpVariable %ptr_int Function %float_1' }, 'spvkit-types-variable', 'Initializer type must match the type pointed to by the Result Type'],
      [{ vars: '%x = OpVariable %ptr_priv_int Private' }, 'spvkit-types-variable', 'Variables must have a function[7] storage class inside of a function'],
      [{ globals: '%x = OpVariable %ptr_int Function' }, 'spvkit-types-variable', 'Variables can not have a function[7] storage class outside of a function'],
      [
        { globals: '%x = OpVariable %ptr_priv_int Private %float_1' },
        'spvkit-types-variable',
        'Initializer type must match the type pointed to by the Result Type',
      ],
      [
        { globals: '%x = OpVariable %ptr_priv_int Private %gpriv' },
        'spvkit-types-variable',
        'Initializer type must match the type pointed to by the Result Type',
      ],
    ],
    [{ vars: '%x = OpVariable %ptr_int Function %int_1' }, { globals: '%x = OpVariable %ptr_priv_int Private %int_1' }],
  );

  suite(
    'types: OpCopyMemory, OpCopyMemorySized',
    [
      ['OpCopyMemory %var %fvar', 'spvkit-types-copy-memory', "Target <id> '"],
      ['OpCopyMemory %var %int_1', 'spvkit-types-copy-memory', "Source operand <id> '[%int_1]' is not a pointer."],
      ['OpCopyMemory %int_1 %var', 'spvkit-types-copy-memory', "Target operand <id> '[%int_1]' is not a pointer."],
      [
        { caps: 'OpCapability Addresses', addressing: 'Physical64', body: 'OpCopyMemorySized %var %var %float_1' },
        'spvkit-types-copy-memory',
        "Size operand <id> '[%float_1]' must be a scalar integer type.",
      ],
      [
        { caps: 'OpCapability Addresses', addressing: 'Physical64', body: 'OpCopyMemorySized %var %int_1 %int_1' },
        'spvkit-types-copy-memory',
        "Source operand <id> '[%int_1]' is not a pointer.",
      ],
    ],
    ['OpCopyMemory %var %gpriv', { caps: 'OpCapability Addresses', addressing: 'Physical64', body: 'OpCopyMemorySized %var %fvar %int_1' }],
  );

  /** OpPtrAccessChain needs a capability that allows it; Addresses with Physical64 addressing is the plainest. */
  const addresses = (body: string): CaseParts => ({ caps: 'OpCapability Addresses', addressing: 'Physical64', body });

  suite(
    'types: OpPtrAccessChain',
    [
      [
        addresses('%x = OpPtrAccessChain %ptr_float %var %int_1'),
        'spvkit-types-ptr-access-chain',
        'OpPtrAccessChain result type (OpTypeFloat) does not match the type that results from indexing into the base <id> (OpTypeInt).',
      ],
      [addresses('%x = OpPtrAccessChain %int %var %int_1'), 'spvkit-types-ptr-access-chain', 'The Result Type of OpPtrAccessChain <id> '],
      [
        addresses('%x = OpPtrAccessChain %ptr_int %int_1 %int_1'),
        'spvkit-types-ptr-access-chain',
        "The Base <id> '[%int_1]' in OpPtrAccessChain instruction must be a pointer.",
      ],
      [
        addresses('%x = OpPtrAccessChain %ptr_priv_int %var %int_1'),
        'spvkit-types-ptr-access-chain',
        'The result pointer storage class and base pointer storage class in OpPtrAccessChain do not match.',
      ],
      [
        addresses('%x = OpPtrAccessChain %ptr_float %svar %int_0 %float_1'),
        'spvkit-types-ptr-access-chain',
        'Indexes passed to OpPtrAccessChain must be of type integer.',
      ],
      [
        addresses('%x = OpInBoundsPtrAccessChain %ptr_float %svar %int_0 %uint_2'),
        'spvkit-types-ptr-access-chain',
        'Index is out of bounds: OpInBoundsPtrAccessChain can not find index 2 into the structure',
      ],
    ],
    [addresses('%x = OpPtrAccessChain %ptr_int %var %int_1'), addresses('%x = OpInBoundsPtrAccessChain %ptr_float %svar %int_0 %int_1')],
  );

  describe('types: OpPtrAccessChain Element', () => {
    it('an Element that is no integer is rejected (SPIRV-Tools since 2023.1: "Element must be an integer"; Debian 2023.1 still accepts it)', () => {
      const parts = addresses('%x = OpPtrAccessChain %ptr_int %var %float_1');
      expect(ourCodes(parts)).toEqual(['spvkit-types-ptr-access-chain']);
      if (oracle) expect(verdict(parts).ok).toBe(true);
    });
  });

  const calls = `%f2 = OpFunction %int None %fn_int_int
%p2 = OpFunctionParameter %int
%f2e = OpLabel
OpReturnValue %p2
OpFunctionEnd`;

  suite(
    'types: OpFunction, OpFunctionParameter, OpFunctionCall',
    [
      [
        { functions: '%f2 = OpFunction %int None %fn\n%f2e = OpLabel\nOpUnreachable\nOpFunctionEnd' },
        'spvkit-types-function',
        "OpFunction Result Type <id> '[%int]' does not match the Function Type's return type <id> '[%void]'.",
      ],
      [
        { functions: '%f2 = OpFunction %int None %int\n%f2e = OpLabel\nOpUnreachable\nOpFunctionEnd' },
        'spvkit-types-function',
        "OpFunction Function Type <id> '[%int]' is not a function type.",
      ],
      [
        { functions: '%f2 = OpFunction %int None %fn_int_int\n%p2 = OpFunctionParameter %float\n%f2e = OpLabel\nOpUnreachable\nOpFunctionEnd' },
        'spvkit-types-parameter',
        "OpFunctionParameter Result Type <id> '[%float]' does not match the OpTypeFunction parameter type of the same index.",
      ],
      [
        {
          functions:
            '%f2 = OpFunction %int None %fn_int_int\n%p2 = OpFunctionParameter %int\n%p3 = OpFunctionParameter %int\n%f2e = OpLabel\nOpUnreachable\nOpFunctionEnd',
        },
        'spvkit-types-parameter',
        'Too many OpFunctionParameters for ',
      ],
      [
        '%x = OpFunctionCall %float %get',
        'spvkit-types-call',
        "OpFunctionCall Result Type <id> '[%float]'s type does not match Function <id> '[%int]'s return type.",
      ],
      ['%x = OpFunctionCall %int %get %int_1', 'spvkit-types-call', "OpFunctionCall Function <id>'s parameter count does not match the argument count."],
      ['%x = OpFunctionCall %int %inc', 'spvkit-types-call', "OpFunctionCall Function <id>'s parameter count does not match the argument count."],
      [
        '%x = OpFunctionCall %int %inc %float_1',
        'spvkit-types-call',
        "OpFunctionCall Argument <id> '[%float_1]'s type does not match Function <id> '[%int]'s parameter type.",
      ],
      ['%x = OpFunctionCall %int %int_1', 'spvkit-types-call', "OpFunctionCall Function <id> '[%int_1]' is not a function."],
    ],
    [
      { functions: calls },
      // spirv-val (2023.1 and later) accepts fewer parameters than the function type has.
      { functions: '%f2 = OpFunction %int None %fn_int_int\n%f2e = OpLabel\nOpUnreachable\nOpFunctionEnd' },
      '%x = OpFunctionCall %int %inc %int_1',
      { body: '%x = OpFunctionCall %int %f2 %int_1', functions: calls },
    ],
  );

  suite(
    'types: OpVectorShuffle, OpVectorExtractDynamic, OpVectorInsertDynamic, OpCompositeInsert',
    [
      [
        '%x = OpVectorShuffle %v2float %v2float_1 %v3float_1 0 5',
        'spvkit-types-vector-shuffle',
        'Component index 5 is out of bounds for combined (Vector1 + Vector2) size of 5.',
      ],
      [
        '%x = OpVectorShuffle %v3float %v2float_1 %v3float_1 0 1',
        'spvkit-types-vector-shuffle',
        'OpVectorShuffle component literals count does not match Result Type',
      ],
      [
        '%x = OpVectorShuffle %v2int %v2float_1 %v3float_1 0 1',
        'spvkit-types-vector-shuffle',
        'The Component Type of Vector 1 must be the same as ResultType.',
      ],
      [
        '%x = OpVectorShuffle %float %v2float_1 %v3float_1 0',
        'spvkit-types-vector-shuffle',
        'The Result Type of OpVectorShuffle must be OpTypeVector. Found OpTypeFloat.',
      ],
      ['%x = OpVectorShuffle %v2float %float_1 %v3float_1 0 1', 'spvkit-types-vector-shuffle', 'The type of Vector 1 must be OpTypeVector.'],
      [
        '%x = OpVectorShuffle %v2float %v2float_1 %v2int_1 0 1',
        'spvkit-types-vector-shuffle',
        'The Component Type of Vector 2 must be the same as ResultType.',
      ],
      ['%x = OpVectorExtractDynamic %int %v2float_1 %int_1', 'spvkit-types-vector-dynamic', 'Expected Vector component type to be equal to Result Type'],
      ['%x = OpVectorExtractDynamic %v2float %v2float_1 %int_1', 'spvkit-types-vector-dynamic', 'Expected Result Type to be a scalar type'],
      ['%x = OpVectorExtractDynamic %float %float_1 %int_1', 'spvkit-types-vector-dynamic', 'Expected Vector type to be OpTypeVector'],
      ['%x = OpVectorExtractDynamic %float %v2float_1 %float_1', 'spvkit-types-vector-dynamic', 'Expected Index to be int scalar'],
      ['%x = OpVectorExtractDynamic %float %v2float_1 %v2int_1', 'spvkit-types-vector-dynamic', 'Expected Index to be int scalar'],
      ['%x = OpVectorInsertDynamic %float %v2float_1 %float_1 %int_1', 'spvkit-types-vector-dynamic', 'Expected Result Type to be OpTypeVector'],
      ['%x = OpVectorInsertDynamic %v2float %v3float_1 %float_1 %int_1', 'spvkit-types-vector-dynamic', 'Expected Vector type to be equal to Result Type'],
      [
        '%x = OpVectorInsertDynamic %v2float %v2float_1 %int_1 %int_1',
        'spvkit-types-vector-dynamic',
        'Expected Component type to be equal to Result Type component type',
      ],
      ['%x = OpVectorInsertDynamic %v2float %v2float_1 %float_1 %float_1', 'spvkit-types-vector-dynamic', 'Expected Index to be int scalar'],
      [
        '%x = OpCompositeInsert %v3float %float_1 %v2float_1 1',
        'spvkit-types-composite-insert',
        'The Result Type must be the same as Composite type in OpCompositeInsert',
      ],
      [
        '%x = OpCompositeInsert %v2float %int_1 %v2float_1 1',
        'spvkit-types-composite-insert',
        'The Object type (OpTypeInt) does not match the type that results from indexing into the Composite (OpTypeFloat).',
      ],
      [
        '%x = OpCompositeInsert %v2float %float_1 %v2float_1 2',
        'spvkit-types-composite-insert',
        'Vector access is out of bounds, vector size is 2, but access index is 2',
      ],
      [
        '%x = OpCompositeInsert %v2float %float_1 %v2float_1 1 0',
        'spvkit-types-composite-insert',
        'Reached non-composite type while indexes still remain to be traversed.',
      ],
      ['%x = OpCompositeInsert %st %float_1 %st_1 0', 'spvkit-types-composite-insert', 'The Object type (OpTypeFloat) does not match the type that results'],
    ],
    [
      '%x = OpVectorShuffle %v2float %v2float_1 %v3float_1 0 4',
      '%x = OpVectorShuffle %v2float %v2float_1 %v3float_1 0 0xFFFFFFFF',
      '%x = OpVectorExtractDynamic %float %v2float_1 %int_1',
      '%x = OpVectorInsertDynamic %v2float %v2float_1 %float_1 %uint_1',
      '%x = OpCompositeInsert %v2float %float_1 %v2float_1 1',
      '%x = OpCompositeInsert %st %float_1 %st_1 1',
      '%x = OpCompositeInsert %m2 %float_1 %m2_1 1 1',
    ],
  );

  suite(
    'types: matrix instructions',
    [
      [
        '%x = OpMatrixTimesScalar %m2 %m2_1 %double_1',
        'spvkit-types-matrix',
        'Expected scalar operand type to be equal to the component type of the matrix operand: MatrixTimesScalar',
      ],
      ['%x = OpMatrixTimesScalar %v2float %m2_1 %float_1', 'spvkit-types-matrix', 'Expected float matrix type as Result Type: MatrixTimesScalar'],
      [
        '%x = OpMatrixTimesVector %v2float %m2_1 %v3float_1',
        'spvkit-types-matrix',
        'Expected number of columns of the matrix to be equal to the vector size: MatrixTimesVector',
      ],
      [
        '%x = OpMatrixTimesVector %v3float %m2_1 %v2float_1',
        'spvkit-types-matrix',
        'Expected column type of the matrix to be equal to Result Type: MatrixTimesVector',
      ],
      [
        '%x = OpVectorTimesMatrix %v2float %v3float_1 %m2_1',
        'spvkit-types-matrix',
        'Expected number of rows of the matrix to be equal to the vector operand size: VectorTimesMatrix',
      ],
      ['%x = OpVectorTimesMatrix %v2float %v2float_1 %m3x2_1', 'spvkit-types-matrix', 'VectorTimesMatrix'],
      ['%x = OpMatrixTimesMatrix %m2 %m2_1 %v2float_1', 'spvkit-types-matrix', 'Expected float matrix type as right operand: MatrixTimesMatrix'],
      ['%x = OpMatrixTimesMatrix %m2 %m2_1 %m3x2_1', 'spvkit-types-matrix', 'MatrixTimesMatrix'],
      [
        '%x = OpOuterProduct %m2 %v2float_1 %v3float_1',
        'spvkit-types-matrix',
        'Expected number of columns of the matrix to be equal to the vector size of the right operand: OuterProduct',
      ],
      ['%x = OpTranspose %m2 %v2float_1', 'spvkit-types-matrix', 'Expected Matrix to be of type OpTypeMatrix'],
      [
        '%x = OpTranspose %m2 %m3x2_1',
        'spvkit-types-matrix',
        'Expected number of columns and the column size of Matrix to be the reverse of those of Result Type',
      ],
    ],
    [
      '%x = OpMatrixTimesScalar %m2 %m2_1 %float_1',
      '%x = OpMatrixTimesVector %v2float %m2_1 %v2float_1',
      '%x = OpMatrixTimesVector %v2float %m3x2_1 %v3float_1',
      '%x = OpVectorTimesMatrix %v2float %v2float_1 %m2_1',
      '%x = OpVectorTimesMatrix %v3float %v2float_1 %m3x2_1',
      '%x = OpMatrixTimesMatrix %m2 %m2_1 %m2_1',
      '%x = OpMatrixTimesMatrix %m3x2 %m2_1 %m3x2_1',
      '%x = OpOuterProduct %m2 %v2float_1 %v2float_1',
      '%x = OpOuterProduct %m3x2 %v2float_1 %v3float_1',
      '%x = OpTranspose %m2 %m2_1',
    ],
  );

  suite(
    'types: atomics',
    [
      ['%x = OpAtomicIAdd %int %wgu %uint_2 %uint_0 %uint_1', 'spvkit-types-atomic', 'AtomicIAdd: expected Pointer to point to a value of type Result Type'],
      ['%x = OpAtomicIAdd %float %wgf %uint_2 %uint_0 %float_1', 'spvkit-types-atomic', 'AtomicIAdd: expected Result Type to be integer scalar type'],
      ['%x = OpAtomicIAdd %uint %uint_1 %uint_2 %uint_0 %uint_1', 'spvkit-types-atomic', 'AtomicIAdd: expected Pointer to be of type OpTypePointer'],
      ['%x = OpAtomicIAdd %uint %wgu %uint_2 %uint_0 %int_1', 'spvkit-types-atomic', 'AtomicIAdd: expected Value to be of type Result Type'],
      ['%x = OpAtomicIAdd %uint %wgu %float_1 %uint_0 %uint_1', 'spvkit-types-scope', 'AtomicIAdd: expected scope to be a 32-bit int'],
      ['%x = OpAtomicIAdd %uint %wgu %ulong_1 %uint_0 %uint_1', 'spvkit-types-scope', 'AtomicIAdd: expected scope to be a 32-bit int'],
      ['%x = OpAtomicIAdd %uint %wgu %uint_2 %float_1 %uint_1', 'spvkit-types-scope', 'AtomicIAdd: expected Memory Semantics to be a 32-bit int'],
      [
        '%y = OpIAdd %uint %uint_1 %uint_1\n%x = OpAtomicIAdd %uint %wgu %y %uint_0 %uint_1',
        'spvkit-types-scope',
        'Scope ids must be OpConstant when Shader capability is present',
      ],
      [
        '%x = OpAtomicIAdd %uint %wgu %uint_2 %spec_uint %uint_1',
        'spvkit-types-scope',
        'Memory Semantics ids must be OpConstant when Shader capability is present',
      ],
      ['%x = OpAtomicLoad %int %wgu %uint_2 %uint_0', 'spvkit-types-atomic', 'AtomicLoad: expected Pointer to point to a value of type Result Type'],
      ['%x = OpAtomicLoad %v2float %wgf %uint_2 %uint_0', 'spvkit-types-atomic', 'AtomicLoad: expected Result Type to be integer or float scalar type'],
      ['%x = OpAtomicLoad %bool %wgf %uint_2 %uint_0', 'spvkit-types-atomic', 'AtomicLoad: expected Result Type to be integer or float scalar type'],
      [
        'OpAtomicStore %wgu %uint_2 %uint_0 %int_1',
        'spvkit-types-atomic',
        'AtomicStore: expected Value type and the type pointed to by Pointer to be the same',
      ],
      ['OpAtomicStore %uint_1 %uint_2 %uint_0 %int_1', 'spvkit-types-atomic', 'AtomicStore: expected Pointer to be of type OpTypePointer'],
      ['%x = OpAtomicExchange %uint %wgu %uint_2 %uint_0 %float_1', 'spvkit-types-atomic', 'AtomicExchange: expected Value to be of type Result Type'],
      [
        '%x = OpAtomicCompareExchange %uint %wgu %uint_2 %uint_0 %uint_0 %uint_1 %int_1',
        'spvkit-types-atomic',
        'AtomicCompareExchange: expected Comparator to be of type Result Type',
      ],
      [
        '%x = OpAtomicCompareExchange %uint %wgu %uint_2 %uint_0 %uint_0 %int_1 %uint_1',
        'spvkit-types-atomic',
        'AtomicCompareExchange: expected Value to be of type Result Type',
      ],
      [
        '%x = OpAtomicCompareExchange %uint %wgu %uint_2 %uint_0 %float_1 %uint_1 %uint_1',
        'spvkit-types-scope',
        'AtomicCompareExchange: expected Memory Semantics to be a 32-bit int',
      ],
      [
        '%x = OpAtomicCompareExchange %float %wgf %uint_2 %uint_0 %uint_0 %float_1 %float_1',
        'spvkit-types-atomic',
        'AtomicCompareExchange: expected Result Type to be integer scalar type',
      ],
      [
        '%x = OpAtomicIIncrement %int %wgu %uint_2 %uint_0',
        'spvkit-types-atomic',
        'AtomicIIncrement: expected Pointer to point to a value of type Result Type',
      ],
      ['%x = OpAtomicAnd %uint %wgu %uint_2 %uint_0 %float_1', 'spvkit-types-atomic', 'AtomicAnd: expected Value to be of type Result Type'],
    ],
    [
      '%x = OpAtomicIAdd %uint %wgu %uint_2 %uint_0 %uint_1',
      '%x = OpAtomicLoad %uint %wgu %uint_2 %uint_0',
      '%x = OpAtomicLoad %float %wgf %uint_2 %uint_0',
      'OpAtomicStore %wgu %uint_2 %uint_0 %uint_1',
      'OpAtomicStore %wgf %uint_2 %uint_0 %float_1',
      '%x = OpAtomicExchange %float %wgf %uint_2 %uint_0 %float_1',
      '%x = OpAtomicCompareExchange %uint %wgu %uint_2 %uint_0 %uint_0 %uint_1 %uint_1',
      '%x = OpAtomicIIncrement %uint %wgu %uint_2 %uint_0',
      '%x = OpAtomicSMin %uint %wgu %uint_2 %uint_0 %uint_1',
    ],
  );

  suite(
    'types: barriers',
    [
      ['OpControlBarrier %float_1 %uint_2 %uint_0', 'spvkit-types-scope', 'ControlBarrier: expected scope to be a 32-bit int'],
      ['OpControlBarrier %uint_2 %ulong_1 %uint_0', 'spvkit-types-scope', 'ControlBarrier: expected scope to be a 32-bit int'],
      ['OpControlBarrier %uint_2 %uint_2 %float_1', 'spvkit-types-scope', 'ControlBarrier: expected Memory Semantics to be a 32-bit int'],
      ['OpMemoryBarrier %float_1 %uint_0', 'spvkit-types-scope', 'MemoryBarrier: expected scope to be a 32-bit int'],
      ['OpMemoryBarrier %uint_2 %v2int_1', 'spvkit-types-scope', 'MemoryBarrier: expected Memory Semantics to be a 32-bit int'],
      ['OpMemoryBarrier %spec_uint %uint_0', 'spvkit-types-scope', 'Scope ids must be OpConstant when Shader capability is present'],
      [{ globals: '%uint_7 = OpConstant %uint 7', body: 'OpMemoryBarrier %uint_7 %uint_0' }, 'spvkit-types-scope', 'Invalid scope value:'],
      [{ globals: '%uint_7 = OpConstant %uint 7', body: '%x = OpAtomicLoad %uint %wgu %uint_7 %uint_0' }, 'spvkit-types-scope', 'Invalid scope value:'],
    ],
    [
      'OpControlBarrier %uint_2 %uint_2 %uint_0',
      'OpControlBarrier %int_1 %uint_2 %uint_0',
      'OpMemoryBarrier %uint_2 %uint_0',
      'OpMemoryBarrier %uint_1 %uint_0',
    ],
  );

  suite(
    'types: OpSampledImage, OpImage',
    [
      ['%x = OpSampledImage %img2d %im %smp', 'spvkit-types-sampled-image', 'Expected Result Type to be OpTypeSampledImage.'],
      ['%x = OpSampledImage %si2d %smp %smp', 'spvkit-types-sampled-image', 'Expected Image to be of type OpTypeImage.'],
      ['%x = OpSampledImage %si2d %im %im', 'spvkit-types-sampled-image', 'Expected Sampler to be of type OpTypeSampler'],
      ['%x = OpImage %img3d %si', 'spvkit-types-sampled-image', 'Expected Sample Image image type to be equal to Result Type'],
      ['%x = OpImage %si2d %si', 'spvkit-types-sampled-image', 'Expected Result Type to be OpTypeImage'],
      ['%x = OpImage %img2d %im', 'spvkit-types-sampled-image', 'Expected Sample Image to be of type OpTypeSampleImage'],
    ],
    ['%x = OpImage %img2d %si', '%x = OpImage %img3d %si3'],
  );

  suite(
    'types: image instructions',
    [
      [
        '%x = OpImageSampleImplicitLod %v4int %si %v2float_1',
        'spvkit-types-image-result',
        "Expected Image 'Sampled Type' to be the same as Result Type components",
      ],
      ['%x = OpImageSampleImplicitLod %v3float %si %v2float_1', 'spvkit-types-image-result', 'Expected Result Type to have 4 components'],
      ['%x = OpImageSampleImplicitLod %float %si %v2float_1', 'spvkit-types-image-result', 'Expected Result Type to be int or float vector type'],
      ['%x = OpImageSampleImplicitLod %v4float %im %v2float_1', 'spvkit-types-image', 'Expected Sampled Image to be of type OpTypeSampledImage'],
      [
        '%x = OpImageSampleImplicitLod %v4float %si %float_1',
        'spvkit-types-image-coordinate',
        'Expected Coordinate to have at least 2 components, but given only 1',
      ],
      ['%x = OpImageSampleImplicitLod %v4float %si %v2int_1', 'spvkit-types-image-coordinate', 'Expected Coordinate to be float scalar or vector'],
      [
        '%x = OpImageSampleImplicitLod %v4float %siarr %v2float_1',
        'spvkit-types-image-coordinate',
        'Expected Coordinate to have at least 3 components, but given only 2',
      ],
      [
        '%x = OpImageSampleImplicitLod %v4float %si3 %v2float_1',
        'spvkit-types-image-coordinate',
        'Expected Coordinate to have at least 3 components, but given only 2',
      ],
      [
        '%x = OpImageSampleProjImplicitLod %v4float %si %v2float_1',
        'spvkit-types-image-coordinate',
        'Expected Coordinate to have at least 3 components, but given only 2',
      ],
      ['%x = OpImageSampleImplicitLod %v4float %si %v2float_1 Bias %int_1', 'spvkit-types-image-operands', 'Expected Image Operand Bias to be float scalar'],
      [
        '%x = OpImageSampleImplicitLod %v4float %si %v2float_1 MinLod %int_1',
        'spvkit-types-image-operands',
        'Expected Image Operand MinLod to be float scalar',
      ],
      [
        '%x = OpImageSampleExplicitLod %v4float %si %v2float_1 Lod %int_1',
        'spvkit-types-image-operands',
        'Expected Image Operand Lod to be float scalar when used with ExplicitLod',
      ],
      [
        '%x = OpImageSampleExplicitLod %v4float %si %v2float_1 Grad %float_1 %v2float_1',
        'spvkit-types-image-operands',
        'Expected Image Operand Grad dx to have 2 components, but given 1',
      ],
      [
        '%x = OpImageSampleExplicitLod %v4float %si %v2float_1 Grad %v2int_1 %v2float_1',
        'spvkit-types-image-operands',
        'Expected both Image Operand Grad ids to be float scalars or vectors',
      ],
      [
        '%x = OpImageSampleExplicitLod %v4float %si %v2float_1 Lod|ConstOffset %float_1 %v2float_1',
        'spvkit-types-image-operands',
        'Expected Image Operand ConstOffset to be int scalar or vector',
      ],
      [
        '%x = OpImageSampleExplicitLod %v4float %si %v2float_1 Lod|ConstOffset %float_1 %int_1',
        'spvkit-types-image-operands',
        'Expected Image Operand ConstOffset to have 2 components, but given 1',
      ],
      [
        '%x = OpImageSampleExplicitLod %v4float %si %v2float_1 Lod|Offset %float_1 %v2float_1',
        'spvkit-types-image-operands',
        'Expected Image Operand Offset to be int scalar or vector',
      ],
      [
        '%x = OpImageSampleDrefImplicitLod %v4float %si %v2float_1 %float_1',
        'spvkit-types-image-result',
        'Expected Result Type to be int or float scalar type',
      ],
      ['%x = OpImageSampleDrefImplicitLod %float %si %v2float_1 %double_1', 'spvkit-types-image-operands', 'Expected Dref to be of 32-bit float type'],
      ['%x = OpImageSampleDrefImplicitLod %float %si %v2float_1 %int_1', 'spvkit-types-image-operands', 'Expected Dref to be of 32-bit float type'],
      ['%x = OpImageSparseSampleImplicitLod %v4float %si %v2float_1', 'spvkit-types-image-result', 'Expected Result Type to be OpTypeStruct'],
      ['%x = OpImageFetch %v4float %im %v2float_1', 'spvkit-types-image-coordinate', 'Expected Coordinate to be int scalar or vector'],
      [
        '%x = OpImageFetch %v4float %si %v2int_1',
        'spvkit-types-image',
        'Result <id> from OpSampledImage instruction must not appear as operand for OpImageFetch',
      ],
      ['%x = OpImageFetch %v4int %im %v2int_1', 'spvkit-types-image-result', "Expected Image 'Sampled Type' to be the same as Result Type components"],
      ['%x = OpImageFetch %v4float %im %int_1', 'spvkit-types-image-coordinate', 'Expected Coordinate to have at least 2 components, but given only 1'],
      [
        '%x = OpImageFetch %v4float %im %v2int_1 Lod %float_1',
        'spvkit-types-image-operands',
        'Expected Image Operand Lod to be int scalar when used with OpImageFetch',
      ],
      ['%x = OpImageFetch %v4float %imms %v2int_1 Sample %float_1', 'spvkit-types-image-operands', 'Expected Image Operand Sample to be int scalar'],
      ['%x = OpImageGather %v4float %si %v2float_1 %float_1', 'spvkit-types-image-operands', 'Expected Component to be 32-bit int scalar'],
      ['%x = OpImageGather %v4float %si %v2int_1 %int_1', 'spvkit-types-image-coordinate', 'Expected Coordinate to be float scalar or vector'],
      [
        '%x = OpImageGather %v4int %si %v2float_1 %int_1',
        'spvkit-types-image-result',
        "Expected Image 'Sampled Type' to be the same as Result Type components",
      ],
      ['%x = OpImageGather %v4float %si3 %v3float_1 %int_1', 'spvkit-types-image', "Expected Image 'Dim' to be 2D, Cube, or Rect"],
      ['%x = OpImageDrefGather %v4float %si %v2float_1 %int_1', 'spvkit-types-image-operands', 'Expected Dref to be of 32-bit float type'],
      ['%x = OpImageRead %v4float %stim %v2float_1', 'spvkit-types-image-coordinate', 'Expected Coordinate to be int scalar or vector'],
      ['%x = OpImageRead %v4int %stim %v2int_1', 'spvkit-types-image-result', "Expected Image 'Sampled Type' to be the same as Result Type components"],
      ['%x = OpImageRead %v4float %stim %int_1', 'spvkit-types-image-coordinate', 'Expected Coordinate to have at least 2 components, but given only 1'],
      ['OpImageWrite %stim %v2float_1 %v4float_1', 'spvkit-types-image-coordinate', 'Expected Coordinate to be int scalar or vector'],
      ['OpImageWrite %stim %v2int_1 %v2int_1', 'spvkit-types-image-operands', "Expected Image 'Sampled Type' to be the same as Texel components"],
      ['OpImageWrite %stim %int_1 %v4float_1', 'spvkit-types-image-coordinate', 'Expected Coordinate to have at least 2 components, but given only 1'],
      ['%x = OpImageQuerySizeLod %int %im %int_1', 'spvkit-types-image-result', 'Result Type has 1 components, but 2 expected'],
      ['%x = OpImageQuerySizeLod %v2int %imarr %int_1', 'spvkit-types-image-result', 'Result Type has 2 components, but 3 expected'],
      ['%x = OpImageQuerySizeLod %v2float %im %int_1', 'spvkit-types-image-result', 'Expected Result Type to be int scalar or vector type'],
      ['%x = OpImageQuerySizeLod %v2int %im %float_1', 'spvkit-types-image-operands', 'Expected Level of Detail to be int scalar'],
      ['%x = OpImageQuerySizeLod %v2int %imms %int_1', 'spvkit-types-image', "Image 'MS' must be 0"],
      ['%x = OpImageQuerySize %int %stim', 'spvkit-types-image-result', 'Result Type has 1 components, but 2 expected'],
      ['%x = OpImageQuerySize %v2int %im', 'spvkit-types-image', "Image must have either 'MS'=1 or 'Sampled'=0 or 'Sampled'=2"],
      ['%x = OpImageQueryLevels %float %im', 'spvkit-types-image-result', 'Expected Result Type to be int scalar type'],
      ['%x = OpImageQueryLevels %v2int %im', 'spvkit-types-image-result', 'Expected Result Type to be int scalar type'],
      ['%x = OpImageQuerySamples %float %imms', 'spvkit-types-image-result', 'Expected Result Type to be int scalar type'],
      ['%x = OpImageQuerySamples %int %im', 'spvkit-types-image', "Image 'MS' must be 1"],
      ['%x = OpImageQueryLod %v3float %si %v2float_1', 'spvkit-types-image-result', 'Expected Result Type to have 2 components'],
      ['%x = OpImageQueryLod %v2float %si %float_1', 'spvkit-types-image-coordinate', 'Expected Coordinate to have at least 2 components, but given only 1'],
      ['%x = OpImageQueryLod %v2float %im %v2float_1', 'spvkit-types-image', 'Expected Image operand to be of type OpTypeSampledImage'],
    ],
    [
      '%x = OpImageSampleImplicitLod %v4float %si %v2float_1',
      '%x = OpImageSampleImplicitLod %v4float %si %v2float_1 Bias %float_1',
      '%x = OpImageSampleImplicitLod %v4float %siarr %v3float_1',
      '%x = OpImageSampleExplicitLod %v4float %si %v2float_1 Lod %float_1',
      '%x = OpImageSampleExplicitLod %v4float %si %v2float_1 Grad %v2float_1 %v2float_1',
      '%x = OpImageSampleExplicitLod %v4float %si %v2float_1 Lod|ConstOffset %float_1 %v2int_1',
      '%x = OpImageSampleDrefImplicitLod %float %si %v2float_1 %float_1',
      '%x = OpImageSampleProjImplicitLod %v4float %si %v3float_1',
      '%x = OpImageSparseSampleImplicitLod %sparse %si %v2float_1',
      '%x = OpImageFetch %v4float %im %v2int_1',
      '%x = OpImageFetch %v4float %im %v2int_1 Lod %int_1',
      '%x = OpImageFetch %v4float %imms %v2int_1 Sample %int_1',
      '%x = OpImageFetch %v4float %im3 %v3int_1',
      '%x = OpImageGather %v4float %si %v2float_1 %int_1',
      '%x = OpImageDrefGather %v4float %si %v2float_1 %float_1',
      '%x = OpImageRead %v4float %stim %v2int_1',
      // spirv-val 2023.1 takes a read into fewer than 4 components, and a scalar or short texel.
      '%x = OpImageRead %float %stim %v2int_1',
      'OpImageWrite %stim %v2int_1 %v4float_1',
      'OpImageWrite %stim %v2int_1 %v2float_1',
      '%x = OpImageQuerySizeLod %v2int %im %int_1',
      '%x = OpImageQuerySizeLod %v3int %imarr %int_1',
      '%x = OpImageQuerySize %v2int %stim',
      '%x = OpImageQuerySize %v2int %imms',
      '%x = OpImageQueryLevels %int %im',
      '%x = OpImageQueryLevels %int %imms',
      '%x = OpImageQuerySamples %int %imms',
      '%x = OpImageQueryLod %v2float %si %v2float_1',
    ],
  );

  /** A Vulkan compute shader reading a storage image into `RESULT`. */
  const vulkanRead = (result: string): CaseParts => ({
    env: 'vulkan1.1',
    text: `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %img DescriptorSet 0
OpDecorate %img Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%float = OpTypeFloat 32
%v2int = OpTypeVector %int 2
%v2float = OpTypeVector %float 2
%v4float = OpTypeVector %float 4
%int_0 = OpConstant %int 0
%coord = OpConstantComposite %v2int %int_0 %int_0
%image = OpTypeImage %float 2D 0 0 0 2 Rgba32f
%ptr = OpTypePointer UniformConstant %image
%img = OpVariable %ptr UniformConstant
%main = OpFunction %void None %fn
%entry = OpLabel
%i = OpLoad %image %img
%x = OpImageRead ${result} %i %coord
OpReturn
OpFunctionEnd
`,
  });

  suite(
    'types: image reads in Vulkan',
    [[vulkanRead('%v2float'), 'spvkit-types-image-result', '[VUID-StandaloneSpirv-Result-04780] Expected Result Type to have 4 components']],
    [vulkanRead('%v4float')],
  );
}
