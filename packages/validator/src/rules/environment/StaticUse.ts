import { Op, definitionOf, type IdOperandWalker, type ModuleIndex, type BlockStructure } from '@spvkit/core';
import { functionDefinition, type EntryPointTable } from './EntryPointTable.js';

/**
 * The global variables each entry point statically uses: those named by an instruction of a
 * function in its call tree (reached through OpFunctionCall, from the entry point's function),
 * whether or not that instruction is ever executed. This is what SPIR-V 1.4's interface lists
 * must hold, and what Vulkan's per-entry-point rules (one push constant block, descriptor
 * decorations) count.
 *
 * Built in one walk over the function bodies plus one walk of each call tree, in typed arrays:
 * per entry point `k`, its variables are `vars[start[k] .. start[k + 1])`, each once.
 */
export class StaticUse {
  readonly start: Int32Array;
  readonly vars: Int32Array;

  constructor(scan: ModuleIndex, structure: BlockStructure, ids: IdOperandWalker, entryPoints: EntryPointTable) {
    const functions = structure.functionBlocks.length;
    // Per function: the global variables and the functions it names, each once (stamped by function).
    const varStamp = new Int32Array(scan.idLimit);
    const callStamp = new Int32Array(functions);
    const fnVarStart = new Int32Array(functions + 1);
    const fnVars: number[] = [];
    const fnCallStart = new Int32Array(functions + 1);
    const fnCalls: number[] = [];
    const { opcode, words, functionOf } = { opcode: scan.opcode, words: scan.words, functionOf: structure.functionOf };
    let current = -1;
    for (let i = 0; i < scan.count; i++) {
      const f = functionOf[i];
      if (f < 0) continue;
      if (f !== current) {
        // Functions are contiguous in binary order; close the ones passed.
        for (let g = current + 1; g <= f; g++) {
          fnVarStart[g] = fnVars.length;
          fnCallStart[g] = fnCalls.length;
        }
        current = f;
      }
      const n = ids.collectOperands(words, scan.pos[i], scan.end[i] - scan.pos[i]);
      for (let k = 0; k < n; k++) {
        const id = words[ids.found[k]];
        const d = definitionOf(scan, id);
        if (d < 0) continue;
        const op = opcode[d];
        if (op === Op.Variable && functionOf[d] < 0) {
          if (varStamp[id] !== f + 1) {
            varStamp[id] = f + 1;
            fnVars.push(id);
          }
        } else if (op === Op.Function && opcode[i] === Op.FunctionCall) {
          const g = functionOf[d];
          if (g >= 0 && callStamp[g] !== f + 1) {
            callStamp[g] = f + 1;
            fnCalls.push(g);
          }
        }
      }
    }
    for (let g = current + 1; g <= functions; g++) {
      fnVarStart[g] = fnVars.length;
      fnCallStart[g] = fnCalls.length;
    }
    // Per entry point: walk its call tree, gathering the variables of every function reached.
    varStamp.fill(0);
    const reached = new Int32Array(functions);
    const stack = new Int32Array(functions);
    const start = new Int32Array(entryPoints.count + 1);
    const vars: number[] = [];
    for (let e = 0; e < entryPoints.count; e++) {
      start[e] = vars.length;
      const d = functionDefinition(scan, entryPoints.fn[e]);
      const root = d < 0 ? -1 : functionOf[d];
      if (root < 0) continue;
      let top = 0;
      stack[top++] = root;
      reached[root] = e + 1;
      while (top > 0) {
        const f = stack[--top];
        for (let v = fnVarStart[f]; v < fnVarStart[f + 1]; v++) {
          const id = fnVars[v];
          if (varStamp[id] !== e + 1) {
            varStamp[id] = e + 1;
            vars.push(id);
          }
        }
        for (let c = fnCallStart[f]; c < fnCallStart[f + 1]; c++) {
          const g = fnCalls[c];
          if (reached[g] !== e + 1) {
            reached[g] = e + 1;
            stack[top++] = g;
          }
        }
      }
    }
    start[entryPoints.count] = vars.length;
    this.start = start;
    this.vars = Int32Array.from(vars);
  }
}
