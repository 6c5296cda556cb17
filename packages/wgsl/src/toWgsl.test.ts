import { SpirvError, assemble, encodeModule } from '@spvkit/core';
import { describe, expect, it } from 'vitest';
import { toWgsl } from './toWgsl.js';

/**
 * A compute shader with a storage buffer `buf` (uint[]) at set 0 binding 0 and gl_GlobalInvocationID
 * loaded as %x: `globals` adds declarations, `body` the entry block after %x (ending the function
 * is up to it, so control-flow shapes can add blocks).
 */
function compute(body: string, globals = '', annotations = ''): string {
  // Debug names go before the decorations, as the logical layout wants.
  const lines = annotations.split('\n');
  const names = lines.filter((l) => /^Op(Member)?Name /.test(l)).join('\n');
  const decorations = lines.filter((l) => !/^Op(Member)?Name /.test(l)).join('\n');
  return `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid %buf
OpExecutionMode %main LocalSize 64 1 1
OpName %main "main"
OpName %buf "buf"
OpName %Buf "Buf"
${names}
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %rt ArrayStride 4
OpMemberDecorate %Buf 0 Offset 0
OpDecorate %Buf Block
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 0
${decorations}
%void = OpTypeVoid
%fnty = OpTypeFunction %void
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%bool = OpTypeBool
%float = OpTypeFloat 32
%v3uint = OpTypeVector %uint 3
%ptr_in_v3 = OpTypePointer Input %v3uint
%gid = OpVariable %ptr_in_v3 Input
%rt = OpTypeRuntimeArray %uint
%Buf = OpTypeStruct %rt
%ptr_sb_Buf = OpTypePointer StorageBuffer %Buf
%buf = OpVariable %ptr_sb_Buf StorageBuffer
%ptr_sb_uint = OpTypePointer StorageBuffer %uint
%u0 = OpConstant %uint 0
%u1 = OpConstant %uint 1
%u2 = OpConstant %uint 2
%u10 = OpConstant %uint 10
%i0 = OpConstant %int 0
%i1 = OpConstant %int 1
${globals}
%main = OpFunction %void None %fnty
%entry = OpLabel
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
${body}
OpFunctionEnd
`;
}

/** `code` without indentation, for matching fragments line by line. */
function flat(code: string): string {
  return code
    .split('\n')
    .map((l) => l.trim())
    .join('\n');
}

function refusal(text: string): SpirvError {
  try {
    toWgsl(assemble(text));
  } catch (e) {
    if (e instanceof SpirvError) return e;
    throw e;
  }
  throw new Error('expected a refusal, got a translation');
}

