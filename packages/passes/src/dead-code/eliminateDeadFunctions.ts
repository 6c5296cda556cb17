import {
  Decoration,
  Op,
  UNCHANGED,
  decodeLiteralString,
  isConstantCreation,
  isExtInst,
  instructionEnd,
  isTypeDeclaration,
  type Module,
  type Pass,
  type WordEdits,
} from '@spvkit/core';
import { bodyEdits, functionSpans, type FunctionSpan } from '../words/bodyWords.js';
import { IdOperands } from '../words/idOperands.js';
import { BodyWordFactsAnalysis, holdBodyWordFact } from '../words/BodyWordFacts.js';
import { dropFunctions } from './dropFunctions.js';
import { BODY_USES, ModuleUses, bodyUses } from './moduleUses.js';
import { Sweep } from './sweep.js';

/**
 * The functions no entry point (nor an exported function, nor a global such as a function-pointer
 * constant) reaches through calls, as spirv-opt's `--eliminate-dead-functions` finds them.
 */
export function deadFunctions(module: Module, edits: WordEdits, spans: readonly FunctionSpan[]): Set<number> {
  const words = edits.words;
  const isFunction = new Set(spans.map((s) => s.id));
  const roots: number[] = [];
  for (const ep of module.entryPoints) roots.push(ep.word(1));
  for (const inst of module.annotations) {
    if (inst.opcode === Op.Decorate && inst.word(1) === Decoration.LinkageAttributes && inst.word(inst.operandCount - 1) === 0) roots.push(inst.word(0));
  }
  const nonSemantic = new Set<number>();
  for (const inst of module.extInstImports) {
    if (decodeLiteralString(inst.operands, 0, inst.operandCount).value.startsWith('NonSemantic.')) nonSemantic.add(inst.resultId);
  }
  const ids = new IdOperands(module);
  for (const inst of module.globals) {
    // Debug info naming a function does not keep it: it goes with it.
    if (isExtInst(inst.opcode) && nonSemantic.has(inst.word(0))) continue;
    // Types, constants (but a function-pointer constant), variables and lines name no function.
    const op = inst.opcode;
    if (
      op !== Op.ConstantFunctionPointerINTEL &&
      (isTypeDeclaration(op) || isConstantCreation(op) || op === Op.Variable || op === Op.Undef || op === Op.Line || op === Op.NoLine)
    )
      continue;
    ids.uses(inst, (id) => {
      if (isFunction.has(id)) roots.push(id);
    });
  }
  const calls = new Map<number, readonly number[]>();
  for (const span of spans) {
    if (span.kernelQueries.length === 0) {
      calls.set(span.id, span.calls);
      continue;
    }
    const callees = [...span.calls];
    for (const pos of span.kernelQueries) {
      ids.visit(words, pos, instructionEnd(words, pos) - pos, (i) => {
        if (isFunction.has(words[i])) callees.push(words[i]);
      });
    }
    calls.set(span.id, callees);
  }
  const live = new Set<number>();
  while (roots.length > 0) {
    const f = roots.pop()!;
    if (live.has(f) || !isFunction.has(f)) continue;
    live.add(f);
    for (const c of calls.get(f) ?? []) roots.push(c);
  }
  return new Set(spans.filter((s) => !live.has(s.id)).map((s) => s.id));
}

/**
 * Removes the OpLine / OpNoLine run that ends the globals: the decoder keeps the lines before the
 * first OpFunction there, and they describe that function alone (an OpLine applies up to the next
 * one, an OpNoLine or a block's end), so they go when it goes, as spirv-opt keeps them on the
 * function's own instruction.
 */
function dropLeadingLines(module: Module): void {
  const globals = module.globals;
  let first = globals.length;
  while (first > 0 && (globals[first - 1].opcode === Op.Line || globals[first - 1].opcode === Op.NoLine)) first--;
  if (first === globals.length) return;
  const lines = new Set(globals.slice(first));
  module.removeWhere('globals', (inst) => lines.has(inst));
}

/**
 * `eliminate-dead-functions`: removes the functions that no entry point or exported function
 * reaches through calls (as spirv-opt's pass of that name), with their names and decorations,
 * and what only they used: function types, other types, constants and variables left without a
 * use. Bodies still held as words stay words.
 */
export const eliminateDeadFunctions: Pass = {
  name: 'eliminate-dead-functions',
  description: 'remove functions no entry point reaches, and the types, constants, names and decorations only they used',
  // The edited bodies drop the old ones' facts; it holds their uses.
  preserves: [BodyWordFactsAnalysis],
  run(module) {
    const edits = bodyEdits(module);
    const spans = functionSpans(module, edits);
    const dead = deadFunctions(module, edits, spans);
    if (dead.size === 0) return UNCHANGED;
    const ids = new IdOperands(module, edits.words.length);
    const live = bodyUses(module, ids, edits, { spans, dead });
    const sweep = new Sweep(new ModuleUses(module, ids, live, edits.words.length));
    for (const span of spans) if (dead.has(span.id)) sweep.removeFunction(edits, span);
    sweep.run();
    sweep.apply(module);
    const { after, lines } = dropFunctions(module, edits, spans, dead);
    if (spans.length > 0 && dead.has(spans[0].id)) dropLeadingLines(module);
    // The live functions' uses are what is left (unless lines before dead ones went, whose file
    // names were counted): what the dead-code passes after this one would count again.
    if (!lines) holdBodyWordFact(BODY_USES, module, after, live);
    return { changed: true, diagnostics: [] };
  },
};
