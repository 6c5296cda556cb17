// Removing definitions and what they leave behind: the types, constants, undefs and variables that
// only removed instructions used (followed to a fixed point, so running a pass again finds nothing
// more), the non-semantic instructions (debug info) that name removed ids, and the names and
// decorations of every removed id.
import {
  forEachKept,
  Op,
  decodeLiteralString,
  decoratesTarget,
  isConstantCreation,
  isExtInst,
  isTypeDeclaration,
  type Instruction,
  type Module,
  type WordEdits,
} from '@spvkit/core';
import type { FunctionSpan } from '../words/bodyWords.js';
import { resultIndex, type ModuleUses } from './moduleUses.js';
import { removeDecorationsOf } from '../strip/removeDecorationsOf.js';
import { builtInConstantMustStay } from './workgroupSize.js';

/** Collects what to remove, then removes it all at once ({@link apply}). */
export class Sweep {
  /** Ids that go: removed globals, and every result defined in a removed function. */
  readonly removed = new Set<number>();
  private readonly gone = new Set<Instruction>();
  private readonly candidates: number[] = [];
  private readonly nonSemanticSets = new Set<number>();

  constructor(private readonly uses: ModuleUses) {
    for (const inst of uses.module.extInstImports) {
      if (decodeLiteralString(inst.operands, 0, inst.operandCount).value.startsWith('NonSemantic.')) this.nonSemanticSets.add(inst.resultId);
    }
  }

  /** True when something will be removed. */
  get any(): boolean {
    return this.removed.size > 0;
  }

  /** Removes the global that defines `id`, and its uses. */
  removeGlobal(id: number): void {
    const inst = this.uses.globals.get(id);
    if (inst === undefined || this.gone.has(inst)) return;
    this.gone.add(inst);
    this.removed.add(id);
    this.uses.ids.uses(inst, (used) => this.drop(used));
  }

  /**
   * Takes note of a removed function (its words were not counted as uses): its results go, and the
   * globals it used may be left unused.
   */
  removeFunction(edits: WordEdits, span: FunctionSpan): void {
    const words = edits.words;
    forEachKept(edits, span.definition, span.end, (pos, end) => {
      const resultAt = resultIndex(words, pos);
      if (resultAt > 0) this.removed.add(words[resultAt]);
      this.uses.ids.visit(words, pos, end - pos, (i) => {
        if (i !== resultAt) this.candidates.push(words[i]);
      });
    });
  }

  /** Follows the removals to a fixed point. */
  run(): void {
    for (;;) {
      while (this.candidates.length > 0) {
        const id = this.candidates.pop()!;
        if (!this.removed.has(id) && this.uses.count(id) === 0 && this.removable(id)) this.removeGlobal(id);
      }
      // Non-semantic instructions (debug info) that name a removed id go too, as spirv-opt's
      // KillInst takes the non-semantic tree of what it kills.
      let more = false;
      for (const inst of this.uses.module.globals) {
        if (this.gone.has(inst) || !this.isNonSemantic(inst)) continue;
        let names = false;
        this.uses.ids.uses(inst, (id) => {
          if (this.removed.has(id)) names = true;
        });
        if (!names) continue;
        this.gone.add(inst);
        this.removed.add(inst.resultId);
        this.uses.ids.uses(inst, (id) => this.drop(id));
        more = true;
      }
      if (!more && this.candidates.length === 0) return;
    }
  }

  /** Removes the collected globals with their names and decorations, edits through the module. */
  apply(module: Module): void {
    const removed = this.removed;
    const gone = this.gone;
    if (gone.size > 0) module.removeWhere('globals', (inst) => gone.has(inst));
    removeDecorationsOf(module, removed);
    const emptied = new Set<number>();
    for (const inst of [...module.annotations]) {
      if (inst.opcode !== Op.GroupDecorate && inst.opcode !== Op.GroupMemberDecorate) continue;
      const step = inst.opcode === Op.GroupDecorate ? 1 : 2;
      const kept: number[] = [inst.word(0)];
      for (let i = 1; i < inst.operandCount; i += step) {
        if (!removed.has(inst.word(i))) for (let k = 0; k < step; k++) kept.push(inst.word(i + k));
      }
      if (kept.length === inst.operandCount) continue;
      if (kept.length > 1) module.setOperands(inst, kept);
      else {
        module.remove(inst);
        emptied.add(inst.word(0));
      }
    }
    // A decoration group we took the last application of decorates nothing: it goes with its decorations.
    for (const inst of module.annotations) {
      if ((inst.opcode === Op.GroupDecorate || inst.opcode === Op.GroupMemberDecorate) && emptied.has(inst.word(0))) emptied.delete(inst.word(0));
    }
    if (emptied.size > 0) {
      module.removeWhere(
        'annotations',
        (inst) => (inst.opcode === Op.DecorationGroup && emptied.has(inst.resultId)) || (decoratesTarget(inst.opcode) && emptied.has(inst.word(0))),
      );
      module.removeWhere('debugNames', (inst) => inst.opcode === Op.Name && emptied.has(inst.word(0)));
    }
  }

  private drop(id: number): void {
    const counts = this.uses.counts;
    const n = counts.get(id);
    if (n > 0) counts.set(id, n - 1);
    if (n <= 1) this.candidates.push(id);
  }

  /** Whether the global defining `id` may go once nothing uses it (a type, constant, undef or variable, not exported). */
  removable(id: number): boolean {
    const inst = this.uses.globals.get(id);
    if (inst === undefined || this.uses.exported.has(id)) return false;
    const op = inst.opcode;
    if (isConstantCreation(op)) return !this.uses.builtIns.has(id) || !builtInConstantMustStay(this.uses.module, inst, (g) => this.uses.globals.get(g));
    return isTypeDeclaration(op) || op === Op.Undef || op === Op.Variable;
  }

  private isNonSemantic(inst: Instruction): boolean {
    return isExtInst(inst.opcode) && this.nonSemanticSets.has(inst.word(0));
  }
}
