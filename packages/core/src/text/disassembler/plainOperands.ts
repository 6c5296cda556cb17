import { knownOpcodes } from '../../grammar/shapes.js';
import { OperandClass, OperandQuantity, layoutCodes, opcodeLayout } from '../../words/operandLayout.js';

/** How the printer's plain path prints an operand of some class, if it does. */
export const PlainOperand = { None: 0, Id: 1, Integer: 2, String: 3, Enum: 4 } as const;

/**
 * Per {@link OperandClass}: how the plain path prints an operand of it. Ids, plain integers,
 * strings and enumerants (those without parameters: see `plainEnumerantText`) print as they are;
 * floats, numbers as wide as a type, pairs and the rest need what the operand walker knows.
 */
export const PLAIN_OPERAND: Uint8Array = /* @__PURE__ */ plainOperands();

function plainOperands(): Uint8Array {
  const kinds = new Uint8Array(OperandClass.BitsParameters + 1);
  kinds[OperandClass.Id] = kinds[OperandClass.Scope] = kinds[OperandClass.Semantics] = PlainOperand.Id;
  kinds[OperandClass.Integer] = PlainOperand.Integer;
  kinds[OperandClass.String] = PlainOperand.String;
  kinds[OperandClass.Value] = kinds[OperandClass.Bits] = kinds[OperandClass.ValueParameters] = kinds[OperandClass.BitsParameters] = PlainOperand.Enum;
  return kinds;
}

/**
 * Per opcode: 1 when an instruction of it may print on the plain path, its layout having no
 * required operand that path cannot print but among those it can (then an instruction whose
 * words those use up, and whose enumerants take no parameters, is printed without the walker).
 * That is nearly every instruction of a real module (arithmetic, loads and stores without memory
 * operands, access chains, calls, branches, names, variables, merges); asking this first spares
 * the others (OpExtInst, decorations, ...) a start on the plain path.
 */
export const printsPlainly: Uint8Array = /* @__PURE__ */ opcodesPrintingPlainly();

function opcodesPrintingPlainly(): Uint8Array {
  const plain = new Uint8Array(65536);
  for (const opcode of knownOpcodes()) {
    let slot = opcodeLayout[opcode];
    while (layoutCodes[slot] !== 0 && PLAIN_OPERAND[layoutCodes[slot] >>> 2] !== PlainOperand.None) slot++;
    // After the operands it prints, only optional ones.
    while (layoutCodes[slot] !== 0 && (layoutCodes[slot] & 3) !== OperandQuantity.One) slot++;
    plain[opcode] = layoutCodes[slot] === 0 ? 1 : 0;
  }
  return plain;
}
