/// <reference types="node" />
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BuiltIn,
  Capability,
  Decoration,
  Dim,
  ExecutionMode,
  ExecutionModel,
  GRAMMAR_VERSION,
  MAGIC_NUMBER,
  MemoryAccess,
  Op,
  SHAPE_KNOWN,
  SHAPE_RESULT,
  SHAPE_TYPE,
  StorageClass,
  enumerantByName,
  enumerantByValue,
  enumerantNames,
  extInstByName,
  extInstByOpcode,
  extInstSetByName,
  enumHasParameters,
  extInstTextSpecs,
  instructionTextSpecs,
  operandKindTextSpec,
  enumerantName,
  enumerantParameters,
  extInstName,
  extInstOperands,
  extInstSetInfos,
  extInstSetSpec,
  extInstSets,
  instructionOperands,
  isTypeDeclaration,
  isConstantCreation,
  isAnnotation,
  decoratesTarget,
  isExtInst,
  NonSemanticShaderDebugInfo100,
  GLSLstd450,
  knownOpcodes,
  opcodeName,
  operandCategory,
  operandKinds,
  generatorById,
  instructionByName,
  instructionByOpcode,
  instructionShape,
  instructions,
  isIdKind,
  isLiteralKind,
  operandKind,
  NO_VERSION,
  enumerantRequirements,
  extInstRequirements,
  instructionRequirements,
  kindHasRequirements,
  type Requirements,
} from './index.js';

// The grammar kept in the repository (packages/core/grammar), so a clone with nothing beside it runs this test.
const grammarDir = process.env.SPVKIT_GRAMMAR_DIR ?? fileURLToPath(new URL('../../grammar/', import.meta.url));
/** What these tests read of a grammar JSON file: its instructions' names and its operand kinds. */
interface GrammarJson {
  instructions: { opname: string }[];
  operand_kinds?: unknown[];
}
function isGrammarJson(value: unknown): value is GrammarJson {
  if (typeof value !== 'object' || value === null) return false;
  const { instructions, operand_kinds } = value as Record<string, unknown>;
  return (
    Array.isArray(instructions) &&
    instructions.every((i: unknown) => typeof i === 'object' && i !== null && typeof (i as Record<string, unknown>).opname === 'string') &&
    (operand_kinds === undefined || Array.isArray(operand_kinds))
  );
}
function readJson(f: string): GrammarJson {
  const json: unknown = JSON.parse(readFileSync(join(grammarDir, f), 'utf8'));
  if (!isGrammarJson(json)) throw new Error(`${f} is not a SPIR-V grammar: it needs an instructions array of named instructions`);
  return json;
}

