import { Decoration, Op } from '@spvkit/core';
import type { Decorations, Instruction, Names } from '@spvkit/core';
import type { Refuser } from '../errors/Refuser.js';
import type { ExprContext } from '../expressions/ExprContext.js';
import { operatorExpression } from '../expressions/operators.js';
import type { Namer } from '../names/Namer.js';
import type { TypeTable } from '../types/TypeTable.js';
import type { WgslOverride, WgslSpecialized } from '../WgslResult.js';

const CONSTANT_OPS: ReadonlySet<number> = new Set([
  Op.Constant,
  Op.ConstantTrue,
  Op.ConstantFalse,
  Op.ConstantComposite,
  Op.ConstantNull,
  Op.SpecConstant,
  Op.SpecConstantTrue,
  Op.SpecConstantFalse,
  Op.SpecConstantComposite,
  Op.SpecConstantOp,
  Op.Undef,
]);

/**
 * The WGSL text of the module's constants: literals for scalars, constructors for composites,
 * `override` declarations with `@id(SpecId)` for scalar spec constants, and override-expressions
 * for spec-constant composites and OpSpecConstantOp (WGSL allows those wherever SPIR-V does).
 */
export class ConstantTable {
  private readonly text = new Map<number, string>();
  /** Spec-constant operations and composites as function bodies compute them (see ExprContext.runtime). */
  private readonly runtimeText = new Map<number, string>();
  /** Override id -> the private variable holding its value for function bodies. */
  private readonly runtimeCopies = new Map<number, string>();
  /** `override` declarations in module order, then the private copies function bodies read. */
  readonly declarations: string[] = [];
  readonly overrides: WgslOverride[] = [];
  /** Spec constants declared `const` at their default (see declareOverrides). */
  readonly specialized: WgslSpecialized[] = [];

  constructor(
    private readonly types: TypeTable,
    private readonly decorations: Decorations,
    private readonly names: Names,
    private readonly namer: Namer,
    private readonly refuser: Refuser,
  ) {}

  static isConstant(inst: Instruction): boolean {
    return CONSTANT_OPS.has(inst.opcode);
  }

  /**
   * Declares the overrides (call once, in module order, before anything reads a constant). The
   * spec constants in `fixed` (result id -> value) become `const` declarations instead: WGSL needs
   * their value where the shader is created (see specConstantsSizingBuffers).
   */
  declareOverrides(globals: readonly Instruction[], fixed: ReadonlyMap<number, number> = new Map()): void {
    const fixedNames = new Map<number, string>();
    for (const inst of globals) {
      if (inst.opcode !== Op.SpecConstant && inst.opcode !== Op.SpecConstantTrue && inst.opcode !== Op.SpecConstantFalse) continue;
      const specId = this.decorations.find(inst.resultId, Decoration.SpecId)?.[0];
      if (specId === undefined) continue;
      const type = this.types.wgsl(inst.typeId) as 'bool' | 'i32' | 'u32' | 'f32';
      const value = fixed.get(inst.resultId);
      if (value !== undefined) {
        let name = fixedNames.get(specId);
        if (name === undefined) {
          name = this.namer.name(this.names.name(inst.resultId), `spec${specId}`);
          fixedNames.set(specId, name);
          this.declarations.push(`const ${name}: ${type} = ${this.literal(inst)};`);
          this.specialized.push({ id: specId, name, value });
        }
        this.text.set(inst.resultId, name);
        continue;
      }
      // Spec constants sharing a SpecId are one value (glslang emits local_size_x_id's anew).
      const same = this.overrides.find((o) => o.id === specId);
      if (same !== undefined) {
        if (same.type !== type) throw this.refuser.error(`two spec constants of different types with SpecId ${specId}`, inst);
        this.text.set(inst.resultId, same.name);
        continue;
      }
      const name = this.namer.name(this.names.name(inst.resultId), `spec${specId}`);
      const literal = this.literal(inst);
      const def: number | boolean =
        inst.opcode === Op.SpecConstant
          ? type === 'f32'
            ? f32Of(inst.word(0))
            : type === 'i32'
              ? inst.word(0) | 0
              : inst.word(0)
          : inst.opcode === Op.SpecConstantTrue;
      this.declarations.push(`@id(${specId}) override ${name}: ${type} = ${literal};`);
      this.overrides.push({ id: specId, name, type, default: def });
      this.text.set(inst.resultId, name);
    }
  }

