import { Capability, ExecutionModel, Op, enumerantRequirements, definitionOf, type ModuleIndex } from '@spvkit/core';

/**
 * The module's OpEntryPoints in flat arrays, indexed by entry point number (binary order), read
 * once for every rule of the environment family.
 */
export interface EntryPointTable {
  /** How many OpEntryPoints the module has. */
  readonly count: number;
  /** Instruction number of each OpEntryPoint. */
  readonly at: Int32Array;
  /** Each one's execution model. */
  readonly model: Uint32Array;
  /** Each one's function id (as written, whether or not it names an OpFunction). */
  readonly fn: Uint32Array;
  /** Word index of each one's first interface id (its interfaces run to the instruction's end). */
  readonly interfaceStart: Int32Array;
  /** Per id: the entry points whose function it is, as a bit set over the execution models (see {@link modelBit}). 0: no entry point. */
  readonly modelsOf: (fn: number) => number;
  /** Whether the module declares capability Shader, itself or through one depending on it (spirv-val checks the shader models' modes only then). */
  readonly shader: boolean;
  /** Whether the module declares MeshShadingNV or MeshShadingEXT (the mesh models accept LocalSize, OutputVertices, ... only then). */
  readonly meshNV: boolean;
  readonly meshEXT: boolean;
  /** Every capability the module declares, with those the declared ones depend on. */
  readonly capabilities: ReadonlySet<number>;
}

/** The bit of an execution model in {@link EntryPointTable.modelsOf}'s sets (the models past 31 share the last bit). */
export function modelBit(model: number): number {
  switch (model) {
    case ExecutionModel.TaskNV:
      return 1 << 8;
    case ExecutionModel.MeshNV:
      return 1 << 9;
    case ExecutionModel.TaskEXT:
      return 1 << 10;
    case ExecutionModel.MeshEXT:
      return 1 << 11;
    default:
      return model < 8 ? 1 << model : 1 << 30;
  }
}

/** Reads the module's entry points (the word after a name string is where its interfaces start). */
export function readEntryPoints(scan: ModuleIndex): EntryPointTable {
  const { count, opcode, words } = scan;
  const list: number[] = [];
  const capabilities: number[] = [];
  for (let i = 0; i < count; i++) {
    const op = opcode[i];
    if (op === Op.EntryPoint) list.push(i);
    else if (op === Op.Capability && scan.end[i] > scan.operandStart[i]) capabilities.push(words[scan.operandStart[i]]);
    else if (op === Op.Function) break;
  }
  // A capability declares the ones it depends on (MeshShadingEXT declares Shader), as spirv-val counts them.
  const declared = new Set<number>();
  while (capabilities.length > 0) {
    const c = capabilities.pop()!;
    if (declared.has(c)) continue;
    declared.add(c);
    for (const implied of enumerantRequirements('Capability', c)?.capabilities ?? []) capabilities.push(implied);
  }
  const shader = declared.has(Capability.Shader);
  const meshNV = declared.has(Capability.MeshShadingNV);
  const meshEXT = declared.has(Capability.MeshShadingEXT);
  const n = list.length;
  const at = Int32Array.from(list);
  const model = new Uint32Array(n);
  const fn = new Uint32Array(n);
  const interfaceStart = new Int32Array(n);
  const models = new Map<number, number>();
  for (let k = 0; k < n; k++) {
    const i = at[k];
    const s = scan.operandStart[i];
    const e = scan.end[i];
    model[k] = s < e ? words[s] : 0;
    fn[k] = s + 1 < e ? words[s + 1] : 0;
    // The name: words up to and including the one whose last byte is 0.
    let w = s + 2;
    while (w < e && words[w] >>> 24 !== 0) w++;
    interfaceStart[k] = Math.min(w + 1, e);
    models.set(fn[k], (models.get(fn[k]) ?? 0) | modelBit(model[k]));
  }
  return { count: n, at, model, fn, interfaceStart, modelsOf: (f) => models.get(f) ?? 0, shader, meshNV, meshEXT, capabilities: declared };
}

/** The OpFunction instruction of function id `fn`, or -1 where `fn` names no function. */
export function functionDefinition(scan: ModuleIndex, fn: number): number {
  const d = definitionOf(scan, fn);
  return d >= 0 && scan.opcode[d] === Op.Function ? d : -1;
}
