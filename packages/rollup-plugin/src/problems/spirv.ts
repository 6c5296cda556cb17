/** Problems from what @spvkit/core reports: a SpirvError it throws, the diagnostics of passes and the validator. */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { SourceLocationsAnalysis, SpirvError, type Diagnostic, type Instruction, type Module, type SourceLocation } from '@spvkit/core';
import { displayPath } from '../files.js';
import { ShaderError, type Problem, type ProblemLocation } from './problem.js';

/**
 * A place in the user's files for a location of the module's debug info or of a diagnostic
 * (GLSL: through the `#line` names of the preprocessed text); undefined where there is none.
 */
export type Locate = (loc: { file?: string; line: number; column: number }) => ProblemLocation | undefined;

function formatOffset(byteOffset: number): string {
  return `byte offset ${byteOffset} (0x${byteOffset.toString(16)})`;
}

/**
 * The absolute path of a file that debug info or an error names: as it is when absolute, beside
 * `file` when it exists there, else under `root`; `file` itself when nothing is named.
 */
export function reportedFile(name: string | undefined, file: string, root: string): string {
  if (name === undefined || name === '') return file;
  if (isAbsolute(name)) return name;
  const near = resolve(dirname(file), name);
  if (existsSync(near)) return near;
  return resolve(root, name);
}

/** The error a SpirvError from core becomes. */
export function fromSpirvError(e: SpirvError, file: string, root: string): ShaderError {
  const diagnostics = (
    e as SpirvError & { diagnostics?: readonly { message: string; location?: { file?: string; line: number; column: number }; hint?: string }[] }
  ).diagnostics;
  if (diagnostics !== undefined && diagnostics.length > 0) {
    return new ShaderError(
      diagnostics.map((d) => ({
        code: e.code,
        message: d.message,
        ...(d.location ? { location: { file: reportedFile(d.location.file, file, root), line: d.location.line, column: d.location.column } } : {}),
        ...(d.hint ? { hint: d.hint } : {}),
      })),
    );
  }
  const where = e.offset !== undefined ? ` at ${formatOffset(e.offset)}` : '';
  const location = e.location ? { file: reportedFile(e.location.file, file, root), line: e.location.line, column: e.location.column } : undefined;
  return ShaderError.of(e.code, `${displayPath(file, root)}: ${e.message}${location ? '' : where}`, location, e.hint);
}

/** Runs `work`; a SpirvError it throws becomes the shader's error (see {@link fromSpirvError}), anything else goes on. */
export function withSpirvErrors<T>(file: string, root: string, work: () => T): T {
  try {
    return work();
  } catch (e) {
    if (e instanceof SpirvError) throw fromSpirvError(e, file, root);
    throw e;
  }
}

/**
 * Problems from pass and validator diagnostics. `locateNew` places instructions that have no
 * place of their own (ones a pass added to assembly text: the line they replaced).
 */
export function diagnosticProblem(d: Diagnostic, module: Module, locate: Locate, locateNew?: (inst: Instruction) => SourceLocation | undefined): Problem {
  let loc = d.location;
  if (loc === undefined && d.instruction !== undefined) {
    try {
      loc = module.analysis(SourceLocationsAnalysis).of(d.instruction);
    } catch {
      /* no locations */
    }
    if (loc === undefined && locateNew !== undefined) loc = locateNew(d.instruction);
  }
  const location = loc === undefined ? undefined : locate(loc);
  const message = `${d.code ? `[${d.code}] ` : ''}${d.message}${d.pass ? ` (${d.pass})` : ''}`;
  return { code: d.code ?? 'PASS_DIAGNOSTIC', message, ...(location ? { location } : {}), ...(d.hint ? { hint: d.hint } : {}) };
}
