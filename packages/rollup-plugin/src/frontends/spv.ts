/** The front end of SPIR-V binaries (`.spv`): checked for the magic number, then decoded. */
import { contentKey } from '../cache.js';
import { displayPath, looksLikeSpirvBinary } from '../files.js';
import { ShaderError } from '../problems/problem.js';
import { reportedFile } from '../problems/spirv.js';
import { decodeShader, type Frontend } from './frontend.js';

/** Reads a `.spv` import; a file that is no binary is refused with what it looks like instead. */
export const spvFrontend: Frontend = ({ request: { file }, bytes, root, planTag }) => {
  if (!looksLikeSpirvBinary(bytes)) {
    let hint = 'the file is empty, truncated or not SPIR-V';
    const text = bytes.toString('utf8');
    if (/^\s*(;|%|Op[A-Z])/m.test(text) && !text.includes('\0'))
      hint = `it looks like SPIR-V assembly text: rename it to ${displayPath(file, root).replace(/\.spv$/i, '.spvasm')}`;
    else if (/#\s*version\b/.test(text)) hint = 'it looks like GLSL: give it its stage extension (.comp, .vert, ...)';
    throw ShaderError.of('NOT_SPIRV_BINARY', `${displayPath(file, root)} is not a SPIR-V binary (no SPIR-V magic number at the start)`, undefined, hint);
  }
  return {
    key: contentKey('spv', file, bytes, planTag),
    compile() {
      const startedAt = performance.now();
      return {
        module: decodeShader(bytes, file, root),
        texts: new Map(),
        locate: (loc) => ({ file: reportedFile(loc.file, file, root), line: loc.line, column: loc.column }),
        stripDebugInfo: false,
        startedAt,
        warnings: [],
      };
    },
  };
};
