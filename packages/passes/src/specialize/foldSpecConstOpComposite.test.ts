import { assemble, disassemble, encodeModule, runPasses } from '@spvkit/core';
import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../index.js';

const HEADER = `
               OpCapability Shader
               OpCapability Int8
               OpCapability Int16
               OpCapability Int64
               OpCapability Float16
               OpCapability Float64
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
      %uchar = OpTypeInt 8 0
      %short = OpTypeInt 16 1
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
       %long = OpTypeInt 64 1
      %ulong = OpTypeInt 64 0
       %half = OpTypeFloat 16
      %float = OpTypeFloat 32
     %double = OpTypeFloat 64
      %v2int = OpTypeVector %int 2
      %v3int = OpTypeVector %int 3
     %v2bool = OpTypeVector %bool 2
      %v3uint = OpTypeVector %uint 3
`;
const FOOTER = `
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd`;

/**
 * `text` with an OpName for every id it defines by name, so the disassembly prints the names the
 * checks use (without OpName it prints friendly names of its own, %int_1 or %12).
 */
function named(text: string): string {
  const names = [...text.matchAll(/%([A-Za-z_]\w*)\s*=/g)].map((m) => m[1]);
  const lines = text.split('\n');
  let at = 0;
  lines.forEach((l, i) => {
    if (/OpExecutionMode|OpEntryPoint/.test(l)) at = i + 1;
  });
  lines.splice(at, 0, ...names.map((n) => `OpName %${n} "${n}"`));
  return lines.join('\n');
}

/**
 * What %r is after folding `body` (declarations then `%r = ...`): the line defining the constant
 * that a use of %r in the function now names, written as defining %r (folding replaces %r by an
 * equal constant declared before it, when there is one).
 */
function folded(body: string): string {
  const type = /%r = \w+ (%\w+)/.exec(body)![1];
  const text = named(`${HEADER}${body}${FOOTER}`.replace('%entry = OpLabel', `%entry = OpLabel\n%use = OpCopyObject ${type} %r`));
  const out = checkPasses(text, ['fold-spec-const-op-composite'], { checks: '; CHECK: %use = ' })
    .text.split('\n')
    .map((l) => l.trim());
  const now = out
    .find((l) => l.startsWith('%use = '))!
    .split(' ')
    .at(-1)!;
  return out.find((l) => l.startsWith(`${now} = `))!.replace(now, '%r');
}

/** %r = OpSpecConstantOp of `op` on 32-bit signed constants `a` and `b` (and `c`), folded. */
function intOp(op: string, ...operands: (number | bigint)[]): string {
  const names = operands.map((_, i) => `%k${i}`);
  const decls = operands.map((v, i) => `%k${i} = OpConstant %int ${v}`).join('\n');
  return folded(`${decls}\n%r = OpSpecConstantOp %int ${op} ${names.join(' ')}`);
}

function compareOp(op: string, a: number, b: number): string {
  return folded(`%a = OpConstant %int ${a}\n%b = OpConstant %int ${b}\n%r = OpSpecConstantOp %bool ${op} %a %b`);
}

