import { assemble, decodeModule, disassemble, encodeModule, runPasses } from '@spvkit/core';
import { checkPasses } from '@spvkit/core/testing';
import { describe, expect, it } from 'vitest';
import '../../index.js';

const HEAD = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
NAMES
               OpDecorate %buf_t Block
               OpMemberDecorate %buf_t 0 Offset 0
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
       %true = OpConstantTrue %bool
      %false = OpConstantFalse %bool
       %spec = OpSpecConstantTrue %bool
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_2 = OpConstant %uint 2
      %buf_t = OpTypeStruct %uint
      %ptr_t = OpTypePointer StorageBuffer %buf_t
       %uptr = OpTypePointer StorageBuffer %uint
        %buf = OpVariable %ptr_t StorageBuffer
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %p = OpAccessChain %uptr %buf %uint_0
          %c = OpLoad %uint %p
`;
const TAIL = `
               OpFunctionEnd`;

/** The module with an OpName for every id the function defines, so the checks can name them. */
function named(text: string): string {
  const body = text.slice(text.indexOf('%main = OpFunction'));
  const ids = [...body.matchAll(/%(\w+) = Op/g)].map((m) => m[1]);
  return text.replace('NAMES', ids.map((id) => `               OpName %${id} "${id}"`).join('\n'));
}

/** A selection on `condition` whose arms give the merge's OpPhi 1+1 or 2. */
const selection = (condition: string): string => `${HEAD}
               OpSelectionMerge %merge None
               OpBranchConditional ${condition} %then %else
       %then = OpLabel
          %x = OpIAdd %uint %uint_1 %uint_1
               OpBranch %merge
       %else = OpLabel
               OpBranch %merge
      %merge = OpLabel
          %v = OpPhi %uint %x %then %uint_2 %else
               OpStore %p %v
               OpReturn${TAIL}`;

function unchanged(text: string, pass: string): void {
  const before = encodeModule(assemble(named(text)));
  const module = decodeModule(before);
  expect(runPasses(module, [pass], { checkConsistency: true })).toMatchObject({ ok: true, changed: false });
  expect(encodeModule(module)).toEqual(before);
}

describe('eliminate-dead-branches', () => {
  it('takes the false arm of a branch on false: the header loses its merge, the then arm and its name go, the OpPhi becomes its value', () => {
    checkPasses(named(selection('%false')), ['eliminate-dead-branches'], {
      checks: `
        ; CHECK-NOT: OpName %then
        ; CHECK-NOT: OpName %x
        ; CHECK: %entry = OpLabel
        ; CHECK-NOT: OpSelectionMerge
        ; CHECK: OpBranch %else
        ; CHECK-NOT: %then = OpLabel
        ; CHECK: %else = OpLabel
        ; CHECK-NEXT: OpBranch %merge
        ; CHECK: %merge = OpLabel
        ; CHECK-NEXT: OpStore %p %uint_2
      `,
    });
  });

  it('takes the true arm of a branch on true', () => {
    checkPasses(named(selection('%true')), ['eliminate-dead-branches'], {
      checks: `
        ; CHECK: OpBranch %then
        ; CHECK-NOT: %else = OpLabel
        ; CHECK: %merge = OpLabel
        ; CHECK-NEXT: OpStore %p %x
      `,
    });
  });

  it('leaves branches on spec constants and on loaded values alone', () => {
    unchanged(selection('%spec'), 'eliminate-dead-branches');
    unchanged(
      selection('%cond').replace('          %c = OpLoad %uint %p', '          %c = OpLoad %uint %p\n       %cond = OpIEqual %bool %c %uint_1'),
      'eliminate-dead-branches',
    );
  });

  it('takes the case of a switch on a constant, or its default', () => {
    const sw = (selector: string): string => `${HEAD}
               OpSelectionMerge %m None
               OpSwitch ${selector} %d 1 %c1 2 %c2
          %d = OpLabel
               OpStore %p %uint_0
               OpBranch %m
         %c1 = OpLabel
               OpStore %p %uint_1
               OpBranch %m
         %c2 = OpLabel
               OpStore %p %uint_2
               OpBranch %m
          %m = OpLabel
               OpReturn${TAIL}`;
    checkPasses(named(sw('%uint_2')), ['eliminate-dead-branches'], {
      checks: `
        ; CHECK-NOT: OpSelectionMerge
        ; CHECK: OpBranch %c2
        ; CHECK-NOT: %d = OpLabel
        ; CHECK-NOT: %c1 = OpLabel
        ; CHECK: %c2 = OpLabel
        ; CHECK-NEXT: OpStore %p %uint_2
      `,
    });
    checkPasses(named(sw('%uint_0')), ['eliminate-dead-branches'], {
      checks: `
        ; CHECK: OpBranch %d
        ; CHECK: %d = OpLabel
        ; CHECK-NOT: %c1 = OpLabel
        ; CHECK-NOT: %c2 = OpLabel
      `,
    });
  });

  it('keeps a loop header’s merge, and a loop merge nothing reaches any more as OpUnreachable', () => {
    const loop = `${HEAD}
               OpBranch %h
          %h = OpLabel
               OpLoopMerge %lm %lc None
               OpBranchConditional %true %body %lm
       %body = OpLabel
               OpStore %p %uint_1
               OpBranch %lc
         %lc = OpLabel
               OpBranch %h
         %lm = OpLabel
               OpStore %p %uint_2
               OpReturn${TAIL}`;
    checkPasses(named(loop), ['eliminate-dead-branches'], {
      checks: `
        ; CHECK: %h = OpLabel
        ; CHECK-NEXT: OpLoopMerge %lm %lc None
        ; CHECK-NEXT: OpBranch %body
        ; CHECK: %lc = OpLabel
        ; CHECK-NEXT: OpBranch %h
        ; CHECK: %lm = OpLabel
        ; CHECK-NEXT: OpUnreachable
      `,
    });
  });

  it('empties a continue target nothing reaches into a branch back to its header, whose OpPhi gets an undefined value from it', () => {
    const loop = `${HEAD}
               OpBranch %h
          %h = OpLabel
          %i = OpPhi %uint %uint_0 %entry %next %lc
               OpLoopMerge %lm %lc None
               OpBranch %body
       %body = OpLabel
               OpBranchConditional %true %lm %lc
         %lc = OpLabel
       %next = OpIAdd %uint %i %uint_1
               OpBranch %h
         %lm = OpLabel
               OpStore %p %i
               OpReturn${TAIL}`;
    checkPasses(named(loop), ['eliminate-dead-branches'], {
      checks: `
        ; CHECK: [[UNDEF:%\\w+]] = OpUndef %uint
        ; CHECK: %h = OpLabel
        ; CHECK-NEXT: %i = OpPhi %uint %uint_0 %entry [[UNDEF]] %lc
        ; CHECK: %body = OpLabel
        ; CHECK-NEXT: OpBranch %lm
        ; CHECK: %lc = OpLabel
        ; CHECK-NEXT: OpBranch %h
        ; CHECK: %lm = OpLabel
      `,
    });
  });

  it('keeps a back edge that the constant would turn into a loop exit', () => {
    const loop = `${HEAD}
               OpBranch %h
          %h = OpLabel
               OpLoopMerge %lm %lc None
               OpBranch %lc
         %lc = OpLabel
               OpBranchConditional %false %h %lm
         %lm = OpLabel
               OpReturn${TAIL}`;
    unchanged(loop, 'eliminate-dead-branches');
  });

  it('keeps a selection whose arm holds a break branch without its own merge', () => {
    const loop = `${HEAD}
               OpBranch %h
          %h = OpLabel
               OpLoopMerge %lm %lc None
               OpBranch %body
       %body = OpLabel
               OpSelectionMerge %sm None
               OpBranchConditional %true %arm %sm
        %arm = OpLabel
       %cond = OpIEqual %bool %c %uint_1
               OpBranchConditional %cond %lm %sm
         %sm = OpLabel
               OpBranch %lc
         %lc = OpLabel
               OpBranch %h
         %lm = OpLabel
               OpReturn${TAIL}`;
    unchanged(loop, 'eliminate-dead-branches');
  });

  it('keeps the switch on a constant that wraps a function with an early return: the return breaks to its merge from inside a nested selection', () => {
    const wrapped = `${HEAD}
               OpSelectionMerge %ret None
               OpSwitch %uint_0 %body
       %body = OpLabel
       %cond = OpIEqual %bool %c %uint_1
               OpSelectionMerge %inner None
               OpBranchConditional %cond %early %inner
      %early = OpLabel
               OpBranch %ret
      %inner = OpLabel
               OpStore %p %uint_2
               OpBranch %ret
        %ret = OpLabel
               OpReturn${TAIL}`;
    unchanged(wrapped, 'eliminate-dead-branches');
    // Without the early return the wrapper goes.
    checkPasses(named(wrapped.replace('OpBranchConditional %cond %early %inner', 'OpBranchConditional %cond %inner %inner')), ['eliminate-dead-branches'], {
      checks: `
        ; CHECK: %c = OpLoad %uint %p
        ; CHECK-NEXT: OpBranch %body
      `,
    });
  });
});

describe('cfg-cleanup', () => {
  it('removes a block nothing reaches, with its name, and its pair in the OpPhi of a reached block', () => {
    const text = `${HEAD}
               OpBranch %merge
       %then = OpLabel
          %x = OpIAdd %uint %uint_1 %uint_1
               OpBranch %merge
      %merge = OpLabel
          %v = OpPhi %uint %uint_2 %entry %x %then
               OpStore %p %v
               OpReturn${TAIL}`;
    checkPasses(named(text), ['cfg-cleanup'], {
      checks: `
        ; CHECK-NOT: OpName %then
        ; CHECK-NOT: OpName %x
        ; CHECK: %entry = OpLabel
        ; CHECK-NOT: %then = OpLabel
        ; CHECK: %merge = OpLabel
        ; CHECK-NEXT: %v = OpPhi %uint %uint_2 %entry
      `,
    });
  });

  it('keeps the merge block and continue target of a reached loop, and what they reach, though no branch reaches them', () => {
    const text = `${HEAD}
               OpBranch %h
          %h = OpLabel
               OpLoopMerge %lm %lc None
               OpBranch %body
       %body = OpLabel
               OpReturn
         %lc = OpLabel
               OpBranch %h
         %lm = OpLabel
               OpBranch %after
      %after = OpLabel
               OpReturn${TAIL}`;
    unchanged(text, 'cfg-cleanup');
  });

  it('changes nothing where every block is reached', () => {
    unchanged(selection('%false'), 'cfg-cleanup');
  });
});

describe('merge-blocks', () => {
  it('merges a chain of blocks each the only successor and predecessor of the next, replacing single-valued OpPhis', () => {
    const text = `${HEAD}
               OpBranch %a
          %a = OpLabel
          %y = OpIAdd %uint %c %uint_1
               OpBranch %b
          %b = OpLabel
          %z = OpPhi %uint %y %a
               OpStore %p %z
               OpReturn${TAIL}`;
    checkPasses(named(text), ['merge-blocks'], {
      checks: `
        ; CHECK: %entry = OpLabel
        ; CHECK-NEXT: %p = OpAccessChain
        ; CHECK-NEXT: %c = OpLoad
        ; CHECK-NEXT: %y = OpIAdd %uint %c %uint_1
        ; CHECK-NEXT: OpStore %p %y
        ; CHECK-NEXT: OpReturn
        ; CHECK-NOT: OpLabel
      `,
    });
  });

  it('names the merged block as the parent in the OpPhis after it', () => {
    const text = `${HEAD}
               OpSelectionMerge %merge None
               OpBranchConditional %spec %then %else
       %then = OpLabel
               OpBranch %more
       %more = OpLabel
          %x = OpIAdd %uint %uint_1 %uint_1
               OpBranch %merge
       %else = OpLabel
               OpBranch %merge
      %merge = OpLabel
          %v = OpPhi %uint %x %more %uint_2 %else
               OpStore %p %v
               OpReturn${TAIL}`;
    checkPasses(named(text), ['merge-blocks'], {
      checks: `
        ; CHECK: %then = OpLabel
        ; CHECK-NEXT: %x = OpIAdd
        ; CHECK-NEXT: OpBranch %merge
        ; CHECK: %v = OpPhi %uint %x %then %uint_2 %else
      `,
    });
  });

  it('puts the body into a loop header, keeping its OpLoopMerge just before the branch', () => {
    const text = `${HEAD}
               OpBranch %h
          %h = OpLabel
               OpLoopMerge %lm %lc None
               OpBranch %body
       %body = OpLabel
               OpStore %p %uint_1
               OpBranchConditional %spec %lm %lc
         %lc = OpLabel
               OpBranch %h
         %lm = OpLabel
               OpReturn${TAIL}`;
    checkPasses(named(text), ['merge-blocks'], {
      checks: `
        ; CHECK: %h = OpLabel
        ; CHECK-NEXT: OpStore %p %uint_1
        ; CHECK-NEXT: OpLoopMerge %lm %lc None
        ; CHECK-NEXT: OpBranchConditional {{%\\w+}} %lm %lc
        ; The continue target and the merge block stay their own blocks.
        ; CHECK: %lc = OpLabel
        ; CHECK: %lm = OpLabel
      `,
    });
  });

  it('leaves merge blocks, continue targets and blocks with two predecessors alone', () => {
    unchanged(selection('%spec'), 'merge-blocks');
    const text = `${HEAD}
               OpSelectionMerge %merge None
               OpBranchConditional %spec %then %merge
       %then = OpLabel
               OpReturn
      %merge = OpLabel
               OpReturn${TAIL}`;
    unchanged(text, 'merge-blocks');
  });
});

describe('wrap-opkill', () => {
  const FRAGMENT = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main"
               OpExecutionMode %main OriginUpperLeft
               OpName %helper "helper"
               OpName %incont "incont"
               OpName %deeper "deeper"
               OpName %he "he"
               OpName %k "k"
               OpName %de "de"
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
      %float = OpTypeFloat 32
     %fn_f32 = OpTypeFunction %float
       %true = OpConstantTrue %bool
    %float_1 = OpConstant %float 1
       %main = OpFunction %void None %fn
      %entry = OpLabel
         %c1 = OpFunctionCall %void %helper
               OpBranch %h
          %h = OpLabel
               OpLoopMerge %m %cont None
               OpBranchConditional %true %m %cont
       %cont = OpLabel
         %c2 = OpFunctionCall %void %incont
               OpBranch %h
          %m = OpLabel
               OpReturn
               OpFunctionEnd
     %helper = OpFunction %void None %fn
         %he = OpLabel
               OpKill
               OpFunctionEnd
     %incont = OpFunction %void None %fn
         %ie = OpLabel
         %c3 = OpFunctionCall %float %deeper
               OpSelectionMerge %im None
               OpBranchConditional %true %k %im
          %k = OpLabel
               OpKill
         %im = OpLabel
               OpReturn
               OpFunctionEnd
     %deeper = OpFunction %float None %fn_f32
         %de = OpLabel
               OpKill
               OpFunctionEnd`;

  it('wraps the OpKills of functions a continue construct calls, directly or not, and leaves the others', () => {
    checkPasses(FRAGMENT, ['wrap-opkill'], {
      checks: `
        ; CHECK: [[UNDEF:%\\w+]] = OpUndef %float
        ; CHECK: %helper = OpFunction
        ; CHECK-NEXT: %he = OpLabel
        ; CHECK-NEXT: OpKill
        ; CHECK: %incont = OpFunction
        ; CHECK: %k = OpLabel
        ; CHECK-NEXT: {{%\\w+}} = OpFunctionCall %void [[KILL:%\\w+]]
        ; CHECK-NEXT: OpReturn
        ; CHECK: %deeper = OpFunction
        ; CHECK-NEXT: %de = OpLabel
        ; CHECK-NEXT: {{%\\w+}} = OpFunctionCall %void [[KILL]]
        ; CHECK-NEXT: OpReturnValue [[UNDEF]]
        ; CHECK: [[KILL]] = OpFunction %void None {{%\\w+}}
        ; CHECK-NEXT: OpLabel
        ; CHECK-NEXT: OpKill
        ; CHECK-NEXT: OpFunctionEnd
      `,
    });
  });

  it('leaves the wrappers it made alone on a second run', () => {
    const module = assemble(FRAGMENT);
    expect(runPasses(module, ['wrap-opkill'])).toMatchObject({ ok: true, changed: true });
    unchanged(disassemble(module), 'wrap-opkill');
  });

  it('changes nothing where no continue construct calls a function', () => {
    unchanged(FRAGMENT.replace('%c2 = OpFunctionCall %void %incont', '%c2 = OpCopyObject %bool %true'), 'wrap-opkill');
  });
});

