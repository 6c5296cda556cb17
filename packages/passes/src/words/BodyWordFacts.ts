// Facts about the edited body words worth keeping between passes: a run of strip-debug, the
// dead-code passes and compact-ids reads the same bodies several times. They live in the module's
// own analysis cache, so the module drops them when its bodies change (new words, recorded edits,
// any edit of a decoded function), runPasses drops them after a pass that does not list them in
// `preserves`, and checkConsistency finds a fact that no longer matches the words it describes.
import { type Analysis, type Module, type WordEdits } from '@spvkit/core';

/**
 * A kind of fact, by name, with how to find it afresh: what the consistency check compares a
 * cached fact with. It describes the words still there (`edits.keptRuns()`), by their original
 * indexes.
 */
export interface BodyWordFact<T> {
  readonly name: string;
  find(module: Module, edits: WordEdits): T;
  same(a: T, b: T, module: Module): boolean;
}

interface Held {
  readonly words: Uint32Array;
  readonly version: number;
  readonly value: unknown;
}

/** Whether `held` was found for the words `edits` describes now. */
const describes = (held: Held, edits: WordEdits): boolean => {
  const a = held.words;
  const b = edits.words;
  return a.buffer === b.buffer && a.byteOffset === b.byteOffset && a.length === b.length && held.version === edits.version;
};

/** The facts held about one module's body words, each for the edited words it was found in. */
export class BodyWordFacts {
  private readonly held = new Map<BodyWordFact<unknown>, Held>();

  /** The fact of `edits`, found (by `find`, default the fact's own) the first time it is asked for them. */
  of<T>(fact: BodyWordFact<T>, module: Module, edits: WordEdits, find: () => T = () => fact.find(module, edits)): T {
    const hit = this.held.get(fact);
    if (hit !== undefined && describes(hit, edits)) return hit.value as T;
    const value = find();
    this.hold(fact, edits, value);
    return value;
  }

  /** Holds a fact found elsewhere (a pass that edited the words knows their facts). */
  hold<T>(fact: BodyWordFact<T>, edits: WordEdits, value: T): void {
    this.held.set(fact, { words: edits.words, version: edits.version, value });
  }

  /** @internal For the consistency check: each fact held about `edits`, with whether it still holds. */
  check(module: Module, edits: WordEdits): string[] {
    const stale: string[] = [];
    for (const [fact, held] of this.held)
      if (describes(held, edits) && !fact.same(held.value, fact.find(module, edits), module)) stale.push(`${fact.name}: stale`);
    return stale;
  }
}

/**
 * The module's {@link BodyWordFacts}. An edit outside the functions keeps them (they describe the
 * body words alone); any change of the functions drops them. Its snapshot lists the held facts
 * that no longer match the module's body words, which a fresh (empty) build never has.
 */
export const BodyWordFactsAnalysis: Analysis<BodyWordFacts> = {
  name: 'body-word-facts',
  build: () => new BodyWordFacts(),
  update: (_facts, change) => change.place !== 'functions',
  snapshot(facts, module) {
    const edits = module.functionWordEdits();
    return edits === null ? [] : facts.check(module, edits);
  },
};

/**
 * The fact of the module's edited bodies `edits`, found once and kept in the module's cache;
 * `find` finds it as the caller can (with tables it has built already), the same as the fact's own.
 */
export function bodyWordFact<T>(fact: BodyWordFact<T>, module: Module, edits: WordEdits, find?: () => T): T {
  return module.analysis(BodyWordFactsAnalysis).of(fact, module, edits, find);
}

/** Holds a fact of the module's edited bodies `edits` found elsewhere. */
export function holdBodyWordFact<T>(fact: BodyWordFact<T>, module: Module, edits: WordEdits, value: T): void {
  module.analysis(BodyWordFactsAnalysis).hold(fact, edits, value);
}
