import { Decoration, ExecutionModel, Op, StorageClass, definitionOf, type ModuleIndex } from '@spvkit/core';
import type { Reporter } from '../../report/Reporter.js';
import type { EntryPointTable } from './EntryPointTable.js';

/** Per-id decoration flags the location rules read. */
const BUILT_IN = 1;
const PATCH = 2;
const PER_TASK_NV = 4;
const PER_VERTEX_KHR = 8;
const BLOCK = 16;
/** A struct with a member decorated BuiltIn (spirv-val counts member decorations as the struct's). */
const MEMBER_BUILT_IN = 32;
/** A struct with a member decorated Location. */
const MEMBER_LOCATION = 64;

/** Locations past this many (times 4 components) are not tracked, as spirv-val gives up there too. */
const MAX_SLOTS = 4096 * 4;

/**
 * The decorations the location rules need, read once: per id its flags and its Location,
 * Component and Index (stored plus one; 0: none), and per struct its members' Location and Component.
 */
class InterfaceDecorations {
  readonly flags: Uint8Array;
  readonly location: Uint32Array;
  readonly component: Uint32Array;
  readonly index: Uint32Array;
  /** Per struct id: member -> [location, component] (component -1 where none). */
  readonly members = new Map<number, Map<number, [number, number]>>();

  constructor(scan: ModuleIndex) {
    const n = scan.idLimit;
    this.flags = new Uint8Array(n);
    this.location = new Uint32Array(n);
    this.component = new Uint32Array(n);
    this.index = new Uint32Array(n);
    const w = scan.words;
    for (let i = 0; i < scan.count; i++) {
      const op = scan.opcode[i];
      if (op === Op.Function) break;
      const s = scan.operandStart[i];
      const e = scan.end[i];
      if (op === Op.Decorate && e - s >= 2 && w[s] < n) {
        const id = w[s];
        switch (w[s + 1]) {
          case Decoration.BuiltIn:
            this.flags[id] |= BUILT_IN;
            break;
          case Decoration.Patch:
            this.flags[id] |= PATCH;
            break;
          case Decoration.PerTaskNV:
            this.flags[id] |= PER_TASK_NV;
            break;
          case Decoration.PerVertexKHR:
            this.flags[id] |= PER_VERTEX_KHR;
            break;
          case Decoration.Block:
            this.flags[id] |= BLOCK;
            break;
          case Decoration.Location:
            if (e - s >= 3 && this.location[id] === 0) this.location[id] = w[s + 2] + 1;
            break;
          case Decoration.Component:
            if (e - s >= 3 && this.component[id] === 0) this.component[id] = w[s + 2] + 1;
            break;
          case Decoration.Index:
            if (e - s >= 3 && this.index[id] === 0) this.index[id] = w[s + 2] + 1;
            break;
        }
      } else if (op === Op.MemberDecorate && e - s >= 3 && w[s] < n) {
        const id = w[s];
        const decoration = w[s + 2];
        if (decoration === Decoration.BuiltIn) this.flags[id] |= MEMBER_BUILT_IN;
        else if ((decoration === Decoration.Location || decoration === Decoration.Component) && e - s >= 4) {
          let members = this.members.get(id);
          if (members === undefined) this.members.set(id, (members = new Map<number, [number, number]>()));
          const entry = members.get(w[s + 1]) ?? [-1, -1];
          if (decoration === Decoration.Location) {
            this.flags[id] |= MEMBER_LOCATION;
            if (entry[0] < 0) entry[0] = w[s + 3];
          } else if (entry[1] < 0) entry[1] = w[s + 3];
          members.set(w[s + 1], entry);
        }
      }
    }
  }
}

/** The models whose Input and Output variables are assigned locations (Vulkan 14.1). */
const LOCATED = new Set<number>([
  ExecutionModel.Vertex,
  ExecutionModel.TessellationControl,
  ExecutionModel.TessellationEvaluation,
  ExecutionModel.Geometry,
  ExecutionModel.Fragment,
]);

/**
 * Vulkan's interface locations: every Input and Output variable an entry point of a located stage
 * lists, but built-ins, has a Location, or is a Block whose members all have one; a struct given a
 * Location has no member Locations; and no two variables (or members) of one entry point's
 * inputs, or of its outputs (by Index), share a location and component.
 */
