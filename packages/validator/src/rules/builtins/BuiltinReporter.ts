import { NamesAnalysis, type Module } from '@spvkit/core';
import type { BuiltinProblem } from './BuiltinProblem.js';
import type { BuiltinErrorCode, BuiltinWarningCode } from './codes.js';
import type { EntryPoint, EntryPointReach, ReachedUse } from './entryPointReach.js';
import type { BuiltinInstance, BuiltinTarget } from './targets.js';
import { builtInName, modelName } from './wording.js';

/**
 * Turns what a check found into a {@link BuiltinProblem}: once per rule, decorated object,
 * variable and entry point, its message opening with the object and the entry point using it
 * (`variable 'x' (%5, BuiltIn SampleId) is used by entry point 'main' (Fragment): ...`).
 */
export class BuiltinReporter {
  private namesCache: ReturnType<typeof NamesAnalysis.build> | undefined;
  private readonly seen = new Set<string>();

  constructor(
    private readonly module: Module,
    private readonly reach: EntryPointReach,
    private readonly out: BuiltinProblem[],
  ) {}

  private get names(): ReturnType<typeof NamesAnalysis.build> {
    return (this.namesCache ??= this.module.analysis(NamesAnalysis));
  }

  /**
   * `at`: the use through which the rule is broken (undefined: the declaration breaks it);
   * `instance`: the variable holding the target; `rule`: what the rule asks, after the subject.
   */
  report(
    target: BuiltinTarget,
    at: ReachedUse | undefined,
    instance: BuiltinInstance | undefined,
    code: BuiltinErrorCode | BuiltinWarningCode,
    rule: string,
    hint?: string,
    severity: 'error' | 'warning' = 'error',
  ): void {
    const key = `${code}|${target.id}.${target.member ?? ''}|${instance?.id ?? ''}|${at ? at.ep.index : ''}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const subject = this.subject(target, instance);
    const where = at
      ? ` is used by entry point '${at.ep.name}' (${modelName(at.ep.executionModel)})`
      : instance !== undefined && instance.uses.size === 0
        ? ' is not used by any entry point'
        : '';
    const declaration = instance?.def ?? target.def;
    const path = at && at.fnId !== at.ep.functionId ? this.callPath(at.ep, at.fnId) : undefined;
    const name = this.names.name(target.kind === 'member' ? (instance?.id ?? target.id) : target.id);
    const finalHint = hint ?? (path ? `the use is reached through ${path}` : undefined);
    this.out.push({
      severity,
      code,
      message: `${subject}${where}: ${rule}`,
      ...(finalHint ? { hint: finalHint } : {}),
      builtIn: builtInName(target.builtIn),
      target: {
        id: target.id,
        ...(name !== undefined ? { name } : {}),
        ...(target.member !== undefined ? { member: target.member } : {}),
        ...(instance !== undefined && instance.id !== target.id ? { variableId: instance.id } : {}),
      },
      ...(at ? { entryPoint: { name: at.ep.name, executionModel: modelName(at.ep.executionModel) } } : {}),
      ...(at !== undefined ? { site: at.site } : declaration !== undefined ? { declaration } : {}),
    });
  }

  private subject(target: BuiltinTarget, instance: BuiltinInstance | undefined): string {
    const bi = `BuiltIn ${builtInName(target.builtIn)}`;
    const name = (id: number): string => {
      const n = this.names.name(id);
      return n !== undefined && n !== '' ? `'${n}' ` : '';
    };
    switch (target.kind) {
      case 'variable':
        return `variable ${name(target.id)}(%${target.id}, ${bi})`;
      case 'constant':
        return `constant ${name(target.id)}(%${target.id}, ${bi})`;
      case 'member': {
        const memberName = this.names.memberName(target.id, target.member!);
        const m = `member ${target.member}${memberName ? ` '${memberName}'` : ''}`;
        const v = instance ? ` of variable ${name(instance.id)}(%${instance.id})` : '';
        return `${m} of struct ${name(target.id)}(%${target.id}, ${bi})${v}`;
      }
      default:
        return `${name(target.id)}(%${target.id}, ${bi})`;
    }
  }

  /** `main -> helper (%12) -> leaf (%20)`, a shortest call path from the entry point to `fnId`. */
  private callPath(ep: EntryPoint, fnId: number): string | undefined {
    return this.reach
      .callChain(ep, fnId)
      ?.map((f, i) => (i === 0 ? ep.name : `${this.names.name(f) ?? 'function'} (%${f})`))
      .join(' -> ');
  }
}
