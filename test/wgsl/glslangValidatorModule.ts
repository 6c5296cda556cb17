// The WGSL suites' shaders, compiled by Debian's glslangValidator in a folder of their own.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `glslangValidator ARGS FILE -o out.spv` on `source` saved as `fileName` (whose extension names
 * the stage where ARGS do not): the module's words, or an error with glslang's messages.
 */
export function glslangValidatorModule(fileName: string, source: string, args: readonly string[] = ['-V']): Uint32Array {
  const dir = mkdtempSync(join(tmpdir(), 'spvkit-wgsl-glsl-'));
  try {
    const input = join(dir, fileName);
    writeFileSync(input, source);
    const run = spawnSync('glslangValidator', [...args, input, '-o', join(dir, 'out.spv')], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`glslangValidator failed:\n${run.stdout}${run.stderr}`);
    const bytes = readFileSync(join(dir, 'out.spv'));
    return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4).slice();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
