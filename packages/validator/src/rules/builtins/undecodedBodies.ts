import {
  InstructionWalker,
  NonSemanticShaderDebugInfo100 as DebugInfo100,
  Op,
  decodeLiteralString,
  type IdFlags,
  type Instruction,
  type Module,
  type SourceLocation,
} from '@spvkit/core';
import type { UseSite } from './uses.js';

// Function bodies still held as undecoded words (a freshly decoded module) are scanned as words:
// only instructions that mention a built-in are looked at as instructions, so a large module is
// not decoded just to be validated. What a use site then holds (a view of its words, the debug
// line in effect as raw words) is turned into the module's own objects here, when asked for.

/** An OpLine (`kind` 1: file string, line, column) or a DebugLine (`kind` 2: DebugSource, line constant, column constant). */
export interface RawLine {
  readonly kind: 1 | 2;
  readonly a: number;
  readonly b: number;
  readonly c: number;
}

/** What {@link scanWords} tells as it walks the bodies. */
export interface BodyVisitor {
  enterFunction(id: number): void;
  /** Whether a mention of `id` can still tell something new, so that its instruction is worth a view. */
  worthVisiting(id: number): boolean;
  visit(inst: Instruction, ordinal: number, line?: RawLine): void;
}

/**
 * Walks undecoded function words: function boundaries, and — only for instructions with a
 * word equal to a tracked id that can still tell something new — a view of the instruction for `visit`.
 */
export function scanWords(words: Uint32Array, flag: IdFlags, debugInfoSets: ReadonlySet<number>, visitor: BodyVisitor): void {
  const walk = new InstructionWalker(words);
  let ordinal = 0;
  // The debug line in effect, with the rules of SourceLocationsAnalysis: from an OpLine or
  // DebugLine to the next one, an OpNoLine / DebugNoLine, or the end of the block.
  let line: RawLine | undefined;
  while (walk.next()) {
    const { opcode, operandStart: at, end } = walk;
    if (opcode === Op.Function) {
      visitor.enterFunction(walk.resultId);
      line = undefined;
    } else if (opcode === Op.Label || opcode === Op.NoLine) {
      line = undefined;
    } else if (opcode === Op.Line) {
      line = { kind: 1, a: words[at], b: words[at + 1], c: words[at + 2] };
    } else if (opcode === Op.ExtInst && debugInfoSets.has(words[at])) {
      const which = words[at + 1];
      if (which === DebugInfo100.DebugLine) line = { kind: 2, a: words[at + 2], b: words[at + 3], c: words[at + 5] };
      else if (which === DebugInfo100.DebugNoLine) line = undefined;
    }
    // Result types of function values are not noted here: they only matter to the literal widths
    // of an OpSwitch whose selector is a function value, and such a selector is never a built-in.
    for (let i = at; i < end; i++) {
      const w = words[i];
      if (flag.has(w) && visitor.worthVisiting(w)) {
        visitor.visit(walk.instruction(), ordinal, line);
        break;
      }
    }
    // Ordinals follow Function.allInstructions(): what precedes OpFunction (debug lines) belongs to it.
    ordinal = opcode === Op.FunctionEnd ? 0 : ordinal + 1;
  }
}

/** Source positions of raw debug lines, from the OpString texts, 32-bit constants and DebugSource files they refer to. */
export class RawLineLocator {
  private readonly strings = new Map<number, string>();
  private readonly uints = new Map<number, number>();
  private readonly sources = new Map<number, string>();

  constructor(module: Module, debugInfoSets: ReadonlySet<number>) {
    for (const inst of module.debugStrings) {
      if (inst.opcode === Op.String) this.strings.set(inst.resultId, decodeLiteralString(inst.operands, 0, inst.operandCount).value);
    }
    for (const inst of module.globals) {
      if (inst.opcode === Op.Constant && inst.operandCount === 1) this.uints.set(inst.resultId, inst.word(0));
      else if (inst.opcode === Op.ExtInst && debugInfoSets.has(inst.word(0)) && inst.word(1) === DebugInfo100.DebugSource) {
        const file = this.strings.get(inst.word(2));
        if (file !== undefined) this.sources.set(inst.resultId, file);
      }
    }
  }

  locate(line: RawLine): SourceLocation | undefined {
    if (line.kind === 1) {
      const file = this.strings.get(line.a);
      return { ...(file !== undefined ? { file } : {}), line: line.b, column: Math.max(1, line.c) };
    }
    const file = this.sources.get(line.a);
    const at = this.uints.get(line.b);
    if (at === undefined) return undefined;
    return { ...(file !== undefined ? { file } : {}), line: at, column: Math.max(1, this.uints.get(line.c) ?? 1) };
  }
}

/** The module's own Instruction for a site found in the words: decodes the bodies, then finds it by its ordinal, else by its words. */
export class SiteResolver {
  private readonly flat: Instruction[][] = [];

  constructor(private readonly module: Module) {}

  resolve(site: UseSite): Instruction {
    let list = this.flat[site.fnIndex];
    if (list === undefined) {
      const fn = this.module.functions[site.fnIndex];
      list = fn === undefined ? [] : [...fn.allInstructions()];
      this.flat[site.fnIndex] = list;
    }
    const found = list[site.ordinal];
    if (found !== undefined && sameInstruction(found, site.inst)) return found;
    return list.find((i) => sameInstruction(i, site.inst)) ?? site.inst;
  }
}

function sameInstruction(a: Instruction, b: Instruction): boolean {
  if (a.opcode !== b.opcode || a.typeId !== b.typeId || a.resultId !== b.resultId || a.operandCount !== b.operandCount) return false;
  for (let i = 0; i < a.operandCount; i++) if (a.word(i) !== b.word(i)) return false;
  return true;
}
