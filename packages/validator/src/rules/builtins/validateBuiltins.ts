import {
  BuiltIn,
  DecorationsAnalysis,
  NamesAnalysis,
  Op,
  EnumerantNames,
  enumerantNameIn,
  opcodeName,
  makeVersion,
  decodeLiteralString,
  type Diagnostic,
  type Instruction,
  type Module,
  type SourceLocation,
} from '@spvkit/core';
import { collectBuiltins, type CollectedBuiltins } from './collect.js';
import type { BuiltinInstance, BuiltinTarget } from './targets.js';
import type { UseSite } from './uses.js';
import { BUILTIN_SPVKIT_CODES, type BuiltinErrorCode, type BuiltinWarningCode } from './codes.js';
import type { BuiltinRule, StorageRule } from './BuiltinRule.js';
import { WORKGROUP_SIZE_RULES, builtinRuleFor } from './vulkanRules.js';
import { parseBuiltinsTargetEnv, spirvVersionName, type BuiltinsTargetEnv } from './targetEnv.js';
import { describeRule, type TypeTable } from './typeShapes.js';

/**
 * A diagnostic of validate-builtins: a core {@link Diagnostic} plus what it is about, for tools
 * (the CLI's `--json` prints these fields).
 */
export interface BuiltinDiagnostic extends Diagnostic {
  /** The BuiltIn name, e.g. `LocalInvocationIndex` (absent for module-level findings). */
  readonly builtIn?: string;
  /** The decorated object: a variable, a struct type (with `member`), or a constant. */
  readonly target?: { readonly id: number; readonly name?: string; readonly member?: number; readonly variableId?: number };
  /** The entry point through which the broken rule applies, when one does. */
  readonly entryPoint?: { readonly name: string; readonly executionModel: string };
}

/** Options of {@link validateBuiltins}. */
export interface ValidateBuiltinsOptions {
  /**
   * `vulkan` (default: Vulkan rules, version from the module), `vulkan1.0` ... `vulkan1.4`,
   * `vulkan1.1spv1.4`, `universal` or `spv1.N` (SPIR-V rules only).
   */
  readonly targetEnv?: string;
}

/**
 * A broken BuiltIn rule as the checks find it, before it is told as a diagnostic of
 * {@link validateBuiltins} or as a finding of the validator's `builtins` family.
 */
export interface BuiltinProblem {
  /** `warning` for the two warning codes (see `isBuiltinWarning`), `error` for the rest. */
  readonly severity: 'error' | 'warning';
  readonly code: BuiltinErrorCode | BuiltinWarningCode;
  /** The whole message, ids as `%N` (the CLI names them as an assembly text did). */
  readonly message: string;
  readonly hint?: string;
  readonly builtIn?: string;
  readonly target?: BuiltinDiagnostic['target'];
  readonly entryPoint?: BuiltinDiagnostic['entryPoint'];
  /** The use in a function body it is about, when an entry point's use breaks the rule. */
  readonly site?: UseSite;
  /** Else the declaration it is about (the variable or constant); neither: its decoration, or the module. */
  readonly declaration?: Instruction;
}

/** A problem that is an error (not advice): what the validator's `builtins` family reports. */
export type BuiltinError = BuiltinProblem & { readonly severity: 'error'; readonly code: BuiltinErrorCode };

/** What {@link findBuiltinProblems} found, and how to place a use site. */
export interface BuiltinProblems {
  readonly problems: readonly BuiltinProblem[];
  /** Undefined when the module has no BuiltIn decoration (then no problem has a site). */
  readonly collected?: CollectedBuiltins;
}

const PASS_NAME = 'validate-builtins';

/**
 * Checks every BuiltIn decoration of `module` against the Vulkan rules for it (execution model,
 * storage class, type, and the further rules some built-ins have), each finding carrying its VUID.
 * Never changes the module. Every broken rule is reported once per decorated object and entry point.
 *
 * An execution-model rule applies where an entry point of that model reaches a use of the
 * built-in through its call graph: a variable only listed in an interface is not "used".
 * The same rules are the `builtins` family of `validate()`; this is them alone, with warnings.
 *
 * @example
 * ```ts
 * const diagnostics = validateBuiltins(decodeModule(bytes), { targetEnv: 'vulkan1.2' });
 * for (const d of diagnostics) console.error(formatDiagnostic(d));
 * ```
 */
