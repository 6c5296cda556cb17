// Packs every workspace package the way the root README's "Publishing" section says (pnpm pack,
// which rewrites workspace: ranges), into a folder outside the workspace.
//
// The packages' prepack scripts (a build) are not run here: `pnpm test` has just built them, and a
// rebuild in the middle of a test run would rewrite dist/ under the suites that are reading it at
// the same time. Instead a dist/ older than its sources is an error that says to build.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A packed package: its name and the path of its tarball. */
export interface Tarball {
  name: string;
  file: string;
}

/** The workspace's publishable packages (packages/*), by folder name. */
export function publishableFolders(): string[] {
  return readdirSync(join(repoRoot, 'packages')).filter((d) => {
    try {
      const pkg = JSON.parse(readFileSync(join(repoRoot, 'packages', d, 'package.json'), 'utf8')) as { private?: boolean };
      return pkg.private !== true;
    } catch {
      return false;
    }
  });
}

function newestMtime(dir: string, keep: (file: string) => boolean): { file: string; mtime: number } {
  let newest = { file: '', mtime: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = newestMtime(path, keep);
      if (inner.mtime > newest.mtime) newest = inner;
    } else if (keep(path)) {
      const mtime = statSync(path).mtimeMs;
      if (mtime > newest.mtime) newest = { file: path, mtime };
    }
  }
  return newest;
}

/** Throws when a package's build is missing or older than a source file it is built from. */
export function assertBuilt(folder: string): void {
  const dir = join(repoRoot, 'packages', folder);
  const src = newestMtime(join(dir, 'src'), (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  let built: number;
  try {
    built = newestMtime(join(dir, 'dist'), (f) => f.endsWith('.js')).mtime;
  } catch {
    built = 0;
  }
  if (built === 0) throw new Error(`packages/${folder} has no build: run pnpm build first (pnpm test does)`);
  if (src.mtime > built) throw new Error(`packages/${folder}/dist is older than ${relative(repoRoot, src.file)}: run pnpm build first (pnpm test does)`);
  // tsc never deletes an output whose source is gone; such a file would be packed and shipped.
  const stale = listFiles(join(dir, 'dist'))
    .filter((f) => f.endsWith('.js.map'))
    .filter((map) => ((JSON.parse(readFileSync(map, 'utf8')) as { sources?: string[] }).sources ?? []).some((s) => !existsSync(resolve(dirname(map), s))));
  if (stale.length > 0)
    throw new Error(
      `packages/${folder}/dist has outputs of deleted sources (${stale.map((f) => relative(dir, f)).join(', ')}): delete dist and run pnpm build`,
    );
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)]));
}

/**
 * The tarballs to test: those in `SPVKIT_PACK_TARBALLS` (a folder of .tgz files, to check
 * tarballs made elsewhere, e.g. an older commit's) or else every package packed into `dest`.
 */
export function packAll(dest: string): Tarball[] {
  const given = process.env.SPVKIT_PACK_TARBALLS;
  if (given !== undefined && given !== '') {
    return readdirSync(given)
      .filter((f) => f.endsWith('.tgz'))
      .map((f) => ({ name: packageJsonOf(join(given, f)).name, file: join(given, f) }));
  }
  for (const folder of publishableFolders()) assertBuilt(folder);
  const out = execFileSync('pnpm', ['-r', '--filter', './packages/*', 'pack', '--pack-destination', dest, '--json'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, npm_config_ignore_scripts: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const packed = JSON.parse(out) as { name: string; filename: string }[];
  return packed.map((p) => ({ name: p.name, file: p.filename }));
}

/** The paths inside a tarball, without the leading `package/`. */
export function filesOf(tarball: string): string[] {
  return execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.replace(/^package\//, ''));
}

/** One file of a tarball, as text. */
export function fileOf(tarball: string, path: string): string {
  return execFileSync('tar', ['-xzOf', tarball, `package/${path}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** The package.json a tarball ships. */
export interface PackedPackageJson {
  name: string;
  version: string;
  license?: string;
  engines?: Record<string, string>;
  keywords?: string[];
  homepage?: string;
  bugs?: { url?: string };
  repository?: { type?: string; url?: string; directory?: string };
  publishConfig?: { access?: string };
  sideEffects?: boolean | string[];
  bin?: Record<string, string>;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

export function packageJsonOf(tarball: string): PackedPackageJson {
  return JSON.parse(fileOf(tarball, 'package.json')) as PackedPackageJson;
}
