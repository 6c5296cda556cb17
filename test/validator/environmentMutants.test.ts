// A differential slice of this family alone: corpus modules changed where the environment rules
// look (interface lists, storage classes, decorations, execution modes and models, image
// operands, locations), judged by Debian's spirv-val 2023.1 and by the validator. Where spirv-val
// accepts, this family reports nothing; where spirv-val's first error is one of this family's
// (by its wording), this family reports something too.
import { validate } from '@spvkit/validator';
import { expect, it } from 'vitest';
import { corpusToolsAvailable, loadCorpus, spirvVal } from '../corpus/index.js';
import { Random } from '../fuzz/random.js';
import { mapBounded } from '../shaders/folder.mjs';
import { describeWithOracle } from '../support/oracles.js';
import { spirvValFamily } from './spirvValFamilies.js';

const SEED = Number(process.env.SPVKIT_ENVIRONMENT_SEED ?? 0xe5f19);
const PER_KIND = Number(process.env.SPVKIT_ENVIRONMENT_MUTANTS ?? 30);

const OP_ENTRY_POINT = 15;
const OP_EXECUTION_MODE = 16;
const OP_TYPE_IMAGE = 25;
const OP_TYPE_SAMPLED_IMAGE = 27;
const OP_TYPE_POINTER = 32;
const OP_FUNCTION = 54;
const OP_VARIABLE = 59;
const OP_DECORATE = 71;

/** The word index of every instruction. */
function starts(w: Uint32Array): number[] {
  const out: number[] = [];
  for (let at = 5; at < w.length && w[at] >>> 16 > 0; at += w[at] >>> 16) out.push(at);
  return out;
}

/** `w` with instruction `at` replaced by `words` (its word count rewritten). */
function replace(w: Uint32Array, at: number, words: number[]): Uint32Array {
  const count = w[at] >>> 16;
  const out = new Uint32Array(w.length - count + words.length);
  out.set(w.subarray(0, at));
  if (words.length > 0) {
    out.set(words, at);
    out[at] = (words.length << 16) | (w[at] & 0xffff);
  }
  out.set(w.subarray(at + count), at + words.length);
  return out;
}

/** Where an OpEntryPoint's interface ids start (after its name string). */
function interfaceStart(w: Uint32Array, at: number): number {
  let k = at + 3;
  while (k < at + (w[at] >>> 16) && w[k] >>> 24 !== 0) k++;
  return k + 1;
}

type Mutation = (w: Uint32Array, r: Random) => { words: Uint32Array; what: string } | undefined;

const globals = (w: Uint32Array, op: number): number[] => {
  const list: number[] = [];
  for (const at of starts(w)) {
    if ((w[at] & 0xffff) === OP_FUNCTION) break;
    if ((w[at] & 0xffff) === op) list.push(at);
  }
  return list;
};

const MODES = [1, 4, 6, 7, 8, 9, 10, 12, 14, 16, 19, 22, 24, 25, 27, 29, 31];
const MODELS = [0, 1, 2, 3, 4, 5, 5364, 5365];
const STORAGE = [0, 1, 2, 3, 4, 6, 9, 12];
const DECORATIONS = [2, 11, 30, 31, 32, 33, 34];

