// Names and shapes only: the disassembler bundles no availability or operand-name tables.
import { enumerantName } from '../../grammar/names.js';
import { enumerantParameters, operandCategory } from '../../grammar/shapes.js';
import type { ExtInstSetInfo } from '../../grammar/types.js';

/** How one ValueEnum or BitEnum operand kind prints, with the texts already built. */
interface KindTexts {
  readonly mask: boolean;
  readonly set: ExtInstSetInfo | undefined;
  readonly kind: string;
  /** value -> text, or null when the value cannot be named. */
  readonly texts: Map<number, string | null>;
  /** value -> text when the value takes no parameters, else null. */
  readonly plainTexts: Map<number, string | null>;
}

/** Distinct values remembered per kind; beyond that (only in garbage input) texts are rebuilt. */
const MAX_CACHED = 4096;

const coreKinds = new Map<string, KindTexts | null>();
const setKinds = new Map<string, Map<string, KindTexts | null>>();

/**
 * The text of an enumerant operand as spirv-dis prints it: a ValueEnum value's name; a BitEnum
 * value's bit names from the lowest bit up, joined by `|`, or the name of 0 (usually `None`).
 * Undefined when the value (or one of its bits, or a 0 mask without a name for 0) is unknown to
 * the grammar, or `kind` is not an enum kind; the caller then prints raw words.
 *
 * @example enumerantText('MemoryAccess', undefined, 3) // 'Volatile|Aligned'
 */
export function enumerantText(kind: string, set: ExtInstSetInfo | undefined, value: number): string | undefined {
  const k = kindTexts(kind, set);
  if (k === null) return undefined;
  let text = k.texts.get(value);
  if (text === undefined) {
    text = k.mask ? maskText(k, value) : (enumerantName(k.kind, value, k.set) ?? null);
    if (k.texts.size < MAX_CACHED) k.texts.set(value, text);
  }
  return text ?? undefined;
}

/**
 * Like {@link enumerantText}, but undefined also when the value (or one of its bits) takes
 * parameters: the text of an operand that is one word on its own.
 *
 * @example plainEnumerantText('StorageClass', 7) // 'Function'
 */
export function plainEnumerantText(kind: string, value: number): string | undefined {
  const k = kindTexts(kind, undefined);
  if (k === null) return undefined;
  let text = k.plainTexts.get(value);
  if (text === undefined) {
    text = enumerantText(kind, undefined, value) ?? null;
    if (text !== null && takesParameters(k, value)) text = null;
    if (k.plainTexts.size < MAX_CACHED) k.plainTexts.set(value, text);
  }
  return text ?? undefined;
}

function takesParameters(k: KindTexts, value: number): boolean {
  if (!k.mask || value === 0) return (enumerantParameters(k.kind, value, k.set)?.length ?? 0) > 0;
  for (let bit = 0; bit < 32; bit++) {
    const mask = (1 << bit) >>> 0;
    if ((value & mask) !== 0 && (enumerantParameters(k.kind, mask, k.set)?.length ?? 0) > 0) return true;
  }
  return false;
}

function maskText(k: KindTexts, value: number): string | null {
  if (value === 0) return enumerantName(k.kind, 0, k.set) ?? null;
  let text = '';
  for (let bit = 0; bit < 32; bit++) {
    const mask = (1 << bit) >>> 0;
    if ((value & mask) === 0) continue;
    const name = enumerantName(k.kind, mask, k.set);
    if (name === undefined) return null;
    text = text.length === 0 ? name : text + '|' + name;
  }
  return text;
}

function kindTexts(kind: string, set: ExtInstSetInfo | undefined): KindTexts | null {
  let cache = coreKinds;
  if (set !== undefined) {
    let c = setKinds.get(set.grammarFile);
    if (c === undefined) {
      c = new Map();
      setKinds.set(set.grammarFile, c);
    }
    cache = c;
  }
  let k = cache.get(kind);
  if (k === undefined) {
    const category = operandCategory(kind, set);
    k = category === 'ValueEnum' || category === 'BitEnum' ? { mask: category === 'BitEnum', set, kind, texts: new Map(), plainTexts: new Map() } : null;
    cache.set(kind, k);
  }
  return k;
}
