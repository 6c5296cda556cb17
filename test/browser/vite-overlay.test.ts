// What a user of the Vite dev server sees when a GLSL include breaks: Vite's error overlay in
// Debian's Chromium (driven through playwright-core), read from its shadow DOM, and the dev
// server's terminal (a customLogger keeping what it would print). The payload tests in
// test/plugins check what the plugin hands Vite; this one checks what Vite's client makes of it:
// it draws a code frame only in Vite's own layout.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createLogger, createServer, type Logger, type ViteDevServer } from 'vite';
import spvkit from '@spvkit/vite-plugin';
import { hasValidateBuiltins, makeProject, type Project } from '../plugins/helpers.js';
import { BLUR_COMP, COMMON_GLSL } from '../plugins/fixtures.js';
import { describeWithOracle, type Availability } from '../support/oracles.js';

const CHROMIUM = process.env.SPVKIT_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'];

function chromiumAvailability(): Availability {
  if (!existsSync(CHROMIUM)) return { ok: false, reason: `${CHROMIUM} not found (install Debian's chromium, or set SPVKIT_CHROMIUM)` };
  try {
    execFileSync(CHROMIUM, ['--version'], { stdio: 'pipe', timeout: 30_000 });
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: `${CHROMIUM} --version failed: ${(e as Error).message.split('\n')[0]}` };
  }
}

/** COMMON_GLSL with a syntax error on line 3, `return x * 2u +;`: glslang points at the `;` (column 18). */
const BROKEN_COMMON = COMMON_GLSL.replace('return x * 2u;', 'return x * 2u +;');

/** A Vite logger that keeps the errors it would print (without colors). */
function errorCapturingLogger(): { logger: Logger; errors: string[] } {
  const errors: string[] = [];
  const logger = createLogger('info', { allowClearScreen: false });
  logger.info = () => {};
  logger.warn = () => {};
  logger.warnOnce = () => {};
  logger.error = (msg) => void errors.push(stripVTControlCharacters(msg));
  return { logger, errors };
}

/** What Vite's overlay shows, read from its shadow DOM; undefined while there is none. */
async function overlayText(page: Page): Promise<{ message: string; file: string; frame: string } | undefined> {
  return page.evaluate(() => {
    const root = document.querySelector('vite-error-overlay')?.shadowRoot;
    if (!root) return undefined;
    const text = (selector: string): string => root.querySelector(selector)?.textContent ?? '';
    return { message: text('.message'), file: text('.file'), frame: text('.frame') };
  });
}

describeWithOracle('the Vite error overlay in Chromium', chromiumAvailability(), () => {
  let project: Project;
  let server: ViteDevServer;
  let browser: Browser;
  let base = '';
  let errors: string[];

  beforeAll(async () => {
    project = await makeProject('overlay', {
      'index.html': `<!doctype html>\n<html><body><script type="module" src="/src/main.js"></script></body></html>\n`,
      'src/main.js': `import words from './blur.comp';\ndocument.body.dataset.words = String(words.length);\n`,
      'src/blur.comp': BLUR_COMP,
      // Broken before the page is first opened: the shader fails on its first request.
      'src/lib/common.glsl': BROKEN_COMMON,
    });
    const captured = errorCapturingLogger();
    errors = captured.errors;
    server = await createServer({
      root: project.root,
      configFile: false,
      customLogger: captured.logger,
      plugins: [spvkit(hasValidateBuiltins ? {} : { validate: false })],
      server: { port: 0, strictPort: false, host: '127.0.0.1' },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    await server.listen();
    const addr = server.httpServer!.address();
    if (addr === null || typeof addr === 'string') throw new Error('the dev server has no port');
    base = `http://127.0.0.1:${addr.port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await project?.remove();
  });

  it('shows the included file, its source line and a caret; the terminal prints the error once', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${base}/`);
      await page.locator('vite-error-overlay').waitFor({ state: 'attached', timeout: 30_000 });
      const shown = await overlayText(page);
      expect(shown?.message).toMatch(/syntax error/);
      expect(shown?.file).toBe(`${project.path('src/lib/common.glsl')}:3:18`);
      // Vite's layout: `3  |    return x * 2u +;`, then the caret under the `;`.
      expect(shown?.frame).toMatch(/^3 +\| {4}return x \* 2u \+;$/m);
      const lines = shown?.frame.split('\n') ?? [];
      const at = lines.findIndex((l) => /^3 +\|/.test(l));
      expect(lines[at + 1]).toMatch(/^ +\| +\^$/);
      expect(lines[at + 1]?.indexOf('^')).toBe(lines[at]?.indexOf(';'));

      // Vite warmed the shader up as it served main.js, then the page asked for it: one print.
      await server.waitForRequestsIdle?.();
      const printed = errors.filter((e) => e.includes('syntax error'));
      expect(printed, printed.join('\n---\n')).toHaveLength(1);
      expect(printed[0]).toContain(`File: ${project.path('src/lib/common.glsl')}:3:18`);
      // Vite's terminal indents the frame by two spaces.
      expect(printed[0]).toMatch(/^ {2}3 +\| {4}return x \* 2u \+;$/m);
    } finally {
      await page.close();
    }
  });

  it('fixing the include clears the overlay; breaking it again while the page is open shows it again', async () => {
    const page = await browser.newPage();
    try {
      await project.write('src/lib/common.glsl', COMMON_GLSL);
      await page.goto(`${base}/`);
      await page.waitForFunction(() => Number(document.body.dataset.words) > 0, undefined, { timeout: 30_000 });
      expect(await overlayText(page)).toBeUndefined();

      const before = errors.length;
      // chokidar drops a second 'change' of one file within 50 ms of the first.
      await new Promise((r) => setTimeout(r, 150));
      await project.write('src/lib/common.glsl', BROKEN_COMMON);
      await page.locator('vite-error-overlay').waitFor({ state: 'attached', timeout: 30_000 });
      const shown = await overlayText(page);
      expect(shown?.file).toBe(`${project.path('src/lib/common.glsl')}:3:18`);
      expect(shown?.frame).toMatch(/^3 +\| {4}return x \* 2u \+;$/m);
      expect(shown?.frame).toMatch(/^ +\| +\^$/m);
      await server.waitForRequestsIdle?.();
      expect(errors.slice(before).filter((e) => e.includes('syntax error'))).toHaveLength(1);
    } finally {
      await page.close();
    }
  });
});
