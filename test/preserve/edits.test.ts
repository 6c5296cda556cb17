// The kinds of edit one at a time, with small passes written here: removal (with a trailing
// comment, or from a line it shares), insertion (before everything, between two instructions on
// one line, after the last line), changed operands (token by token, strings with blanks),
// rebuilt and moved instructions. Each time the text must assemble to the passes' module.
import { describe, expect, it } from 'vitest';
import { Capability, Function as SpvFunction, Block, Instruction, Op, assemble, encodeLiteralString, encodeModule, type Module } from '@spvkit/core';
import { preserveSource, snapshotAssembly } from '@spvkit/preserve-source';
import '@spvkit/passes'; // registers the built-in passes the runs name
import { canonicalInstructions, decodeMappings, lineDiff, linesOf } from './support.js';

const TEXT = `; two instructions on the first line
OpCapability Shader OpMemoryModel Logical GLSL450   ; two on one line
OpEntryPoint GLCompute %main "my main" %gid
OpExecutionMode %main LocalSize 1 1 1
OpName %main "main function"   ; the name
OpName %gid "gid"
OpDecorate %gid BuiltIn GlobalInvocationId
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%v3uint = OpTypeVector %uint 3
%ptr = OpTypePointer Input %v3uint
%gid = OpVariable %ptr Input
%main = OpFunction %void None %fn
%entry = OpLabel
%g = OpLoad %v3uint %gid
OpReturn
OpFunctionEnd`;

/** Runs `pass` on the assembled text and returns the edited text, checked against the module. */
function edit(pass: (m: Module) => void, text = TEXT) {
  const snapshot = snapshotAssembly(text, { targetEnv: 'vulkan1.1', file: 'in.spvasm' });
  pass(snapshot.module);
  const out = preserveSource(snapshot);
  expect(canonicalInstructions(encodeModule(assemble(out.text, { targetEnv: 'vulkan1.1' })))).toEqual(canonicalInstructions(encodeModule(snapshot.module)));
  return out;
}

const changedLines = (a: string, b: string) => {
  const d = lineDiff(linesOf(a), linesOf(b));
  return { removed: d.removed.map((l) => linesOf(a)[l]), added: d.added.map((l) => linesOf(b)[l]) };
};

describe('source-preserving edits', () => {
  it('nothing changed: the same string, and an identity map', () => {
    const out = edit(() => {});
    expect(out.changed).toBe(false);
    expect(out.text).toBe(TEXT);
  });

  it('a removed instruction alone on its line goes with the line and its comment', () => {
    const out = edit((m) => {
      m.debugNames = m.debugNames.filter((i) => i.word(0) !== m.entryPoints[0].word(1));
    });
    expect(changedLines(TEXT, out.text)).toEqual({ removed: ['OpName %main "main function"   ; the name'], added: [] });
  });

  it('a removed instruction that shares its line goes alone', () => {
    const out = edit((m) => {
      m.capabilities = [];
    });
    expect(changedLines(TEXT, out.text)).toEqual({
      removed: ['OpCapability Shader OpMemoryModel Logical GLSL450   ; two on one line'],
      added: ['OpMemoryModel Logical GLSL450   ; two on one line'],
    });
  });

  it('new instructions before everything go before the first line that has one', () => {
    const out = edit((m) => {
      m.capabilities.unshift(new Instruction(Op.Capability, 0, 0, [Capability.Int64]));
    });
    expect(out.text).toBe(TEXT.replace('OpCapability Shader', 'OpCapability Int64\nOpCapability Shader'));
  });

  it('a new instruction between two on one line breaks the line', () => {
    const out = edit((m) => {
      m.capabilities.push(new Instruction(Op.Capability, 0, 0, [Capability.Int64]));
    });
    expect(linesOf(out.text).slice(1, 3)).toEqual(['OpCapability Shader', 'OpCapability Int64']);
    expect(linesOf(out.text)[3]).toMatch(/^\s*OpMemoryModel Logical GLSL450 {3}; two on one line$/);
  });

  it('changed operands: only the tokens that changed, strings with blanks as one token', () => {
    const out = edit((m) => {
      const ep = m.entryPoints[0];
      ep.setOperands([ep.word(0), ep.word(1), ...encodeLiteralString('kernel main'), ep.word(ep.operandCount - 1)]);
      const mode = m.executionModes[0];
      mode.setWord(2, 64);
    });
    expect(changedLines(TEXT, out.text)).toEqual({
      removed: ['OpEntryPoint GLCompute %main "my main" %gid', 'OpExecutionMode %main LocalSize 1 1 1'],
      added: ['OpEntryPoint GLCompute %main "kernel main" %gid', 'OpExecutionMode %main LocalSize 64 1 1'],
    });
    expect(out.summary).toMatchObject({ modified: 2, added: 0, removed: 0 });
  });

  it('instructions a pass rebuilt with the same words keep their text', () => {
    const out = edit((m) => {
      for (const f of m.functions) {
        f.definition = f.definition.clone();
        for (const b of f.blocks) b.instructions = b.instructions.map((i) => new Instruction(i.opcode, i.typeId, i.resultId, i.operands));
        f.end = new Instruction(Op.FunctionEnd);
      }
    });
    expect(out.text).toBe(TEXT);
    expect(out.summary).toMatchObject({ modified: 0, added: 0, removed: 0 });
  });

  it('a moved instruction is removed where it was and inserted where it is', () => {
    const out = edit((m) => {
      const uint = m.globals.findIndex((i) => i.opcode === Op.TypeInt);
      const [moved] = m.globals.splice(uint, 1);
      m.globals.unshift(moved);
    });
    expect(changedLines(TEXT, out.text)).toEqual({ removed: ['%uint = OpTypeInt 32 0'], added: ['%uint = OpTypeInt 32 0'] });
    expect(linesOf(out.text).indexOf('%uint = OpTypeInt 32 0')).toBe(linesOf(out.text).indexOf('%void = OpTypeVoid') - 1);
  });

  it("the assembler's warnings about the input are given once, not again for the edited text", () => {
    const warnings: string[] = [];
    const snapshot = snapshotAssembly(TEXT.replace('"gid"', '"g\\nid"'), { onWarning: (w) => warnings.push(w.message) });
    expect(warnings).toHaveLength(1);
    snapshot.module.debugNames.shift();
    expect(preserveSource(snapshot).changed).toBe(true);
    expect(warnings).toHaveLength(1);
  });

  it('a new function after the last line, which has no line break', () => {
    let fn: SpvFunction | undefined;
    const out = edit((m) => {
      const fnType = m.globals.find((i) => i.opcode === Op.TypeFunction)!;
      const voidType = m.globals.find((i) => i.opcode === Op.TypeVoid)!;
      const id = m.ids.allocate();
      const label = new Instruction(Op.Label, 0, m.ids.allocate());
      fn = new SpvFunction(
        new Instruction(Op.Function, voidType.resultId, id, [0, fnType.resultId]),
        [],
        [new Block(label, [new Instruction(Op.Return)])],
        new Instruction(Op.FunctionEnd),
      );
      m.functions.push(fn);
    });
    expect(out.text).toBe(`${TEXT}\n%function = OpFunction %void None %fn\n%label = OpLabel\nOpReturn\nOpFunctionEnd`);
    // Appended text has no mapping of its own: it is located at the last line that has one.
    expect(decodeMappings(out.sourceMap().mappings)[18]).toEqual([]);
    expect(out.generatedLocation(fn!.definition)).toEqual({ line: 19, column: 1 });
    expect(out.originalLocation(fn!.definition)?.line).toBe(18);
  });
});
