/**
 * The GLSL compilers: @webgpu/glslang (WebAssembly, in process; vertex, fragment and compute
 * only), glslangValidator from PATH (every stage), or the user's function.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GlslStage } from '../ids.js';
import type { GlslCompileContext, GlslCompiler } from '../options.js';

/** A compile failure with the compiler's own message text (glslang format). */
export class GlslCompileError extends Error {
  override readonly name = 'GlslCompileError';
  constructor(
    message: string,
    /** The compiler's log: lines like `ERROR: file:line: message`. */
    readonly log: string,
  ) {
    super(message);
  }
}

interface WebGpuGlslang {
  compileGLSL(glsl: string, stage: 'vertex' | 'fragment' | 'compute', debug: boolean, spirvVersion?: string): Uint32Array;
}

const WEBGPU_STAGES: Partial<Record<GlslStage, 'vertex' | 'fragment' | 'compute'>> = {
  vert: 'vertex',
  frag: 'fragment',
  comp: 'compute',
};

// @webgpu/glslang targets SPIR-V 1.0 to 1.5.
const SPIRV_OF_ENV: Record<string, string> = {
  'vulkan1.0': '1.0',
  'vulkan1.1': '1.3',
  'vulkan1.2': '1.5',
  'vulkan1.3': '1.5',
  'spv1.0': '1.0',
  'spv1.1': '1.1',
  'spv1.2': '1.2',
  'spv1.3': '1.3',
  'spv1.4': '1.4',
  'spv1.5': '1.5',
};

interface LoadedWebGpu {
  glslang: WebGpuGlslang;
  log: string[];
}

const webgpuCache = new Map<string, Promise<LoadedWebGpu | undefined>>();

/**
 * Loads @webgpu/glslang, resolved from this package and then from `root`; undefined when it is
 * not installed. Its Emscripten module is a thenable that resolves to itself, so it is unwrapped
 * by hand (awaiting it would never settle), and its stderr is captured for error messages.
 */
export function loadWebGpuGlslang(root: string): Promise<LoadedWebGpu | undefined> {
  let p = webgpuCache.get(root);
  if (p === undefined) {
    p = (async () => {
      let factory: ((module: object) => { then(cb: (m: WebGpuGlslang) => void): void }) | undefined;
      for (const from of [import.meta.url, join(root, 'package.json')]) {
        try {
          factory = createRequire(from)('@webgpu/glslang');
          break;
        } catch {
          /* try the next place */
        }
      }
      if (factory === undefined) return undefined;
      const log: string[] = [];
      const instance = factory({ print: (s: string) => log.push(s), printErr: (s: string) => log.push(s) });
      const glslang = await new Promise<WebGpuGlslang>((resolveModule) =>
        instance.then((m) => {
          delete (m as { then?: unknown }).then;
          resolveModule(m);
        }),
      );
      return { glslang, log };
    })();
    webgpuCache.set(root, p);
  }
  return p;
}

function webgpuCompile(loaded: LoadedWebGpu, source: string, ctx: GlslCompileContext): Uint32Array {
  const stage = WEBGPU_STAGES[ctx.stage];
  if (stage === undefined) throw new Error(`@webgpu/glslang cannot compile '${ctx.stage}' shaders (only vert, frag, comp)`);
  const spirv = SPIRV_OF_ENV[ctx.targetEnv];
  if (spirv === undefined) throw new Error(`@webgpu/glslang cannot target '${ctx.targetEnv}'; use vulkan1.0 to vulkan1.3`);
  loaded.log.length = 0;
  try {
    return loaded.glslang.compileGLSL(source, stage, ctx.debugInfo, spirv);
  } catch (e) {
    const log = loaded.log.join('\n');
    throw new GlslCompileError(`GLSL compilation failed${log ? `:\n${log}` : `: ${(e as Error).message}`}`, log);
  } finally {
    loaded.log.length = 0;
  }
}

let validatorAvailable: Promise<boolean> | undefined;

/** True when `glslangValidator` runs from PATH. */
export function glslangValidatorAvailable(): Promise<boolean> {
  validatorAvailable ??= new Promise((done) => execFile('glslangValidator', ['--version'], { timeout: 20_000 }, (err) => done(!err)));
  return validatorAvailable;
}

/** Compiles with `glslangValidator -V` (source on stdin). */
export async function glslangValidatorCompile(source: string, ctx: GlslCompileContext): Promise<Uint32Array> {
  const dir = await mkdtemp(join(tmpdir(), 'spvkit-glslang-'));
  try {
    const out = join(dir, 'out.spv');
    // glslangValidator 12 wants --stdin before -S.
    const args = ['-V', '--target-env', ctx.targetEnv, '--stdin', '-S', ctx.stage, '-o', out];
    if (ctx.debugInfo) args.push('-g');
    const { code, log, spawnError } = await new Promise<{ code: number; log: string; spawnError?: Error }>((done) => {
      const child = execFile('glslangValidator', args, { timeout: 120_000, maxBuffer: 16 << 20, encoding: 'utf8' }, (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { code?: unknown }) | null;
        if (e && typeof e.code === 'string') done({ code: -1, log: '', spawnError: e });
        else done({ code: e ? Number(e.code ?? 1) : 0, log: `${stdout}${stderr}` });
      });
      child.stdin?.end(source);
    });
    if (spawnError) throw new Error(`cannot run glslangValidator: ${spawnError.message}`);
    // Its first line names the input ("stdin"); drop it.
    const cleaned = log
      .split('\n')
      .filter((l) => l.trim() !== 'stdin')
      .join('\n')
      .trim();
    if (code !== 0) throw new GlslCompileError(`GLSL compilation failed:\n${cleaned}`, cleaned);
    const bytes = await readFile(out);
    const words = new Uint32Array(bytes.length >>> 2);
    for (let i = 0; i < words.length; i++) words[i] = bytes.readUInt32LE(i * 4);
    return words;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What the plugin calls to compile, given its `compiler` option. */
export async function compileGlsl(
  compiler: 'auto' | '@webgpu/glslang' | 'glslangValidator' | GlslCompiler,
  source: string,
  ctx: GlslCompileContext,
  root: string,
): Promise<Uint32Array> {
  if (typeof compiler === 'function') {
    const words = await compiler(source, ctx);
    if (!(words instanceof Uint32Array)) throw new Error('the compiler option returned something other than a Uint32Array');
    return words;
  }
  if (compiler === '@webgpu/glslang' || (compiler === 'auto' && WEBGPU_STAGES[ctx.stage] !== undefined)) {
    const loaded = await loadWebGpuGlslang(root);
    if (loaded !== undefined) return webgpuCompile(loaded, source, ctx);
    if (compiler === '@webgpu/glslang') {
      throw new Error("compiler '@webgpu/glslang' is selected but the package is not installed (npm install -D @webgpu/glslang)");
    }
  }
  if (!(await glslangValidatorAvailable())) {
    throw new Error(
      compiler === 'glslangValidator'
        ? 'glslangValidator is not on PATH (install glslang-tools, or use @webgpu/glslang)'
        : `no GLSL compiler for '${ctx.stage}': install @webgpu/glslang (vert, frag, comp) or put glslangValidator on PATH (every stage), or pass a compiler function`,
    );
  }
  return glslangValidatorCompile(source, ctx);
}
