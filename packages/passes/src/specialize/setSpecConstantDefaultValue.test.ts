import { assemble, decodeLiteralString, encodeModule, Op, passRegistry, runPasses, SpirvError, type Instruction, type Module, type Pass } from '@spvkit/core';
import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../index.js';
import { setSpecConstantDefaults, setSpecConstantDefaultValue } from './index.js';

/** A compute shader with a spec constant of every scalar type spirv-opt's pass handles, SpecIds 0 to 12. */
const SHADER = `
               OpCapability Shader
               OpCapability Int8
               OpCapability Int16
               OpCapability Int64
               OpCapability Float16
               OpCapability Float64
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpName %u8 "u8"
               OpName %i8 "i8"
               OpName %u16 "u16"
               OpName %i16 "i16"
               OpName %u32 "u32"
               OpName %i32 "i32"
               OpName %u64 "u64"
               OpName %i64 "i64"
               OpName %f16 "f16"
               OpName %f32 "f32"
               OpName %f64 "f64"
               OpName %t "t"
               OpName %f "f"
               OpDecorate %u8 SpecId 0
               OpDecorate %i8 SpecId 1
               OpDecorate %u16 SpecId 2
               OpDecorate %i16 SpecId 3
               OpDecorate %u32 SpecId 4
               OpDecorate %i32 SpecId 5
               OpDecorate %u64 SpecId 6
               OpDecorate %i64 SpecId 7
               OpDecorate %f16 SpecId 8
               OpDecorate %f32 SpecId 9
               OpDecorate %f64 SpecId 10
               OpDecorate %t SpecId 11
               OpDecorate %f SpecId 12
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
      %uchar = OpTypeInt 8 0
       %char = OpTypeInt 8 1
     %ushort = OpTypeInt 16 0
      %short = OpTypeInt 16 1
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
      %ulong = OpTypeInt 64 0
       %long = OpTypeInt 64 1
       %half = OpTypeFloat 16
      %float = OpTypeFloat 32
     %double = OpTypeFloat 64
         %u8 = OpSpecConstant %uchar 1
         %i8 = OpSpecConstant %char 1
        %u16 = OpSpecConstant %ushort 1
        %i16 = OpSpecConstant %short 1
        %u32 = OpSpecConstant %uint 1
        %i32 = OpSpecConstant %int 1
        %u64 = OpSpecConstant %ulong 1
        %i64 = OpSpecConstant %long 1
        %f16 = OpSpecConstant %half 1
        %f32 = OpSpecConstant %float 1
        %f64 = OpSpecConstant %double 1
          %t = OpSpecConstantTrue %bool
          %f = OpSpecConstantFalse %bool
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd`;

/** The global named `name` by OpName. */
function named(module: Module, name: string): Instruction {
  const id = module.debugNames.find((n) => n.opcode === Op.Name && decodeLiteralString(n.operands, 1, n.operandCount).value === name)!.word(0);
  return module.globals.find((i) => i.resultId === id)!;
}

function sameWords(a: Uint32Array, b: Uint32Array): boolean {
  return a.length === b.length && a.every((w, i) => w === b[i]);
}

/** The SpirvError a pass run stopped with, as runPasses reports it. */
function refusal(passes: (Pass | string)[], text = SHADER): { message: string; hint?: string; bytesKept: boolean } {
  const module = assemble(text, { preserveNumericIds: true });
  const before = encodeModule(module);
  const result = runPasses(module, passes);
  expect(result.ok).toBe(false);
  const d = result.diagnostics[0];
  expect(d.code).toBe('BAD_OPTION');
  return {
    message: d.message,
    ...(d.hint === undefined ? {} : { hint: d.hint }),
    bytesKept: sameWords(encodeModule(module), before),
  };
}

