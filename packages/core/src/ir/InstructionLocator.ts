import type { Function } from './Function.js';
import type { Instruction } from './Instruction.js';
import type { ChangePlace } from './ModuleChange.js';
import { SECTIONS } from './sections.js';

/** The array holding an instruction and what part of the module it is. */
export interface InstructionHome {
  readonly list: Instruction[];
  readonly place: ChangePlace;
  /** The function, for instructions in one. */
  readonly fn?: Function;
}

/** What the locator reads: the sections and the functions of a module. */
export interface LocatedModule {
  section(name: (typeof SECTIONS)[number]): Instruction[];
  readonly functions: Function[];
  readonly trailing: Instruction[];
  readonly hasLazyFunctions: boolean;
}

/**
 * Which array holds each instruction of a module, built on the first edit that needs it (the
 * sections first; the bodies, which may hold a million instructions, only when an edit names a
 * body instruction without its block) and kept by the edits themselves. It only ever answers where
 * to look: every answer is checked with `indexOf` before use, and a miss rebuilds it once, so an
 * array changed behind its back costs a rebuild, never a wrong edit.
 */
export class InstructionLocator {
  /** Instructions of the sections before the functions: few, so built at the first edit. */
  private sections: Map<Instruction, InstructionHome> | null = null;
  /** Instructions of the bodies: built only when an edit names one without saying where it is. */
  private bodies: Map<Instruction, InstructionHome> | null = null;

  constructor(private readonly module: LocatedModule) {}

  /** Where `inst` is and its index there, or undefined when it is not in the module. */
  find(inst: Instruction): { home: InstructionHome; index: number } | undefined {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (this.sections === null || attempt === 1) this.sections = this.buildSections();
      let home = this.sections.get(inst);
      if (home === undefined) {
        if (this.bodies === null || attempt === 1) this.bodies = this.buildBodies();
        home = this.bodies.get(inst);
      }
      if (home !== undefined) {
        const index = home.list.indexOf(inst);
        if (index >= 0) return { home, index };
      }
    }
    return undefined;
  }

  /** Records that `inst` now lives in `home`. */
  placed(inst: Instruction, home: InstructionHome): void {
    (home.place === 'functions' ? this.bodies : this.sections)?.set(inst, home);
  }

  /** Records that `inst` left the module. */
  left(inst: Instruction): void {
    this.sections?.delete(inst);
    this.bodies?.delete(inst);
  }

  /** Forgets everything (a section or the bodies were replaced wholesale). */
  reset(): void {
    this.sections = null;
    this.bodies = null;
  }

  private buildSections(): Map<Instruction, InstructionHome> {
    const homes = new Map<Instruction, InstructionHome>();
    for (const name of SECTIONS) {
      const home: InstructionHome = { list: this.module.section(name), place: name };
      for (const inst of home.list) homes.set(inst, home);
    }
    return homes;
  }

  private buildBodies(): Map<Instruction, InstructionHome> {
    const homes = new Map<Instruction, InstructionHome>();
    // Bodies held as words have no instruction objects to edit: reading them would decode them.
    if (this.module.hasLazyFunctions) return homes;
    for (const fn of this.module.functions) {
      const lists = [fn.leading, fn.preamble, ...fn.blocks.map((b) => b.instructions)];
      for (const list of lists) {
        const home: InstructionHome = { list, place: 'functions', fn };
        for (const inst of list) homes.set(inst, home);
      }
    }
    const trailing: InstructionHome = { list: this.module.trailing, place: 'functions' };
    for (const inst of trailing.list) homes.set(inst, trailing);
    return homes;
  }
}
