import { checkPasses as checkPassesAt } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../../index.js';

/** The checks in Vulkan 1.1 (SPIR-V 1.3), whose entry points list only Input and Output variables. */
const checkPasses = (text: string, passes: readonly string[], options: Parameters<typeof checkPassesAt>[2] = {}): ReturnType<typeof checkPassesAt> =>
  checkPassesAt(text, passes, { targetEnv: 'vulkan1.1', ...options });

/**
 * A compute shader: `decorations`, then the common types, `types`, and %main's `body`. Every id
 * it defines gets its name as an OpName, so the checks can name it, except those starting with
 * `%_` (a named load is one reduce-load-size leaves alone).
 */
const shader = (decorations: string, types: string, body: string, capabilities = ''): string => {
  const text = `${decorations}\n${types}\n${body}`;
  const named = new Set([...text.matchAll(/OpName %(\w+)/g)].map((m) => m[1]));
  const names = [...text.matchAll(/^\s*%([a-zA-Z]\w*) = /gm)]
    .map((m) => m[1])
    .filter((id) => !named.has(id))
    .map((id) => `               OpName %${id} "${id}"`)
    .join('\n');
  return `
               OpCapability Shader
${capabilities}
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpName %main "main"
${names}
${decorations}
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
      %float = OpTypeFloat 32
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_2 = OpConstant %uint 2
     %uint_3 = OpConstant %uint 3
     %uint_4 = OpConstant %uint 4
      %int_1 = OpConstant %int 1
${types}
       %main = OpFunction %void None %fn
      %entry = OpLabel
${body}
               OpReturn
               OpFunctionEnd
`;
};

/** A storage buffer %buf of struct %B { uint a; uint arr[4]; } and an output %out. */
const BUFFER_DECORATIONS = `
               OpDecorate %arr4 ArrayStride 4
               OpMemberDecorate %B 0 Offset 0
               OpMemberDecorate %B 1 Offset 4
               OpDecorate %B Block
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0`;
const BUFFER_TYPES = `
       %arr4 = OpTypeArray %uint %uint_4
          %B = OpTypeStruct %uint %arr4
       %sb_B = OpTypePointer StorageBuffer %B
     %sb_arr = OpTypePointer StorageBuffer %arr4
    %sb_uint = OpTypePointer StorageBuffer %uint
        %buf = OpVariable %sb_B StorageBuffer`;

