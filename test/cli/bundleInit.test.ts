// What each command of the one-script bundle initializes when it runs (packages/cli/scripts/bundle.mjs):
// a module's init runs the inits of all it imports, so one import of a barrel, or of a module that
// is only needed for text, puts its whole tree into every run of the command (its tables built,
// its functions in the command's code cache). Read from the built bundle: rolldown wraps each
// module in `var init_X = __esmMin(() => { ... })` after a `// path` comment, and an import()
// becomes `Promise.resolve().then(() => (init_X(), X_exports))`, run only when reached.
// Needs `pnpm build` (pnpm test builds first).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const bundle = fileURLToPath(new URL('../../packages/cli/dist/spvkit.cjs', import.meta.url));

/** Per init function: its module's path, and the inits its body runs on the spot (import() calls left out). */
function initGraph(code: string): { pathOf: Map<string, string>; calls: Map<string, string[]> } {
  const lines = code.split('\n');
  const pathOf = new Map<string, string>();
  const calls = new Map<string, string[]>();
  let path = '';
  for (let i = 0; i < lines.length; i++) {
    const comment = /^\/\/ (\S+)/.exec(lines[i]);
    if (comment !== null) path = comment[1];
    const definition = /^var (init_[\w$]+) = __esmMin\(\(\(\) => \{$/.exec(lines[i]);
    if (definition === null) continue;
    const body: string[] = [];
    for (let j = i + 1; j < lines.length && lines[j] !== '}));'; j++) {
      const eager = lines[j].replace(/Promise\.resolve\(\)\.then\(\(\) => \(init_[\w$]+\(\), [\w$]+\)\)/g, '');
      for (const m of eager.matchAll(/\b(init_[\w$]+)\(\)/g)) body.push(m[1]);
    }
    pathOf.set(definition[1], path);
    calls.set(definition[1], body);
  }
  return { pathOf, calls };
}

/** The paths of every module the init of `modulePath` initializes, itself included. */
function initializedBy(graph: ReturnType<typeof initGraph>, modulePath: string): string[] {
  const start = [...graph.pathOf].find(([, p]) => p === modulePath)?.[0];
  if (start === undefined) throw new Error(`no init for ${modulePath} in the bundle`);
  const seen = new Set([start]);
  const stack = [start];
  while (stack.length > 0) {
    for (const next of graph.calls.get(stack.pop()!) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return [...seen].map((init) => graph.pathOf.get(init)!);
}

const TEXT = /core\/dist\/text\/(assembler|disassembler)\/|preserve-source\/dist\//;
let graph: ReturnType<typeof initGraph>;

beforeAll(() => {
  expect(existsSync(bundle), `${bundle} is missing: run pnpm build first`).toBe(true);
  graph = initGraph(readFileSync(bundle, 'latin1'));
});

describe('what a command initializes', () => {
  it('reads the bundle as this test expects (the commands and their trees are found)', () => {
    const val = initializedBy(graph, 'dist/commands/val.js');
    expect(val).toContain('../validator/dist/validate.js');
    expect(val.length).toBeGreaterThan(50);
  });

  it('opt, reading and writing binaries, initializes neither the assembler, the disassembler, preserve-source nor the whole validator', () => {
    const opt = initializedBy(graph, 'dist/commands/opt.js');
    expect(opt.filter((p) => TEXT.test(p))).toEqual([]);
    expect(opt.filter((p) => /validator\/dist\/(index|validate)\.js$/.test(p))).toEqual([]);
    // What it does need is there: the passes, and the builtins family under validate-builtins.
    expect(opt).toContain('../passes/dist/index.js');
    expect(opt).toContain('../validator/dist/rules/builtins/validateBuiltins.js');
  });

  it('opt does not initialize the full grammar specs: a namespace import (EnumerantNames) is taken from its own module, not the grammar barrel', () => {
    const opt = initializedBy(graph, 'dist/commands/opt.js');
    expect(opt.filter((p) => /core\/dist\/grammar\/(index|specs|requirements|generated\/core|generated\/extinst)\.js$/.test(p))).toEqual([]);
  });

  it('dis, val, info and wgsl do not initialize the assembler (it is loaded for a .spvasm input)', () => {
    for (const command of ['dis', 'val', 'info', 'wgsl']) {
      const paths = initializedBy(graph, `dist/commands/${command}.js`);
      expect(
        paths.filter((p) => /core\/dist\/text\/assembler\//.test(p)),
        command,
      ).toEqual([]);
    }
  });
});