export function checkLocations(scan: ModuleIndex, reporter: Reporter, entryPoints: EntryPointTable): void {
  let decorations: InterfaceDecorations | undefined;
  const w = scan.words;
  for (let e = 0; e < entryPoints.count; e++) {
    const model = entryPoints.model[e];
    const at = entryPoints.at[e];
    if (!LOCATED.has(model) || reporter.isFlagged(at)) continue;
    decorations ??= new InterfaceDecorations(scan);
    const taken = [new Set<number>(), new Set<number>(), new Set<number>()];
    const seen = new Set<number>();
    for (let k = entryPoints.interfaceStart[e]; k < scan.end[at]; k++) {
      const id = w[k];
      const d = definitionOf(scan, id);
      if (d < 0 || scan.opcode[d] !== Op.Variable || seen.has(id)) continue;
      const storage = w[scan.operandStart[d]];
      if (storage !== StorageClass.Input && storage !== StorageClass.Output) continue;
      seen.add(id);
      const output = storage === StorageClass.Output;
      const slots = !output ? taken[0] : decorations.index[id] === 2 ? taken[2] : taken[1];
      new VariableLocations(scan, reporter, decorations, at, model, id, output, slots).check(scan.typeId[d]);
    }
  }
}

/** The location checks of one interface variable. */
class VariableLocations {
  constructor(
    private readonly scan: ModuleIndex,
    private readonly reporter: Reporter,
    private readonly decorations: InterfaceDecorations,
    private readonly at: number,
    private readonly model: number,
    private readonly id: number,
    private readonly output: boolean,
    private readonly slots: Set<number>,
  ) {}

  check(pointerType: number): void {
    const { scan, decorations, id } = this;
    const flags = decorations.flags[id];
    if ((flags & BUILT_IN) !== 0) return;
    const pd = definitionOf(scan, pointerType);
    if (pd < 0 || scan.opcode[pd] !== Op.TypePointer) return;
    let type = scan.words[scan.operandStart[pd] + 1];
    // The per-vertex layer of arraying is not part of interface matching (Vulkan 14.1.3).
    if (this.arrayed(flags)) {
      const td = definitionOf(scan, type);
      if (td >= 0 && (scan.opcode[td] === Op.TypeArray || scan.opcode[td] === Op.TypeRuntimeArray)) type = scan.words[scan.operandStart[td]];
    }
    const td = definitionOf(scan, type);
    if (td < 0) return;
    const struct = scan.opcode[td] === Op.TypeStruct;
    if (struct && (decorations.flags[type] & MEMBER_BUILT_IN) !== 0) return;
    const location = decorations.location[id];
    if (location === 0) {
      if ((decorations.flags[type] & BLOCK) === 0) {
        this.reporter.report(
          struct ? 'VUID-StandaloneSpirv-Location-04917' : 'VUID-StandaloneSpirv-Location-04916',
          definitionOf(scan, id),
          (name) => `${this.output ? 'Output' : 'Input'} variable ${name(id)} has no Location decoration`,
          [id],
        );
        return;
      }
      this.blockMembers(type, td);
      return;
    }
    let element = type;
    let count = 1;
    if (scan.opcode[td] === Op.TypeArray) {
      element = scan.words[scan.operandStart[td]];
      count = constantInt(scan, scan.words[scan.operandStart[td] + 1]) ?? 1;
    }
    const component = decorations.component[id] === 0 ? 0 : decorations.component[id] - 1;
    const locations = this.locationsOf(element, 0);
    if (locations < 0) return;
    const components = componentsOf(scan, element, 0);
    // Elements taking no location would all land on the first one: one pass is enough.
    if (locations === 0) count = Math.min(count, 1);
    for (let a = 0; a < count; a++) {
      const base = location - 1 + locations * a;
      if (base * 4 >= MAX_SLOTS) break;
      const start = components !== 0 ? base * 4 + component : base * 4;
      const end = components !== 0 ? base * 4 + component + components : (base + locations) * 4;
      if (!this.take(start, end)) return;
    }
  }

  private arrayed(flags: number): boolean {
    switch (this.model) {
      case ExecutionModel.TessellationControl:
        return (flags & PATCH) === 0;
      case ExecutionModel.TessellationEvaluation:
        return !this.output && (flags & PATCH) === 0;
      case ExecutionModel.Geometry:
        return !this.output;
      case ExecutionModel.Fragment:
        return !this.output && (flags & PER_VERTEX_KHR) !== 0;
      case ExecutionModel.MeshNV:
        return this.output && (flags & PER_TASK_NV) === 0;
      default:
        return false;
    }
  }

  /** A Block variable without a Location: each member has one, and none overlap. */
  private blockMembers(type: number, td: number): void {
    const { scan } = this;
    const members = this.decorations.members.get(type);
    const s = scan.operandStart[td];
    for (let m = 0; m < scan.end[td] - s; m++) {
      const placed = members?.get(m);
      if (placed === undefined || placed[0] < 0) {
        this.reporter.report('VUID-StandaloneSpirv-Location-04919', td, (name) => `member ${m} of the Block ${name(type)} has no Location decoration`, [type]);
        return;
      }
      const member = scan.words[s + m];
      const locations = this.locationsOf(member, 0);
      if (locations < 0) return;
      const components = componentsOf(scan, member, 0);
      const location = placed[0];
      const component = placed[1] < 0 ? 0 : placed[1];
      if (location * 4 >= MAX_SLOTS) continue;
      const md = definitionOf(scan, member);
      if (md >= 0 && scan.opcode[md] === Op.TypeArray && components >= 1 && components < 4) {
        // An array of elements smaller than a location takes the same components of consecutive locations.
        const last = Math.min(location + locations, MAX_SLOTS / 4);
        for (let l = location; l < last; l++) if (!this.take(4 * l + component, 4 * l + component + components)) return;
      } else {
        const start = components !== 0 ? location * 4 + component : location * 4;
        const end = components !== 0 ? location * 4 + component + components : (location + locations) * 4;
        if (!this.take(start, end)) return;
      }
    }
  }