export function validateBuiltins(module: Module, options: ValidateBuiltinsOptions = {}): BuiltinDiagnostic[] {
  const { problems, collected } = findBuiltinProblems(module, parseBuiltinsTargetEnv(options.targetEnv ?? 'vulkan'));
  return problems.map((p) => toDiagnostic(p, collected));
}

/**
 * Every broken BuiltIn rule of `module` under `env`, in the order the checks find them.
 *
 * @example
 * ```ts
 * const { problems } = findBuiltinProblems(module, parseBuiltinsTargetEnv('vulkan1.2'));
 * ```
 */
export function findBuiltinProblems(module: Module, env: BuiltinsTargetEnv): BuiltinProblems {
  const problems: BuiltinProblem[] = [];
  const version = versionProblem(module.header.version, env);
  if (version !== undefined) problems.push(version);
  const collected = collectBuiltins(module, {
    wantsWrites: (b) => builtinRuleFor(b)?.extra?.some((e) => e.kind === 'executionMode' && e.writesOnly === true) === true,
  });
  if (collected.targets.length === 0) return { problems };
  const v = new Validator(module, env, collected, problems);
  for (const target of collected.targets) v.check(target);
  return { problems, collected };
}

/**
 * The module's SPIR-V version against the highest `env` allows: read from the header alone, so
 * the validator checks it without decoding the module.
 *
 * @example
 * ```ts
 * versionProblem(makeVersion(1, 6), parseBuiltinsTargetEnv('vulkan1.1')); // spvkit-target-env-version
 * ```
 */
export function versionProblem(version: number, env: BuiltinsTargetEnv): BuiltinError | undefined {
  if (env.maxSpirvVersion === undefined || version <= env.maxSpirvVersion) return undefined;
  return {
    severity: 'error',
    code: BUILTIN_SPVKIT_CODES.version,
    message: `the module is ${spirvVersionName(version)}, but target env ${env.name} allows at most ${spirvVersionName(env.maxSpirvVersion)}`,
    hint: env.vulkan
      ? `use a target env of a Vulkan version that consumes ${spirvVersionName(version)}, or compile for ${env.name}`
      : `use target env spv${spirvVersionName(version).slice('SPIR-V '.length)} or later`,
  };
}

/**
 * `problem` as a diagnostic of validate-builtins. The use's source position comes from the scan;
 * the module's own Instruction object is looked up only when someone reads `instruction` (it may
 * decode every function body).
 */
function toDiagnostic(problem: BuiltinProblem, collected: CollectedBuiltins | undefined): BuiltinDiagnostic {
  // What the problem tells is the diagnostic's; where it is, is told as location and instruction.
  const { site, declaration, ...told } = problem;
  const location =
    site !== undefined && collected !== undefined ? collected.locate(site) : declaration !== undefined ? declarationLocation(declaration) : undefined;
  let resolved: Instruction | undefined;
  const instructionField: { readonly instruction?: Instruction } =
    site !== undefined && collected !== undefined
      ? {
          get instruction(): Instruction {
            return (resolved ??= collected.resolve(site));
          },
        }
      : declaration !== undefined
        ? { instruction: declaration }
        : {};
  const diagnostic: BuiltinDiagnostic = { ...told, pass: PASS_NAME, ...(location ? { location } : {}) };
  Object.defineProperties(diagnostic, Object.getOwnPropertyDescriptors(instructionField));
  return diagnostic;
}

const modelName = (m: number): string => enumerantNameIn(EnumerantNames.ExecutionModel, 'ExecutionModel', m) ?? `ExecutionModel(${m})`;
const storageName = (s: number): string => enumerantNameIn(EnumerantNames.StorageClass, 'StorageClass', s) ?? `StorageClass(${s})`;
const builtInName = (b: number): string => enumerantNameIn(EnumerantNames.BuiltIn, 'BuiltIn', b) ?? `BuiltIn(${b})`;

/** "A, B, or C" */
function orList(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  if (names.length === 2) return `${names[0]} or ${names[1]}`;
  return `${names.slice(0, -1).join(', ')}, or ${names[names.length - 1]}`;
}

/** An OpEntryPoint. */
interface EntryPoint {
  readonly executionModel: number;
  readonly functionId: number;
  readonly name: string;
  readonly index: number;
}

/** A use of a target reached by an entry point. */
interface ReachedUse {
  readonly instance: BuiltinInstance;
  readonly fnId: number;
  readonly site: UseSite;
  readonly ep: EntryPoint;
}

