import {
  HEADER_WORDS,
  Module,
  NamesAnalysis,
  Op,
  SPIRV_MAGIC,
  SourceLocationsAnalysis,
  decodeModule,
  ModuleIndexAnalysis,
  friendlyIdNames,
  type Instruction,
  type Pass,
  type SourceLocation,
  ControlFlowGraph,
  indexModule,
  IdOperandWalker,
  type ModuleIndex,
} from '@spvkit/core';
import { Reporter, type Finding } from './report/Reporter.js';
import { RULES } from './report/rules.js';
import type { ValidationDiagnostic } from './report/ValidationDiagnostic.js';
import { checkBuiltins } from './rules/builtins/checkBuiltins.js';
import { checkCapabilities } from './rules/capabilities/checkCapabilities.js';
import { checkConstantComposites } from './rules/constantComposites.js';
import { checkControlFlow } from './rules/controlFlow/checkControlFlow.js';
import type { BlockLayoutOptions } from './rules/decorations/BlockLayoutOptions.js';
import { checkDecorations } from './rules/decorations/checkDecorations.js';
import { checkEnvironment } from './rules/environment/checkEnvironment.js';
import type { FamilyContext } from './rules/FamilyContext.js';
import { checkIds } from './rules/ids.js';
import { ScanOperandContext } from './scan/ScanOperandContext.js';
import { checkOperands } from './rules/operands/checkOperands.js';
import { checkGlslStd450 } from './rules/glslStd450.js';
import { checkLayout } from './rules/layout.js';
import { checkLiteralStrings } from './rules/literalStrings.js';
import { checkSsa } from './rules/ssa.js';
import { checkTypeDeclarations } from './rules/typeDeclarations.js';
import { checkTypes } from './rules/types.js';
import { checkValueTypes } from './rules/values.js';
import { readString } from './scan/readString.js';

/** Options of {@link validate}. */
export interface ValidateOptions extends BlockLayoutOptions {
  /**
   * Target environment (`vulkan1.2`, `spv1.5`, ...; `vulkan`: Vulkan rules for the module's own
   * version). The builtins family checks Vulkan's BuiltIn rules only for a Vulkan env; without
   * one, the SPIR-V rules alone. An unknown name throws a SpirvError (BAD_OPTION).
   */
  readonly targetEnv?: string;
}

/**
 * Validates a SPIR-V module and returns every error found (an empty array: valid, as far as the
 * rule families implemented go: binary header, logical layout, ids, SSA and dominance, and the
 * types of arithmetic, bitwise, logical, relational and conversion instructions).
 *
 * Every finding carries its rule code and family, the instruction (number, opcode, byte offset),
 * the ids it is about with their OpNames, and the source line where the module has OpLine or
 * NonSemantic.Shader.DebugInfo.100 DebugLine. Unlike spirv-val, it does not stop at the first
 * error; a later family still runs where an earlier one found errors, skipping the instructions
 * those were about. Never throws on malformed input: a broken word count is itself reported.
 *
 * @example
 * ```ts
 * import { formatDiagnostic } from '@spvkit/core';
 * import { validate } from '@spvkit/validator';
 * for (const d of validate(words)) console.error(formatDiagnostic(d)); // shader.comp:12:5: error: [spvkit-types-operand] OpIAdd: ...
 * ```
 */
