import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import type { IncludeFunction } from '@spvkit/glslang';

/**
 * Resolves `#include` as glslangValidator does: `#include "name"` in the including file's folder
 * first, then in each `-I` folder in order; `#include <name>` in the `-I` folders only. The file
 * is named in messages and debug info by the path it was found at, joined as given (so relative
 * inputs give relative names). Not found: null, which glslang reports at the `#include` line.
 */
export function includeResolver(includeDirs: readonly string[]): IncludeFunction {
  return ({ name, kind, includer }) => {
    const folders = isAbsolute(name) ? [''] : kind === 'local' ? [dirname(includer), ...includeDirs] : includeDirs;
    for (const folder of folders) {
      const file = folder === '' ? name : join(folder, name);
      let source: string;
      try {
        if (!statSync(file).isFile()) continue;
        source = readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      return { file, source };
    }
    return null;
  };
}
