// What a tarball must and must not ship: what a user runs, its types and maps, the source the maps
// point at, LICENSE and README; no tests, generators, scripts or V8 code caches (a cache is valid
// only for the Node that made it).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { filesOf, type PackedPackageJson } from './packTarballs.js';

/** Files no tarball may ship, each with why. */
const FORBIDDEN: { pattern: RegExp; why: string }[] = [
  { pattern: /\.test\.[cm]?[jt]s$/, why: 'a test' },
  { pattern: /^src\/.*\.mjs$/, why: 'a build script (generator) in src' },
  { pattern: /^scripts\//, why: 'a build script' },
  { pattern: /\.cache$/, why: 'a V8 code cache (valid only for the Node that made it)' },
  { pattern: /(^|\/)tsconfig[^/]*\.json$|\.tsbuildinfo$/, why: 'build configuration' },
];

/** Unpacks `tarball` into `dir` (its files then lie under `dir`/package). */
export function unpack(tarball: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', dir]);
  return join(dir, 'package');
}

/**
 * Every problem of a tarball's contents, as sentences; empty when it is right. `unpacked` is
 * where {@link unpack} put it; `folder` its package's folder under packages/.
 */
export function contentProblems(tarball: string, unpacked: string, folder: string): string[] {
  const problems: string[] = [];
  const files = filesOf(tarball);
  const has = new Set(files);
  for (const f of files) for (const { pattern, why } of FORBIDDEN) if (pattern.test(f)) problems.push(`ships ${f}: ${why}`);
  for (const required of ['LICENSE', 'README.md', 'package.json']) if (!has.has(required)) problems.push(`has no ${required}`);

  const pkgText = readFileSync(join(unpacked, 'package.json'), 'utf8');
  if (pkgText.includes('workspace:')) problems.push(`package.json keeps a workspace: range: ${/"[^"]+":\s*"workspace:[^"]*"/.exec(pkgText)?.[0]}`);
  const pkg = JSON.parse(pkgText) as PackedPackageJson;
  // MIT, or an SPDX expression with MIT in it where a package also ships others' code (glslang).
  if (!/(^|\W)MIT(\W|$)/.test(pkg.license ?? '')) problems.push(`license is ${String(pkg.license)}, not MIT`);
  if (pkg.repository?.type !== 'git' || pkg.repository.url === undefined) problems.push('has no git repository');
  if (pkg.repository?.directory !== `packages/${folder}`) problems.push(`repository.directory is ${String(pkg.repository?.directory)}, not packages/${folder}`);
  if (pkg.homepage === undefined) problems.push('has no homepage');
  if (pkg.bugs?.url === undefined) problems.push('has no bugs url');
  if (pkg.engines?.node === undefined) problems.push('has no engines.node');
  if (pkg.keywords === undefined || pkg.keywords.length === 0) problems.push('has no keywords');
  if (pkg.publishConfig?.access !== 'public') problems.push('publishConfig.access is not public');
  if (pkg.sideEffects === undefined) problems.push('does not declare sideEffects');

  // Every export that Node can import must also be loadable by require() (Node 20.19+ loads an ES
  // module through the "default" condition); every target must be in the tarball.
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    if (typeof target === 'string') {
      if (!has.has(posix.normalize(target))) problems.push(`exports["${subpath}"] = ${target} is not in the tarball`);
      continue;
    }
    const conditions = target as Record<string, unknown>;
    if ('import' in conditions && conditions.default !== conditions.import)
      problems.push(`exports["${subpath}"] has "import" but no "default" with the same file for require()`);
    if (('import' in conditions || 'default' in conditions) && Object.keys(conditions)[0] !== 'types')
      problems.push(`exports["${subpath}"]: "types" is not the first condition`);
    for (const file of Object.values(conditions))
      if (typeof file === 'string' && !has.has(posix.normalize(file))) problems.push(`exports["${subpath}"] names ${file}, not in the tarball`);
  }
  for (const [name, file] of Object.entries(pkg.bin ?? {})) if (!has.has(posix.normalize(file))) problems.push(`bin ${name} = ${file} is not in the tarball`);

  // Source maps and declaration maps point at src/: each file they name must be shipped.
  for (const map of files.filter((f) => f.endsWith('.map'))) {
    const sources = (JSON.parse(readFileSync(join(unpacked, map), 'utf8')) as { sources?: string[] }).sources ?? [];
    for (const s of sources) {
      const resolved = posix.normalize(posix.join(posix.dirname(map), s));
      if (!has.has(resolved)) problems.push(`${map} points at ${resolved}, which is not shipped`);
    }
  }
  return problems;
}

/** The tarball's size and the sum of its files' sizes, in bytes, and its file count. */
export function sizeOf(tarball: string, unpacked: string): { packed: number; unpacked: number; files: number } {
  const files = filesOf(tarball);
  const total = files.reduce((sum, f) => sum + statSync(join(unpacked, f)).size, 0);
  return { packed: statSync(tarball).size, unpacked: total, files: files.length };
}