export function validate(input: Uint32Array | Module, options: ValidateOptions = {}): ValidationDiagnostic[] {
  const module = input instanceof Module ? input : undefined;
  // A module's words and index are its cached analysis (in the host's byte order), shared with
  // whatever else reads the module by numbers (its control-flow graph).
  const indexed = module?.analysis(ModuleIndexAnalysis);
  const words = indexed?.words ?? (input as Uint32Array);
  const reporter = new Reporter();
  if (words.length < HEADER_WORDS || words[0] !== SPIRV_MAGIC) {
    reporter.report('spvkit-binary-header', -1, () =>
      words.length < HEADER_WORDS
        ? `the module has ${words.length} words, fewer than the 5 of the header`
        : `the magic number is 0x${words[0].toString(16)}, not 0x07230203`,
    );
    return finish(reporter, undefined, undefined);
  }
  const version = words[1];
  if ((version & 0xff0000ff) !== 0 || version >>> 16 !== 1 || ((version >>> 8) & 0xff) > 6) {
    reporter.report('spvkit-binary-version', -1, () => `the header's version word 0x${version.toString(16)} is not SPIR-V 1.0 to 1.6`);
  }
  const { index: scan, broken } = indexed ?? indexModule(words);
  if (broken !== undefined) {
    reporter.report(broken.kind === 'word-count' ? 'spvkit-binary-word-count' : 'spvkit-binary-too-short', -2 - broken.instruction, () =>
      broken.kind === 'word-count'
        ? `the instruction at byte offset ${broken.pos * 4} has word count ${words[broken.pos] >>> 16}, which ${words[broken.pos] >>> 16 === 0 ? 'is 0' : 'runs past the end of the module'}; nothing after it can be read`
        : `the instruction at byte offset ${broken.pos * 4} is too short for its result type and result id; nothing after it is checked`,
    );
  }
  checkLiteralStrings(scan, reporter);
  const ids = new IdOperandWalker(new ScanOperandContext(scan));
  const structure = checkLayout(scan, reporter);
  checkIds(scan, ids, reporter);
  const cfg = new ControlFlowGraph(scan, structure);
  checkSsa(scan, structure, cfg, ids, reporter);
  checkTypeDeclarations(scan, reporter);
  checkTypes(scan, reporter);
  checkGlslStd450(scan, reporter);
  checkValueTypes(scan, structure, reporter);
  checkConstantComposites(scan, reporter);
  const context: FamilyContext = { scan, ids, structure, cfg, reporter, targetEnv: options.targetEnv, ...(module !== undefined ? { module } : {}) };
  checkOperands(context);
  checkControlFlow(context);
  checkDecorations(context, blockLayoutOptions(options));
  checkCapabilities(context);
  checkEnvironment(context);
  checkBuiltins(context);
  return finish(reporter, scan, module);
}

/** The block-layout switches of `options` alone, as the decorations family takes them. */
function blockLayoutOptions(options: ValidateOptions): BlockLayoutOptions {
  const { relaxBlockLayout, uniformBufferStandardLayout, scalarBlockLayout, workgroupScalarBlockLayout, skipBlockLayout } = options;
  return {
    ...(relaxBlockLayout !== undefined ? { relaxBlockLayout } : {}),
    ...(uniformBufferStandardLayout !== undefined ? { uniformBufferStandardLayout } : {}),
    ...(scalarBlockLayout !== undefined ? { scalarBlockLayout } : {}),
    ...(workgroupScalarBlockLayout !== undefined ? { workgroupScalarBlockLayout } : {}),
    ...(skipBlockLayout !== undefined ? { skipBlockLayout } : {}),
  };
}

/**
 * The pass `validate`: runs {@link validate} on the module, judging blocks by `layout` (spirv-val's
 * block layout options), and reports its findings as the pass's diagnostics; never changes the
 * module. Registered, it takes the options as spirv-val's flag names:
 * `validate=scalar-block-layout,relax-block-layout`.
 *
 * @example
 * ```ts
 * runPasses(module, ['lower-local-invocation-index'], { validate: 'end', validator: createValidatePass({ scalarBlockLayout: true }) });
 * ```
 */
export function createValidatePass(layout: BlockLayoutOptions = {}): Pass {
  const own = blockLayoutOptions(layout);
  return {
    name: 'validate',
    description:
      'validate the module (layout, ids, SSA, types, control flow, decorations, capabilities, environment, builtins) and report every error with its rule and source line',
    run(module, context) {
      const diagnostics = validate(module, context.targetEnv !== undefined ? { ...own, targetEnv: context.targetEnv } : own);
      return { changed: false, diagnostics: diagnostics.map((d) => ({ ...d, pass: 'validate' })) };
    },
  };
}

