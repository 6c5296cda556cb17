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
  type Pass,
  type SourceLocation,
} from '@spvkit/core';
import { collectBuiltins, type BuiltinInstance, type BuiltinTarget, type CollectedBuiltins, type UseSite } from './collect.js';
import { WORKGROUP_SIZE, ruleFor, type BuiltinRule, type StorageRule } from './rules.js';
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

/** Codes of findings that have no VUID. */
export const SPVKIT_CODES = {
  version: 'spvkit-target-env-version',
  target: 'spvkit-builtin-target',
  member: 'spvkit-builtin-member',
  vertexId: 'spvkit-builtin-VertexId',
  workgroupSizeConstant: 'spvkit-WorkgroupSize-constant',
  workgroupSizeZero: 'spvkit-WorkgroupSize-zero',
  workgroupSizeDeprecated: 'spvkit-WorkgroupSize-deprecated',
} as const;

const PASS_NAME = 'validate-builtins';

/**
 * Checks every BuiltIn decoration of `module` against the Vulkan rules for it (execution model,
 * storage class, type, and the further rules some built-ins have), each finding carrying its VUID.
 * Never changes the module. Every broken rule is reported once per decorated object and entry point.
 *
 * An execution-model rule applies where an entry point of that model reaches a use of the
 * built-in through its call graph: a variable only listed in an interface is not "used".
 *
 * @example
 * ```ts
 * const diagnostics = validateBuiltins(decodeModule(bytes), { targetEnv: 'vulkan1.2' });
 * for (const d of diagnostics) console.error(formatDiagnostic(d));
 * ```
 */
export function validateBuiltins(module: Module, options: ValidateBuiltinsOptions = {}): BuiltinDiagnostic[] {
  const env = parseBuiltinsTargetEnv(options.targetEnv ?? 'vulkan');
  const out: BuiltinDiagnostic[] = [];
  checkVersion(module, env, out);
  const collected = collectBuiltins(module, {
    wantsWrites: (b) => ruleFor(b)?.extra?.some((e) => e.kind === 'executionMode' && e.writesOnly === true) === true,
  });
  if (collected.targets.length === 0) return out;
  const v = new Validator(module, env, collected, out);
  for (const target of collected.targets) v.check(target);
  return out;
}

/** The `validate-builtins` pass: {@link validateBuiltins} with the run's target env. */
export function createValidateBuiltinsPass(): Pass {
  return {
    name: PASS_NAME,
    description: 'check BuiltIn variables against the Vulkan rules (execution model, storage class, type), with VUIDs',
    run(module, context) {
      return { changed: false, diagnostics: validateBuiltins(module, context.targetEnv === undefined ? {} : { targetEnv: context.targetEnv }) };
    },
  };
}

