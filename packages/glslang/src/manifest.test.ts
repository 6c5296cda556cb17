/// <reference types="node" />
// The committed wasm and glue are the ones scripts/build.mjs made from the glslang source the
// manifest names: the script, the C entry and both outputs hash to what the build recorded, and
// the wasm itself reports the glslang version of that source.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createGlslang } from './index.js';

const packageDir = fileURLToPath(new URL('../', import.meta.url));
const manifest = JSON.parse(readFileSync(`${packageDir}wasm/manifest.json`, 'utf8')) as {
  glslang: { commit: string; version: string; tarball: string; tarballSha256: string; cmake: string[] };
  emscripten: string;
  optimization: string;
  linkFlags: string[];
  inputs: Record<string, string>;
  outputs: Record<string, string>;
};

function sha256(relative: string): string {
  return createHash('sha256')
    .update(readFileSync(`${packageDir}${relative}`))
    .digest('hex');
}

describe('wasm/manifest.json', () => {
  it('names the source, the pinned emscripten and the build options', () => {
    expect(manifest.glslang.tarball).toBe(`glslang-${manifest.glslang.commit}.tar.gz`);
    expect(manifest.glslang.tarballSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.glslang.cmake).toEqual(expect.arrayContaining(['-DENABLE_OPT=OFF', '-DENABLE_HLSL=OFF']));
    expect(manifest.emscripten).toBe('3.1.6');
    expect(manifest.linkFlags).toContain(manifest.optimization);
    // The build script pins the same emscripten.
    expect(readFileSync(`${packageDir}scripts/build.mjs`, 'utf8')).toContain(`const PINNED_EMSCRIPTEN = '${manifest.emscripten}';`);
  });

  it.each(['scripts/build.mjs', 'native/spvkit_glslang.cpp'])('records the %s that made the artifact', (file) => {
    expect(sha256(file), `${file} changed since the wasm was built: run pnpm build:glslang (packages/glslang/README.md)`).toBe(manifest.inputs[file]);
  });

  it.each(['wasm/glslang.js', 'wasm/glslang.wasm'])('records the committed %s', (file) => {
    expect(sha256(file), `${file} is not the one the build wrote`).toBe(manifest.outputs[file]);
  });

  it("matches the wasm's own glslang version", async () => {
    const glslang = await createGlslang();
    expect(glslang.version).toBe(manifest.glslang.version);
  });
});