describe('combine-access-chains', () => {
  it('appends the outer indices to the inner chain, through a chain of chains', () => {
    checkPasses(
      shader(
        BUFFER_DECORATIONS,
        BUFFER_TYPES,
        `         %c1 = OpAccessChain %sb_arr %buf %uint_1
         %c2 = OpAccessChain %sb_uint %c1 %uint_2
         %c0 = OpAccessChain %sb_B %buf
         %c3 = OpAccessChain %sb_arr %c0 %uint_1
         %c4 = OpAccessChain %sb_uint %c3 %uint_3
          %x = OpLoad %uint %c2
               OpStore %c4 %x`,
      ),
      ['combine-access-chains'],
      {
        checks: `
        ; CHECK: %c1 = OpAccessChain %sb_arr %buf %uint_1
        ; CHECK-NEXT: %c2 = OpAccessChain %sb_uint %buf %uint_1 %uint_2
        ; The chain without indices is looked through:
        ; CHECK-NEXT: %c0 = OpAccessChain %sb_B %buf
        ; CHECK-NEXT: %c3 = OpAccessChain %sb_arr %buf %uint_1
        ; CHECK-NEXT: %c4 = OpAccessChain %sb_uint %buf %uint_1 %uint_3
      `,
      },
    );
  });

  it('is in bounds only when both chains are, and makes a chain without indices a copy', () => {
    checkPasses(
      shader(
        BUFFER_DECORATIONS,
        BUFFER_TYPES,
        `         %c1 = OpInBoundsAccessChain %sb_arr %buf %uint_1
         %c2 = OpAccessChain %sb_uint %c1 %uint_2
         %c3 = OpInBoundsAccessChain %sb_uint %c1 %uint_3
         %c4 = OpAccessChain %sb_arr %c1
          %x = OpLoad %uint %c2
               OpStore %c3 %x
         %c5 = OpAccessChain %sb_uint %c4 %uint_0
               OpStore %c5 %x`,
      ),
      ['combine-access-chains'],
      {
        checks: `
        ; CHECK: %c2 = OpAccessChain %sb_uint %buf %uint_1 %uint_2
        ; CHECK-NEXT: %c3 = OpInBoundsAccessChain %sb_uint %buf %uint_1 %uint_3
        ; CHECK-NEXT: %c4 = OpCopyObject %sb_arr %c1
        ; A copy is no chain to combine with:
        ; CHECK: %c5 = OpAccessChain %sb_uint %c4 %uint_0
      `,
      },
    );
  });

  it('adds a pointer chain Element to the last index: constants give a constant, values an OpIAdd', () => {
    checkPasses(
      shader(
        '',
        `
        %arr = OpTypeArray %uint %uint_4
          %S = OpTypeStruct %arr %uint
      %ptr_S = OpTypePointer Workgroup %S
      %ptr_u = OpTypePointer Workgroup %uint
         %wg = OpVariable %ptr_S Workgroup`,
        `         %c1 = OpAccessChain %ptr_u %wg %uint_0 %uint_1
         %c2 = OpPtrAccessChain %ptr_u %c1 %uint_2
               OpStore %c2 %uint_0
          %i = OpLoad %uint %c1
         %c3 = OpPtrAccessChain %ptr_u %c1 %i
               OpStore %c3 %uint_1
         %m1 = OpAccessChain %ptr_u %wg %uint_1
         %m2 = OpPtrAccessChain %ptr_u %m1 %uint_1
         %m3 = OpPtrAccessChain %ptr_u %m1 %uint_0
               OpStore %m3 %uint_1`,
        '               OpCapability VariablePointers',
      ),
      ['combine-access-chains'],
      {
        checks: `
        ; CHECK: %c2 = OpAccessChain %ptr_u %wg %uint_0 %uint_3
        ; CHECK: [[SUM:%\\w+]] = OpIAdd %uint %uint_1 %i
        ; CHECK-NEXT: %c3 = OpAccessChain %ptr_u %wg %uint_0 [[SUM]]
        ; A struct's member index never moves:
        ; CHECK: %m2 = OpPtrAccessChain %ptr_u %m1 %uint_1
        ; CHECK-NEXT: %m3 = OpAccessChain %ptr_u %wg %uint_1
      `,
      },
    );
  });

  it('leaves a decorated base, 64-bit indices and a base whose pointer type has an ArrayStride', () => {
    const { result } = checkPasses(
      shader(
        `${BUFFER_DECORATIONS}
               OpDecorate %c1 NonUniform
               OpDecorate %sb_uint ArrayStride 4`,
        `${BUFFER_TYPES}
      %ulong = OpTypeInt 64 0
    %ulong_1 = OpConstant %ulong 1`,
        `         %c1 = OpAccessChain %sb_arr %buf %uint_1
         %c2 = OpAccessChain %sb_uint %c1 %uint_2
         %d1 = OpAccessChain %sb_arr %buf %uint_1
         %d2 = OpAccessChain %sb_uint %d1 %ulong_1
         %e1 = OpAccessChain %sb_uint %buf %uint_1 %uint_0
         %e2 = OpPtrAccessChain %sb_uint %e1 %uint_1
          %x = OpLoad %uint %c2
               OpStore %d2 %x
               OpStore %e2 %x`,
        `               OpCapability Int64
               OpCapability VariablePointers
               OpCapability ShaderNonUniform`,
      ),
      ['combine-access-chains'],
      { checks: '; CHECK: %c2 = OpAccessChain %sb_uint %c1 %uint_2\n; CHECK: %d2 = OpAccessChain %sb_uint %d1 %ulong_1\n; CHECK: %e2 = OpPtrAccessChain' },
    );
    expect(result.changed).toBe(false);
  });
});

/** A Uniform block %ubo of %U { uint a; uint b; uint c; uint d; }, an Input vector and the buffer. */
const UNIFORM_DECORATIONS = `${BUFFER_DECORATIONS}
               OpMemberDecorate %U 0 Offset 0
               OpMemberDecorate %U 1 Offset 4
               OpMemberDecorate %U 2 Offset 8
               OpMemberDecorate %U 3 Offset 12
               OpDecorate %U Block
               OpDecorate %ubo DescriptorSet 0
               OpDecorate %ubo Binding 1`;