  /** Marks slots [start, end) (4 per location) as taken; false (and reported) where one already was. */
  private take(start: number, end: number): boolean {
    // Past MAX_SLOTS nothing is tracked, so a huge array cannot make this loop long.
    const last = Math.min(end, MAX_SLOTS);
    for (let slot = start; slot < last; slot++) {
      if (this.slots.has(slot)) {
        const id = this.id;
        const what = this.output ? 'output' : 'input';
        this.reporter.report(
          'spvkit-environment-location-conflict',
          this.at,
          (name) => `the entry point's ${what} ${name(id)} takes location ${slot >> 2}, component ${slot & 3}, which another ${what} of it takes`,
          [id],
        );
        return false;
      }
      this.slots.add(slot);
    }
    return true;
  }

  /** How many locations a value of `type` takes; -1 where a struct inside has member Locations (reported). */
  private locationsOf(type: number, depth: number): number {
    const { scan } = this;
    const d = definitionOf(scan, type);
    if (d < 0 || depth > 64) return 0;
    const s = scan.operandStart[d];
    const w = scan.words;
    switch (scan.opcode[d]) {
      case Op.TypeInt:
      case Op.TypeFloat:
        return 1;
      case Op.TypeVector:
        return w[s + 1] > 2 && scalarWidth(scan, w[s]) === 64 ? 2 : 1;
      case Op.TypeMatrix: {
        const column = this.locationsOf(w[s], depth + 1);
        return column < 0 ? -1 : column * w[s + 1];
      }
      case Op.TypeArray: {
        const element = this.locationsOf(w[s], depth + 1);
        return element < 0 ? -1 : element * (constantInt(scan, w[s + 1]) ?? 1);
      }
      case Op.TypeStruct: {
        if ((this.decorations.flags[type] & MEMBER_LOCATION) !== 0 || this.decorations.location[type] !== 0) {
          this.reporter.report(
            'VUID-StandaloneSpirv-Location-04918',
            d,
            (name) => `the members of ${name(type)} cannot be given locations: the variable has one`,
            [type],
          );
          return -1;
        }
        let sum = 0;
        for (let k = s; k < scan.end[d]; k++) {
          const member = this.locationsOf(w[k], depth + 1);
          if (member < 0) return -1;
          sum += member;
        }
        return sum;
      }
      default:
        return 0;
    }
  }
}

/** How many components a value of `type` takes where a Component decoration may place it (0: whole locations). */
function componentsOf(scan: ModuleIndex, type: number, depth: number): number {
  const d = definitionOf(scan, type);
  if (d < 0 || depth > 64) return 0;
  const s = scan.operandStart[d];
  switch (scan.opcode[d]) {
    case Op.TypeInt:
    case Op.TypeFloat:
      return scan.words[s] === 64 ? 2 : 1;
    case Op.TypeVector:
      return componentsOf(scan, scan.words[s], depth + 1) * scan.words[s + 1];
    case Op.TypeArray:
      return componentsOf(scan, scan.words[s], depth + 1);
    default:
      return 0;
  }
}

/** The bit width of an int or float scalar or vector type, else 0. */
function scalarWidth(scan: ModuleIndex, type: number): number {
  const d = definitionOf(scan, type);
  if (d < 0) return 0;
  const op = scan.opcode[d];
  if (op === Op.TypeVector) return scalarWidth(scan, scan.words[scan.operandStart[d]]);
  return op === Op.TypeInt || op === Op.TypeFloat ? scan.words[scan.operandStart[d]] : 0;
}

/** The value of a 32-bit integer OpConstant, or undefined (a spec constant, another width). */
function constantInt(scan: ModuleIndex, id: number): number | undefined {
  const d = definitionOf(scan, id);
  if (d < 0 || scan.opcode[d] !== Op.Constant || scan.end[d] - scan.operandStart[d] !== 1) return undefined;
  const t = definitionOf(scan, scan.typeId[d]);
  return t >= 0 && scan.opcode[t] === Op.TypeInt && scan.words[scan.operandStart[t]] === 32 ? scan.words[scan.operandStart[d]] : undefined;
}