class Validator {
  private namesCache: ReturnType<typeof NamesAnalysis.build> | undefined;
  private readonly seen = new Set<string>();
  private readonly capabilities = new Set<number>();
  private readonly vulkan: boolean;
  private readonly types: TypeTable;
  private readonly entryPoints: EntryPoint[];
  private reachingMap: Map<number, EntryPoint[]> | undefined;

  constructor(
    private readonly module: Module,
    env: BuiltinsTargetEnv,
    private readonly collected: CollectedBuiltins,
    private readonly out: BuiltinProblem[],
  ) {
    this.types = collected.types;
    for (const c of module.capabilities) this.capabilities.add(c.word(0));
    this.vulkan = env.vulkan !== undefined;
    this.entryPoints = module.entryPoints.map((inst, index) => ({
      executionModel: inst.word(0),
      functionId: inst.word(1),
      name: decodeLiteralString(inst.operands, 2, inst.operandCount).value,
      index,
    }));
  }

  private get names(): ReturnType<typeof NamesAnalysis.build> {
    return (this.namesCache ??= this.module.analysis(NamesAnalysis));
  }

  /** Entry points whose call tree contains `fnId`. */
  private reaching(fnId: number): readonly EntryPoint[] {
    if (this.reachingMap === undefined) {
      const map = new Map<number, EntryPoint[]>();
      for (const ep of this.entryPoints) {
        for (const f of this.collected.calls.reachableFrom(ep.functionId)) {
          const list = map.get(f);
          if (list === undefined) map.set(f, [ep]);
          else list.push(ep);
        }
      }
      this.reachingMap = map;
    }
    return this.reachingMap.get(fnId) ?? [];
  }

  private hasExecutionMode(ep: EntryPoint, mode: number): boolean {
    return this.module.executionModes.some((m) => m.word(0) === ep.functionId && m.word(1) === mode);
  }

  check(target: BuiltinTarget): void {
    if (target.builtIn === BuiltIn.WorkgroupSize) {
      this.checkWorkgroupSize(target);
      return;
    }
    if (!this.vulkan) return;
    if (target.builtIn === BuiltIn.VertexId) {
      this.report(target, undefined, undefined, BUILTIN_SPVKIT_CODES.vertexId, 'Vulkan does not support BuiltIn VertexId', 'use VertexIndex (gl_VertexIndex)');
      return;
    }
    const rule = builtinRuleFor(target.builtIn);
    if (rule === undefined) return;
    if (target.kind === 'other') {
      this.report(
        target,
        undefined,
        undefined,
        BUILTIN_SPVKIT_CODES.target,
        `BuiltIn ${builtInName(target.builtIn)} decorates ${target.def ? `an Op${opName(target.def.opcode)}` : 'an id that is not a global variable or constant'}; BuiltIn must decorate a global variable, a member of a Block struct type, or a constant`,
      );
      return;
    }
    if (target.kind === 'member' && rule.memberAllowed === false) {
      this.report(
        target,
        undefined,
        undefined,
        BUILTIN_SPVKIT_CODES.member,
        `BuiltIn ${builtInName(target.builtIn)} must decorate a variable, not a struct member`,
      );
      return;
    }
    const reached = this.reachedUses(target);
    this.checkModel(target, rule, reached);
    this.checkStorage(target, rule, reached);
    this.checkType(target, rule, reached);
    for (const extra of rule.extra ?? []) {
      switch (extra.kind) {
        case 'executionMode':
          for (const r of extra.writesOnly ? this.reachedUses(target, true) : reached) {
            if (!extra.models.includes(r.ep.executionModel)) continue;
            if (this.hasExecutionMode(r.ep, extra.mode)) continue;
            this.report(
              target,
              r,
              r.instance,
              extra.vuid,
              `entry point '${r.ep.name}' must declare the ${extra.modeName} execution mode to ${extra.writesOnly ? 'write' : 'use'} BuiltIn ${rule.name}`,
            );
          }
          break;
        case 'capabilityInModels':
          if (extra.capabilities.some((c) => this.capabilities.has(c))) break;
          for (const r of reached) {
            if (!extra.models.includes(r.ep.executionModel)) continue;
            this.report(
              target,
              r,
              r.instance,
              extra.vuid,
              `using BuiltIn ${rule.name} in the ${modelName(r.ep.executionModel)} execution model requires the ${extra.capabilityNames} capability`,
            );
          }
          break;
        case 'alsoDecorated': {
          const decorations = this.module.analysis(DecorationsAnalysis);
          const onTarget =
            target.kind === 'member'
              ? decorations.ofMember(target.id, target.member!).some((d) => d.decoration === extra.decoration)
              : decorations.of(target.id).some((d) => d.decoration === extra.decoration);
          if (onTarget) break;
          for (const instance of target.instances) {
            if (decorations.of(instance.id).some((d) => d.decoration === extra.decoration)) continue;
            this.report(
              target,
              this.firstReached(reached, instance),
              instance,
              extra.vuid,
              `BuiltIn ${rule.name} must also be decorated ${extra.decorationName}`,
            );
          }
          break;
        }
      }
    }
  }