describe('if-conversion', () => {
  const diamond = (control: string, elseValue: string): string => `${HEAD}
       %cond = OpULessThan %bool %c %uint_2
               OpSelectionMerge %merge ${control}
               OpBranchConditional %cond %merge %else
       %else = OpLabel
          %y = OpIAdd %uint %c %uint_1
               OpStore %p %uint_1
               OpBranch %merge
      %merge = OpLabel
          %v = OpPhi %uint %c %entry ${elseValue} %else
               OpStore %p %v
               OpReturn${TAIL}`;

  it('turns the OpPhi of a two-way selection over values computed before the branch into an OpSelect, keeping its name; the branches stay', () => {
    checkPasses(named(diamond('None', '%uint_2')), ['if-conversion'], {
      checks: `
        ; CHECK: OpName %v "v"
        ; CHECK: OpSelectionMerge %merge None
        ; CHECK-NEXT: OpBranchConditional %cond %merge %else
        ; CHECK: %merge = OpLabel
        ; CHECK-NEXT: %v = OpSelect %uint %cond %c %uint_2
        ; CHECK-NEXT: OpStore %p %v
      `,
    });
  });

  it('splats the condition for a vector', () => {
    const text = diamond('None', '%uint_2')
      .replace('%cond = OpULessThan %bool %c %uint_2', '%cond = OpULessThan %bool %c %uint_2\n         %va = OpCompositeConstruct %v2uint %c %uint_1')
      .replace('%v = OpPhi %uint %c %entry %uint_2 %else', '%v = OpPhi %v2uint %va %entry %vnull %else\n         %v0 = OpCompositeExtract %uint %v 0')
      .replace('OpStore %p %v\n', 'OpStore %p %v0\n')
      .replace('%uint_2 = OpConstant %uint 2', '%uint_2 = OpConstant %uint 2\n     %v2uint = OpTypeVector %uint 2\n      %vnull = OpConstantNull %v2uint');
    checkPasses(named(text), ['if-conversion'], {
      checks: `
        ; CHECK: %merge = OpLabel
        ; CHECK-NEXT: [[SPLAT:%\\w+]] = OpCompositeConstruct %v2bool %cond %cond
        ; CHECK-NEXT: %v = OpSelect %v2uint [[SPLAT]] %va {{%\\w+}}
      `,
    });
  });

  it('converts an OpPhi whose value is an OpPhi converted at an earlier merge: the second OpSelect takes the first', () => {
    const chained = `${HEAD}
         %c1 = OpULessThan %bool %c %uint_2
               OpSelectionMerge %m1 None
               OpBranchConditional %c1 %m1 %e1
         %e1 = OpLabel
               OpBranch %m1
         %m1 = OpLabel
          %a = OpPhi %bool %false %entry %true %e1
         %c2 = OpULessThan %bool %c %uint_1
               OpSelectionMerge %m2 None
               OpBranchConditional %c2 %t2 %m2
         %t2 = OpLabel
               OpBranch %m2
         %m2 = OpLabel
          %b = OpPhi %bool %a %m1 %true %t2
          %r = OpSelect %uint %b %uint_1 %uint_2
               OpStore %p %r
               OpReturn${TAIL}`;
    checkPasses(named(chained), ['if-conversion'], {
      checks: `
        ; CHECK: %m1 = OpLabel
        ; CHECK-NEXT: %a = OpSelect %bool %c1 %false %true
        ; CHECK: %m2 = OpLabel
        ; CHECK-NEXT: %b = OpSelect %bool %c2 %true %a
      `,
    });
  });

  it('leaves a value an arm computes, and a header marked DontFlatten', () => {
    unchanged(diamond('None', '%y'), 'if-conversion');
    unchanged(diamond('DontFlatten', '%uint_2'), 'if-conversion');
  });
});
