// Every package packed as it would be published, then installed with npm into fresh projects
// outside the workspace and used there as a user would: a Vite 8 app (type-checked with strict and
// skipLibCheck false, with the typed block writers of `spvkit types` and of a ?wgsl import, built), a Rollup 4 project, Node scripts that import and require() core and
// passes, and a global install of the CLI. The builds' words must be lowered and valid. publint
// and arethetypeswrong judge every tarball.
//
// Skips (visibly) only when npm or its registry is unavailable; SPVKIT_REQUIRE_ORACLES=1 makes that
// a failure. Needs the packages built (pnpm test builds first). SPVKIT_PACK_KEEP=1 keeps the
// temporary projects and prints where; SPVKIT_PACK_TARBALLS=DIR tests the tarballs in DIR instead
// of packing the workspace.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithOracle } from '../support/oracles.js';
import { spirvToolsAvailable } from '../support/spirvTools.js';
import { expectLowered, expectValid, wordsOfFile } from './checkWords.js';
import { attw, publint } from './lintTarball.js';
import { mustRun, npmAvailability, npmCacheDir, runIn } from './npm.js';
import { packAll, publishableFolders, repoRoot, type Tarball } from './packTarballs.js';
import { createNodeProject, createRollupProject, createViteApp, installCliGlobally, installTools, writeBlockTypes } from './projects.js';
import { contentProblems, sizeOf, unpack } from './tarballContents.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const LONG = 600_000;

/** The `name` of the package.json at `file`; throws when it has none. */
function packageName(file: string): string {
  const manifest: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof manifest !== 'object' || manifest === null || !('name' in manifest) || typeof manifest.name !== 'string') {
    throw new Error(`${file} has no name`);
  }
  return manifest.name;
}

/** Marks a promise's rejection handled now, so it fails only the test that awaits it. */
function settle<T>(p: Promise<T>): Promise<T> {
  p.catch(() => {});
  return p;
}

/** What a build printed: the words it carried and the emitted binary's URL. */
interface BuiltShaders {
  fill: number[];
  fillUrl: string;
  reduce: number[];
  glsl: number[];
  workgroupSize: number[] | null;
}

