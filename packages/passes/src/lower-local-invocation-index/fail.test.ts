/**
 * The names refusals give opcodes (fail.ts keeps its own short list, so a page that lowers does
 * not carry core's full opcode-name table): each is core's name for that opcode, and an opcode
 * outside the list is named by number.
 */
import { Op, assemble, decodeModule, encodeModule, opcodeName } from '@spvkit/core';
import { describe, expect, it } from 'vitest';
import { REFUSAL_OPCODES, fail, refusalOpcodeName } from './fail.js';

describe('refusal opcode names', () => {
  it('are core grammar names, one per opcode', () => {
    const ops = Object.values(REFUSAL_OPCODES);
    expect(new Set(ops).size).toBe(ops.length);
    for (const [name, op] of Object.entries(REFUSAL_OPCODES)) {
      expect(opcodeName(op), name).toBe(`Op${name}`);
      expect(refusalOpcodeName(op)).toBe(`Op${name}`);
    }
  });

  it('name an opcode outside the list by number, and leave opname out', () => {
    const module = decodeModule(
      encodeModule(
        assemble(`OpCapability Shader
OpMemoryModel Logical GLSL450
%uint = OpTypeInt 32 0
%ptr = OpTypePointer Input %uint
%v = OpVariable %ptr Input
%rt = OpTypeRuntimeArray %uint
`),
      ),
    );
    const inst = module.globals.find((i) => i.opcode === Op.TypeRuntimeArray)!;
    expect(refusalOpcodeName(Op.TypeRuntimeArray)).toBeUndefined();
    const e = fail(module, inst, 'is a test');
    expect(e.message).toBe(`lower-local-invocation-index: opcode ${Op.TypeRuntimeArray} %${inst.resultId} is a test`);
    expect(e.opname).toBeUndefined();
    const v = fail(
      module,
      module.globals.find((i) => i.opcode === Op.Variable)!,
      'is a test',
    );
    expect(v.message).toMatch(/^lower-local-invocation-index: OpVariable %\d+ is a test$/);
    expect(v.opname).toBe('OpVariable');
  });
});
