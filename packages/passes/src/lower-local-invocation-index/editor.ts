// Phase 4, the edits a lowering is made of: new input variables, the Private copy, each read
// replaced by its index expression, parameters that carried the pointer removed, DebugInfoNone
// for the debug description of a removed variable. Every edit goes through the module's
// mutation API.
import {
  BuiltIn,
  Decoration,
  Instruction,
  Op,
  StorageClass,
  addGlobalVariable,
  type Function as SpvFunction,
  type Module,
  type TypeManager,
  NonSemanticShaderDebugInfo100 as DebugInfo100,
} from '@spvkit/core';
import type { IndexVar, ParamAlias, RawSite, Site } from './findUses.js';
import { IndexExpressions, RESULT, TEMP } from './indexExpression.js';
import type { Flavor } from './plan.js';

export class Editor {
  private newLid = 0;
  private newWgs = 0;
  private readonly privates = new Map<IndexVar, number>();
  private readonly noneBySet = new Map<number, number>();
  private readonly expressions: IndexExpressions;

  constructor(
    private readonly module: Module,
    private readonly types: TypeManager,
    /** The integer type of the first index variable: the width of new LocalInvocationId / WorkgroupSize inputs. */
    private readonly indexType: number,
  ) {
    this.expressions = new IndexExpressions(module, types, { lidVar: (f) => this.lidVar(f), wgsVar: (f) => this.wgsVar(f) });
  }

  /** The LocalInvocationId variable of a flavor, creating the module's one when it has none. */
  lidVar(f: Flavor): number {
    if (f.lid !== 0) return f.lid;
    if (this.newLid === 0) this.newLid = this.builtinInput(BuiltIn.LocalInvocationId);
    return this.newLid;
  }

  /** The WorkgroupSize input variable of a flavor that reads one (kernels), created when absent. */
  wgsVar(f: Flavor): number {
    if (f.wgs > 0) return f.wgs;
    if (this.newWgs === 0) this.newWgs = this.builtinInput(BuiltIn.WorkgroupSize);
    return this.newWgs;
  }

  /** A new Input variable of a 3-vector of the index's integer width, decorated BuiltIn `builtIn`. */
  private builtinInput(builtIn: number): number {
    const width = this.types.intInfo(this.indexType)?.width ?? 32;
    const vec = this.types.vectorType(this.types.intType(width, false), 3);
    const ptr = this.types.pointerType(StorageClass.Input, vec);
    const id = addGlobalVariable(this.module, ptr, StorageClass.Input);
    // Before an OpLine that ends the section (a producer's line for the first type): that line
    // already belongs to the types section.
    const annotations = this.module.annotations;
    let at = annotations.length;
    while (at > 0 && (annotations[at - 1].opcode === Op.Line || annotations[at - 1].opcode === Op.NoLine)) at--;
    this.module.insert('annotations', [new Instruction(Op.Decorate, 0, 0, [id, Decoration.BuiltIn, builtIn])], at);
    return id;
  }

  /** The Private variable through which shared functions read `root`'s value. */
  privateVariable(root: IndexVar): number {
    let id = this.privates.get(root);
    if (id === undefined) {
      id = this.module.newId(); // before the pointer type's: the ids of the output stay as they were
      const ptr = this.types.pointerType(StorageClass.Private, root.typeId);
      this.module.insert('globals', [new Instruction(Op.Variable, ptr, id, [StorageClass.Private])]);
      this.privates.set(root, id);
    }
    return id;
  }

  /** Builds the template of `flavor` in `typeId` (and the globals it needs) now. */
  prepare(flavor: Flavor, typeId: number): void {
    this.expressions.template(flavor, typeId);
  }

  /** The instructions replacing a read of the index with the arithmetic of `flavor`. */
  lowerSite(site: Site, flavor: Flavor): Instruction[] {
    const e = this.expressions;
    if (site.inst.opcode === Op.Load) return e.instantiate(e.template(flavor, site.inst.typeId), site.inst.resultId);
    const value = this.module.newId();
    const out = e.instantiate(e.template(flavor, site.root.typeId), value);
    out.push(new Instruction(Op.Store, 0, 0, [site.inst.word(0), value]));
    return out;
  }