describe('set-spec-const-default-value', () => {
  it('sets integers of 8 to 64 bits, floats of 16 to 64 bits and bools, in spirv-opt syntax', () => {
    checkPasses(
      SHADER,
      [
        'set-spec-const-default-value=0:255 1:-128 2:0xffff 3:0x8000 4:4294967295 5:-7 6:18446744073709551615 7:-9223372036854775808 8:1.5 9:0x1.8p3 10:-0.25 11:false 12:true',
      ],
      {
        checks: `
          ; The SpecIds stay: the constants are still specializable.
          ; CHECK: OpDecorate %u8 SpecId 0
          ; CHECK: %u8 = OpSpecConstant %uchar 255
          ; CHECK-NEXT: %i8 = OpSpecConstant %char -128
          ; CHECK-NEXT: %u16 = OpSpecConstant %ushort 65535
          ; CHECK-NEXT: %i16 = OpSpecConstant %short -32768
          ; CHECK-NEXT: %u32 = OpSpecConstant %uint 4294967295
          ; CHECK-NEXT: %i32 = OpSpecConstant %int -7
          ; CHECK-NEXT: %u64 = OpSpecConstant %ulong 18446744073709551615
          ; CHECK-NEXT: %i64 = OpSpecConstant %long -9223372036854775808
          ; CHECK-NEXT: %f16 = OpSpecConstant %half 0x1.8p+0
          ; CHECK-NEXT: %f32 = OpSpecConstant %float 12
          ; CHECK-NEXT: %f64 = OpSpecConstant %double -0.25
          ; CHECK-NEXT: %t = OpSpecConstantFalse %bool
          ; CHECK-NEXT: %f = OpSpecConstantTrue %bool
        `,
      },
    );
  });

  it('writes a signed narrow integer sign-extended, an unsigned one zero-extended', () => {
    const module = assemble(SHADER, { preserveNumericIds: true });
    runPasses(module, ['set-spec-const-default-value=0:0xfe 1:0xfe 3:-2']);
    const literal = (name: string): number[] => Array.from(named(module, name).operands);
    expect(literal('u8')).toEqual([0xfe]);
    expect(literal('i8')).toEqual([0xfffffffe]);
    expect(literal('i16')).toEqual([0xfffffffe]);
  });

  it('takes typed values from code (setSpecConstantDefaults), bigints and booleans included', () => {
    checkPasses(SHADER, [setSpecConstantDefaults({ 1: -3, 6: 2n ** 64n - 1n, 9: 0.5, 8: -2, 11: false, 4: '0x10' })], {
      checks: `
        ; CHECK: %i8 = OpSpecConstant %char -3
        ; CHECK: %u32 = OpSpecConstant %uint 16
        ; CHECK: %u64 = OpSpecConstant %ulong 18446744073709551615
        ; CHECK: %f16 = OpSpecConstant %half -0x1p+1
        ; CHECK: %f32 = OpSpecConstant %float 0.5
        ; CHECK: %t = OpSpecConstantFalse %bool
      `,
    });
  });

  it('leaves a module whose values are already these byte-identical, and reports no change', () => {
    const module = assemble(SHADER, { preserveNumericIds: true });
    const before = encodeModule(module);
    const result = runPasses(module, ['set-spec-const-default-value=0:1 5:1 10:1.0 11:true 12:false']);
    expect(result).toMatchObject({ ok: true, changed: false });
    expect(encodeModule(module)).toEqual(before);
    expect(runPasses(module, [setSpecConstantDefaults({})]).changed).toBe(false);
    expect(runPasses(module, ['set-spec-const-default-value=']).changed).toBe(false);
  });

  it('gives the same module run twice as once', () => {
    const module = assemble(SHADER, { preserveNumericIds: true });
    const spec = 'set-spec-const-default-value=2:7 9:2.5 11:false';
    expect(runPasses(module, [spec]).changed).toBe(true);
    const once = encodeModule(module);
    expect(runPasses(module, [spec]).changed).toBe(false);
    expect(encodeModule(module)).toEqual(once);
  });

  it('by name (the registered pass, spvkit opt), warns of a SpecId the module lacks, naming the ones it has, and sets the others', () => {
    const module = assemble(SHADER, { preserveNumericIds: true });
    const result = runPasses(module, ['set-spec-const-default-value=4:9 40:1 41:2']);
    expect(result).toMatchObject({ ok: true, changed: true });
    expect(result.diagnostics).toHaveLength(1);
    const d = result.diagnostics[0];
    expect(d.severity).toBe('warning');
    expect(d.message).toBe('set-spec-const-default-value: no specialization constant has SpecId 40, 41 (ignored, as spirv-opt does)');
    expect(d.hint).toBe("the module's SpecIds: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12");
    expect(module.globals.find((i) => i.resultId === 6)?.operands[0]).toBe(9);
    // Only unknown SpecIds: nothing changes, the warning still comes.
    const none = assemble(SHADER.replace(/OpDecorate %\w+ SpecId \d+/g, ''), { preserveNumericIds: true });
    const before = encodeModule(none);
    const r = runPasses(none, ['set-spec-const-default-value=0:1']);
    expect(r).toMatchObject({ ok: true, changed: false });
    expect(r.diagnostics.map((x) => [x.severity, x.hint])).toEqual([['warning', 'the module has no specialization constants with a SpecId']]);
    expect(sameWords(encodeModule(none), before)).toBe(true);
  });

  it("refuses a SpecId the module lacks with unknownSpecIds: 'error' (setSpecConstantDefaults' default), before changing anything", () => {
    const r = refusal([setSpecConstantDefaults({ 4: 9, 40: 1, 41: 2 })]);
    expect(r.message).toBe('set-spec-const-default-value: no specialization constant has SpecId 40, 41');
    expect(r.hint).toBe("the module's SpecIds: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12");
    expect(r.bytesKept).toBe(true);
    const none = refusal([setSpecConstantDefaultValue('0:1', { unknownSpecIds: 'error' })], SHADER.replace(/OpDecorate %\w+ SpecId \d+/g, ''));
    expect(none.hint).toBe('the module has no specialization constants with a SpecId');
  });

  it('ignores unknown SpecIds when asked to, as spirv-opt does', () => {
    checkPasses(SHADER, [setSpecConstantDefaults({ 4: 3, 99: 1 }, { unknownSpecIds: 'ignore' })], { checks: '; CHECK: %u32 = OpSpecConstant %uint 3' });
    const module = assemble(SHADER, { preserveNumericIds: true });
    expect(runPasses(module, [setSpecConstantDefaultValue('4:3 99:1', { unknownSpecIds: 'ignore' })]).diagnostics).toEqual([]);
  });

  it('refuses a value its type cannot hold, naming the SpecId, the constant and the type', () => {
    expect(refusal(['set-spec-const-default-value=4:9 0:256']).message).toBe(
      "set-spec-const-default-value: SpecId 0 (%2, a 8-bit unsigned integer): '256' does not fit in a 8-bit unsigned integer (0 to 255)",
    );
    expect(refusal(['set-spec-const-default-value=4:-1']).message).toContain("SpecId 4 (%6, a 32-bit unsigned integer): '-1' is negative");
    expect(refusal(['set-spec-const-default-value=11:1']).message).toBe(
      "set-spec-const-default-value: SpecId 11 (%13, a bool): '1' is not a value for a bool (true or false)",
    );
    expect(refusal(['set-spec-const-default-value=8:1e6']).message).toBe(
      "set-spec-const-default-value: SpecId 8 (%10, a 16-bit float): '1e6' is out of range for a 16-bit float",
    );
    expect(refusal(['set-spec-const-default-value=9:abc']).message).toContain("'abc' is not a number (decimal or hex float) for a 32-bit float");
    expect(refusal([setSpecConstantDefaults({ 5: 2 ** 31 })]).message).toContain('2147483648 does not fit in a 32-bit signed integer');
    expect(refusal(['set-spec-const-default-value=0:256']).bytesKept).toBe(true);
  });

  it('refuses a spec constant of a type it cannot give a value to', () => {
    // Not valid SPIR-V (the assembler refuses to write it), but a decoded binary can say it.
    const module = assemble(SHADER.replace('%double = OpTypeFloat 64', '%double = OpTypeFloat 64\n%v2uint = OpTypeVector %uint 2'), {
      preserveNumericIds: true,
    });
    const f64 = named(module, 'f64');
    module.setTypeId(f64, module.globals.find((i) => i.opcode === Op.TypeVector)!.resultId);
    const result = runPasses(module, ['set-spec-const-default-value=10:1']);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      `set-spec-const-default-value: SpecId 10 (%${f64.resultId}) is not a bool, integer or 16/32/64-bit float spec constant`,
    ]);
  });

  it('is registered with a required argument, whose syntax errors come from creating it', () => {
    expect(passRegistry.list().find((p) => p.name === 'set-spec-const-default-value')?.argument).toEqual({
      required: true,
      syntax: '<spec id>:<default value> ...',
    });
    expect(() => passRegistry.create('set-spec-const-default-value')).toThrow("pass 'set-spec-const-default-value' needs an argument");
    expect(() => passRegistry.create('set-spec-const-default-value=0 1')).toThrow(SpirvError);
    expect(() => setSpecConstantDefaults({ ['-1' as unknown as number]: 1 })).toThrow(
      "set-spec-const-default-value: '-1' is not a spec id (an unsigned 32-bit integer)",
    );
  });
});
