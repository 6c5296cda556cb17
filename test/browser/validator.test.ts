// @spvkit/validator in a real browser (issue 19: "in Node and in the browser"): a page bundled by
// Vite 8 from the packages as a user installs them, served on 127.0.0.1 and run in Debian's
// Chromium through playwright-core. The page validates every corpus module and a few broken ones
// (an OpIAdd on floats with an OpLine to its GLSL line, a module whose layout is broken, one with a bad
// header) and must report exactly what the validator reports in Node: the same rule codes,
// messages, ids, names and source lines, in the same order.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assemble, encodeModule } from '@spvkit/core';
import { validate } from '@spvkit/validator';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { corpusToolsAvailable, loadCorpus } from '../corpus/index.js';
import { describeWithOracle, type Availability } from '../support/oracles.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const pageDir = join(repoRoot, 'test', '.cache', 'browser', 'validator-page');
const outDir = join(repoRoot, 'test', '.cache', 'browser', 'validator-dist');
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

function availability(): Availability {
  const tools = corpusToolsAvailable();
  if (!tools.ok) return tools;
  if (!existsSync(CHROMIUM)) return { ok: false, reason: `${CHROMIUM} not found (install Debian's chromium, or set SPVKIT_CHROMIUM)` };
  try {
    execFileSync(CHROMIUM, ['--version'], { stdio: 'pipe', timeout: 30_000 });
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: `${CHROMIUM} --version failed: ${(e as Error).message.split('\n')[0]}` };
  }
}

// What a user's page does: import the validator and run it on words.
const MAIN_JS = `import { validate } from '@spvkit/validator';
window.__validate = (words, targetEnv) => validate(Uint32Array.from(words), { targetEnv });
document.body.dataset.ready = 'true';
`;

/** An OpIAdd on floats, as the new user wrote it, with an OpLine pointing at its GLSL line. */
const FLOAT_IADD = `; SPIR-V
; Version: 1.0
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
          %file = OpString "sum.comp"
               OpName %main "main"
               OpName %total "total"
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
     %float1 = OpConstant %float 1
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpLine %file 7 12
      %total = OpIAdd %float %float1 %float1
               OpReturn
               OpFunctionEnd
`;

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

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
      let body: Buffer;
      try {
        body = await readFile(file);
      } catch {
        res.writeHead(404).end('not found');
        return;
      }
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

describeWithOracle('@spvkit/validator in Chromium', availability(), () => {
  let server: Server | undefined;
  let url = '';
  let browser: Browser | undefined;

  beforeAll(async () => {
    rmSync(pageDir, { recursive: true, force: true });
    mkdirSync(pageDir, { recursive: true });
    writeFileSync(join(pageDir, 'index.html'), '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>\n');
    writeFileSync(join(pageDir, 'main.js'), MAIN_JS);
    // Installed as a user installs them: the packages' folders (export maps, dist/) in node_modules.
    mkdirSync(join(pageDir, 'node_modules', '@spvkit'), { recursive: true });
    for (const p of ['core', 'validator']) symlinkSync(join(repoRoot, 'packages', p), join(pageDir, 'node_modules', '@spvkit', p), 'dir');
    await build({ root: pageDir, configFile: false, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    ({ server, url } = await serveStatic(outDir));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => (server ? server.close(done) : done(undefined)));
  });

  it('reports in the browser exactly what it reports in Node, on the corpus and on broken modules', { timeout: 300_000 }, async () => {
    const corpus = await loadCorpus();
    const iadd = encodeModule(assemble(FLOAT_IADD, { file: 'sum.spvasm', targetEnv: 'vulkan1.0' }));
    const badLayout = iadd.slice();
    badLayout.copyWithin(5, 5 + 2); // the first instruction's words taken out: the rest no longer lines up
    const badHeader = iadd.slice();
    badHeader[1] = 0x00070000; // SPIR-V 7.0
    const broken = [
      { name: 'float OpIAdd', targetEnv: 'vulkan1.0', words: iadd },
      { name: 'broken layout', targetEnv: 'vulkan1.0', words: badLayout },
      { name: 'bad header', targetEnv: 'vulkan1.0', words: badHeader },
    ];
    const modules = [...corpus.map((m) => ({ name: m.name, targetEnv: m.targetEnv, words: m.words })), ...broken];

    const page = await browser!.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 60_000 });
    const mismatches: string[] = [];
    let withFindings = 0;
    for (const m of modules) {
      const inBrowser = await page.evaluate(
        ([words, env]) => (window as unknown as { __validate: (w: number[], e: string) => unknown }).__validate(words, env),
        [Array.from(m.words), m.targetEnv] as const,
      );
      // Through JSON both ways, as the page's result came: undefined fields dropped alike.
      const inNode: unknown = JSON.parse(JSON.stringify(validate(m.words, { targetEnv: m.targetEnv })));
      if ((inNode as unknown[]).length > 0) withFindings++;
      if (JSON.stringify(inBrowser) !== JSON.stringify(inNode))
        mismatches.push(`${m.name}:\n  browser ${JSON.stringify(inBrowser)}\n  node    ${JSON.stringify(inNode)}`);
    }
    await page.close();
    expect(problems).toEqual([]);
    expect(mismatches, mismatches.slice(0, 5).join('\n')).toEqual([]);
    // The broken ones are found in the browser, the OpIAdd at its GLSL line with its names.
    expect(withFindings).toBeGreaterThanOrEqual(broken.length);
    const iaddInBrowser = (await (async () => {
      const p = await browser!.newPage();
      await p.goto(url);
      await p.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 60_000 });
      const r = await p.evaluate(([words]) => (window as unknown as { __validate: (w: number[], e: string) => unknown }).__validate(words, 'vulkan1.0'), [
        Array.from(iadd),
      ] as const);
      await p.close();
      return r;
    })()) as {
      code: string;
      family: string;
      message: string;
      location?: { file?: string; line: number; column: number };
      ids: { id: number; name?: string }[];
    }[];
    const typeError = iaddInBrowser.find((d) => d.family === 'types');
    expect(typeError, JSON.stringify(iaddInBrowser)).toBeDefined();
    expect(typeError!.location).toMatchObject({ file: 'sum.comp', line: 7, column: 12 });
    expect(typeError!.message).toContain('OpIAdd');
    expect(iaddInBrowser.every((d) => d.family !== 'binary')).toBe(true);
    console.log(`[validator in Chromium] ${modules.length} modules validated in the page, identical to Node (${withFindings} with findings)`);
  });
});
