// The dev server says once that the GLSL compiler is loading: the first GLSL request waits for
// glslang's wasm and built-in tables (a second or more), and a silent terminal looks hung.
import { stripVTControlCharacters } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { createLogger, createServer, type ViteDevServer } from 'vite';
import spvkitVite, { COMPILER_LOADING } from '@spvkit/vite-plugin';
import { hasValidateBuiltins, makeProject, type Project } from './helpers.js';
import { BLUR_COMP, COMMON_GLSL } from './fixtures.js';

let project: Project | undefined;
let server: ViteDevServer | undefined;

afterAll(async () => {
  await server?.close();
  await project?.remove();
});

it('prints the compiler-loading line once, on the first GLSL shader, before it compiles', async () => {
  project = await makeProject('vite-compiler-loading', {
    'src/lib/common.glsl': COMMON_GLSL,
    'src/blur.comp': BLUR_COMP,
    'src/copy.comp': '#version 450\nlayout(local_size_x = 8) in;\nlayout(binding = 0) buffer B { uint v[]; };\nvoid main() { v[0] = 1u; }\n',
    'src/plain.js': 'export const x = 1;\n',
  });
  const lines: string[] = [];
  // Whether the first shader's transform had finished when each line was printed.
  const printedAfterFirst: boolean[] = [];
  let firstDone = false;
  const logger = createLogger('info', { allowClearScreen: false });
  logger.info = (msg) => {
    lines.push(stripVTControlCharacters(msg));
    printedAfterFirst.push(firstDone);
  };
  server = await createServer({
    root: project.root,
    configFile: false,
    customLogger: logger,
    plugins: [spvkitVite(hasValidateBuiltins ? {} : { validate: false })],
    server: { middlewareMode: true, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const loading = () => lines.filter((l) => l.includes(COMPILER_LOADING));

  await server.transformRequest('/src/plain.js');
  expect(loading()).toEqual([]); // no GLSL, no compiler

  const first = await server.transformRequest('/src/blur.comp').finally(() => (firstDone = true));
  expect(first?.code).toContain('export default');
  expect(loading()).toHaveLength(1);
  // Said as the load starts, not once the shader is done.
  expect(printedAfterFirst[lines.findIndex((l) => l.includes(COMPILER_LOADING))]).toBe(false);

  await server.transformRequest('/src/copy.comp');
  expect(loading()).toHaveLength(1);
}, 60_000);
