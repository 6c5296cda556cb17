// The small core APIs source-preserving assembly uses: the assembler's id-name table, and the
// disassembler's printer and friendly names for single instructions.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assemble, disassemble, friendlyIdNames, instructionTexts } from '@spvkit/core';
import { asmDir } from '../corpus/index.js';
import { targetEnvOf } from './support.js';

describe('assemble onIdNames', () => {
  it('reports every name the text used, numeric ones too, by id', () => {
    let names: ReadonlyMap<number, string> | undefined;
    const module = assemble(
      `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%12 = OpTypeFunction %void
%main = OpFunction %void None %12
%0x10 = OpLabel
OpReturn
OpFunctionEnd`,
      { onIdNames: (n) => (names = n) },
    );
    expect([...names!.entries()]).toEqual([
      [1, 'main'],
      [2, 'void'],
      [3, '12'],
      [4, '0x10'],
    ]);
    expect(module.header.bound).toBe(5);
  });

  it('with preserveNumericIds, ids are the numbers and the first spelling of an id is kept', () => {
    let names: ReadonlyMap<number, string> | undefined;
    assemble(
      `OpCapability Shader
OpMemoryModel Logical GLSL450
%16 = OpTypeVoid
%void2 = OpTypeFunction %0x10`,
      { preserveNumericIds: true, onIdNames: (n) => (names = n) },
    );
    expect(names!.get(16)).toBe('16');
    expect(names!.get(1)).toBe('void2');
  });
});

describe('instructionTexts and friendlyIdNames', () => {
  const files = readdirSync(asmDir).filter((f) => f.endsWith('.spvasm'));
  it.each(files)('%s: every line as disassemble prints it (no indent), names as friendlyIdNames gives them', (file) => {
    const text = readFileSync(join(asmDir, file), 'utf8');
    const module = assemble(text, { targetEnv: targetEnvOf(text), lazyFunctions: false });
    const friendly = friendlyIdNames(module);
    const lines = instructionTexts(module, friendly, () => true);
    const expected = disassemble(module, { header: false, indent: false });
    expect([...module.instructions()].map((i) => lines.get(i)).join('\n') + '\n').toBe(expected);
  });

  it('prints ids with the names given, and only the instructions asked for', () => {
    const module = assemble(`OpCapability Shader
OpMemoryModel Logical GLSL450
%a = OpTypeInt 32 0
%b = OpConstant %a 7`);
    const named = instructionTexts(
      module,
      (id) => ['', 'u32', 'seven'][id],
      (i) => i.resultId === 2,
    );
    expect([...named.values()]).toEqual(['%seven = OpConstant %u32 7']);
    expect(friendlyIdNames(module)(2)).toBe('uint_7');
  });
});
