// GLSL dropped on the page, compiled here by @spvkit/glslang (glslang in WebAssembly) and then
// inspected like any module. main.ts imports this file with import() only when a GLSL file is
// dropped, so the page's own JavaScript carries neither it nor the compiler, and the wasm is
// fetched on the first GLSL drop.
import { codeFrame, decodeModule } from '@spvkit/core';
import { createGlslang, stageFromFileName, type Glslang, type GlslangDiagnostic, type ShaderStage, type TargetEnv } from '@spvkit/glslang';
import { droppedBase, inspectModule } from './dropped.js';
import { ms, type Finding, type ShaderView } from './inspect.js';

/** A dropped text file: its name (no folders: that is all a drop gives) and its text. */
export interface DroppedText {
  readonly name: string;
  readonly text: string;
}

const STAGE_NAMES: Readonly<Record<ShaderStage, string>> = {
  vert: 'vertex',
  tesc: 'tessellation control',
  tese: 'tessellation evaluation',
  geom: 'geometry',
  frag: 'fragment',
  comp: 'compute',
  mesh: 'mesh',
  task: 'task',
  rgen: 'ray generation',
  rint: 'intersection',
  rahit: 'any-hit',
  rchit: 'closest-hit',
  rmiss: 'miss',
  rcall: 'callable',
};

/**
 * Vulkan 1.1, as the shaders the page imports; ray tracing and EXT mesh shading need SPIR-V 1.4,
 * so those get Vulkan 1.2 (the smallest that has it), as glslangValidator users pass.
 */
function targetEnvFor(stage: ShaderStage, text: string): TargetEnv {
  if (['rgen', 'rint', 'rahit', 'rchit', 'rmiss', 'rcall'].includes(stage)) return 'vulkan1.2';
  if ((stage === 'mesh' || stage === 'task') && /GL_EXT_mesh_shader/.test(text)) return 'vulkan1.2';
  return 'vulkan1.1';
}

/**
 * The text glslang is given: where the shader has `#include`s without enabling
 * GL_GOOGLE_include_directive (shaders written for @spvkit/vite-plugin need not: the plugin
 * expands includes itself), the extension is enabled after `#version`, and a `#line` keeps every
 * later line at its own number.
 */
export function withIncludesEnabled(text: string): string {
  if (!/^\s*#\s*include\b/m.test(text) || /GL_GOOGLE_include_directive|GL_ARB_shading_language_include/.test(text)) return text;
  const lines = text.split('\n');
  const version = lines.findIndex((l) => /^\s*#\s*version\b/.test(l));
  if (version < 0) return text;
  lines.splice(version + 1, 0, '#extension GL_GOOGLE_include_directive : enable', `#line ${version + 2}`);
  return lines.join('\n');
}

let instance: Promise<Glslang> | undefined;
let loadMs: number | undefined;

/** The page's compiler, made on the first GLSL drop; made again after a failed load or an abort. */
function compiler(): Promise<Glslang> {
  if (instance === undefined) {
    const started = performance.now();
    const p = createGlslang().then((g) => {
      loadMs = performance.now() - started;
      return g;
    });
    instance = p;
    p.catch(() => {
      if (instance === p) instance = undefined;
    });
  }
  return instance;
}

function findingOf(d: GlslangDiagnostic, texts: ReadonlyMap<string, string>): Finding {
  const lineText = d.file !== undefined && d.line !== undefined ? texts.get(d.file)?.split(/\r?\n/)[d.line - 1] : undefined;
  return {
    severity: d.severity === 'note' ? 'info' : d.severity,
    message: d.message.trim(),
    step: 'glslang',
    ...(d.file !== undefined && d.line !== undefined ? { where: `${d.file}:${d.line}${d.column !== undefined ? `:${d.column}` : ''}` } : {}),
    ...(lineText !== undefined && d.line !== undefined ? { frame: codeFrame(lineText, d.line, d.column ?? 1) } : {}),
  };
}

/**
 * Compiles `file` (a shader, its stage from its extension) with glslang in this page and inspects
 * the module. Its `#include`s are answered by the files dropped with it, by name (a drop carries
 * no folders, so `lib/color.glsl` is found as `color.glsl`).
 */
export async function inspectGlsl(file: DroppedText, dropped: readonly DroppedText[]): Promise<ShaderView> {
  const started = performance.now();
  const stage = stageFromFileName(file.name);
  const format = stage === undefined ? 'GLSL' : `GLSL ${STAGE_NAMES[stage]}`;
  const base = droppedBase(file.name, format, 'dropped into the page — compiled by glslang in WebAssembly, validated and lowered in this browser');
  const failed = (findings: Finding[], detail = 'failed'): ShaderView => ({
    ...base,
    findings,
    facts: [`${file.text.split(/\r?\n/).length.toLocaleString('en-US')} lines of GLSL`],
    steps: [{ label: 'compiled', detail, failed: true }],
  });
  if (stage === undefined)
    return failed([{ severity: 'error', message: `no shader stage in the name ${file.name}: name it .comp, .vert, .frag, …`, step: 'glslang' }]);

  let glslang: Glslang;
  try {
    glslang = await compiler();
  } catch (e) {
    return failed([{ severity: 'error', message: `glslang could not be loaded: ${e instanceof Error ? e.message : String(e)}`, step: 'glslang' }]);
  }
  const firstLoad = loadMs;
  loadMs = undefined;

  const texts = new Map([[file.name, file.text]]);
  const targetEnv = targetEnvFor(stage, file.text);
  const compileStarted = performance.now();
  let result;
  try {
    result = glslang.compile(withIncludesEnabled(file.text), {
      stage,
      file: file.name,
      targetEnv,
      include: ({ name, includer }) => {
        const leaf = name.slice(name.lastIndexOf('/') + 1);
        const found = dropped.find((d) => d.name === name) ?? dropped.find((d) => d.name === leaf);
        // Thrown, so the reason is glslang's message at the #include line.
        if (found === undefined) throw new Error(`"${name}" (included by ${includer}) was not dropped: drop it together with ${file.name}`);
        texts.set(found.name, found.text);
        return { file: found.name, source: found.text };
      },
    });
  } catch (e) {
    // GLSLANG_ABORTED (too deep a shader): that instance is done; the next drop makes another.
    instance = undefined;
    return failed([{ severity: 'error', message: e instanceof Error ? e.message : String(e), step: 'glslang' }]);
  }
  const compileMs = performance.now() - compileStarted;
  const findings = result.diagnostics.map((d) => findingOf(d, texts));
  if (!result.ok) return failed(findings);
  const detail = `glslang ${glslang.version} (WebAssembly), ${targetEnv}, ${ms(compileMs)}${firstLoad !== undefined ? ` + ${ms(firstLoad)} to load it` : ''}`;
  return inspectModule(base, decodeModule(result.words), [{ label: 'compiled', detail }], findings, started);
}
