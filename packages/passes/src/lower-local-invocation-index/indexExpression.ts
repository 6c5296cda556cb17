// Phase 3, the index expression: LocalInvocationId.z * X * Y + LocalInvocationId.y * X +
// LocalInvocationId.x for a flavor's workgroup size (X, Y, Z), with sizes of 1 dropped, constants
// folded and spec-constant products made OpSpecConstantOps, emitted once per flavor and integer
// type as a word template that each read gets a copy of with fresh ids.
import { Instruction, InstructionWalker, Op, SpirvError, type Module, type TypeManager, type WorkgroupDim } from '@spvkit/core';
import { PASS_NAME } from './fail.js';
import type { Flavor } from './plan.js';

/** An integer expression over the invocation id and the workgroup size, built before it is emitted. */
type Expr =
  | { readonly k: 'const'; readonly v: bigint }
  | { readonly k: 'id'; readonly id: number }
  | { readonly k: 'lid'; readonly i: number }
  | { readonly k: 'wgs'; readonly i: number }
  | { readonly k: 'mul' | 'add'; readonly a: Expr; readonly b: Expr };

const isOne = (e: Expr): boolean => e.k === 'const' && e.v === 1n;
const isGlobal = (e: Expr): boolean => e.k === 'const' || e.k === 'id';

/**
 * The instructions computing the index for one flavor and type, as words, with placeholders for
 * the ids each copy gets fresh (TEMP + k) and for the result (RESULT). Built once, copied per read.
 */
export interface Template {
  readonly words: Uint32Array;
  /** Positions in `words` holding a placeholder. */
  readonly patches: Uint32Array;
  readonly temps: number;
}
export const TEMP = 0xfffff000;
export const RESULT = 0xffffffff;

/** The variables the expression reads, created by the editor when the module lacks them. */
export interface IndexInputs {
  /** The LocalInvocationId variable of a flavor. */
  lidVar(f: Flavor): number;
  /** The WorkgroupSize input variable of a flavor that reads one. */
  wgsVar(f: Flavor): number;
}

/** Builds and caches the index templates, declaring the constants and spec-constant ops they use. */
export class IndexExpressions {
  private readonly templates = new Map<string, Template>();
  private readonly specCache = new Map<string, number>();
  private readonly constCache = new Map<string, number>();

  constructor(
    private readonly module: Module,
    private readonly types: TypeManager,
    private readonly inputs: IndexInputs,
  ) {}

  private get ids() {
    return this.module.ids;
  }

  private width(typeId: number): number {
    return this.types.intInfo(typeId)?.width ?? 32;
  }

  private def(id: number): Instruction | undefined {
    return this.types.def(id);
  }

  private lidVar(f: Flavor): number {
    return this.inputs.lidVar(f);
  }

  private wgsVar(f: Flavor): number {
    return this.inputs.wgsVar(f);
  }

  /** A copy of a template as instructions, the last defining `resultId`. */
  instantiate(t: Template, resultId: number): Instruction[] {
    const w = t.words.slice();
    const fresh: number[] = [];
    for (let k = 0; k < t.temps; k++) fresh.push(this.ids.allocate());
    for (const p of t.patches) w[p] = w[p] === RESULT ? resultId : fresh[w[p] - TEMP];
    const out: Instruction[] = [];
    const walk = new InstructionWalker(w);
    while (walk.next()) out.push(new Instruction(walk.opcode, walk.typeId, walk.resultId, w.subarray(walk.operandStart, walk.end)));
    return out;
  }

  /** The template of the index for `flavor` in type `typeId`: sizes of 1 dropped, constants folded. */
  template(flavor: Flavor, typeId: number): Template {
    const key = `${flavor.key}:${typeId}`;
    const cached = this.templates.get(key);
    if (cached !== undefined) return cached;
    const [X, Y, Z] = flavor.size.dims.map((d) => this.dimExpr(d, typeId)) as [Expr, Expr, Expr];
    const mask = (1n << BigInt(this.width(typeId))) - 1n;
    const product = (a: Expr, b: Expr): Expr => {
      if (a.k === 'const' && b.k === 'const') return { k: 'const', v: (a.v * b.v) & mask };
      if (isOne(a)) return b;
      if (isOne(b)) return a;
      if (isGlobal(a) && isGlobal(b)) return { k: 'id', id: this.specMul(typeId, a, b) };
      return { k: 'mul', a, b };
    };
    const terms: Expr[] = [];
    // A dimension of size 1 has id component 0: its term is dropped.
    if (!isOne(Z)) terms.push(product({ k: 'lid', i: 2 }, product(X, Y)));
    if (!isOne(Y)) terms.push(product({ k: 'lid', i: 1 }, X));
    if (!isOne(X)) terms.push({ k: 'lid', i: 0 });
    const e = terms.length === 0 ? ({ k: 'const', v: 0n } as Expr) : terms.reduce((a, b) => ({ k: 'add', a, b }));
    const t = this.emit(e, flavor, typeId);
    this.templates.set(key, t);
    return t;
  }

