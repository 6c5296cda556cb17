/**
 * The user-defined inputs and outputs of a shader stage, by location, as a draw needs them to
 * write a stage that feeds a fragment shader or reads a vertex shader: each is a 32-bit scalar or
 * vector, plain or a member of an interface block. Built-ins (gl_Position, gl_FragCoord, the
 * gl_PerVertex block) are not part of it. Read from the module with spvkit's analyses, so a
 * shader from anywhere (the corpus, a generator) is fed the same way.
 */
import { Decoration, DecorationsAnalysis, EntryPointsAnalysis, Op, StorageClass, TypesAnalysis, decodeModule } from '@spvkit/core';

/** One location's worth of a stage's interface. */
export interface InterfaceSlot {
  location: number;
  /** 1 to 4. */
  components: number;
  scalar: 'float' | 'int' | 'uint';
  /** Decorated Flat (integers must be, in a fragment shader's inputs). */
  flat: boolean;
}

export interface StageInterface {
  inputs: InterfaceSlot[];
  outputs: InterfaceSlot[];
}

/** Why a stage's interface cannot be described by {@link InterfaceSlot}s. */
export class UnsupportedInterface extends Error {
  override name = 'UnsupportedInterface';
}

/**
 * The inputs and outputs of entry point `entryPoint` of `words`, sorted by location. Throws
 * UnsupportedInterface for what a slot cannot say (arrays, matrices, 64- or 16-bit types,
 * Component decorations).
 */
export function stageInterface(words: Uint32Array, entryPoint = 'main'): StageInterface {
  const module = decodeModule(words);
  const types = module.analysis(TypesAnalysis);
  const decorations = module.analysis(DecorationsAnalysis);
  const entry = module.analysis(EntryPointsAnalysis).list.find((e) => e.name === entryPoint);
  if (entry === undefined) throw new Error(`no entry point ${JSON.stringify(entryPoint)}`);
  const listed = new Set(entry.interface);

  const slot = (typeId: number, location: number, flat: boolean, what: string): InterfaceSlot => {
    const t = types.def(typeId);
    const vector = t?.opcode === Op.TypeVector;
    const component = vector ? types.def(t.word(0)) : t;
    if (component === undefined || (component.opcode !== Op.TypeFloat && component.opcode !== Op.TypeInt) || component.word(0) !== 32)
      throw new UnsupportedInterface(`${what} (location ${location}) is not a 32-bit scalar or vector`);
    const scalar = component.opcode === Op.TypeFloat ? 'float' : component.word(1) === 1 ? 'int' : 'uint';
    return { location, components: vector ? t.word(1) : 1, scalar, flat };
  };

  const result: StageInterface = { inputs: [], outputs: [] };
  for (const inst of module.globals) {
    if (inst.opcode !== Op.Variable || !listed.has(inst.resultId)) continue;
    const storage = inst.word(0);
    if (storage !== StorageClass.Input && storage !== StorageClass.Output) continue;
    if (decorations.builtIn(inst.resultId) !== undefined) continue;
    const into = storage === StorageClass.Input ? result.inputs : result.outputs;
    const pointee = types.def(inst.typeId)!.word(1);
    const flat = decorations.find(inst.resultId, Decoration.Flat) !== undefined;
    const location = decorations.find(inst.resultId, Decoration.Location)?.[0];
    if (decorations.find(inst.resultId, Decoration.Component) !== undefined)
      throw new UnsupportedInterface(`variable %${inst.resultId} has a Component decoration`);
    const t = types.def(pointee);
    if (t?.opcode === Op.TypeStruct) {
      let next = location;
      for (let m = 0; m < t.operandCount; m++) {
        const member = decorations.ofMember(pointee, m);
        if (member.some((d) => d.decoration === Decoration.BuiltIn)) continue;
        const own = member.find((d) => d.decoration === Decoration.Location)?.params[0];
        const at = own ?? next;
        if (at === undefined) throw new UnsupportedInterface(`member ${m} of block %${pointee} has no location`);
        const memberFlat = flat || member.some((d) => d.decoration === Decoration.Flat);
        into.push(slot(t.word(m), at, memberFlat, `member ${m} of block %${pointee}`));
        next = at + 1;
      }
      continue;
    }
    if (location === undefined) throw new UnsupportedInterface(`variable %${inst.resultId} has no location`);
    into.push(slot(pointee, location, flat, `variable %${inst.resultId}`));
  }
  result.inputs.sort((a, b) => a.location - b.location);
  result.outputs.sort((a, b) => a.location - b.location);
  return result;
}