  /** A read of the Private copy instead of the input. */
  readPrivate(site: Site, priv: number): Instruction[] {
    if (site.inst.opcode === Op.Load) return [new Instruction(Op.Load, site.inst.typeId, site.inst.resultId, [priv])];
    const value = this.module.newId();
    return [new Instruction(Op.Load, site.root.typeId, value, [priv]), new Instruction(Op.Store, 0, 0, [site.inst.word(0), value])];
  }

  /** Computes the index at the start of an entry function (after its OpVariables) into the Private copy. */
  initializeAtEntry(fn: SpvFunction, root: IndexVar, priv: number, flavor: Flavor): void {
    const first = fn.blocks[0];
    let at = 0;
    first.instructions.forEach((inst, i) => {
      if (inst.opcode === Op.Variable) at = i + 1;
    });
    const value = this.module.newId();
    const e = this.expressions;
    const out = e.instantiate(e.template(flavor, root.typeId), value);
    out.push(new Instruction(Op.Store, 0, 0, [priv, value]));
    this.module.insert(first, out, at);
  }

  /**
   * The new function region: `words` with each read replaced, in place, by its arithmetic (so the
   * OpLine / DebugLine in effect there still covers it).
   */
  rewriteWords(words: Uint32Array, sites: readonly RawSite[], flavors: ReadonlyMap<number, Flavor>): Uint32Array {
    const templates = sites.map((s) => this.expressions.template(flavors.get(s.fnId)!, s.typeId));
    let size = words.length;
    sites.forEach((s, i) => (size += templates[i].words.length - s.wc));
    const out = new Uint32Array(size);
    const fresh = new Uint32Array(64);
    let src = 0;
    let dst = 0;
    sites.forEach((s, i) => {
      out.set(words.subarray(src, s.pos), dst);
      dst += s.pos - src;
      const t = templates[i];
      for (let k = 0; k < t.temps; k++) fresh[k] = this.module.newId();
      out.set(t.words, dst);
      for (const p of t.patches) {
        const v = t.words[p];
        out[dst + p] = v === RESULT ? s.resultId : fresh[v - TEMP];
      }
      dst += t.words.length;
      src = s.pos + s.wc;
    });
    out.set(words.subarray(src), dst);
    return out;
  }

  /**
   * Removes a parameter that only ever receives the index pointer: from the function, its type
   * and every call.
   */
  removeParameter(p: ParamAlias): void {
    const fnType = this.types.def(p.fn.definition.word(1));
    const position = p.fn.parameters.indexOf(p.param);
    if (fnType === undefined || fnType.opcode !== Op.TypeFunction || position < 0) return;
    const operands = Array.from(fnType.operands);
    operands.splice(1 + position, 1);
    this.module.setOperand(p.fn.definition, 1, this.types.functionType(operands[0], operands.slice(1)));
    this.module.remove(p.param);
    for (const fn of this.module.functions) {
      for (const block of fn.blocks) {
        for (const inst of block.instructions) {
          if (inst.opcode !== Op.FunctionCall || inst.word(0) !== p.fn.id) continue;
          const ops = Array.from(inst.operands);
          ops.splice(1 + position, 1);
          this.module.setOperands(inst, ops);
        }
      }
    }
  }

  /** A DebugInfoNone of the set of `user`, defined before it. */
  debugInfoNone(user: Instruction): number {
    const set = user.word(0);
    const cached = this.noneBySet.get(set);
    const globals = this.module.globals;
    const at = globals.indexOf(user);
    if (cached !== undefined && globals.findIndex((i) => i.resultId === cached) < at) return cached;
    const existing = globals.slice(0, at).find((i) => i.opcode === Op.ExtInst && i.word(0) === set && i.word(1) === DebugInfo100.DebugInfoNone);
    if (existing !== undefined) {
      this.noneBySet.set(set, existing.resultId);
      return existing.resultId;
    }
    const id = this.module.newId();
    this.module.insertBefore(user, [new Instruction(Op.ExtInst, user.typeId, id, [set, DebugInfo100.DebugInfoNone])]);
    this.noneBySet.set(set, id);
    return id;
  }
}
