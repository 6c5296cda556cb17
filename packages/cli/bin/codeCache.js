// The V8 code cache of the bundle, made on the user's machine: a cache is valid only for the V8
// that made it (V8 rejects another's), so none ships in the package; the first run of each
// command writes one, and later runs compile nothing they already ran. One cache per command:
// each command initializes only its own part of the bundle (scripts/bundle.mjs), and a cache
// holding every command's functions made each run read them all (1.25 MB; alone, --version's is
// 0.11 MB, as's and dis's 0.34-0.39 MB, val's and info's ~1 MB).
//
// Where: $XDG_CACHE_HOME/spvkit, else ~/.cache/spvkit (~/Library/Caches/spvkit on macOS,
// %LOCALAPPDATA%\spvkit\Cache on Windows); SPVKIT_CACHE_DIR overrides, SPVKIT_CODE_CACHE=0 turns
// it off. A per-user cache folder rather than node_modules/.cache: a global install's
// node_modules is often not writable by its user (a root-owned prefix), npx and pnpm dlx installs
// are thrown away, and one folder serves every install of the same build. Without a writable
// folder (read-only, no HOME) spvkit runs as it would without a cache, silently.
//
// The file name is the key: the bundle's hash (the build writes it on the bundle's last line),
// the command, V8's version and the architecture, so another build or another Node never reads
// it. The file holds one line naming the command, then V8's data. A command's first run (or one
// whose cache V8 rejected) writes it; after that nothing is written. Writes go to a temporary
// file renamed over the old one, so a reader sees a whole cache or none, and two runs at once
// cannot mix their writes.
'use strict';
const { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

/** Cache files kept in the folder (other commands, builds, Node versions); older ones are removed on write. */
const KEEP = 24;

/** The cache folder for this user, or undefined when there is none to use. */
function cacheDir(env = process.env, platform = process.platform) {
  if (env.SPVKIT_CODE_CACHE === '0') return undefined;
  if (env.SPVKIT_CACHE_DIR) return env.SPVKIT_CACHE_DIR;
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'spvkit');
  if (platform === 'win32') return env.LOCALAPPDATA ? join(env.LOCALAPPDATA, 'spvkit', 'Cache') : undefined;
  if (!env.HOME) return undefined;
  return platform === 'darwin' ? join(env.HOME, 'Library', 'Caches', 'spvkit') : join(env.HOME, '.cache', 'spvkit');
}

/** The word a command's cache is named by: `dis`, `version` for `--version`, `other` for anything odd. */
function commandKey(command) {
  return /^[\w-]{1,24}$/.test(command ?? '') ? command.replace(/^-+/, '') || 'other' : 'other';
}

/**
 * The cache entry of `command`'s runs of a bundle whose source ends with `//# spvkit-bundle=HASH`:
 * its path, the V8 data when the file exists, and the command that data covers. `path` is
 * undefined when no cache is to be used.
 */
function openCache(source, command, dir = cacheDir()) {
  const named = /\/\/# spvkit-bundle=(\w+)\n?$/.exec(source.slice(-100));
  if (dir === undefined || named === null) return { path: undefined, data: undefined, covered: [] };
  const path = join(dir, `spvkit-${named[1]}-${commandKey(command)}-v8-${process.versions.v8.replace(/[^\w.-]/g, '_')}-${process.arch}.cache`);
  let file;
  try {
    file = readFileSync(path);
  } catch {
    return { path, data: undefined, covered: [] };
  }
  const eol = file.indexOf(10);
  if (eol < 0 || eol > 512) return { path, data: undefined, covered: [] };
  return { path, data: file.subarray(eol + 1), covered: file.subarray(0, eol).toString('latin1').split(',').filter(Boolean) };
}

/**
 * After a run of `command` (`script` the bundle's vm.Script), writes its cache when there was
 * none or V8 rejected it. Never throws: a cache that cannot be written is simply not there next time.
 */
function saveCache(entry, script, command) {
  if (entry.path === undefined) return;
  if (entry.data !== undefined && !script.cachedDataRejected) return;
  const covered = [commandKey(command)];
  const temp = `${entry.path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    const data = script.createCachedData();
    mkdirSync(join(entry.path, '..'), { recursive: true });
    writeFileSync(temp, Buffer.concat([Buffer.from(`${covered.join(',')}\n`, 'latin1'), data]));
    renameSync(temp, entry.path);
    prune(join(entry.path, '..'));
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // Nothing to clean up.
    }
  }
}

/** Removes all but the {@link KEEP} newest cache files of the folder, and temporary files left by killed runs. */
function prune(dir) {
  const files = readdirSync(dir).filter((f) => /^spvkit-.*\.cache(\.\d+\.\w+\.tmp)?$/.test(f));
  const dated = files.map((f) => {
    try {
      return { f, t: statSync(join(dir, f)).mtimeMs };
    } catch {
      return { f, t: 0 };
    }
  });
  const hourAgo = Date.now() - 3600_000;
  const caches = dated.filter((x) => x.f.endsWith('.cache')).sort((a, b) => b.t - a.t);
  const stale = [...caches.slice(KEEP), ...dated.filter((x) => x.f.endsWith('.tmp') && x.t < hourAgo)];
  for (const { f } of stale) rmSync(join(dir, f), { force: true });
}

module.exports = { cacheDir, openCache, saveCache };
