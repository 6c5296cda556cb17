// Phase 4, applying a plan: every read replaced (word by word while the bodies are undecoded,
// else instruction by instruction), the Private copies written at entry, entry-point interfaces
// fixed, and the index variables removed with their names, decorations and debug references.
import { Op, TypesAnalysis, replaceFunctionWords, type Block, type Diagnostic, type EntryPointInfo, type Instruction, type Module } from '@spvkit/core';
import { DEBUG_GLOBAL_VARIABLE_VARIABLE_OPERAND } from './debugInfo.js';
import { Editor } from './editor.js';
import type { Flavor, Plan } from './plan.js';

/** Edits `module` as `plan` says; returns the diagnostics to report (info about Private copies). */
export function applyPlan(module: Module, plan: Plan): Diagnostic[] {
  const { rootOf, raw, objects, readers, eps, flavors, inline, shared, initializers } = plan;
  const reaching = (fnId: number): EntryPointInfo[] => eps.filter((ep) => ep.reachable.has(fnId));
  const diagnostics: Diagnostic[] = [];
  const tailLines = detachTrailingLines(module);
  const edit = new Editor(module, module.analysis(TypesAnalysis), [...rootOf.values()][0].typeId);

  // Per entry point, the globals it now reads (interfaces must list Input variables, and from
  // SPIR-V 1.4 on every global its call tree references).
  const needs = new Map<EntryPointInfo, Set<number>>();
  const need = (ep: EntryPointInfo, id: number): void => {
    let set = needs.get(ep);
    if (set === undefined) needs.set(ep, (set = new Set()));
    set.add(id);
  };
  const flavorGlobals = (f: Flavor): number[] => (f.wgs === -1 ? [edit.lidVar(f)] : [edit.lidVar(f), edit.wgsVar(f)]);
  for (const [fnId, flavor] of inline) for (const ep of reaching(fnId)) for (const g of flavorGlobals(flavor)) need(ep, g);

  let newRegion: Uint32Array | undefined;
  if (raw !== undefined) {
    newRegion = edit.rewriteWords(raw.words!, raw.reads, inline);
  } else {
    const scan = objects!;
    const replacements = new Map<Instruction, Instruction[]>();
    // Templates first, then the copies: ids come out in the same order as from rewriteWords.
    for (const site of scan.sites) {
      const flavor = inline.get(site.fn.id);
      if (flavor !== undefined) edit.prepare(flavor, site.inst.opcode === Op.Load ? site.inst.typeId : site.root.typeId);
    }
    for (const site of scan.sites) {
      const flavor = inline.get(site.fn.id);
      if (flavor !== undefined) replacements.set(site.inst, edit.lowerSite(site, flavor));
    }
    // Shared functions read a Private variable that each entry point reaching them writes at its start.
    const spirv14 = module.header.version >= 0x00010400;
    const firstShared = readers.get([...shared.keys()][0])?.at;
    for (const [root, byFunction] of initializers) {
      const priv = edit.privateVariable(root);
      for (const site of scan.sites) if (site.root === root && shared.has(site.fn.id)) replacements.set(site.inst, edit.readPrivate(site, priv));
      for (const [fnId, list] of byFunction) {
        const flavor = flavors.of(list[0], firstShared!);
        edit.initializeAtEntry(
          module.functions.find((f) => f.id === fnId)!,
          root,
          priv,
          flavor,
        );
        for (const ep of eps.filter((e) => e.functionId === fnId)) {
          for (const g of flavorGlobals(flavor)) need(ep, g);
          if (spirv14) need(ep, priv);
        }
      }
      const names = [...new Set([...byFunction.values()].flat())].map((ep) => `'${ep.name}'`);
      diagnostics.push({
        severity: 'info',
        message: `entry points ${names.join(', ')} have different workgroup sizes and share functions that read LocalInvocationIndex; the index is computed once per invocation into a Private variable (%${priv})`,
      });
    }
    // In place: the OpLine / DebugLine in effect at a read stays in effect for its replacement.
    const touched = new Set<Block>(scan.droppedBlocks);
    for (const s of scan.sites) touched.add(s.block);
    const NONE: readonly Instruction[] = [];
    for (const block of touched) {
      module.replaceIn(block, (inst) => {
        const r = inst.opcode === Op.Load || inst.opcode === Op.CopyMemory ? replacements.get(inst) : undefined;
        return r ?? (scan.dropped.has(inst) ? NONE : undefined);
      });
    }
    for (const p of scan.params) edit.removeParameter(p);
  }

  // Debug info: the global variable description stays, without a variable.
  for (const dgv of plan.debugGlobals) module.setOperand(dgv, DEBUG_GLOBAL_VARIABLE_VARIABLE_OPERAND, edit.debugInfoNone(dgv));

  // Entry points: drop the index from interfaces, add what the new code reads.
  for (const ep of eps) {
    const extra = needs.get(ep);
    const start = ep.instruction.operandCount - ep.interface.length;
    const kept = ep.interface.filter((id) => !rootOf.has(id));
    if (kept.length === ep.interface.length && extra === undefined) continue;
    for (const id of extra ?? []) if (!kept.includes(id)) kept.push(id);
    module.setOperands(ep.instruction, [...ep.instruction.operands.subarray(0, start), ...kept]);
  }

  // The variables, their names and decorations; the names and decorations of the pointer copies
  // and parameters that went with them.
  const removedIds = new Set<number>([...rootOf.keys(), ...(objects?.aliasIds ?? [])]);
  module.removeWhere('globals', (i) => i.opcode === Op.Variable && rootOf.has(i.resultId));
  module.removeWhere('debugNames', (i) => (i.opcode === Op.Name || i.opcode === Op.MemberName) && removedIds.has(i.word(0)));
  removeDecorations(module, removedIds);
  module.insert('globals', tailLines);

  if (newRegion !== undefined) replaceFunctionWords(module, newRegion);
  return diagnostics;
}

