// The module `spvkit types` writes, transpiled and run: its layouts are reflectWebGpu's, its writers work.
import { runInThisContext } from 'node:vm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { reflectWebGpu } from './reflectWebGpu.js';
import { webGpuModuleSource } from './webGpuModuleSource.js';
import { texturesModule, vertexModule } from './webgpu.cases.js';

function run(source: string): Record<string, unknown> {
  const out = ts.transpileModule(source, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
  expect(out.diagnostics ?? []).toEqual([]);
  const exports: Record<string, unknown> = {};
  (runInThisContext(`(function (exports) {\n${out.outputText}\n})`) as (exports: Record<string, unknown>) => void)(exports);
  return exports;
}

describe('webGpuModuleSource', () => {
  it('a vertex shader: its vertex buffers, no bind groups', () => {
    const exports = run(webGpuModuleSource(vertexModule()));
    const [ep] = reflectWebGpu(vertexModule());
    expect(exports.vertexBuffers).toEqual(ep.vertexBuffers);
    expect(exports.bindGroupLayouts).toEqual([]);
    expect(exports.entryPoints).toEqual({ main: { stage: 'vertex', bindGroupLayouts: [], vertexBuffers: ep.vertexBuffers } });
  });

  it('a fragment shader: its bind group layouts as reflected', () => {
    const exports = run(webGpuModuleSource(texturesModule(), { combinedSamplerBindingOffset: 100 }));
    const [ep] = reflectWebGpu(texturesModule(), { combinedSamplerBindingOffset: 100 });
    expect(exports.bindGroupLayouts).toEqual(ep.bindGroupLayouts);
    expect((exports.bindGroupLayouts as { entries: { binding: number }[] }[])[0].entries.map((e) => e.binding)).toEqual([0, 1, 100, 101]);
    expect(exports.vertexBuffers).toEqual([]);
  });
});
