// What a user sees when a shader fails: the file is named (Vite prints `File:` from the error's
// `id`), and a shader imported several ways (plain, ?spvasm, ?url) is reported once: in a Vite 8
// build, in the Vite dev server's terminal and overlay, and in Rollup 4.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripVTControlCharacters } from 'node:util';
import { build, createLogger, createServer, type ErrorPayload, type Logger, type ViteDevServer } from 'vite';
import spvkitVite from '@spvkit/vite-plugin';
import spvkitRollup, { type SpvkitOptions } from '@spvkit/rollup-plugin';
import { buildError, hasValidateBuiltins, makeProject, rollupBuild, type BuildFailure, type Project } from './helpers.js';
import { recordHotPayloads } from './hotRecorder.js';
import { BLUR_COMP, COMMON_GLSL } from './fixtures.js';

const baseOptions: SpvkitOptions = hasValidateBuiltins ? {} : { validate: false };

/** The typo is on line 9, column 3 of the shader. */
const BROKEN_COMP = BLUR_COMP.replace('void main() {', 'void main() {\n  oops;');
const TYPO = /'oops' : undeclared identifier/g;
/** Imports one shader the three ways a module can ask for it. */
const THREE_WAYS = `import words from './broken.comp';\nimport text from './broken.comp?spvasm';\nimport url from './broken.comp?url';\nexport { words, text, url };\n`;

let project: Project;

beforeAll(async () => {
  project = await makeProject('errors', {
    'src/lib/common.glsl': COMMON_GLSL,
    'src/broken.comp': BROKEN_COMP,
    'src/three.js': THREE_WAYS,
    'src/once.js': `export { default } from './broken.comp';\n`,
    'src/lib/bad.glsl': `uint broken() {\n  return undefinedThing;\n}\n`,
    'src/badinclude.comp': BLUR_COMP.replace('"lib/common.glsl"', '"lib/common.glsl"\n#include "lib/bad.glsl"'),
    'src/notbinary.spv': 'OpCapability Shader\n',
  });
});

afterAll(async () => {
  await project?.remove();
});

/** A Vite logger that keeps what it would print (without colors), as the terminal would show it. */
function capturingLogger(): { logger: Logger; lines: { level: string; text: string }[] } {
  const lines: { level: string; text: string }[] = [];
  const logger = createLogger('info', { allowClearScreen: false });
  logger.info = (msg) => void lines.push({ level: 'info', text: stripVTControlCharacters(msg) });
  logger.warn = (msg) => void lines.push({ level: 'warn', text: stripVTControlCharacters(msg) });
  logger.warnOnce = (msg, options) => logger.warn(msg, options);
  logger.error = (msg) => void lines.push({ level: 'error', text: stripVTControlCharacters(msg) });
  return { logger, lines };
}

function count(text: string, pattern: RegExp): number {
  return [...text.matchAll(pattern)].length;
}

describe('vite build', () => {
  async function viteBuild(entry: string): Promise<{ error: BuildFailure; terminal: string }> {
    const { logger, lines } = capturingLogger();
    const error = await buildError(
      build({
        root: project.root,
        configFile: false,
        customLogger: logger,
        plugins: [spvkitVite(baseOptions)],
        build: { write: false, minify: false, rolldownOptions: { input: project.path(entry) } },
      }),
    );
    // `vite build` prints the logger's lines, then the error it rejects with.
    return { error, terminal: [...lines.map((l) => l.text), String(error.message)].join('\n') };
  }

  it('a shader imported three ways fails the build with one error, naming the file and line', async () => {
    const { error, terminal } = await viteBuild('src/three.js');
    expect(terminal).toMatch(/Build failed with 1 error\b/);
    expect(count(terminal, TYPO)).toBe(1);
    expect(terminal).toContain(`${project.path('src/broken.comp')}:9:3`);
    const inner = error.errors?.[0] ?? error;
    expect(inner.id).toBe(project.path('src/broken.comp'));
    expect(inner.loc).toEqual({ file: project.path('src/broken.comp'), line: 9, column: 3 });
  });

  it('the same shader imported once reads the same', async () => {
    const { terminal } = await viteBuild('src/once.js');
    expect(terminal).toMatch(/Build failed with 1 error\b/);
    expect(count(terminal, TYPO)).toBe(1);
  });
});

