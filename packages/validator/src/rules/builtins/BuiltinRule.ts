import type { BuiltinVuid } from './codes.js';
import type { TypeRule } from './typeShapes.js';

/**
 * The Vulkan rules for one BuiltIn, as the "Built-In Variables" chapter of the Vulkan
 * specification states them, each with its VUID. Data only: `vulkanRules.ts` holds one per built-in,
 * the checks (`findBuiltinProblems.ts` and the files it calls) apply them, and `rules.ts` lists their
 * VUIDs as the validator's rule codes.
 */
export interface BuiltinRule {
  readonly builtIn: number;
  /** The name the VUIDs use (`HitKindKHR` for HitKindNV, ...). */
  readonly name: string;
  /** "must be used only within the ... Execution Model". */
  readonly models?: { readonly allowed: readonly number[]; readonly vuid: BuiltinVuid };
  /**
   * Storage-class rules. A rule without `models` applies to every declaration; a rule with
   * `models` applies where an entry point of one of those models reaches a use.
   */
  readonly storage: readonly StorageRule[];
  /** "must be declared as ..." */
  readonly type?: { readonly rule: TypeRule; readonly vuid: BuiltinVuid };
  /**
   * Models in which a variable (not a Block member) may carry one more outer array level:
   * per-vertex arrays (tessellation, geometry) and per-vertex/per-primitive mesh outputs.
   */
  readonly arrayedIn?: readonly number[];
  /** False for built-ins that must decorate a variable, never a Block member (as spirv-val requires). */
  readonly memberAllowed?: boolean;
  /** Further rules of this built-in, applied by kind in furtherRules.ts. */
  readonly extra?: readonly ExtraRule[];
}

export interface StorageRule {
  readonly models?: readonly number[];
  readonly classes: readonly number[];
  readonly vuid: BuiltinVuid;
}

export type ExtraRule =
  /**
   * The entry point must declare an execution mode: FragDepth's DepthReplacing where the shader
   * writes it (04216, `writesOnly`), the mesh output topology of the primitive indices.
   */
  | {
      readonly kind: 'executionMode';
      readonly mode: number;
      readonly modeName: string;
      readonly models: readonly number[];
      readonly vuid: BuiltinVuid;
      readonly writesOnly?: boolean;
    }
  /** Layer/ViewportIndex in Vertex or TessellationEvaluation need one of these capabilities. */
  | {
      readonly kind: 'capabilityInModels';
      readonly models: readonly number[];
      readonly capabilities: readonly number[];
      readonly capabilityNames: string;
      readonly vuid: BuiltinVuid;
    }
  /** CullPrimitiveEXT: the variable or member must also be decorated with this decoration. */
  | { readonly kind: 'alsoDecorated'; readonly decoration: number; readonly decorationName: string; readonly vuid: BuiltinVuid };