describeWithOracle('packed packages installed with npm outside the workspace', npmAvailability(), () => {
  let run = '';
  let tarballs: Tarball[] = [];
  let tsc: Promise<string>;
  let viteApp: Promise<string>;
  let rollupProject: Promise<string>;
  let nodeProject: Promise<string>;
  let cli: Promise<string>;
  /** The Vite app with src/blocks.types.ts written by the installed CLI's `spvkit types`. */
  let typedViteApp: Promise<string>;
  /** Every module a packed package produced, for spirv-val at the end. */
  const produced: { what: string; words: Uint32Array }[] = [];
  const started = Date.now();

  beforeAll(() => {
    run = mkdtempSync(join(tmpdir(), 'spvkit-pack-'));
    mkdirSync(join(run, 'tarballs'));
    tarballs = packAll(join(run, 'tarballs'));
    // The installs run side by side (they wait on the network and the disk more than on the CPU);
    // each test awaits only the project it uses, so one failed install fails only its tests.
    tsc = settle(installTools(run));
    viteApp = settle(createViteApp(run, tarballs));
    rollupProject = settle(createRollupProject(run, tarballs));
    nodeProject = settle(createNodeProject(run, tarballs));
    cli = settle(installCliGlobally(run, tarballs));
    typedViteApp = settle(Promise.all([viteApp, cli]).then(async ([dir, spvkit]) => (await writeBlockTypes(dir, spvkit), dir)));
  }, LONG);

  afterAll(() => {
    console.log(`pack-and-install suite: ${((Date.now() - started) / 1000).toFixed(1)} s (npm cache: ${npmCacheDir})`);
    if (process.env.SPVKIT_PACK_KEEP === '1') console.log(`pack-and-install projects kept in ${run}`);
    else if (run !== '') rmSync(run, { recursive: true, force: true });
  });

  describe('the tarballs', () => {
    it('one for every package of the workspace', () => {
      const names = publishableFolders().map((f) => packageName(join(repoRoot, 'packages', f, 'package.json')));
      expect(tarballs.map((t) => t.name).sort()).toEqual(names.sort());
    });

    it('ship what a user runs, its types, maps and their sources, LICENSE and README, and nothing else', () => {
      const problems: string[] = [];
      const sizes: string[] = [];
      for (const t of tarballs) {
        const folder = t.name.replace(/^@spvkit\//, '');
        const unpacked = unpack(t.file, join(run, 'unpacked', folder));
        for (const p of contentProblems(t.file, unpacked, folder)) problems.push(`${t.name}: ${p}`);
        const s = sizeOf(t.file, unpacked);
        sizes.push(
          `${t.name.padEnd(22)} ${String(s.packed).padStart(8)} B packed ${String(s.unpacked).padStart(9)} B unpacked ${String(s.files).padStart(4)} files`,
        );
      }
      console.log(`tarball sizes:\n${sizes.join('\n')}`);
      expect(problems).toEqual([]);
    });

    it(
      'pass publint --strict',
      async () => {
        const failed = [];
        // One at a time: each loads TypeScript or unpacks a tarball, and the machine runs other suites.
        for (const t of tarballs) {
          const r = await publint(t.file);
          if (!r.ok) failed.push({ t, r });
        }
        expect(failed.map(({ t, r }) => `${t.name}:\n${r.report}`)).toEqual([]);
      },
      LONG,
    );

    it(
      'pass arethetypeswrong (strict profile; cjs-resolves-to-esm is require(esm), which Node 20.19+ does)',
      async () => {
        const failed = [];
        // One at a time: each loads TypeScript or unpacks a tarball, and the machine runs other suites.
        for (const t of tarballs) {
          const r = await attw(t.file);
          if (!r.ok) failed.push({ t, r });
        }
        expect(failed.map(({ t, r }) => `${t.name}:\n${r.report}`)).toEqual([]);
      },
      LONG,
    );

    it(
      'npm pack in a package folder with workspace: dependencies refuses, naming pnpm pack',
      async () => {
        // A copy of the manifest outside the workspace: if the guard were gone, the build its
        // prepack runs next fails there instead of rewriting this workspace's dist/ mid-run.
        for (const folder of publishableFolders()) {
          const manifest = readFileSync(join(repoRoot, 'packages', folder, 'package.json'), 'utf8');
          if (!manifest.includes('workspace:')) continue;
          const dir = join(run, 'npm-pack', folder);
          mkdirSync(dir, { recursive: true });
          writeFileSync(join(dir, 'package.json'), manifest);
          const r = await runIn(dir, 'npm', ['pack', '--dry-run']);
          expect(r.code, `${folder}: npm pack succeeded:\n${r.stdout}`).not.toBe(0);
          expect(r.stderr, folder).toMatch(/pnpm pack/);
        }
      },
      LONG,
    );
  });

  describe('a Vite 8 app', () => {
    it(
      'type-checks with strict and skipLibCheck false (no rollup installed), the module spvkit types wrote and the ?wgsl block writers too',
      async () => {
        const dir = await typedViteApp;
        const r = await runIn(dir, process.execPath, [await tsc, '-p', '.']);
        expect(r.code, `tsc --noEmit in the Vite app:\n${r.stdout}${r.stderr}`).toBe(0);
      },
      LONG,
    );

    it(
      'a wrong member type for a block writer of spvkit types is a type error: a vec3 given two numbers, a float given a string',
      async () => {
        const dir = await typedViteApp;
        // Only wrong/wrongMember.ts and what it imports: one small tsc run.
        const r = await runIn(dir, process.execPath, [await tsc, '-p', 'tsconfig.wrong.json', '--pretty', 'false']);
        const out = `${r.stdout}${r.stderr}`;
        expect(r.code, out).not.toBe(0);
        const errors = out.split('\n').filter((line) => / error TS\d+:/.test(line));
        expect(
          errors.map((line) => /^wrong\/wrongMember\.ts\((\d+),\d+\)/.exec(line)?.[1]),
          out,
        ).toEqual(['4', '5']);
        // Each error is at the member (eye, time), and says its type: a vec3, a float.
        const source = readFileSync(join(dir, 'wrong', 'wrongMember.ts'), 'utf8').split('\n');
        const columns = errors.map((line) => Number(/\(\d+,(\d+)\)/.exec(line)?.[1]));
        expect(columns).toEqual([source[3].indexOf('eye: [0, 1]') + 1, source[4].indexOf("time: 'soon'") + 1]);
        expect(errors[0]).toMatch(/Type '\[number, number\]' is not assignable to type '.*readonly \[number, number, number\]/);
        expect(errors[1]).toMatch(/Type 'string' is not assignable to type 'number'/);
      },
      LONG,
    );

    it(
      'builds, and the words it carries are lowered',
      async () => {
        const dir = await viteApp;
        await mustRun(dir, process.execPath, [join(dir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn']);
        const html = readFileSync(join(dir, 'dist', 'index.html'), 'utf8');
        const entry = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
        expect(entry, `no module script in dist/index.html:\n${html}`).toBeDefined();
        // The page's script only prints what it imported, so Node can run the built chunk.
        const built = JSON.parse(await mustRun(dir, process.execPath, [join(dir, 'dist', entry as string)])) as BuiltShaders;
        checkBuilt('Vite', built, join(dir, 'dist', built.fillUrl.replace(/^\//, '')));
      },
      LONG,
    );
  });

  describe('a Rollup 4 project', () => {
    it(
      'builds, and the words it carries are lowered',
      async () => {
        const dir = await rollupProject;
        await mustRun(dir, process.execPath, [join(dir, 'node_modules', 'rollup', 'dist', 'bin', 'rollup'), '-c', '--silent']);
        const built = JSON.parse(await mustRun(dir, process.execPath, [join(dir, 'dist', 'main.js')])) as BuiltShaders;
        checkBuilt('Rollup', built, fileURLToPath(built.fillUrl));
      },
      LONG,
    );
  });

  describe('Node scripts using core and passes', () => {
    it(
      'an ES module script decodes, lowers and encodes',
      async () => {
        const dir = await nodeProject;
        await mustRun(dir, process.execPath, ['lower.mjs', 'reduce.spv', 'esm.spv']);
        const words = wordsOfFile(join(dir, 'esm.spv'));
        expectLowered(words, 'ES module script');
        produced.push({ what: 'ES module script', words });
      },
      LONG,
    );

    it(
      'a CommonJS script require()s them and does the same',
      async () => {
        const dir = await nodeProject;
        await mustRun(dir, process.execPath, ['lower.cjs', 'reduce.spv', 'cjs.spv']);
        const words = wordsOfFile(join(dir, 'cjs.spv'));
        expectLowered(words, 'CommonJS script');
        expect(words).toEqual(wordsOfFile(join(dir, 'esm.spv')));
        produced.push({ what: 'CommonJS script', words });
      },
      LONG,
    );

    it(
      '.cts and .mts files importing them type-check under nodenext with strict and skipLibCheck false',
      async () => {
        const dir = await nodeProject;
        const r = await runIn(dir, process.execPath, [await tsc, '-p', '.']);
        expect(r.code, `tsc in the Node project:\n${r.stdout}${r.stderr}`).toBe(0);
      },
      LONG,
    );
  });

  describe('the CLI installed with npm install -g --prefix', () => {
    it(
      'runs as, dis, val and opt',
      async () => {
        const spvkit = await cli;
        const work = join(run, 'cli-work');
        mkdirSync(work, { recursive: true });
        copyFileSync(join(fixtures, 'shaders', 'fill.spvasm'), join(work, 'fill.spvasm'));

        expect(await mustRun(work, spvkit, ['--version'])).toMatch(/^spvkit \d+\.\d+\.\d+/);
        await mustRun(work, spvkit, ['as', 'fill.spvasm', '--target-env', 'vulkan1.1', '-o', 'fill.spv']);
        const dis = await mustRun(work, spvkit, ['dis', 'fill.spv']);
        expect(dis).toMatch(/OpEntryPoint GLCompute %main "main"/);
        expect(dis).toMatch(/BuiltIn LocalInvocationIndex/);
        await mustRun(work, spvkit, ['val', 'fill.spv', '--target-env', 'vulkan1.1']);
        await mustRun(work, spvkit, ['opt', 'fill.spv', '-o', 'lowered.spv', '--lower-local-invocation-index', '--validate', '--target-env', 'vulkan1.1']);
        // glsl loads the installed @spvkit/glslang (its dependency) and its wasm; many inputs with --jobs use bin/worker.js.
        writeFileSync(join(work, 'tiny.comp'), '#version 450\nlayout(local_size_x = 4) in;\nvoid main() {}\n');
        await mustRun(work, spvkit, ['glsl', 'tiny.comp', '--target-env', 'vulkan1.1']);
        expect(await mustRun(work, spvkit, ['info', 'tiny.comp.spv'])).toMatch(/main: 4 x 1 x 1/);
        await mustRun(work, spvkit, ['dis', 'fill.spv', 'lowered.spv', 'tiny.comp.spv', '--out-dir', 'dis', '--jobs', '2']);
        expect(readFileSync(join(work, 'dis', 'tiny.comp.spvasm'), 'utf8')).toMatch(/OpExecutionMode %main LocalSize 4 1 1/);
        const words = wordsOfFile(join(work, 'lowered.spv'));
        expectLowered(words, 'spvkit opt');
        produced.push({ what: 'spvkit as', words: wordsOfFile(join(work, 'fill.spv')) }, { what: 'spvkit opt', words });
      },
      LONG,
    );
  });

  describeWithOracle('every module the packed packages produced', spirvToolsAvailable(), () => {
    it('passes spirv-val --target-env vulkan1.1', () => {
      expect(
        produced.map((p) => p.what),
        'nothing was produced: the tests above failed',
      ).not.toEqual([]);
      for (const p of produced) expectValid(p.words, p.what);
    });
  });

  /** Checks what a bundler's build carried: both shaders lowered, the emitted binary the same words. */
  function checkBuilt(bundler: string, built: BuiltShaders, emitted: string): void {
    const fill = Uint32Array.from(built.fill);
    const reduce = Uint32Array.from(built.reduce);
    const glsl = Uint32Array.from(built.glsl);
    expectLowered(fill, `${bundler}: fill.spvasm`);
    expectLowered(reduce, `${bundler}: reduce.spv`);
    expectLowered(glsl, `${bundler}: fill.comp (GLSL, through the installed @spvkit/glslang)`);
    expect(built.workgroupSize, `${bundler}: the reflection's workgroup size`).toEqual([4, 2, 2]);
    expect(wordsOfFile(emitted), `${bundler}: the binary emitted for ?url`).toEqual(fill);
    produced.push(
      { what: `${bundler}: fill.spvasm`, words: fill },
      { what: `${bundler}: reduce.spv`, words: reduce },
      { what: `${bundler}: fill.comp`, words: glsl },
    );
  }
});
