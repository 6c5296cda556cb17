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
 * Which array holds each instruction of a module, built on the first edit that needs it and kept
 * by the edits themselves. It only ever answers where to look: every answer is checked with
 * `indexOf` before use, and a miss rebuilds it once, so an array changed behind its back costs a
 * rebuild, never a wrong edit.
 */
export class InstructionLocator {
  private homes: Map<Instruction, InstructionHome> | null = null;

  constructor(private readonly module: LocatedModule) {}

  /** Where `inst` is and its index there, or undefined when it is not in the module. */
  find(inst: Instruction): { home: InstructionHome; index: number } | undefined {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (this.homes === null || attempt === 1) this.homes = this.build();
      const home = this.homes.get(inst);
      if (home !== undefined) {
        const index = home.list.indexOf(inst);
        if (index >= 0) return { home, index };
      }
    }
    return undefined;
  }

  /** Records that `inst` now lives in `home`. */
  placed(inst: Instruction, home: InstructionHome): void {
    this.homes?.set(inst, home);
  }

  /** Records that `inst` left the module. */
  left(inst: Instruction): void {
    this.homes?.delete(inst);
  }

  /** Forgets everything (a section or the bodies were replaced wholesale). */
  reset(): void {
    this.homes = null;
  }

  private build(): Map<Instruction, InstructionHome> {
    const homes = new Map<Instruction, InstructionHome>();
    for (const name of SECTIONS) {
      const home: InstructionHome = { list: this.module.section(name), place: name };
      for (const inst of home.list) homes.set(inst, home);
    }
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
