// Thin wrappers over Debian's SPIRV-Tools for tests: assemble text with spirv-as, validate with
// spirv-val. Tests use describeWithOracle(…, spirvToolsAvailable(), …) around them.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spirvValVerdict } from './spirvValVerdicts.js';

export function spirvToolsAvailable(): { ok: boolean; reason?: string } {
  for (const tool of ['spirv-as', 'spirv-dis', 'spirv-val']) {
    if (spawnSync(tool, ['--version'], { stdio: 'ignore' }).status !== 0) return { ok: false, reason: `${tool} (Debian spirv-tools) is not installed` };
  }
  return { ok: true };
}

function withTemp<T>(fn: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'spvkit-tools-'));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Assembles `text` with spirv-as. */
export function spirvAs(text: string, targetEnv = 'spv1.6', extra: string[] = []): Uint32Array {
  return withTemp((dir) => {
    writeFileSync(join(dir, 'in.spvasm'), text);
    execFileSync('spirv-as', ['--target-env', targetEnv, ...extra, join(dir, 'in.spvasm'), '-o', join(dir, 'out.spv')], { stdio: 'pipe' });
    const bytes = readFileSync(join(dir, 'out.spv'));
    return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4).slice();
  });
}

/** Disassembles with spirv-dis. */
export function spirvDis(words: Uint32Array, extra: string[] = []): string {
  return withTemp((dir) => {
    writeFileSync(join(dir, 'in.spv'), new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
    return execFileSync('spirv-dis', [...extra, join(dir, 'in.spv')], { encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
  });
}

/** Validates with spirv-val (or takes the verdict it gave the same module before); returns ok and spirv-val's message. */
export function spirvVal(words: Uint32Array, targetEnv: string, flags: readonly string[] = []): { ok: boolean; message: string } {
  return spirvValVerdict(words, targetEnv, flags);
}