/** Turns the findings into diagnostics: names, instructions and source lines looked up once, for them alone. */
function finish(reporter: Reporter, scan: ModuleIndex | undefined, given: Module | undefined): ValidationDiagnostic[] {
  if (reporter.findings.length === 0) return [];
  const findings = [...reporter.findings].sort((a, b) => position(a) - position(b));
  const context = scan === undefined ? undefined : safeLookups(scan, given);
  return findings.map((f): ValidationDiagnostic => {
    const i = f.instruction;
    const at = scan !== undefined && i >= 0 && i < scan.count ? i : -1;
    const brokenAt = i <= -2 && scan !== undefined ? scan.pos[-2 - i] : -1;
    const name = (id: number): string => `%${context?.friendly(id) ?? id}`;
    const instruction = at >= 0 ? context?.instruction(at) : undefined;
    const location = instruction !== undefined ? context?.location(instruction) : undefined;
    return {
      severity: 'error',
      code: f.code,
      family: RULES[f.code].family,
      message: f.message(name),
      offset: at >= 0 ? scan!.pos[at] * 4 : brokenAt >= 0 ? brokenAt * 4 : 0,
      instructionIndex: at,
      ...(at >= 0 ? { opcode: scan!.opcode[at] } : {}),
      ids: f.ids.map((id) => {
        const n = context?.name(id);
        return n === undefined ? { id } : { id, name: n };
      }),
      ...(instruction !== undefined ? { instruction } : {}),
      ...(location !== undefined ? { location } : {}),
      ...f.details,
    };
  });
}

function position(f: Finding): number {
  return f.instruction >= 0 ? f.instruction : f.instruction === -1 ? -1 : -2 - f.instruction;
}

/** {@link lookups}, or bare ids where even reading names fails on a damaged module. */
function safeLookups(scan: ModuleIndex, given: Module | undefined): Lookups | undefined {
  try {
    return lookups(scan, given);
  } catch {
    return undefined;
  }
}

interface Lookups {
  /** The OpName of `id`. */
  name(id: number): string | undefined;
  /** The name spirv-dis would print for `id` (its OpName, or one made from its type or value), as messages name ids. */
  friendly(id: number): string | undefined;
  instruction(i: number): Instruction | undefined;
  location(inst: Instruction): SourceLocation | undefined;
}

/**
 * Names, instructions and source lines for the findings. Through core's NamesAnalysis and
 * SourceLocationsAnalysis on the module (decoded here when words were given) wherever its
 * instructions line up one to one with the scan's; a module core cannot decode (its layout broken)
 * still gets its OpNames, read from the words.
 */
function lookups(scan: ModuleIndex, given: Module | undefined): Lookups {
  let module = given;
  if (module === undefined) {
    try {
      module = decodeModule(scan.words);
    } catch {
      module = undefined;
    }
  }
  let list: Instruction[] | undefined;
  if (module !== undefined) {
    try {
      list = [...module.instructions()]; // function bodies decode here, and may fail where the layout is broken
    } catch {
      list = undefined;
    }
    if (list !== undefined && (list.length !== scan.count || list.some((inst, i) => inst.opcode !== scan.opcode[i]))) list = undefined;
  }
  if (module !== undefined && list !== undefined) {
    const names = module.analysis(NamesAnalysis);
    const locations = module.analysis(SourceLocationsAnalysis);
    const instructions = list;
    const friendly = friendlyIdNames(module);
    return { name: (id) => names.name(id), friendly, instruction: (i) => instructions[i], location: (inst) => locations.of(inst) };
  }
  const names = new Map<number, string>();
  for (let i = 0; i < scan.count; i++) {
    if (scan.opcode[i] === Op.Name && scan.end[i] > scan.operandStart[i]) {
      const id = scan.words[scan.operandStart[i]];
      const name = readString(scan.words, scan.operandStart[i] + 1, scan.end[i]);
      if (name !== undefined && !names.has(id)) names.set(id, name);
    }
  }
  return { name: (id) => names.get(id), friendly: (id) => names.get(id), instruction: () => undefined, location: () => undefined };
}