const UNIFORM_TYPES = `${BUFFER_TYPES}
          %U = OpTypeStruct %uint %uint %uint %uint
      %uni_U = OpTypePointer Uniform %U
        %ubo = OpVariable %uni_U Uniform`;

describe('reduce-load-size', () => {
  it('loads just the members a load of a Uniform struct is extracted for, before the whole load', () => {
    checkPasses(
      shader(
        UNIFORM_DECORATIONS,
        UNIFORM_TYPES,
        `          %_w = OpLoad %U %ubo
          %x = OpCompositeExtract %uint %_w 2
          %y = OpCompositeExtract %uint %_w 0
          %s = OpIAdd %uint %x %y
         %o1 = OpAccessChain %sb_uint %buf %uint_0
               OpStore %o1 %s`,
      ),
      ['reduce-load-size'],
      {
        checks: `
        ; CHECK: [[P2:%\\w+]] = OpAccessChain %_ptr_Uniform_uint %ubo %uint_2
        ; CHECK-NEXT: [[L2:%\\w+]] = OpLoad %uint [[P2]]
        ; CHECK-NEXT: [[P0:%\\w+]] = OpAccessChain %_ptr_Uniform_uint %ubo %uint_0
        ; CHECK-NEXT: [[L0:%\\w+]] = OpLoad %uint [[P0]]
        ; CHECK-NEXT: {{%\\w+}} = OpLoad %U %ubo
        ; CHECK-NOT: OpCompositeExtract
        ; CHECK: %s = OpIAdd %uint [[L2]] [[L0]]
      `,
      },
    );
  });

  it('leaves storage buffers, loads used whole, vectors, and loads using 90% or more of the members', () => {
    const { result } = checkPasses(
      shader(
        `${UNIFORM_DECORATIONS}
               OpDecorate %v BuiltIn GlobalInvocationId`,
        `${UNIFORM_TYPES}
     %v3uint = OpTypeVector %uint 3
     %in_v3u = OpTypePointer Input %v3uint
          %v = OpVariable %in_v3u Input
         %S2 = OpTypeStruct %uint %uint
     %uni_S2 = OpTypePointer Uniform %S2`,
        `          %_b = OpLoad %B %buf
         %b0 = OpCompositeExtract %uint %_b 0
          %_w = OpLoad %U %ubo
         %w0 = OpCompositeExtract %uint %_w 0
         %w1 = OpCopyObject %U %_w
         %_g = OpLoad %v3uint %v
         %g0 = OpCompositeExtract %uint %_g 0
         %o1 = OpAccessChain %sb_uint %buf %uint_0
               OpStore %o1 %b0
               OpStore %o1 %w0
               OpStore %o1 %g0`,
      ),
      ['reduce-load-size'],
      {
        checks:
          '; CHECK: %b0 = OpCompositeExtract %uint {{%\\w+}} 0\n; CHECK: %w0 = OpCompositeExtract %uint {{%\\w+}} 0\n; CHECK: %g0 = OpCompositeExtract %uint {{%\\w+}} 0',
      },
    );
    expect(result.changed).toBe(false);
  });

  it('uses the threshold given: above 1, even a load whose every member is used', () => {
    const body = `          %_w = OpLoad %U %ubo
          %a = OpCompositeExtract %uint %_w 0
          %b = OpCompositeExtract %uint %_w 1
          %c = OpCompositeExtract %uint %_w 2
          %d = OpCompositeExtract %uint %_w 3
         %s1 = OpIAdd %uint %a %b
         %s2 = OpIAdd %uint %c %d
         %s3 = OpIAdd %uint %s1 %s2
         %o1 = OpAccessChain %sb_uint %buf %uint_0
               OpStore %o1 %s3`;
    expect(
      checkPasses(shader(UNIFORM_DECORATIONS, UNIFORM_TYPES, body), ['reduce-load-size'], { checks: '; CHECK: %a = OpCompositeExtract' }).result.changed,
    ).toBe(false);
    checkPasses(shader(UNIFORM_DECORATIONS, UNIFORM_TYPES, body), ['reduce-load-size=1.1'], {
      checks: '; CHECK-COUNT-4: OpAccessChain %_ptr_Uniform_uint %ubo\n; CHECK-NOT: OpCompositeExtract',
    });
    // Three of four members is under 0.9 of them, and over 0.5.
    const three = body.replace('%d = OpCompositeExtract %uint %_w 3', '%d = OpCompositeExtract %uint %_w 2');
    expect(
      checkPasses(shader(UNIFORM_DECORATIONS, UNIFORM_TYPES, three), ['reduce-load-size'], { checks: '; CHECK-NOT: OpCompositeExtract' }).result.changed,
    ).toBe(true);
    expect(
      checkPasses(shader(UNIFORM_DECORATIONS, UNIFORM_TYPES, three), ['reduce-load-size=0.5'], { checks: '; CHECK: OpCompositeExtract' }).result.changed,
    ).toBe(false);
  });

  it('follows nested extracts into an array of a Uniform block through a chain', () => {
    checkPasses(
      shader(
        `               OpDecorate %a4 ArrayStride 16
               OpMemberDecorate %V 0 Offset 0
               OpDecorate %V Block
               OpDecorate %vb DescriptorSet 0
               OpDecorate %vb Binding 2
${BUFFER_DECORATIONS}`,
        `${BUFFER_TYPES}
     %v4uint = OpTypeVector %uint 4
         %a4 = OpTypeArray %v4uint %uint_4
          %V = OpTypeStruct %a4
      %uni_V = OpTypePointer Uniform %V
     %uni_a4 = OpTypePointer Uniform %a4
         %vb = OpVariable %uni_V Uniform`,
        `         %pa = OpAccessChain %uni_a4 %vb %uint_0
          %_a = OpLoad %a4 %pa
          %x = OpCompositeExtract %uint %_a 3 1
         %o1 = OpAccessChain %sb_uint %buf %uint_0
               OpStore %o1 %x`,
      ),
      ['reduce-load-size'],
      {
        checks:
          '; CHECK: [[P:%\\w+]] = OpAccessChain %_ptr_Uniform_uint %pa %uint_3 %uint_1\n; CHECK-NEXT: [[X:%\\w+]] = OpLoad %uint [[P]]\n; CHECK: OpStore %o1 [[X]]',
      },
    );
  });
});

