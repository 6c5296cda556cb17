// publint and arethetypeswrong on a tarball, from this workspace's pinned devDependencies.
//
// attw runs with its strict profile (every resolution mode: node10, node16 from CommonJS and from
// ES modules, bundler) with one rule ignored, cjs-resolves-to-esm. That rule says a require() that
// reaches an ES module "is an error in Node"; it is not on the Node versions the packages support
// (engines: Node >= 20.19, which loads ES modules with require()), nor in TypeScript 5.8+ with
// "module": "nodenext", which types such a require(). attw judges with its own bundled TypeScript
// 5.6, which predates both, so the rule is wrong for exactly what the packages promise. The
// esm-only profile would hide more than that rule: every other problem of the CommonJS resolution
// (missing types, a wrong module kind). The suite proves the CommonJS side itself: a CommonJS
// script require()s core and passes and runs a pass, and a .cts file that imports them
// type-checks under nodenext with skipLibCheck false.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './packTarballs.js';

/** A linter's verdict: ok, and its report. */
export interface LintResult {
  ok: boolean;
  report: string;
}

function runBin(bin: string, args: readonly string[]): Promise<LintResult> {
  return new Promise((resolve) => {
    execFile(
      join(repoRoot, 'node_modules', '.bin', bin),
      args,
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ ok: error === null, report: `${stdout}${stderr}`.trim() });
      },
    );
  });
}

/** publint on the tarball, with warnings counted as errors (--strict). */
export function publint(tarball: string): Promise<LintResult> {
  return runBin('publint', ['run', tarball, '--strict']);
}

/** arethetypeswrong on the tarball: strict profile, cjs-resolves-to-esm ignored (see above). */
export function attw(tarball: string): Promise<LintResult> {
  return runBin('attw', [tarball, '--ignore-rules', 'cjs-resolves-to-esm', '--format', 'ascii', '--no-emoji']);
}
