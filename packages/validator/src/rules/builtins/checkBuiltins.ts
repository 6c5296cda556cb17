import { Decoration, Op, decodeModule, type Instruction, type Module, type ModuleIndex } from '@spvkit/core';
import type { FamilyContext } from '../FamilyContext.js';
import type { BuiltinError, BuiltinProblem } from './BuiltinProblem.js';
import { isBuiltinWarning } from './codes.js';
import { findBuiltinProblems, versionProblem } from './findBuiltinProblems.js';
import { parseBuiltinsTargetEnv } from './targetEnv.js';
import type { UseSite } from './uses.js';

/**
 * The `builtins` family: the Vulkan BuiltIn rules (validate-builtins' checks), each finding under
 * its VUID. They run on a decoded module (entry points' call graphs, decorations, types): the
 * Module validate() was given, else the words decoded, and only when the module has a BuiltIn
 * decoration; function bodies stay undecoded unless a finding points into one. The target env's
 * version limit is read from the header alone.
 *
 * Without a target env, only the SPIR-V rule (WorkgroupSize decorates a constant) applies, as with
 * validate-builtins' `universal`; `vulkan` gives the Vulkan rules for the module's own version.
 * The two warnings of validate-builtins (a zero or deprecated WorkgroupSize) are not errors, so
 * they are left out.
 */
export function checkBuiltins(context: FamilyContext): void {
  const { scan, reporter } = context;
  const env = parseBuiltinsTargetEnv(context.targetEnv ?? 'universal');
  const version = versionProblem(scan.words[1], env);
  if (!hasBuiltInDecoration(scan)) {
    if (version !== undefined) report(context, version);
    return;
  }
  let module: Module;
  try {
    module = context.module ?? decodeModule(scan.words);
  } catch (e) {
    // A module core cannot decode has broken words or layout: the families before say where.
    if (reporter.findings.length === 0) throw e;
    if (version !== undefined) report(context, version);
    return;
  }
  let problems: readonly BuiltinProblem[];
  try {
    problems = findBuiltinProblems(module, env).problems;
  } catch (e) {
    // The checks assume decodable bodies and defined ids; where they are not, the earlier
    // families have reported why. Not so, it is a fault here, and it must show.
    if (reporter.findings.length === 0) throw e;
    return;
  }
  if (problems.length === 0) return;
  const place = new InstructionPlaces(
    scan,
    context.structure.functionBlocks.map((f) => f.definition),
  );
  // The warnings are advice; the validator reports errors.
  for (const p of problems) if (!isBuiltinWarning(p.code)) report(context, { ...p, severity: 'error', code: p.code }, place.of(p));
}

function report(context: FamilyContext, p: BuiltinError, at = -1): void {
  const ids = p.target === undefined ? [] : p.target.variableId !== undefined ? [p.target.id, p.target.variableId] : [p.target.id];
  // The message is told as validate-builtins tells it (ids as %N, which the CLI names as the text did).
  context.reporter.report(p.code, at, () => p.message, ids, {
    ...(p.hint !== undefined ? { hint: p.hint } : {}),
    ...(p.builtIn !== undefined ? { builtIn: p.builtIn } : {}),
    ...(p.target !== undefined ? { target: p.target } : {}),
    ...(p.entryPoint !== undefined ? { entryPoint: p.entryPoint } : {}),
  });
}

/** Whether an OpDecorate or OpMemberDecorate applies BuiltIn: annotations come before the first function. */
function hasBuiltInDecoration(scan: ModuleIndex): boolean {
  const { count, opcode, pos, words } = scan;
  for (let i = 0; i < count; i++) {
    const op = opcode[i];
    if (op === Op.Function) return false;
    if (op === Op.Decorate && pos[i] + 2 < words.length && words[pos[i] + 2] === Decoration.BuiltIn) return true;
    if (op === Op.MemberDecorate && pos[i] + 3 < words.length && words[pos[i] + 3] === Decoration.BuiltIn) return true;
  }
  return false;
}

/** Where a problem is in the scan's instruction numbering: its use, else its declaration, else its decoration, else -1 (the module). */
class InstructionPlaces {
  constructor(
    private readonly scan: ModuleIndex,
    /** Per function of the decoded module (the same order): the instruction number of its OpFunction. */
    private readonly functionStarts: readonly number[],
  ) {}

  of(p: BuiltinProblem): number {
    if (p.site !== undefined) return this.ofSite(p.site);
    if (p.declaration !== undefined) return this.ofDeclaration(p.declaration);
    // A BuiltIn on what is no variable or constant: the decoration itself is what is wrong.
    if (p.target !== undefined) return this.ofDecoration(p.target.id, p.target.member);
    return -1;
  }

  /** The OpDecorate (OpMemberDecorate) applying BuiltIn to `id` (its `member`); -1 where a group applies it. */
  private ofDecoration(id: number, member: number | undefined): number {
    const { count, opcode, pos, words } = this.scan;
    for (let i = 0; i < count && opcode[i] !== Op.Function; i++) {
      const at = pos[i] + 1;
      if (words[at] !== id) continue;
      if (
        member === undefined
          ? opcode[i] === Op.Decorate && words[at + 1] === Decoration.BuiltIn
          : opcode[i] === Op.MemberDecorate && words[at + 1] === member && words[at + 2] === Decoration.BuiltIn
      )
        return i;
    }
    return -1;
  }

  private ofDeclaration(inst: Instruction): number {
    const id = inst.resultId;
    return id > 0 && id < this.scan.idLimit ? this.scan.defOf[id] - 1 : -1;
  }

  /**
   * A use site counts its instruction from the end of the function before (function 0: from its
   * OpFunction, where the undecoded bodies start); checked against the words, searched for in the
   * function where that count is off.
   */
  private ofSite(site: UseSite): number {
    const { opcode, count } = this.scan;
    const definition = this.functionStarts[site.fnIndex];
    if (definition === undefined) return -1;
    let start = definition;
    if (site.fnIndex > 0) while (start > 0 && opcode[start - 1] !== Op.FunctionEnd) start--;
    const guess = start + site.ordinal;
    if (guess < count && this.same(guess, site.inst)) return guess;
    for (let i = start; i < count; i++) {
      if (this.same(i, site.inst)) return i;
      if (opcode[i] === Op.FunctionEnd && i > definition) break;
    }
    return -1;
  }

  private same(i: number, inst: Instruction): boolean {
    const { opcode, typeId, resultId, operandStart, end, words } = this.scan;
    if (opcode[i] !== inst.opcode || typeId[i] !== inst.typeId || resultId[i] !== inst.resultId) return false;
    const n = inst.operandCount;
    if (end[i] - operandStart[i] !== n) return false;
    for (let k = 0; k < n; k++) if (words[operandStart[i] + k] !== inst.word(k)) return false;
    return true;
  }
}
