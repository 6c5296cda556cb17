// npm, run as a user outside the workspace runs it, for the pack-and-install suite: one npm cache
// for every install of a run (kept between runs, so a second run installs vite, rollup and
// typescript from disk), offline first, no audit or funding messages, and none of vitest's own
// environment leaking into the projects' builds (Vite changes behaviour when it sees VITEST).
import { execFile, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The npm cache every install of the suite shares, outside the workspace. */
export const npmCacheDir = join(tmpdir(), 'spvkit-pack-npm-cache');

/** The environment of every command the suite runs in its temporary projects. */
export function projectEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) {
    // What pnpm sets for its scripts (npm_command, npm_config_user_agent, npm_package_*, pnpm's
    // own settings as npm_config_*) is this workspace's, not the temporary projects'; VITEST and
    // NODE_OPTIONS are the test runner's. A user's registry and proxy settings stay.
    const lower = k.toLowerCase();
    const userNetwork = /^npm_config_(registry|proxy|https_proxy|noproxy|cafile|strict_ssl|userconfig)$/.test(lower);
    if (k.startsWith('VITEST') || k === 'NODE_OPTIONS' || lower.startsWith('pnpm_') || (lower.startsWith('npm_') && !userNetwork)) delete env[k];
  }
  env.npm_config_cache = npmCacheDir;
  env.npm_config_prefer_offline = 'true';
  env.npm_config_audit = 'false';
  env.npm_config_fund = 'false';
  env.npm_config_update_notifier = 'false';
  env.npm_config_loglevel = 'error';
  env.NO_COLOR = '1';
  return env;
}

/** What a finished command gave. */
export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `command args` in `cwd` with {@link projectEnv}; never throws for a non-zero exit. */
export function runIn(cwd: string, command: string, args: readonly string[], timeoutMs = 300_000): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: projectEnv(), encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, stdout, stderr: error !== null && typeof error.code !== 'number' ? `${stderr}\n${error.message}` : stderr });
    });
  });
}

/** Like {@link runIn}, but a non-zero exit throws an error that shows the command and its output. */
export async function mustRun(cwd: string, command: string, args: readonly string[], timeoutMs?: number): Promise<string> {
  const r = await runIn(cwd, command, args, timeoutMs);
  if (r.code !== 0) throw new Error(`${command} ${args.join(' ')} (in ${cwd}) exited ${r.code}:\n${r.stdout}\n${r.stderr}`.trimEnd());
  return r.stdout;
}

/**
 * Whether npm is on PATH and its registry answers: the one reason the suite may skip. The
 * registry is npm's configured one; the suite never names a host.
 */
export function npmAvailability(): { ok: boolean; reason?: string } {
  const version = spawnSync('npm', ['--version'], { env: projectEnv(), encoding: 'utf8' });
  if (version.status !== 0) return { ok: false, reason: 'npm is not on PATH' };
  const ping = spawnSync('npm', ['ping'], { env: projectEnv(), encoding: 'utf8', timeout: 30_000 });
  if (ping.status !== 0) {
    const lines = `${ping.stderr ?? ''}${ping.stdout ?? ''}`
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '');
    const said = lines.find((l) => /error/i.test(l)) ?? lines[0] ?? ping.error?.message ?? 'no answer';
    return { ok: false, reason: `the npm registry does not answer (npm ping: ${said})` };
  }
  return { ok: true };
}