describe('toWgsl: module shape', () => {
  it('translates a compute shader with a storage buffer and a builtin', () => {
    const result = toWgsl(
      assemble(
        compute(`
%p = OpAccessChain %ptr_sb_uint %buf %i0 %x
OpStore %p %x
OpReturn`),
      ),
    );
    const code = flat(result.code);
    expect(code).toContain('struct Buf {\nm0: array<u32>,\n}');
    expect(code).toContain('@group(0) @binding(0) var<storage, read_write> buf: Buf;');
    expect(code).toMatch(/var<private> g\d+: vec3<u32>;/);
    expect(code).toContain('buf.m0[x');
    expect(code).toMatch(/@compute @workgroup_size\(64, 1, 1\)\nfn main\(@builtin\(global_invocation_id\) \w+_in: vec3<u32>\) \{/);
    expect(result.entryPoints).toEqual([{ name: 'main', wgslName: 'main', stage: 'compute', workgroupSize: [64, 1, 1] }]);
    expect(result.bindings).toEqual([{ group: 0, binding: 0, name: 'buf', kind: 'storage', size: 0 }]);
    expect(result.requiredFeatures).toEqual([]);
  });

  it('marks a buffer nothing writes as read-only storage', () => {
    const result = toWgsl(
      assemble(
        compute(`
%p = OpAccessChain %ptr_sb_uint %buf %i0 %x
%v = OpLoad %uint %p
OpReturn`),
      ),
    );
    expect(result.code).toContain('var<storage, read> buf: Buf;');
    expect(result.bindings[0].kind).toBe('read-only-storage');
  });

  it('turns spec constants into overrides with @id and uses them in the workgroup size', () => {
    const text = compute(
      'OpReturn',
      '%sx = OpSpecConstant %uint 8\n%wg = OpSpecConstantComposite %v3uint %sx %u1 %u1',
      'OpDecorate %sx SpecId 3\nOpDecorate %wg BuiltIn WorkgroupSize\nOpName %sx "SIZE_X"',
    );
    const result = toWgsl(assemble(text));
    expect(result.code).toContain('@id(3) override SIZE_X: u32 = 8u;');
    expect(result.code).toContain('@workgroup_size(SIZE_X, 1u, 1u)');
    expect(result.overrides).toEqual([{ id: 3, name: 'SIZE_X', type: 'u32', default: 8 }]);
    expect(result.entryPoints[0].workgroupSize).toBeUndefined();
  });

  it('computes spec-constant operations in function bodies from private copies, as SPIR-V wraps where WGSL pipeline creation would fail', () => {
    // K * 2 + 1 overflows for K = 2^31 - 1: SPIR-V wraps, an override-expression fails the pipeline.
    const text = compute(
      `%p = OpAccessChain %ptr_sb_uint %buf %i0 %x
%kc = OpBitcast %uint %k21
OpStore %p %kc
OpReturn`,
      `%i2 = OpConstant %int 2
%k = OpSpecConstant %int 3
%k2 = OpSpecConstantOp %int IMul %k %i2
%k21 = OpSpecConstantOp %int IAdd %k2 %i1
%sx = OpSpecConstant %uint 8
%wg = OpSpecConstantComposite %v3uint %sx %u1 %u1`,
      'OpDecorate %k SpecId 2\nOpDecorate %sx SpecId 0\nOpDecorate %wg BuiltIn WorkgroupSize\nOpName %k "K"',
    );
    const code = toWgsl(assemble(text)).code;
    expect(code).toContain('var<private> K_value: i32 = K;');
    expect(code).toMatch(/\(\(K_value \* 2i\) \+ 1i\)/);
    expect(code).not.toMatch(/\(K \*/);
    // Where WGSL wants an override-expression, the override itself.
    expect(code).toContain('@workgroup_size(spec0, 1u, 1u)');
  });

  it('puts push constants in a uniform buffer after the highest descriptor set, or where asked', () => {
    const text = compute(
      `
%pp = OpAccessChain %ptr_pc_uint %pc %i0
%pv = OpLoad %uint %pp
%p = OpAccessChain %ptr_sb_uint %buf %i0 %x
OpStore %p %pv
OpReturn`,
      '%PC = OpTypeStruct %uint\n%ptr_pc_PC = OpTypePointer PushConstant %PC\n%pc = OpVariable %ptr_pc_PC PushConstant\n%ptr_pc_uint = OpTypePointer PushConstant %uint',
      'OpDecorate %PC Block\nOpMemberDecorate %PC 0 Offset 0\nOpName %pc "params"\nOpName %PC "PC"',
    );
    const result = toWgsl(assemble(text));
    expect(result.code).toContain('@group(1) @binding(0) var<uniform> params: PC;');
    expect(result.bindings).toContainEqual({ group: 1, binding: 0, name: 'params', kind: 'push-constant', size: 4 });
    const moved = toWgsl(assemble(text), { pushConstants: { group: 3, binding: 7 } });
    expect(moved.code).toContain('@group(3) @binding(7) var<uniform> params: PC;');
  });

  it('reproduces member offsets with @size and aligns structs in uniform buffers to 16', () => {
    const text = compute(
      `
%up = OpAccessChain %ptr_u_float %ubo %i1
%uv = OpLoad %float %up
%ui = OpConvertFToU %uint %uv
%p = OpAccessChain %ptr_sb_uint %buf %i0 %x
OpStore %p %ui
OpReturn`,
      '%In = OpTypeStruct %float\n%U = OpTypeStruct %float %float %In\n%ptr_u_U = OpTypePointer Uniform %U\n%ubo = OpVariable %ptr_u_U Uniform\n%ptr_u_float = OpTypePointer Uniform %float',
      'OpName %U "U"\nOpDecorate %U Block\nOpMemberDecorate %U 0 Offset 0\nOpMemberDecorate %U 1 Offset 8\nOpMemberDecorate %U 2 Offset 16\nOpMemberDecorate %In 0 Offset 0\nOpName %In "In"\nOpDecorate %ubo DescriptorSet 0\nOpDecorate %ubo Binding 1',
    );
    const code = flat(toWgsl(assemble(text)).code);
    expect(code).toContain('struct U {\n@size(8) m0: f32,\n@size(8) m1: f32,\n@align(16) m2: In,\n}');
  });

  it('translates atomics on buffer memory to atomic<u32> and atomic builtins', () => {
    const text = compute(`
%p = OpAccessChain %ptr_sb_uint %buf %i0 %u0
%old = OpAtomicIAdd %uint %p %u1 %u0 %x
%q = OpAccessChain %ptr_sb_uint %buf %i0 %u1
%v = OpLoad %uint %q
OpReturn`);
    const code = toWgsl(assemble(text)).code;
    expect(code).toContain('m0: array<atomic<u32>>,');
    expect(code).toContain('atomicAdd(&buf.m0[0u], x');
    expect(code).toMatch(/let \w+ = atomicLoad\(&buf\.m0\[1u\]\);/);
  });
});

describe('toWgsl: operator semantics', () => {
  it('bitcasts operands whose signedness differs from what the instruction reads', () => {
    const code = toWgsl(
      assemble(
        compute(`
%q = OpSDiv %uint %x %u2
%s = OpShiftRightArithmetic %uint %x %i1
%c = OpSLessThan %bool %x %u10
%r = OpSMod %int %i1 %i1
%p = OpAccessChain %ptr_sb_uint %buf %i0 %x
OpStore %p %q
OpReturn`),
      ),
    ).code;
    expect(code).toMatch(/bitcast<u32>\(\(bitcast<i32>\(x\w*\) \/ bitcast<i32>\(2u\)\)\)/);
    expect(code).toMatch(/bitcast<u32>\(\(bitcast<i32>\(x\w*\) >> bitcast<u32>\(1i\)\)\)/);
    expect(code).toMatch(/\(bitcast<i32>\(x\w*\) < bitcast<i32>\(10u\)\)/);
    // SMod takes the divisor's sign: the truncated remainder is corrected.
    expect(code).toContain('select((1i % 1i), (1i % 1i) + 1i,');
  });
});

describe('toWgsl: instructions WGSL has no builtin for', () => {
  it('writes OpUMulExtended and OpSMulExtended as the struct of the wrapping product and a high-word helper, declared once', () => {
    const code = toWgsl(
      assemble(
        compute(
          `
%y = OpIAdd %uint %x %u10
%wide = OpUMulExtended %WideU %x %y
%again = OpUMulExtended %WideU %y %y
%sx = OpBitcast %int %x
%swide = OpSMulExtended %WideS %sx %i1
%hi = OpCompositeExtract %uint %wide 1
%hi2 = OpCompositeExtract %uint %again 1
%shi = OpCompositeExtract %int %swide 1
%shiu = OpBitcast %uint %shi
%sum = OpIAdd %uint %hi %hi2
%sum2 = OpIAdd %uint %sum %shiu
%p = OpAccessChain %ptr_sb_uint %buf %i0 %x
OpStore %p %sum2
OpReturn`,
          `%WideU = OpTypeStruct %uint %uint
%WideS = OpTypeStruct %int %int`,
        ),
      ),
    ).code;
    expect(code).toMatch(/let (\w+) = (\w+)\(\((\w+) \* (\w+)\), mulHigh\(\3, \4\)\);/);
    expect(code).toMatch(/= \w+\(\((\w+) \* \1\), mulHigh\(\1, \1\)\);/);
    expect(code).toMatch(
      /= \w+\(bitcast<i32>\(\(bitcast<u32>\((\w+)\) \* bitcast<u32>\(1i\)\)\), bitcast<i32>\(mulHighSigned\(bitcast<u32>\(\1\), bitcast<u32>\(1i\)\)\)\);/,
    );
    // One declaration each, the signed one built on the unsigned one.
    expect(code.match(/fn mulHigh\(/g)).toHaveLength(1);
    expect(code.match(/fn mulHighSigned\(/g)).toHaveLength(1);
    expect(code).toContain('return mulHigh(a, b) - select(zero, b, bitcast<i32>(a) < i32(0i)) - select(zero, a, bitcast<i32>(b) < i32(0i));');
  });
  it('writes scalar Reflect and FaceForward as GLSL defines them, scalar Refract and MatrixInverse as helpers', () => {
    const text = compute(
      `
%f = OpConvertUToF %float %x
%r = OpExtInst %float %std Reflect %f %f1
%ff = OpExtInst %float %std FaceForward %f1 %f %r
%rr = OpExtInst %float %std Refract %f %f1 %ff
%v = OpCompositeConstruct %v2float %rr %r
%m = OpCompositeConstruct %mat2 %v %v
%inv = OpExtInst %mat2 %std MatrixInverse %m
%m3 = OpCompositeConstruct %mat3 %v3 %v3 %v3
%inv3 = OpExtInst %mat3 %std MatrixInverse %m3
%m4 = OpCompositeConstruct %mat4 %v4 %v4 %v4 %v4
%inv4 = OpExtInst %mat4 %std MatrixInverse %m4
%again = OpExtInst %mat4 %std MatrixInverse %inv4
%col = OpCompositeExtract %v2float %inv 0
%e = OpCompositeExtract %float %col 0
%e3 = OpCompositeExtract %float %inv3 0 0
%e4 = OpCompositeExtract %float %again 0 0
%s = OpFAdd %float %e %e3
%s4 = OpFAdd %float %s %e4
%bits = OpBitcast %uint %s4
%p = OpAccessChain %ptr_sb_uint %buf %i0 %x
OpStore %p %bits
OpReturn`,
      `%f1 = OpConstant %float 1
%v2float = OpTypeVector %float 2
%v3float = OpTypeVector %float 3
%v4float = OpTypeVector %float 4
%mat2 = OpTypeMatrix %v2float 2
%mat3 = OpTypeMatrix %v3float 3
%mat4 = OpTypeMatrix %v4float 4
%v3 = OpConstantComposite %v3float %f1 %f1 %f1
%v4 = OpConstantComposite %v4float %f1 %f1 %f1 %f1`,
    ).replace('OpMemoryModel', '%std = OpExtInstImport "GLSL.std.450"\nOpMemoryModel');
    const code = toWgsl(assemble(text)).code;
    expect(code).toMatch(/let (\w+) = \((\w+) - 2\.0 \* 1f \* \2 \* 1f\);/);
    expect(code).toMatch(/= select\(-1f, 1f, \w+ \* \w+ < 0\.0\);/);
    expect(code).toMatch(/= refract_f32\(\w+, 1f, \w+\);/);
    expect(code).toContain('fn refract_f32(i: f32, n: f32, eta: f32) -> f32 {');
    for (const n of [2, 3, 4]) expect(code.match(new RegExp(`fn inverse_${n}x${n}\\(`, 'g'))).toHaveLength(1);
    expect(code).toMatch(/= inverse_4x4\(inverse_4x4\(|= inverse_4x4\(x\d+\)/);
    expect(code).toContain('fn inverse_3x3(m: mat3x3<f32>) -> mat3x3<f32> {');
    expect(code).not.toMatch(/\b(reflect|faceForward|refract)\(/);
  });
});

describe('toWgsl: row-major matrices in buffers', () => {
  /** A storage buffer `mb` (binding 1) holding a row-major mat4x3 (4 columns of 3) `rm` and a column-major mat4 `cm`. */
  const rowMajor = (body: string, extraGlobals = ''): string =>
    compute(
      body,
      `%v3float = OpTypeVector %float 3
%v4float = OpTypeVector %float 4
%mat4x3 = OpTypeMatrix %v3float 4
%mat4 = OpTypeMatrix %v4float 4
%M = OpTypeStruct %mat4x3 %mat4
%ptr_sb_M = OpTypePointer StorageBuffer %M
%mb = OpVariable %ptr_sb_M StorageBuffer
%ptr_sb_mat4x3 = OpTypePointer StorageBuffer %mat4x3
%ptr_sb_v3 = OpTypePointer StorageBuffer %v3float
%ptr_sb_float = OpTypePointer StorageBuffer %float
%u3 = OpConstant %uint 3
%f2 = OpConstant %float 2
%v3c = OpConstantComposite %v3float %f2 %f2 %f2
${extraGlobals}`,
      `OpName %M "M"
OpMemberName %M 0 "rm"
OpMemberName %M 1 "cm"
OpDecorate %M Block
OpMemberDecorate %M 0 Offset 0
OpMemberDecorate %M 0 RowMajor
OpMemberDecorate %M 0 MatrixStride 16
OpMemberDecorate %M 1 Offset 48
OpMemberDecorate %M 1 ColMajor
OpMemberDecorate %M 1 MatrixStride 16
OpDecorate %mb DescriptorSet 0
OpDecorate %mb Binding 1`,
    );

  it('stores a row-major matrix transposed, transposes whole loads and stores, gathers and scatters columns, swaps component indices', () => {
    const code = flat(
      toWgsl(
        assemble(
          rowMajor(`
%pm = OpAccessChain %ptr_sb_mat4x3 %mb %i0
%m = OpLoad %mat4x3 %pm
%doubled = OpMatrixTimesScalar %mat4x3 %m %f2
OpStore %pm %doubled
%pcol = OpAccessChain %ptr_sb_v3 %mb %i0 %u3
%col = OpLoad %v3float %pcol
OpStore %pcol %v3c
%pe = OpAccessChain %ptr_sb_float %mb %i0 %u3 %u1
%e = OpLoad %float %pe
%pe2 = OpAccessChain %ptr_sb_float %pcol %u2
OpStore %pe2 %e
OpReturn`),
        ),
      ).code,
    );
    // 4 columns of 3 stored by rows: WGSL's mat3x4, 3 columns of 4, 48 bytes as the Offsets say.
    expect(code).toContain('struct M {\nrm: mat3x4<f32>,\ncm: mat4x4<f32>,\n}');
    expect(code).toMatch(/let (\w+) = transpose\(g\d+\.rm\);\nlet (\w+) = \(\1 \* 2f\);\ng\d+\.rm = transpose\(\2\);/);
    expect(code).toMatch(/= vec3<f32>\(g\d+\.rm\[0\]\[3u\], g\d+\.rm\[1\]\[3u\], g\d+\.rm\[2\]\[3u\]\);/);
    for (const i of [0, 1, 2]) expect(code).toMatch(new RegExp(`g\\d+\\.rm\\[${i}\\]\\[3u\\] = vec3<f32>\\(2f, 2f, 2f\\)\\[${i}\\];`));
    expect(code).toMatch(/let (\w+) = g\d+\.rm\[1u\]\[3u\];\ng\d+\.rm\[2u\]\[3u\] = \1;/);
  });

  it('rebuilds a whole struct load with the matrices transposed, and a store of one the other way', () => {
    const code = flat(
      toWgsl(
        assemble(
          rowMajor(
            `
%whole = OpLoad %M %mb
OpStore %mb %whole
%copy = OpVariable %ptr_f_M Function
OpStore %copy %whole
OpReturn`,
            '%ptr_f_M = OpTypePointer Function %M',
          )
            .replace('%entry = OpLabel', '%entry = OpLabel\n%copyvar = OpVariable %ptr_f_M Function')
            .replace('%copy = OpVariable %ptr_f_M Function\nOpStore %copy', 'OpStore %copyvar'),
        ),
      ).code,
    );
    expect(code).toContain('struct M_value {\nrm: mat4x3<f32>,\ncm: mat4x4<f32>,\n}');
    expect(code).toMatch(/var \w+: M_value;/);
    expect(code).toMatch(/let (\w+) = M_value\(transpose\((g\d+)\.rm\), \2\.cm\);\n\2 = M\(transpose\(\1\.rm\), \1\.cm\);/);
  });

  it('refuses a pointer to a row-major matrix or to its column passed to a function, saying why', () => {
    const callWith = (pointer: string, type: string): string =>
      rowMajor(
        `${pointer}
%r = OpFunctionCall %void %take %arg
OpReturn
OpFunctionEnd
%take = OpFunction %void None %takety
%param = OpFunctionParameter %${type}
%tb = OpLabel`,
        `%takety = OpTypeFunction %void %${type}`,
      );
    const column = refusal(callWith('%arg = OpAccessChain %ptr_sb_v3 %mb %i0 %u1', 'ptr_sb_v3'));
    expect(column.message).toContain('a pointer to a column of a row-major matrix used other than by a load or store cannot be expressed in WGSL');
    expect(column.message).toContain('WGSL stores the matrix transposed');
    const matrix = refusal(callWith('%arg = OpAccessChain %ptr_sb_mat4x3 %mb %i0', 'ptr_sb_mat4x3'));
    expect(matrix.message).toContain('a pointer to a row-major matrix passed to a function cannot be expressed in WGSL');
    expect(matrix.message.match(/byte offset/g)).toHaveLength(1);
  });

  it('refuses a row-major matrix whose MatrixStride is not the stride of its stored rows', () => {
    const e = refusal(rowMajor('OpReturn').replace('OpMemberDecorate %M 0 MatrixStride 16', 'OpMemberDecorate %M 0 MatrixStride 12'));
    expect(e.message).toContain('the matrix stride of the row-major matrix member M.rm');
    expect(e.message).toContain("MatrixStride 12, WGSL's stride between the rows it stores as columns is 16");
  });
});

describe("toWgsl: images WebGPU has no form for, refused in the shader's terms", () => {
  const fragmentWith = (capabilities: string, image: string): string => `OpCapability Shader
${capabilities}
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main"
OpExecutionMode %main OriginUpperLeft
OpDecorate %img DescriptorSet 0
OpDecorate %img Binding 0
%void = OpTypeVoid
%fnty = OpTypeFunction %void
%float = OpTypeFloat 32
%image = ${image}
%ptr = OpTypePointer UniformConstant %image
%img = OpVariable %ptr UniformConstant
%main = OpFunction %void None %fnty
%entry = OpLabel
OpReturn
OpFunctionEnd
`;

  it('an input attachment is an input attachment, not a storage image of some format', () => {
    const e = refusal(fragmentWith('OpCapability InputAttachment', 'OpTypeImage %float SubpassData 0 0 0 2 Unknown'));
    expect(e.message).toContain('an input attachment (subpassInput) cannot be expressed in WGSL');
    expect(e.message).toContain('WebGPU has no input attachments');
    expect(e.message).not.toContain('storage');
  });

  it('a texel buffer and a rectangle image say what they are and what to use instead', () => {
    const imageBuffer = refusal(fragmentWith('OpCapability ImageBuffer', 'OpTypeImage %float Buffer 0 0 0 2 Rgba32f'));
    expect(imageBuffer.message).toContain('a texel buffer (imageBuffer) cannot be expressed in WGSL');
    expect(imageBuffer.message).toContain('use a storage buffer');
    const samplerBuffer = refusal(fragmentWith('OpCapability SampledBuffer', 'OpTypeImage %float Buffer 0 0 0 1 Unknown'));
    expect(samplerBuffer.message).toContain('a texel buffer (samplerBuffer / textureBuffer)');
    const rect = refusal(fragmentWith('OpCapability SampledRect', 'OpTypeImage %float Rect 0 0 0 1 Unknown'));
    expect(rect.message).toContain('a rectangle image (sampler2DRect)');
  });
});

describe('toWgsl: structured control flow', () => {
  it('rebuilds a loop with a continue block and a phi as loop/continuing/break if', () => {
    const code = flat(
      toWgsl(
        assemble(
          compute(`
OpBranch %header
%header = OpLabel
%i = OpPhi %uint %u0 %entry %next %cont
OpLoopMerge %merge %cont None
OpBranch %body
%body = OpLabel
%p = OpAccessChain %ptr_sb_uint %buf %i0 %i
OpStore %p %x
OpBranch %cont
%cont = OpLabel
%next = OpIAdd %uint %i %u1
%done = OpUGreaterThanEqual %bool %next %u10
OpBranchConditional %done %merge %header
%merge = OpLabel
OpReturn`),
        ),
      ).code,
    );
    expect(code).toMatch(/var phi\d+: u32;/);
    expect(code).toMatch(/phi\d+ = 0u;\nloop \{/);
    expect(code).toMatch(
      /continuing \{\nlet x\d+ = \(phi\d+ \+ 1u\);\nlet x\d+ = \(x\d+ >= 10u\);\nlet exit_\d+ = x\d+;\nif \(!exit_\d+\) \{\nphi\d+ = x\d+;\n\}\nbreak if exit_\d+;\n\}\n\}/,
    );
  });

  it('writes if/else from a selection merge, and break from a nested if', () => {
    const code = flat(
      toWgsl(
        assemble(
          compute(`
OpBranch %header
%header = OpLabel
OpLoopMerge %merge %cont None
OpBranch %body
%body = OpLabel
%c = OpULessThan %bool %x %u10
OpSelectionMerge %join None
OpBranchConditional %c %then %else
%then = OpLabel
OpBranch %merge
%else = OpLabel
OpBranch %join
%join = OpLabel
OpBranch %cont
%cont = OpLabel
OpBranch %header
%merge = OpLabel
OpReturn`),
        ),
      ).code,
    );
    expect(code).toMatch(/loop \{\nlet x\d+ = \(x\d* < 10u\);\nif \(x\d+\) \{\nbreak;\n\} else \{\n\}\ncontinuing \{\n\}\n\}\nreturn;/);
  });

  it('writes a switch with merged case labels, a default and cases that leave to the merge', () => {
    const code = flat(
      toWgsl(
        assemble(
          compute(`
%sel = OpBitcast %int %x
OpSelectionMerge %merge None
OpSwitch %sel %dflt 1 %a 2 %a 5 %b
%a = OpLabel
%pa = OpAccessChain %ptr_sb_uint %buf %i0 %u0
OpStore %pa %u1
OpBranch %merge
%b = OpLabel
OpBranch %merge
%dflt = OpLabel
OpReturn
%merge = OpLabel
OpReturn`),
        ),
      ).code,
    );
    expect(code).toMatch(/switch \(x\d+\) \{\ncase 1i, 2i: \{\nbuf\.m0\[0u\] = 1u;\n\}\ncase 5i: \{\n\}\ncase default: \{\nreturn;\n\}\n\}\nreturn;/);
  });

  it('refuses switch fall-through, which WGSL does not have', () => {
    const e = refusal(
      compute(`
OpSelectionMerge %merge None
OpSwitch %x %merge 1 %a 2 %b
%a = OpLabel
OpBranch %b
%b = OpLabel
OpBranch %merge
%merge = OpLabel
OpReturn`),
    );
    expect(e.code).toBe('UNSUPPORTED_CONSTRUCT');
    expect(e.message).toContain('switch case fall-through');
  });

  it('assigns phis of an if merge at the end of each arm', () => {
    const code = flat(
      toWgsl(
        assemble(
          compute(`
%c = OpULessThan %bool %x %u10
OpSelectionMerge %join None
OpBranchConditional %c %then %join
%then = OpLabel
%y = OpIAdd %uint %x %u1
OpBranch %join
%join = OpLabel
%v = OpPhi %uint %y %then %x %entry
%p = OpAccessChain %ptr_sb_uint %buf %i0 %u0
OpStore %p %v
OpReturn`),
        ),
      ).code,
    );
    expect(code).toMatch(/if \(x\d+\) \{\nlet x\d+ = \(x\d* \+ 1u\);\nphi\d+ = x\d+;\n\} else \{\nphi\d+ = x\d*;\n\}\nbuf\.m0\[0u\] = phi\d+;/);
  });
});

describe('toWgsl: refusals', () => {
  it('refuses a 64-bit integer with the instruction, its byte offset and its source line', () => {
    const text = `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%file = OpString "big.comp"
OpName %ulong "ulong"
%void = OpTypeVoid
%fnty = OpTypeFunction %void
%ulong = OpTypeInt 64 0
%ptr = OpTypePointer Function %ulong
%main = OpFunction %void None %fnty
%entry = OpLabel
OpLine %file 7 3
%v = OpVariable %ptr Function
OpReturn
OpFunctionEnd`;
    const e = refusal(text);
    expect(e.code).toBe('UNSUPPORTED_CONSTRUCT');
    expect(e.message).toContain('a 64-bit integer type cannot be expressed in WGSL: %ulong = OpTypeInt 64 0');
    expect(e.opname).toBe('OpTypeInt');
    // Where OpTypeInt 64 is in the encoded binary, found by scanning the words.
    const words = encodeModule(assemble(text));
    const at = words.findIndex((w, i) => w === ((4 << 16) | 21) && words[i + 2] === 64);
    expect(e.offset).toBe(at * 4);
  });

  it('prints the refused instruction as spirv-dis does: an enumerant is not taken for an id of the same number', () => {
    // Int64 is capability 11; id 11 is named, and must not appear in place of the enumerant.
    const text = `
OpCapability Shader
OpCapability Int64
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %11 "eleven"
%void = OpTypeVoid
%fnty = OpTypeFunction %void
%11 = OpTypeInt 32 0
%main = OpFunction %void None %fnty
%entry = OpLabel
OpReturn
OpFunctionEnd`;
    const e = refusal(text);
    expect(e.message).toContain('64-bit integers cannot be expressed in WGSL: OpCapability Int64 at byte offset 28');
  });

  it('names a builtin WGSL does not have by its SPIR-V name', () => {
    const text = `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %helper %color
OpExecutionMode %main OriginUpperLeft
OpDecorate %helper BuiltIn HelperInvocation
OpDecorate %color Location 0
%void = OpTypeVoid
%fnty = OpTypeFunction %void
%bool = OpTypeBool
%float = OpTypeFloat 32
%ptr_in_bool = OpTypePointer Input %bool
%ptr_out_float = OpTypePointer Output %float
%helper = OpVariable %ptr_in_bool Input
%color = OpVariable %ptr_out_float Output
%one = OpConstant %float 1
%zero = OpConstant %float 0
%main = OpFunction %void None %fnty
%entry = OpLabel
%h = OpLoad %bool %helper
%c = OpSelect %float %h %one %zero
OpStore %color %c
OpReturn
OpFunctionEnd`;
    expect(refusal(text).message).toMatch(
      /^the builtin HelperInvocation cannot be expressed in WGSL: %\w+ = OpVariable %\w+ Input \(WGSL has no such builtin\)/,
    );
  });

  it('gives the source line of the instruction that is refused', () => {
    const e = refusal(
      compute(
        `
OpLine %file 12 5
%m = OpExtInst %float %std 76 %fp
OpReturn`,
        '%fz = OpConstant %float 0\n%ptr_f_float = OpTypePointer Private %float\n%fp = OpVariable %ptr_f_float Private',
      )
        .replace('OpMemoryModel', '%std = OpExtInstImport "GLSL.std.450"\nOpMemoryModel')
        .replace('OpName %main', '%file = OpString "a.comp"\nOpName %main'),
    );
    expect(e.message).toContain('GLSL.std.450 InterpolateAtCentroid');
    expect(e.location).toEqual({ file: 'a.comp', line: 12, column: 5 });
    expect(e.message).toContain('(a.comp:12)');
  });

  it('refuses a ray tracing, mesh or task stage as the stage WebGPU lacks, before what it declares', () => {
    const stage = (model: string, capability: string, extension: string, decl = ''): SpirvError =>
      refusal(`OpCapability ${capability}
OpExtension "${extension}"
OpMemoryModel Logical GLSL450
OpEntryPoint ${model} %main "main"
${decl}
%void = OpTypeVoid
%fnty = OpTypeFunction %void
%main = OpFunction %void None %fnty
%entry = OpLabel
OpReturn
OpFunctionEnd`);
    expect(stage('RayGenerationKHR', 'RayTracingKHR', 'SPV_KHR_ray_tracing').message).toMatch(
      /^a ray generation shader cannot be expressed in WGSL: OpEntryPoint RayGenerationKHR %\d+ "main" \(WebGPU has no ray tracing stages: it runs compute, vertex and fragment shaders\)/,
    );
    expect(stage('ClosestHitKHR', 'RayTracingKHR', 'SPV_KHR_ray_tracing').message).toMatch(/^a closest-hit shader .*WebGPU has no ray tracing stages/);
    expect(stage('MeshEXT', 'MeshShadingEXT', 'SPV_EXT_mesh_shader', 'OpExecutionMode %main OutputVertices 3').message).toMatch(
      /^a mesh shader .*WebGPU has no task or mesh stages/,
    );
    expect(stage('TaskEXT', 'MeshShadingEXT', 'SPV_EXT_mesh_shader').message).toMatch(/^a task shader .*WebGPU has no task or mesh stages/);
    expect(stage('Geometry', 'Geometry', 'SPV_KHR_storage_buffer_storage_class').message).toMatch(/^a geometry shader .*WebGPU has no geometry stage/);
  });

  it('prints a variable whose OpName is empty by its number, not as `% = OpVariable`', () => {
    const e = refusal(
      compute(
        'OpReturn',
        '%arr = OpTypeArray %Buf %u2\n%ptr_arr = OpTypePointer StorageBuffer %arr\n%bufs = OpVariable %ptr_arr StorageBuffer',
        'OpName %bufs ""\nOpDecorate %bufs DescriptorSet 0\nOpDecorate %bufs Binding 1',
      ),
    );
    expect(e.message).toMatch(/^an array of buffers cannot be expressed in WGSL: %\d+ = OpVariable %\d+ StorageBuffer /);
    expect(e.message).not.toContain('% =');
  });

  it('refuses a pointer bitcast', () => {
    const e = refusal(
      compute(
        `
%p = OpAccessChain %ptr_sb_uint %buf %i0 %x
%q = OpBitcast %ptr_sb_uint %p
OpStore %q %x
OpReturn`,
      ),
    );
    expect(e.message).toMatch(/a bitcast of a pointer|pointer or handle produced this way/);
  });
});

describe('toWgsl: vertex and fragment interfaces', () => {
  it('passes locations, builtins and interpolation through entry-point parameters and an output struct', () => {
    const text = `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %uv %id %coord %color
OpExecutionMode %main OriginUpperLeft
OpName %uv "uv"
OpName %id "id"
OpName %color "color"
OpDecorate %uv Location 0
OpDecorate %uv NoPerspective
OpDecorate %id Location 1
OpDecorate %id Flat
OpDecorate %coord BuiltIn FragCoord
OpDecorate %color Location 0
%void = OpTypeVoid
%fnty = OpTypeFunction %void
%float = OpTypeFloat 32
%int = OpTypeInt 32 1
%v2 = OpTypeVector %float 2
%v4 = OpTypeVector %float 4
%ptr_in_v2 = OpTypePointer Input %v2
%ptr_in_int = OpTypePointer Input %int
%ptr_in_v4 = OpTypePointer Input %v4
%ptr_out_v4 = OpTypePointer Output %v4
%uv = OpVariable %ptr_in_v2 Input
%id = OpVariable %ptr_in_int Input
%coord = OpVariable %ptr_in_v4 Input
%color = OpVariable %ptr_out_v4 Output
%f0 = OpConstant %float 0.5
%main = OpFunction %void None %fnty
%entry = OpLabel
%u = OpLoad %v2 %uv
%c = OpCompositeConstruct %v4 %u %f0 %f0
OpStore %color %c
OpReturn
OpFunctionEnd`;
    const result = toWgsl(assemble(text));
    const code = flat(result.code);
    expect(code).toContain('struct main_out {\n@location(0) color: vec4<f32>,\n}');
    expect(code).toContain(
      '@fragment\nfn main(@location(0) @interpolate(linear) uv_in: vec2<f32>, @location(1) @interpolate(flat) id_in: i32, @builtin(position) ',
    );
    expect(code).toMatch(/vec4<f32>\(x\d+, 0\.5f, 0\.5f\)/);
    expect(code).toContain('return main_out(color);');
    expect(result.entryPoints[0].stage).toBe('fragment');
  });
});

describe('toWgsl: clip distances', () => {
  it('writes a used ClipDistance of gl_PerVertex as @builtin(clip_distances) behind `enable clip_distances;`', () => {
    const result = toWgsl(
      assemble(`OpCapability Shader
OpCapability ClipDistance
OpMemoryModel Logical GLSL450
OpEntryPoint Vertex %main "main" %pv
OpName %PerVertex "gl_PerVertex"
OpMemberName %PerVertex 0 "gl_Position"
OpMemberName %PerVertex 1 "gl_ClipDistance"
OpName %pv "pv"
OpMemberDecorate %PerVertex 0 BuiltIn Position
OpMemberDecorate %PerVertex 1 BuiltIn ClipDistance
OpDecorate %PerVertex Block
%void = OpTypeVoid
%fnty = OpTypeFunction %void
%float = OpTypeFloat 32
%v4 = OpTypeVector %float 4
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%u2 = OpConstant %uint 2
%i1 = OpConstant %int 1
%f1 = OpConstant %float 1
%clip = OpTypeArray %float %u2
%PerVertex = OpTypeStruct %v4 %clip
%ptr_out = OpTypePointer Output %PerVertex
%ptr_out_float = OpTypePointer Output %float
%pv = OpVariable %ptr_out Output
%main = OpFunction %void None %fnty
%entry = OpLabel
%d = OpAccessChain %ptr_out_float %pv %i1 %i1
OpStore %d %f1
OpReturn
OpFunctionEnd
`),
    );
    const { code } = result;
    expect(result.requiredFeatures).toEqual(['clip-distances']);
    expect(code.startsWith('enable clip_distances;\n')).toBe(true);
    expect(code).toContain('@builtin(clip_distances) pv_gl_ClipDistance: array<f32, 2>,');
    expect(code).toMatch(/return main_out\(pv\.gl_Position, pv\.gl_ClipDistance\);/);
  });
});

describe('toWgsl: combined image samplers', () => {
  const fragment = (extraDecorations = '') => `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %uv %color
OpExecutionMode %main OriginUpperLeft
OpName %tex "albedo"
OpDecorate %uv Location 0
OpDecorate %color Location 0
OpDecorate %tex DescriptorSet 1
OpDecorate %tex Binding 2
${extraDecorations}
%void = OpTypeVoid
%fnty = OpTypeFunction %void
%float = OpTypeFloat 32
%v2 = OpTypeVector %float 2
%v4 = OpTypeVector %float 4
%img = OpTypeImage %float 2D 0 0 0 1 Unknown
%simg = OpTypeSampledImage %img
%ptr_uc = OpTypePointer UniformConstant %simg
%tex = OpVariable %ptr_uc UniformConstant
%smp = OpTypeSampler
%ptr_smp = OpTypePointer UniformConstant %smp
%other = OpVariable %ptr_smp UniformConstant
%ptr_in_v2 = OpTypePointer Input %v2
%ptr_out_v4 = OpTypePointer Output %v4
%uv = OpVariable %ptr_in_v2 Input
%color = OpVariable %ptr_out_v4 Output
%main = OpFunction %void None %fnty
%entry = OpLabel
%s = OpLoad %simg %tex
%u = OpLoad %v2 %uv
%c = OpImageSampleImplicitLod %v4 %s %u
OpStore %color %c
OpReturn
OpFunctionEnd`;

  it('splits a sampler2D into a texture at its binding and a sampler at the binding plus the offset', () => {
    const result = toWgsl(assemble(fragment('OpDecorate %other DescriptorSet 3\nOpDecorate %other Binding 0')));
    const code = flat(result.code);
    expect(code).toContain('@group(1) @binding(2) var albedo: texture_2d<f32>;');
    expect(code).toContain('@group(1) @binding(502) var albedo_sampler: sampler;');
    expect(code).toMatch(/textureSample\(albedo, albedo_sampler, /);
    expect(result.bindings).toEqual(
      expect.arrayContaining([
        { group: 1, binding: 2, name: 'albedo', kind: 'texture', texture: { sampleType: 'float', viewDimension: '2d', multisampled: false } },
        { group: 1, binding: 502, name: 'albedo_sampler', kind: 'sampler', sampler: { type: 'filtering' } },
      ]),
    );
    const moved = toWgsl(assemble(fragment('OpDecorate %other DescriptorSet 3\nOpDecorate %other Binding 0')), { combinedSamplerBindingOffset: 10 });
    expect(flat(moved.code)).toContain('@group(1) @binding(12) var albedo_sampler: sampler;');
  });

  it('refuses when the binding the sampler half would take is in use, naming it', () => {
    const taken = fragment('OpDecorate %other DescriptorSet 1\nOpDecorate %other Binding 502');
    const e = (() => {
      try {
        toWgsl(assemble(taken));
      } catch (err) {
        return err;
      }
      return undefined;
    })();
    expect(e).toBeInstanceOf(SpirvError);
    expect((e as SpirvError).code).toBe('UNSUPPORTED_CONSTRUCT');
    expect((e as SpirvError).message).toMatch(/sampler binding is taken.*binding 502 of group 1 is in use/s);
  });
});

describe('toWgsl: line map', () => {
  it('maps WGSL lines to the OpLine in effect for the instruction they came from', () => {
    const text = compute(
      `
OpLine %file 42 1
%p = OpAccessChain %ptr_sb_uint %buf %i0 %x
OpStore %p %x
OpReturn`,
    ).replace('OpName %main', '%file = OpString "k.comp"\nOpName %main');
    const result = toWgsl(assemble(text));
    const lines = result.code.split('\n');
    const at = lines.findIndex((l) => l.includes('buf.m0[') && l.includes('] = '));
    expect(result.lineMap[at]).toEqual({ file: 'k.comp', line: 42, column: 1 });
    expect(result.lineMap[0]).toBeUndefined();
    expect(result.lineMap.length).toBe(lines.length - 1);
  });
});
