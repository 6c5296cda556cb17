// The pages of the browser-weight suite: what each imports, and its gzip budget (issue 30's, which
// replaced issue 13's targets). Shared by the suite (browserWeight.test.ts) and the attribution tool
// (attribute.mjs), so both build the same pages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const KB = 1024;

/** The inspector's files the page loads up front (main.ts and what it imports statically). */
const INSPECTOR_EAGER = ['inspect.ts', 'render.ts', 'main.ts', 'shaders.ts', 'diff.ts', 'gpuRunBlocker.ts'];
/**
 * The inspector's files loaded with import() when a file is dropped, or an action asks for them:
 * dropped.ts (lowering and disassembly, for any dropped file), assembly.ts (the assembler, for
 * .spvasm), webgpu.ts, gpuTextures.ts, texels.ts, textureImage.ts and renderRun.ts (the WGSL translator, the run
 * and the DOM of its outcome, on "Run on WebGPU"). glsl.ts (the GLSL compiler, a
 * WebAssembly module of its own) is not measured, as before the assembler was split off.
 */
const INSPECTOR_LAZY = ['dropped.ts', 'assembly.ts', 'webgpu.ts', 'gpuTextures.ts', 'texels.ts', 'textureImage.ts', 'renderRun.ts'];

/**
 * The value imports of some examples/inspector files from @spvkit packages, read from their
 * sources, so the page follows the example when it changes: `{ names }` per module, and the
 * modules imported for their side effects alone.
 */
function inspectorImports(root, files) {
  const named = new Map();
  const bare = new Set();
  for (const file of files) {
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
    for (const m of text.matchAll(/^import\s+'(@spvkit\/[^']+)'/gm)) bare.add(m[1]);
  }
  return { named, bare };
}

/** A script that imports what `files` import and uses each name (so nothing is shaken out). */
function importingScript(root, files, extra = [], global = 'page') {
  const { named, bare } = inspectorImports(root, files);
  const lines = [];
  const used = [];
  for (const [from, names] of named) {
    lines.push(`import { ${[...names].join(', ')} } from '${from}';`);
    used.push(...names);
  }
  for (const from of bare) lines.push(`import '${from}';`);
  lines.push(`globalThis.${global} = [${[...used, ...extra].join(', ')}];`);
  return lines.join('\n');
}

/**
 * The inspector's page: its up-front files' imports, and a dynamic import() of a second script
 * with the lazily loaded files' imports, as the example loads them. A lazy file that the up-front
 * files import statically would make this page wrong, so that is an error here.
 */
function inspectorPage(root) {
  for (const file of INSPECTOR_EAGER) {
    const text = readFileSync(join(root, 'examples/inspector/src', file), 'utf8');
    for (const lazy of INSPECTOR_LAZY) {
      const js = lazy.replace(/\.ts$/, '.js');
      // A type-only import is erased: it loads nothing.
      if (new RegExp(`(^|\\n)\\s*import(?!\\s+type\\b)[^(;]*from\\s+'\\./${js.replace('.', '\\.')}'`).test(text)) {
        throw new Error(`examples/inspector/src/${file} imports ${js} statically; the weight page assumes it is loaded with import()`);
      }
    }
  }
  return {
    source: importingScript(root, INSPECTOR_EAGER, ["() => import('./lazy.js')"]),
    lazy: [{ file: 'lazy.js', source: importingScript(root, INSPECTOR_LAZY, [], 'lazyPage') }],
  };
}

/** The pages, for the repository at `root`. */
export function PAGE_SOURCES(root) {
  return [
    {
      name: 'decode + encode',
      source: `import { decodeModule, encodeModule } from '@spvkit/core';
globalThis.page = (bytes) => encodeModule(decodeModule(bytes));`,
      target: 16 * KB,
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
      target: 48 * KB,
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
      target: 30 * KB,
    },
    // The budget holds what the page loads up front; the suite also prints the total with the
    // chunks loaded by import() (the assembler, when a .spvasm file is dropped).
    { name: 'everything examples/inspector uses', ...inspectorPage(root), target: 60 * KB },
  ];
}