  /** The expression of constant `id` (undefined when `id` is not a constant). */
  expr(id: number, ctx: ExprContext): string | undefined {
    if (ctx.runtime === true) {
      const inst = this.types.def(id);
      if (inst.opcode === Op.SpecConstantOp || inst.opcode === Op.SpecConstantComposite) return this.runtimeExpr(inst, ctx);
    }
    const cached = this.text.get(id);
    if (cached !== undefined) return cached;
    const inst = this.types.def(id);
    if (!CONSTANT_OPS.has(inst.opcode)) return undefined;
    const text = this.render(inst, ctx);
    this.text.set(id, text);
    return text;
  }

  /** `inst` computed as the shader runs: its overrides read through private copies. */
  private runtimeExpr(inst: Instruction, ctx: ExprContext): string {
    const cached = this.runtimeText.get(inst.resultId);
    if (cached !== undefined) return cached;
    const runtime: ExprContext = {
      types: ctx.types,
      refuser: ctx.refuser,
      runtime: true,
      value: (id) => this.runtimeCopy(id) ?? ctx.value(id),
    };
    const text = this.render(inst, runtime);
    this.runtimeText.set(inst.resultId, text);
    return text;
  }

  /** The private copy of override `id`, declared on first use; undefined when `id` is no override. */
  private runtimeCopy(id: number): string | undefined {
    const name = this.text.get(id);
    const override = name === undefined ? undefined : this.overrides.find((o) => o.name === name);
    if (override === undefined) return undefined;
    let copy = this.runtimeCopies.get(override.id);
    if (copy === undefined) {
      copy = this.namer.name(`${override.name}_value`, `spec${override.id}_value`);
      this.runtimeCopies.set(override.id, copy);
      this.declarations.push(`var<private> ${copy}: ${override.type} = ${override.name};`);
    }
    return copy;
  }

  private render(inst: Instruction, ctx: ExprContext): string {
    switch (inst.opcode) {
      case Op.Constant:
      case Op.SpecConstant:
      case Op.SpecConstantTrue:
      case Op.SpecConstantFalse:
      case Op.ConstantTrue:
      case Op.ConstantFalse:
        return this.literal(inst);
      case Op.ConstantComposite:
      case Op.SpecConstantComposite:
        return `${this.types.wgsl(inst.typeId)}(${Array.from(inst.operands, (id) => ctx.value(id)).join(', ')})`;
      case Op.ConstantNull:
      case Op.Undef:
        return `${this.types.wgsl(inst.typeId)}()`;
      case Op.SpecConstantOp: {
        const op = inst.word(0);
        const expr = operatorExpression(ctx, inst, op, inst.typeId, Array.from(inst.operands).slice(1));
        if (expr === undefined) throw this.refuser.error('this OpSpecConstantOp operation', inst);
        return expr;
      }
      default:
        throw this.refuser.error('a constant', inst);
    }
  }

  /** A scalar constant's WGSL literal. */
  private literal(inst: Instruction): string {
    if (inst.opcode === Op.ConstantTrue || inst.opcode === Op.SpecConstantTrue) return 'true';
    if (inst.opcode === Op.ConstantFalse || inst.opcode === Op.SpecConstantFalse) return 'false';
    const type = this.types.def(inst.typeId);
    const word = inst.word(0);
    if (type.opcode === Op.TypeInt) {
      this.types.wgsl(inst.typeId);
      if (type.word(1) === 0) return `${word >>> 0}u`;
      const n = word | 0;
      // -2147483648i is unary minus on 2147483648i, which overflows i32: write it as a conversion.
      return n === -2147483648 ? 'i32(-2147483648)' : `${n}i`;
    }
    if (type.opcode === Op.TypeFloat) {
      this.types.wgsl(inst.typeId);
      const x = f32Of(word);
      if (!Number.isFinite(x)) throw this.refuser.error('an infinite or NaN float constant', inst, 'WGSL constant expressions must be finite');
      return f32Literal(x);
    }
    throw this.refuser.error('a constant of this type', inst);
  }
}

function f32Of(bits: number): number {
  return new Float32Array(new Uint32Array([bits]).buffer)[0];
}

/** The shortest decimal that reads back as the same f32, as a WGSL f32 literal. */
export function f32Literal(x: number): string {
  if (Object.is(x, -0)) return '-0.0f';
  for (let p = 1; p <= 9; p++) {
    const s = String(Number(x.toPrecision(p)));
    if (Math.fround(Number(s)) === x) return `${s}f`;
  }
  return `${String(x)}f`;
}