describe('core instructions', () => {
  it('has every instruction of the JSON, in order', () => {
    const json = readJson('spirv.core.grammar.json');
    expect(instructions.length).toBe(json.instructions.length);
    expect(instructions.map((i) => i.opname)).toEqual(json.instructions.map((i) => i.opname));
    expect(GRAMMAR_VERSION).toEqual({ major: 1, minor: 6, revision: 7 });
    expect(MAGIC_NUMBER).toBe(0x07230203);
  });

  it('describes OpLoad', () => {
    const load = instructionByOpcode(61)!;
    expect(load.opname).toBe('OpLoad');
    expect(Op.Load).toBe(61);
    expect(instructionByName('OpLoad')).toBe(load);
    expect(load.operands.map((o) => [o.kind, o.quantifier, o.name])).toEqual([
      ['IdResultType', '', undefined],
      ['IdResult', '', undefined],
      ['IdRef', '', 'Pointer'],
      ['MemoryAccess', '?', undefined],
    ]);
    expect(load.hasResultType && load.hasResult).toBe(true);
    expect(load.class).toBe('Memory');
  });

  it('describes OpExtInst', () => {
    const ext = instructionByName('OpExtInst')!;
    expect(ext.opcode).toBe(12);
    expect(ext.operands.map((o) => `${o.kind}${o.quantifier}:${o.name ?? ''}`)).toEqual([
      'IdResultType:',
      'IdResult:',
      'IdRef:Set',
      'LiteralExtInstInteger:Instruction',
      'IdRef*:Operand 1, Operand 2, ...',
    ]);
  });

  it('strips quotes from operand names', () => {
    for (const i of instructions) for (const o of i.operands) expect(o.name ?? '').not.toMatch(/^['"]|['"]$/);
  });

  it('resolves instruction aliases and keeps availability', () => {
    const sdot = instructionByName('OpSDotKHR')!;
    expect(sdot.opname).toBe('OpSDot');
    expect(Op.SDotKHR).toBe(Op.SDot);
    expect(instructionByName('OpLessOrGreater')!.lastVersion).toBe('1.5');
    expect(instructionByName('OpNoSuchThing')).toBeUndefined();
    expect(instructionByOpcode(65535)).toBeUndefined();
  });

  it('fills instructionShape', () => {
    expect(instructionShape.length).toBe(65536);
    expect(instructionShape[Op.Load]).toBe(SHAPE_KNOWN | SHAPE_TYPE | SHAPE_RESULT);
    expect(instructionShape[Op.Store]).toBe(SHAPE_KNOWN);
    expect(instructionShape[Op.Label]).toBe(SHAPE_KNOWN | SHAPE_RESULT);
    expect(instructionShape[65535]).toBe(0);
  });
});

describe('operand kinds and enums', () => {
  it('MemoryAccess Aligned takes one LiteralInteger', () => {
    const aligned = enumerantByName('MemoryAccess', 'Aligned')!;
    expect(aligned.value).toBe(2);
    expect(MemoryAccess.Aligned).toBe(2);
    expect(aligned.parameters).toEqual([{ kind: 'LiteralInteger', quantifier: '' }]);
    expect(enumerantByValue('MemoryAccess', 2)).toBe(aligned);
    expect(enumerantByValue('MemoryAccess', 0)!.name).toBe('None');
    expect(enumerantByValue('MemoryAccess', 3)).toBeUndefined();
    expect(operandKind('MemoryAccess')!.category).toBe('BitEnum');
  });

  it('Decoration BuiltIn takes a BuiltIn', () => {
    const d = enumerantByName('Decoration', 'BuiltIn')!;
    expect(d.value).toBe(Decoration.BuiltIn);
    expect(d.parameters.map((p) => p.kind)).toEqual(['BuiltIn']);
  });

  it('has enum objects', () => {
    expect(BuiltIn.LocalInvocationIndex).toBe(29);
    expect(enumerantByValue('BuiltIn', 29)!.name).toBe('LocalInvocationIndex');
    expect(StorageClass.Input).toBe(1);
    expect(ExecutionModel.GLCompute).toBe(5);
    expect(ExecutionMode.LocalSize).toBe(17);
    expect(Capability.Shader).toBe(1);
    expect(Dim['1D']).toBe(0);
    expect(enumerantNames('Dim').slice(0, 3)).toEqual(['1D', '2D', '3D']);
  });

  it('resolves enumerant aliases', () => {
    const khr = enumerantByName('StorageClass', 'PhysicalStorageBufferEXT')!;
    expect(khr).toBe(enumerantByName('StorageClass', 'PhysicalStorageBuffer'));
    expect(StorageClass.PhysicalStorageBufferEXT).toBe(StorageClass.PhysicalStorageBuffer);
    expect(enumerantByName('BuiltIn', 'SubgroupEqMaskKHR')).toBe(enumerantByName('BuiltIn', 'SubgroupEqMask'));
    expect(enumerantNames('StorageClass', true)).toContain('PhysicalStorageBufferEXT');
    expect(enumerantNames('StorageClass')).not.toContain('PhysicalStorageBufferEXT');
  });

  it('classifies id and literal kinds', () => {
    expect(isIdKind('IdRef') && isIdKind('IdResultType') && isIdKind('IdScope')).toBe(true);
    expect(isIdKind('LiteralInteger') || isIdKind('MemoryAccess')).toBe(false);
    expect(isLiteralKind('LiteralString') && isLiteralKind('LiteralContextDependentNumber')).toBe(true);
    expect(isLiteralKind('IdRef')).toBe(false);
  });
});

describe('extended instruction sets', () => {
  it('every extinst json yields a set with all its instructions', () => {
    const files = readdirSync(grammarDir).filter((f) => /^extinst\..+\.grammar\.json$/.test(f));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const stem = f.slice('extinst.'.length, -'.grammar.json'.length);
      const set = extInstSets.find((s) => s.grammarFile === stem);
      expect(set, stem).toBeDefined();
      const json = readJson(f);
      expect(set!.instructions.length, stem).toBe(json.instructions.length);
      expect(set!.operandKinds.length, stem).toBe((json.operand_kinds ?? []).length);
    }
    expect(extInstSets.length).toBe(files.length);
  });

  it('GLSL.std.450', () => {
    const glsl = extInstSetByName('GLSL.std.450')!;
    expect(glsl.grammarFile).toBe('glsl.std.450');
    expect(extInstByOpcode(glsl, 1)!.opname).toBe('Round');
    expect(extInstByOpcode('GLSL.std.450', 1)!.opname).toBe('Round');
    expect(extInstByName(glsl, 'FMix')!.opcode).toBe(46);
  });

  it('resolves import names', () => {
    expect(extInstSetByName('OpenCL.std')!.grammarFile).toBe('opencl.std.100');
    expect(extInstSetByName('NonSemantic.Shader.DebugInfo.100')!.grammarFile).toBe('nonsemantic.shader.debuginfo.100');
    expect(extInstSetByName('NonSemantic.ClspvReflection.6')!.grammarFile).toBe('nonsemantic.clspvreflection');
    expect(extInstSetByName('NonSemantic.ClspvReflection.')).toBeUndefined();
    expect(extInstSetByName('NonSemantic.VkspReflection.1')!.exactName).toBe(false);
    expect(extInstSetSpec(extInstSetByName('SPV_AMD_shader_ballot')!)!.instructions.length).toBe(4);
    expect(extInstSetByName('GLSL.std.451')).toBeUndefined();
  });

  it('exposes set-local operand kinds', () => {
    const dbg = extInstSetByName('OpenCL.DebugInfo.100')!;
    expect(operandKind('DebugInfoFlags')).toBeUndefined();
    expect(operandKind('DebugInfoFlags', dbg)!.category).toBe('BitEnum');
    expect(enumerantByName('DebugInfoFlags', 'FlagIsProtected', dbg)!.value).toBe(1);
  });
});

describe('generators', () => {
  it('knows glslang', () => {
    expect(generatorById(8)).toEqual({ id: 8, vendor: 'Khronos', tool: 'Glslang Reference Front End' });
    expect(generatorById(0)).toEqual({ id: 0, vendor: 'Khronos' });
    expect(generatorById(65535)).toBeUndefined();
  });
});

// The split tables (shapes.ts, names.ts, the enum namespaces) are generated apart from the full
// specs (core.ts, extinst.ts); these tests hold them to the same grammar, entry for entry.
describe('the tables split by use agree with the full specs', () => {
  const strip = (ops: readonly { kind: string; quantifier: string }[]) => ops.map((o) => `${o.kind}${o.quantifier}`);

  it('extended instruction numbers as constants, one namespace per set', () => {
    const byName = (set: string, name: string) => extInstSets.find((s) => s.name === set)!.instructions.find((i) => i.opname === name)!.opcode;
    expect(NonSemanticShaderDebugInfo100.DebugLine).toBe(byName('NonSemantic.Shader.DebugInfo.100', 'DebugLine'));
    expect(NonSemanticShaderDebugInfo100.DebugLine).toBe(103);
    expect(NonSemanticShaderDebugInfo100.DebugGlobalVariable).toBe(18);
    expect(GLSLstd450.FMix).toBe(byName('GLSL.std.450', 'FMix'));
  });

  it('instruction shapes and names', () => {
    const first = new Map<number, (typeof instructions)[number]>();
    for (const i of instructions) if (!first.has(i.opcode)) first.set(i.opcode, i);
    expect([...knownOpcodes()]).toEqual([...first.keys()]);
    for (const [opcode, spec] of first) {
      expect(strip(instructionOperands(opcode)!), spec.opname).toEqual(strip(spec.operands));
      expect(opcodeName(opcode)).toBe(spec.opname);
      expect(isTypeDeclaration(opcode), spec.opname).toBe(spec.class === 'Type-Declaration');
      expect(isConstantCreation(opcode), spec.opname).toBe(spec.class === 'Constant-Creation');
      expect(isAnnotation(opcode), spec.opname).toBe(spec.class === 'Annotation');
      const groups = ['OpDecorationGroup', 'OpGroupDecorate', 'OpGroupMemberDecorate'];
      expect(decoratesTarget(opcode), spec.opname).toBe(spec.class === 'Annotation' && !groups.includes(spec.opname));
      expect(isExtInst(opcode), spec.opname).toBe(spec.opname === 'OpExtInst' || spec.opname === 'OpExtInstWithForwardRefsKHR');
      const bits = SHAPE_KNOWN | (spec.hasResultType ? SHAPE_TYPE : 0) | (spec.hasResult ? SHAPE_RESULT : 0);
      expect(instructionShape[opcode], spec.opname).toBe(bits);
    }
    expect(instructionOperands(0xfffe)).toBeUndefined();
    expect(opcodeName(0xfffe)).toBeUndefined();
    expect(instructionShape[0xfffe]).toBe(0);
  });

  it('operand kinds, enumerant values, parameters and names', () => {
    for (const k of operandKinds) {
      expect(operandCategory(k.kind), k.kind).toBe(k.category);
      if (k.enumerants === undefined) continue;
      const seen = new Set<number>();
      for (const e of k.enumerants) {
        if (seen.has(e.value)) continue;
        seen.add(e.value);
        expect(strip(enumerantParameters(k.kind, e.value)!), `${k.kind}.${e.name}`).toEqual(strip(e.parameters));
        expect(enumerantName(k.kind, e.value)).toBe(e.name);
      }
      expect(enumHasParameters(k.kind)).toBe(k.enumerants.some((e) => e.parameters.length > 0));
    }
    expect(enumerantParameters('StorageClass', 0x7fff_fff0)).toBeUndefined();
    expect(enumerantName('StorageClass', 0x7fff_fff0)).toBeUndefined();
    expect(operandCategory('NoSuchKind')).toBeUndefined();
  });

  it('extended instruction sets', () => {
    expect(extInstSetInfos().map((s) => s.grammarFile)).toEqual(extInstSets.map((s) => s.grammarFile));
    for (const full of extInstSets) {
      const info = extInstSetInfos().find((s) => s.grammarFile === full.grammarFile)!;
      expect({ ...info }).toEqual({
        name: full.name,
        grammarFile: full.grammarFile,
        exactName: full.exactName,
        ...(full.version !== undefined ? { version: full.version } : {}),
        ...(full.revision !== undefined ? { revision: full.revision } : {}),
      });
      expect(extInstSetSpec(info)).toBe(full);
      for (const inst of full.instructions) {
        expect(strip(extInstOperands(info, inst.opcode)!), `${full.name} ${inst.opname}`).toEqual(strip(inst.operands));
        expect(extInstName(info, inst.opcode)).toBe(inst.opname);
      }
      for (const k of full.operandKinds) {
        expect(operandCategory(k.kind, info), k.kind).toBe(k.category);
        for (const e of k.enumerants ?? []) {
          expect(strip(enumerantParameters(k.kind, e.value, info)!)).toEqual(strip(e.parameters));
          expect(enumerantName(k.kind, e.value, info)).toBe(e.name);
        }
      }
    }
  });

  it('enum namespaces hold every name and alias with its value', () => {
    const namespaces: Record<string, Record<string, number>> = {
      Decoration,
      BuiltIn,
      Capability,
      Dim,
      StorageClass,
      MemoryAccess,
      ExecutionMode,
      ExecutionModel,
    };
    for (const [kind, ns] of Object.entries(namespaces)) {
      const spec = operandKind(kind)!;
      const expected: Record<string, number> = {};
      for (const e of spec.enumerants!) for (const n of [e.name, ...e.aliases]) expected[n] = e.value;
      expect({ ...ns }, kind).toEqual(expected);
    }
    const ops: Record<string, number> = {};
    for (const i of instructions) for (const n of [i.opname, ...i.aliases]) ops[n.slice(2)] = i.opcode;
    expect({ ...Op }).toEqual(ops);
    expect(Dim['1D']).toBe(0);
  });
});

describe("the assembler's specs agree with the full specs", () => {
  const availability = (x: { version?: string; lastVersion?: string; capabilities: readonly string[]; extensions: readonly string[] }) => ({
    ...(x.version !== undefined && x.version !== '1.0' ? { version: x.version } : {}),
    ...(x.lastVersion !== undefined ? { lastVersion: x.lastVersion } : {}),
    enabledOtherwise: x.capabilities.length > 0 || x.extensions.length > 0,
  });
  const norm = (a: { version?: string; lastVersion?: string; enabledOtherwise: boolean }) => ({
    ...(a.version !== undefined && a.version !== '1.0' ? { version: a.version } : {}),
    ...(a.lastVersion !== undefined ? { lastVersion: a.lastVersion } : {}),
    enabledOtherwise: a.enabledOtherwise,
  });
  const ops = (list: readonly { kind: string; quantifier: string; name?: string }[]) => list.map((o) => ({ ...o }));

  it('instructions: names, aliases, named operands, result flags, versions', () => {
    const text = instructionTextSpecs();
    expect(text.length).toBe(instructions.length);
    instructions.forEach((full, i) => {
      const t = text[i];
      expect([t.opname, t.opcode, t.hasResultType, t.hasResult]).toEqual([full.opname, full.opcode, full.hasResultType, full.hasResult]);
      expect(t.aliases).toEqual(full.aliases);
      expect(ops(t.operands), full.opname).toEqual(ops(full.operands));
      expect(norm(t), full.opname).toEqual(availability(full));
    });
  });

  it("enumerants of every core kind and of the sets' own kinds", () => {
    const check = (full: (typeof operandKinds)[number], t: ReturnType<typeof operandKindTextSpec>) => {
      expect(t?.category, full.kind).toBe(full.category);
      expect(t!.enumerants.length, full.kind).toBe(full.enumerants!.length);
      full.enumerants!.forEach((e, i) => {
        const te = t!.enumerants[i];
        expect([te.name, te.value, te.aliases], `${full.kind}.${e.name}`).toEqual([e.name, e.value, e.aliases]);
        expect(ops(te.parameters), `${full.kind}.${e.name}`).toEqual(ops(e.parameters));
        expect(norm(te), `${full.kind}.${e.name}`).toEqual(availability(e));
      });
    };
    for (const k of operandKinds) {
      if (k.enumerants === undefined) expect(operandKindTextSpec(k.kind)).toBeUndefined();
      else check(k, operandKindTextSpec(k.kind));
    }
    for (const set of extInstSets) {
      for (const k of set.operandKinds) if (k.enumerants !== undefined) check(k, operandKindTextSpec(k.kind, set));
      const t = extInstTextSpecs(set);
      expect(t.map((x) => [x.opname, x.opcode, ops(x.operands)])).toEqual(set.instructions.map((x) => [x.opname, x.opcode, ops(x.operands)]));
    }
  });
});

describe('the requirement tables agree with the full specs', () => {
  const versionWord = (v: string | undefined, absent: number): number => {
    if (v === undefined) return absent;
    if (v === 'None') return NO_VERSION;
    const [major, minor] = v.split('.').map(Number);
    return (major << 16) | (minor << 8);
  };
  const capabilityValue = (name: string): number => enumerantByName('Capability', name)!.value;
  /** What the accessors should say of a spec: undefined where it requires nothing. */
  const expected = (x: {
    capabilities: readonly string[];
    extensions: readonly string[];
    version?: string;
    lastVersion?: string;
  }): Requirements | undefined => {
    const r = {
      capabilities: x.capabilities.map(capabilityValue),
      extensions: [...x.extensions],
      minVersion: versionWord(x.version, 0x00010000),
      lastVersion: versionWord(x.lastVersion, NO_VERSION),
    };
    return r.capabilities.length === 0 && r.extensions.length === 0 && r.minVersion === 0x00010000 && r.lastVersion === NO_VERSION ? undefined : r;
  };

  it('every core instruction', () => {
    const seen = new Set<number>();
    for (const i of instructions) {
      if (seen.has(i.opcode)) continue;
      seen.add(i.opcode);
      const got = instructionRequirements(i.opcode);
      expect(got === undefined ? undefined : { ...got }, i.opname).toEqual(expected(i));
    }
    expect(instructionRequirements(Op.CopyLogical)).toEqual({ capabilities: [], extensions: [], minVersion: 0x00010400, lastVersion: NO_VERSION });
    expect(instructionRequirements(Op.IAdd)).toBeUndefined();
  });

  it("every enumerant of the core kinds and of the sets' own kinds, and every extended instruction", () => {
    for (const k of operandKinds) {
      if (k.enumerants === undefined) continue;
      const seen = new Set<number>();
      let any = false;
      for (const e of k.enumerants) {
        if (seen.has(e.value)) continue;
        seen.add(e.value);
        const got = enumerantRequirements(k.kind, e.value);
        if (got !== undefined) any = true;
        expect(got === undefined ? undefined : { ...got }, `${k.kind}.${e.name}`).toEqual(expected(e));
      }
      expect(kindHasRequirements(k.kind), k.kind).toBe(any);
    }
    for (const set of extInstSets) {
      for (const i of set.instructions) {
        const got = extInstRequirements(set, i.opcode);
        expect(got === undefined ? undefined : { ...got }, `${set.name} ${i.opname}`).toEqual(expected(i));
      }
      for (const k of set.operandKinds) {
        for (const e of k.enumerants ?? []) {
          const got = enumerantRequirements(k.kind, e.value, set);
          expect(got === undefined ? undefined : { ...got }, `${set.name} ${k.kind}.${e.name}`).toEqual(expected(e));
        }
      }
    }
    // Implicit declaration reads the capabilities a capability depends on.
    expect(enumerantRequirements('Capability', Capability.Geometry)?.capabilities).toEqual([Capability.Shader]);
    expect(enumerantRequirements('Decoration', Decoration.BufferBlock)?.lastVersion).toBe(0x00010300);
    expect(extInstRequirements(extInstSetByName('GLSL.std.450')!, GLSLstd450.InterpolateAtCentroid)?.capabilities).toEqual([Capability.InterpolationFunction]);
  });
});
