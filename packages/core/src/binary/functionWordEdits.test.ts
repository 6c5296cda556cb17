// Word edits of a module's undecoded bodies: recorded against the words as decoded, written once
// by encodeModule, applied first by whatever needs the edited words or the decoded functions.
import { describe, expect, it } from 'vitest';
import { assemble } from '../text/assembler/assemble.js';
import { disassemble } from '../text/disassembler/disassemble.js';
import { decodeModule } from './decodeModule.js';
import { encodeModule } from './encodeModule.js';
import { replaceFunctionWords } from './replaceFunctionWords.js';
import { instructionEnd } from '../words/instructionSteps.js';
import { Op } from '../grammar/index.js';
import type { Analysis, Module } from '../ir/Module.js';

const text = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%one = OpConstant %int 1
%two = OpConstant %int 2
%ptr = OpTypePointer Function %int
%helper = OpFunction %void None %fn
%h = OpLabel
OpReturn
OpFunctionEnd
%main = OpFunction %void None %fn
%entry = OpLabel
%v = OpVariable %ptr Function
OpStore %v %one
OpStore %v %two
OpReturn
OpFunctionEnd
`;

const decoded = (): Module => decodeModule(encodeModule(assemble(text)));
const textOf = (module: Module): string => disassemble(decodeModule(encodeModule(module)), { raw: true });

/** Word index of the n-th (from 0) instruction with `opcode` in `words`, and just past it. */
function find(words: Uint32Array, opcode: number, n = 0): [number, number] {
  for (let pos = 0, end: number; pos < words.length; pos = end) {
    end = instructionEnd(words, pos);
    if ((words[pos] & 0xffff) === opcode && n-- === 0) return [pos, end];
  }
  throw new Error(`no opcode ${opcode}`);
}

describe('Module.editFunctionWords', () => {
  it('records edits against the bodies as decoded, and encodeModule writes them', () => {
    const module = decoded();
    const edits = module.functionWordEdits()!;
    const words = edits.words;
    const [storeOne, storeOneEnd] = find(words, Op.Store, 0);
    const [helper] = find(words, Op.Function, 0);
    const [, helperEnd] = find(words, Op.FunctionEnd, 0);
    expect(
      module.editFunctionWords((e) => {
        e.remove(storeOne, storeOneEnd);
        e.remove(helper, helperEnd);
      }),
    ).toBe(true);
    expect(module.hasLazyFunctions).toBe(true);
    const out = textOf(module);
    expect(out.match(/OpFunction /g)).toHaveLength(1);
    expect(out.match(/OpStore/g)).toHaveLength(1);
    expect(out).toMatch(/OpStore %\w+ %int_2/);
    // The original words are as they were.
    expect(find(words, Op.Store, 1)[0]).toBeGreaterThan(storeOne);
  });

  it('applies the edits before giving the words or the functions', () => {
    const module = decoded();
    const words = module.functionWordEdits()!.words;
    const [helper] = find(words, Op.Function, 0);
    const [, helperEnd] = find(words, Op.FunctionEnd, 0);
    module.editFunctionWords((e) => e.remove(helper, helperEnd));
    expect(module.lazyFunctionWords()!.length).toBe(words.length - (helperEnd - helper));
    expect(module.functionWordEdits()!.any).toBe(false);
    expect(module.functions.map((f) => f.definition.resultId)).toHaveLength(1);
    // Decoded now: no more word edits.
    expect(module.functionWordEdits()).toBeNull();
    expect(module.editFunctionWords(() => undefined)).toBe(false);
  });

  it('tells the cached analyses once, and only when something was recorded', () => {
    const module = decoded();
    let builds = 0;
    const counting: Analysis<number> = { name: 'count', build: () => ++builds };
    module.analysis(counting);
    module.editFunctionWords(() => undefined);
    module.analysis(counting);
    expect(builds).toBe(1);
    const [store, end] = find(module.functionWordEdits()!.words, Op.Store, 0);
    module.editFunctionWords((e) => {
      e.remove(store, end);
      e.insert(store, module.functionWordEdits()!.words.subarray(store, end));
    });
    module.analysis(counting);
    expect(builds).toBe(2);
    expect(encodeModule(module)).toEqual(encodeModule(decoded()));
  });

  it('edits bodies given by replaceFunctionWords, and renames ids in them', () => {
    const module = decoded();
    const words = module.lazyFunctionWords()!.slice();
    replaceFunctionWords(module, words);
    const [store, end] = find(words, Op.Store, 1);
    // OpStore %v %two: its object operand is word store + 2.
    const two = words[store + 2];
    const one = words[find(words, Op.Store, 0)[0] + 2];
    module.editFunctionWords((e) => {
      e.rename(Int32Array.of(store + 2), new Map([[two, one]]));
      e.remove(end, end);
    });
    expect(textOf(module).match(/OpStore %\w+ %int_1/g)).toHaveLength(2);
  });
});
