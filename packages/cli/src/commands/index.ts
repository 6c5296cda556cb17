import type { Command } from '../CommandIo.js';

/**
 * Every sub-command's module, loaded only when it runs, in the order `spvkit --help` lists them.
 * Lazily because each command pulls in its own part of core (the assembler and its tables, the
 * passes, preserve-source, the GLSL loader): the bundle (scripts/bundle.mjs) turns each import()
 * into a function that initializes that part on first call, so `spvkit dis` never runs the
 * assembler's or the passes' top-level code. `spvkit --version` runs none of them.
 */
const loaders: ReadonlyMap<string, () => Promise<Command>> = new Map([
  ['info', () => import('./info.js').then((m) => m.infoCommand)],
  ['as', () => import('./as.js').then((m) => m.asCommand)],
  ['dis', () => import('./dis.js').then((m) => m.disCommand)],
  ['opt', () => import('./opt.js').then((m) => m.optCommand)],
  ['val', () => import('./val.js').then((m) => m.valCommand)],
  ['glsl', () => import('./glsl.js').then((m) => m.glslCommand)],
  ['wgsl', () => import('./wgsl.js').then((m) => m.wgslCommand)],
  ['types', () => import('./types.js').then((m) => m.typesCommand)],
]);

/** The sub-commands' names, in the order `spvkit --help` lists them. */
export const commandNames: readonly string[] = [...loaders.keys()];

/** The command called `name`, loaded; undefined when there is none. */
export function loadCommand(name: string): Promise<Command> | undefined {
  return loaders.get(name)?.();
}

/** Every command, loaded (for `spvkit --help`, which lists their summaries). */
export function loadCommands(): Promise<Command[]> {
  return Promise.all([...loaders.values()].map((load) => load()));
}
