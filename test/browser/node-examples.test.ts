// The Node examples beside the inspector: examples/api (the programmatic API) and
// examples/rollup-node (a Rollup bundle that imports a shader). Both run here against the
// packages' sources; `pnpm start` of the API example also runs as its own process when the
// packages are built (as `pnpm test` and `pnpm demo` do first).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rollup } from 'rollup';
import { Op, decodeModule, disassemble, reflectModule } from '@spvkit/core';
import '@spvkit/passes';
import { describeWithOracle } from '../support/oracles.js';
import { spirvToolsAvailable, spirvVal } from '../support/spirvTools.js';
import { loadApiMain, loadRollupNodeConfig } from './exampleModules.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const cacheDir = join(repoRoot, 'test', '.cache', 'examples');
const reduceSpv = join(repoRoot, 'examples', 'shaders', 'reduce.spv');
const apiMain = await loadApiMain();
const packagesBuilt = ['core', 'passes'].every((p) => existsSync(join(repoRoot, 'packages', p, 'dist', 'index.js')));

function words(bytes: Uint8Array): Uint32Array {
  return new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** Checks a module the API example wrote: lowered, names stripped, same interface. */
function checkWritten(file: string): Uint32Array {
  const written = words(readFileSync(file));
  const module = decodeModule(written);
  const text = disassemble(module);
  expect(text).toContain('BuiltIn LocalInvocationId');
  expect(text).not.toContain('BuiltIn LocalInvocationIndex');
  expect(text).not.toMatch(/\bOp(Member)?Name\b/);
  const original = reflectModule(decodeModule(readFileSync(reduceSpv)));
  const reflection = reflectModule(module);
  expect(reflection.entryPoints).toEqual(original.entryPoints);
  // Stripping names may drop a binding's name; everything else must stay.
  const unnamed = (b: (typeof original.bindings)[number]) => ({ ...b, name: undefined });
  expect(reflection.bindings.map(unnamed)).toEqual(original.bindings.map(unnamed));
  expect([...module.instructions()].some((i) => i.opcode === Op.Name)).toBe(false);
  return written;
}

describe('examples/api', () => {
  it('decodes, runs its own pass and the lowering, validates, encodes and writes the file', () => {
    const out = join(cacheDir, 'api', 'reduce.lowered.spv');
    rmSync(out, { force: true });
    const lines: string[] = [];
    expect(apiMain([reduceSpv, out], (line: string) => lines.push(line))).toBe(0);
    const text = lines.join('\n');
    expect(text).toMatch(/^decoded .*reduce\.spv: SPIR-V 1\.3, 3704 bytes, 174 instructions, bound 96$/m);
    expect(text).toMatch(/^pass +lower-local-invocation-index: changed the module/m);
    expect(text).toMatch(/^pass +strip-names: changed the module/m);
    expect(text).toContain('info: removed 14 OpName/OpMemberName instructions');
    expect(text).toContain('validate-builtins (vulkan1.1): no findings');
    expect(text).toMatch(/^reflect +entry point main \(GLCompute\), workgroup 8 x 4 x 2$/m);
    checkWritten(out);
  });

  it.skipIf(!packagesBuilt)('runs as `node main.mjs` against the built packages (pnpm start)', () => {
    const out = join(cacheDir, 'api', 'reduce.cli.spv');
    rmSync(out, { force: true });
    const r = spawnSync(process.execPath, ['examples/api/main.mjs', reduceSpv, out], { cwd: repoRoot, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('validate-builtins (vulkan1.1): no findings');
    checkWritten(out);
  });
});

describeWithOracle('examples/api output judged by spirv-val', spirvToolsAvailable(), () => {
  it('writes a module spirv-val accepts', () => {
    const out = join(cacheDir, 'api', 'reduce.val.spv');
    expect(apiMain([reduceSpv, out], () => {})).toBe(0);
    const result = spirvVal(checkWritten(out), 'vulkan1.1');
    expect(result, result.message).toMatchObject({ ok: true });
  });
});

describe('examples/rollup-node', () => {
  it('bundles with Rollup and prints the reflection and the lowered disassembly', async () => {
    const config = await loadRollupNodeConfig();
    const file = join(cacheDir, 'rollup-node', 'main.js');
    mkdirSync(join(cacheDir, 'rollup-node'), { recursive: true });
    const warnings: string[] = [];
    const bundle = await rollup({ ...config, onwarn: (w) => void warnings.push(w.message) });
    try {
      await bundle.write({ ...config.output, file });
    } finally {
      await bundle.close();
    }
    expect(warnings).toEqual([]);
    // The bundle carries the shader and the small runtime it needs: nothing to install.
    expect(readFileSync(file, 'utf8')).not.toMatch(/from ['"]@spvkit\//);

    const r = spawnSync(process.execPath, [file], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = r.stdout;
    expect(out).toMatch(/^mirror\.comp: \d+ words \(\d+ bytes\), magic 0x07230203, bound \d+$/m);
    expect(out).toContain('  main  GLCompute  workgroup 8 x 8 x 1');
    expect(out).toContain('  set 0 binding 0  storage-buffer  Source');
    expect(out).toContain('  set 0 binding 1  storage-buffer  Destination');
    expect(out).toContain('push constants: 4 bytes\n  count at offset 0, 4 bytes');
    expect(out).toContain('  SpecId 0  float SCALE = 1');
    const marker = 'lowered disassembly (lower-local-invocation-index):\n';
    expect(out).toContain(marker);
    const disassembly = out.slice(out.indexOf(marker) + marker.length);
    expect(disassembly.startsWith('; SPIR-V\n')).toBe(true);
    expect(disassembly).toContain('BuiltIn LocalInvocationId');
    expect(disassembly).not.toContain('LocalInvocationIndex');
    expect(disassembly).toMatch(/OpIMul %uint %\d+ %uint_8/);
    expect(disassembly.trimEnd().endsWith('OpFunctionEnd')).toBe(true);
  });
});