  private dimExpr(d: WorkgroupDim, typeId: number): Expr {
    switch (d.kind) {
      case 'const':
        return { k: 'const', v: d.value & ((1n << BigInt(this.width(typeId))) - 1n) };
      case 'spec':
        return { k: 'id', id: this.specOfWidth(d.id, d.typeId, typeId) };
      case 'extract': {
        const key = `x${d.composite}.${d.index}`;
        let id = this.specCache.get(key);
        if (id === undefined) {
          id = this.specOp(d.typeId, [Op.CompositeExtract, d.composite, d.index]);
          this.specCache.set(key, id);
        }
        return { k: 'id', id: this.specOfWidth(id, d.typeId, typeId) };
      }
      case 'input':
        return { k: 'wgs', i: d.index };
    }
  }

  /** A spec constant `id` of type `from`, as a spec constant as wide as `to`. */
  private specOfWidth(id: number, from: number, to: number): number {
    const w = this.width(to);
    if (this.width(from) === w) return id;
    const key = `w${id}:${w}`;
    let out = this.specCache.get(key);
    if (out === undefined) {
      out = this.specOp(this.types.intType(w, false), [Op.UConvert, id]);
      this.specCache.set(key, out);
    }
    return out;
  }

  /** `a * b` as an OpSpecConstantOp, so specializing the sizes keeps it right. */
  private specMul(typeId: number, a: Expr, b: Expr): number {
    const ia = this.globalId(a, typeId);
    const ib = this.globalId(b, typeId);
    const key = `m${typeId}:${ia}*${ib}`;
    let id = this.specCache.get(key);
    if (id === undefined) {
      id = this.specOp(typeId, [Op.IMul, ia, ib]);
      this.specCache.set(key, id);
    }
    return id;
  }

  private specOp(typeId: number, operands: number[]): number {
    const id = this.module.newId();
    this.module.insert('globals', [new Instruction(Op.SpecConstantOp, typeId, id, operands)]);
    return id;
  }

  private constant(typeId: number, v: bigint): number {
    const key = `${typeId}:${v}`;
    let id = this.constCache.get(key);
    if (id === undefined) {
      const words = this.width(typeId) > 32 ? [Number(v & 0xffffffffn), Number(v >> 32n)] : [Number(v)];
      id = this.types.constant(Op.Constant, typeId, words);
      this.constCache.set(key, id);
    }
    return id;
  }

  private globalId(e: Expr, typeId: number): number {
    if (e.k === 'const') return this.constant(typeId, e.v);
    if (e.k === 'id') return e.id;
    throw new SpirvError('PASS_FAILED', `${PASS_NAME}: internal error: a product of run-time values is not a module-level value`);
  }

  /** Emits `e` as a template whose last instruction defines the result, of type `typeId`. */
  private emit(e: Expr, flavor: Flavor, typeId: number): Template {
    const words: number[] = [];
    let temps = 0;
    const tmp = (): number => TEMP + temps++;
    const push = (opcode: number, type: number, result: number, operands: number[]): void => {
      words.push(((3 + operands.length) << 16) | opcode, type, result, ...operands);
    };
    const loaded = new Map<number, number>();
    const vectorOf = (variable: number): { value: number; component: number } => {
      const vec = this.def(this.def(this.def(variable)!.typeId)!.word(1))!;
      let value = loaded.get(variable);
      if (value === undefined) {
        value = tmp();
        push(Op.Load, vec.resultId, value, [variable]);
        loaded.set(variable, value);
      }
      return { value, component: vec.word(0) };
    };
    const component = (variable: number, i: number, result: number | undefined): number => {
      const { value, component } = vectorOf(variable);
      if (result !== undefined && component === typeId) {
        push(Op.CompositeExtract, component, result, [value, i]);
        return result;
      }
      const x = tmp();
      push(Op.CompositeExtract, component, x, [value, i]);
      if (this.width(component) === this.width(typeId)) {
        // Integer arithmetic takes operands of either signedness; only the result needs the exact type.
        if (result === undefined) return x;
        push(Op.Bitcast, typeId, result, [x]);
        return result;
      }
      const unsigned = this.types.intType(this.width(typeId), false);
      if (unsigned === typeId || result === undefined) {
        const id = unsigned === typeId && result !== undefined ? result : tmp();
        push(Op.UConvert, unsigned, id, [x]);
        return id;
      }
      const y = tmp();
      push(Op.UConvert, unsigned, y, [x]);
      push(Op.Bitcast, typeId, result, [y]);
      return result;
    };
    const visit = (x: Expr, result: number | undefined): number => {
      switch (x.k) {
        case 'const':
        case 'id': {
          const id = this.globalId(x, typeId);
          if (result === undefined) return id;
          push(this.def(id)?.typeId === typeId ? Op.CopyObject : Op.Bitcast, typeId, result, [id]);
          return result;
        }
        case 'lid':
          return component(this.lidVar(flavor), x.i, result);
        case 'wgs':
          return component(this.wgsVar(flavor), x.i, result);
        case 'mul':
        case 'add': {
          const a = visit(x.a, undefined);
          const b = visit(x.b, undefined);
          const id = result ?? tmp();
          push(x.k === 'mul' ? Op.IMul : Op.IAdd, typeId, id, [a, b]);
          return id;
        }
      }
    };
    visit(e, RESULT);
    const patches: number[] = [];
    words.forEach((w, i) => {
      if (w >>> 0 >= TEMP) patches.push(i);
    });
    return { words: Uint32Array.from(words), patches: Uint32Array.from(patches), temps };
  }
}
