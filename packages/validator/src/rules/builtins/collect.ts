import {
  CallGraphAnalysis,
  SourceLocationsAnalysis,
  decodeLiteralString,
  extInstSetByName,
  type CallGraph,
  type Instruction,
  type Module,
  type SourceLocation,
} from '@spvkit/core';
import { findBlockVariables, findTargets, type BuiltinTarget } from './targets.js';
import { TypeTable } from './typeShapes.js';
import { RawLineLocator, SiteResolver, scanWords } from './undecodedBodies.js';
import { UseFinder, type UseSite } from './uses.js';

export interface CollectedBuiltins {
  readonly targets: readonly BuiltinTarget[];
  readonly types: TypeTable;
  readonly calls: CallGraph;
  /** The module's own Instruction for a use site (decodes the function bodies if still undecoded). */
  resolve(site: UseSite): Instruction;
  /** The source position of a use site (OpLine / DebugLine in effect), without decoding the bodies. */
  locate(site: UseSite): SourceLocation | undefined;
}

/**
 * Finds every BuiltIn decoration of `module`, what it decorates (targets.ts), and the first use of
 * it in each function (uses.ts). Function bodies still held as undecoded words are scanned as
 * words (undecodedBodies.ts), so a large module is not decoded just to be validated.
 */
export function collectBuiltins(module: Module, options: { wantsWrites?: (builtIn: number) => boolean } = {}): CollectedBuiltins {
  const wantsWrites = options.wantsWrites ?? (() => false);
  const defs = new Map<number, Instruction>();
  for (const inst of module.globals) if (inst.resultId !== 0) defs.set(inst.resultId, inst);
  const types = new TypeTable(defs);
  const { targets, memberTargets } = findTargets(module, defs, types, wantsWrites);

  if (targets.length === 0) return { targets, types, calls: module.analysis(CallGraphAnalysis), resolve: (site) => site.inst, locate: () => undefined };

  const nonSemanticSets = new Set<number>();
  const debugInfoSets = new Set<number>();
  for (const inst of module.extInstImports) {
    const name = decodeLiteralString(inst.operands, 0, inst.operandCount).value;
    if (name.startsWith('NonSemantic.')) nonSemanticSets.add(inst.resultId);
    if (name.startsWith('NonSemantic.Shader.DebugInfo.') && extInstSetByName(name) !== undefined) debugInfoSets.add(inst.resultId);
  }

  const finder = new UseFinder(module, types, nonSemanticSets);
  for (const target of targets) {
    for (const instance of target.instances) finder.track(instance.id).plain.push({ target, instance });
  }
  // After the plain instances: a Block member's instances are the variables of its Block type.
  if (memberTargets.size > 0) {
    for (const b of findBlockVariables(module, types, memberTargets)) {
      finder.track(b.variable.resultId).block.push({ instanceOf: b.instanceOf, levelsLeft: b.levels });
    }
  }
  finder.followGlobals();

  const lazyWords = module.hasLazyFunctions ? module.lazyFunctionWords() : null;
  if (lazyWords !== null) {
    scanWords(lazyWords, finder.flag, debugInfoSets, finder);
  } else {
    finder.scanFunctions();
  }

  let sites: SiteResolver | undefined;
  let lines: RawLineLocator | undefined;
  return {
    locate(site) {
      if (lazyWords === null || module.hasLazyFunctions === false) return module.analysis(SourceLocationsAnalysis).of(this.resolve(site));
      const line = site.line;
      if (line === undefined) return undefined;
      return (lines ??= new RawLineLocator(module, debugInfoSets)).locate(line);
    },
    targets,
    types,
    // The call graph reads undecoded bodies without decoding them.
    calls: module.analysis(CallGraphAnalysis),
    resolve(site) {
      if (lazyWords === null) return site.inst;
      return (sites ??= new SiteResolver(module)).resolve(site);
    },
  };
}
