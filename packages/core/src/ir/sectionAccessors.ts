import type { Instruction } from './Instruction.js';
import type { ModuleChange } from './ModuleChange.js';
import { SECTIONS, type SectionName } from './sections.js';

/** What the accessors read and call on a module: its declared sections, and its change notice. */
export type SectionHolder = { [name in SectionName]: Instruction[] } & { changed(change: ModuleChange): void };

/** The sections whose words a decoder may hold unbuilt (see Module.setLazyDebug). */
const DEBUG_SECTIONS: readonly SectionName[] = ['debugStrings', 'debugNames', 'debugModuleProcessed'];

/**
 * Puts on `prototype` a getter and a setter for each section of {@link SECTIONS}: the getter gives
 * the section's array, the setter replaces it and tells the analyses. `sectionsOf` gives a module's
 * arrays, in SECTIONS order, once what a read of that section needs is built (`debug` for the
 * debug sections, whose words a decoder may hold). Eleven accessors written out would differ only
 * in these two things: the interface Module, merged into the class, types them, and this gives
 * them their code.
 *
 * Made once, when the class is defined: each accessor is a function of its own, with its section's
 * index and kind in its closure, so a read costs what a written-out accessor's does, but for an
 * array index.
 */
export function defineSectionAccessors<M extends SectionHolder>(prototype: M, sectionsOf: (module: M, debug: boolean) => Instruction[][]): void {
  SECTIONS.forEach((place, index) => {
    const debug = DEBUG_SECTIONS.includes(place);
    Object.defineProperty(prototype, place, {
      configurable: true,
      get(this: M): Instruction[] {
        return sectionsOf(this, debug)[index];
      },
      set(this: M, value: Instruction[]): void {
        sectionsOf(this, debug)[index] = value;
        this.changed({ kind: 'replaced', place });
      },
    });
  });
}
