import { describe, expect, it } from 'vitest';
import { assemble } from '../text/assembler/assemble.js';
import { SpirvError } from '../errors/SpirvError.js';
import type { Analysis, Module } from '../ir/Module.js';
import type { Pass } from './Pass.js';
import { PassRegistry } from './PassRegistry.js';
import { runPasses } from './runPasses.js';
import { Instruction } from '../ir/Instruction.js';
import { Op } from '../grammar/index.js';
import { DefUseAnalysis } from '../analysis/DefUse.js';
import { TypesAnalysis } from '../analysis/TypeManager.js';

const text = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %main "main"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd`;

const load = (): Module => assemble(text);

/** A pass that records when it ran and changes the module when asked to. */
function recorder(name: string, log: string[], change: boolean, preserves?: readonly Analysis<unknown>[]): Pass {
  return {
    name,
    ...(preserves ? { preserves } : {}),
    run(module) {
      log.push(name);
      if (change) module.debugNames = [];
      return { changed: change, diagnostics: [] };
    },
  };
}

function validatorInto(log: string[], fail = false): Pass {
  return {
    name: 'check',
    run() {
      log.push('check');
      return { changed: false, diagnostics: fail ? [{ severity: 'error', message: 'invalid' }] : [] };
    },
  };
}

describe('runPasses', () => {
  it('runs passes in order and stops at the first error', () => {
    const log: string[] = [];
    const erring: Pass = { name: 'err', run: () => (log.push('err'), { changed: false, diagnostics: [{ severity: 'error', message: 'no' }] }) };
    const r = runPasses(load(), [recorder('a', log, false), erring, recorder('b', log, false)]);
    expect(log).toEqual(['a', 'err']);
    expect(r.ok).toBe(false);
    expect(r.diagnostics[0]).toMatchObject({ pass: 'err', message: 'no' });
  });

  it("validate 'end' checks the final module once, also when no pass changed it", () => {
    const log: string[] = [];
    expect(runPasses(load(), [recorder('a', log, false), recorder('b', log, false)], { validate: 'end', validator: validatorInto(log) }).ok).toBe(true);
    expect(log).toEqual(['a', 'b', 'check']);
    log.length = 0;
    runPasses(load(), [recorder('a', log, true), recorder('b', log, true)], { validate: 'end', validator: validatorInto(log) });
    expect(log).toEqual(['a', 'b', 'check']);
    log.length = 0;
    runPasses(load(), [], { validate: 'end', validator: validatorInto(log) });
    expect(log).toEqual(['check']);
  });

  it("validate 'each' checks after every change, and the final module when nothing changed", () => {
    const log: string[] = [];
    runPasses(load(), [recorder('a', log, true), recorder('b', log, false), recorder('c', log, true)], { validate: 'each', validator: validatorInto(log) });
    expect(log).toEqual(['a', 'check', 'b', 'c', 'check']);
    log.length = 0;
    runPasses(load(), [recorder('a', log, false)], { validate: 'each', validator: validatorInto(log) });
    expect(log).toEqual(['a', 'check']);
  });

  it('a failing validation stops the run and is not ok', () => {
    const log: string[] = [];
    const r = runPasses(load(), [recorder('a', log, true), recorder('b', log, true)], { validate: 'each', validator: validatorInto(log, true) });
    expect(log).toEqual(['a', 'check']);
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toEqual([expect.objectContaining({ pass: 'check', message: 'invalid' })]);
  });

  it('looks the validator up by name, and asks for one when validating without it', () => {
    const registry = new PassRegistry();
    const log: string[] = [];
    registry.register('my-validator', () => validatorInto(log));
    runPasses(load(), [], { validate: 'end', validator: 'my-validator', registry });
    expect(log).toEqual(['check']);
    expect(() => runPasses(load(), [], { validate: 'end', registry })).toThrow(/validate: 'end' needs a validator/);
  });

  it('turns a thrown SpirvError into a diagnostic, and any other throw into PASS_CRASHED', () => {
    const refusing: Pass = {
      name: 'refuse',
      run: () => {
        throw new SpirvError('PASS_FAILED', 'cannot lower this');
      },
    };
    const r1 = runPasses(load(), [refusing]);
    expect(r1.ok).toBe(false);
    expect(r1.diagnostics[0]).toMatchObject({ severity: 'error', code: 'PASS_FAILED', pass: 'refuse', message: 'cannot lower this' });
    const buggy: Pass = {
      name: 'buggy',
      run: () => {
        throw new TypeError("reading 'x' of undefined");
      },
    };
    const r2 = runPasses(load(), [buggy]);
    expect(r2.ok).toBe(false);
    expect(r2.diagnostics[0]).toMatchObject({ severity: 'error', code: 'PASS_CRASHED', pass: 'buggy' });
    expect(r2.diagnostics[0].message).toMatch(/^internal error in pass 'buggy': reading 'x' of undefined/);
  });

  it('drops cached analyses a changing pass does not preserve, and keeps those it does', () => {
    let builds = 0;
    // Survives any edit by itself (update says so), so only the pass manager drops it.
    const counted: Analysis<number> = { name: 'counted', build: () => ++builds, update: () => true };
    const module = load();
    module.analysis(counted);
    runPasses(module, [recorder('keeps', [], true, [counted])]);
    module.analysis(counted);
    expect(builds).toBe(1);
    runPasses(module, [recorder('drops', [], true)]);
    module.analysis(counted);
    expect(builds).toBe(2);
  });

  describe('checkConsistency', () => {
    // Adds `OpConstant %uint 42` either through the module (analyses follow) or by array surgery.
    const adder = (name: string, how: 'api' | 'surgery', preserves: readonly Analysis<unknown>[]): Pass => ({
      name,
      preserves,
      run(module) {
        const uint = module.analysis(TypesAnalysis).intType(32, false);
        const inst = new Instruction(Op.Constant, uint, module.newId(), [42]);
        if (how === 'api') module.insert('globals', [inst]);
        else module.globals.push(inst);
        return { changed: true, diagnostics: [] };
      },
    });

    it('names a pass whose preserves lied', () => {
      const r = runPasses(load(), [adder('liar', 'surgery', [DefUseAnalysis])], { checkConsistency: true });
      expect(r.ok).toBe(false);
      expect(r.diagnostics[0]).toMatchObject({ severity: 'error', code: 'INCONSISTENT_ANALYSIS', pass: 'liar' });
      expect(r.diagnostics[0].message).toMatch(/it lists 'def-use' in preserves, but its edits left that analysis stale/);
    });

    it('passes a pass that edits through the module and preserves what it kept', () => {
      const r = runPasses(load(), [adder('honest', 'api', [DefUseAnalysis, TypesAnalysis])], { checkConsistency: true });
      expect(r.diagnostics).toEqual([]);
      expect(r.ok).toBe(true);
    });

    it('catches a pass that says it changed nothing but did, behind the cached analyses', () => {
      const module = load();
      module.analysis(DefUseAnalysis);
      const sneaky: Pass = {
        name: 'sneaky',
        run(m) {
          m.globals.push(new Instruction(Op.TypeBool, 0, m.newId()));
          return { changed: false, diagnostics: [] };
        },
      };
      const r = runPasses(module, [sneaky], { checkConsistency: true });
      expect(r.diagnostics[0]).toMatchObject({ code: 'INCONSISTENT_ANALYSIS', pass: 'sneaky' });
      expect(r.diagnostics[0].message).toMatch(/reported no change/);
    });

    it('is off unless asked for (or SPVKIT_CHECK_CONSISTENCY=1)', () => {
      const r = runPasses(load(), [adder('liar', 'surgery', [DefUseAnalysis])], { checkConsistency: false });
      expect(r.ok).toBe(true);
    });
  });
});
