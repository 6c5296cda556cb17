import { assemble, encodeModule, Op } from '@spvkit/core';
import { describe, expect, it } from 'vitest';
import { validate } from '../validate.js';

const TEXT = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %main "main"
OpDecorate %a RelaxedPrecision
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%int = OpTypeInt 32 1
%int_1 = OpConstant %int 1
%ptr = OpTypePointer Function %int
%main = OpFunction %void None %fn
%entry = OpLabel
%a = OpIAdd %int %int_1 %int_1
OpReturn
OpFunctionEnd
`;

/** Word ranges of the instructions of `words`, in order. */
function instructions(words: Uint32Array): [number, number][] {
  const out: [number, number][] = [];
  for (let at = 5; at < words.length; at += words[at] >>> 16) out.push([at, words[at] >>> 16]);
  return out;
}

/** The module with instruction `from` (the first of opcode `op` counting from 0) moved before instruction `to`. */
function move(words: Uint32Array, op: number, beforeOp: number): Uint32Array {
  const list = instructions(words);
  const from = list.find(([at]) => (words[at] & 0xffff) === op)!;
  const to = list.find(([at]) => (words[at] & 0xffff) === beforeOp)!;
  const moved = [...words.subarray(from[0], from[0] + from[1])];
  const rest = [...words];
  rest.splice(from[0], from[1]);
  const target = to[0] > from[0] ? to[0] - from[1] : to[0];
  rest.splice(target, 0, ...moved);
  return Uint32Array.from(rest);
}

function drop(words: Uint32Array, op: number): Uint32Array {
  const [at, n] = instructions(words).find(([p]) => (words[p] & 0xffff) === op)!;
  const rest = [...words];
  rest.splice(at, n);
  return Uint32Array.from(rest);
}

const words = (): Uint32Array => encodeModule(assemble(TEXT, { targetEnv: 'vulkan1.1' }));
const codes = (w: Uint32Array): string[] => validate(w).map((d) => d.code);

// Rejections as Debian spirv-val 2023.1 words them, for each mutation.
describe('layout: the sections of the logical layout, functions and blocks', () => {
  it('accepts the module as assembled', () => {
    expect(codes(words())).toEqual([]);
  });

  it('an OpName among the types (spirv-val: Name cannot appear in a function declaration / is out of order)', () => {
    const moved = move(words(), Op.Name, Op.TypeFunction);
    const found = validate(moved);
    expect(found.map((d) => [d.code, d.opcode])).toEqual([['spvkit-layout-order', Op.Name]]);
    expect(found[0].message).toBe('OpName is out of the order of the logical layout: its section comes earlier');
  });

  it('an instruction ahead of its section is blamed alone, not every instruction after it', () => {
    const found = validate(move(words(), Op.EntryPoint, Op.Capability));
    expect(found.map((d) => [d.code, d.opcode])).toEqual([['spvkit-layout-order', Op.EntryPoint]]);
    expect(found[0].message).toBe('OpEntryPoint is out of the order of the logical layout: its section comes later');
  });

  it('a decoration before the debug names, an OpCapability after OpMemoryModel', () => {
    expect(codes(move(words(), Op.Decorate, Op.Name))).toEqual(['spvkit-layout-order']);
    expect(codes(move(words(), Op.MemoryModel, Op.Capability))).toEqual(['spvkit-layout-order']);
  });

  it('a type after the first function (spirv-val: TypePointer cannot appear in a function declaration)', () => {
    expect(codes(move(words(), Op.TypePointer, Op.FunctionEnd))).toEqual(['spvkit-layout-in-function']);
    // Past OpFunctionEnd: outside any function, but after the functions began.
    const w = words();
    const list = instructions(w);
    const [at, n] = list.find(([p]) => (w[p] & 0xffff) === Op.TypePointer)!;
    const rest = [...w];
    const moved = rest.splice(at, n);
    rest.push(...moved);
    expect(codes(Uint32Array.from(rest))).toEqual(['spvkit-layout-order']);
  });

  it('no OpMemoryModel (spirv-val: Missing required OpMemoryModel instruction)', () => {
    const found = validate(drop(words(), Op.MemoryModel));
    expect(found.map((d) => [d.code, d.instructionIndex])).toEqual([['spvkit-layout-memory-model', -1]]);
  });

  it('an instruction of a body outside a function (spirv-val: IAdd must appear in a block)', () => {
    expect(codes(move(words(), Op.IAdd, Op.Function))).toEqual(['spvkit-layout-outside-function']);
  });

  it('a block without terminator, an instruction after the terminator, a type in a body', () => {
    expect(codes(drop(words(), Op.Return))).toEqual(['spvkit-layout-block']);
    expect(codes(move(words(), Op.IAdd, Op.FunctionEnd))).toEqual(['spvkit-layout-block']);
    expect(codes(move(words(), Op.TypeBool, Op.IAdd))).toEqual(['spvkit-layout-in-function']);
  });

  it('a function without OpFunctionEnd', () => {
    expect(codes(drop(words(), Op.FunctionEnd))).toEqual(['spvkit-layout-function']);
  });

  it('OpVariable after another instruction of the entry block, OpPhi after another instruction', () => {
    const late = TEXT.replace('%a = OpIAdd %int %int_1 %int_1', '%a = OpIAdd %int %int_1 %int_1\n%v = OpVariable %ptr Function');
    expect(codes(encodeModule(assemble(late, { targetEnv: 'vulkan1.1' })))).toEqual(['spvkit-layout-variable']);
    const phi = TEXT.replace('%a = OpIAdd %int %int_1 %int_1', '%a = OpIAdd %int %int_1 %int_1\n%p = OpPhi %int');
    expect(codes(encodeModule(assemble(phi, { targetEnv: 'vulkan1.1' })))).toEqual(['spvkit-layout-phi']);
  });
});