function checkVersion(module: Module, env: BuiltinsTargetEnv, out: BuiltinDiagnostic[]): void {
  const version = module.header.version;
  if (env.maxSpirvVersion === undefined || version <= env.maxSpirvVersion) return;
  out.push({
    severity: 'error',
    code: SPVKIT_CODES.version,
    pass: PASS_NAME,
    message: `the module is ${spirvVersionName(version)}, but target env ${env.name} allows at most ${spirvVersionName(env.maxSpirvVersion)}`,
    hint: env.vulkan
      ? `use a target env of a Vulkan version that consumes ${spirvVersionName(version)}, or compile for ${env.name}`
      : `use target env spv${spirvVersionName(version).slice('SPIR-V '.length)} or later`,
  });
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
    private readonly out: BuiltinDiagnostic[],
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
      this.report(target, undefined, undefined, SPVKIT_CODES.vertexId, 'Vulkan does not support BuiltIn VertexId', 'use VertexIndex (gl_VertexIndex)');
      return;
    }
    const rule = ruleFor(target.builtIn);
    if (rule === undefined) return;
    if (target.kind === 'other') {
      this.report(
        target,
        undefined,
        undefined,
        SPVKIT_CODES.target,
        `BuiltIn ${builtInName(target.builtIn)} decorates ${target.def ? `an Op${opName(target.def.opcode)}` : 'an id that is not a global variable or constant'}; BuiltIn must decorate a global variable, a member of a Block struct type, or a constant`,
      );
      return;
    }
    if (target.kind === 'member' && rule.memberAllowed === false) {
      this.report(target, undefined, undefined, SPVKIT_CODES.member, `BuiltIn ${builtInName(target.builtIn)} must decorate a variable, not a struct member`);
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
    const constantCode = this.vulkan ? WORKGROUP_SIZE.constantVuid : SPVKIT_CODES.workgroupSizeConstant;
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
        WORKGROUP_SIZE.typeVuid,
        `a constant decorated BuiltIn WorkgroupSize must be a 3-component vector of 32-bit integers, not ${this.types.describe(target.typeId)}`,
      );
    } else if (target.def?.opcode === Op.ConstantComposite && target.def.operandCount === 3) {
      const sizes = [0, 1, 2].map((i) => this.types.constantValue(target.def!.word(i)));
      if (sizes.every((s) => s !== undefined) && sizes.some((s) => s === 0)) {
        this.report(
          target,
          first,
          target.instances[0],
          SPVKIT_CODES.workgroupSizeZero,
          `WorkgroupSize has a static product of zero (X = ${sizes[0]}, Y = ${sizes[1]}, Z = ${sizes[2]}): no invocation would run`,
          undefined,
          'warning',
        );
      }
    }
    if (this.vulkan) {
      for (const r of reached) {
        if ((WORKGROUP_SIZE.models as readonly number[]).includes(r.ep.executionModel)) continue;
        this.report(
          target,
          r,
          r.instance,
          WORKGROUP_SIZE.modelVuid,
          `BuiltIn WorkgroupSize must be used only within the ${orList(WORKGROUP_SIZE.models.map(modelName))} execution models, not ${modelName(r.ep.executionModel)}`,
        );
      }
    }
    if (this.module.header.version >= makeVersion(1, 6)) {
      this.report(
        target,
        first,
        target.instances[0],
        SPVKIT_CODES.workgroupSizeDeprecated,
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
    code: string,
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
    // The use's source position comes from the scan; the module's own Instruction object is
    // looked up only when someone reads `instruction` (it may decode every function body).
    const site = at?.site;
    const declaration = instance?.def ?? target.def;
    const location = site !== undefined ? this.collected.locate(site) : declaration ? declarationLocation(declaration) : undefined;
    const collected = this.collected;
    let resolved: Instruction | undefined;
    const instructionField: { readonly instruction?: Instruction } =
      site !== undefined
        ? {
            get instruction(): Instruction {
              return (resolved ??= collected.resolve(site));
            },
          }
        : declaration
          ? { instruction: declaration }
          : {};
    const path = at && at.fnId !== at.ep.functionId ? this.callPath(at.ep, at.fnId) : undefined;
    const name = this.names.name(target.kind === 'member' ? (instance?.id ?? target.id) : target.id);
    const finalHint = hint ?? (path ? `the use is reached through ${path}` : undefined);
    const diagnostic: BuiltinDiagnostic = {
      severity,
      code,
      pass: PASS_NAME,
      message: `${subject}${where}: ${rule}`,
      ...(location ? { location } : {}),
      ...(finalHint ? { hint: finalHint } : {}),
      builtIn: builtInName(target.builtIn),
      target: {
        id: target.id,
        ...(name !== undefined ? { name } : {}),
        ...(target.member !== undefined ? { member: target.member } : {}),
        ...(instance !== undefined && instance.id !== target.id ? { variableId: instance.id } : {}),
      },
      ...(at ? { entryPoint: { name: at.ep.name, executionModel: modelName(at.ep.executionModel) } } : {}),
    };
    Object.defineProperties(diagnostic, Object.getOwnPropertyDescriptors(instructionField));
    this.out.push(diagnostic);
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