  private checkModel(target: BuiltinTarget, rule: BuiltinRule, reached: readonly ReachedUse[]): void {
    if (rule.models === undefined) return;
    for (const r of reached) {
      if (rule.models.allowed.includes(r.ep.executionModel)) continue;
      this.report(
        target,
        r,
        r.instance,
        rule.models.vuid,
        `BuiltIn ${rule.name} must be used only within the ${orList(rule.models.allowed.map(modelName))} execution model${rule.models.allowed.length > 1 ? 's' : ''}, not ${modelName(r.ep.executionModel)}`,
      );
    }
  }

  private checkStorage(target: BuiltinTarget, rule: BuiltinRule, reached: readonly ReachedUse[]): void {
    const generic = rule.storage.filter((s) => s.models === undefined);
    const perModel = rule.storage.filter((s) => s.models !== undefined);
    for (const instance of target.instances) {
      const sc = instance.storageClass;
      if (sc === undefined) continue;
      const mine = reached.filter((r) => r.instance === instance);
      const bad = generic.find((g) => !g.classes.includes(sc));
      if (bad !== undefined) {
        this.report(target, this.firstReached(mine, instance), instance, bad.vuid, storageText(rule.name, bad, sc));
        continue;
      }
      if (perModel.length === 0) continue;
      let anyModelRule = false;
      for (const r of mine) {
        for (const s of perModel) {
          if (!s.models!.includes(r.ep.executionModel)) continue;
          anyModelRule = true;
          if (!s.classes.includes(sc)) this.report(target, r, instance, s.vuid, storageText(rule.name, s, sc, r.ep.executionModel));
        }
      }
      if (generic.length === 0 && !anyModelRule && mine.length === 0) {
        // Not used by any entry point: still a declaration in a storage class no model allows.
        const union = new Set(perModel.flatMap((s) => s.classes));
        if (!union.has(sc)) {
          this.report(target, undefined, instance, perModel[0].vuid, storageText(rule.name, { classes: [...union], vuid: perModel[0].vuid }, sc));
        }
      }
    }
  }

  private checkType(target: BuiltinTarget, rule: BuiltinRule, reached: readonly ReachedUse[]): void {
    if (rule.type === undefined) return;
    const isMember = target.kind === 'member';
    const arrayedIn = !isMember && target.kind === 'variable' ? (rule.arrayedIn ?? []) : [];
    const optional = arrayedIn.length > 0;
    if (!this.types.matches(rule.type.rule, target.typeId, optional, isMember)) {
      const first = this.firstReached(reached, target.instances[0]);
      this.report(
        target,
        first,
        first?.instance ?? target.instances[0],
        rule.type.vuid,
        typeText(rule, this.types.describe(target.typeId), optional, arrayedIn),
      );
      return;
    }
    if (!optional || this.types.matches(rule.type.rule, target.typeId, false, isMember)) return;
    // Declared with the per-vertex/per-primitive array level: only right where the model has one.
    for (const r of reached) {
      if (arrayedIn.includes(r.ep.executionModel)) continue;
      this.report(
        target,
        r,
        r.instance,
        rule.type.vuid,
        `within the ${modelName(r.ep.executionModel)} execution model, a variable decorated BuiltIn ${rule.name} must be declared as ${describeRule(rule.type.rule)} (no per-vertex or per-primitive array), not ${this.types.describe(target.typeId)}`,
      );
    }
  }

