// Edits of definitions, which touch several sections at once: they are built on the module's
// instruction edits, so the cached analyses follow them like any other edit. Functions, not
// Module methods, so that a bundle that never calls them does not carry the analyses they use.
import { Op, decoratesTarget } from '../grammar/index.js';
import { encodeLiteralString, decodeLiteralString, literalStringWordCount } from '../words/literalString.js';
import { DefUseAnalysis } from './DefUse.js';
import { SpirvError } from '../errors/SpirvError.js';
import { Instruction } from '../ir/Instruction.js';
import type { Module } from '../ir/Module.js';

/**
 * Makes every use of `oldId` use `newId`: operands and result types, names, decorations and
 * entry-point interfaces included (as SPIRV-Tools' ReplaceAllUsesWith). Returns how many uses
 * changed.
 */
export function replaceAllUsesWith(module: Module, oldId: number, newId: number): number {
  if (oldId === newId) return 0;
  const uses = [...module.analysis(DefUseAnalysis).uses(oldId)];
  for (const use of uses) {
    if (use.operand < 0) module.setTypeId(use.instruction, newId);
    else module.setOperand(use.instruction, use.operand, newId);
  }
  return uses.length;
}

/**
 * Removes the definition of `id` with what only describes it: its OpName and OpMemberNames, its
 * decorations (and its place in OpGroupDecorate lists), its place in entry-point interfaces. An
 * OpFunction goes with its whole function. Other instructions that still use `id` are the
 * caller's to remove first. SpirvError `NOT_IN_MODULE` when nothing defines `id`.
 */
export function removeDefinition(module: Module, id: number): void {
  const fn = module.functions.find((f) => f.id === id);
  const def = fn === undefined ? (module.globals.find((i) => i.resultId === id) ?? module.analysis(DefUseAnalysis).def(id)) : undefined;
  if (fn === undefined && def === undefined) throw new SpirvError('NOT_IN_MODULE', `nothing in the module defines %${id}`);
  module.removeWhere('debugNames', (i) => (i.opcode === Op.Name || i.opcode === Op.MemberName) && i.word(0) === id);
  module.removeWhere('annotations', (i) => decoratesTarget(i.opcode) && i.word(0) === id);
  for (const inst of [...module.annotations]) {
    if (inst.opcode === Op.GroupDecorate) {
      const targets = Array.from(inst.operands.subarray(1));
      if (targets.includes(id)) module.setOperands(inst, [inst.word(0), ...targets.filter((t) => t !== id)]);
    } else if (inst.opcode === Op.GroupMemberDecorate) {
      const pairs: number[] = [];
      for (let i = 1; i + 1 < inst.operandCount; i += 2) if (inst.word(i) !== id) pairs.push(inst.word(i), inst.word(i + 1));
      if (pairs.length !== inst.operandCount - 1) module.setOperands(inst, [inst.word(0), ...pairs]);
    }
  }
  for (const ep of module.entryPoints) {
    const start = 2 + literalStringWordCount(decodeLiteralString(ep.operands, 2, ep.operandCount).value);
    const iface = Array.from(ep.operands.subarray(start));
    if (iface.includes(id)) module.setOperands(ep, [...ep.operands.subarray(0, start), ...iface.filter((x) => x !== id)]);
  }
  if (fn !== undefined) module.removeFunction(fn);
  else module.remove(def!);
}

/** Appends `OpDecorate %target decoration params...`; returns the instruction. */
export function addDecoration(module: Module, target: number, decoration: number, params: readonly number[] = []): Instruction {
  const inst = new Instruction(Op.Decorate, 0, 0, [target, decoration, ...params]);
  module.insert('annotations', [inst]);
  return inst;
}

/** Appends `OpMemberDecorate %struct member decoration params...`; returns the instruction. */
export function addMemberDecoration(module: Module, struct: number, member: number, decoration: number, params: readonly number[] = []): Instruction {
  const inst = new Instruction(Op.MemberDecorate, 0, 0, [struct, member, decoration, ...params]);
  module.insert('annotations', [inst]);
  return inst;
}

/** Appends `OpName %target "name"`; returns the instruction. */
export function addName(module: Module, target: number, name: string): Instruction {
  const inst = new Instruction(Op.Name, 0, 0, [target, ...encodeLiteralString(name)]);
  module.insert('debugNames', [inst]);
  return inst;
}

/**
 * Declares a module-level OpVariable of pointer type `pointerType` in `storageClass` (with an
 * initializer when given) and returns its id.
 */
export function addGlobalVariable(module: Module, pointerType: number, storageClass: number, initializer?: number): number {
  const id = module.newId();
  module.insert('globals', [new Instruction(Op.Variable, pointerType, id, initializer === undefined ? [storageClass] : [storageClass, initializer])]);
  return id;
}
