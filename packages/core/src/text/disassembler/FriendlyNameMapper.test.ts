// Friendly names, checked through disassemble() on small binaries. The rules are SPIRV-Tools'
// (FriendlyNameMapper); test/oracle/disassembler.test.ts compares whole modules with spirv-dis.
import { describe, expect, it } from 'vitest';
import { encodeLiteralString } from '../../words/literalString.js';
import { decodeModule } from '../../binary/decodeModule.js';
import { BuiltIn, Decoration, Op, StorageClass } from '../../grammar/index.js';
import { disassemble } from './disassemble.js';

type Operand = number | string;

/** A module of the given instructions ([opcode, ...operands], strings as literal strings). */
function binary(bound: number, ...instructions: Operand[][]): Uint32Array {
  const words = [0x07230203, 0x00010300, 0, bound, 0];
  for (const [opcode, ...operands] of instructions) {
    const body = operands.flatMap((o) => (typeof o === 'string' ? encodeLiteralString(o) : [o >>> 0]));
    words.push((((body.length + 1) << 16) | (opcode as number)) >>> 0, ...body);
  }
  return Uint32Array.from(words);
}

/** The disassembly without header and indentation, as lines. */
function lines(bound: number, ...instructions: Operand[][]): string[] {
  return disassemble(decodeModule(binary(bound, ...instructions)), { header: false, indent: false })
    .trimEnd()
    .split('\n');
}

describe('OpName', () => {
  it('sanitizes the string byte by byte', () => {
    expect(lines(4, [Op.Name, 1, 'a.b-c d'], [Op.Name, 2, 'héllo'], [Op.Name, 3, ''], [Op.TypeVoid, 1], [Op.TypeBool, 2], [Op.TypeInt, 3, 32, 0])).toEqual([
      'OpName %a_b_c_d "a.b-c d"',
      'OpName %h__llo "héllo"',
      'OpName %_ ""',
      '%a_b_c_d = OpTypeVoid',
      '%h__llo = OpTypeBool',
      '%_ = OpTypeInt 32 0',
    ]);
  });

  it('gives a taken name the first free suffix _0, _1, ...', () => {
    const strings = [1, 2, 3, 4, 5].map((id) => [Op.String, id, 's']);
    expect(lines(6, [Op.Name, 1, 'x'], [Op.Name, 2, 'x_1'], [Op.Name, 3, 'x'], [Op.Name, 4, 'x'], [Op.Name, 5, 'x.'], ...strings)).toEqual([
      'OpName %x "x"',
      'OpName %x_1 "x_1"',
      'OpName %x_0 "x"',
      'OpName %x_2 "x"', // x_1 is taken by an OpName
      'OpName %x_ "x."',
      '%x = OpString "s"',
      '%x_1 = OpString "s"',
      '%x_0 = OpString "s"',
      '%x_2 = OpString "s"',
      '%x_ = OpString "s"',
    ]);
  });

  it('keeps the first name an id gets', () => {
    // OpString defines %1 before the OpName: %1 is already named by its number.
    expect(lines(3, [Op.String, 1, 'file'], [Op.Name, 1, 'late'], [Op.Name, 2, 'first'], [Op.Name, 2, 'second'], [Op.TypeVoid, 2])).toEqual([
      '%1 = OpString "file"',
      'OpName %1 "late"',
      'OpName %first "first"',
      'OpName %first "second"',
      '%first = OpTypeVoid',
    ]);
  });

  it('lets a number name clash with an id named by its number', () => {
    // "1" is taken by %1 (named by its number first); "4" is given to %3 before %4 gets there.
    expect(lines(5, [Op.String, 1, 'a'], [Op.Name, 2, '1'], [Op.Name, 3, '4'], [Op.TypeVoid, 2], [Op.TypeBool, 3], [Op.String, 4, 'b'])).toEqual([
      '%1 = OpString "a"',
      'OpName %1_0 "1"',
      'OpName %4 "4"',
      '%1_0 = OpTypeVoid',
      '%4 = OpTypeBool',
      '%4_0 = OpString "b"',
    ]);
  });
});

