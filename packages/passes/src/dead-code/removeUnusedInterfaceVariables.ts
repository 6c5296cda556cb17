import { forEachKept, Op, StorageClass, UNCHANGED, decodeLiteralString, literalStringWordCount, makeVersion, type Instruction, type Pass } from '@spvkit/core';
import { bodyEdits, functionSpans } from '../words/bodyWords.js';
import { IdOperands } from '../words/idOperands.js';
import { PRESERVED_BY_GLOBAL_EDITS } from './removeUnusedGlobals.js';

/**
 * `remove-unused-interface-variables`: makes each entry point's interface list exactly the
 * variables its call tree references, as spirv-opt's pass of that name: from SPIR-V 1.4 every
 * module-scope variable it uses, before 1.4 its `Input` and `Output` variables; `OpVariable` and
 * `OpUntypedVariableKHR` alike. Unused and
 * repeated entries go; missing ones are added after the others. The variables themselves stay
 * (`eliminate-dead-variables` removes them once nothing references them). Reads the bodies as
 * words, never decoding them.
 */
export const removeUnusedInterfaceVariables: Pass = {
  name: 'remove-unused-interface-variables',
  description: "make each entry point's interface the variables its call tree uses (all globals from SPIR-V 1.4, Input/Output before)",
  // Edits only OpEntryPoint operands, through the module.
  preserves: PRESERVED_BY_GLOBAL_EDITS,
  run(module) {
    if (module.entryPoints.length === 0) return UNCHANGED;
    const everyStorage = module.header.version >= makeVersion(1, 4);
    const listed = new Set<number>();
    for (const inst of module.globals) {
      // An OpUntypedVariableKHR (SPV_KHR_untyped_pointers) is a variable too, its storage class
      // in the same operand: left out, its entries would go although the entry point uses it.
      if (inst.opcode !== Op.Variable && inst.opcode !== Op.UntypedVariableKHR) continue;
      const storage = inst.word(0);
      if (storage !== StorageClass.Function && (everyStorage || storage === StorageClass.Input || storage === StorageClass.Output)) listed.add(inst.resultId);
    }
    const bodies = bodyEdits(module);
    const words = bodies.words;
    const ids = new IdOperands(module, words.length);
    const used = new Map<number, number[]>();
    const calls = new Map<number, readonly number[]>();
    for (const span of functionSpans(module, bodies)) {
      const vars: number[] = [];
      const seen = new Set<number>();
      forEachKept(bodies, span.definition, span.end, (pos, end) => {
        const op = words[pos] & 0xffff;
        if (op === Op.Function || op === Op.FunctionParameter) return;
        ids.visit(words, pos, end - pos, (i) => {
          const id = words[i];
          if (listed.has(id) && !seen.has(id)) {
            seen.add(id);
            vars.push(id);
          }
        });
      });
      used.set(span.id, vars);
      calls.set(span.id, span.calls);
    }
    const edits: { ep: Instruction; operands: number[] }[] = [];
    for (const ep of module.entryPoints) {
      const wanted: number[] = [];
      const wantedSet = new Set<number>();
      const visited = new Set<number>();
      const queue = [ep.word(1)];
      for (let q = 0; q < queue.length; q++) {
        const fn = queue[q];
        if (visited.has(fn)) continue;
        visited.add(fn);
        for (const v of used.get(fn) ?? []) {
          if (!wantedSet.has(v)) {
            wantedSet.add(v);
            wanted.push(v);
          }
        }
        for (const c of calls.get(fn) ?? []) queue.push(c);
      }
      const start = 2 + literalStringWordCount(decodeLiteralString(ep.operands, 2, ep.operandCount).value);
      const old = Array.from(ep.operands.subarray(start));
      const kept = old.filter((v, i) => wantedSet.has(v) && old.indexOf(v) === i);
      const added = wanted.filter((v) => !kept.includes(v));
      if (kept.length === old.length && added.length === 0) continue;
      edits.push({ ep, operands: [...ep.operands.subarray(0, start), ...kept, ...added] });
    }
    if (edits.length === 0) return UNCHANGED;
    for (const { ep, operands } of edits) module.setOperands(ep, operands);
    return { changed: true, diagnostics: [] };
  },
};
