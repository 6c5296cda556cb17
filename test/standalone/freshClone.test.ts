// The repository stands alone: a clone of the committed HEAD into an empty temporary folder, with
// nothing beside it (no ../shared), installs, builds core, and its grammar generator and grammar
// tests pass there. Before the grammars were kept in packages/core/grammar, the generator read
// a spirv-grammar folder in a shared/ folder next to the repository, and exactly this failed for anyone who cloned it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The environment of the commands in the clone: nothing that points back into this checkout. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: '1' };
  // The override would let the generator read a grammar from anywhere; the clone must not need it.
  delete env.SPVKIT_GRAMMAR_DIR;
  for (const k of Object.keys(env)) if (k.startsWith('VITEST') || k === 'NODE_OPTIONS') delete env[k];
  return env;
}

function run(cwd: string, cmd: string, args: string[], timeout = 300_000): string {
  try {
    return execFileSync(cmd, args, { cwd, env: cleanEnv(), encoding: 'utf8', stdio: 'pipe', timeout });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}:\n${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}`, { cause: e });
  }
}

describe('a fresh clone with nothing beside it', () => {
  const outer = mkdtempSync(join(tmpdir(), 'spvkit-clone-'));
  const clone = join(outer, 'spvkit');
  afterAll(() => rmSync(outer, { recursive: true, force: true }));

  it('installs, builds core, and passes the generator check and the grammar tests', () => {
    run(outer, 'git', ['clone', '--quiet', '--no-hardlinks', root, clone]);
    // The folder that held the grammars before, next to the clone, is not there.
    expect(readdirSync(outer)).toEqual(['spvkit']);
    expect(existsSync(join(outer, 'shared'))).toBe(false);

    run(clone, 'pnpm', ['install', '--offline', '--frozen-lockfile', '--reporter=silent']);
    run(clone, 'pnpm', ['--filter', '@spvkit/core', 'build']);
    expect(existsSync(join(clone, 'packages/core/dist/index.js'))).toBe(true);

    const check = run(clone, process.execPath, ['packages/core/src/grammar/generate.mjs', '--check']);
    expect(check).toMatch(/up to date/);

    const tests = run(clone, 'pnpm', ['exec', 'vitest', 'run', 'packages/core/src/grammar/grammar.test.ts', '--reporter=dot']);
    expect(tests).toMatch(/Test Files\s+.*1 passed/);
    expect(tests).not.toMatch(/failed/);
  }, 600_000);
});