/**
 * Takes the OpLine / OpNoLine run at the end of the globals (a compiler's line for the first
 * OpFunction) off, so that new types and constants go before it and it still covers the function.
 */
function detachTrailingLines(module: Module): Instruction[] {
  const globals = module.globals;
  let i = globals.length;
  while (i > 0 && (globals[i - 1].opcode === Op.Line || globals[i - 1].opcode === Op.NoLine)) i--;
  const lines = new Set(globals.slice(i));
  module.removeWhere('globals', (inst) => lines.has(inst));
  return [...lines];
}

/** Removes decorations targeting `ids`, their OpGroupDecorate entries, and groups left with no target. */
function removeDecorations(module: Module, ids: ReadonlySet<number>): void {
  const emptied = new Set<number>();
  const decorates = (i: Instruction): boolean => i.opcode === Op.Decorate || i.opcode === Op.DecorateId || i.opcode === Op.DecorateString;
  const dropped = new Set<Instruction>();
  for (const inst of module.annotations) {
    if (decorates(inst) || inst.opcode === Op.MemberDecorate || inst.opcode === Op.MemberDecorateString) {
      if (ids.has(inst.word(0))) dropped.add(inst);
    } else if (inst.opcode === Op.GroupDecorate) {
      const targets = Array.from(inst.operands.subarray(1));
      const left = targets.filter((t) => !ids.has(t));
      if (left.length === targets.length) continue;
      if (left.length === 0) {
        emptied.add(inst.word(0));
        dropped.add(inst);
      } else {
        module.setOperands(inst, [inst.word(0), ...left]);
      }
    }
  }
  module.removeWhere('annotations', (i) => dropped.has(i));
  // A group whose only targets were removed goes too (it carried BuiltIn LocalInvocationIndex).
  const stillUsed = new Set<number>();
  for (const inst of module.annotations) if (inst.opcode === Op.GroupDecorate || inst.opcode === Op.GroupMemberDecorate) stillUsed.add(inst.word(0));
  const dead = new Set([...emptied].filter((g) => !stillUsed.has(g)));
  if (dead.size === 0) return;
  module.removeWhere('annotations', (i) => dead.has(i.resultId) || (decorates(i) && dead.has(i.word(0))));
  module.removeWhere('debugNames', (i) => i.opcode === Op.Name && dead.has(i.word(0)));
}
