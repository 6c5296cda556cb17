// The pages of the browser-weight suite: what each imports, and issue 13's gzip target for it. Shared
// by the suite (browserWeight.test.ts) and the attribution tool (attribute.mjs), so both build the
// same pages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const KB = 1024;

/**
 * The value imports of examples/inspector from @spvkit packages, read from its sources, so the page
 * follows the example when it changes: `{ names }` per module, and the modules imported for their
 * side effects alone.
 */
function inspectorImports(root) {
  const named = new Map();
  const bare = new Set();
  for (const file of ['inspect.ts', 'render.ts', 'main.ts', 'shaders.ts', 'diff.ts']) {
    const text = readFileSync(join(root, 'examples/inspector/src', file), 'utf8');
    for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'(@spvkit\/[^']+)'/g)) {
      if (m[1] !== undefined) continue;
      const names = named.get(m[3]) ?? new Set();
      for (const part of m[2].split(',')) {
        const n = part.trim();
        if (n !== '' && !n.startsWith('type ')) names.add(n);
      }
      named.set(m[3], names);
    }
    for (const m of text.matchAll(/import\s+'(@spvkit\/[^']+)'/g)) bare.add(m[1]);
  }
  return { named, bare };
}

function inspectorPage(root) {
  const { named, bare } = inspectorImports(root);
  const lines = [];
  const used = [];
  for (const [from, names] of named) {
    lines.push(`import { ${[...names].join(', ')} } from '${from}';`);
    used.push(...names);
  }
  for (const from of bare) lines.push(`import '${from}';`);
  lines.push(`globalThis.page = [${used.join(', ')}];`);
  return lines.join('\n');
}

/** The pages, for the repository at `root`. */
export function PAGE_SOURCES(root) {
  return [
    {
      name: 'decode + encode',
      source: `import { decodeModule, encodeModule } from '@spvkit/core';
globalThis.page = (bytes) => encodeModule(decodeModule(bytes));`,
      target: 15 * KB,
    },
    {
      name: 'decode + disassemble',
      source: `import { decodeModule, disassemble } from '@spvkit/core';
globalThis.page = (bytes) => disassemble(decodeModule(bytes));`,
      target: 40 * KB,
    },
    {
      name: 'assemble + encode',
      source: `import { assemble, encodeModule } from '@spvkit/core';
globalThis.page = (text) => encodeModule(assemble(text));`,
      target: 40 * KB,
    },
    {
      name: 'decode + lowerLocalInvocationIndex + encode',
      source: `import { decodeModule, encodeModule } from '@spvkit/core';
import { lowerLocalInvocationIndex } from '@spvkit/passes/lower-local-invocation-index';
globalThis.page = (bytes) => {
  const module = decodeModule(bytes);
  lowerLocalInvocationIndex().run(module, {});
  return encodeModule(module);
};`,
      target: 25 * KB,
    },
    { name: 'everything examples/inspector uses', source: inspectorPage(root), target: 60 * KB },
  ];
}
