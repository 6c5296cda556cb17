import { SpirvError, type SourceDiagnostic } from '../../errors/SpirvError.js';
import { DEFAULT_TARGET_ENV, parseTargetEnv, type TargetEnv } from '../../env/targetEnv.js';
import { Module } from '../../ir/Module.js';
import { DiagnosticList } from './DiagnosticList.js';
import { IdTable, collectNumericIds } from './IdTable.js';
import { InstructionParser } from './InstructionParser.js';
import { Lexer } from './Lexer.js';
import { InstructionRegion } from './InstructionRegion.js';
import { SourceText } from './SourceText.js';
import { formatLocation } from '../../errors/formatLocation.js';

/** Options for {@link assemble}. */
export interface AssembleOptions {
  /** The file name shown in diagnostics and recorded in spans. */
  file?: string;
  /**
   * The target environment (spirv-as `--target-env`): sets the header's SPIR-V version and which
   * opcodes and enumerants may be named. Default: SPIR-V 1.6 without a client API, as spirv-as.
   */
  targetEnv?: string | TargetEnv;
  /**
   * Keep numeric ids (`%12` is id 12) and number named ids into the gaps, from 1 up, in order of
   * first appearance (spirv-as `--preserve-numeric-ids`). Without it every id, numeric or not, is
   * numbered in order of first appearance.
   */
  preserveNumericIds?: boolean;
  /** The header's generator word. Default 0 (spirv-as writes 0x00070000, Khronos' assembler). */
  generator?: number;
  /**
   * Accept ids that are used but never defined, as spirv-as does (it leaves that to the
   * validator). Default false: they are errors, with a did-you-mean hint.
   */
  allowUndefinedIds?: boolean;
  /**
   * Build the instruction objects only when first read (default true): the sections' on first
   * read of any section, the function bodies' on first read of `module.functions`, as
   * `decodeModule` does for function bodies. Encoding an assembled module then copies their words
   * without building an object per instruction. Errors are reported by `assemble` either way.
   */
  lazyFunctions?: boolean;
  /** Called with each warning (a `\n` in a string, which spirv-as reads as the letter n, ...). */
  onWarning?: (warning: SourceDiagnostic) => void;
  /**
   * Called, when the text assembled, with the names the text gave its ids: id -> the name
   * without `%` (`main`, `uint_8`, or `12` for `%12`). Every name in the text is there, also one
   * only used. For tools that edit the text and must print ids as the author named them.
   */
  onIdNames?: (names: ReadonlyMap<number, string>) => void;
}

/**
 * Assembles SPIR-V assembly text in spirv-as syntax into a {@link Module}. The module encodes to
 * the bytes SPIRV-Tools' `spirv-as` (v2023.1) writes for the same text and options, the generator
 * word aside: the same id numbering and bound, the same literal encodings, the same handling of
 * optional operands and `!<integer>` words.
 *
 * Every instruction gets a `span`: where its text starts and ends (from `%id =` or the opcode to
 * the end of its last operand; UTF-16 offsets), with its line and column.
 *
 * All errors of the text are reported at once: the SpirvError (code `ASSEMBLY`) lists them in its
 * message and holds them in `diagnostics`, each with file, line, column, the source line and,
 * where it helps, a hint (the nearest opcode or enumerant names, the operand the grammar
 * expects, where an id was first defined, the range of a literal's type).
 *
 * @example
 * ```ts
 * const module = assemble(`
 *        OpCapability Shader
 *        OpMemoryModel Logical GLSL450
 * %void = OpTypeVoid`, { targetEnv: 'vulkan1.2', file: 'tiny.spvasm' });
 * const words = encodeModule(module);
 * ```
 */
export function assemble(text: string | Uint8Array, options: AssembleOptions = {}): Module {
  if (startsWithMagic(text)) {
    throw new SpirvError('BAD_INPUT', 'the input is a SPIR-V binary module, not assembly text', {
      location: { file: options.file, line: 1, column: 1 },
      hint: 'disassemble it instead (spvkit dis, or disassemble(decodeModule(bytes)))',
    });
  }
  return assembleText(text, options);
}

function assembleText(text: string | Uint8Array, options: AssembleOptions): Module {
  const env =
    options.targetEnv === undefined ? DEFAULT_TARGET_ENV : typeof options.targetEnv === 'string' ? parseTargetEnv(options.targetEnv) : options.targetEnv;
  const source = new SourceText(text, options.file);
  const preserved = options.preserveNumericIds === true ? collectNumericIds(source.bytes, (visit) => forEachWord(source, visit)) : null;
  const ids = new IdTable(source.bytes, preserved);
  const diagnostics = new DiagnosticList(source);
  const module = new Module({ version: env.spirvVersion, generator: options.generator ?? 0, bound: 1, schema: 0 });
  const region = new InstructionRegion(source, (start, end, message, hint) => diagnostics.error(start, end, message, hint));
  const parser = new InstructionParser(source, new Lexer(source), ids, diagnostics, env.spirvVersion, env.name, region);
  parser.parseAll();
  region.finish();
  if (options.allowUndefinedIds !== true) parser.reportUndefinedIds();
  if (diagnostics.errors > 0) throw assemblyError(diagnostics.items, options.file);
  if (options.onWarning !== undefined) for (const d of diagnostics.items) options.onWarning(d);
  module.header.bound = ids.bound;
  region.attach(module, options.lazyFunctions !== false);
  if (options.onIdNames !== undefined) options.onIdNames(ids.idNames());
  return module;
}

/** Whether `text` starts with the SPIR-V magic number, in either byte order: a binary, not text. */
function startsWithMagic(text: string | Uint8Array): boolean {
  if (text.length < 4) return false;
  const at = typeof text === 'string' ? (i: number): number => text.charCodeAt(i) : (i: number): number => text[i];
  const le = at(0) === 0x03 && at(1) === 0x02 && at(2) === 0x23 && at(3) === 0x07;
  const be = at(0) === 0x07 && at(1) === 0x23 && at(2) === 0x02 && at(3) === 0x03;
  return le || be;
}

function forEachWord(source: SourceText, visit: (start: number, end: number) => void): void {
  const lx = new Lexer(source);
  while (lx.skipBlank()) {
    const start = lx.pos;
    const end = lx.wordEnd(start);
    visit(start, end);
    lx.take(end);
  }
}

/** Most diagnostics listed in the error's message (all of them are in `diagnostics`). */
const MESSAGE_LIMIT = 200;

function assemblyError(items: SourceDiagnostic[], file: string | undefined): SpirvError {
  const sorted = [...items].sort((a, b) => a.location.line - b.location.line || a.location.column - b.location.column);
  const errors = sorted.filter((d) => d.severity === 'error');
  const first = errors[0];
  const where = (d: SourceDiagnostic): string => formatLocation(d.location);
  let message: string;
  if (errors.length === 1) message = first.message;
  else {
    const lines = errors.slice(0, MESSAGE_LIMIT).map((d) => `  ${where(d)}: ${d.message}`);
    if (errors.length > MESSAGE_LIMIT) lines.push(`  ... and ${errors.length - MESSAGE_LIMIT} more (see diagnostics)`);
    message = `${errors.length} errors in ${file ?? 'the assembly'}:\n${lines.join('\n')}`;
  }
  return new SpirvError('ASSEMBLY', message, {
    location: first.location,
    ...(errors.length === 1 && first.hint !== undefined ? { hint: first.hint } : {}),
    diagnostics: sorted,
  });
}
