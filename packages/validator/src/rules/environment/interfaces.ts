import { Op, StorageClass, opcodeName, definitionOf, type ModuleIndex } from '@spvkit/core';
import type { Reporter } from '../../report/Reporter.js';
import type { EntryPointTable } from './EntryPointTable.js';
import type { StaticUse } from './StaticUse.js';

/**
 * Entry point interfaces. Each interface id is an OpVariable; before SPIR-V 1.4 the list holds the
 * Input and Output variables only, and must hold every one the entry point's call tree uses; from
 * 1.4 it holds global variables only, each once, and must hold every global variable the call
 * tree uses (whatever its storage class).
 */
export function checkInterfaces(scan: ModuleIndex, reporter: Reporter, entryPoints: EntryPointTable, use: StaticUse): void {
  const { words, opcode } = scan;
  const spv14 = words[1] >= 0x10400;
  const listed = new Int32Array(scan.idLimit);
  for (let e = 0; e < entryPoints.count; e++) {
    const i = entryPoints.at[e];
    if (reporter.isFlagged(i)) continue;
    const fn = entryPoints.fn[e];
    for (let w = entryPoints.interfaceStart[e]; w < scan.end[i]; w++) {
      const id = words[w];
      const d = definitionOf(scan, id);
      if (d < 0) continue;
      if (opcode[d] !== Op.Variable) {
        const op = opcode[d];
        reporter.report(
          'spvkit-environment-interface-variable',
          i,
          (name) => `OpEntryPoint ${name(fn)}: interface ${name(id)} is an ${opcodeName(op) ?? `opcode ${op}`}, not an OpVariable`,
          [id, fn],
        );
        continue;
      }
      const storage = words[scan.operandStart[d]];
      if (spv14) {
        if (storage === StorageClass.Function) {
          reporter.report(
            'spvkit-environment-interface-global',
            i,
            (name) => `OpEntryPoint ${name(fn)}: interface ${name(id)} is a Function variable; from SPIR-V 1.4 the interfaces are global variables`,
            [id, fn],
          );
        } else if (listed[id] === e + 1) {
          reporter.report('spvkit-environment-interface-duplicate', i, (name) => `OpEntryPoint ${name(fn)}: interface ${name(id)} is listed more than once`, [
            id,
            fn,
          ]);
        }
      } else if (storage !== StorageClass.Input && storage !== StorageClass.Output) {
        reporter.report(
          'spvkit-environment-interface-storage-class',
          i,
          (name) => `OpEntryPoint ${name(fn)}: interface ${name(id)} is not an Input or Output variable; before SPIR-V 1.4 only those are listed`,
          [id, fn],
        );
      }
      listed[id] = e + 1;
    }
    for (let v = use.start[e]; v < use.start[e + 1]; v++) {
      const id = use.vars[v];
      if (listed[id] === e + 1) continue;
      const d = definitionOf(scan, id);
      const storage = words[scan.operandStart[d]];
      if (spv14 ? storage === StorageClass.Function : storage !== StorageClass.Input && storage !== StorageClass.Output) continue;
      reporter.report(
        'spvkit-environment-interface-missing',
        d,
        (name) => `${spv14 ? 'interface' : 'Input/Output'} variable ${name(id)} is used by entry point ${name(fn)}, but is not listed as an interface`,
        [id, fn],
      );
    }
  }
}