  private checkWorkgroupSize(target: BuiltinTarget): void {
    const constantCode = this.vulkan ? WORKGROUP_SIZE_RULES.constantVuid : BUILTIN_SPVKIT_CODES.workgroupSizeConstant;
    const reached = this.reachedUses(target);
    const first = this.firstReached(reached, target.instances[0]);
    if (target.kind !== 'constant') {
      const what = target.kind === 'variable' ? 'a variable' : target.kind === 'member' ? 'a struct member' : 'a non-constant';
      this.report(target, first, target.instances[0], constantCode, `BuiltIn WorkgroupSize must decorate a constant or specialization constant, not ${what}`);
      return;
    }
    if (this.vulkan && !this.types.matches({ kind: 'ivec', n: 3 }, target.typeId, false, false)) {
      this.report(
        target,
        first,
        target.instances[0],
        WORKGROUP_SIZE_RULES.typeVuid,
        `a constant decorated BuiltIn WorkgroupSize must be a 3-component vector of 32-bit integers, not ${this.types.describe(target.typeId)}`,
      );
    } else if (target.def?.opcode === Op.ConstantComposite && target.def.operandCount === 3) {
      const sizes = [0, 1, 2].map((i) => this.types.constantValue(target.def!.word(i)));
      if (sizes.every((s) => s !== undefined) && sizes.some((s) => s === 0)) {
        this.report(
          target,
          first,
          target.instances[0],
          BUILTIN_SPVKIT_CODES.workgroupSizeZero,
          `WorkgroupSize has a static product of zero (X = ${sizes[0]}, Y = ${sizes[1]}, Z = ${sizes[2]}): no invocation would run`,
          undefined,
          'warning',
        );
      }
    }
    if (this.vulkan) {
      for (const r of reached) {
        if ((WORKGROUP_SIZE_RULES.models as readonly number[]).includes(r.ep.executionModel)) continue;
        this.report(
          target,
          r,
          r.instance,
          WORKGROUP_SIZE_RULES.modelVuid,
          `BuiltIn WorkgroupSize must be used only within the ${orList(WORKGROUP_SIZE_RULES.models.map(modelName))} execution models, not ${modelName(r.ep.executionModel)}`,
        );
      }
    }
    if (this.module.header.version >= makeVersion(1, 6)) {
      this.report(
        target,
        first,
        target.instances[0],
        BUILTIN_SPVKIT_CODES.workgroupSizeDeprecated,
        'BuiltIn WorkgroupSize is deprecated in SPIR-V 1.6',
        'declare the size with OpExecutionModeId LocalSizeId instead',
        'warning',
      );
    }
  }

  /** Every (use, entry point) pair: for each instance, each function using (or writing) it, each entry point reaching that function. */
  private reachedUses(target: BuiltinTarget, writes = false): ReachedUse[] {
    const result: ReachedUse[] = [];
    for (const instance of target.instances) {
      for (const [fnId, site] of writes ? instance.writes : instance.uses) {
        for (const ep of this.reaching(fnId)) result.push({ instance, fnId, site, ep });
      }
    }
    return result;
  }

  private firstReached(reached: readonly ReachedUse[], instance: BuiltinInstance | undefined): ReachedUse | undefined {
    return reached.find((r) => r.instance === instance) ?? reached[0];
  }

  private report(
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
    const prev = new Map<number, number>([[ep.functionId, 0]]);
    const queue = [ep.functionId];
    while (queue.length > 0) {
      const f = queue.shift()!;
      if (f === fnId) break;
      for (const c of this.collected.calls.callees(f)) {
        if (prev.has(c)) continue;
        prev.set(c, f);
        queue.push(c);
      }
    }
    if (!prev.has(fnId)) return undefined;
    const chain: number[] = [];
    for (let f = fnId; f !== 0; f = prev.get(f)!) chain.unshift(f);
    return chain.map((f, i) => (i === 0 ? ep.name : `${this.names.name(f) ?? 'function'} (%${f})`)).join(' -> ');
  }
}

/** Where a declaration (a global: no OpLine applies to it) was written, when the module was assembled. */
function declarationLocation(inst: Instruction): SourceLocation | undefined {
  const span = inst.span;
  return span === undefined ? undefined : { ...(span.file !== undefined ? { file: span.file } : {}), line: span.line, column: span.column };
}

function storageText(name: string, s: StorageRule, actual: number, model?: number): string {
  const classes = orList(s.classes.map(storageName));
  const within = model === undefined ? '' : `within the ${modelName(model)} execution model, `;
  return `${within}a variable decorated BuiltIn ${name} must be declared using the ${classes} storage class, not ${storageName(actual)}`;
}

function typeText(rule: BuiltinRule, actual: string, optional: boolean, arrayedIn: readonly number[]): string {
  const arrayed = optional ? ` (or an array of it in the ${orList(arrayedIn.map(modelName))} execution models)` : '';
  return `a variable decorated BuiltIn ${rule.name} must be declared as ${describeRule(rule.type!.rule)}${arrayed}, not ${actual}`;
}

function opName(opcode: number): string {
  return opcodeName(opcode)?.slice(2) ?? String(opcode);
}
