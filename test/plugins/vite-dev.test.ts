// The Vite 8 dev server: transformRequest, HMR through includes, errors for the overlay, recovery
// after a fix, dev URLs of binaries. The file watcher is Vite's own (chokidar).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ErrorPayload, type HotPayload, type ViteDevServer } from 'vite';
import spvkitVite from '@spvkit/vite-plugin';
import type { SpvkitOptions } from '@spvkit/rollup-plugin';
import { buildError, hasValidateBuiltins, makeProject, type OutputModule, type Project } from './helpers.js';
import { recordHotPayloads } from './hotRecorder.js';
import { wordsExport } from './exports.js';
import { BLUR_COMP, BLUR_REFLECTION, COMMON_GLSL } from './fixtures.js';

const baseOptions: SpvkitOptions = hasValidateBuiltins ? {} : { validate: false };

let project: Project;
let server: ViteDevServer;
let plugin: ReturnType<typeof spvkitVite>;
const payloads: HotPayload[] = [];

async function waitFor<T>(what: string, check: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Edits a file and waits until Vite's watcher has handled it (an HMR payload mentioning it, or a reload). */
async function edit(rel: string, content: string): Promise<HotPayload> {
  // chokidar drops a second 'change' of one file within 50 ms of the first; people don't save that fast.
  await new Promise((r) => setTimeout(r, 120));
  const before = payloads.length;
  await project.write(rel, content);
  return waitFor(`an HMR payload after editing ${rel}`, () => payloads.slice(before).find((p) => p.type === 'full-reload' || p.type === 'update'));
}

beforeAll(async () => {
  project = await makeProject('vite-dev', {
    'src/lib/common.glsl': COMMON_GLSL,
    'src/blur.comp': BLUR_COMP,
    'src/main.js': `import blur, { bindings } from './blur.comp';\nexport { blur, bindings };\n`,
  });
  plugin = spvkitVite(baseOptions);
  server = await createServer({
    root: project.root,
    configFile: false,
    logLevel: 'silent',
    plugins: [plugin],
    server: { port: 0, strictPort: false, host: '127.0.0.1', ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  recordHotPayloads(server.environments.client.hot, (payload) => void payloads.push(payload));
  await server.listen();
});

afterAll(async () => {
  await server?.close();
  await project?.remove();
});

function baseUrl(): string {
  const addr = server.httpServer!.address();
  if (addr === null || typeof addr === 'string') throw new Error('server has no port');
  return `http://127.0.0.1:${addr.port}`;
}

async function load(url: string): Promise<OutputModule> {
  // The module runner executes the dev transform output, runtime import included.
  const module: OutputModule = await server.ssrLoadModule(url, { fixStacktrace: false });
  return module;
}

describe('vite dev server', () => {
  it('transforms a shader import: words and reflection', async () => {
    const r = await server.transformRequest('/src/main.js');
    expect(r?.code).toMatch(/blur\.comp/);
    const m = await load('/src/blur.comp');
    expect(m.default).toBeInstanceOf(Uint32Array);
    expect(wordsExport(m, 'default')[0]).toBe(0x07230203);
    expect(m.bindings).toEqual(BLUR_REFLECTION.bindings);
    expect(m.entryPoints).toEqual(BLUR_REFLECTION.entryPoints);
  });

  it('?url gives a URL the dev server serves, with the same words', async () => {
    const r = await server.transformRequest('/src/blur.comp?url');
    const url = /export default "([^"]+)"/.exec(r!.code)?.[1];
    expect(url).toMatch(/^\/@spvkit\/asset\/[0-9a-f]{16}\/blur\.comp\.spv$/);
    const res = await fetch(baseUrl() + url);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const m = await load('/src/blur.comp');
    const words = wordsExport(m, 'default');
    expect(Buffer.from(bytes).equals(Buffer.from(words.buffer, words.byteOffset, words.byteLength))).toBe(true);
  });

  it('editing an included file invalidates the shader and its importer, and the new words come through', async () => {
    await server.transformRequest('/src/main.js');
    await server.transformRequest('/src/blur.comp');
    const graph = server.environments.client.moduleGraph;
    const shader = (await graph.getModuleByUrl('/src/blur.comp'))!;
    const importer = (await graph.getModuleByUrl('/src/main.js'))!;
    expect(shader.transformResult).not.toBeNull();
    expect([...shader.importers]).toContain(importer);
    const oldWords = wordsExport(await load('/src/blur.comp'), 'default');

    const payload = await edit('src/lib/common.glsl', COMMON_GLSL.replace('x * 2u', 'x * 5u'));
    expect(['full-reload', 'update']).toContain(payload.type);
    await waitFor('the shader module to be invalidated', () => shader.transformResult === null);
    expect(importer.transformResult).toBeNull();

    const newWords = wordsExport(await load('/src/blur.comp'), 'default');
    expect([...newWords]).not.toEqual([...oldWords]);
    // 5u is now a constant of the module (OpConstant %uint 5 = [0x0004002b, type, id, 5]).
    expect([...newWords].some((w, i) => w === 0x0004002b && newWords[i + 3] === 5)).toBe(true);
  });

  it('an error in an included file: loc and frame for the overlay, the server keeps running, and the fix recovers', async () => {
    await server.transformRequest('/src/blur.comp');
    const broken = COMMON_GLSL.replace('return x * 5u;', 'return x * 5u +;').replace('return x * 2u;', 'return x * 2u +;');
    await edit('src/lib/common.glsl', broken);
    const e = await buildError(server.transformRequest('/src/blur.comp'));
    expect(e).toBeDefined();
    expect(e.plugin).toBe('spvkit');
    expect(e.loc).toEqual({ file: project.path('src/lib/common.glsl'), line: 3, column: '  return x * 2u +;'.indexOf(';') + 1 });
    // Vite's layout: the only one the overlay shows.
    expect(e.frame).toMatch(/^3 +\| {4}return x \* 2u \+;\n +\| {2} {17}\^$/m);
    expect(e.message).toMatch(/syntax error/);

    // What the browser gets: the request fails and the overlay payload carries loc and frame.
    const before = payloads.length;
    const res = await fetch(`${baseUrl()}/src/blur.comp?import`);
    expect(res.status).toBe(500);
    const overlay = await waitFor('an error payload', () => payloads.slice(before).find((p): p is ErrorPayload => p.type === 'error'));
    expect(overlay.err.loc).toEqual(e.loc);
    expect(overlay.err.frame).toContain('return x * 2u +;');
    expect(overlay.err.plugin).toBe('spvkit');

    // The failed load recorded no imports in Vite's graph; the plugin's include graph still
    // invalidates the shader when the include is fixed.
    await edit('src/lib/common.glsl', COMMON_GLSL);
    const m = await load('/src/blur.comp');
    expect(wordsExport(m, 'default')[0]).toBe(0x07230203);
    const ok = await fetch(`${baseUrl()}/src/blur.comp?import`);
    expect(ok.status).toBe(200);
  });

  it('editing the shader itself updates its importers', async () => {
    await server.transformRequest('/src/main.js');
    const graph = server.environments.client.moduleGraph;
    const importer = (await graph.getModuleByUrl('/src/main.js'))!;
    await server.transformRequest('/src/blur.comp');
    await edit('src/blur.comp', BLUR_COMP.replace('+ K', '+ K + 1u'));
    await waitFor('the importer to be invalidated', () => importer.transformResult === null);
    const m = await load('/src/blur.comp');
    expect(wordsExport(m, 'default')[0]).toBe(0x07230203);
  });

  it('a missing include that is then created recovers', async () => {
    await project.write('src/late.comp', BLUR_COMP.replace('"lib/common.glsl"', '"lib/late.glsl"'));
    await project.write('src/late.js', `export { default } from './late.comp';\n`);
    // The importer is transformed first, as in a browser; that puts the shader in the graph.
    await server.transformRequest('/src/late.js');
    const e = await buildError(server.transformRequest('/src/late.comp'));
    expect(e.message).toMatch(/cannot find include "lib\/late\.glsl"/);
    expect(e.loc).toMatchObject({ file: project.path('src/late.comp'), line: 2 });
    // Vite's graph has no edge to a file that does not exist; the plugin's include graph does.
    expect(plugin.api.dependents(project.path('src/lib/late.glsl'))).toEqual([project.path('src/late.comp')]);
    const graph = server.environments.client.moduleGraph;
    const importer = (await graph.getModuleByUrl('/src/late.js'))!;
    expect(importer.transformResult).not.toBeNull();
    // The shader never loaded, so Vite would propagate nothing from it; the plugin reloads the page.
    const payload = await edit('src/lib/late.glsl', COMMON_GLSL);
    expect(payload).toMatchObject({ type: 'full-reload', triggeredBy: project.path('src/lib/late.glsl') });
    const r = await server.transformRequest('/src/late.comp');
    expect(r?.code).toMatch(/export const bindings/);
    const m = await load('/src/late.comp');
    expect(wordsExport(m, 'default')[0]).toBe(0x07230203);
  });

  it('a shader broken from the start: fixing it reloads the page and it loads', async () => {
    await project.write('src/first.comp', BLUR_COMP.replace('void main() {', 'void main() {\n  oops'));
    await project.write('src/first.js', `export { default } from './first.comp';\n`);
    await server.transformRequest('/src/first.js');
    const e = await buildError(server.transformRequest('/src/first.comp'));
    expect(e.loc).toMatchObject({ file: project.path('src/first.comp'), line: 9 });
    const payload = await edit('src/first.comp', BLUR_COMP);
    expect(payload).toMatchObject({ type: 'full-reload', triggeredBy: project.path('src/first.comp') });
    const m = await load('/src/first.comp');
    expect(wordsExport(m, 'default')[0]).toBe(0x07230203);
  });

  it('a missing include in a skipped #ifdef branch loads in dev too', async () => {
    await project.write(
      'src/optional.comp',
      BLUR_COMP.replace('#include "lib/common.glsl"', '#include "lib/common.glsl"\n#ifdef WITH_EXTRA\n#include "extra.glsl"\n#endif'),
    );
    const r = await server.transformRequest('/src/optional.comp');
    expect(r?.code).toMatch(/export const bindings/);
    const m = await load('/src/optional.comp');
    expect(wordsExport(m, 'default')[0]).toBe(0x07230203);
  });

  it('the same content is not transformed twice in a session', async () => {
    const before = plugin.api.transformCount;
    await edit('src/lib/common.glsl', COMMON_GLSL + '\n');
    await load('/src/blur.comp');
    expect(plugin.api.transformCount).toBe(before + 1);
    await edit('src/lib/common.glsl', COMMON_GLSL);
    await load('/src/blur.comp');
    // Back to content seen before: served from the cache.
    expect(plugin.api.transformCount).toBe(before + 1);
  });
});