describe('fold-spec-const-op-composite: scalar operations', () => {
  it('integer arithmetic wraps at the width, divisions truncate, SMod takes the sign of the divisor', () => {
    expect(intOp('IAdd', 2147483647, 1)).toBe('%r = OpConstant %int -2147483648');
    expect(intOp('ISub', 3, 10)).toBe('%r = OpConstant %int -7');
    expect(intOp('IMul', 65536, 65536)).toBe('%r = OpConstant %int 0');
    expect(intOp('SNegate', -5)).toBe('%r = OpConstant %int 5');
    expect(intOp('Not', 0)).toBe('%r = OpConstant %int -1');
    expect(intOp('UDiv', -1, 2)).toBe('%r = OpConstant %int 2147483647');
    expect(intOp('UMod', -1, 10)).toBe('%r = OpConstant %int 5');
    expect(intOp('SDiv', -7, 2)).toBe('%r = OpConstant %int -3');
    expect(intOp('SRem', -7, 2)).toBe('%r = OpConstant %int -1');
    expect(intOp('SMod', -7, 2)).toBe('%r = OpConstant %int 1');
    expect(intOp('SMod', 7, -2)).toBe('%r = OpConstant %int -1');
    expect(intOp('SMod', -8, 2)).toBe('%r = OpConstant %int 0');
  });

  it('shifts, logical and arithmetic, and bitwise operations', () => {
    expect(intOp('ShiftLeftLogical', 3, 30)).toBe('%r = OpConstant %int -1073741824');
    expect(intOp('ShiftRightLogical', -8, 1)).toBe('%r = OpConstant %int 2147483644');
    expect(intOp('ShiftRightArithmetic', -8, 1)).toBe('%r = OpConstant %int -4');
    expect(intOp('BitwiseOr', 12, 3)).toBe('%r = OpConstant %int 15');
    expect(intOp('BitwiseXor', 12, 10)).toBe('%r = OpConstant %int 6');
    expect(intOp('BitwiseAnd', 12, 10)).toBe('%r = OpConstant %int 8');
  });

  it('comparisons, signed and unsigned', () => {
    expect(compareOp('IEqual', 3, 3)).toBe('%r = OpConstantTrue %bool');
    expect(compareOp('INotEqual', 3, 3)).toBe('%r = OpConstantFalse %bool');
    expect(compareOp('SLessThan', -1, 1)).toBe('%r = OpConstantTrue %bool');
    expect(compareOp('ULessThan', -1, 1)).toBe('%r = OpConstantFalse %bool');
    expect(compareOp('SLessThanEqual', 1, 1)).toBe('%r = OpConstantTrue %bool');
    expect(compareOp('ULessThanEqual', -1, 1)).toBe('%r = OpConstantFalse %bool');
    expect(compareOp('SGreaterThan', -1, 1)).toBe('%r = OpConstantFalse %bool');
    expect(compareOp('UGreaterThan', -1, 1)).toBe('%r = OpConstantTrue %bool');
    expect(compareOp('SGreaterThanEqual', -2, -2)).toBe('%r = OpConstantTrue %bool');
    expect(compareOp('UGreaterThanEqual', 1, -1)).toBe('%r = OpConstantFalse %bool');
  });

  it('logical operations and OpSelect', () => {
    const bools = '%t = OpConstantTrue %bool\n%f = OpConstantFalse %bool\n';
    expect(folded(`${bools}%r = OpSpecConstantOp %bool LogicalOr %t %f`)).toBe('%r = OpConstantTrue %bool');
    expect(folded(`${bools}%r = OpSpecConstantOp %bool LogicalAnd %t %f`)).toBe('%r = OpConstantFalse %bool');
    expect(folded(`${bools}%r = OpSpecConstantOp %bool LogicalNot %f`)).toBe('%r = OpConstantTrue %bool');
    expect(folded(`${bools}%r = OpSpecConstantOp %bool LogicalEqual %f %f`)).toBe('%r = OpConstantTrue %bool');
    expect(folded(`${bools}%r = OpSpecConstantOp %bool LogicalNotEqual %t %f`)).toBe('%r = OpConstantTrue %bool');
    expect(folded(`${bools}%a = OpConstant %int 4\n%b = OpConstant %int 9\n%r = OpSpecConstantOp %int Select %f %a %b`)).toBe('%r = OpConstant %int 9');
  });

  it('conversions: UConvert zero-extends or truncates, SConvert sign-extends, FConvert rounds to nearest even', () => {
    expect(folded('%a = OpConstant %short -2\n%r = OpSpecConstantOp %int SConvert %a')).toBe('%r = OpConstant %int -2');
    expect(folded('%a = OpConstant %int -2\n%r = OpSpecConstantOp %long SConvert %a')).toBe('%r = OpConstant %long -2');
    expect(folded('%a = OpConstant %uint 4294967294\n%r = OpSpecConstantOp %ulong UConvert %a')).toBe('%r = OpConstant %ulong 4294967294');
    expect(folded('%a = OpConstant %uint 511\n%r = OpSpecConstantOp %uchar UConvert %a')).toBe('%r = OpConstant %uchar 255');
    expect(folded('%a = OpConstant %float 1.00048828125\n%r = OpSpecConstantOp %half FConvert %a')).toBe('%r = OpConstant %half 0x1p+0');
    expect(folded('%a = OpConstant %half 0x1.8p+0\n%r = OpSpecConstantOp %double FConvert %a')).toBe('%r = OpConstant %double 1.5');
    expect(folded('%a = OpConstant %float 100000\n%r = OpSpecConstantOp %half FConvert %a')).toBe('%r = OpConstant %half 0x1p+16');
    expect(folded('%a = OpConstant %float 1.00048828125\n%r = OpSpecConstantOp %float QuantizeToF16 %a')).toBe('%r = OpConstant %float 1');
    expect(folded('%a = OpConstant %float 1.0009765625\n%r = OpSpecConstantOp %float QuantizeToF16 %a')).toBe('%r = OpConstant %float 1.00097656');
    // A half subnormal flushes to zero of its sign; too large a value becomes infinity.
    expect(folded('%a = OpConstant %float -1e-6\n%r = OpSpecConstantOp %float QuantizeToF16 %a')).toBe('%r = OpConstant %float -0');
    expect(folded('%a = OpConstant %float 70000\n%r = OpSpecConstantOp %float QuantizeToF16 %a')).toBe('%r = OpConstant %float 0x1p+128');
  });

  it('64-bit and narrow integers keep their width', () => {
    expect(folded('%a = OpConstant %long 9223372036854775807\n%b = OpConstant %long 1\n%r = OpSpecConstantOp %long IAdd %a %b')).toBe(
      '%r = OpConstant %long -9223372036854775808',
    );
    expect(folded('%a = OpConstant %ulong 1\n%b = OpConstant %ulong 40\n%r = OpSpecConstantOp %ulong ShiftLeftLogical %a %b')).toBe(
      '%r = OpConstant %ulong 1099511627776',
    );
    expect(folded('%a = OpConstant %short 32767\n%b = OpConstant %short 1\n%r = OpSpecConstantOp %short IAdd %a %b')).toBe('%r = OpConstant %short -32768');
    expect(folded('%a = OpConstant %uchar 200\n%b = OpConstant %uchar 100\n%r = OpSpecConstantOp %uchar IAdd %a %b')).toBe('%r = OpConstant %uchar 44');
  });

  it('folds an OpConstantNull operand as zero', () => {
    expect(folded('%a = OpConstantNull %int\n%b = OpConstant %int 5\n%r = OpSpecConstantOp %int ISub %a %b')).toBe('%r = OpConstant %int -5');
  });

  it('leaves what the specification leaves undefined for the driver, as it was', () => {
    for (const [op, a, b] of [
      ['UDiv', 1, 0],
      ['SDiv', 1, 0],
      ['SDiv', -2147483648, -1],
      ['SRem', -2147483648, -1],
      ['SMod', 5, 0],
      ['UMod', 5, 0],
      ['ShiftLeftLogical', 1, 32],
      ['ShiftRightLogical', 1, -1],
    ] as const) {
      expect(intOp(op, a, b)).toBe(`%r = OpSpecConstantOp %int ${op} %k0 %k1`);
    }
  });
});

