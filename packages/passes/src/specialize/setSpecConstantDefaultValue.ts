import { DecorationsAnalysis, DefUseAnalysis, Decoration, Instruction, Op, SpirvError, TypesAnalysis, UNCHANGED, type Module, type Pass } from '@spvkit/core';
import { defaultValueBits, type DefaultValue } from './defaultValue.js';
import { parseDefaultValues } from './parseDefaultValues.js';
import { describeScalarType, literalWords, scalarTypeOf } from './scalarType.js';

export const SET_SPEC_CONST_DEFAULT_VALUE = 'set-spec-const-default-value';

/** Options of {@link setSpecConstantDefaults}. */
export interface SetSpecConstantDefaultsOptions {
  /**
   * What a SpecId the module does not have is: an error (`'error'`, the default, which catches a
   * typo), or nothing (`'ignore'`, as spirv-opt does, for one set of values given to many shaders).
   */
  readonly unknownSpecIds?: 'error' | 'ignore';
}

/**
 * A pass giving spec constants new default values by SpecId: spirv-opt's
 * `--set-spec-const-default-value`, typed. Values are booleans for bool spec constants, integers
 * (numbers or bigints) for integer ones of any width up to 64 bits, numbers for 16-, 32- and 64-bit
 * floats, or text read as spirv-opt reads its argument. A value its spec constant's type cannot
 * hold, or (by default) a SpecId the module lacks, is a SpirvError `BAD_OPTION`, raised before
 * anything changed. The spec constants stay specializable; add `freeze-spec-const` and
 * `fold-spec-const-op-composite` to bake them in.
 *
 * @example
 * ```ts
 * runPasses(module, [setSpecConstantDefaults({ 0: 64, 1: true, 2: 0.5 }), 'freeze-spec-const', 'fold-spec-const-op-composite']);
 * ```
 */
export function setSpecConstantDefaults(values: Readonly<Record<number, DefaultValue>>, options: SetSpecConstantDefaultsOptions = {}): Pass {
  const map = new Map<number, DefaultValue>();
  for (const [key, value] of Object.entries(values)) {
    const id = Number(key);
    if (!/^[0-9]+$/.test(key) || id > 0xffffffff) {
      throw new SpirvError('BAD_OPTION', `${SET_SPEC_CONST_DEFAULT_VALUE}: '${key}' is not a spec id (an unsigned 32-bit integer)`);
    }
    map.set(id, value);
  }
  return setDefaultsPass(map, options.unknownSpecIds ?? 'error');
}

/** The pass for spirv-opt's argument text `"<spec id>:<value> ..."` (SpirvError `BAD_OPTION` on bad syntax). */
export function setSpecConstantDefaultValue(argument: string): Pass {
  return setDefaultsPass(parseDefaultValues(argument), 'error');
}

function setDefaultsPass(values: ReadonlyMap<number, DefaultValue>, unknown: 'error' | 'ignore'): Pass {
  return {
    name: SET_SPEC_CONST_DEFAULT_VALUE,
    description: 'set the default values of specialization constants by SpecId',
    // Values change through module.setOperands / module.replace, which keep these right.
    preserves: [DefUseAnalysis, DecorationsAnalysis, TypesAnalysis],
    run(module) {
      if (values.size === 0) return UNCHANGED;
      const edits = planEdits(module, values, unknown);
      for (const { inst, replacement } of edits) {
        if (replacement instanceof Instruction) module.replace(inst, [replacement]);
        else module.setOperands(inst, replacement);
      }
      return edits.length > 0 ? { changed: true, diagnostics: [] } : UNCHANGED;
    },
  };
}

interface Edit {
  readonly inst: Instruction;
  /** New literal words of an OpSpecConstant, or the instruction a bool spec constant becomes. */
  readonly replacement: number[] | Instruction;
}

/** Every edit the values call for, checked first: a refused value leaves the module untouched. */
function planEdits(module: Module, values: ReadonlyMap<number, DefaultValue>, unknown: 'error' | 'ignore'): Edit[] {
  const types = module.analysis(TypesAnalysis);
  const decorations = module.analysis(DecorationsAnalysis);
  const edits: Edit[] = [];
  const found = new Set<number>();
  for (const inst of module.globals) {
    if (inst.opcode !== Op.SpecConstant && inst.opcode !== Op.SpecConstantTrue && inst.opcode !== Op.SpecConstantFalse) continue;
    const specId = decorations.find(inst.resultId, Decoration.SpecId)?.[0];
    const value = specId === undefined ? undefined : values.get(specId);
    if (specId === undefined || value === undefined) continue;
    found.add(specId);
    const type = scalarTypeOf(types, inst.typeId);
    const where = `SpecId ${specId} (%${inst.resultId}${type === undefined ? '' : `, ${describeScalarType(type)}`})`;
    if (type === undefined) throw bad(`${where} is not a bool, integer or 16/32/64-bit float spec constant`);
    const result = defaultValueBits(value, type);
    if ('problem' in result) throw bad(`${where}: ${result.problem}`);
    if (type.kind === 'bool') {
      const opcode = result.bits === 1n ? Op.SpecConstantTrue : Op.SpecConstantFalse;
      if (opcode !== inst.opcode) edits.push({ inst, replacement: new Instruction(opcode, inst.typeId, inst.resultId) });
      continue;
    }
    if (inst.opcode !== Op.SpecConstant) continue; // a bool-typed OpSpecConstant is invalid; spirv-val says so
    const words = literalWords(result.bits, type);
    const same = words.length === inst.operandCount && words.every((w, i) => w === inst.word(i));
    if (!same) edits.push({ inst, replacement: words });
  }
  if (unknown === 'error') {
    const missing = [...values.keys()].filter((id) => !found.has(id));
    if (missing.length > 0) {
      const known = specIdsOf(module);
      throw bad(
        `no specialization constant has SpecId ${missing.join(', ')}`,
        known.length > 0 ? `the module's SpecIds: ${known.join(', ')}` : 'the module has no specialization constants with a SpecId',
      );
    }
  }
  return edits;
}

/** Every SpecId of a scalar spec constant of the module, in order. */
function specIdsOf(module: Module): number[] {
  const decorations = module.analysis(DecorationsAnalysis);
  const ids: number[] = [];
  for (const inst of module.globals) {
    if (inst.opcode !== Op.SpecConstant && inst.opcode !== Op.SpecConstantTrue && inst.opcode !== Op.SpecConstantFalse) continue;
    const specId = decorations.find(inst.resultId, Decoration.SpecId)?.[0];
    if (specId !== undefined) ids.push(specId);
  }
  return ids.sort((a, b) => a - b);
}

function bad(message: string, hint?: string): SpirvError {
  return new SpirvError('BAD_OPTION', `${SET_SPEC_CONST_DEFAULT_VALUE}: ${message}`, hint === undefined ? {} : { hint });
}
