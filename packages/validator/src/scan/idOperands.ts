import {
  definitionOf,
  type ModuleIndex,
  Op,
  enumHasParameters,
  extInstSetByName,
  instructionAt,
  instructionOperands,
  isIdKind,
  operandCategory,
  walkOperands,
  type ExtInstSetInfo,
  type OperandContext,
} from '@spvkit/core';
import { readString } from './readString.js';

/** Every operand after the result is an id. */
const ALL_IDS = 0x8000;
/** Not computed yet. */
const UNKNOWN = 0xffff;
/** The operands must be walked through the grammar (optional enums with parameters, literals between ids, ...). */
const WALK = 0x7fff;

/**
 * Per opcode, how its id operands are found: {@link ALL_IDS}, {@link WALK}, or the number of
 * leading operands that are ids when no later operand can be one. Computed on first sight of the
 * opcode from the grammar, so the common instructions (arithmetic, access chains, branches) are
 * read straight from their words.
 */
const layouts = new Uint16Array(65536).fill(UNKNOWN);
/** For {@link WALK} opcodes: how many leading operands are always ids (an OpLoad without memory operands needs no walk). */
const walkLeading = new Uint16Array(65536);

function layoutOf(opcode: number): number {
  const specs = instructionOperands(opcode);
  if (specs === undefined) return WALK;
  let i = 0;
  while (i < specs.length && (specs[i].kind === 'IdResultType' || specs[i].kind === 'IdResult')) i++;
  let leading = 0;
  while (i < specs.length && specs[i].quantifier === '' && isIdKind(specs[i].kind)) {
    leading++;
    i++;
  }
  if (i === specs.length) return leading;
  let allIds = true;
  let noIds = true;
  for (let k = i; k < specs.length; k++) {
    const kind = specs[k].kind;
    const category = operandCategory(kind);
    if (category === 'Id') noIds = false;
    else allIds = false;
    // OpSpecConstantOp's opcode literal brings the operands of that opcode, ids among them.
    if (kind === 'LiteralSpecConstantOpInteger') noIds = false;
    if (category === 'Composite' || category === undefined || ((category === 'BitEnum' || category === 'ValueEnum') && enumHasParameters(kind))) noIds = false;
  }
  if (allIds) return ALL_IDS;
  if (noIds) return leading;
  walkLeading[opcode] = leading;
  return WALK;
}

/**
 * The operand context the grammar walk needs (literal widths, result types, ext-inst sets), read
 * from the scan instead of built up instruction by instruction.
 */
export class ScanOperandContext implements OperandContext {
  private readonly sets = new Map<number, ExtInstSetInfo | undefined>();
  constructor(private readonly scan: ModuleIndex) {}

  typeWidth(typeId: number): number {
    const d = definitionOf(this.scan, typeId);
    if (d < 0) return 0;
    const op = this.scan.opcode[d];
    return op === Op.TypeInt || op === Op.TypeFloat ? this.scan.words[this.scan.operandStart[d]] : 0;
  }

  typeOf(id: number): number {
    const d = definitionOf(this.scan, id);
    return d < 0 ? 0 : this.scan.typeId[d];
  }

  extInstSet(id: number): ExtInstSetInfo | undefined {
    if (this.sets.has(id)) return this.sets.get(id);
    const d = definitionOf(this.scan, id);
    const set =
      d >= 0 && this.scan.opcode[d] === Op.ExtInstImport
        ? extInstSetByName(readString(this.scan.words, this.scan.operandStart[d], this.scan.end[d]) ?? '')
        : undefined;
    this.sets.set(id, set);
    return set;
  }
}

/**
 * Finds the id operands of instructions, writing the word index of each into a scratch array:
 * no allocation for the instructions read straight from their words.
 */
export class IdOperands {
  /** Word indexes of the id operands found by the last {@link find}. */
  readonly at: Int32Array;
  private readonly context: ScanOperandContext;
  /** Id operand positions of the instructions that needed the grammar walk, by instruction number. */
  private readonly walked = new Map<number, Int32Array>();

  constructor(private readonly scan: ModuleIndex) {
    this.context = new ScanOperandContext(scan);
    // As long as the module's longest operand list, not the 65,535 words an instruction may have:
    // a fresh 256 KB per module was most of the garbage collection of a folder's validation.
    let longest = 0;
    for (let i = 0; i < scan.count; i++) longest = Math.max(longest, scan.end[i] - scan.operandStart[i]);
    this.at = new Int32Array(longest);
  }

  /** Finds the id operands of instruction `i` (result type and result id excluded); returns how many. */
  find(i: number): number {
    const scan = this.scan;
    const op = scan.opcode[i];
    let layout = layouts[op];
    if (layout === UNKNOWN) layout = layouts[op] = layoutOf(op);
    const start = scan.operandStart[i];
    const end = scan.end[i];
    const at = this.at;
    if (layout === ALL_IDS) {
      for (let w = start; w < end; w++) at[w - start] = w;
      return end - start;
    }
    if (layout !== WALK || end - start <= walkLeading[op]) {
      const n = Math.min(layout === WALK ? walkLeading[op] : layout, end - start);
      for (let k = 0; k < n; k++) at[k] = start + k;
      return n;
    }
    if (op === Op.ExtInst && end - start >= 2 && scan.idOnlySets.has(scan.words[start])) {
      // The set, then (after the instruction number) ids only.
      at[0] = start;
      for (let w = start + 2; w < end; w++) at[w - start - 1] = w;
      return end - start - 1;
    }
    // The grammar walk allocates; its result is kept for the next family that asks.
    const known = this.walked.get(i);
    if (known !== undefined) {
      at.set(known);
      return known.length;
    }
    let n = 0;
    const inst = instructionAt(scan.words, scan.pos[i], end - scan.pos[i]);
    walkOperands(inst, this.context, (kind, s, count) => {
      if (kind === 'IdRef' || kind === 'IdScope' || kind === 'IdMemorySemantics') for (let k = 0; k < count; k++) at[n++] = start + s + k;
    });
    this.walked.set(i, at.slice(0, n));
    return n;
  }
}