/** %src: a Uniform block holding a strided array; %L: the unstrided local array type. */
const COPY_DECORATIONS = `${BUFFER_DECORATIONS}
               OpDecorate %sa ArrayStride 16
               OpMemberDecorate %Src 0 Offset 0
               OpDecorate %Src Block
               OpDecorate %src DescriptorSet 0
               OpDecorate %src Binding 1`;
const COPY_TYPES = `${BUFFER_TYPES}
         %sa = OpTypeArray %uint %uint_4
        %Src = OpTypeStruct %sa
    %uni_Src = OpTypePointer Uniform %Src
     %uni_sa = OpTypePointer Uniform %sa
   %uni_uint = OpTypePointer Uniform %uint
          %L = OpTypeArray %uint %uint_4
       %fn_L = OpTypePointer Function %L
    %fn_uint = OpTypePointer Function %uint
        %src = OpVariable %uni_Src Uniform`;

describe('copy-propagate-arrays', () => {
  it('reads the source through the local copy built of extracts of a load, retyping what changes type', () => {
    checkPasses(
      shader(
        COPY_DECORATIONS,
        COPY_TYPES,
        `      %local = OpVariable %fn_L Function
         %ps = OpAccessChain %uni_sa %src %uint_0
          %s = OpLoad %sa %ps
         %e0 = OpCompositeExtract %uint %s 0
         %e1 = OpCompositeExtract %uint %s 1
         %e2 = OpCompositeExtract %uint %s 2
         %e3 = OpCompositeExtract %uint %s 3
          %c = OpCompositeConstruct %L %e0 %e1 %e2 %e3
               OpStore %local %c
         %pi = OpAccessChain %sb_uint %buf %uint_0
          %i = OpLoad %uint %pi
         %pl = OpAccessChain %fn_uint %local %i
          %x = OpLoad %uint %pl
         %wl = OpLoad %L %local
         %y = OpCompositeExtract %uint %wl 3
         %sum = OpIAdd %uint %x %y
         %o1 = OpAccessChain %sb_uint %buf %uint_0
               OpStore %o1 %sum
      ; stored twice, so no copy to propagate itself
               OpStore %other %wl
               OpStore %other %wl
         %po = OpAccessChain %fn_uint %other %uint_2
          %z = OpLoad %uint %po
               OpStore %o1 %z`,
      ).replace('      %local = OpVariable %fn_L Function', '      %local = OpVariable %fn_L Function\n      %other = OpVariable %fn_L Function'),
      ['copy-propagate-arrays'],
      {
        checks: `
        ; CHECK-NOT: OpName %local
        ; CHECK: %c = OpCompositeConstruct %L
        ; CHECK-NEXT: [[NEW:%\\w+]] = OpAccessChain %uni_sa %src %uint_0
        ; CHECK-NEXT: OpStore {{%\\w+}} %c
        ; CHECK: %pl = OpAccessChain %uni_uint [[NEW]] %i
        ; CHECK-NEXT: %x = OpLoad %uint %pl
        ; CHECK-NEXT: %wl = OpLoad %sa [[NEW]]
        ; The whole value, stored to a variable of the local's type, is rebuilt as one:
        ; CHECK: OpCompositeExtract %uint %wl 0
        ; CHECK: [[COPY:%\\w+]] = OpCompositeConstruct %L
        ; CHECK-NEXT: OpStore {{%\\w+}} [[COPY]]
      `,
      },
    );
  });

  it('leaves a copy of written memory, a local stored twice, and a local read before its store', () => {
    const { result } = checkPasses(
      shader(
        COPY_DECORATIONS,
        `${COPY_TYPES}
       %fn_a = OpTypePointer Function %arr4`,
        `      %local = OpVariable %fn_L Function
         %l2 = OpVariable %fn_a Function
         %l3 = OpVariable %fn_a Function
         %pb = OpAccessChain %sb_arr %buf %uint_1
          %b = OpLoad %arr4 %pb
               OpStore %l2 %b
         %r2 = OpAccessChain %fn_uint %l2 %uint_0
         %x2 = OpLoad %uint %r2
         %o1 = OpAccessChain %sb_uint %buf %uint_0
               OpStore %o1 %x2
         %r3 = OpAccessChain %fn_uint %l3 %uint_1
         %x3 = OpLoad %uint %r3
         %ps = OpAccessChain %uni_sa %src %uint_0
          %s = OpLoad %sa %ps
         %e0 = OpCompositeExtract %uint %s 0
          %c = OpCompositeConstruct %L %e0 %e0 %e0 %e0
               OpStore %local %c
         %rl = OpAccessChain %fn_uint %local %uint_1
         %xl = OpLoad %uint %rl
               OpStore %o1 %xl
          %c3 = OpLoad %arr4 %pb
               OpStore %l3 %c3
               OpStore %o1 %x3`,
      ),
      ['copy-propagate-arrays'],
      { checks: '; CHECK: %r2 = OpAccessChain %fn_uint %l2 %uint_0\n; CHECK: %r3 = OpAccessChain %fn_uint %l3\n; CHECK: %rl = OpAccessChain %fn_uint %local' },
    );
    expect(result.changed).toBe(false);
  });

  it('propagates a copy of a copy in one run, a Private source whose type is the local one', () => {
    checkPasses(
      shader(
        '               OpName %a "a"\n               OpName %b "b"',
        `          %L = OpTypeArray %uint %uint_4
       %fn_L = OpTypePointer Function %L
       %pr_L = OpTypePointer Private %L
    %fn_uint = OpTypePointer Function %uint
    %pr_uint = OpTypePointer Private %uint
       %init = OpConstantComposite %L %uint_1 %uint_2 %uint_3 %uint_4
          %g = OpVariable %pr_L Private %init
     %g_copy = OpVariable %pr_uint Private`,
        `          %b = OpVariable %fn_L Function
          %a = OpVariable %fn_L Function
         %ga = OpLoad %L %g
               OpStore %a %ga
         %aa = OpLoad %L %a
               OpStore %b %aa
         %pb = OpAccessChain %fn_uint %b %uint_2
          %x = OpLoad %uint %pb
               OpStore %g_copy %x`,
      ),
      ['copy-propagate-arrays'],
      { checks: '; CHECK: %aa = OpLoad %L %g\n; CHECK: %pb = OpAccessChain %pr_uint %g %uint_2' },
    );
  });
  it('propagates a scalar copied from Input memory, but not one from HelperInvocation', () => {
    const { result } = checkPasses(
      shader(
        `               OpDecorate %gid BuiltIn GlobalInvocationId
${BUFFER_DECORATIONS}`,
        `${BUFFER_TYPES}
     %v3uint = OpTypeVector %uint 3
     %in_v3u = OpTypePointer Input %v3uint
        %gid = OpVariable %in_v3u Input
    %fn_uint = OpTypePointer Function %uint`,
        `         %id = OpVariable %fn_uint Function
         %g3 = OpLoad %v3uint %gid
          %g = OpCompositeExtract %uint %g3 0
               OpStore %id %g
          %x = OpLoad %uint %id
         %o1 = OpAccessChain %sb_uint %buf %x
               OpStore %o1 %x`,
      ),
      ['copy-propagate-arrays'],
      {
        checks: '; CHECK: [[P:%\\w+]] = OpAccessChain %_ptr_Input_uint %gid %uint_0\n; CHECK-NEXT: OpStore {{%\\w+}} %g\n; CHECK-NEXT: %x = OpLoad %uint [[P]]',
      },
    );
    expect(result.changed).toBe(true);
    const helper = checkPasses(
      shader(
        `               OpDecorate %hi BuiltIn HelperInvocation
${BUFFER_DECORATIONS}`,
        `${BUFFER_TYPES}
       %bool = OpTypeBool
     %in_b = OpTypePointer Input %bool
         %hi = OpVariable %in_b Input
    %fn_bool = OpTypePointer Function %bool`,
        `         %h = OpVariable %fn_bool Function
         %hv = OpLoad %bool %hi
               OpStore %h %hv
          %x = OpLoad %bool %h
          %s = OpSelect %uint %x %uint_1 %uint_0
         %o1 = OpAccessChain %sb_uint %buf %uint_0
               OpStore %o1 %s`,
      ),
      ['copy-propagate-arrays'],
      { checks: '; CHECK: %x = OpLoad %bool %h' },
    );
    expect(helper.result.changed).toBe(false);
  });
});