describe('fold-spec-const-op-composite: vectors and composites', () => {
  it('folds vector operations component by component, reusing constants declared before', () => {
    checkPasses(
      named(`${HEADER}
      %int_1 = OpConstant %int 1
      %int_2 = OpConstant %int 2
      %a = OpConstantComposite %v2int %int_1 %int_2
      %r = OpSpecConstantOp %v2int IMul %a %a
      ${FOOTER}`),
      ['fold-spec-const-op-composite'],
      {
        checks: `
          ; CHECK: %int_1 = OpConstant %int 1
          ; CHECK: %int_2 = OpConstant %int 2
          ; CHECK: %a = OpConstantComposite %v2int %int_1 %int_2
          ; 1*1 is the %int_1 above; 2*2 is new, declared before its use.
          ; CHECK-NEXT: %int_4 = OpConstant %int 4
          ; CHECK-NEXT: %r = OpConstantComposite %v2int %int_1 %int_4
        `,
      },
    );
  });

  it('selects component by component with a vector condition, whole objects with a scalar one', () => {
    const decls = `%t = OpConstantTrue %bool
      %f = OpConstantFalse %bool
      %c = OpConstantComposite %v2bool %t %f
      %int_1 = OpConstant %int 1
      %int_2 = OpConstant %int 2
      %a = OpConstantComposite %v2int %int_1 %int_1
      %b = OpConstantComposite %v2int %int_2 %int_2`;
    expect(folded(`${decls}\n%r = OpSpecConstantOp %v2int Select %c %a %b`)).toBe('%r = OpConstantComposite %v2int %int_1 %int_2');
    expect(folded(`${decls}\n%r = OpSpecConstantOp %v2int Select %f %a %b`)).toBe('%r = OpConstantComposite %v2int %int_2 %int_2');
  });

  it('folds CompositeExtract, CompositeInsert and VectorShuffle, OpConstantNull composites included', () => {
    const decls = `%int_1 = OpConstant %int 1
      %int_2 = OpConstant %int 2
      %int_3 = OpConstant %int 3
      %v = OpConstantComposite %v3int %int_1 %int_2 %int_3
      %n = OpConstantNull %v2int
      %arr = OpTypeArray %v3int %int_2
      %nested = OpConstantComposite %arr %v %v`;
    expect(folded(`${decls}\n%r = OpSpecConstantOp %int CompositeExtract %v 2`)).toBe('%r = OpConstant %int 3');
    expect(folded(`${decls}\n%r = OpSpecConstantOp %int CompositeExtract %nested 1 1`)).toBe('%r = OpConstant %int 2');
    expect(folded(`${decls}\n%r = OpSpecConstantOp %int CompositeExtract %n 1`)).toBe('%r = OpConstant %int 0');
    expect(folded(`${decls}\n%r = OpSpecConstantOp %v3int CompositeInsert %int_3 %v 0`)).toBe('%r = OpConstantComposite %v3int %int_3 %int_2 %int_3');
    expect(folded(`${decls}\n%r = OpSpecConstantOp %v3int VectorShuffle %v %n 4 0 1`)).toBe('%r = OpConstantComposite %v3int %int_0 %int_1 %int_2');
    // An undefined component (0xFFFFFFFF) is not a constant.
    expect(folded(`${decls}\n%r = OpSpecConstantOp %v3int VectorShuffle %v %v 0 0xFFFFFFFF 1`)).toBe(
      '%r = OpSpecConstantOp %v3int VectorShuffle %v %v 0 4294967295 1',
    );
  });

  it('turns OpSpecConstantComposite over constants into OpConstantComposite, and chains folds in order', () => {
    checkPasses(
      named(`${HEADER}
      OpDecorate %spec SpecId 0
      %int_1 = OpConstant %int 1
      %spec = OpSpecConstant %int 5
      %sum = OpSpecConstantOp %int IAdd %int_1 %int_1
      %vec = OpSpecConstantComposite %v2int %sum %int_1
      %r = OpSpecConstantOp %int CompositeExtract %vec 0
      %partial = OpSpecConstantOp %int IAdd %spec %r
      ${FOOTER}`),
      ['fold-spec-const-op-composite'],
      {
        checks: `
          ; The folded constants keep their ids and names where no equal one was declared before.
          ; CHECK: %sum = OpConstant %int 2
          ; CHECK-NEXT: %vec = OpConstantComposite %v2int %sum %int_1
          ; %r is 2 too: its uses move to %sum, and it goes with its name.
          ; CHECK-NOT: %r =
          ; A spec constant operand keeps its expression a spec constant.
          ; CHECK-NEXT: %partial = OpSpecConstantOp %int IAdd %spec %sum
        `,
      },
    );
  });

  it('moves every use of a folded value equal to an earlier constant to that constant, in functions and execution modes too', () => {
    checkPasses(
      named(`
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionModeId %main LocalSizeId %four %uint_1 %uint_1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %uint_1 = OpConstant %uint 1
     %uint_4 = OpConstant %uint 4
        %two = OpSpecConstantOp %uint IAdd %uint_1 %uint_1
       %four = OpSpecConstantOp %uint IMul %two %two
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %sum = OpIAdd %uint %four %two
               OpReturn
               OpFunctionEnd`),
      ['fold-spec-const-op-composite'],
      {
        targetEnv: 'vulkan1.3',
        checks: `
          ; CHECK-NOT: OpName %four
          ; CHECK: OpExecutionMode %main LocalSize 4 1 1
          ; CHECK: %two = OpConstant %uint 2
          ; CHECK-NOT: %four
          ; CHECK: %sum = OpIAdd %uint %uint_4 %two
        `,
      },
    );
  });

  it('does not fold over an OpUndef', () => {
    expect(folded('%u = OpUndef %int\n%one = OpConstant %int 1\n%r = OpSpecConstantOp %int IAdd %u %one')).toBe('%r = OpSpecConstantOp %int IAdd %u %one');
  });
});

