import { describe, expect, it } from 'vitest';
import { Op, assemble, decoratesTarget, disassemble } from '@spvkit/core';
import { removeDecorationsOf } from './removeDecorationsOf.js';

describe('removeDecorationsOf', () => {
  it('takes every annotation whose first operand is a removed id, OpMemberDecorateIdEXT included, and its names', () => {
    const module = assemble(`
               OpCapability Shader
               OpCapability DescriptorHeapEXT
               OpExtension "SPV_EXT_descriptor_heap"
               OpMemoryModel Logical GLSL450
               OpName %gone "gone"
               OpMemberName %gone 0 "x"
               OpName %kept "kept"
               OpDecorate %gone Block
               OpMemberDecorate %gone 0 Offset 0
               OpMemberDecorateIdEXT %gone 0 UniformId %scope
               OpDecorate %kept Block
       %uint = OpTypeInt 32 0
      %scope = OpConstant %uint 3
       %gone = OpTypeStruct %uint
       %kept = OpTypeStruct %uint %uint
`);
    const gone = module.debugNames[0].word(0);
    removeDecorationsOf(module, new Set([gone]));
    const text = disassemble(module, { header: false });
    expect(text).not.toMatch(/%gone/);
    expect(text).toContain('OpName %kept "kept"');
    expect(text).toContain('OpDecorate %kept Block');
  });

  it('leaves decoration groups to their own handling (their first operand is the group)', () => {
    expect([Op.Decorate, Op.DecorateId, Op.DecorateString, Op.MemberDecorate, Op.MemberDecorateString].every(decoratesTarget)).toBe(true);
    expect([Op.DecorationGroup, Op.GroupDecorate, Op.GroupMemberDecorate, Op.Name].some(decoratesTarget)).toBe(false);
  });
});
