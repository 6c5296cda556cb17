import { describe, expect, it } from 'vitest';
import { assemble, decodeModule, disassemble, encodeModule, Op } from '@spvkit/core';
import { warmUpAssembler } from './warmUpAssembler.js';
import { warmUpText } from './warmUpText.js';

// The warm-up text is assembled silently before the first large text of a process; an error in it
// would be thrown from an unrelated assemble() call. spirv-val checks its binary in
// test/oracle/assembler.test.ts.
describe('warmUpText', () => {
  it('assembles without diagnostics, and its disassembly assembles to the same words', () => {
    const warnings: unknown[] = [];
    const words = encodeModule(assemble(warmUpText, { onWarning: (w) => warnings.push(w) }));
    expect(warnings).toEqual([]);
    expect(Array.from(encodeModule(assemble(disassemble(decodeModule(words)))))).toEqual(Array.from(words));
  });

  it('has both halves of a module: declarations and function bodies with the common instructions', () => {
    const m = assemble(warmUpText, { lazyFunctions: false });
    expect(m.debugNames.length).toBeGreaterThan(10);
    expect(m.annotations.length).toBeGreaterThan(5);
    expect(m.debugStrings.some((i) => i.opcode === Op.Source)).toBe(true);
    const body = m.functions.flatMap((f) => f.blocks.flatMap((b) => b.instructions.map((i) => i.opcode)));
    expect(m.functions.length).toBe(2);
    for (const op of [Op.Load, Op.Store, Op.AccessChain, Op.IAdd, Op.BranchConditional, Op.LoopMerge, Op.ExtInst, Op.FunctionCall, Op.Line]) {
      expect(body).toContain(op);
    }
  });
});

describe('warmUpAssembler', () => {
  it('warms up once, for a text of at least 1 MiB only, and leaves the next assemble() alone', () => {
    // Not observable from outside but by its time; what must hold is that it never throws and
    // that assembling after it gives the same words as before it.
    const text = '; SPIR-V\nOpCapability Shader\nOpMemoryModel Logical GLSL450\n';
    const before = Array.from(encodeModule(assemble(text)));
    warmUpAssembler(10);
    warmUpAssembler(1 << 20);
    warmUpAssembler(1 << 21);
    expect(Array.from(encodeModule(assemble(text)))).toEqual(before);
  });
});
