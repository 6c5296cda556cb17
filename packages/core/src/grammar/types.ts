/**
 * Shapes of the grammar tables. The tables themselves are generated from the official JSON
 * grammars by `generate.mjs` in this folder; these types are the contract between the generator
 * and the rest of the toolkit.
 */

/** How many times an operand may appear: exactly once, optionally once, or zero or more times. */
export type Quantifier = '' | '?' | '*';

/** One operand slot of an instruction or of an enumerant's parameter list. */
export interface OperandSpec {
  /** Operand kind name as in the grammar, e.g. `IdRef`, `LiteralString`, `MemoryAccess`. */
  readonly kind: string;
  readonly quantifier: Quantifier;
  /** The grammar's name for the operand (quotes stripped), when it gives one. */
  readonly name?: string;
}

/** Version, capability and extension requirements shared by instructions and enumerants. */
export interface Availability {
  readonly capabilities: readonly string[];
  readonly extensions: readonly string[];
  /** Minimum SPIR-V version as `major.minor`, or `None` when only reachable via extensions/capabilities. */
  readonly version?: string;
  /** Last SPIR-V version in which it is valid. */
  readonly lastVersion?: string;
  readonly provisional?: boolean;
}

/** An instruction of the core grammar. */
export interface InstructionSpec extends Availability {
  readonly opname: string;
  readonly opcode: number;
  readonly class: string;
  readonly aliases: readonly string[];
  /** Operands in order, including IdResultType/IdResult when present. */
  readonly operands: readonly OperandSpec[];
  readonly hasResultType: boolean;
  readonly hasResult: boolean;
}

/** A named value of a ValueEnum or BitEnum operand kind. */
export interface EnumerantSpec extends Availability {
  readonly name: string;
  readonly value: number;
  readonly aliases: readonly string[];
  /** Operands that follow the enumerant when it is present (e.g. `Aligned` takes a LiteralInteger). */
  readonly parameters: readonly OperandSpec[];
}

export type OperandCategory = 'BitEnum' | 'ValueEnum' | 'Id' | 'Literal' | 'Composite';

/** An operand kind of the core grammar (or of an extended instruction set). */
export interface OperandKindSpec {
  readonly kind: string;
  readonly category: OperandCategory;
  /** For ValueEnum and BitEnum: every enumerant, in grammar order. */
  readonly enumerants?: readonly EnumerantSpec[];
  /** For Composite kinds: the kinds of the parts, in order. */
  readonly bases?: readonly string[];
  readonly doc?: string;
}

/** An instruction of an extended instruction set (used through OpExtInst). */
export interface ExtInstSpec {
  readonly opname: string;
  readonly opcode: number;
  /** Operands after the `Set` and `Instruction` operands of OpExtInst. */
  readonly operands: readonly OperandSpec[];
  readonly capabilities: readonly string[];
  readonly extensions: readonly string[];
}

/**
 * An extended instruction set as OpExtInstImport names it, without its instructions: what the
 * decoder keeps per import. Look its instructions up with `extInstOperands` (shapes),
 * `extInstName` (names) or `extInstByOpcode` / `extInstSetSpec` (full specs).
 */
export interface ExtInstSetInfo {
  /** The import name OpExtInstImport uses, e.g. `GLSL.std.450`, `NonSemantic.Shader.DebugInfo.100`. */
  readonly name: string;
  /** Source file stem, e.g. `glsl.std.450`. */
  readonly grammarFile: string;
  readonly version?: number;
  readonly revision?: number;
  /** True for sets whose import name must match exactly; false when any `name.N` version suffix is accepted. */
  readonly exactName: boolean;
}

/** An extended instruction set, as named by OpExtInstImport, with its instructions and operand kinds. */
export interface ExtInstSetSpec extends ExtInstSetInfo {
  readonly instructions: readonly ExtInstSpec[];
  /** Operand kinds the set defines itself (e.g. DebugInfo flags). */
  readonly operandKinds: readonly OperandKindSpec[];
}

/** A tool registered in spir-v.xml, for the header's generator word (upper 16 bits). */
export interface GeneratorSpec {
  readonly id: number;
  readonly vendor: string;
  readonly tool?: string;
}