describe('vite dev server', () => {
  let server: ViteDevServer;
  let lines: { level: string; text: string }[];
  const overlays: ErrorPayload[] = [];

  beforeAll(async () => {
    const captured = capturingLogger();
    lines = captured.lines;
    server = await createServer({
      root: project.root,
      configFile: false,
      customLogger: captured.logger,
      plugins: [spvkitVite(baseOptions)],
      server: { port: 0, strictPort: false, host: '127.0.0.1', ws: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    recordHotPayloads(server.environments.client.hot, (payload) => {
      if (payload.type === 'error') overlays.push(payload);
    });
    await server.listen();
  });

  afterAll(async () => {
    await server?.close();
  });

  /** What a browser does for a page whose script is `entry`: fetch it, then each module it imports. */
  async function openPage(entry: string): Promise<number[]> {
    const addr = server.httpServer!.address();
    if (addr === null || typeof addr === 'string') throw new Error('server has no port');
    const base = `http://127.0.0.1:${addr.port}`;
    const code = await (await fetch(`${base}${entry}`)).text();
    const imports = [...code.matchAll(/from "([^"]+)"/g)].map((m) => m[1]);
    expect(imports).toHaveLength(3);
    const statuses = await Promise.all(imports.map(async (u) => (await fetch(`${base}${u}`)).status));
    // Vite warms imports up in the background; let those finish and log.
    await server.waitForRequestsIdle?.();
    await new Promise((r) => setTimeout(r, 300));
    return statuses;
  }

  it('a shader imported three ways: the terminal names the file, and the error is printed once', async () => {
    const statuses = await openPage('/src/three.js');
    // One module carries the error to the browser; the other two load and never run.
    expect(statuses.filter((s) => s === 500)).toHaveLength(1);
    // Vite meets the failure twice, when it warms the module up as it serves three.js ("Pre-transform
    // error") and when the browser asks for it ("Internal server error"); it is printed once.
    const errors = lines.filter((l) => l.level === 'error');
    expect(errors, errors.map((l) => l.text).join('\n---\n')).toHaveLength(1);
    expect(errors[0].text).toMatch(/^(Pre-transform error|Internal server error): /);
    expect(count(errors[0].text, TYPO)).toBe(1);
    expect(errors[0].text).toContain(`File: ${project.path('src/broken.comp')}:9:3`);
    // The frame in Vite's layout, as the overlay shows it.
    expect(errors[0].text).toMatch(/^ *9 +\| {4}oops;$/m);
    expect(overlays).toHaveLength(1);
    expect(overlays[0].err.id).toBe(project.path('src/broken.comp'));
    expect(overlays[0].err.loc).toEqual({ file: project.path('src/broken.comp'), line: 9, column: 3 });
    expect(overlays[0].err.frame).toMatch(/^9 +\| {4}oops;\n +\| {4}\^$/m);
  });

  it('reloading the page reports it again (the failure is not swallowed), once', async () => {
    const before = lines.filter((l) => /Internal server error/.test(l.text)).length;
    await openPage('/src/three.js');
    expect(lines.filter((l) => /Internal server error/.test(l.text)).length).toBe(before + 1);
  });

  it('an error in an included file names the included file', async () => {
    const e = await buildError(server.transformRequest('/src/badinclude.comp'));
    expect(e.id).toBe(project.path('src/lib/bad.glsl'));
    expect(e.loc).toMatchObject({ file: project.path('src/lib/bad.glsl'), line: 2 });
  });
});

describe('rollup', () => {
  it('a shader imported three ways: one error, with id and loc.file', async () => {
    const e = await buildError(rollupBuild(project.path('src/three.js'), [spvkitRollup(baseOptions)]));
    expect(count(e.message, TYPO)).toBe(1);
    expect(e.id).toBe(project.path('src/broken.comp'));
    expect(e.loc).toEqual({ file: project.path('src/broken.comp'), line: 9, column: 3 });
    expect(e.frame).toMatch(/9: +oops;/);
  });

  it('a problem with no line in a text (a .spv that is not SPIR-V) still names the file', async () => {
    await project.write('src/notbinary.js', `export { default } from './notbinary.spv';\n`);
    const e = await buildError(rollupBuild(project.path('src/notbinary.js'), [spvkitRollup(baseOptions)]));
    expect(e.message).toMatch(/not a SPIR-V binary/);
    expect(e.id).toBe(project.path('src/notbinary.spv'));
    expect(e.loc).toEqual({ file: project.path('src/notbinary.spv'), line: 1, column: 1 });
  });
});