describe('builtins', () => {
  it('names variables by their BuiltIn decoration, unless an OpName came first', () => {
    const B = Decoration.BuiltIn;
    expect(
      lines(
        16,
        [Op.Name, 14, 'myId'],
        [Op.Decorate, 10, B, BuiltIn.Position],
        [Op.Decorate, 11, B, BuiltIn.GlobalInvocationId],
        [Op.Decorate, 12, B, BuiltIn.DrawIndex],
        [Op.Decorate, 13, B, BuiltIn.SubgroupEqMask],
        [Op.Decorate, 14, B, BuiltIn.VertexIndex],
        [Op.Decorate, 15, B, BuiltIn.SampleId],
        [Op.Decorate, 14, B, BuiltIn.Position],
        [Op.TypeInt, 1, 32, 0],
        [Op.TypeVector, 2, 1, 4],
        [Op.TypePointer, 3, StorageClass.Input, 2],
        [Op.TypePointer, 4, StorageClass.Output, 2],
        [Op.Variable, 4, 10, StorageClass.Output],
        ...[11, 12, 13, 14, 15].map((id) => [Op.Variable, 3, id, StorageClass.Input]),
      ),
    ).toEqual([
      'OpName %myId "myId"',
      'OpDecorate %gl_Position BuiltIn Position',
      'OpDecorate %gl_GlobalInvocationID BuiltIn GlobalInvocationId',
      'OpDecorate %12 BuiltIn DrawIndex', // no name for this one
      'OpDecorate %SubgroupEqMaskKHR BuiltIn SubgroupEqMask',
      'OpDecorate %myId BuiltIn VertexIndex',
      'OpDecorate %gl_SampleID BuiltIn SampleId',
      'OpDecorate %myId BuiltIn Position',
      '%uint = OpTypeInt 32 0',
      '%v4uint = OpTypeVector %uint 4',
      '%_ptr_Input_v4uint = OpTypePointer Input %v4uint',
      '%_ptr_Output_v4uint = OpTypePointer Output %v4uint',
      '%gl_Position = OpVariable %_ptr_Output_v4uint Output',
      '%gl_GlobalInvocationID = OpVariable %_ptr_Input_v4uint Input',
      '%12 = OpVariable %_ptr_Input_v4uint Input',
      '%SubgroupEqMaskKHR = OpVariable %_ptr_Input_v4uint Input',
      '%myId = OpVariable %_ptr_Input_v4uint Input',
      '%gl_SampleID = OpVariable %_ptr_Input_v4uint Input',
    ]);
  });
});

describe('types', () => {
  it('names types by what they are', () => {
    expect(
      lines(
        35,
        [Op.TypeVoid, 1],
        [Op.TypeBool, 2],
        [Op.TypeInt, 3, 8, 1],
        [Op.TypeInt, 4, 8, 0],
        [Op.TypeInt, 5, 16, 1],
        [Op.TypeInt, 6, 16, 0],
        [Op.TypeInt, 7, 32, 1],
        [Op.TypeInt, 8, 32, 0],
        [Op.TypeInt, 9, 64, 1],
        [Op.TypeInt, 10, 64, 0],
        [Op.TypeInt, 11, 24, 1],
        [Op.TypeInt, 12, 24, 0],
        [Op.TypeFloat, 13, 16],
        [Op.TypeFloat, 14, 32],
        [Op.TypeFloat, 15, 64],
        [Op.TypeVector, 16, 14, 4],
        [Op.TypeMatrix, 17, 16, 4],
        [Op.Constant, 8, 18, 4],
        [Op.TypeArray, 19, 14, 18],
        [Op.TypeRuntimeArray, 20, 16],
        [Op.TypeForwardPointer, 22, StorageClass.StorageBuffer],
        [Op.TypeStruct, 21, 14, 22, 20],
        [Op.TypePointer, 22, StorageClass.StorageBuffer, 21],
        [Op.TypeFunction, 23, 1, 14, 22],
        [Op.TypeImage, 24, 14, 1, 0, 0, 0, 1, 0],
        [Op.TypeSampler, 25],
        [Op.TypeSampledImage, 26, 24],
        [Op.TypePipe, 27, 0],
        [Op.TypeOpaque, 28, 'struct.Foo'],
        [Op.TypeEvent, 29],
        [Op.TypeDeviceEvent, 30],
        [Op.TypeReserveId, 31],
        [Op.TypeQueue, 32],
        [Op.TypePipeStorage, 33],
        [Op.TypeNamedBarrier, 34],
      ),
    ).toEqual([
      '%void = OpTypeVoid',
      '%bool = OpTypeBool',
      '%char = OpTypeInt 8 1',
      '%uchar = OpTypeInt 8 0',
      '%short = OpTypeInt 16 1',
      '%ushort = OpTypeInt 16 0',
      '%int = OpTypeInt 32 1',
      '%uint = OpTypeInt 32 0',
      '%long = OpTypeInt 64 1',
      '%ulong = OpTypeInt 64 0',
      '%i24 = OpTypeInt 24 1',
      '%u24 = OpTypeInt 24 0',
      '%half = OpTypeFloat 16',
      '%float = OpTypeFloat 32',
      '%double = OpTypeFloat 64',
      '%v4float = OpTypeVector %float 4',
      '%mat4v4float = OpTypeMatrix %v4float 4',
      '%uint_4 = OpConstant %uint 4',
      '%_arr_float_uint_4 = OpTypeArray %float %uint_4',
      '%_runtimearr_v4float = OpTypeRuntimeArray %v4float',
      'OpTypeForwardPointer %_ptr_StorageBuffer__struct_21 StorageBuffer',
      '%_struct_21 = OpTypeStruct %float %_ptr_StorageBuffer__struct_21 %_runtimearr_v4float',
      '%_ptr_StorageBuffer__struct_21 = OpTypePointer StorageBuffer %_struct_21',
      '%23 = OpTypeFunction %void %float %_ptr_StorageBuffer__struct_21',
      '%24 = OpTypeImage %float 2D 0 0 0 1 Unknown',
      '%25 = OpTypeSampler',
      '%26 = OpTypeSampledImage %24',
      '%PipeReadOnly = OpTypePipe ReadOnly',
      '%Opaque_struct_Foo = OpTypeOpaque "struct.Foo"',
      '%Event = OpTypeEvent',
      '%DeviceEvent = OpTypeDeviceEvent',
      '%ReserveId = OpTypeReserveId',
      '%Queue = OpTypeQueue',
      '%PipeStorage = OpTypePipeStorage',
      '%NamedBarrier = OpTypeNamedBarrier',
    ]);
  });

  it('names an untyped pointer (SPV_KHR_untyped_pointers) after its storage class alone, as current spirv-dis does', () => {
    // SPIRV-Tools v2026.4's text for the same module; a second one of a class gets the next suffix.
    expect(
      lines(
        8,
        [Op.TypeUntypedPointerKHR, 1, StorageClass.StorageBuffer],
        [Op.TypeUntypedPointerKHR, 2, StorageClass.Workgroup],
        [Op.TypeUntypedPointerKHR, 3, StorageClass.UniformConstant],
        [Op.TypeUntypedPointerKHR, 4, StorageClass.StorageBuffer],
        [Op.TypeInt, 5, 32, 0],
        [Op.TypePointer, 6, StorageClass.StorageBuffer, 5],
        [Op.UntypedVariableKHR, 1, 7, StorageClass.StorageBuffer, 5],
      ),
    ).toEqual([
      '%_ptr_StorageBuffer = OpTypeUntypedPointerKHR StorageBuffer',
      '%_ptr_Workgroup = OpTypeUntypedPointerKHR Workgroup',
      '%_ptr_UniformConstant = OpTypeUntypedPointerKHR UniformConstant',
      '%_ptr_StorageBuffer_0 = OpTypeUntypedPointerKHR StorageBuffer',
      '%uint = OpTypeInt 32 0',
      '%_ptr_StorageBuffer_uint = OpTypePointer StorageBuffer %uint',
      '%7 = OpUntypedVariableKHR %_ptr_StorageBuffer StorageBuffer %uint',
    ]);
  });

  it('writes an id named later by its number', () => {
    expect(lines(31, [Op.TypeInt, 1, 32, 0], [Op.TypePointer, 24, StorageClass.StorageBuffer, 30], [Op.TypeStruct, 30, 1])).toEqual([
      '%uint = OpTypeInt 32 0',
      '%_ptr_StorageBuffer_30 = OpTypePointer StorageBuffer %_struct_30',
      '%_struct_30 = OpTypeStruct %uint',
    ]);
  });
});

