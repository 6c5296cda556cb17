// A rolldown plugin for scripts/bundle.mjs: `import { a, b } from '@spvkit/core'` becomes imports of
// the modules that define a and b, past the package's barrel (index.js and the barrels it
// re-exports; and past the barrels inside it, such as grammar/index.js). `export { a } from` such a
// barrel becomes re-exports from those modules in the same way.
//
// Why: the bundle initializes each command's modules only when that command runs (import() in
// src/commands/index.ts, inlined as functions that initialize a module on first call). A module
// reached through a barrel is initialized with the whole barrel: the barrel's init runs every
// re-exported module's init, so `spvkit dis` would build the assembler's tables, the pass
// framework and the analyses too. Importing each name from its own module keeps a command's
// start-up to what it uses. The barrels are declared free of side effects (sideEffects: false), so
// skipping them changes nothing else.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * `export ... from './x.js'` and local `export function f` / `export { a as b }` of one ES module
 * (tsc's output). A re-export from a package is followed into that package's entry where
 * `packages` names it (its barrel), and left out otherwise.
 */
function parseExports(file, packages) {
  const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  const target = (specifier) => (specifier.startsWith('.') ? resolve(dirname(file), specifier) : packages[specifier]);
  const reexports = []; // { from, names: Map<exported, imported> } or { from, star: true }
  const local = new Set();
  for (const m of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const names = new Map();
    for (const item of m[1]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const [imported, exported = imported] = item.split(/\s+as\s+/);
      names.set(exported, imported);
    }
    if (target(m[2]) !== undefined) reexports.push({ from: target(m[2]), names });
  }
  for (const m of code.matchAll(/export\s*\*\s*from\s*'([^']+)'/g)) if (target(m[1]) !== undefined) reexports.push({ from: target(m[1]), star: true });
  // A namespace (`export * as Names from './names.js'`): imported as `import * as Names` from its module.
  const namespaces = new Map();
  for (const m of code.matchAll(/export\s*\*\s*as\s+(\w+)\s+from\s*'([^']+)'/g)) {
    if (target(m[2]) !== undefined) namespaces.set(m[1], target(m[2]));
    else local.add(m[1]);
  }
  for (const m of code.matchAll(/export\s+(?:async\s+)?(?:function\*?|class|const|let|var)\s+([\w$]+)/g)) local.add(m[1]);
  for (const m of code.matchAll(/export\s*\{([^}]*)\}\s*;/g))
    for (const item of m[1]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean))
      local.add(item.split(/\s+as\s+/).at(-1));
  return { reexports, local, namespaces };
}

/**
 * Makes the plugin; `barrels` maps a package name to its entry file (core's dist/index.js).
 * Relative imports of an `index.js` inside the bundled packages are treated as barrels too.
 */
export function directImports(barrels) {
  const parsed = new Map();
  const exportsOf = (file) => {
    let p = parsed.get(file);
    if (p === undefined) parsed.set(file, (p = parseExports(file, barrels)));
    return p;
  };
  /** The module that defines `name` as exported by `file`, and its name there; undefined when `file` does not export it. */
  const definition = (file, name, depth = 0) => {
    if (depth > 16) return undefined;
    const { reexports, local, namespaces } = exportsOf(file);
    if (local.has(name)) return { file, name };
    if (namespaces.has(name)) return { file: namespaces.get(name), name: '*' };
    for (const r of reexports) {
      if (r.star) {
        const d = definition(r.from, name, depth + 1);
        if (d !== undefined) return d;
      } else if (r.names.has(name)) return definition(r.from, r.names.get(name), depth + 1) ?? { file: r.from, name: r.names.get(name) };
    }
    return undefined;
  };
  // `import { ... } from` and `export { ... } from`: a re-export through a barrel (as @spvkit/passes
  // re-exports validate-builtins' names from @spvkit/validator) initializes the barrel as an import does.
  const pattern = /(import|export)\s*\{([^}]*)\}\s*from\s*'([^']+)';/g;
  /** The barrel file an import specifier names, or undefined when it names no barrel. */
  const barrelOf = (specifier, importer) => {
    if (specifier in barrels) return barrels[specifier];
    // Barrels inside the packages (core's grammar/index.js, text/assembler/index.js): relative imports of an index.js.
    if (!specifier.startsWith('.') || !specifier.endsWith('/index.js') || importer === undefined) return undefined;
    const file = resolve(dirname(importer), specifier);
    // (Text in a comment can look like an import: left as it is.)
    return existsSync(file) ? file : undefined;
  };
  return {
    name: 'spvkit-direct-imports',
    transform(code, id) {
      if (!/\bfrom\s*'/.test(code)) return null;
      return code.replace(pattern, (whole, keyword, list, specifier) => {
        const barrel = barrelOf(specifier, id);
        if (barrel === undefined) return whole;
        const byFile = new Map();
        for (const item of list
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          const [imported, local = imported] = item.split(/\s+as\s+/);
          const d = definition(barrel, imported);
          // Not found (a namespace export, a pattern this reader does not know): from the barrel, as written.
          const key = d === undefined ? specifier : d.file;
          if (!byFile.has(key)) byFile.set(key, []);
          byFile.get(key).push(`${d === undefined ? imported : d.name} as ${local}`);
        }
        return [...byFile]
          .flatMap(([from, names]) => {
            // A namespace is a statement of its own: `import * as Names from` its module.
            const star = names.filter((n) => n.startsWith('* as '));
            const named = names.filter((n) => !n.startsWith('* as '));
            return [
              ...star.map((n) => `${keyword} ${n} from ${JSON.stringify(from)};`),
              ...(named.length > 0 ? [`${keyword} { ${named.join(', ')} } from ${JSON.stringify(from)};`] : []),
            ];
          })
          .join('\n');
      });
    },
  };
}
