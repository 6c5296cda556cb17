import type { FamilyContext } from '../FamilyContext.js';
import { checkAnnotationTargets } from './annotationTargets.js';
import type { BlockLayoutOptions } from './BlockLayoutOptions.js';
import { checkBufferBlocks } from './bufferBlocks.js';
import { checkBuiltInMembers } from './builtInMembers.js';
import { checkDecoratedObjects } from './decoratedObjects.js';
import { checkDecorationConflicts } from './decorationConflicts.js';
import { checkDecorationGroups } from './decorationGroups.js';
import { DecorationsContext } from './DecorationsContext.js';
import { DecorationTable } from './DecorationTable.js';
import { checkDuplicateDecorations } from './duplicateDecorations.js';
import { checkFpRoundingMode } from './fpRoundingMode.js';
import { checkInterfaceDecorations } from './interfaceDecorations.js';
import { checkLinkage } from './linkage.js';
import { envFacts } from './targetEnv.js';

/**
 * The decorations family: where each decoration may be applied (validate_annotation.cpp), the
 * decorations spirv-val rejects together, the rules from a decoration to what it decorates, the
 * decorations of entry points' interfaces, and the buffers' explicit layouts with Vulkan's std140,
 * std430, relaxed and scalar layout rules (validate_decorations.cpp). Annotations flagged by the
 * ids family are skipped.
 *
 * @example
 * ```ts
 * checkDecorations(context); // findings go to context.reporter
 * checkDecorations(context, { scalarBlockLayout: true }); // as spirv-val --scalar-block-layout
 * ```
 */
export function checkDecorations(context: FamilyContext, options: BlockLayoutOptions = {}): void {
  const table = new DecorationTable(context.scan, context.reporter);
  const c = new DecorationsContext(context.scan, context.ids, table, context.reporter, envFacts(context.targetEnv), options);
  checkAnnotationTargets(c);
  checkDecorationGroups(c);
  checkDecorationConflicts(c);
  checkDuplicateDecorations(c);
  checkDecoratedObjects(c);
  checkBuiltInMembers(c);
  checkInterfaceDecorations(c);
  checkLinkage(c);
  checkFpRoundingMode(c);
  checkBufferBlocks(c);
}
