// Thin wrappers over Debian's SPIRV-Tools for tests: assemble text with spirv-as, validate with
// spirv-val. Tests use describeWithOracle(…, spirvToolsAvailable(), …) around them.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * The current SPIRV-Tools' spirv-val, where one is at hand: in the folder SPVKIT_SPIRV_TOOLS_HEAD
 * names, or ../shared/spirv-tools-head beside the repository (as the validator's campaign finds
 * it). Never required: a rule Debian's 2023.1 lacks is judged by it only where it is there.
 */
export function headSpirvVal(): ((words: Uint32Array, targetEnv: string) => { ok: boolean; message: string }) | undefined {
  const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
  const dir = process.env.SPVKIT_SPIRV_TOOLS_HEAD ?? join(root, '..', 'shared', 'spirv-tools-head');
  const tool = join(dir, 'spirv-val');
  if (!existsSync(tool)) return undefined;
  return (words, targetEnv) =>
    withTemp((tmp) => {
      writeFileSync(join(tmp, 'in.spv'), new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
      const run = spawnSync(tool, ['--target-env', targetEnv, join(tmp, 'in.spv')], { encoding: 'utf8' });
      return { ok: run.status === 0, message: `${run.stdout}${run.stderr}`.trim() };
    });
}

/** Validates with spirv-val (or takes the verdict it gave the same module before); returns ok and spirv-val's message. */
export function spirvVal(words: Uint32Array, targetEnv: string, flags: readonly string[] = []): { ok: boolean; message: string } {
  return spirvValVerdict(words, targetEnv, flags);
}