const MUTATIONS: Record<string, Mutation> = {
  'drop-interface': (w, r) => {
    const eps = globals(w, OP_ENTRY_POINT).filter((at) => interfaceStart(w, at) < at + (w[at] >>> 16));
    if (eps.length === 0) return undefined;
    const at = r.pick(eps);
    const k = interfaceStart(w, at) + r.below(at + (w[at] >>> 16) - interfaceStart(w, at));
    const words = [...w.subarray(at, at + (w[at] >>> 16))];
    words.splice(k - at, 1);
    return { words: replace(w, at, words), what: `interface %${w[k]} dropped` };
  },
  'repeat-interface': (w, r) => {
    const eps = globals(w, OP_ENTRY_POINT).filter((at) => interfaceStart(w, at) < at + (w[at] >>> 16));
    if (eps.length === 0) return undefined;
    const at = r.pick(eps);
    const k = interfaceStart(w, at) + r.below(at + (w[at] >>> 16) - interfaceStart(w, at));
    return { words: replace(w, at, [...w.subarray(at, at + (w[at] >>> 16)), w[k]]), what: `interface %${w[k]} listed twice` };
  },
  'storage-class': (w, r) => {
    const pointers = globals(w, OP_TYPE_POINTER);
    if (pointers.length === 0) return undefined;
    const at = r.pick(pointers);
    const storage = r.pick(STORAGE);
    const out = w.slice();
    out[at + 2] = storage;
    for (const v of globals(w, OP_VARIABLE)) if (w[v + 1] === w[at + 1]) out[v + 3] = storage;
    return { words: out, what: `pointer %${w[at + 1]} and its variables := storage class ${storage}` };
  },
  'drop-decoration': (w, r) => {
    const list = globals(w, OP_DECORATE).filter((at) => DECORATIONS.includes(w[at + 2]));
    if (list.length === 0) return undefined;
    const at = r.pick(list);
    return { words: replace(w, at, []), what: `decoration ${w[at + 2]} of %${w[at + 1]} dropped` };
  },
  'change-mode': (w, r) => {
    const list = globals(w, OP_EXECUTION_MODE);
    if (list.length === 0) return undefined;
    const at = r.pick(list);
    if (r.chance(0.3)) return { words: replace(w, at, []), what: `mode ${w[at + 2]} dropped` };
    const mode = r.pick(MODES);
    return { words: replace(w, at, [0, w[at + 1], mode]), what: `mode ${w[at + 2]} := ${mode}` };
  },
  'change-model': (w, r) => {
    const list = globals(w, OP_ENTRY_POINT);
    if (list.length === 0) return undefined;
    const at = r.pick(list);
    const out = w.slice();
    out[at + 1] = r.pick(MODELS);
    return { words: out, what: `model ${w[at + 1]} := ${out[at + 1]}` };
  },
  'image-operand': (w, r) => {
    const list = globals(w, OP_TYPE_IMAGE);
    if (list.length === 0) return undefined;
    const at = r.pick(list);
    const k = 3 + r.below(5); // Dim, Depth, Arrayed, MS, Sampled
    const out = w.slice();
    out[at + k] = r.below(k === 3 ? 7 : 4);
    return { words: out, what: `image %${w[at + 1]} operand ${k - 2} := ${out[at + k]}` };
  },
  'image-sampled-type': (w, r) => {
    const images = globals(w, OP_TYPE_IMAGE);
    const types = starts(w).filter((at) => {
      const op = w[at] & 0xffff;
      return op >= 19 && op <= 33 && op !== OP_TYPE_IMAGE;
    });
    if (images.length === 0 || types.length === 0) return undefined;
    const at = r.pick(images);
    const type = w[r.pick(types) + 1];
    const out = w.slice();
    out[at + 2] = type;
    return { words: out, what: `image %${w[at + 1]} sampled type := %${type}` };
  },
  'sampled-image-of': (w, r) => {
    const sampled = globals(w, OP_TYPE_SAMPLED_IMAGE);
    const types = globals(w, OP_TYPE_IMAGE).concat(globals(w, OP_TYPE_POINTER));
    if (sampled.length === 0 || types.length === 0) return undefined;
    const at = r.pick(sampled);
    const type = w[r.pick(types) + 1];
    const out = w.slice();
    out[at + 2] = type;
    return { words: out, what: `sampled image %${w[at + 1]} of %${type}` };
  },
  'change-location': (w, r) => {
    const list = globals(w, OP_DECORATE).filter((at) => w[at + 2] === 30 || w[at + 2] === 31);
    if (list.length === 0) return undefined;
    const at = r.pick(list);
    const out = w.slice();
    out[at + 3] = r.below(4);
    return { words: out, what: `${w[at + 2] === 30 ? 'Location' : 'Component'} of %${w[at + 1]} := ${out[at + 3]}` };
  },
};

describeWithOracle('environment: agreement with spirv-val on mutants of its own', corpusToolsAvailable(), () => {
  it(`agrees on ${PER_KIND} mutants of each kind`, { timeout: 600_000 }, async () => {
    const modules = (await loadCorpus()).filter((m) => m.kind === 'glsl');
    const random = new Random(SEED);
    const mutants: { words: Uint32Array; what: string; kind: string; targetEnv: string; source: string }[] = [];
    for (const [kind, mutation] of Object.entries(MUTATIONS)) {
      let made = 0;
      for (let tries = 0; made < PER_KIND && tries < PER_KIND * 20; tries++) {
        const m = random.pick(modules);
        const mutant = mutation(m.words, random);
        if (mutant === undefined) continue;
        mutants.push({ ...mutant, kind, targetEnv: m.targetEnv, source: m.name });
        made++;
      }
      expect(made, `mutants of kind ${kind}`).toBe(PER_KIND);
    }
    const verdicts = await mapBounded(mutants, 2, async (m) => ({
      m,
      theirs: await spirvVal(m.words, m.targetEnv),
      ours: validate(m.words, { targetEnv: m.targetEnv }).filter((d) => d.family === 'environment'),
    }));
    const problems: string[] = [];
    let accepted = 0;
    let ourFamily = 0;
    for (const { m, theirs, ours } of verdicts) {
      const codes = ours.map((d) => d.code).join(' ');
      if (theirs.ok) {
        accepted++;
        if (ours.length > 0) problems.push(`${m.kind} on ${m.source}: ${m.what}\n  spirv-val accepts\n  ours: ${ours.map((d) => d.message).join(' | ')}`);
      } else if (spirvValFamily(theirs.message) === 'environment') {
        ourFamily++;
        if (ours.length === 0) problems.push(`${m.kind} on ${m.source}: ${m.what}\n  spirv-val: ${theirs.message.split('\n')[0]}\n  ours: nothing (${codes})`);
      }
    }
    console.log(`[environment mutants] seed ${SEED}: ${verdicts.length} mutants, spirv-val accepts ${accepted}, rejects with this family's rules ${ourFamily}`);
    expect(problems, problems.slice(0, 30).join('\n')).toEqual([]);
  });
});