describe('constants', () => {
  it('names constants by type and value', () => {
    expect(
      lines(
        24,
        [Op.TypeInt, 1, 32, 0],
        [Op.TypeInt, 2, 32, 1],
        [Op.TypeFloat, 3, 32],
        [Op.TypeFloat, 4, 64],
        [Op.TypeInt, 5, 64, 0],
        [Op.TypeInt, 6, 64, 1],
        [Op.TypeFloat, 7, 16],
        [Op.TypeBool, 8],
        [Op.Constant, 1, 10, 42],
        [Op.Constant, 2, 11, 0xffffffff],
        [Op.Constant, 3, 12, 0xbf000000],
        [Op.Constant, 3, 13, 0x7f800000],
        [Op.Constant, 4, 14, 0x8800759c, 0x54b249ad],
        [Op.Constant, 5, 15, 0xffffffff, 0xffffffff],
        [Op.Constant, 6, 16, 0, 0x80000000],
        [Op.Constant, 7, 17, 0x3c00],
        [Op.ConstantTrue, 8, 18],
        [Op.ConstantFalse, 8, 19],
        [Op.ConstantTrue, 8, 20],
        [Op.Constant, 1, 21, 4],
        [Op.Constant, 1, 22, 4],
        [Op.SpecConstant, 1, 23, 4],
      ),
    ).toEqual([
      '%uint = OpTypeInt 32 0',
      '%int = OpTypeInt 32 1',
      '%float = OpTypeFloat 32',
      '%double = OpTypeFloat 64',
      '%ulong = OpTypeInt 64 0',
      '%long = OpTypeInt 64 1',
      '%half = OpTypeFloat 16',
      '%bool = OpTypeBool',
      '%uint_42 = OpConstant %uint 42',
      '%int_n1 = OpConstant %int -1',
      '%float_n0_5 = OpConstant %float -0.5',
      '%float_0x1p_128 = OpConstant %float 0x1p+128',
      '%double_1_0000003207783673e_100 = OpConstant %double 1.0000003207783673e+100',
      '%ulong_18446744073709551615 = OpConstant %ulong 18446744073709551615',
      '%long_n9223372036854775808 = OpConstant %long -9223372036854775808',
      '%half_0x1p_0 = OpConstant %half 0x1p+0',
      '%true = OpConstantTrue %bool',
      '%false = OpConstantFalse %bool',
      '%true_0 = OpConstantTrue %bool',
      '%uint_4 = OpConstant %uint 4',
      '%uint_4_0 = OpConstant %uint 4',
      '%23 = OpSpecConstant %uint 4', // spec constants are not named
    ]);
  });
});