describe('fold-spec-const-op-composite: workgroup sizes', () => {
  const WORKGROUP_SIZE = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpDecorate %x SpecId 0
               OpDecorate %size BuiltIn WorkgroupSize
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %v3uint = OpTypeVector %uint 3
     %uint_2 = OpConstant %uint 2
          %x = OpSpecConstant %uint 8
        %x2 = OpSpecConstantOp %uint IMul %x %uint_2
       %size = OpSpecConstantComposite %v3uint %x2 %uint_2 %uint_2
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd`;

  it('sets LocalSize to a WorkgroupSize composite that became constant, and keeps the composite', () => {
    checkPasses(named(WORKGROUP_SIZE), ['set-spec-const-default-value=0:32', 'freeze-spec-const', 'fold-spec-const-op-composite'], {
      checks: `
        ; CHECK: OpExecutionMode %main LocalSize 64 2 2
        ; CHECK: OpDecorate %size BuiltIn WorkgroupSize
        ; CHECK: %x2 = OpConstant %uint 64
        ; CHECK-NEXT: %size = OpConstantComposite %v3uint %x2 %uint_2 %uint_2
      `,
    });
  });

  it('declares LocalSize where only a WorkgroupSize composite gave the size, and replaces a LocalSizeId it overrides', () => {
    const fixed = WORKGROUP_SIZE.replace('OpExecutionMode %main LocalSize 1 1 1', '');
    checkPasses(named(fixed), ['freeze-spec-const', 'fold-spec-const-op-composite'], { checks: '; CHECK: OpExecutionMode %main LocalSize 16 2 2' });
    const both = fixed.replace(
      'OpEntryPoint GLCompute %main "main"',
      'OpEntryPoint GLCompute %main "main"\nOpExecutionModeId %main LocalSizeId %uint_2 %uint_2 %uint_2',
    );
    checkPasses(named(both), ['freeze-spec-const', 'fold-spec-const-op-composite'], {
      targetEnv: 'vulkan1.3',
      checks: `
        ; CHECK-NOT: LocalSizeId
        ; CHECK: OpExecutionMode %main LocalSize 16 2 2
      `,
    });
  });

  it('leaves a WorkgroupSize that is still specializable alone', () => {
    const module = assemble(WORKGROUP_SIZE);
    const before = encodeModule(module);
    expect(runPasses(module, ['fold-spec-const-op-composite']).changed).toBe(false);
    expect(encodeModule(module)).toEqual(before);
  });

  const LOCAL_SIZE_ID = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionModeId %main LocalSizeId %x %y %uint_1
               OpDecorate %x SpecId 0
               OpDecorate %y SpecId 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %uint_1 = OpConstant %uint 1
          %x = OpSpecConstant %uint 8
          %y = OpSpecConstant %uint 4
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd`;

  it('turns a LocalSizeId whose operands became constants into LocalSize', () => {
    checkPasses(named(LOCAL_SIZE_ID), ['set-spec-const-default-value=1:3', 'freeze-spec-const', 'fold-spec-const-op-composite'], {
      targetEnv: 'vulkan1.3',
      checks: `
        ; CHECK-NOT: LocalSizeId
        ; CHECK: OpExecutionMode %main LocalSize 8 3 1
      `,
    });
  });

  it('leaves a LocalSizeId over spec constants alone', () => {
    const module = assemble(LOCAL_SIZE_ID, { targetEnv: 'vulkan1.3' });
    const before = encodeModule(module);
    expect(runPasses(module, ['fold-spec-const-op-composite']).changed).toBe(false);
    expect(encodeModule(module)).toEqual(before);
  });
});