describe('eliminate-dead-members', () => {
  it('removes members nothing names from a Private struct, renumbering names, chains, extracts and the initializer', () => {
    checkPasses(
      shader(
        `               OpName %S "S"
               OpMemberName %S 0 "unused"
               OpMemberName %S 1 "kept"
               OpMemberName %S 2 "also_unused"
               OpMemberName %S 3 "read"
               OpMemberDecorate %S 3 RelaxedPrecision
${BUFFER_DECORATIONS}`,
        `${BUFFER_TYPES}
          %S = OpTypeStruct %uint %uint %float %uint
      %pr_S = OpTypePointer Private %S
    %pr_uint = OpTypePointer Private %uint
  %float_1 = OpConstant %float 1
       %init = OpConstantComposite %S %uint_1 %uint_2 %float_1 %uint_3
          %p = OpVariable %pr_S Private %init`,
        `         %p1 = OpAccessChain %pr_uint %p %int_1
               OpStore %p1 %uint_4
          %w = OpLoad %S %p
          %x = OpCompositeExtract %uint %w 3
         %o1 = OpAccessChain %sb_uint %buf %uint_0
               OpStore %o1 %x`,
      ),
      ['eliminate-dead-members'],
      {
        checks: `
        ; CHECK-NOT: "unused"
        ; CHECK: OpMemberName %S 0 "kept"
        ; CHECK-NEXT: OpMemberName %S 1 "read"
        ; CHECK: OpMemberDecorate %S 1 RelaxedPrecision
        ; CHECK: %S = OpTypeStruct %uint %uint
        ; CHECK: %init = OpConstantComposite %S %uint_2 %uint_3
        ; CHECK: %p1 = OpAccessChain %pr_uint %p %uint_0
        ; CHECK: %x = OpCompositeExtract %uint %w 1
      `,
      },
    );
  });

  it('keeps the Offsets of a Uniform block it trims, and leaves storage buffers whole', () => {
    checkPasses(
      shader(
        UNIFORM_DECORATIONS,
        UNIFORM_TYPES.replace('%uni_U = OpTypePointer Uniform %U', '%uni_U = OpTypePointer Uniform %U\n%uni_uint = OpTypePointer Uniform %uint'),
        `         %u2 = OpAccessChain %uni_uint %ubo %uint_2
          %x = OpLoad %uint %u2
         %o1 = OpAccessChain %sb_uint %buf %uint_0
               OpStore %o1 %x`,
      ),
      ['eliminate-dead-members'],
      {
        checks: `
        ; CHECK: OpMemberDecorate %B 0 Offset 0
        ; CHECK-NEXT: OpMemberDecorate %B 1 Offset 4
        ; CHECK-NEXT: OpDecorate %B Block
        ; CHECK-NOT: OpMemberDecorate %U 1
        ; CHECK: OpMemberDecorate %U 0 Offset 8
        ; CHECK-NOT: OpMemberDecorate %U
        ; CHECK: %B = OpTypeStruct %uint %arr4
        ; CHECK: %U = OpTypeStruct %uint
        ; CHECK: %u2 = OpAccessChain %uni_uint %ubo %uint_0
      `,
      },
    );
  });

  it('drops the constituents of a construct and an insert into a removed member', () => {
    checkPasses(
      shader(
        BUFFER_DECORATIONS,
        `${BUFFER_TYPES}
          %S = OpTypeStruct %uint %uint %uint
       %fn_S = OpTypePointer Function %S`,
        `          %c = OpCompositeConstruct %S %uint_1 %uint_2 %uint_3
          %i = OpCompositeInsert %S %uint_4 %c 0
          %j = OpCompositeInsert %S %uint_4 %i 2
          %x = OpCompositeExtract %uint %j 2
         %o1 = OpAccessChain %sb_uint %buf %uint_0
               OpStore %o1 %x`,
      ),
      ['eliminate-dead-members'],
      {
        checks: `
        ; CHECK: %S = OpTypeStruct %uint
        ; CHECK: %c = OpCompositeConstruct %S %uint_3
        ; CHECK-NEXT: %j = OpCompositeInsert %S %uint_4 %c 0
        ; CHECK-NEXT: %x = OpCompositeExtract %uint %j 0
      `,
      },
    );
  });

  it('takes Shader as declared by a capability that implies it', () => {
    const text = shader(
      BUFFER_DECORATIONS,
      `${BUFFER_TYPES}
          %S = OpTypeStruct %uint %uint
       %pr_S = OpTypePointer Private %S
    %pr_uint = OpTypePointer Private %uint
          %p = OpVariable %pr_S Private`,
      `         %p1 = OpAccessChain %pr_uint %p %uint_1
          %x = OpLoad %uint %p1
         %o1 = OpAccessChain %sb_uint %buf %uint_0
               OpStore %o1 %x`,
    ).replace('OpCapability Shader', 'OpCapability Geometry');
    checkPasses(text, ['eliminate-dead-members'], { checks: '; CHECK: %S = OpTypeStruct %uint\n; CHECK: %p1 = OpAccessChain %pr_uint %p %uint_0' });
  });

  it('leaves structs stored whole, passed by value, or in Input, Output and storage-buffer memory', () => {
    const { result } = checkPasses(
      shader(
        BUFFER_DECORATIONS,
        `${BUFFER_TYPES}
          %S = OpTypeStruct %uint %uint
       %fn_S = OpTypePointer Function %S
          %T = OpTypeStruct %uint %uint
          %u = OpUndef %T`,
        `          %l = OpVariable %fn_S Function
          %c = OpCompositeConstruct %S %uint_1 %uint_2
               OpStore %l %c
          %t = OpCopyObject %T %u
          %x = OpCompositeExtract %uint %t 1
         %o1 = OpAccessChain %sb_uint %buf %uint_0
               OpStore %o1 %x`,
      ),
      ['eliminate-dead-members'],
      { checks: '; CHECK: %S = OpTypeStruct %uint %uint\n; CHECK: %T = OpTypeStruct %uint %uint' },
    );
    expect(result.changed).toBe(false);
  });
});
