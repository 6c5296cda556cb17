/** Which imports the plugin handles, and what each asks for. */

/** GLSL shader stages, named by the file extensions glslang uses for them. */
export type GlslStage = 'vert' | 'tesc' | 'tese' | 'geom' | 'frag' | 'comp' | 'mesh' | 'task' | 'rgen' | 'rint' | 'rahit' | 'rchit' | 'rmiss' | 'rcall';

export const GLSL_STAGES: readonly GlslStage[] = [
  'vert',
  'tesc',
  'tese',
  'geom',
  'frag',
  'comp',
  'mesh',
  'task',
  'rgen',
  'rint',
  'rahit',
  'rchit',
  'rmiss',
  'rcall',
];

/** What the file holds. */
export type SourceKind = 'spv' | 'spvasm' | 'glsl';

/**
 * What the import gives: the module and its reflection, its disassembly, the URL of its binary,
 * or its WGSL text and reflection (`?wgsl`).
 */
export type ImportKind = 'module' | 'spvasm' | 'url' | 'wgsl';

export interface ShaderRequest {
  /** The file path, without the query. */
  readonly file: string;
  readonly source: SourceKind;
  readonly stage?: GlslStage;
  readonly kind: ImportKind;
  /** The `?specialize=0:64,1:true` query's text, as given (read by the pipeline, which reports a bad one). */
  readonly specialize?: string;
}

const QUERY_KEYS = new Set(['stage', 'url', 'spvasm', 'specialize', 'wgsl']);

/**
 * Parses a module id. Undefined when the id is not one of ours: another extension, or a query
 * the plugin does not own (`?raw`, `?inline`, `?worker`, ... stay with whoever handles them).
 */
export function parseShaderId(id: string): ShaderRequest | undefined {
  if (id.charCodeAt(0) === 0) return undefined;
  const q = id.indexOf('?');
  const file = q < 0 ? id : id.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : id.slice(q + 1));
  for (const key of params.keys()) if (!QUERY_KEYS.has(key)) return undefined;
  const hasUrl = params.has('url');
  const hasAsm = params.has('spvasm');
  const hasWgsl = params.has('wgsl');
  if (Number(hasUrl) + Number(hasAsm) + Number(hasWgsl) > 1) return undefined;
  const kind: ImportKind = hasUrl ? 'url' : hasAsm ? 'spvasm' : hasWgsl ? 'wgsl' : 'module';
  const specialize = params.get('specialize');
  const request = (r: ShaderRequest): ShaderRequest => (specialize === null ? r : { ...r, specialize });
  const dot = file.lastIndexOf('.');
  const slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  if (dot <= slash + 1) return undefined;
  const ext = file.slice(dot + 1).toLowerCase();
  const stageParam = params.get('stage');
  if (ext === 'spv' || ext === 'spvasm') {
    return stageParam === null ? request({ file, source: ext, kind }) : undefined;
  }
  if (ext === 'glsl') {
    // A .glsl without ?stage is left alone: it may be an include, or text for another plugin.
    if (stageParam === null) return undefined;
    return request({ file, source: 'glsl', stage: stageParam as GlslStage, kind });
  }
  if ((GLSL_STAGES as readonly string[]).includes(ext)) {
    return request({ file, source: 'glsl', stage: (stageParam ?? ext) as GlslStage, kind });
  }
  return undefined;
}

/** True when `stage` is one the plugin knows. */
export function isGlslStage(stage: string | undefined): stage is GlslStage {
  return stage !== undefined && (GLSL_STAGES as readonly string[]).includes(stage);
}

/** The query part of an import specifier, with its `?`, or ''. */
export function splitQuery(specifier: string): [path: string, query: string] {
  const q = specifier.indexOf('?');
  return q < 0 ? [specifier, ''] : [specifier.slice(0, q), specifier.slice(q)];
}