describe('fold-spec-const-op-composite: the pass contract', () => {
  const SHADER = `${HEADER}
      OpDecorate %s SpecId 3
      %int_1 = OpConstant %int 1
      %s = OpSpecConstant %int 5
      %r = OpSpecConstantOp %int IAdd %s %int_1
      %v = OpSpecConstantComposite %v2int %r %int_1
      %w = OpSpecConstantOp %v2int IAdd %v %v
      ${FOOTER}`;

  it('gives the same module run twice as once', () => {
    const module = assemble(named(SHADER));
    expect(runPasses(module, ['freeze-spec-const', 'fold-spec-const-op-composite']).changed).toBe(true);
    const once = encodeModule(module);
    expect(disassemble(module, { header: false })).toContain('%w = OpConstantComposite %v2int %int_12 %int_2');
    expect(runPasses(module, ['fold-spec-const-op-composite']).changed).toBe(false);
    expect(encodeModule(module)).toEqual(once);
  });

  it('leaves a module with nothing to fold byte-identical, and reports no change', () => {
    const module = assemble(SHADER);
    const before = encodeModule(module);
    expect(runPasses(module, ['fold-spec-const-op-composite'])).toMatchObject({ ok: true, changed: false });
    expect(encodeModule(module)).toEqual(before);
  });
});
