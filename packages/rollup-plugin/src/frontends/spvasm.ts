/**
 * The front end of SPIR-V assembly (`.spvasm`): assembled for a source-preserving edit, so that a
 * `?spvasm` import gives the input's own text, edited where the passes changed it, and a
 * diagnostic on an instruction a pass added points at the line it replaced.
 */
import { preserveSource, snapshotAssembly, type AssemblySnapshot, type PreservedSource } from '@spvkit/preserve-source';
import { contentKey } from '../cache.js';
import { decodeText } from '../files.js';
import type { Problem, ProblemLocation } from '../problems/problem.js';
import { reportedFile, withSpirvErrors } from '../problems/spirv.js';
import type { Frontend, PreservedText } from './frontend.js';

/** The edited text of `snapshot` once the passes ran, made once, on first use. */
function preserving(snapshot: AssemblySnapshot, file: string): PreservedText {
  let made: PreservedSource | undefined;
  let failed = false;
  const get = (): PreservedSource | undefined => {
    if (made === undefined && !failed) {
      try {
        made = preserveSource(snapshot, { source: file });
      } catch {
        failed = true; // a pass left the module in a state the text cannot follow: no edited text
      }
    }
    return made;
  };
  return { locate: (inst) => get()?.originalLocation(inst), text: () => get()?.text };
}

/** Reads a `.spvasm` import as UTF-8 text. */
export const spvasmFrontend: Frontend = ({ request: { file }, bytes, root, options, planTag, inputs }) => {
  const text = decodeText(bytes, file, root, 'SPIR-V assembly text');
  inputs.texts.set(file, text);
  return {
    key: contentKey('spvasm', file, text, planTag),
    compile() {
      const startedAt = performance.now();
      const warnings: Problem[] = [];
      const snapshot = withSpirvErrors(file, root, () =>
        snapshotAssembly(text, {
          file,
          targetEnv: options.targetEnv,
          onWarning: (w) =>
            warnings.push({
              code: 'ASSEMBLY_WARNING',
              message: w.message,
              location: { file, line: w.location.line, column: w.location.column },
              ...(w.hint ? { hint: w.hint } : {}),
            }),
        }),
      );
      return {
        module: snapshot.module,
        texts: new Map([[file, text]]),
        locate: (loc): ProblemLocation => ({ file: reportedFile(loc.file, file, root), line: loc.line, column: loc.column }),
        stripDebugInfo: false,
        startedAt,
        warnings,
        preserved: preserving(snapshot, file),
      };
    },
  };
};
