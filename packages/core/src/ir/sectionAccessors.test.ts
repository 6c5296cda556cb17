import { describe, expect, it } from 'vitest';
import { assemble } from '../text/assembler/assemble.js';
import { decodeModule } from '../binary/decodeModule.js';
import { encodeModule } from '../binary/encodeModule.js';
import { Op } from '../grammar/index.js';
import { Instruction } from './Instruction.js';
import { Module, type Analysis } from './Module.js';
import type { ModuleChange } from './ModuleChange.js';
import { SECTIONS } from './sections.js';

const text = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpSource GLSL 450
OpName %main "main"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd`;

describe("Module's section accessors, generated from SECTIONS", () => {
  it('are a getter and a setter on the prototype for each section, as class accessors are', () => {
    for (const name of SECTIONS) {
      const d = Object.getOwnPropertyDescriptor(Module.prototype, name);
      expect(typeof d?.get, name).toBe('function');
      expect(typeof d?.set, name).toBe('function');
      expect(d?.configurable, name).toBe(true);
      expect(d?.enumerable, name).toBe(false);
    }
    const m = new Module();
    expect(Object.keys(m)).not.toContain('globals');
    for (const name of SECTIONS) expect(m[name]).toEqual([]);
    expect(new Set(SECTIONS.map((name) => m[name])).size).toBe(SECTIONS.length);
  });

  it('read and replace their own section, and tell the analyses of a replacement', () => {
    const m = new Module();
    const changes: ModuleChange[] = [];
    const Watch: Analysis<null> = { name: 'watch', build: () => null, update: (_v, change) => (changes.push(change), true) };
    m.analysis(Watch);
    const cap = new Instruction(Op.Capability, 0, 0, [1]);
    m.capabilities.push(cap);
    const list = [new Instruction(Op.Extension, 0, 0, [0])];
    m.extensions = list;
    expect(m.extensions).toBe(list);
    expect(m.section('extensions')).toBe(list);
    expect(m.capabilities).toEqual([cap]);
    expect(changes).toEqual([{ kind: 'replaced', place: 'extensions' }]);
  });

  it('build held words on first read: an assembled module on any section, the debug sections of a decoded one on a debug section only', () => {
    const assembled = assemble(text);
    expect(assembled.lazyGlobalWords()).not.toBeNull();
    expect(assembled.memoryModel).toHaveLength(1);
    expect(assembled.lazyGlobalWords()).toBeNull();

    const decoded = decodeModule(encodeModule(assemble(text)));
    expect(decoded.lazyDebugWords()).not.toBeNull();
    expect(decoded.entryPoints).toHaveLength(1);
    expect(decoded.globals).toHaveLength(2);
    expect(decoded.lazyDebugWords()).not.toBeNull();
    expect(decoded.debugNames).toHaveLength(1);
    expect(decoded.lazyDebugWords()).toBeNull();
    expect(decoded.debugStrings.map((i) => i.opcode)).toEqual([Op.Source]);
  });
});
