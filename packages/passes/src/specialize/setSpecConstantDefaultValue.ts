import {
  DecorationsAnalysis,
  DefUseAnalysis,
  Decoration,
  Instruction,
  Op,
  SpirvError,
  TypesAnalysis,
  UNCHANGED,
  type Diagnostic,
  type Module,
  type Pass,
} from '@spvkit/core';
import { defaultValueBits, type DefaultValue } from './defaultValue.js';
import { parseDefaultValues } from './parseDefaultValues.js';
import { describeScalarType, literalWords, scalarTypeOf } from './scalarType.js';

export const SET_SPEC_CONST_DEFAULT_VALUE = 'set-spec-const-default-value';

/** Options of {@link setSpecConstantDefaults}. */
export interface SetSpecConstantDefaultsOptions {
  /**
   * What a SpecId the module does not have is: an error (`'error'`, the default of
   * {@link setSpecConstantDefaults}, which catches a typo), a warning naming it and the module's
   * SpecIds while the others are still set (`'warn'`, the default of
   * {@link setSpecConstantDefaultValue} and so of the registered pass and `spvkit opt`, where
   * spirv-opt's users pass one set of values to many shaders), or nothing (`'ignore'`, exactly as
   * spirv-opt does).
   */
  readonly unknownSpecIds?: UnknownSpecIds;
}

/** What {@link SetSpecConstantDefaultsOptions.unknownSpecIds} may be. */
export type UnknownSpecIds = 'error' | 'warn' | 'ignore';

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

/**
 * The pass for spirv-opt's argument text `"<spec id>:<value> ..."` (SpirvError `BAD_OPTION` on bad
 * syntax). A SpecId the module lacks is by default a warning, not a failure: spirv-opt ignores it,
 * and users switching flag for flag give one list to many shaders.
 */
export function setSpecConstantDefaultValue(argument: string, options: SetSpecConstantDefaultsOptions = {}): Pass {
  return setDefaultsPass(parseDefaultValues(argument), options.unknownSpecIds ?? 'warn');
}

function setDefaultsPass(values: ReadonlyMap<number, DefaultValue>, unknown: UnknownSpecIds): Pass {
  return {
    name: SET_SPEC_CONST_DEFAULT_VALUE,
    description: 'set the default values of specialization constants by SpecId',
    // Values change through module.setOperands / module.replace, which keep these right.
    preserves: [DefUseAnalysis, DecorationsAnalysis, TypesAnalysis],
    run(module) {
      if (values.size === 0) return UNCHANGED;
      const { edits, missing } = planEdits(module, values);
      if (missing.length > 0 && unknown === 'error') throw bad(...unknownSpecIds(module, missing));
      for (const { inst, replacement } of edits) {
        if (replacement instanceof Instruction) module.replace(inst, [replacement]);
        else module.setOperands(inst, replacement);
      }
      const diagnostics: Diagnostic[] = [];
      if (missing.length > 0 && unknown === 'warn') {
        const [message, hint] = unknownSpecIds(module, missing);
        diagnostics.push({
          severity: 'warning',
          pass: SET_SPEC_CONST_DEFAULT_VALUE,
          message: `${SET_SPEC_CONST_DEFAULT_VALUE}: ${message} (ignored, as spirv-opt does)`,
          hint,
        });
      }
      if (edits.length === 0 && diagnostics.length === 0) return UNCHANGED;
      return { changed: edits.length > 0, diagnostics };
    },
  };
}

interface Edit {
  readonly inst: Instruction;
  /** New literal words of an OpSpecConstant, or the instruction a bool spec constant becomes. */
  readonly replacement: number[] | Instruction;
}

/**
 * Every edit the values call for, checked first: a refused value leaves the module untouched.
 * `missing`: the SpecIds given that no spec constant has, in the order given.
 */
function planEdits(module: Module, values: ReadonlyMap<number, DefaultValue>): { edits: Edit[]; missing: number[] } {
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
  return { edits, missing: [...values.keys()].filter((id) => !found.has(id)) };
}

/** The message and hint for SpecIds the module lacks: which, and which it has. */
function unknownSpecIds(module: Module, missing: readonly number[]): [string, string] {
  const known = specIdsOf(module);
  return [
    `no specialization constant has SpecId ${missing.join(', ')}`,
    known.length > 0 ? `the module's SpecIds: ${known.join(', ')}` : 'the module has no specialization constants with a SpecId',
  ];
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
