// @spvkit/glslang in a real browser: a page bundled by Vite 8 from the package's sources (so the
// wasm is found the way a user's bundler finds it, through new URL(..., import.meta.url)), served
// on 127.0.0.1 and run in Debian's Chromium through playwright-core. It compiles a shader with an
// include and one with an error, and must give the same words as the package gives in Node.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { createGlslang } from '@spvkit/glslang';
import { describeWithOracle, type Availability } from '../support/oracles.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const pageDir = join(repoRoot, 'test', '.cache', 'browser', 'glslang-page');
const outDir = join(repoRoot, 'test', '.cache', 'browser', 'glslang-dist');
const CHROMIUM = process.env.SPVKIT_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function chromiumAvailability(): Availability {
  if (!existsSync(CHROMIUM)) return { ok: false, reason: `${CHROMIUM} not found (install Debian's chromium, or set SPVKIT_CHROMIUM)` };
  try {
    execFileSync(CHROMIUM, ['--version'], { stdio: 'pipe', timeout: 30_000 });
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: `${CHROMIUM} --version failed: ${(e as Error).message.split('\n')[0]}` };
  }
}

const SHADER = `#version 460
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_debug_printf : require
#include "common.glsl"
layout(local_size_x = WIDTH) in;
layout(set = 0, binding = 0) buffer Data { float v[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  debugPrintfEXT("%f", v[i]);
  v[i] = scale(v[i]);
}
`;
const COMMON = 'float scale(float x) { return x * 2.0; }\n';
const BROKEN = '#version 450\nlayout(location = 0) out vec4 color;\nvoid main() {\n  color = vec4(undefinedName);\n}\n';

// The page does what a user's app does; the test reads what it put on window.
const MAIN_JS = `import { createGlslang } from '@spvkit/glslang';
const shader = ${JSON.stringify(SHADER)};
const common = ${JSON.stringify(COMMON)};
const broken = ${JSON.stringify(BROKEN)};
(async () => {
  try {
    const t0 = performance.now();
    const glslang = await createGlslang();
    const ok = glslang.compile(shader, {
      stage: 'comp', file: 'page.comp', targetEnv: 'vulkan1.3', defines: { WIDTH: 64 },
      include: ({ name }) => (name === 'common.glsl' ? { file: 'common.glsl', source: common } : null),
    });
    const ms = performance.now() - t0;
    const bad = glslang.compile(broken, { stage: 'frag', file: 'broken.frag' });
    window.__glslang = { version: glslang.version, ok: ok.ok, words: ok.ok ? Array.from(ok.words) : ok.diagnostics, bad: bad.diagnostics, ms };
  } catch (e) {
    window.__glslang = { error: String(e && e.stack || e) };
  }
  document.body.dataset.ready = 'true';
})();
`;

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.wasm': 'application/wasm' };

async function serveStatic(dir: string): Promise<{ server: Server; url: string }> {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
      if (req.method !== 'GET' || !file.startsWith(root + sep)) {
        res.writeHead(404).end();
        return;
      }
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
      } catch {
        res.writeHead(404).end('not found');
      }
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

describeWithOracle('@spvkit/glslang in Chromium', chromiumAvailability(), () => {
  let server: Server | undefined;
  let url = '';
  let browser: Browser | undefined;

  beforeAll(async () => {
    rmSync(pageDir, { recursive: true, force: true });
    mkdirSync(pageDir, { recursive: true });
    writeFileSync(join(pageDir, 'index.html'), '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>\n');
    writeFileSync(join(pageDir, 'main.js'), MAIN_JS);
    await build({
      root: pageDir,
      configFile: false,
      logLevel: 'warn',
      resolve: { alias: [{ find: /^@spvkit\/glslang$/, replacement: join(repoRoot, 'packages/glslang/src/index.ts') }] },
      build: { outDir, emptyOutDir: true },
    });
    ({ server, url } = await serveStatic(outDir));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => (server ? server.close(done) : done(undefined)));
  });

  it('loads the wasm the bundler emitted and compiles as in Node', async () => {
    const page = await browser!.newPage();
    const problems: string[] = [];
    const wasmRequests: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
    page.on('response', (r) => {
      if (r.url().endsWith('.wasm')) wasmRequests.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 60_000 });
    const got = (await page.evaluate(() => (window as unknown as { __glslang: unknown }).__glslang)) as {
      error?: string;
      version: string;
      ok: boolean;
      words: number[];
      bad: Array<{ severity: string; file?: string; line?: number; message: string }>;
      ms: number;
    };
    expect(got.error).toBeUndefined();
    expect(problems).toEqual([]);
    expect(wasmRequests).toHaveLength(1);
    expect(wasmRequests[0]).toMatch(/^200 .*\/assets\/glslang-[\w-]+\.wasm$/);

    const glslang = await createGlslang();
    const node = glslang.compile(SHADER, {
      stage: 'comp',
      file: 'page.comp',
      targetEnv: 'vulkan1.3',
      defines: { WIDTH: 64 },
      include: ({ name }) => (name === 'common.glsl' ? { file: 'common.glsl', source: COMMON } : null),
    });
    expect(node.ok).toBe(true);
    expect(got.version).toBe(glslang.version);
    expect(got.ok).toBe(true);
    expect(Uint32Array.from(got.words)).toEqual(node.ok ? node.words : undefined);
    const firstError = got.bad.find((d) => d.severity === 'error');
    expect(firstError).toMatchObject({ file: 'broken.frag', line: 4 });
    expect(firstError?.message).toContain('undefinedName');
    console.log(`glslang in Chromium: createGlslang + first compile ${got.ms.toFixed(0)} ms`);
    await page.close();
  });
});
